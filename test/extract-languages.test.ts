// Issue 29: every language has code and link cases, and every class of the issue has cases with
// negatives, through the public extract(). The sentences are written as senders in each language write
// them (the training corpus, test/fixtures/mail/tuned-2/, has whole mails of each class and language).
import { describe, expect, it } from 'vitest';
import { extract } from '../src/extract/extract.js';

const btn = (url: string, label: string) => `<p><a href="${url}" style="background:#1a5fd0;color:#fff;padding:12px">${label}</a></p>`;

describe('issue 29: a code whose only cue is a word of the language', () => {
  const cases: Array<[string, string, string]> = [
    ['en', 'Enter this one-time passcode to finish signing in:\n\n518204\n\nIt expires in 10 minutes.', '518204'],
    ['de', 'Ihr Bestätigungscode für die Anmeldung lautet 604127. Er ist 15 Minuten gültig.', '604127'],
    ['fr', 'Pour terminer votre connexion, saisissez ce code de sécurité : 271843', '271843'],
    ['es', 'Tu código para iniciar sesión es 846302. Caduca en 10 minutos.', '846302'],
    ['pt', 'Use este código para entrar na sua conta: 392710', '392710'],
    ['it', 'Il tuo codice di accesso è 715390. Scade tra 10 minuti.', '715390'],
    ['nl', 'Je eenmalige code is 603841. Deel hem met niemand.', '603841'],
    ['pl', 'Twój kod weryfikacyjny: 472035. Nie podawaj go nikomu.', '472035'],
    ['tr', 'Tek kullanımlık şifreniz: 615208. Kimseyle paylaşmayın.', '615208'],
    ['tr', 'Doğrulama kodunuz 370581 olarak belirlenmiştir.', '370581'],
    ['ru', 'Ваш код подтверждения: 530187. Никому его не сообщайте.', '530187'],
    ['ru', 'Одноразовый пароль для входа: 274910', '274910'],
    ['uk', 'Ваш код підтвердження: 294815. Код дійсний 5 хвилин.', '294815'],
    ['ar', 'رمز التحقق الخاص بك هو 648203. لا تشاركه مع أي شخص.', '648203'],
    ['he', 'קוד האימות שלך הוא 382071. אין למסור אותו לאף אחד.', '382071'],
    ['hi', 'आपका सत्यापन कोड 731594 है। इसे किसी के साथ साझा न करें।', '731594'],
    ['hi', 'लेनदेन के लिए ओटीपी: 280417', '280417'],
    ['vi', 'Mã xác thực của bạn là 482615. Không chia sẻ mã này.', '482615'],
    ['th', 'รหัสยืนยันของคุณคือ 539170 ใช้ได้ภายใน 5 นาที', '539170'],
    ['th', 'รหัสผ่านใช้ครั้งเดียว (OTP) ของคุณ: 603318', '603318'],
    ['id', 'Kode verifikasi Anda: 706293. Jangan berikan kepada siapa pun.', '706293'],
    ['ja', 'ログインを完了するには、以下の確認番号を入力してください。\n\n624038', '624038'],
    ['ko', '[저금통] 인증번호는 [258301] 입니다. 타인에게 알려주지 마세요.', '258301'],
    ['zh-Hans', '您本次登录的动态密码为：860417，5分钟内有效。', '860417'],
    ['zh-Hans', '【存钱罐】校验码：372946，请勿告诉他人。', '372946'],
    ['zh-Hant', '您的一次性密碼為：593042，10分鐘內有效。', '593042'],
  ];
  it.each(cases)('%s: %s', (_lang, text, code) => {
    expect(extract({ text }).otp).toBe(code);
  });

  // The same words with nothing that is a code, and words of the language that name another kind of code.
  const negatives: Array<[string, string]> = [
    ['pl', 'Kod pocztowy: 00-624 Warszawa, kod odbioru paczki: 730215'],
    ['tr', 'Posta kodu 34394, indirim kodu 5821 ile %10 indirim'],
    ['ru', 'Промокод 4821 дает скидку, код подразделения 770-001'],
    ['vi', 'Mã giảm giá 482913 cho đơn hàng tiếp theo. Mã bưu chính 700000.'],
    ['ja', 'クーポンコード：482913 をご利用ください。'],
    ['ko', '할인 코드 482913 을 결제 시 입력하세요.'],
    ['th', 'รหัสไปรษณีย์ 10110 รหัสส่วนลด 482913'],
    ['hi', 'पिन कोड 560001, कूपन कोड 482913'],
    ['ar', 'الرمز البريدي 12271، رمز الخصم 482913'],
    ['he', 'קוד קופון 482913 למשלוח חינם'],
  ];
  it.each(negatives)('%s: no one-time code in %s', (_lang, text) => {
    expect(extract({ text }).otp).toBeNull();
  });
});

describe('issue 29: numbers that are not codes beside the code, or alone', () => {
  const cases: Array<[string, string, string | null]> = [
    ['a card ending beside the code (es)', 'Compra de 329,00 € con la tarjeta terminada en 2290.\nTu código de confirmación es 613057.', '613057'],
    ['a card ending beside the code (tr)', 'Sonu 9012 ile biten kartınızla işlem için doğrulama kodunuz: 370581', '370581'],
    ['an account ending before the code (pl)', 'Przelew na rachunek kończący się na 4471.\nKod SMS: 806214', '806214'],
    ['a masked card before the code (ru)', 'Оплата картой *4821.\nКод для подтверждения: 947160', '947160'],
    ['a card ending (ja)', 'カード末尾 4821 でのお支払いです。認証コード：375190', '375190'],
    ['a card ending (zh-Hans)', '您尾号6620的银行卡正在支付。验证码：372946', '372946'],
    ['a card ending (ko)', '끝자리 7724 카드 결제 인증번호: 640219', '640219'],
    ['a postal code with its mark, no code (ja)', 'お届け先：〒530-0001 大阪府大阪市北区梅田1-1-3\n確認のご連絡です。', null],
    ['a licence number in a footer (zh-Hans)', '验证邮件\n沪ICP备12345678号', null],
    ['a street number in a footer address (es)', 'Confirma tu cuenta.\nAlcancía Pagos, Calle de Alcalá 1432, 28009 Madrid', null],
    ['a street number in a footer address (pt)', 'Código enviado.\nAv. Paulista, 1578, CEP 01310-200, São Paulo', null],
    ['a licence number in a footer (it)', 'Codice inviato.\nP.IVA 12345678901, licenza n. 36071', null],
    ['a phone in a footer (id)', 'Kode OTP Anda: 482057\nLayanan pelanggan: 1500 482', '482057'],
  ];
  it.each(cases)('%s', (_name, text, code) => {
    expect(extract({ text }).otp).toBe(code);
  });
});

describe('issue 29: codes that are not one-time codes', () => {
  const negatives: Array<[string, string]> = [
    ['a meeting passcode (en)', 'Join Zoom Meeting\nMeeting ID: 841 2009 3377\nPasscode: 592017'],
    ['a meeting passcode (it)', 'ID riunione: 812 4471 9920\nCodice d’accesso: 663018'],
    ['a meeting password (he)', 'מזהה פגישה: 841 2290 4417\nקוד סיסמה: 507219'],
    ['a meeting password (zh-Hans)', '会议号：845 220 711\n会议密码：4829'],
    ['a booking PIN (es)', 'Localizador: RX4821\nPIN de la reserva: 7302 (te lo pedirán al llegar)'],
    ['a door PIN (de)', 'Für den Self-Check-in am Terminal nutzen Sie bitte diese PIN:\n4917'],
    ['a room PIN (id)', 'Kode booking: HM48219\nPIN pintu kamar: 5820'],
    ['a gift-card claim code (fr)', 'Code de la carte cadeau : GC7K-Q2WX-9LMP'],
    ['a gift code (ja)', 'ギフトコード：AQ7K-2WXM-9LPZ'],
    ['a gift certificate (ru)', 'Код сертификата: GIFT-7K2Q-9WXM'],
    ['a parcel pick-up code (pl)', 'Twoja paczka czeka w Paczkomacie. Kod odbioru: 730215'],
    ['an example code in a newsletter (en)', 'From December, sign-in codes will have 6 digits. They look like this: 123456 (just an example).'],
    ['an example code in a newsletter (pt)', 'Os códigos de acesso terão 6 dígitos, como este: 123456 (é só um exemplo).'],
    ['an example code in a newsletter (uk)', 'Код виглядає так: 123456 (це лише приклад).'],
  ];
  it.each(negatives)('%s', (_name, text) => {
    expect(extract({ text }).otp).toBeNull();
  });

  it('still finds a one-time code where a verification word stands between the meeting word and the code', () => {
    expect(extract({ text: 'Zoom\n\nYour verification code is 482913.' }).otp).toBe('482913');
  });
});

describe('issue 29: a verification link whose only cue is a word of the language', () => {
  const cases: Array<[string, string, string]> = [
    ['en', 'Confirm email address', 'https://a.example/account/email/confirm?token=Fq8Lw2Zr5Nt1Kp7Yd3Hs'],
    ['de', 'E-Mail-Adresse bestätigen', 'https://a.example/registrierung/k?t=K8wq2Lx9Zr4Vn7Bm1Tc'],
    ['fr', 'Vérifier mon adresse', 'https://a.example/inscription/x?jeton=Vb2Kq8Wz4Lr7Xn1Mt5'],
    ['es', 'Confirmar correo', 'https://a.example/registro/x?t=Wq8Zk2Lx7Vn4Rb1Mt3'],
    ['pt', 'Confirmar e-mail', 'https://a.example/cadastro/x?token=Qz7Wk2Lx8Vn3Rb5Mt1'],
    ['it', 'Verifica indirizzo email', 'https://a.example/registrazione/x?token=Lx8Wq2Zk4Vn7Rb1Tm5'],
    ['nl', 'E-mailadres bevestigen', 'https://a.example/aanmelden/x?token=Kw8Zq2Lx4Vn7Rb1Tm3'],
    ['pl', 'Potwierdź adres e-mail', 'https://a.example/rejestracja/x?token=Zw8Kq2Lx4Vn7Rb1Tm9'],
    ['tr', 'E-posta adresimi doğrula', 'https://a.example/kayit/x?token=Xq8Wk2Lz4Vn7Rb1Tm6'],
    ['ru', 'Подтвердить адрес', 'https://a.example/registration/x?token=Kq8Wz2Lx4Vn7Rb1Tm3'],
    ['uk', 'Підтвердити адресу', 'https://a.example/reiestratsiia/x?token=Wz8Kq2Lx4Vn7Rb1Tm5'],
    ['ar', 'تأكيد البريد الإلكتروني', 'https://a.example/register/x?token=Rq8Wk2Lz4Vn7Xb1Tm6'],
    ['he', 'אימות כתובת הדוא"ל', 'https://a.example/signup/x?token=Lq8Wz2Kx4Vn7Rb1Tm3'],
    ['hi', 'ईमेल सत्यापित करें', 'https://a.example/signup/x?token=Vq8Wk2Lz4Xn7Rb1Tm6'],
    ['vi', 'Xác nhận email', 'https://a.example/dang-ky/x?token=Kq8Wz2Lx4Vn7Rb1Tm9'],
    ['th', 'ยืนยันอีเมล', 'https://a.example/signup/x?token=Wq8Kz2Lx4Vn7Rb1Tm3'],
    ['id', 'Verifikasi email', 'https://a.example/daftar/x?token=Lq8Wz2Kx4Vn7Rb1Tm6'],
    ['ja', 'メールアドレスを確認する', 'https://a.example/register/x?token=Wq8Kz2Lx4Vn7Rb1Tm5'],
    ['ko', '이메일 인증하기', 'https://a.example/signup/x?token=Lq8Wk2Zx4Vn7Rb1Tm3'],
    ['zh-Hans', '验证邮箱', 'https://a.example/register/x?token=Kq8Wz2Lx4Vn7Rb1Tm9'],
    ['zh-Hant', '驗證電子郵件', 'https://a.example/register/x?token=Wq8Kz2Lx4Vn7Rb1Tm6'],
  ];
  it.each(cases)('%s: %s', (_lang, label, url) => {
    const html = `<p>…</p>${btn(url, label)}${btn('https://a.example/', 'a.example')}`;
    expect(extract({ html }).verificationLink).toBe(url);
  });
});

describe('issue 29: action links', () => {
  const ACCEPT = 'https://app.example/invites/accept/inv_7Kq2Vb9Xw4Lm8Rt1';
  const DECLINE = 'https://app.example/invites/decline/inv_7Kq2Vb9Xw4Lm8Rt1';
  it.each([
    ['en', 'Accept invitation', 'Decline'],
    ['de', 'Einladung annehmen', 'Ablehnen'],
    ['pl', 'Akceptuj zaproszenie', 'Odrzuć'],
    ['uk', 'Прийняти запрошення', 'Відхилити'],
    ['hi', 'आमंत्रण स्वीकार करें', 'अस्वीकार करें'],
    ['th', 'ยอมรับคำเชิญ', 'ปฏิเสธ'],
    ['ko', '초대 수락하기', '거절'],
  ])('invitation accept (%s), not decline', (_lang, accept, decline) => {
    // Decline first: the rule must pick the accept link for what it says, not for its place.
    expect(extract({ html: `${btn(DECLINE, decline)}${btn(ACCEPT, accept)}` }).verificationLink).toBe(ACCEPT);
    expect(extract({ html: btn(DECLINE, decline) }).verificationLink).toBeNull();
  });

  const YES = 'https://app.example/login/approve?req=ap_4Hc7Tq1Wz8Nb2Ks6';
  const NO = 'https://app.example/login/deny?req=ap_4Hc7Tq1Wz8Nb2Ks6';
  it.each([
    ['en', 'Yes, it was me', 'No, secure my account'],
    ['fr', "Oui, c'était moi", "Non, ce n'était pas moi"],
    ['nl', 'Ja, dit was ik', 'Nee, blokkeer mijn account'],
    ['tr', 'Evet, bendim', 'Hayır, ben değilim'],
    ['ru', 'Да, это я', 'Нет, это не я'],
    ['hi', 'हाँ, यह मैं हूँ', 'नहीं, यह मैं नहीं हूँ'],
    ['zh-Hant', '是，是我本人', '不是我'],
  ])('sign-in approval (%s): "yes, it was me", never "no"', (_lang, yes, no) => {
    expect(extract({ html: `${btn(NO, no)}${btn(YES, yes)}` }).verificationLink).toBe(YES);
    expect(extract({ html: btn(NO, no) }).verificationLink).toBeNull();
  });

  it.each([
    ['en', 'Open the link above to confirm your email address.'],
    ['es', 'Abre el enlace de arriba para confirmar tu dirección de correo.'],
    ['ja', '上記のURLにアクセスして、本登録を完了してください。'],
    ['ko', '위 링크를 클릭하여 이메일 주소 인증을 완료해 주세요.'],
    ['zh-Hans', '请点击上面的链接完成邮箱验证。'],
  ])('a cue that follows the URL (%s)', (_lang, after) => {
    const url = 'https://app.example/e/9Qw3Xr7Lk2Mv5Bn8Tp4Zs';
    expect(extract({ text: `Thanks for joining.\n\n${url}\n\n${after}` }).verificationLink).toBe(url);
    // The same URL with a sentence after it that asks nothing is no verification link.
    expect(extract({ text: `Thanks for joining.\n\n${url}\n\nSee you soon.` }).verificationLink).toBeNull();
  });

  it.each([
    ['SendGrid', 'Activate', 'https://u4821093.ct.sendgrid.net/ls/click?upn=u001.Kq7Zp2Wm9Lx4Rb8Vn3Ty6Hc1Ds5Gf0Aa-3D-3D_Jw2'],
    ['Mailchimp', 'Jetzt aktivieren', 'https://x.us14.list-manage.com/track/click?u=8f2a91c4e7&id=3b7d10e2f5&e=a9c4b1e8d2'],
    ['MailerLite', 'Активировать аккаунт', 'https://click.mlsend.com/link/c/YT0yMDQ4MTkzNzQ2JmM9bjRrOHcyeiZiPTQ4MjEzOTc'],
  ])('"Activate" behind a click-tracking redirect (%s)', (_name, label, url) => {
    const other = url.replace(/.{6}$/, 'QQQQQQ');
    expect(extract({ html: `${btn(other, 'Newsletter')}${btn(url, label)}` }).verificationLink).toBe(url);
    expect(extract({ html: btn(other, 'Newsletter') }).verificationLink).toBeNull();
  });

  const KEYCLOAK =
    'https://auth.example.org/realms/acme/login-actions/action-token?key=eyJhbGciOiJIUzUxMiIsInR5cCIgOiAiSldUIn0.eyJleHAiOjE3OTk5MjQ4MjB9.c2ln&client_id=account-console&tab_id=Zr8q2LxV0pN';
  it.each([
    ['en reset', 'Link to reset credentials'],
    ['en update', 'Link to account update'],
    ['de verify', 'Link zur Bestätigung der E-Mail-Adresse'],
    ['ru reset', 'Ссылка для сброса учетных данных'],
    ['zh-Hans reset', '重置凭证的链接'],
  ])("Keycloak's default mail (%s)", (_name, label) => {
    expect(extract({ html: `<p>…</p><p><a href="${KEYCLOAK.replace(/&/g, '&amp;')}" rel="nofollow">${label}</a></p>` }).verificationLink).toBe(KEYCLOAK);
  });

  it.each([
    ['en', 'Forgot your password?', 'Reset it here', 'https://app.example/password/forgot'],
    ['de', 'Passwort vergessen?', 'Hier zurücksetzen', 'https://app.example/passwort-vergessen'],
    ['ru', 'Забыли пароль?', 'Восстановить', 'https://app.example/zabyli-parol'],
    ['ja', 'パスワードをお忘れですか？', 'こちらから再設定', 'https://app.example/password/forgot'],
    ['ko', '비밀번호를 잊으셨나요?', '여기에서 재설정', 'https://app.example/password/forgot'],
  ])('a generic "forgot password" footer link (%s) is no action; the mail\'s own action wins', (_lang, footer, label, url) => {
    const footerHtml = `<p style="font-size:12px">${footer} <a href="${url}">${label}</a></p>`;
    expect(extract({ html: `<p>Welcome!</p>${footerHtml}` }).verificationLink).toBeNull();
    const action = 'https://app.example/account/email/confirm?t=Nx4Rk8Wq2Lz7Vp1B';
    expect(extract({ html: `<p>…</p>${btn(action, 'Confirm your new address')}${footerHtml}` }).verificationLink).toBe(action);
  });

  it.each([
    ['en', "If this wasn't you, secure your account now:", 'Secure my account'],
    ['es', '¿No fuiste tú? Protege tu cuenta:', 'Proteger mi cuenta'],
    ['ar', 'إذا لم تكن أنت، فقم بتأمين حسابك:', 'تأمين حسابي'],
    ['vi', 'Nếu không phải bạn, hãy bảo vệ tài khoản ngay:', 'Bảo vệ tài khoản'],
    ['id', 'Bukan Anda? Amankan akun Anda:', 'Amankan akun'],
  ])('a sign-in alert (%s) has no verification link', (_lang, notYou, label) => {
    const html = `<p>New sign-in: Chrome on Windows.</p><p>${notYou}</p>${btn('https://app.example/security?s=Rk2Vt8Lq4Nw7', label)}`;
    expect(extract({ html }).verificationLink).toBeNull();
  });
});
