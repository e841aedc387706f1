// The second round of issue 29's rules (docs/extract.md, "The second round"): each class with cases
// that must be found and cases that must never be, through the public extract() and explain().
import { describe, expect, it } from 'vitest';
import { explain, extract } from '../src/extract/extract.js';

const otp = (text: string, subject?: string) => extract({ subject, text }).otp;
const link = (html: string) => extract({ html }).verificationLink;
const a = (url: string, label: string) => `<a href="${url}">${label}</a>`;

describe('masked digits are never a code', () => {
  const never: Array<[string, string]> = [
    ['star', 'We texted a verification code to your phone ending in *4821.'],
    ['bullets', 'Your code was sent to ••••4821. Enter it within 10 minutes.'],
    ['bullets and space', 'Verification code sent to the card 5232 •••• •••• 4821.'],
    ['masked phone', 'Security code sent to (•••) •••-4821.'],
    ['capital X', 'Code de sécurité envoyé pour la carte XXXX-XXXX-XXXX-4821.'],
    ['XX glued', 'Your OTP was sent for card XX4821, valid 10 minutes.'],
    ['ellipsis', 'Verification code sent to …4821.'],
    ['Spanish stars', 'Te enviamos un código al número ***347 y al correo.'],
    ['French phone', 'Un code de vérification a été envoyé au 06 ** ** 47 21.'],
    ['star code', 'Kod weryfikacyjny? Zadzwoń: *2800'],
    ['dial string', 'Passcode for the call: +16699006833,,84521937720#,,,,*604118#'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  const found: Array<[string, string, string]> = [
    ['code beside a masked card', 'Purchase with card ••••4821. Your one-time passcode: 739104', '739104'],
    ['code beside a masked phone', 'Current number (•••) •••-4821. To approve, enter this security code:\n\n660193', '660193'],
    ['code in text-part emphasis', 'Your verification code is *482913*. It expires in 10 minutes.', '482913'],
    ['German masked IBAN', 'Konto DE89 **** **** **** **30 00. Ihr Sicherheitscode lautet:\n583920', '583920'],
    ['Thai masked account', 'โอนเงินจากบัญชี xxx-x-x4821-x รหัส OTP: 603318 (Ref: HJPN)', '603318'],
  ];
  it.each(found)('%s', (_name, text, code) => {
    expect(otp(text)).toBe(code);
  });

  it('explain() names the mask', () => {
    const e = explain({ text: 'Your verification code was sent to ••••4821.' });
    expect(e.otp).toBeNull();
    expect(e.codes.find((c) => c.value === '4821')?.reasons.at(-1)).toMatch(/masked digits/);
  });
});

describe('postal codes with the postal mark 〒, footer addresses and P.O. boxes are no code', () => {
  const never: Array<[string, string]> = [
    ['〒 with a dash', '配送状況を確認する\n\nニコニコ雑貨店 〒460-0008 愛知県名古屋市中区栄3-5-12'],
    ['〒 without a dash', '確認コードのご案内はこちら。お問い合わせ：〒1500002 東京都渋谷区'],
    ['〒 and a space', '認証について：〒 530-0001 大阪府大阪市北区梅田'],
    ['German footer with dots', 'Die PIN erhalten Sie per Post.\nHanseatische Sparbank AG · Ballindamm 12 · 20095 Hamburg · BLZ 200 505 50'],
    ['French footer with dashes', 'Votre code personnel reste secret.\nMutuelle – 8 rue de la République – 69002 Lyon\n'],
    ['PO Box', 'Security codes are never sent by post.\nRallypoint, PO Box 98021, Austin'],
    ['Arabic P.O. box', 'رمز التحقق لا يُرسل بالبريد. مصرف الخليج ص.ب 1234 دبي'],
    ['Hebrew P.O. box', 'קוד האימות לא נשלח בדואר. ת.ד. 4821 חיפה'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  it('finds the code beside a 〒 address', () => {
    expect(otp('認証コード：528194\nお問い合わせ先：住まいナビ 〒1500002 東京都渋谷区渋谷1-2-3')).toBe('528194');
    expect(otp('認証コード　391052\n\nふるさと便 カスタマーサポート\n〒060-0001\n北海道札幌市中央区北1条西2-1')).toBe('391052');
  });
});

describe('a one-time password named in words is a code', () => {
  const found: Array<[string, string, string]> = [
    ['fr', 'Voici votre mot de passe à usage unique :\n\n482915\n\nIl est valable 5 minutes.', '482915'],
    ['fr (unique)', 'Votre mot de passe unique est 604118.', '604118'],
    ['he (with the article)', 'הסיסמה החד-פעמית שלך: 280 417', '280417'],
    ['ar', 'كلمة المرور لمرة واحدة: 738204', '738204'],
    ['vi', 'Mật khẩu dùng một lần của bạn là 560214.', '560214'],
    ['id', 'Kata sandi sekali pakai kamu: 802146', '802146'],
    ['nl', 'Je eenmalige wachtwoord is 391624.', '391624'],
    ['es', 'Tu contraseña de un solo uso: 715302', '715302'],
  ];
  it.each(found)('%s', (_lang, text, code) => {
    expect(otp(text)).toBe(code);
  });

  it('a plain password word still needs a code word', () => {
    expect(otp('Votre mot de passe a été modifié le 2 mars. Agence 69002 Lyon')).toBeNull();
    expect(otp('Kata sandi Anda telah diubah. Hubungi 1500123.')).toBeNull();
    expect(otp('Your new password must be unique and long: 482913 would be a poor one.')).toBeNull();
  });
});

describe('codes that come with other kinds of codes, examples and laws are no one-time code', () => {
  const never: Array<[string, string]> = [
    ['gift card PIN', 'Alex sent you a $50 gift card.\n\nClaim code: BKNK-7Q2M-X94P\nPIN: 4417'],
    ['German pick-up code', 'Ihre Sendung liegt in der Paketbox 214.\nAbholcode: 381 294'],
    ['Dutch pick-up code', 'Je pakket ligt klaar. Afhaalcode: 604127'],
    ['examples', 'We only ever send a six-digit code. Codes look like 123456 or 482 913, and we never ask for them by phone.'],
    ['such as', 'Never share security codes such as 604 118 with anyone who calls you.'],
    ['French law', 'Mutuelle soumise au livre II du Code de la mutualité 69002 Lyon'],
    ['Spanish law', 'Conforme al Código de Comercio 28013 Madrid'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  it('a value some rule marks as no code is no code elsewhere in the text either', () => {
    const text = 'Meeting ID: 845 2193 7720\nPasscode: 604118\n\nOne tap mobile\n+16699006833,,84521937720#,,,,*604118# US (San Jose)\nYour code: 604118';
    const e = explain({ text });
    expect(e.otp).toBeNull();
    expect(e.codes.some((c) => c.reasons.some((r) => r.includes('the same value is no code elsewhere')))).toBe(true);
  });

  it('a voucher or gift card carries its PIN or password beside its code', () => {
    expect(otp('Sie haben einen Geschenkgutschein erhalten.\nGutscheincode: BI7Q-42XM-90PL\nPIN: 3381')).toBeNull();
    expect(otp('Você recebeu um vale-presente.\nCódigo do vale-presente: CC-84QZ-7TR2\nSenha: 5520')).toBeNull();
    // "vale" alone is "is valid" in Portuguese and Spanish: the code word stays a code word.
    expect(otp('O código vale por 10 minutos: 482913')).toBe('482913');
  });

  it('keeps a verification code beside a gift-card word when a verification word stands between', () => {
    expect(otp('To redeem your gift card, verify it is you. Your verification code: 730215')).toBe('730215');
  });
});

describe('a code that confirms a number is not the number', () => {
  it('finds the code after "to confirm your number:"', () => {
    expect(otp('Введіть код на сайті, щоб підтвердити номер: 7391')).toBe('7391');
    expect(otp('Enter this code on the site to verify your phone number: 5093')).toBe('5093');
  });
  it('still blocks a plain number label', () => {
    expect(otp('Номер замовлення: 739182. Код доставки не потрібен.')).toBeNull();
    expect(otp('Verification of account number 12345678 complete.')).toBeNull();
  });
});

describe('links: the second round', () => {
  const found: Array<[string, string, string]> = [
    ['uk change password', 'https://kvytok-primer.ua/parol/novyi/c03e81f7a4', 'Змінити пароль'],
    ['ru set new password', 'https://primer.ru/account/pw/9d1e77a0c3', 'Задать новый пароль'],
    ['th set new password', 'https://tiew-primer.app/pw/Yb5n8Kq2Lm', 'ตั้งรหัสผ่านใหม่'],
    ['vi new password', 'https://hoc-primer.vn/tai-khoan/mk?x=Tz7k2Qm9', 'Tạo mật khẩu mới'],
    ['ja change password', 'https://primer.jp/member/pw/8e4b2c1d7f', 'パスワードを変更する'],
    ['zh new password', 'https://primer.cn/u/pw/b7e2a91c4d', '设置新密码'],
    ['fr token param', 'https://app.primer.fr/connexion/lien?jeton=Kd82LsQ0vPw7Yx3N', 'Se connecter'],
    ['de token param', 'https://app.primer.de/anmelden?schluessel=Kd82LsQ0vPw7', 'Jetzt anmelden'],
    ['nl approve', 'https://mijn.primer.nl/login/ok?req=7e3a91f0c2', 'Ja, dit ben ik'],
    ['fr approve, curly apostrophe', 'https://client.primer.fr/securite/ok?d=7QmX2pLk', 'Oui, c’était moi'],
    ['pl join an invitation', 'https://app.primer.pl/zaproszenie/8e2d41c7/ok', 'Dołącz do zespołu'],
    ['id join, invitation in the URL', 'https://ruangkerja.primer.id/undangan/c9f1/terima', 'Bergabung sekarang'],
    ['th accept the invitation (ำ)', 'https://app.primer.co.th/invite/6c1d8e/ok', 'รับคำเชิญ'],
    ['login link with a token in the path', 'https://portal.primer.com/login/link/9c2e71b0f4a84d2d', 'Your login link'],
    ['es click the link, URL names the action', 'https://primer.es/confirmar?n=740362', 'haz clic en el siguiente enlace'],
  ];
  it.each(found)('%s', (_name, url, label) => {
    expect(link(`<p>${a(url, label)}</p><p>${a('https://primer.example/help', 'Help')}</p>`)).toBe(url);
  });

  const never: Array<[string, string]> = [
    ['change password after "if this wasn\'t you" (vi)', `<p>Nếu không phải bạn, hãy ${a('https://primer.vn/tai-khoan/bao-mat', 'đổi mật khẩu ngay')}.</p>`],
    ['reset after "if you didn’t" (curly apostrophe)', `<p>If you didn’t, ${a('https://primer.com/account/recover?src=x', 'reset your password now')}.</p>`],
    ['change password after "Wasn’t you?"', `<p>Wasn’t you? ${a('https://primer.app/settings/security', 'Change your password')} right away.</p>`],
    ['pl change password after "To nie Ty?"', `<p>To nie Ty? ${a('https://primer.pl/konto/bezpieczenstwo', 'Zmień hasło')}.</p>`],
    ['join a meeting', `<p>${a('https://teams.microsoft.com/l/meetup-join/19%3ameeting_invite', 'Join the meeting now')}</p>`],
    ['join without an invitation', `<p>${a('https://primer.pl/forum', 'Dołącz do dyskusji')}</p>`],
    ['login link without a token', `<p>${a('https://primer.com/login', 'Your login link')}</p>`],
    ['delivery status (確認)', `<p>${a('https://toi.primer.co.jp/cgi-bin/tneko?number01=481234567890', '配送状況を確認する')}</p>`],
    ['click the link to a page that names no action', `<p>${a('https://primer.es/blog/novedades', 'haz clic en el siguiente enlace')}</p>`],
  ];
  it.each(never)('no link: %s', (_name, html) => {
    expect(link(html)).toBeNull();
  });

  it('a verify link on the line of a closed "if you didn\'t sign up" sentence is still the link', () => {
    const html = `<p>If you didn't create an account, you can ignore this email. ${a('https://primer.com/u/9f8e7d', 'Verify email')}</p>`;
    expect(link(html)).toBe('https://primer.com/u/9f8e7d');
  });

  it('a reset link whose "if this wasn\'t you" ended a sentence before it is still the link', () => {
    const html = `<p>If you didn’t ask for this, ignore this email. ${a('https://primer.com/reset?token=8bd1f0a96c2e47d3', 'Reset your password')}</p>`;
    expect(link(html)).toBe('https://primer.com/reset?token=8bd1f0a96c2e47d3');
  });
});

// The third round (docs/extract.md, "The third round of rules"): the classes held-out 4 showed, each in the
// languages the project covers, with what must never be a code or link and what must still be found.
describe('a booking record: the PIN or code beside its confirmation or booking number manages the booking', () => {
  const never: Array<[string, string]> = [
    ['en confirmation number and PIN', 'You’re all set!\n\nConfirmation number: 3.482.193.771\nPIN code: 2291\nCheck-in: Fri 20 March'],
    ['en booking reference and PIN', 'Booking reference: QX7-88213\nPIN: 5530\nKeep both to manage your stay.'],
    ['en reservation # and access code', 'Reservation #88213 is confirmed. Door code: 4417 (valid from check-in).'],
    ['de Buchungsnummer and PIN', 'Buchungsnummer: 3482193771\nPIN-Code: 2291\nAnreise: 20.03.2026'],
    ['fr numéro de confirmation and code PIN', 'Numéro de confirmation : 3482193771\nCode PIN : 2291'],
    ['es número de confirmación and PIN', 'Número de confirmación: 3482193771\nPIN: 2291'],
    ['it numero di conferma and PIN', 'Numero di conferma: 3482193771\nCodice PIN: 2291'],
    ['nl bevestigingsnummer and pincode', 'Bevestigingsnummer: 3482193771\nPincode: 2291'],
    ['tr onay numarası and PIN', 'Onay numarası: 3482193771\nPIN kodu: 2291'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  const found: Array<[string, string, string]> = [
    ['a verification code after a booking number', 'Booking number: 3482193771\nTo sign in, enter your verification code: 604118', '604118'],
    ['a confirmation code (no record)', 'Your confirmation code is 482913. It expires in 10 minutes.', '482913'],
    ['es código de confirmación', 'Tu código de confirmación: 739104', '739104'],
    ['fr code de confirmation', 'Votre code de confirmation : 518204', '518204'],
  ];
  it.each(found)('%s', (_name, text, code) => {
    expect(otp(text)).toBe(code);
  });
});

describe('"looks like" introduces an example in every language', () => {
  const never: Array<[string, string]> = [
    ['fr ressemble à', 'Un code de confirmation ressemble à « 583 201 » : il ne doit être saisi que sur notre site.'],
    ['es se parece a', 'Un código de verificación se parece a 583 201 y nunca te lo pediremos por teléfono.'],
    ['pt parece com', 'Um código de verificação parece com 583201 e nunca pedimos por telefone.'],
    ['de sieht aus wie', 'Ein Bestätigungscode sieht aus wie 583 201, wir fragen nie am Telefon danach.'],
    ['nl ziet eruit als', 'Een verificatiecode ziet eruit als 583201; wij vragen er nooit telefonisch om.'],
    ['pl wygląda jak', 'Kod weryfikacyjny wygląda jak 583 201 i nigdy nie prosimy o niego telefonicznie.'],
    ['ru выглядит как', 'Код подтверждения выглядит как 583 201, мы никогда не спрашиваем его по телефону.'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });
});

describe('promotion words in every language: a voucher or coupon is no one-time code', () => {
  const never: Array<[string, string]> = [
    ['vi ưu đãi, giảm', 'Ưu đãi dành riêng cho bạn\n\nNhập mã GIAM50K khi thanh toán để được giảm 50.000đ.'],
    ['vi khuyến mãi', 'Chương trình khuyến mãi: nhập mã SALE2X9K để nhận quà.'],
    ['pl rabat', 'Wpisz kod LATO25X przy zamówieniu, a otrzymasz rabat 25%.'],
    ['tr indirim', 'Sepette KOD4X7Y kodunu gir, %20 indirim kazan.'],
    ['ru скидка', 'Введите код VESNA7Q и получите скидку 15%.'],
    ['uk знижка', 'Введіть код LITO7Q9 та отримайте знижку 10%.'],
    ['ar خصم', 'استخدم الكود RAMADAN7Q للحصول على خصم 20%.'],
    ['he הנחה', 'הזינו את הקוד KAYITZ7Q וקבלו הנחה של 15%.'],
    ['hi छूट', 'कोड DIWALI7Q डालें और 20% छूट पाएं।'],
    ['id diskon', 'Masukkan kode HEMAT7Q untuk diskon 30%.'],
    ['th ส่วนลด', 'ใช้รหัส SALE7Q9X รับส่วนลด 20%'],
    ['ja クーポン', 'クーポンコード：SPRING7Q をご入力ください。'],
    ['ko 할인', '쿠폰 코드 SPRING7Q 입력 시 10% 할인'],
    ['zh 优惠', '输入优惠码 SPRING7Q 立享折扣'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  it('keeps a Vietnamese bank code beside a warning ("khuyến cáo") and "giảm thiểu rủi ro"', () => {
    expect(otp('Mã OTP của Quý khách là 583021. Khuyến cáo: không cung cấp mã OTP cho bất kỳ ai để giảm thiểu rủi ro.')).toBe('583021');
  });
});

describe("a card payment's authorisation code on a receipt is no one-time code", () => {
  const never: Array<[string, string]> = [
    ['en auth code', 'Your receipt from Corner Deli\nTotal: $23.47\nVisa •••• 4821 · Auth code 082134 · Mar 14'],
    ['en approval code', 'Payment receipt\nAmount: $58.20\nApproval code: 731904\nTerminal 03'],
    ['de Genehmigungscode', 'Ihr Kaufbeleg\nBetrag: 23,47 EUR\nGenehmigungscode: 082134'],
    ['fr code d’autorisation', 'Votre reçu\nMontant : 23,47 €\nCode d’autorisation : 082134'],
    ['es código de autorización', 'Comprobante de pago\nImporte: 23,47 €\nCódigo de autorización: 082134'],
    ['pt código de autorização', 'Comprovante de pagamento\nValor: R$ 23,47\nCódigo de autorização: 082134'],
    ['it codice di autorizzazione', 'Ricevuta di pagamento\nImporto: 23,47 €\nCodice di autorizzazione: 082134'],
    ['pl kod autoryzacji', 'Potwierdzenie płatności (paragon)\nKwota: 23,47 zł\nKod autoryzacji: 082134'],
    ['tr provizyon kodu', 'Satış fişi\nTutar: 23,47 TL\nProvizyon kodu: 082134'],
    ['ru код авторизации', 'Электронный чек\nСумма: 2347 ₽\nКод авторизации: 082134'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  it('keeps a bank code that authorises a payment (no receipt)', () => {
    const text =
      'Stai autorizzando un pagamento di 45,00 € con la carta **** 9921.\nCodice di autorizzazione:\n830154\nNon comunicare questo codice a nessuno.';
    expect(otp(text)).toBe('830154');
    expect(otp('Your authorisation code for the payment of £23.47 at Corner Deli is 604118. Never share it.')).toBe('604118');
  });
});

describe('e-invoice and tax numbers are no code', () => {
  const never: Array<[string, string]> = [
    ['zh-Hant 隨機碼', '電子發票開立通知\n發票號碼: AB-12345678\n總計: NT$1,280\n隨機碼: 4821\n\nSecurity centre'],
    ['zh-Hans 发票代码', '电子发票已开具\n发票代码: 044031900111\n发票号码: 58213904\n校验码后六位: 482913'],
    ['vi mã tra cứu', 'Hóa đơn điện tử của bạn đã được phát hành.\nMã tra cứu: X7K2P9QZ'],
    ['it codice univoco', 'Fattura elettronica inviata allo SDI.\nCodice univoco: M5UXCR1'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });
});

describe('identifiers named with a code word (supplier, customer, employee, product, reference) are no code', () => {
  const never: Array<[string, string]> = [
    ['it codice fornitore', 'È stata richiesta la reimpostazione della password del suo account (codice fornitore 004821).'],
    ['es código de proveedor', 'Se solicitó restablecer la contraseña de su cuenta (código de proveedor 004821).'],
    ['fr code fournisseur', 'Réinitialisation du mot de passe de votre compte (code fournisseur 004821).'],
    ['pt código do fornecedor', 'Redefinição de senha da sua conta (código do fornecedor 004821).'],
    ['en supplier code', 'A password reset was requested for your account (supplier code 004821).'],
    ['pl kod klienta', 'Zresetuj hasło do konta (kod klienta 004821).'],
    ['ru код клиента', 'Запрошен сброс пароля для вашего аккаунта (код клиента 004821).'],
    ['he קוד לקוח', 'התבקש איפוס סיסמה לחשבון שלך (קוד לקוח 004821).'],
    ['id kode pelanggan', 'Permintaan atur ulang kata sandi untuk akun Anda (kode pelanggan 004821).'],
    ['vi mã nhà cung cấp', 'Yêu cầu đặt lại mật khẩu cho tài khoản (mã nhà cung cấp 004821).'],
    ['ja 顧客コード', 'パスワード再設定のご依頼を受け付けました（顧客コード 004821）。'],
    ['ko 고객 코드', '비밀번호 재설정이 요청되었습니다 (고객코드 004821).'],
  ];
  it.each(never)('%s', (_name, text) => {
    expect(otp(text)).toBeNull();
  });

  it('keeps a verification code beside a customer code', () => {
    expect(otp('Codice cliente: 004821\nIl tuo codice di verifica è 739104.')).toBe('739104');
  });
});

describe('a reference code beside a one-time code is never chosen over it', () => {
  const found: Array<[string, string, string]> = [
    ['th รหัสอ้างอิง', 'รหัส OTP ของคุณคือ 482605 (รหัสอ้างอิง: KQ7P)\n\nรหัสนี้จะหมดอายุภายใน 5 นาที', '482605'],
    ['en reference code', 'Your OTP is 482605 (reference code: KQ7P). This code expires in 5 minutes.', '482605'],
    ['en Ref', 'OTP 482605 (Ref: KQ7P). This code is valid for 5 minutes.', '482605'],
    ['es código de referencia', 'Tu código OTP es 482605 (código de referencia: KQ7P). Este código vence en 5 minutos.', '482605'],
    ['vi mã tham chiếu', 'Mã OTP của bạn là 482605 (mã tham chiếu: KQ7P). Mã có hiệu lực trong 5 phút.', '482605'],
    ['id kode referensi', 'Kode OTP Anda 482605 (kode referensi: KQ7P). Kode berlaku 5 menit.', '482605'],
    ['zh 参考码', '您的验证码是 482605（参考码：KQ7P），验证码5分钟内有效。', '482605'],
    ['ja 参照番号', 'ワンタイムパスワードは 482605 です（参照番号：KQ7P）。コードの有効期限は5分です。', '482605'],
    ['ko 참조번호', '인증번호는 482605 입니다 (참조번호: KQ7P). 인증번호는 5분간 유효합니다.', '482605'],
  ];
  it.each(found)('%s', (_name, text, code) => {
    expect(otp(text)).toBe(code);
  });

  it('a reference code alone is no code', () => {
    expect(otp('รหัสอ้างอิง: KQ7P')).toBeNull();
    expect(otp('Your request was received. Reference code: KQ7P4821')).toBeNull();
  });
});

describe('links: "not you? remove your address" is the way out, not the action', () => {
  const never: Array<[string, string]> = [
    [
      'en remove your email address (Microsoft style)',
      `<p>If you don’t recognize the account ka*****@outlook.com, you can ${a('https://account.contoso.example/ConfirmCancel?code=cF9x2LmQ7rT', 'click here')} to remove your email address from that account.</p>`,
    ],
    ['en not me', `<p>${a('https://primer.com/verify/not-me?token=8bd1f0a96c2e47d3', 'This wasn’t me')}</p>`],
    [
      'de nicht erkennen',
      `<p>Sie erkennen dieses Konto nicht? ${a('https://primer.de/konto/bestaetigen/abbrechen?t=8bd1f0a96c2e', 'Hier klicken')}, um Ihre Adresse zu entfernen.</p>`,
    ],
    [
      'fr supprimer votre adresse',
      `<p>${a('https://primer.fr/confirmer/annuler?jeton=8bd1f0a96c2e', 'Cliquez ici')} pour supprimer votre adresse de ce compte.</p>`,
    ],
    [
      'es eliminar tu dirección',
      `<p>Si no reconoces esta cuenta, ${a('https://primer.es/confirmar/cancelar?t=8bd1f0a96c2e', 'haz clic aquí')} para eliminar tu dirección.</p>`,
    ],
    [
      'pt remover seu e-mail',
      `<p>Se você não reconhece esta conta, ${a('https://primer.com.br/confirmar/cancelar?t=8bd1f0a96c2e', 'clique aqui')} para remover seu e-mail.</p>`,
    ],
    [
      'ru удалить адрес',
      `<p>Если вы не узнаёте этот аккаунт, ${a('https://primer.ru/confirm/cancel?t=8bd1f0a96c2e', 'нажмите здесь')}, чтобы удалить свой адрес.</p>`,
    ],
    [
      'vi xóa địa chỉ',
      `<p>Nếu bạn không nhận ra tài khoản này, ${a('https://primer.vn/xac-nhan/huy?t=8bd1f0a96c2e', 'nhấn vào đây')} để xóa địa chỉ email.</p>`,
    ],
    [
      'ja メールアドレスを削除',
      `<p>お心当たりがない場合は、${a('https://primer.jp/confirm/cancel?t=8bd1f0a96c2e', 'こちら')}からメールアドレスを削除してください。</p>`,
    ],
    ['zh 移除', `<p>如果您不认识此账户，请${a('https://primer.cn/confirm/cancel?t=8bd1f0a96c2e', '点击此处')}移除您的电子邮件地址。</p>`],
  ];
  it.each(never)('no link: %s', (_name, html) => {
    expect(link(html)).toBeNull();
  });

  it('the verify link of the same mail is still the link', () => {
    const html = `<p>${a('https://primer.com/verify?token=8bd1f0a96c2e47d3', 'Verify your email')}</p><p>If you don’t recognize this account, ${a('https://primer.com/ConfirmCancel?code=cF9x2LmQ7rT', 'click here')} to remove your email address.</p>`;
    expect(link(html)).toBe('https://primer.com/verify?token=8bd1f0a96c2e47d3');
  });

  it('a strong label keeps its link even when the URL says cancel', () => {
    expect(link(`<p>${a('https://primer.com/subscription/cancel/confirm?token=8bd1f0a96c2e47d3', 'Confirm cancellation')}</p>`)).toBe(
      'https://primer.com/subscription/cancel/confirm?token=8bd1f0a96c2e47d3',
    );
  });

  it('explain() names the rule', () => {
    const e = explain({
      html: `<p>If you don’t recognize it, you can ${a('https://primer.com/ConfirmCancel?code=cF9x2LmQ7rT', 'click here')} to remove your email address.</p>`,
    });
    expect(e.verificationLink).toBeNull();
    expect(e.links[0]?.reasons.join(' ')).toMatch(/undoes instead of finishing/);
  });
});

describe('the fourth round: a code needs positive evidence of a one-time code, beyond a code word', () => {
  // [name, subject, text]: a code word and a number, and nothing that says the number is a one-time code.
  const never: Array<[string, string, string]> = [
    ['en company register', 'Our newsletter', 'Acme Widgets Ltd. Registered in England, company number 08123456. Code: 2291'],
    ['en event ticket', 'Your tickets', 'Your ticket for the concert\nCode: 7723 9981\nGate opens at 18:00. Show this code at the entrance.'],
    ['en loyalty card', 'Welcome to Bean Club', 'Welcome to Bean Club!\nYour member card\nCode: 482913\nCollect a stamp with every coffee.'],
    ['en newsletter example', 'Tips & tricks', 'Tip of the week: when our app asks for a code, type the 6 digits, e.g. code 123456, without spaces.'],
    ['en parcel PIN', 'Parcel ready', 'Your parcel is ready.\nPIN: 482913\nAvailable for 72 hours.'],
    ['de Kundenkarte', 'Willkommen', 'Willkommen im Bonusprogramm!\nIhr Code: 482913\nSammeln Sie bei jedem Einkauf Punkte.'],
    ['de Handelsregister', 'Newsletter März', 'Muster GmbH, Amtsgericht München HRB 123456, Code 482913'],
    ['fr billet', 'Vos billets', "Votre billet pour le concert\nCode : 48291377\nPrésentez-le à l'entrée."],
    ['es entrada', 'Tus entradas', 'Tu entrada para el partido\nCódigo: 48291377\nPuerta 3'],
    ['pt cartão fidelidade', 'Bem-vindo', 'Bem-vindo ao clube!\nSeu código: 482913\nJunte pontos em cada compra.'],
    ['it tessera', 'Benvenuto', 'Benvenuto nel club!\nIl tuo codice: 482913\nRaccogli punti a ogni acquisto.'],
    ['nl klantenkaart', 'Welkom', 'Welkom bij de club!\nJe code: 482913\nSpaar punten bij elke aankoop.'],
    ['pl karta', 'Witamy', 'Witamy w klubie!\nTwój kod: 482913\nZbieraj punkty przy każdym zakupie.'],
    ['tr kart', 'Hoş geldiniz', 'Kulübe hoş geldiniz!\nKodunuz: 482913\nHer alışverişte puan kazanın.'],
    ['ru карта', 'Добро пожаловать', 'Добро пожаловать в клуб!\nВаш код: 482913\nКопите баллы с каждой покупки.'],
    ['uk картка', 'Ласкаво просимо', 'Ласкаво просимо до клубу!\nВаш код: 482913\nЗбирайте бали з кожної покупки.'],
    ['he מועדון', 'ברוכים הבאים', 'ברוכים הבאים למועדון!\nהקוד שלך: 482913\nצברו נקודות בכל קנייה.'],
    ['ar نادي', 'مرحبا', 'مرحبا بك في النادي!\nالرمز: 482913\nاجمع النقاط مع كل عملية شراء.'],
    ['hi क्लब', 'स्वागत है', 'क्लब में आपका स्वागत है!\nआपका कोड: 482913\nहर खरीद पर अंक पाएं।'],
    ['vi câu lạc bộ', 'Chào mừng', 'Chào mừng bạn đến với câu lạc bộ!\nMã của bạn: 482913\nTích điểm với mỗi lần mua.'],
    ['th คลับ', 'ยินดีต้อนรับ', 'ยินดีต้อนรับสู่คลับ!\nรหัสของคุณ: 482913\nสะสมแต้มทุกครั้งที่ซื้อ'],
    ['id klub', 'Selamat datang', 'Selamat datang di klub!\nKode Anda: 482913\nKumpulkan poin setiap belanja.'],
    ['ja 会員', 'ようこそ', 'クラブへようこそ！\nあなたのコード: 482913\nお買い物ごとにポイントが貯まります。'],
    ['ko 회원', '환영합니다', '클럽에 오신 것을 환영합니다!\n코드: 482913\n구매할 때마다 포인트를 적립하세요.'],
  ];
  it.each(never)('no code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBeNull();
  });

  // [name, subject, text]: the same shape of mail, with a word that only a one-time code's message has.
  const found: Array<[string, string, string]> = [
    ['en expiry', 'Hello', 'Your code: 482913\nIt expires in 10 minutes.'],
    ['en do not share', 'Hello', 'Your code: 482913\nDo not share it with anyone.'],
    ['en the subject names the code', 'Your Acme code', 'Your code: 482913'],
    ['de gültig', 'Hallo', 'Ihr Code: 482913\nEr ist 10 Minuten gültig.'],
    ['de nicht weitergeben', 'Hallo', 'Ihr Code: 482913\nGeben Sie ihn nicht weiter.'],
    ['de anmelden', 'Hallo', 'Ihr Code zum Anmelden: 482913'],
    ['fr expire', 'Bonjour', 'Votre code : 482913\nIl expire dans 10 minutes.'],
    ['fr ne partagez', 'Bonjour', 'Votre code : 482913\nNe le partagez avec personne.'],
    ['fr vous connecter', 'Bonjour', 'Votre code pour vous connecter : 482913'],
    ['es caduca', 'Hola', 'Tu código: 482913\nCaduca en 10 minutos.'],
    ['es no compartas', 'Hola', 'Tu código: 482913\nNo lo compartas con nadie.'],
    ['pt expira', 'Olá', 'Seu código: 482913\nEle expira em 10 minutos.'],
    ['pt não compartilhe', 'Olá', 'Seu código: 482913\nNão compartilhe com ninguém.'],
    ['it scade', 'Ciao', 'Il tuo codice: 482913\nScade tra 10 minuti.'],
    ['it non comunicare', 'Ciao', 'Il tuo codice: 482913\nNon comunicarlo a nessuno.'],
    ['nl geldig', 'Hallo', 'Je code: 482913\nDeze is 10 minuten geldig.'],
    ['pl ważny', 'Cześć', 'Twój kod: 482913\nKod jest ważny 10 minut.'],
    ['pl kod SMS', 'Przelew', 'Przelew na rachunek 4471.\nKod SMS: 482913'],
    ['tr geçerli', 'Merhaba', 'Kodunuz: 482913\n10 dakika geçerlidir.'],
    ['tr paylaşmayın', 'Merhaba', 'Kodunuz: 482913\nKimseyle paylaşmayın.'],
    ['ru действителен', 'Здравствуйте', 'Ваш код: 482913\nКод действителен 10 минут.'],
    ['ru никому', 'Здравствуйте', 'Ваш код: 482913\nНикому не сообщайте его.'],
    ['uk дійсний', 'Вітаємо', 'Ваш код: 482913\nКод дійсний 10 хвилин.'],
    ['he בתוקף', 'שלום', 'הקוד שלך: 482913\nהקוד בתוקף ל-10 דקות.'],
    ['ar صالح', 'مرحبا', 'الرمز: 482913\nالرمز صالح لمدة 10 دقائق.'],
    ['hi मान्य', 'नमस्ते', 'आपका कोड: 482913\nयह 10 मिनट के लिए मान्य है।'],
    ['vi hiệu lực', 'Xin chào', 'Mã của bạn: 482913\nMã có hiệu lực trong 10 phút.'],
    ['vi không chia sẻ', 'Xin chào', 'Mã của bạn: 482913\nVui lòng không chia sẻ mã này.'],
    ['th หมดอายุ', 'สวัสดี', 'รหัสของคุณ: 482913\nรหัสจะหมดอายุใน 10 นาที'],
    ['id berlaku', 'Halo', 'Kode Anda: 482913\nKode berlaku selama 10 menit.'],
    ['id jangan bagikan', 'Halo', 'Kode Anda: 482913\nJangan bagikan kode ini.'],
    ['ja 有効', 'こんにちは', 'コード: 482913\n10分間有効です。'],
    ['ko 유효', '안녕하세요', '코드: 482913\n10분간 유효합니다.'],
    ['zh 有效', '你好', '您的验证码：482913\n10分钟内有效。'],
  ];
  it.each(found)('code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBe('482913');
  });

  it('explain() names the missing evidence, and shows the same (null) result', () => {
    const e = explain({ subject: 'Welcome to Bean Club', text: 'Welcome to Bean Club!\nYour member card\nCode: 482913\nCollect a stamp with every coffee.' });
    expect(e.otp).toBeNull();
    const c = e.codes.find((x) => x.value === '482913');
    expect(c?.verdict).toBe('rejected');
    expect(c?.reasons.at(-1)).toMatch(/nothing in the message says it carries a one-time code/);
    const ok = explain({ subject: 'Hello', text: 'Your code: 482913\nIt expires in 10 minutes.' });
    expect(ok.otp).toBe('482913');
    expect(ok.notes.join(' ')).toMatch(/"expires in" says the message carries a one-time code/);
  });
});

describe('the fourth round: sign-in links that the message calls one-time, and password recovery, in every language', () => {
  const U = 'https://app.example.com/a/9f8e7d6c5b4a3f2e1d0c7b6a';
  const TRACKED = 'https://click.mailer.example.net/ls/click?upn=Zk9mUjJ0dG1xY0tXb3h2Y2FhQkx5';
  const mail = (para: string, url: string, label: string) => `<p>${para}</p><p>${a(url, label)}</p><p>${a('https://app.example.com/help', 'Help')}</p>`;
  // [name, paragraph, label]: a sign-in button whose link the message says expires or is a sign-in link.
  const magic: Array<[string, string, string]> = [
    ['en', 'Click the button below to sign in. This link expires in 15 minutes.', 'Sign in'],
    ['fr lien de connexion', 'Voici votre lien de connexion, valable 15 minutes.', 'Me connecter'],
    ['de gültig', 'Klicken Sie auf den Button, um sich anzumelden. Der Link ist 15 Minuten gültig.', 'Jetzt anmelden'],
    ['ru действует', 'Нажмите кнопку ниже, чтобы войти в аккаунт. Ссылка действует 15 минут.', 'Войти'],
    ['ru войти по ссылке', 'Чтобы войти, используйте эту ссылку.', 'Войти по ссылке'],
    ['vi hiệu lực', 'Liên kết đăng nhập của bạn có hiệu lực trong 15 phút.', 'Đăng nhập ngay'],
    ['es caduca', 'Haz clic para iniciar sesión. El enlace caduca en 15 minutos.', 'Iniciar sesión'],
    ['pt expira', 'Clique para entrar na sua conta. O link expira em 15 minutos.', 'Entrar'],
    ['it scade', 'Clicca per accedere. Il link scade tra 15 minuti.', 'Accedi'],
    ['nl geldig', 'Klik om in te loggen. De link is 15 minuten geldig.', 'Inloggen'],
    ['pl ważny', 'Kliknij, aby się zalogować. Link jest ważny 15 minut.', 'Zaloguj się'],
    ['tr geçerli', 'Giriş yapmak için tıklayın. Bağlantı 15 dakika geçerlidir.', 'Giriş yap'],
    ['uk дійсне', 'Натисніть, щоб увійти. Посилання дійсне 15 хвилин.', 'Увійти'],
    ['he בתוקף', 'לחצו כדי להתחבר. הקישור בתוקף 15 דקות.', 'התחברות'],
    ['ar صالح', 'انقر لتسجيل الدخول. الرابط صالح لمدة 15 دقيقة.', 'تسجيل الدخول'],
    ['th ใช้ได้', 'คลิกเพื่อเข้าสู่ระบบ ลิงก์ใช้ได้ 15 นาที', 'เข้าสู่ระบบ'],
    ['id berlaku', 'Klik untuk masuk. Tautan berlaku 15 menit.', 'Masuk'],
    ['ja 有効期限', 'ボタンを押してログインしてください。リンクの有効期限は15分です。', 'ログイン'],
    ['ko 유효', '버튼을 눌러 로그인하세요. 링크는 15분간 유효합니다.', '로그인'],
    ['zh 有效', '点击下方按钮登录。链接15分钟内有效。', '登录'],
    ['zh-Hant 有效', '點擊下方按鈕登入。連結15分鐘內有效。', '登入'],
  ];
  it.each(magic)('magic link: %s', (_name, para, label) => {
    expect(link(mail(para, U, label))).toBe(U);
  });
  it('behind a click-tracking redirect, when the message says the link expires', () => {
    expect(link(mail('Der Link ist 15 Minuten gültig.', TRACKED, 'Jetzt anmelden'))).toBe(TRACKED);
  });

  const recover: Array<[string, string, string]> = [
    ['fr définir', 'Pour définir un nouveau mot de passe, cliquez ci-dessous.', 'Définir mon mot de passe'],
    ['de wiederherstellen', 'Sie haben ein neues Passwort angefordert.', 'Passwort wiederherstellen'],
    ['ru восстановить доступ', 'Чтобы восстановить доступ к аккаунту, нажмите кнопку.', 'Восстановить доступ'],
    ['vi lấy lại', 'Bạn đã yêu cầu lấy lại mật khẩu.', 'Lấy lại mật khẩu'],
    ['es recuperar', 'Solicitaste recuperar tu contraseña.', 'Recuperar contraseña'],
    ['pt recuperar', 'Você pediu para recuperar sua senha.', 'Recuperar senha'],
    ['it recupera', 'Hai chiesto di recuperare la password.', 'Recupera password'],
    ['nl herstellen', 'Je hebt een nieuw wachtwoord aangevraagd.', 'Wachtwoord herstellen'],
    ['pl odzyskaj', 'Poprosiłeś o odzyskanie hasła.', 'Odzyskaj hasło'],
  ];
  it.each(recover)('reset link with a secret: %s', (_name, para, label) => {
    expect(link(mail(para, U, label))).toBe(U);
  });

  const never: Array<[string, string, string, string]> = [
    ['a sign-in button, nothing one-time (fr)', 'Cliquez sur le bouton ci-dessous pour vous connecter à votre compte.', U, 'Se connecter'],
    ['a sign-in button, nothing one-time (vi)', 'Nhấn vào nút bên dưới để đăng nhập vào tài khoản của bạn.', U, 'Đăng nhập'],
    [
      'a sign-in button on a plain login page, though the offer expires (en)',
      'Our spring offer expires on Sunday.',
      'https://app.example.com/login',
      'Sign in',
    ],
    ['a recovery label with no secret (es)', 'Solicitaste recuperar tu contraseña.', 'https://app.example.com/cuenta/recuperar', 'Recuperar contraseña'],
    ['a recovery label behind a tracker, no secret in sight (de)', 'Sie haben ein neues Passwort angefordert.', TRACKED, 'Passwort wiederherstellen'],
  ];
  it.each(never)('no link: %s', (_name, para, url, label) => {
    expect(link(mail(para, url, label))).toBeNull();
  });

  it('explain() says why a sign-in button is the link', () => {
    const e = explain({ html: mail('Der Link ist 15 Minuten gültig.', U, 'Jetzt anmelden') });
    expect(e.verificationLink).toBe(U);
    expect(e.links.find((l) => l.url === U)?.reasons.join(' ')).toMatch(/one-time sign-in link/);
  });
});

describe('the fifth round: bank and activation codes, codes in groups, addresses, webinars and quoted examples', () => {
  // [name, subject, text, code]
  const found: Array<[string, string, string, string]> = [
    [
      'pl transfer authorisation',
      'Potwierdzenie przelewu',
      'AUTORYZACJA PRZELEWU\nKwota: 214,37 PLN\nZ rachunku: ** 4410\n\nKod autoryzacyjny: 90412573',
      '90412573',
    ],
    ['en authorise a payment', 'Payment', 'To authorise this payment of £42.10 to Acme Ltd, enter the code 482913 in the app.', '482913'],
    ['de Überweisung freigeben', 'Überweisung', 'Überweisung über 120,00 EUR an Muster GmbH.\nCode zur Freigabe: 482913', '482913'],
    ['fr autoriser le virement', 'Virement', 'Pour autoriser le virement de 250 € vers FR76 ****, saisissez le code 482913.', '482913'],
    ['es autorizar la operación', 'Operación', 'Para autorizar la operación de 80,00 € introduce el código 482913.', '482913'],
    ['he one-time password in two words', 'אישור העברה', 'העברה בסך 2,300 ₪ לחשבון 12-612-*****88.\n\nהסיסמה החד פעמית שלך: 63820591', '63820591'],
    [
      'id "Kode OTP Anda" beside a hotline',
      'Kode OTP transaksi',
      'Kode OTP Anda: 402918. Berlaku 3 menit.\n\nBank Nusantara diawasi oleh OJK. Halo Nusantara 1500 888.',
      '402918',
    ],
    ['vi "Mã OTP của bạn là" beside a hotline', 'Giao dịch', 'Mã OTP của bạn là 482913.\n\nTổng đài hỗ trợ khách hàng 1900 5555 88.', '482913'],
    ['en activate your account', 'Welcome', 'Enter this code in the app:\n\n905 126\n\nor activate your account with the button below.', '905126'],
    ['hi खाता सक्रिय', 'स्वागत है', 'ऐप में यह कोड डालें:\n\n    905 126\n\nया नीचे क्लिक करके खाता सक्रिय करें', '905126'],
    ['tr hesabını doğrula', 'Hoş geldin', 'Uygulamaya bu kodu gir:\n\n    5502\n\nveya hesabını tek tıkla doğrula.', '5502'],
    ['fr a code in groups that no date can be', 'Inscription', 'Votre code de validation : 48-21-73\n\nVous pouvez aussi valider votre inscription.', '482173'],
    ['he code beside a footer address', 'סיסמה חד פעמית', 'הסיסמה החד פעמית שלך: 63820591\n\nבנק הים בע"מ, רחוב הרצל 40, תל אביב 6578901', '63820591'],
    ['nl an access code with no meeting', 'Inloggen', 'Je toegangscode: 3317\nDeze code is 10 minuten geldig.', '3317'],
  ];
  it.each(found)('code: %s', (_name, subject, text, code) => {
    expect(otp(text, subject)).toBe(code);
  });

  // [name, subject, text]
  const never: Array<[string, string, string]> = [
    ['pl a transfer done, its reference', 'Przelew wykonany', 'Przelew na kwotę 214,37 PLN został zrealizowany.\nKod transakcji: 482913'],
    ['de a card to activate (no account)', 'Ihre neue Karte', 'Aktivieren Sie Ihre neue Karte im Kundenbereich.\nKarten-Code: 482913'],
    ['he a new password, not a one-time one', 'סיסמה חדשה', 'הסיסמה החדשה שלך: 63820591\nבנק הים'],
    ['id a hotline alone', 'Info', 'Kode promo berlaku minggu ini.\nHalo Nusantara 1500 888.'],
    ['fr a value that can be a date', 'Rendez-vous', 'Code : 12-05-24\nÀ bientôt.'],
    ['he a footer address alone', 'עדכון', 'קוד הסניף מופיע למטה.\nבנק הים בע"מ, רחוב הרצל 40, תל אביב 6578901'],
    ['id an address line', 'Halo', 'Kode OTP Anda dikirim lewat SMS.\nPT Contoh, Jl. Sudirman No. 5, Jakarta 10220'],
    ['nl webinar access code', 'Tot dinsdag', 'Tot dinsdag 17 maart om 12:00!\nWebinar-ID: 918 2277 4410 · Toegangscode: 3317\nDeel deze code niet.'],
    ['de meeting passcode', 'Einladung', 'Zoom-Meeting-ID: 918 2277 4410\nKenncode: 482913\nBitte nicht weitergeben.'],
    [
      'en a newsletter quoting a text',
      'Security tips: spotting fake code requests',
      'A common trick: someone calls and asks you to read back a text like "Your Fernbank code is 123456". We will never ask you for a code.',
    ],
    [
      'en a newsletter quoting a message',
      'Stay safe',
      'Never reply to a message like "Your code is 482913, send it to us". Your sign-in code is never asked for.',
    ],
  ];
  it.each(never)('no code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBeNull();
  });

  it('explain() names the address line', () => {
    const e = explain({ subject: 'עדכון', text: 'קוד: 77\nבנק הים בע"מ, רחוב הרצל 40, תל אביב 6578901' });
    const c = e.codes.find((x) => x.value === '6578901');
    expect(c?.verdict).toBe('rejected');
    expect(c?.reasons.at(-1)).toMatch(/address line that "רחוב" starts/);
  });
});

describe('the fifth round: reset and sign-in links named in words, and the way out of a sign-in notice', () => {
  const text = (subject: string, body: string) => extract({ subject, text: body }).verificationLink;
  it('a German reset link after "um dein Passwort zurückzusetzen" and a disclaimer on the same line', () => {
    const url = 'https://cloud.nextwolke.example/index.php/lostpassword/reset/form/Jj-urEinbSyYu1Vl5DH9/qa';
    const body = `Hallo qa,\n\nKlicke auf den folgenden Link, um dein Passwort zurückzusetzen. Wenn du das nicht angefordert hast, ignoriere diese Nachricht einfach.\n\n${url}\n`;
    expect(text('Passwort zurücksetzen', body)).toBe(url);
  });
  it('"Kennwort jetzt ändern" on a password-reset URL', () => {
    const url = 'https://portal.stadtwerke.example/pwreset/confirm?id=88213&t=f0a9c2';
    expect(link(`<p>Ein neues Kennwort wurde angefordert.</p>${a(url, 'Kennwort jetzt ändern')}`)).toBe(url);
  });

  // [name, subject, body, url]: sign-in links whose token is a short mixed segment, or that the message names a login link.
  const magic: Array<[string, string, string, string]> = [
    [
      'ru короткий токен',
      'Ссылка для входа',
      'Нажмите на ссылку, чтобы войти. Ссылка одноразовая и действует 15 минут.\n\nВойти [https://tetradka.example/auth/link/td_9Qw2xRk]',
      'https://tetradka.example/auth/link/td_9Qw2xRk',
    ],
    [
      'vi mã ngắn',
      'Liên kết đăng nhập của bạn',
      'Nhấn vào nút dưới đây để đăng nhập. Liên kết chỉ dùng được một lần.\n\nĐăng nhập: https://ghichu.example/auth/lien-ket/gc_Xp81Lq',
      'https://ghichu.example/auth/lien-ket/gc_Xp81Lq',
    ],
    [
      'fr lien de connexion, wrapped text',
      'Votre lien de connexion',
      'Cliquez sur le lien ci-dessous pour vous connecter. Il ne fonctionne qu’une\nseule fois.\n\nhttps://notabene.example/connexion/jeton/nb_5TgKq92LxRw',
      'https://notabene.example/connexion/jeton/nb_5TgKq92LxRw',
    ],
    [
      'en login link named in the subject',
      'Your login link',
      'Use this to get back in:\n\nhttps://app.example.com/login/magic/Ab12Cd34Ef',
      'https://app.example.com/login/magic/Ab12Cd34Ef',
    ],
  ];
  it.each(magic)('sign-in link: %s', (_name, subject, body, url) => {
    expect(text(subject, body)).toBe(url);
  });

  const never: Array<[string, string, string]> = [
    ['a login link named, but a plain sign-in page', 'Votre lien de connexion', 'Connectez-vous ici :\n\nhttps://notabene.example/connexion'],
    [
      'a secret on a sign-in page, nothing names a login link',
      'Nouvelle connexion',
      'Une nouvelle connexion a été détectée :\n\nhttps://notabene.example/connexion/appareil/nb_5TgKq92LxRw',
    ],
    [
      'a sign-in label, a lower-case word for a token',
      'Ссылка для входа',
      'Ссылка действует 15 минут.\n\nВойти [https://tetradka.example/auth/link/welcomeback]',
    ],
    [
      'id "Bukan kamu?" before a change-password link',
      'Login baru ke akun kamu',
      'Akun kamu baru saja login dari perangkat baru.\n\nBukan kamu? Ganti kata sandi\nhttps://streamio.example/akun/sandi',
    ],
    [
      'de "Warst du das nicht?" before a change-password link',
      'Neue Anmeldung',
      'Neue Anmeldung von Chrome.\n\nWarst du das nicht? Passwort ändern\nhttps://app.example.de/konto/passwort',
    ],
  ];
  it.each(never)('no link: %s', (_name, subject, body) => {
    expect(text(subject, body)).toBeNull();
  });
  it('an HTML "Bukan kamu?" before a change-password button is no link either', () => {
    expect(link(`<p>Akun kamu baru saja login.</p><p>Bukan kamu? ${a('https://streamio.example/akun/sandi', 'Ganti kata sandi')}</p>`)).toBeNull();
  });

  it('explain() says the message named its link a login link', () => {
    const url = 'https://notabene.example/connexion/jeton/nb_5TgKq92LxRw';
    const e = explain({ subject: 'Votre lien de connexion', text: `Cliquez ci-dessous, une\nseule fois.\n\n${url}` });
    expect(e.verificationLink).toBe(url);
    expect(e.links.find((l) => l.verdict === 'chosen')?.reasons.join(' ')).toMatch(/names its link a login link \("lien de connexion"\)/);
  });
});

describe('the sixth round: examples, couriers, pick-up codes, register codes, digit words, e-mail changes', () => {
  // [name, subject, text, code]
  const found: Array<[string, string, string, string]> = [
    ['nl "deze cijfers"', 'Inloggen bij Buurtbieb', 'Vul deze cijfers in op het scherm waar je bent gebleven:\n\n4812\n\nZe zijn 10 minuten geldig.', '4812'],
    ['en "these digits"', 'Sign in to Buurtbieb', 'Type these digits on the sign-in screen:\n\n4812\n\nThey expire in 10 minutes.', '4812'],
    ['de "diese Ziffern"', 'Anmeldung', 'Geben Sie diese Ziffern auf der Anmeldeseite ein:\n\n4812\n\nSie sind 10 Minuten gültig.', '4812'],
    [
      'de a code for a new e-mail address',
      'Bestätigung Ihrer neuen E-Mail-Adresse',
      'Sie haben eine neue E-Mail-Adresse hinterlegt.\nZur Bestätigung geben Sie bitte folgenden Code in Ihrem Kundenkonto ein: 830264',
      '830264',
    ],
    ['es a code for an e-mail change', 'Cambio de correo', 'Para completar el cambio de correo, introduzca este código en su cuenta: 830264', '830264'],
    [
      'es a transfer code beside a bank register code',
      'Clave de confirmación de operación',
      'Para firmar la transferencia que está realizando, introduzca la siguiente clave de confirmación:\n\n80315672\n\nImporte: 1.250,00 EUR\n\nBanco Meseta, S.A. Paseo de la Castellana 81, 28046 Madrid. Inscrito en el Registro Mercantil de Madrid. Entidad inscrita en el Banco de España con el código 0238.',
      '80315672',
    ],
    ['en a code beside a meeting passcode', 'Your code', 'Meeting ID: 918 2277 4410\nPasscode: 604118\n\nYour verification code: 739104', '739104'],
    ['pl a code with no example', 'Logowanie', 'Twój kod logowania: 246810. Jest ważny 10 minut.', '246810'],
    [
      'de a reader who signed up ("eingetragen") is sent a code',
      'Newsletter',
      'Sie haben sich für unseren Newsletter eingetragen. Bitte bestätigen Sie Ihre Anmeldung mit dem Code 482913.',
      '482913',
    ],
    ['es a reader who signed up ("inscrito") is sent a code', 'Curso', 'Ya estás inscrito en el curso. Para iniciar sesión usa el código: 482913', '482913'],
  ];
  it.each(found)('code: %s', (_name, subject, text, code) => {
    expect(otp(text, subject)).toBe(code);
  });

  // [name, subject, text]
  const never: Array<[string, string, string]> = [
    [
      'pl "np." before an example',
      'Nowe logowanie bez hasła!',
      'Od dziś możesz logować się kodem wysyłanym e-mailem. Kod ma 6 cyfr, np. 246 810, i jest ważny tylko 10 minut.',
    ],
    ['he "ייראה כך" before an example', 'טיפים לאבטחה', 'הפעילו אימות דו-שלבי. קוד אימות אמיתי ייראה כך: 123456 – ואף אחד לא יבקש אותו מכם.'],
    ['en "e.g." before an example', 'New: passwordless sign-in', 'Sign in with a code sent by e-mail: six digits, e.g. 482913, valid for 10 minutes.'],
    ['de "z. B." before an example', 'Neu: Anmeldung per Code', 'Der Anmeldecode hat sechs Ziffern, z. B. 482913, und ist 10 Minuten gültig.'],
    ['nl "bijv." before an example', 'Nieuw: inloggen met een code', 'De inlogcode heeft zes cijfers, bijv. 482913, en is 10 minuten geldig.'],
    ["hi a courier's delivery OTP", 'आपका ऑर्डर आज डिलीवर होगा', 'डिलीवरी के समय यह OTP डिलीवरी एजेंट को बताएँ: 5521\n\nपता: फ्लैट 302, बेंगलुरु 560038'],
    ["en a courier's delivery OTP", 'Arriving today', 'Your parcel arrives today. Give this OTP to the driver at the door: 5521'],
    ["ru a courier's code", 'Доставка сегодня', 'Ваш заказ приедет сегодня. Одноразовый код для курьера: 5521'],
    [
      'th a hotel postcode beside a booking PIN',
      'ยืนยันการจองห้องพัก',
      'หมายเลขการจอง: 2283401955\nPIN: 8802\nเช็คอิน: 10 เม.ย.\nราคารวม: 8,940 บาท\n\n--------------------------------------------------\nรีสอร์ทชายหาด หาดกะตะ ภูเก็ต 83100\nSecurity centre',
    ],
    ['zh-Hant a pick-up code', '商品已送達門市', '您訂購的商品已送達「全家 信義店」。\n\n取貨驗證碼: 8841\n取貨期限: 2026/03/18'],
    ['fr a pick-up code', 'Votre colis est arrivé', 'Votre colis vous attend au point relais.\nCode de retrait : 884112, valable 10 jours.'],
    ['es a bank register code alone', 'Aviso', 'Verificación de datos completada.\nEntidad inscrita en el Banco de España con el código 0238.'],
    ['de a new e-mail address with a customer number only', 'Neue E-Mail-Adresse', 'Sie haben eine neue E-Mail-Adresse hinterlegt.\nKundennummer 4410283'],
  ];
  it.each(never)('no code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBeNull();
  });

  it('explain() says why a code word that labels a booking PIN vouches for no other number', () => {
    const e = explain({
      subject: 'ยืนยันการจองห้องพัก',
      text: 'หมายเลขการจอง: 2283401955\nPIN: 8802\nเช็คอิน: 10 เม.ย.\n\n--------------------------------------------------\nรีสอร์ทชายหาด หาดกะตะ ภูเก็ต 83100\nSecurity centre',
    });
    expect(e.otp).toBeNull();
    const postcode = e.codes.find((c) => c.value === '83100');
    expect(postcode?.reasons.join(' ')).toContain('"PIN" labels "8802", which is no one-time code');
  });

  it('explain() names the abbreviation of an example', () => {
    const e = explain({ text: 'Kod ma 6 cyfr, np. 246 810, i jest ważny tylko 10 minut. Logowanie kodem.' });
    expect(e.otp).toBeNull();
    expect(e.codes[0]?.reasons.join(' ')).toContain('"np." near it');
  });

  describe('the evidence must stand near the code it vouches for, or in the subject', () => {
    const filler =
      'This month we added shared folders, a dark theme, faster search across every project, and a new mobile app for tablets. Our team also fixed dozens of small annoyances that you told us about in the survey. Thank you for all the feedback, and keep it coming: we read every message that reaches us.';
    const footer = `Log in to your dashboard to see what is new.\n\n${filler}\n\nAcme Ltd · Partner programme code 482913`;
    it('no code: a number beside a code word, the only sign-in word three paragraphs away', () => {
      expect(otp(footer, 'Acme news')).toBeNull();
      const e = explain({ subject: 'Acme news', text: footer });
      expect(e.codes.find((c) => c.value === '482913')?.reasons.at(-1)).toMatch(/stand more than 250 characters from it, and the subject names none/);
    });
    it('code: the same words beside the code', () => {
      expect(otp(`${filler}\n\nTo log in, enter the code 482913.`, 'Acme news')).toBe('482913');
    });
    it('code: the same words in the subject', () => {
      expect(otp(`${filler}\n\nEnter the code 482913.`, 'Log in to Acme')).toBe('482913');
    });
  });

  it('link: a Japanese sign-in notice whose only link changes the password gives none; a reset mail does', () => {
    const notice = `<p>新しい端末からログインがありました。</p><p>お心当たりのない場合は、${a('https://tabilog.example/settings/password', 'パスワードを変更してください')}。</p>`;
    expect(link(notice)).toBeNull();
    const reset = `<p>パスワードの再設定のリクエストを受け付けました。</p><p>${a('https://tabilog.example/password/reset?token=9QwXk2Lr7TzP', 'パスワードを再設定する')}</p>`;
    expect(link(reset)).toBe('https://tabilog.example/password/reset?token=9QwXk2Lr7TzP');
  });
});

describe('the seventh round: stock mails of frameworks, invitations, shared documents, purposes after "click here", examples, bank passwords', () => {
  const textLink = (text: string, subject?: string) => extract({ subject, text }).verificationLink;

  describe('the action URLs of frameworks and servers, whatever the words around them', () => {
    const found: Array<[string, string, string]> = [
      [
        'WordPress set-password link (it)',
        'Nome utente: qatester\n\nPer impostare la tua password, visita il seguente indirizzo:\n\nhttps://blog.example/wp-login.php?action=rp&key=aXGzZHIW4r9zRdgJ3vzE&login=qatester&wp_lang=it_IT\n\nhttps://blog.example/wp-login.php',
        'https://blog.example/wp-login.php?action=rp&key=aXGzZHIW4r9zRdgJ3vzE&login=qatester&wp_lang=it_IT',
      ],
      [
        'Devise "Unlock my account" (en)',
        'Hello qa@example.com!\n\nYour account has been locked due to an excessive number of unsuccessful sign in attempts.\n\nClick the link below to unlock your account:\n\nUnlock my account: https://app.example/users/unlock?unlock_token=xY7rQ2mLk9Pz',
        'https://app.example/users/unlock?unlock_token=xY7rQ2mLk9Pz',
      ],
      [
        'Devise invitation (pt)',
        'Você foi convidado para a equipe Vendas.\n\nClique no link abaixo:\nhttps://teamboard.example/users/invitation/accept?invitation_token=naG1TOlLKocFliRQZGzg',
        'https://teamboard.example/users/invitation/accept?invitation_token=naG1TOlLKocFliRQZGzg',
      ],
      [
        'Firebase e-mail sign-in link',
        'Hello,\n\nFollow this link:\n\nhttps://demo-app.firebaseapp.com/__/auth/action?mode=signIn&oobCode=Qm3kZx81LpR2vN&apiKey=AIzaSyD&lang=en\n\nThanks,\nYour demo-app team',
        'https://demo-app.firebaseapp.com/__/auth/action?mode=signIn&oobCode=Qm3kZx81LpR2vN&apiKey=AIzaSyD&lang=en',
      ],
      [
        'Discourse e-mail login (ru)',
        'Нажмите на ссылку ниже:\nhttps://forum.example/session/email-login/8f3c2a9d41b7e6f05c2d',
        'https://forum.example/session/email-login/8f3c2a9d41b7e6f05c2d',
      ],
    ];
    it.each(found)('link: %s', (_name, text, url) => {
      expect(textLink(text)).toBe(url);
    });
    const never: Array<[string, string]> = [
      ['a WordPress login page with no key', 'Your site is ready. Log in here:\nhttps://blog.example/wp-login.php?action=login'],
      ['a Devise invitation declined', 'Decline: https://teamboard.example/users/invitation/remove?invitation_token=naG1TOlLKocFliRQZGzg'],
      ['a Devise token too short to be one', 'Open: https://app.example/users/password/edit?reset_password_token=abc'],
      [
        'a sign-in alert\'s "Lock my account", the way out',
        'New sign-in from Firefox on Linux.\nLock my account: https://app.example/account/lock?t=xY7rQ2mLk9Pz',
      ],
      ['a Firebase handler with no code', 'Open: https://demo-app.firebaseapp.com/__/auth/action?mode=resetPassword&lang=en'],
    ];
    it.each(never)('no link: %s', (_name, text) => {
      expect(textLink(text)).toBeNull();
    });
    it('explain() names the framework', () => {
      const e = explain({ text: found[0]?.[1] as string });
      expect(e.links.find((l) => l.verdict === 'chosen')?.reasons.join(' ')).toContain("the URL is the action link of WordPress's stock mail");
    });
  });

  describe('viewing the invitation the URL names', () => {
    const found: Array<[string, string, string]> = [
      ['en View invitation', 'https://forgehub.example/mara-k/tidepool/invitations', 'View invitation'],
      ['de Einladung ansehen', 'https://team.example/einladung/4821', 'Einladung ansehen'],
      ['pt Ver convite', 'https://team.example/convite/4821', 'Ver convite'],
      ['ko 초대 보기', 'https://team.example/invitations/4821', '초대 보기'],
    ];
    it.each(found)('link: %s', (_name, url, label) => {
      expect(link(`<p>You have been invited to a repository.</p><p>${a(url, label)}</p>`)).toBe(url);
    });
    it.each([
      ['a calendar invitation', 'https://calendar.example/event?eid=4821', 'View invitation'],
      ['a URL that names no invitation', 'https://forgehub.example/mara-k/tidepool', 'View invitation'],
    ])('no link: %s', (_name, url, label) => {
      expect(link(`<p>Meeting: weekly sync.</p><p>${a(url, label)}</p>`)).toBeNull();
    });
  });

  describe('opening the document a message says was shared', () => {
    const doc = 'https://docs.sheetcraft.example/spreadsheets/d/02a69aIzjWUU7ZOOV0BmSvK4Oc2VdigP8V7/edit?usp=sharing';
    const found: Array<[string, string, string]> = [
      ['en', 'Dana Ortiz has invited you to edit the following spreadsheet: FY26 budget', 'Open'],
      ['fr', 'Dana Ortiz a partagé un document avec vous : Budget 2026', 'Ouvrir'],
      ['es', 'Dana Ortiz ha compartido un documento contigo: Presupuesto', 'Abrir'],
      ['ja', 'Dana Ortiz さんがドキュメントを共有しました: 予算案', '開く'],
      ['zh-Hans', 'Dana Ortiz 与您共享了文档：预算', '打开'],
    ];
    it.each(found)('link: %s', (_lang, words, label) => {
      expect(link(`<p>${words}</p><p>${a(doc, label)}</p>`)).toBe(doc);
    });
    it('no link: "Open" on a document in a mail that shares nothing', () => {
      expect(link(`<p>Our monthly report is out.</p><p>${a(doc, 'Open')}</p>`)).toBeNull();
    });
    it('no link: a comment notification whose footer says the document was shared', () => {
      const filler = 'Dana Ortiz commented on FY26 budget draft. '.repeat(10);
      expect(
        link(`<p>${filler}</p><p>${a(doc, 'Open')}</p><p>You have received this email because dana@example.com shared a spreadsheet with you.</p>`),
      ).toBeNull();
    });
    it('no link: a shared document whose URL carries no identifier', () => {
      expect(link(`<p>Dana shared a document with you.</p><p>${a('https://docs.example/d/report', 'Open')}</p>`)).toBeNull();
    });
  });

  describe('a "click here" whose purpose follows the link', () => {
    const found: Array<[string, string, string]> = [
      [
        'th',
        'คลิก ที่นี่\n[https://shopsabai.example/password/new?t=lRs5r4G-RIHCUjWJAgg3]\nเพื่อตั้งรหัสผ่านใหม่ ลิงก์มีอายุ 30 นาที',
        'https://shopsabai.example/password/new?t=lRs5r4G-RIHCUjWJAgg3',
      ],
      [
        'en',
        'Click here https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3 to set a new password.',
        'https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3',
      ],
      [
        'de',
        'Klicke hier: https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3 um dein Passwort zurückzusetzen.',
        'https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3',
      ],
      [
        'vi',
        'Nhấn vào đây https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3 để đặt lại mật khẩu.',
        'https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3',
      ],
    ];
    it.each(found)('link: %s', (_lang, text, url) => {
      expect(textLink(text)).toBe(url);
    });
    const never: Array<[string, string]> = [
      ['a purpose that is no action', 'Click here https://shop.example/account/orders?t=lRs5r4G-RIHCUjWJAgg3 to view your order.'],
      ['after "if this wasn\'t you"', "If this wasn't you, click here https://shop.example/password/new?t=lRs5r4G-RIHCUjWJAgg3 to set a new password."],
      ['no secret and no action in the URL', 'Click here https://shop.example/account to set a new password.'],
    ];
    it.each(never)('no link: %s', (_name, text) => {
      expect(textLink(text)).toBeNull();
    });
  });

  describe('a code word right before "like" names the kind of code, not this one', () => {
    it.each([
      ['en', 'Tip: turn on two-step verification. When you sign in, we’ll email you a code like 123456 — never share it with anyone.'],
      ['nl', 'Tip: zet tweestapsverificatie aan. Bij het inloggen mailen we je een code zoals 123456 — deel die nooit.'],
      ['ru', 'Совет: включите двухэтапную проверку. При входе мы пришлём код вроде 123456 — никому его не сообщайте.'],
      ['he', 'טיפ: הפעילו אימות דו-שלבי. בכניסה נשלח אליכם קוד כמו 123456 — אל תשתפו אותו.'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text, 'Spring sale')).toBeNull();
    });
    it('code: a code that is sent ("if you would like a new code" names no example)', () => {
      expect(otp('Your verification code is 482913. If you would like a new code, sign in again.', 'Sign in')).toBe('482913');
    });
  });

  describe("a bank's transaction or text-message password in Chinese", () => {
    it.each([
      ['zh-Hant 交易密碼', '網路交易簡訊密碼', '您末四碼2217之信用卡於ONLINE SHOP消費新臺幣3,580元，交易密碼：920174。\n\n客服專線：02-2555-1234', '920174'],
      ['zh-Hans 短信密码', '网上支付', '您尾号2217的银行卡正在消费人民币580.00元，短信密码：920174，请勿泄露。', '920174'],
      ['zh-Hans 动态口令', '网银登录', '您正在登录网上银行，动态口令：603318，5分钟内有效。', '603318'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['the card ending beside a password that is not sent', '密碼變更通知', '您末四碼2217之信用卡交易密碼已重設，如非本人操作請聯繫客服。'],
      ['a password changed, an order number after it', '交易密碼變更通知', '您的交易密碼已變更。訂單編號 20260318，金額 3,580 元。'],
      ["a token card's serial number", '动态口令卡', '您的动态口令卡序列号 88213490 已激活。'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });
});

describe('the eighth round: quoted example codes, verification passwords, card endings by their count, train numbers, pairs of a letter and a digit, sign-in purposes', () => {
  describe('a code quoted with its code word is an example, in any script of quotation marks', () => {
    // Phrasings and languages of none of the corpora: newsletters, awareness mails and articles that quote a code.
    const examples: Array<[string, string, string]> = [
      ['en, a scam warning', 'Security tips for March', 'Fraudsters send texts reading "Your verification code is 771204" and then call you. Hang up.'],
      ['de, „…“', 'Sicherheitsnewsletter', 'Betrüger schicken SMS wie „Dein Bestätigungscode lautet 771204“ und rufen dann an. Legen Sie auf.'],
      ['fr, « … »', 'La lettre sécurité', 'Un faux conseiller vous demande de lire le SMS « Votre code de vérification : 771204 ». Raccrochez.'],
      ['es, “…”', 'Boletín de seguridad', 'Los estafadores envían mensajes del tipo “Tu código de verificación es 771204” para robar cuentas.'],
      ['ru, «…»', 'Дайджест безопасности', 'Мошенники присылают сообщения «Ваш код подтверждения: 771204» и просят его продиктовать.'],
      ['ja, 「…」', 'セキュリティ通信 第12号', '詐欺グループは「認証コード：771204」のようなSMSを送り、番号を聞き出そうとします。'],
      ['zh-Hans, 『…』', '安全周刊', '骗子会冒充客服，要求你转发『验证码 771204』这类短信。'],
      ['he, "…"', 'ניוזלטר אבטחה', 'נוכלים שולחים הודעות כמו "קוד האימות שלך הוא 771204" ומבקשים להקריא אותו.'],
      ['tr, “…”', 'Güvenlik bülteni', 'Dolandırıcılar “Doğrulama kodunuz: 771204” gibi mesajlar gönderip kodu istiyor.'],
    ];
    it.each(examples)('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('explain() gives the quotation as the reason', () => {
      const e = explain({ subject: 'Security tips', text: 'Scammers send you "Your code is 771204" and then call. Never share it.' });
      expect(e.otp).toBeNull();
      const c = e.codes.find((x) => x.value === '771204');
      expect(c?.reasons.join(' ')).toMatch(/inside a quotation with its code word/);
    });
    // Real one-time-code mails: the code quoted after its code word, or "never share this code" beside it.
    const sent: Array<[string, string, string, string]> = [
      ['en, never share', 'Your sign-in code', 'Your verification code is 771204. Never share this code with anyone, we will never ask you for it.', '771204'],
      ['en, quoted after the code word', 'Sign in', 'Enter the code "771204" to sign in. Never share it: scammers pretend to be us.', '771204'],
      ['de, niemals weitergeben', 'Ihr Anmeldecode', 'Ihr Bestätigungscode lautet 771204. Geben Sie diesen Code niemals weiter.', '771204'],
      [
        'ja, 「」 around the label only',
        'ログイン認証',
        '「認証コード」欄に次の番号を入力してください：771204\n第三者には絶対に教えないでください。',
        '771204',
      ],
      ['ru, «» around the service name', 'Код входа', 'Ваш код для входа в «Банк Онлайн»: 771204. Никому не сообщайте этот код.', '771204'],
    ];
    it.each(sent)('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
  });

  describe('a verification word right before a password word names a one-time password', () => {
    it.each([
      [
        'tr, doğrulama şifreniz',
        '3D Secure',
        'Kart: 5401 **** **** 7723\nTutar: 4.299,00 TL\n\nDoğrulama şifreniz: 418735\n\nBu şifreyi kimseyle paylaşmayın.',
        '418735',
      ],
      ['tr, doğrulama şifresi', 'İnternet alışverişi', 'İşleminiz için doğrulama şifresi: 552091. Kimseyle paylaşmayın.', '552091'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('no code: a password changed, with no verification word before it', () => {
      expect(otp('Şifreniz değiştirildi. Müşteri numaranız: 552091.', 'Hesap bildirimi')).toBeNull();
    });
  });

  describe('a card ending named by its count of digits (下4桁), and a host name is no word of the mail', () => {
    it('code: the one-time password, not the card ending, beside a shop whose host name ends in .EXAMPLE', () => {
      const text = 'ご利用カード: 下4桁 8842\nご利用先: ヨドバシ.EXAMPLE\nご利用金額: 38,500円\n\nワンタイムパスワード：502718\n\n有効期限は発行から10分です。';
      expect(otp(text, '本人認証のワンタイムパスワード')).toBe('502718');
    });
    it('no code: a card ending alone', () => {
      expect(otp('ご利用カード 末尾4桁 8842 のご利用がありました。', 'ワンタイムパスワードのお知らせ')).toBeNull();
    });
    it('the word "example" still marks an example when it is no host name', () => {
      expect(otp('Codes look like this example: 482913', 'Security tips')).toBeNull();
    });
  });

  describe("a train's number is no code", () => {
    it.each([
      ['hi', 'टिकट की पुष्टि', '<p>टिकट की पुष्टि</p><p>ट्रेन: <b>12951</b> मुंबई राजधानी</p><p>कोच/सीट: B3 / 41</p>'],
      ['zh-Hans', '订票确认', '<p>您的车票已确认。</p><p>车次 <b>12951</b>，7车41座。</p>'],
      ['en', 'Confirmation', '<p>Please confirm your trip.</p><p>Train: <b>12951</b> to Paris</p>'],
      ['de', 'Buchungsbestätigung', '<p>Ihre Reise ist bestätigt.</p><p>Zug: <b>57821</b> nach Berlin</p>'],
      ['pl', 'Potwierdzenie', '<p>Potwierdzenie rezerwacji.</p><p>Pociąg: <b>12951</b> do Krakowa</p>'],
    ])('no code: %s', (_lang, subject, html) => {
      expect(extract({ subject, html }).otp).toBeNull();
    });
    it('code: a train company sends a sign-in code', () => {
      expect(otp('Your verification code is 482913. Use it to sign in and book your next train.', 'Sign in')).toBe('482913');
    });
  });

  describe('pairs of a letter and a digit in groups of three or four', () => {
    it.each([
      ['en', 'To confirm, type this code in the game client under Settings > Account > Delete:\n\n    D4-9K-2P\n', 'D4-9K-2P'],
      ['fr', 'Votre code de vérification : A7-K2-9Q-X3. Il expire dans 10 minutes.', 'A7-K2-9Q-X3'],
    ])('code: %s', (_lang, text, code) => {
      expect(otp(text, 'Account')).toBe(code);
    });
    it('no code: pairs of letters or of digits only (a date, a state and a country)', () => {
      expect(otp('Your code word is below:\n\nAB-CD-EF\n', 'Account')).toBeNull();
    });
  });

  describe('the infinitive of signing in as the purpose of a link', () => {
    it.each([
      [
        'de',
        'Klicke auf den folgenden Link, um dich bei Vereinsheim anzumelden:\n\nhttps://vereinsheim.example/login/mail/Z0Rx7O86A52y6V6hC1fsB9iF9u8NEd\n\nDer Link ist 15 Minuten gültig.',
        'https://vereinsheim.example/login/mail/Z0Rx7O86A52y6V6hC1fsB9iF9u8NEd',
      ],
      [
        'nl',
        'Klik op de volgende link om in te loggen bij Clubhuis:\n\nhttps://clubhuis.example/login/mail/Z0Rx7O86A52y6V6hC1fsB9iF9u8NEd\n\nDe link is 15 minuten geldig.',
        'https://clubhuis.example/login/mail/Z0Rx7O86A52y6V6hC1fsB9iF9u8NEd',
      ],
    ])('link: %s', (_lang, text, url) => {
      expect(extract({ subject: 'Login', text }).verificationLink).toBe(url);
    });
    it('no link: signing in to read the newsletter, with no secret and nothing one-time', () => {
      expect(
        extract({ subject: 'News', text: 'Klicke auf den folgenden Link, um dich anzumelden:\n\nhttps://vereinsheim.example/news' }).verificationLink,
      ).toBeNull();
    });
  });
});

describe('the ninth round: digits before a mask, example codes after a like-word, a meeting password in Thai', () => {
  describe('digits with mask characters after them are part of a masked number, never a code', () => {
    it.each([
      ['ko card, dashes', '해외 결제 승인을 위한 인증번호를 안내드립니다.\n카드: 9410-****-****-2281\n\n인증번호 [820514]', '820514'],
      ['pl national ID, glued stars', 'Użyj kodu weryfikacyjnego podanego poniżej.\nPESEL: 850312*****\nKod: 81732', '81732'],
      ['en card, bullets after a space', 'Verification code for your card 4821 •••• ••••: 482913', '482913'],
      ['pl phone, stars in the middle', 'Kod weryfikacyjny wysłaliśmy na numer +48 600 *** 123: 482913', '482913'],
      ['fr account, X runs', 'Code de vérification pour le compte 1234XX XX34 : 482913', '482913'],
      ['es account, hashes', 'Código de verificación para la cuenta 551200####: 482913', '482913'],
    ])('the code, not the masked number: %s', (_name, text, code) => {
      expect(otp(text, 'Verification code')).toBe(code);
    });
    it.each([
      ['bold in a text part', 'Your verification code: **482913**'],
      ['emphasis', 'Your verification code is *482913*'],
      ['a footnote star after a space', 'Your verification code: 482913 *'],
      ['a quantity', 'Your verification code: 482913 x 2'],
      ['a size after an x', 'Verification code 482913 XXL'],
    ])('a code with a star, an x or letters after it keeps it: %s', (_name, text) => {
      expect(otp(text, 'Verification code')).toBe('482913');
    });
    it('explain() names the mask after the digits', () => {
      const c = explain({ subject: 'Verification code', text: 'Verification code. PESEL: 850312*****' }).codes.find((k) => k.value === '850312');
      expect(c?.reasons.at(-1)).toMatch(/masked digits after it/);
    });
  });

  describe('a code word, a like-word that also means "as" or "how", and a number: an example', () => {
    it.each([
      ['ar', 'لن نطلب منك رمز التحقق أبداً. يتصل المحتالون ويطلبون رمزاً مثل 839201 بحجة تحديث البيانات.'],
      ['es', 'Nunca le pediremos su código de verificación. Los estafadores piden un código como 482913 por teléfono.'],
      ['it', 'Non ti chiederemo mai il codice di verifica: i truffatori chiedono un codice come 482913.'],
      ['fr', 'Nous ne demandons jamais de code de vérification : un escroc demande un code comme 482913.'],
      ['de', 'Wir fragen nie nach dem Bestätigungscode. Betrüger verlangen einen Code wie 482913 am Telefon.'],
      ['pl', 'Nigdy nie prosimy o kod weryfikacyjny. Oszuści proszą o kod jak 482913 przez telefon.'],
      ['vi', 'Chúng tôi không bao giờ hỏi mã xác minh. Kẻ gian hỏi mã như 482913 qua điện thoại.'],
      ['id', 'Kami tidak pernah meminta kode verifikasi. Penipu meminta kode seperti 482913 lewat telepon.'],
      ['tr', 'Doğrulama kodunu asla sormayız. Dolandırıcılar 482913 gibi bir kod ister.'],
      ['hi', 'हम कभी सत्यापन कोड नहीं मांगते। ठग 482913 जैसा कोड मांगते हैं।'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text, 'Security tips')).toBeNull();
    });
    it.each([
      ['de', 'Ihr Bestätigungscode wie folgt: 482913'],
      ['es', 'Tu código de verificación, como siempre: 482913'],
      ['fr', 'Utilisez ce code comme mot de passe à usage unique : 482913'],
      ['pt', 'Use o código como senha temporária de verificação: 482913'],
    ])('code: a like-word that is no "like" keeps the code (%s)', (_lang, text) => {
      expect(otp(text, 'Verification code')).toBe('482913');
    });
    it('explain() names the example', () => {
      const c = explain({ subject: 'Security tips', text: 'Nunca le pediremos su código de verificación: piden un código como 482913.' }).codes.find(
        (k) => k.value === '482913',
      );
      expect(c?.reasons.at(-1)).toMatch(/"código como" near it/);
    });
  });

  describe("a Thai meeting's password is no one-time code", () => {
    it('no code: a meeting invitation with its ID and password', () => {
      expect(
        otp('ประชุมวันที่ 23 มี.ค. เวลา 09:30 น.\n\nลิงก์ประชุม: https://meet.example/j/55120884\n\nMeeting ID: 551 2088 4\nรหัสผ่าน: 909112', 'เชิญประชุม'),
      ).toBeNull();
    });
    it('code: a one-time password in Thai keeps it', () => {
      expect(otp('รหัสผ่าน OTP ของคุณคือ 909112 ใช้ได้ภายใน 5 นาที', 'รหัส OTP')).toBe('909112');
    });
  });
});

describe('the tenth round: hotlines, gift cards, a code named by its code word, activation links', () => {
  describe('a customer-service line is never the code: its label, its verb and its local shape', () => {
    it.each([
      [
        'ko, bank hotline below the code in brackets',
        '고객님, 아래 송금을 진행하시려면 인증번호를 입력해 주세요.\n\n인증번호 [502871]\n\n고객센터 1588-0000',
        '인증번호 안내',
        '502871',
      ],
      ['id, code in brackets and a service line', 'Transaksi Anda menunggu persetujuan.\nKode OTP [640219]\n\nNomor layanan 2881 8888', 'Kode OTP', '640219'],
      [
        'en, a code right after its code word keeps a hotline shape',
        'Your verification code: 1588 3201\nIt expires in 5 minutes.',
        'Verification code',
        '15883201',
      ],
      ['zh, code in corner brackets', '您正在进行转账操作，验证码【481526】，5分钟内有效。服务热线 4008 2000', '验证码', '481526'],
    ])('the code: %s', (_name, text, subject, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['ko, 문의', '인증번호는 문자로 발송되었습니다.\n문의 1577 1234', '인증번호 안내'],
      ['ko, 콜센터 after a code word', '인증번호 관련 콜센터 1644 0000', '인증번호 안내'],
      ['vi, hotline', 'Mã xác nhận đã được gửi qua SMS.\nHotline hỗ trợ 1900 6035', 'Mã xác nhận'],
      ['nl, bel', 'Je verificatiecode is per sms verstuurd. Vragen? Bel 0800-1234.', 'Verificatiecode'],
      ['pt, central', 'O código de verificação foi enviado por SMS.\nCentral de atendimento 4004 0001', 'Código de verificação'],
      ['id, hubungi', 'Kode OTP telah dikirim ke ponsel Anda. Hubungi Halo Nusantara 1500 888 jika ada pertanyaan.', 'Kode OTP'],
      ['zh, 致电', '验证码已通过短信发送。如有疑问请致电95555', '验证码'],
      ['en, helpline', 'Your verification code was sent by text message.\nHelpline 800 4444', 'Verification code'],
      ['de, Service-Hotline', 'Ihr Bestätigungscode wurde per SMS gesendet. Service-Hotline 0900 1234', 'Bestätigungscode'],
      ['fr, appelez', 'Votre code de vérification a été envoyé par SMS. Appelez le 3639 en cas de question.', 'Code de vérification'],
      ['es, llámanos', 'Tu código de verificación se envió por SMS. Llámanos al 4004 1234.', 'Código de verificación'],
      ['ru, горячая линия', 'Код подтверждения отправлен по SMS. Горячая линия 5000 1234', 'Код подтверждения'],
      ['ar, مركز الاتصال', 'تم إرسال رمز التحقق برسالة نصية. مركز الاتصال: 8001 2345', 'رمز التحقق'],
      ['he, מוקד', 'קוד האימות נשלח אליך בהודעה. מוקד שירות 1700 5000', 'קוד אימות'],
      ['hi, helpline', 'सत्यापन कोड SMS से भेजा गया है। हेल्पलाइन 1800 2000', 'सत्यापन कोड'],
      ['th, สายด่วน', 'รหัส OTP ถูกส่งทาง SMS แล้ว สายด่วน 1333', 'รหัส OTP'],
      ['ja, お問い合わせ', '認証コードはSMSで送信しました。お問い合わせ 4821 0000', '認証コード'],
      ['pl, infolinia', 'Kod weryfikacyjny wysłaliśmy SMS-em. Infolinia 8010 1234', 'Kod weryfikacyjny'],
    ])('no code: %s', (_name, text, subject) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('explain() names the hotline shape', () => {
      const c = explain({ subject: 'Mã xác nhận', text: 'Mã xác nhận đã được gửi qua SMS.\nLiên hệ 1900 6035' }).codes.find((k) => k.value === '19006035');
      expect(c?.reasons.at(-1)).toMatch(/shaped like a customer-service or hotline number/);
    });
    it('explain() says why a number after no code word loses to the one named', () => {
      const c = explain({
        subject: '인증번호 안내',
        html: '<p>인증번호 [502871]</p><p>가상계좌 <b>4821 7730</b></p>',
      }).codes.find((k) => k.value === '48217730');
      expect(c?.reasons.at(-1)).toMatch(/"502871" stands right after its code word/);
    });
  });

  describe("a gift card's, voucher's or prepaid card's PIN is no one-time code", () => {
    const far = (intro: string, pin: string) => `${intro}\n\n6034 9912 4478 1023\n${pin}\n`;
    it.each([
      [
        'nl, cadeaubon',
        far('Eva stuurt je een cadeaubon van € 25,00 met de boodschap: "Gefeliciteerd met je nieuwe baan!"', 'Pincode: 4410\nGeldig tot: 06-03-2028'),
        'Boekhuis Linde',
      ],
      [
        'de, Gutscheinkarte',
        far('Anna hat dir eine Gutscheinkarte über 50 € geschickt, mit der Nachricht: "Alles Gute zum Geburtstag, bis bald!"', 'PIN: 5512\nGültig bis 2028'),
        'Buchhaus',
      ],
      [
        'fr, carte-cadeau',
        far(
          'Léa vous offre une carte-cadeau de 30 € avec ce message : « Joyeux anniversaire, profite bien de ce moment ! »',
          'Code PIN : 8841\nValable jusqu’au 12/2028',
        ),
        'Librairie',
      ],
      [
        'es, tarjeta regalo',
        far('Marta te ha enviado una tarjeta regalo de 40 € con el mensaje: "¡Feliz cumpleaños, disfrútalo mucho!"', 'PIN: 7720\nVálida hasta 2028'),
        'Librería',
      ],
      [
        'pt, vale-presente',
        far('Ana enviou um vale-presente de R$ 100 com a mensagem: "Parabéns pelo novo emprego, aproveite bastante!"', 'Código PIN: 3309\nVálido até 2028'),
        'Livraria',
      ],
      [
        'pl, karta podarunkowa',
        far('Ola przesyła Ci kartę podarunkową (karta podarunkowa, 100 zł) z wiadomością: "Wszystkiego najlepszego!"', 'PIN: 6610\nWażna do 2028'),
        'Księgarnia',
      ],
      [
        'ru, подарочная карта',
        far('Ирина отправила вам подарочную карту на 3000 ₽ с сообщением: «С днём рождения, радуйся каждому дню!»', 'PIN-код: 5521\nДействует до 2028'),
        'Книжный',
      ],
      [
        'ja, ギフト券',
        far('山田様より5,000円分のギフト券が届きました。メッセージ：「お誕生日おめでとうございます。素敵な一年を！」', 'PIN 7781\n有効期限 2028年'),
        'ブックス',
      ],
      [
        'ko, 상품권',
        far('김민지 님이 5만원 상품권을 보냈습니다. 메시지: "생일 축하해요, 좋은 하루 보내세요!" 아래 번호로 등록하세요.', 'PIN 4471\n유효기간 2028년'),
        '북스',
      ],
    ])('no code when the card is named further than the line before: %s', (_name, text, subject) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['nl', 'Je hebt een cadeaubon ontvangen!', 'Hoi!\n\nBoncode: 6034 9912 4478 1023\nPincode: 4410\nGeldig tot 2028'],
      ['en', 'You received an e-gift from Sam', 'Hi!\n\nCard: 6034 9912 4478 1023\nPIN: 4410\nValid until 2028'],
      ['tr', 'Hediye kartınız hazır', 'Merhaba,\n\nKart: 6034 9912 4478 1023\nPIN: 4410\nSon geçerlilik 2028'],
      ['uk', 'Ваш подарунковий сертифікат', 'Вітаємо!\n\nНомер: 6034 9912 4478 1023\nPIN: 4410\nДійсний до 2028'],
      ['zh', '您收到一张礼品卡', '您好！\n\n卡号 6034 9912 4478 1023\nPIN 4410\n有效期至 2028 年'],
      ['th', 'คุณได้รับบัตรของขวัญ', 'สวัสดีค่ะ\n\nหมายเลขบัตร 6034 9912 4478 1023\nPIN 4410\nใช้ได้ถึง 2028'],
    ])('no code when the subject names a gift card: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      [
        'en, a verification word before the code',
        'Your gift card order',
        'Thanks for buying a gift card for Sam.\n\nTo confirm the purchase, enter this verification code: 482913',
      ],
      ['de, a gift-card footer after the code', 'Anmeldung', 'Dein Bestätigungscode lautet: 482913\n\nVerschenke Freude: Geschenkkarten ab 10 €'],
      ['nl, a verification code in a gift-card mail', 'Je cadeaubon', 'Om je cadeaubon te activeren, vul je deze verificatiecode in: 482913'],
    ])('the code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBe('482913');
    });
    it('explain() says the subject names a gift card', () => {
      const c = explain({ subject: 'Je hebt een cadeaubon ontvangen!', text: 'Boncode: 6034 9912 4478 1023\nPincode: 4410\nGeldig tot 2028' }).codes.find(
        (k) => k.value === '4410',
      );
      expect(c?.reasons.at(-1)).toMatch(/the subject names a gift card/);
    });
  });

  describe('activation, verification and password links named by a noun or an infinitive', () => {
    const url = (path: string) => `https://app.example/${path}?kod=73789bedcf1ae9201c5303347b662d3a`;
    it.each([
      ['pl, aktywacja (URL) and aktywować (label)', 'Aby aktywować konto pacjenta, kliknij w poniższy link:', 'aktywacja'],
      ['pl, label only', 'Kliknij, aby aktywować konto:', 'konto/start'],
      ['pl, URL only', 'Kliknij poniższy link:', 'aktywacja-konta'],
      ['es, activación', 'Activación de la cuenta:', 'cuenta/start'],
      ['pt, ativação', 'Link de ativação da conta:', 'conta/start'],
      ['id, aktivasi', 'Tautan aktivasi akun:', 'akun/start'],
      ['tr, aktivasyon', 'Hesap aktivasyonu için:', 'hesap/start'],
      ['ru, активация', 'Для активации аккаунта перейдите по ссылке:', 'akkaunt/start'],
      ['pl, nowe hasło (URL)', 'Kliknij poniższy link:', 'nowe-haslo'],
    ])('%s', (_name, before, path) => {
      expect(extract({ text: `${before}\n\n${url(path)}\n\nLink jest ważny 24 godziny.` }).verificationLink).toBe(url(path));
    });
    it('an activity page is no activation', () => {
      expect(extract({ text: 'Zobacz swoje aktywności:\n\nhttps://app.example/aktywnosci/2026\n' }).verificationLink).toBeNull();
    });
  });
});

describe('the eleventh round: codes no longer valid, scam warnings, shopping vouchers, "wasn\'t you?" links, a booking confirmed by an OTP', () => {
  describe('a code the mail says has expired, was used, cancelled or replaced is no code', () => {
    it.each([
      ['en', 'The verification code 482913 you requested has expired. Please go back to the app.'],
      ['en, used', 'Someone signed in with your one-time code 482913 at 21:37.\n\nWas it you? Then the code has been used and there is nothing to do.'],
      ['de', 'Der Bestätigungscode 482913 wurde bereits verwendet.'],
      ['de, another sentence', 'Soeben hat sich jemand mit dem Einmalcode 482913 angemeldet.\n\nWarst du das? Dann ist der Code damit verbraucht.'],
      ['fr', 'Le code de vérification 482913 a expiré. Revenez dans l’application.'],
      ['es', 'El código de verificación 482913 ha caducado.'],
      ['pt', 'O código de verificação 482913 expirou.'],
      ['it', 'Il codice di verifica 482913 che ti abbiamo inviato non è più valido.'],
      ['nl', 'De verificatiecode 482913 is verlopen.'],
      ['pl', 'Kod weryfikacyjny 482913 wygasł.'],
      ['tr', 'Doğrulama kodunuz 482913 daha önce kullanıldı.'],
      ['ru', 'Срок действия кода подтверждения 482913 истёк.'],
      ['uk', 'Код підтвердження 482913 вже використано.'],
      ['ar', 'انتهت صلاحية رمز التحقق 482913 المرسل إليك.'],
      ['he', 'קוד האימות 482913 כבר נוצל.'],
      ['hi', 'आपका सत्यापन कोड 482913 समाप्त हो गया है।'],
      ['vi', 'Mã xác thực 482913 đã hết hạn.'],
      ['id', 'Kode verifikasi 482913 sudah kedaluwarsa.'],
      ['th', 'รหัสยืนยัน 482913 หมดอายุแล้ว'],
      ['ja', '認証コード 482913 は有効期限が切れました。'],
      ['ko', '인증번호 482913 이 만료되었습니다.'],
      ['zh-Hans', '验证码 482913 已过期。'],
      ['zh-Hant', '驗證碼 482913 已失效。'],
    ])('%s', (_lang, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['en, expires in', 'Your verification code is 482913. It expires in 10 minutes.'],
      ['en, if it has expired', 'Your verification code is 482913. If it has expired, request a new one.'],
      ['en, a new code', 'Your previous code has expired. Your new verification code is 482913.'],
      ['de, nach 10 Minuten', 'Ihr Bestätigungscode lautet 482913. Nach 10 Minuten ist der Code nicht mehr gültig.'],
      ['de, gültig bis', 'Dein Bestätigungscode: 482913 (gültig bis 14:20 Uhr).'],
      ['de, neuer Code', 'Dein alter Code ist abgelaufen. Hier ist dein neuer Bestätigungscode:\n\n482913'],
      ['fr, expire dans', 'Votre code de vérification : 482913. Il expire dans 10 minutes.'],
      ['es, caduca en', 'Tu código de verificación es 482913. Caduca en 10 minutos.'],
      ['it, se è scaduto', 'Il tuo codice di verifica è 482913. Se il codice è scaduto, richiedine uno nuovo.'],
      ['ru, действителен', 'Ваш код подтверждения: 482913. Код действителен 10 минут.'],
      ['ru, если истёк', 'Ваш код подтверждения: 482913. Если код истёк, запросите новый.'],
      ['zh, 有效期', '您的验证码是 482913，有效期10分钟。'],
      ['zh, 如果已过期', '您的验证码是 482913。如果验证码已过期，请重新获取。'],
      ['ja, 有効期限', '認証コード：482913（有効期限は10分です）'],
      ['id, akan kedaluwarsa', 'Kode verifikasi Anda 482913. Kode akan kedaluwarsa dalam 5 menit.'],
      ['th, จะหมดอายุ', 'รหัส OTP ของคุณคือ 482913 รหัสจะหมดอายุใน 5 นาที'],
      ['pl, ważny', 'Twój kod weryfikacyjny: 482913. Kod jest ważny 10 minut.'],
    ])('the code stays: %s', (_name, text) => {
      expect(otp(text)).toBe('482913');
    });
    it('explain() says the code is no longer valid', () => {
      const c = explain({ text: 'Der Bestätigungscode 482913 wurde bereits verwendet.' }).codes.find((k) => k.value === '482913');
      expect(c?.reasons.at(-1)).toMatch(/has expired, was used, cancelled or replaced \("verwendet", in the sentence of this number\)/);
    });
  });

  describe('a mail warning of scams quotes codes as examples', () => {
    it.each([
      [
        'en',
        'Fraud alert: scammers ask for one-time passcodes',
        'Criminals call and say: we just sent you a code, it is six digits, like 123456. Never read it out.',
      ],
      ['en, no like-word', 'Beware of scams', 'Scammers ask you to read out the verification code we send, 482913 for instance. Never do it.'],
      ['de', 'Warnung vor Betrug', 'Betrüger verlangen am Telefon den Bestätigungscode aus der SMS, etwa 482913. Geben Sie ihn nie weiter.'],
      ['fr', 'Attention aux arnaques', 'Des escrocs demandent le code de vérification reçu par SMS, par exemple 482913. Ne le donnez jamais.'],
      ['zh-Hans', '防骗提醒：验证码就是您的钱包钥匙', '不法分子诱导客户提供短信验证码，请把收到的6位数字482913报给我。任何索要验证码的都是骗子。'],
      ['ko', '금융사기 주의 안내', '사기범이 인증번호를 요구합니다. 문자로 받은 482913 같은 번호를 절대 알려주지 마세요.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a code named by its code word stays under a fraud subject', () => {
      expect(otp('To approve this payment, enter your one-time code: 482913', 'Fraud alert: confirm this payment')).toBe('482913');
    });
    it('the cause of zh-Hans-09: a code word whose first number is a hotline names that number (no scam word in the subject)', () => {
      const text = '请牢记：任何索要验证码的都是骗子。如遇可疑情况，请拨打反诈专线96110。\n\n-- \n华信银行股份有限公司 | 上海市浦东新区陆家嘴环路1288号';
      expect(otp(text, '安全提醒')).toBeNull();
    });
    it('explain() says the subject warns of scams', () => {
      const c = explain({ subject: 'Beware of scams', text: 'Scammers ask you to read out the verification code we send, 482913 for instance.' }).codes.find(
        (k) => k.value === '482913',
      );
      expect(c?.reasons.at(-1)).toMatch(/the subject warns of fraud or scams/);
    });
  });

  describe('shopping vouchers are gift cards', () => {
    it.each([
      ['he, תו קנייה', 'נועה שלחה לך תו קנייה דיגיטלי.\n\nסכום: ₪200\nמספר התו: 5061 2290 3318 4471\nקוד סודי: 9012\nבתוקף עד: 31/03/2031'],
      ['he, תו שי', 'קיבלת תו שי בשווי ₪150.\n\nקוד סודי: 9012\nאין למסור את הקוד לאף אחד.'],
      ['he, תלוש', 'מצורף תלוש על סך ₪100.\n\nקוד סודי: 9012\nאין למסור את הקוד לאף אחד.'],
      ['fr, bon d’achat', "Vous avez reçu un bon d'achat de 50 €.\n\nCode secret : 9012\nNe communiquez jamais ce code."],
      ['pt, vale-compras', 'Você recebeu um vale-compras de R$ 100.\n\nCódigo secreto: 9012\nNão compartilhe este código.'],
      ['ru, ваучер', 'Вам отправлен ваучер на 1000 ₽.\n\nСекретный код: 9012\nНикому не сообщайте этот код.'],
      ['vi, phiếu mua hàng', 'Bạn nhận được phiếu mua hàng trị giá 200.000đ.\n\nMã bí mật: 9012\nKhông chia sẻ mã này cho bất kỳ ai.'],
      ['zh, 购物券', '您收到一张购物券，面值200元。\n\nPIN：9012\n请勿将PIN告诉他人。'],
      ['de, Einkaufsgutschein', 'Dein Einkaufsgutschein über 25 € ist da.\n\nGeheimcode: 9012\nGib diesen Code niemals weiter.'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['fr, "bon" is no voucher', "C'est bon : votre code de vérification est 482913."],
      ['he, תו alone', 'קוד האימות שלך: 482913. הקוד מכיל תו אחד בלבד בכל שורה.'],
    ])('the code stays: %s', (_name, text) => {
      expect(otp(text)).toBe('482913');
    });
  });

  describe('a booking confirmed by a one-time code', () => {
    it.each([
      ['hi', 'ट्रेन 12951, 20-03-2026, 3A की बुकिंग पूरी करने के लिए यह OTP दर्ज करें:\n\n    615 004\n\nयह OTP 5 मिनट तक मान्य है।'],
      ['en', 'To complete your booking for 2 guests, enter this OTP:\n\n615004\n\nIt is valid for 5 minutes.'],
    ])('the code: %s', (_lang, text) => {
      expect(otp(text)).toBe('615004');
    });
    it.each([
      ['a booking PIN', 'Your booking is confirmed. Booking PIN: 4410. Show it at the desk.'],
      ['a courier', 'डिलीवरी लेते समय डिलीवरी एजेंट को यह OTP बताएं: 4419'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
  });

  describe('a "wasn\'t you?" link of a notice is never the verification link', () => {
    const u = 'https://account.example/recover?src=pwchange&r=QmWHYQl78tsgB6U9';
    it.each([
      ['en', `Your password was changed on 12 March.\n\nIf you did this, you don't need to do anything.\n\nIf you didn't, reset your password now.\n${u}`],
      ['de', `Dein Passwort wurde geändert.\n\nWarst du das nicht? Passwort zurücksetzen:\n${u}`],
      ['fr', `Votre mot de passe a été modifié.\n\nCe n'était pas vous ? Réinitialisez votre mot de passe :\n${u}`],
      ['es', `Tu contraseña ha cambiado.\n\n¿No fuiste tú? Restablece tu contraseña:\n${u}`],
      ['ru', `Ваш пароль изменён.\n\nЭто были не вы? Сбросьте пароль:\n${u}`],
    ])('text: %s', (_lang, text) => {
      expect(extract({ text }).verificationLink).toBeNull();
    });
    it('html: the link finishes "if this wasn\'t you"', () => {
      expect(link(`<p>Your password was changed.</p><p>If you didn't, ${a(u, 'reset your password now')} and review your activity.</p>`)).toBeNull();
    });
    it.each([
      [
        'a reset link, the doubt in a later sentence',
        `Klicke auf den folgenden Link, um dein Passwort zurückzusetzen. Wenn du das nicht angefordert hast, ignoriere diese Nachricht.\n${u}`,
      ],
      ['a reset link, the doubt after it', `Reset your password:\n${u}\n\nIf you didn't ask for this, ignore this email.`],
    ])('the link stays: %s', (_name, text) => {
      expect(extract({ text }).verificationLink).toBe(u);
    });
    it('explain() says the link is the way out of a notice', () => {
      const l = explain({ text: `If you didn't, reset your password now.\n${u}` }).links.find((k) => k.url === u);
      expect(l?.reasons.at(-1)).toMatch(/the way out of a notice/);
    });
  });
});

describe('the twelfth round: used and entered codes, quoted scam texts, backup codes, referral and pick-up codes, amounts, "never" and links', () => {
  describe('a code the mail says can no longer be used, was used or was entered, in the other word orders and tenses', () => {
    it.each([
      ['en, can no longer be used', 'Your sign-in code 482913 can no longer be used.'],
      ['en, was entered', 'The security code 482913 was entered on a new device at 09:14.'],
      ['de, nicht mehr verwendet', 'Der Anmeldecode 482913 kann nicht mehr verwendet werden.'],
      ['de, eingegeben', 'Der Bestätigungscode 482913 wurde bereits eingegeben.'],
      ['fr, a déjà été utilisé', 'Le code de vérification 482913 a déjà été utilisé.'],
      ['fr, ne peut plus être utilisé', 'Votre code de connexion 482913 ne peut plus être utilisé.'],
      ['fr, a bien été saisi', 'Le code de connexion 482913 a bien été saisi. Vous êtes connecté à votre espace.'],
      ['es, ya no puede ser utilizado', 'El código de verificación 482913 ya no puede ser utilizado.'],
      ['pt, não pode mais ser usado', 'O código de verificação 482913 não pode mais ser usado.'],
      ['pt, foi concluído com o código', 'Sua transferência foi concluída às 15:46 com o código de segurança 482913.'],
      ['it, è già stato utilizzato', 'Il codice di verifica 482913 è già stato utilizzato.'],
      ['it, non può più essere utilizzato', 'Il codice di accesso 482913 non può più essere utilizzato.'],
      ['nl, niet meer worden gebruikt', 'De verificatiecode 482913 kan niet meer worden gebruikt.'],
      ['tr, artık kullanılamaz', 'Doğrulama kodunuz 482913 artık kullanılamaz.'],
      ['ru, больше не может быть использован', 'Код подтверждения 482913 больше не может быть использован.'],
      ['ar, لم يعد من الممكن استخدامه', 'رمز التحقق 482913 لم يعد من الممكن استخدامه.'],
      ['he, לא ניתן עוד להשתמש', 'בקוד האימות 482913 לא ניתן עוד להשתמש.'],
      ['id, tidak dapat digunakan lagi', 'Kode verifikasi 482913 tidak dapat digunakan lagi.'],
      ['ja, 使用できなくなりました', '認証コード 482913 は使用できなくなりました。'],
      ['zh-Hans, 已无法使用', '验证码 482913 已无法使用。'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['en, must be used within', 'Your verification code is 482913. It must be used within 10 minutes.'],
      ['fr, doit être utilisé', 'Votre code de vérification : 482913. Il doit être utilisé dans les 10 minutes.'],
      ['fr, ne peut être utilisé qu’une fois', 'Votre code de vérification : 482913. Il ne peut être utilisé qu’une seule fois.'],
      ['it, può essere utilizzato una sola volta', 'Il tuo codice di verifica è 482913. Può essere utilizzato una sola volta.'],
      ['id, setelah 5 menit', 'Kode verifikasi Anda 482913. Kode tidak dapat digunakan lagi setelah 5 menit.'],
      ['pt, para concluir', 'Para concluir o seu cadastro, use o código de verificação 482913.'],
      ['ru, должен быть использован', 'Ваш код подтверждения: 482913. Код должен быть использован в течение 10 минут.'],
    ])('the code stays: %s', (_name, text) => {
      expect(otp(text)).toBe('482913');
    });
    it('explain() names the word of the ended state', () => {
      const c = explain({ text: 'Le code 482913 a bien été saisi.' }).codes.find((k) => k.value === '482913');
      expect(c?.reasons.at(-1)).toMatch(/\("saisi", in the sentence of this number\)/);
    });
  });

  describe('a scam warning that quotes what scammers write, under any subject', () => {
    it.each([
      ['en', 'Security tips', 'Fraudsters send texts like: “BANK: your verification code is 482913. Reply with it to stop the payment”. This is not us.'],
      ['ru', 'Совет недели', 'Мошенники пишут: «Ваш код подтверждения 482913, продиктуйте его сотруднику, чтобы отменить перевод». Это не мы.'],
      ['de', 'Sicherheitshinweis', 'Betrüger schreiben: „Ihr Bestätigungscode lautet 482913, bitte nennen Sie ihn unserem Mitarbeiter am Telefon“.'],
      ['es', 'Consejos', 'Los estafadores escriben: "Tu código de verificación es 482913, compártelo con el agente para anular el cargo".'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['a quoted code alone, no scam word', 'Sign-in', 'Your verification code is "482913". It expires in 10 minutes.'],
      ['a scam word and a live code outside the quotation', 'Security', 'Your verification code is 482913. Beware of scammers: we never call to ask for it.'],
    ])('the code stays: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBe('482913');
    });
    it('explain() says the number is quoted in a scam warning', () => {
      const c = explain({ text: 'Scammers say: «your code is 482913, read it to me to cancel the payment».' }).codes.find((k) => k.value === '482913');
      expect(c?.reasons.at(-1)).toMatch(/warns of fraud or scams and quotes this number inside a sentence/);
    });
  });

  describe('a list of backup or recovery codes gives no code', () => {
    it.each([
      ['en', 'Your backup verification codes (each can be used once):\n\n    39172240\n    88021165\n    50739941\n'],
      ['de', 'Hier sind Ihre Backup-Codes für die Zwei-Faktor-Anmeldung:\n\n1. 39172240\n2. 88021165\n3. 50739941\n'],
      ['fr', 'Voici vos codes de secours. Chaque code est à usage unique :\n\n- 3917-2240\n- 8802-1165\n- 5073-9941\n'],
      ['pl', 'Twoje kody zapasowe do weryfikacji dwuetapowej. Każdy kod jest jednorazowy:\n\n1. 3917-2240\n2. 8802-1165\n3. 5073-9941\n'],
      ['ru', 'Ваши резервные коды для входа:\n\n3917 2240\n8802 1165\n5073 9941\n'],
      ['ja', 'バックアップ用の確認コードです。各コードは1回限り有効です：\n\n39172240\n88021165\n50739941\n'],
      ['zh-Hant', '以下為備用驗證碼，每組只能使用一次：\n\n3917 2240\n8802 1165\n5073 9941\n'],
      ['zh-Hans', '以下是您的备用验证码，每个只能使用一次：\n\n39172240\n88021165\n50739941\n'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([['a code and a mention of backup codes', 'Your sign-in code:\n\n482913\n\nLost your phone? Use one of your backup codes instead.']])(
      'the code stays: %s',
      (_name, text) => {
        expect(otp(text)).toBe('482913');
      },
    );
    it('explain() says the number is one of a list of backup codes', () => {
      const c = explain({ text: 'Your recovery codes:\n\n39172240\n88021165\n50739941\n' }).codes.find((k) => k.value === '39172240');
      expect(c?.reasons.at(-1)).toMatch(/one of a list of backup or recovery codes/);
    });
  });

  describe('referral codes, convenience-store pick-up numbers and an example word in a name', () => {
    it.each([
      ['fr, code parrain', 'Parrainez un proche : votre code parrain est VERD-88K2.', '-15 % avec votre code'],
      ['pt, código de indicação', 'Convide amigos! Seu código de indicação é 4821-9930.', undefined],
      ['es, código de referido', 'Invita a tus amigos con tu código de referido 482913.', undefined],
      ['ja, 紹介コード', 'お友達に紹介コード 482913 を教えてください。', undefined],
      ['zh-Hans, 邀请码', '您的专属邀请码：482913，分享给好友即可获得奖励。', undefined],
      ['ja, コンビニ受取 under 認証番号', '商品が店舗に到着しました。店頭端末で以下の番号を入力してお受け取りください。\n\n認証番号: 882041', undefined],
      ['ko, 편의점', '편의점 택배가 도착했습니다. 인증번호 882041 을 보여주세요.', undefined],
    ])('no code: %s', (_name, text, subject) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['ja, a merchant named EXAMPLE', 'ご利用先: ONLINE SHOP EXAMPLE\nご利用金額: 48,600円\n\nワンタイムパスワード：73018264', '73018264'],
      ['en, a store named in capitals', 'Purchase at BIG STORE EXAMPLE for $20.00.\nYour one-time passcode: 73018264', '73018264'],
    ])('the code: %s', (_name, text, code) => {
      expect(otp(text)).toBe(code);
    });
    it('"for example" in small letters still quotes an example', () => {
      expect(otp('A verification code has six digits, for example 482913.')).toBeNull();
    });
  });

  describe('amounts in the currencies of the 21 languages are no code', () => {
    it.each([
      ['vi, đ', 'Mã xác nhận: 700000đ'],
      ['vi, ₫', 'Mã xác nhận: 700000 ₫'],
      ['ru, руб.', 'Код подтверждения платежа на сумму 4500 руб. отправлен.'],
      ['uk, грн', 'Код підтвердження оплати: 1250 грн'],
      ['pl, zł', 'Kod potwierdzenia płatności: 4500 zł'],
      ['tr, ₺', 'Ödeme doğrulama kodu: 4500₺'],
      ['he, ₪', 'קוד אימות לתשלום בסך ₪4500'],
      ['th, บาท', 'รหัสยืนยันการชำระเงิน 4500 บาท'],
      ['ko, 원', '결제 인증번호: 45000원'],
      ['id, Rp', 'Kode verifikasi pembayaran sebesar Rp 450000'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
    it('the code after an amount stays', () => {
      expect(otp('Thanh toán 700000đ cho đơn hàng.\n\nNhập mã sau để xác nhận: 5106')).toBe('5106');
    });
  });

  describe('an address: the ward and district of a Vietnamese one', () => {
    it('the code, not the postcode after the district', () => {
      expect(otp('Giao đến: 12 Nguyễn Huệ, Phường Bến Nghé, Quận 1, TP.HCM 700000.\nNhập mã sau để xác nhận: 5106')).toBe('5106');
    });
  });

  describe('a code word after "never" names no code', () => {
    it.each([
      ['ar', 'تم إنشاء محفظتك.\n\nتذكّر: لن نطلب منك أبداً رمز التحقق أو كلمة المرور.\n\n-- \nشركة دينار، عمّان 11181، الأردن'],
      ['en', 'Welcome aboard!\n\nWe will never ask you for your verification code.\n\nThanks, the Acme team, 62704'],
      ['de', 'Willkommen!\n\nWir werden Sie niemals nach Ihrem Bestätigungscode fragen.\n\nIhr Team der Musterbank 40213'],
      ['ar, another line', 'لن نطلب منك أبداً رمز التحقق.\n\nشركة دينار، عمّان 11181، الأردن'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['en, the code before the warning', 'Your verification code is 482913.\n\nWe will never ask for your code by phone.'],
      ['en, never share this code: 482913', 'Never share this code: 482913'],
    ])('the code stays: %s', (_name, text) => {
      expect(otp(text)).toBe('482913');
    });
    it('explain() says the code word follows "never"', () => {
      const c = explain({ text: 'We will never ask for your verification code.\n\nOffice 40213' }).codes.find((k) => k.value === '40213');
      expect(c?.reasons.join(' ')).toMatch(/follows "never" in its clause/);
    });
  });

  describe("links: unlocking an account, a new password in the path, a notice's change-password page", () => {
    const t = 'Zm9vYmFyYmF6cXV4cXV1eDEy';
    it.each([
      ['fr', 'https://jeux.example/compte/debloquer?t=' + t, 'Débloquer mon compte'],
      ['zh-Hant', 'https://game.example/account/unlock?t=' + t, '解鎖帳號'],
      ['zh-Hans', 'https://game.example/account/release?t=' + t, '解锁账号'],
      ['de', 'https://konto.example/entsperren?t=' + t, 'Konto entsperren'],
      ['es', 'https://cuenta.example/desbloquear?t=' + t, 'Desbloquear mi cuenta'],
      ['en', 'https://acme.example/account/unlock?t=' + t, 'Unlock your account'],
    ])('the unlock link: %s', (_lang, url, label) => {
      expect(link(`<p>Your account was locked after 5 failed attempts.</p><p>${a(url, label)}</p>`)).toBe(url);
    });
    it('a new-password path with a token in it, its own URL as the label', () => {
      const url = 'https://bibliothek.example/konto/passwort/neu/gbRl5zRIhHZCWaeoDB5ggz05uYDr5';
      expect(link(`<p>Klicken Sie auf den folgenden Link, um ein neues Passwort festzulegen.</p><p>${a(url, url)}</p>`)).toBe(url);
    });
    it.each([
      ['zh-Hans', '您的账号于22:15在深圳登录。如非本人操作，请立即修改密码。', 'https://qingcheng.example/account/password', '修改密码'],
      ['en', 'New sign-in to your account from Chrome on Windows.', 'https://acme.example/settings/security', 'Change your password'],
      ['de', 'Neue Anmeldung bei Ihrem Konto.', 'https://acme.example/konto/sicherheit', 'Passwort ändern'],
    ])("a notice's change-password page is no link: %s", (_lang, notice, url, label) => {
      expect(link(`<p>${notice}</p><p>${a(url, label)}</p>`)).toBeNull();
    });
    it('a change-password link with a token stays', () => {
      const url = `https://acme.example/password/change?token=${t}`;
      expect(link(`<p>You asked to change your password.</p><p>${a(url, 'Change your password')}</p>`)).toBe(url);
    });
    it("explain() says the page is a notice's settings page", () => {
      const url = 'https://qingcheng.example/account/password';
      const l = explain({ html: `<p>如非本人操作，请立即修改密码。</p><p>${a(url, '修改密码')}</p>` }).links.find((k) => k.url === url);
      expect(l?.reasons.at(-1)).toMatch(/a "change your password" link/);
    });
  });
});

describe('the thirteenth round: evidence about the code, promotion and access codes, bank and pairing codes, "use … to sign in", invitations and magic links', () => {
  describe('a validity counts as evidence only as a duration under a day, a deadline within a day or a single use', () => {
    it.each([
      ['en', 'Your member code: 4821. Valid until 31 March 2026.'],
      ['de', 'Ihr Code: 4821. Gültig bis 31.03.2026.'],
      ['fr', 'Votre code : 4821. Valable jusqu’au 31 mars.'],
      ['es', 'Tu código: 4821. Válido hasta el 31 de marzo.'],
      ['nl', 'Je code: 4821. Geldig t/m 31-03-2026.'],
      ['pl', 'Twój kod: 4821. Ważny do 31.03.2026.'],
      ['ru', 'Ваш код: 4821. Действителен до 31 марта.'],
      ['hi', 'कोड 4821 का उपयोग करें। 14 मार्च तक मान्य।'],
      ['id', 'Kode: 4821. Berlaku hingga 31 Maret.'],
      ['en, days', 'Your code: 4821. It stays valid for 30 days.'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['en', 'Your code: 482913. Valid for 10 minutes.'],
      ['de', 'Ihr Code: 482913. Gültig für 15 Minuten.'],
      ['fr', 'Votre code : 482913. Valable 10 minutes.'],
      ['es', 'Tu código: 482913. Válido por 10 minutos.'],
      ['nl', 'Je code: 482913. Geldig voor 10 minuten.'],
      ['pl', 'Twój kod: 482913. Ważny przez 10 minut.'],
      ['ru', 'Ваш код: 482913. Действителен 10 минут.'],
      ['hi', 'आपका कोड 482913 है। 10 मिनट के लिए मान्य।'],
      ['id', 'Kode Anda: 482913. Berlaku 5 menit.'],
      ['ja', 'コード：482913（10分間有効）'],
      ['ko', '코드: 482913 (10분간 유효)'],
      ['en, until a time today', 'Your code: 482913. Valid until 23:59 today.'],
      ['en, a single use', 'Your code: 482913. It is valid for a single use.'],
    ])('the code: %s', (_lang, text) => {
      expect(otp(text)).toBe('482913');
    });
    it('explain() says the validity gives a date', () => {
      const c = explain({ text: 'Ihr Code: 4821. Gültig bis 31.03.2026.' }).codes.find((k) => k.value === '4821');
      expect(c?.reasons.at(-1)).toMatch(/"Gültig": a validity with no duration in minutes or hours/);
    });
  });

  describe("a Wi-Fi network's or a document's password, and what the sender never asks for, are no evidence", () => {
    it.each([
      ['en, Wi-Fi', 'Code: 4826\nWi-Fi password: Sunny2026'],
      ['de, WLAN', 'Code: 4826\nWLAN-Passwort: Sonne2026'],
      ['fr, PDF', 'Votre relevé est en pièce jointe.\nCode : 4826\nLe mot de passe du PDF est votre date de naissance.'],
      ['es, archivo', 'Adjuntamos el documento.\nCódigo: 4826\nLa contraseña del archivo es su DNI.'],
      ['en, never ask', 'Code: 4826\nWe will never ask for your password.'],
      ['ar, never ask', 'الرمز: 4826\nلن نطلب منك أبداً كلمة المرور.'],
      ['ru, never ask', 'Код: 4826\nМы никогда не просим ваш пароль.'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['en, a sign-in password', 'Code: 482913\nUse it with your password to sign in.'],
      ['en, never share', 'Code: 482913\nNever share this code with anyone.'],
    ])('the code: %s', (_name, text) => {
      expect(otp(text)).toBe('482913');
    });
    it('explain() says the password is a Wi-Fi network’s', () => {
      const c = explain({ text: 'Code: 4826\nWi-Fi password: Sunny2026' }).codes.find((k) => k.value === '4826');
      expect(c?.reasons.at(-1)).toMatch(/a password of a Wi-Fi network, a document or a file/);
    });
  });

  describe('a subject that names a promotion lends no code word', () => {
    it.each([
      ['en', '20% off everything: your code inside'],
      ['fr', '-15 % sur tout le site avec votre code'],
      ['de', 'Angebot der Woche: Ihr Code'],
      ['hi', 'होली ऑफ़र: आपका कोड'],
    ])('no code: %s', (_lang, subject) => {
      expect(otp('Your code:\n\n482913', subject)).toBeNull();
    });
    it('a sign-in subject still lends it', () => {
      expect(otp('Your code:\n\n482913', 'Your sign-in code')).toBe('482913');
    });
  });

  describe('promotion codes: cashback in the 21 languages, a word and a number with an amount', () => {
    it.each([
      ['hi', 'कोड HOLI150 का उपयोग करें और ₹500 से अधिक के बिल भुगतान पर ₹150 कैशबैक पाएँ। 10 मिनट में भुगतान करें।'],
      ['ru', 'Код 482913 даёт кэшбэк на первую покупку. Действует 10 минут.'],
      ['uk', 'Код 482913 дає кешбек на першу покупку. Діє 10 хвилин.'],
      ['vi', 'Mã 482913 hoàn tiền cho đơn đầu tiên, hiệu lực 10 phút.'],
      ['id', 'Kode 482913 untuk uang kembali pesanan pertama, berlaku 10 menit.'],
      ['ja', 'コード 482913 でキャッシュバック（10分間有効）'],
      ['ko', '코드 482913 입력 시 캐시백, 10분간 유효'],
      ['zh-Hans', '输入码 482913 即享返现，10分钟内有效。'],
      ['th', 'รหัส 482913 รับเงินคืน หมดอายุใน 10 นาที'],
      ['he', 'קוד 482913 לקבלת קאשבק, בתוקף 10 דקות.'],
      ['en, a word and a number', 'Apply code WELCOME100 when you pay and get ₹100 back. Expires in 2 hours.'],
      ['es, a word and a number', 'Usa el código VERANO500 y recibe $500 de regreso. Válido por 2 horas.'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      ['en, letters and digits of a one-time code', 'Your verification code is K7Q2PX. It expires in 10 minutes.', 'K7Q2PX'],
      ['en, a payment code with an amount', 'Use code 482913 to confirm your payment of ₹150. It expires in 5 minutes.', '482913'],
    ])('the code: %s', (_name, text, code) => {
      expect(otp(text)).toBe(code);
    });
    it("explain() names a promotion's code", () => {
      const c = explain({ text: 'Apply code WELCOME100 when you pay and get ₹100 back.' }).codes.find((k) => k.value === 'WELCOME100');
      expect(c?.reasons.at(-1)).toMatch(/a word and a number \(HOLI150, SPRING25\) with an amount or a percentage in its sentence/);
    });
  });

  describe("a place's access code (key box, door, gate, alarm, safe, Wi-Fi) is no one-time code", () => {
    it.each([
      ['en, key box', 'The key box is next to the front door. Code: 4826 (it changes in 24 hours).'],
      ['en, alarm', 'Alarm panel code: 4826. It expires in 24 hours.'],
      ['de, Schlüsselkasten', 'Der Schlüsselkasten hängt neben dem Eingang, Code: 4826. Gültig 24 Stunden.'],
      ['fr, boîte à clés', 'La boîte à clés est à gauche de l’entrée, code : 4826. Valable 24 heures.'],
      ['fr, digicode', 'Digicode de l’immeuble : 4826, valable aujourd’hui.'],
      ['es, caja de llaves', 'La caja de llaves está junto a la entrada, código: 4826. Válido por 24 horas.'],
      ['pt, caixa de chaves', 'A caixa de chaves fica ao lado da entrada, código: 4826. Válido por 24 horas.'],
      ['it, cassetta delle chiavi', 'La cassetta delle chiavi è accanto all’ingresso, codice: 4826. Valido per 24 ore.'],
      ['nl, sleutelkastje', 'Sleutelkastje naast de deur, code: 4826. Geldig 24 uur.'],
      ['pl, domofon', 'Kod do domofonu: 4826. Ważny przez 24 godziny.'],
      ['tr, anahtar kutusu', 'Anahtar kutusu girişin yanında, kod: 4826. 24 saat geçerli.'],
      ['ru, домофон', 'Код домофона: 4826. Действителен 24 часа.'],
      ['uk, хвіртка', 'Код від хвіртки: 4826. Дійсний 24 години.'],
      ['ar, البوابة', 'رمز البوابة: 4826، صالح لمدة 24 ساعة.'],
      ['he, קודן', 'הקודן בכניסה לבניין: 4826, בתוקף 24 שעות.'],
      ['hi, गेट', 'गेट कोड: 4826, 24 घंटे के लिए मान्य।'],
      ['vi, hộp khóa', 'Hộp khóa cạnh cửa, mã: 4826, hiệu lực 24 giờ.'],
      ['id, kotak kunci', 'Kotak kunci di samping pintu, kode: 4826, berlaku 24 jam.'],
      ['th, ตู้กุญแจ', 'ตู้กุญแจข้างทางเข้า รหัส 4826 ใช้ได้ 24 ชั่วโมง'],
      ['ja, キーボックス', 'キーボックスの暗証コード：4826（24時間有効）'],
      ['ko, 도어락', '도어락 비밀번호 코드: 4826 (24시간 유효)'],
      ['zh-Hans, 门禁', '门禁密码锁代码：4826，24小时内有效。'],
      ['zh-Hant, 鑰匙盒', '鑰匙盒代碼：4826，24小時內有效。'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
    it.each([
      [
        'a sign-in code, the door far from it',
        'Your sign-in code is 482913. It expires in 10 minutes.\n\nP.S. Our office moved: the new front door is on Main Street, next to the bakery and the post office.',
      ],
      ['a verification code for the door app, the word between', 'Door app: your verification code is 482913. It expires in 10 minutes.'],
    ])('the code stays: %s', (_name, text) => {
      expect(otp(text)).toBe('482913');
    });
    it('explain() names the access', () => {
      const c = explain({ text: 'Sleutelkastje naast de deur, code: 4826. Geldig 24 uur.' }).codes.find((k) => k.value === '4826');
      expect(c?.reasons.at(-1)).toMatch(/the code of a place's access/);
    });
  });

  describe('bank codes: BLIK, 3-D Secure, and a card payment confirmed with an authorisation code the mail says not to share', () => {
    it.each([
      [
        'pl, kod autoryzacyjny',
        'POTWIERDZENIE TRANSAKCJI INTERNETOWEJ\n\nPłatność kartą **** 5521 na kwotę 249,99 PLN.\n\nKod autoryzacyjny: 48107329\n\nNie przekazuj kodu nikomu.',
        '48107329',
      ],
      ['es, código de autorización', 'Comprobante de compra en línea.\n\nCódigo de autorización: 482913\n\nNo compartas este código con nadie.', '482913'],
      ['pl, BLIK', 'Kod BLIK do płatności w sklepie: 482913', '482913'],
      ['en, 3-D Secure', 'Your 3-D Secure code: 482913', '482913'],
      ['de, 3D Secure', 'Ihr 3D Secure Code: 482913', '482913'],
      ['pl, "nie" is "not"', 'Nie podawaj nikomu kodu, który wysłaliśmy: 482913', '482913'],
    ])('the code: %s', (_name, text, code) => {
      expect(otp(text)).toBe(code);
    });
    it.each([
      ['en, a receipt', 'Receipt\nCard payment of $24.00 — paid.\nAuth code 082134'],
      ['pl, a receipt', 'Potwierdzenie zapłaty kartą: 49,99 zł, zapłacono.\nKod autoryzacji: 082134'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
  });

  describe("a device's pairing code, and the serial number beside it", () => {
    it.each([
      ['zh-Hant', '請在 App 中輸入以下配對碼，以連結您的智慧門鈴（序號 DB-3300-1284）：\n\nK8R-4WM\n\n配對碼30分鐘內有效。', '裝置配對碼'],
      ['zh-Hans', '请在 App 中输入以下配对码，以连接您的智能门铃（序号 DB-3300-1284）：\n\nK8R-4WM\n\n配对码30分钟内有效。', '设备配对码'],
      ['en', 'Enter this pairing code on your TV: K8R-4WM', undefined],
      ['de', 'Ihr Kopplungscode: K8R-4WM', undefined],
      ['fr', 'Votre code d’appairage : K8R-4WM', undefined],
      ['es', 'Tu código de emparejamiento: K8R-4WM', undefined],
      ['pt', 'Seu código de pareamento: K8R-4WM', undefined],
      ['it', 'Il tuo codice di abbinamento: K8R-4WM', undefined],
      ['nl', 'Je koppelcode: K8R-4WM', undefined],
      ['pl', 'Twój kod parowania: K8R-4WM', undefined],
      ['tr', 'Eşleştirme kodunuz: K8R-4WM', undefined],
      ['ru', 'Код сопряжения: K8R-4WM', undefined],
      ['he', 'קוד הצימוד שלך: K8R-4WM', undefined],
      ['ar', 'رمز الاقتران: K8R-4WM', undefined],
      ['hi', 'पेयरिंग कोड: K8R-4WM', undefined],
      ['vi', 'Mã ghép nối của bạn: K8R-4WM', undefined],
      ['id', 'Kode pairing Anda: K8R-4WM', undefined],
      ['th', 'รหัสจับคู่ของคุณ: K8R-4WM', undefined],
      ['ja', 'ペアリングコード：K8R-4WM', undefined],
      ['ko', '페어링 코드: K8R-4WM', undefined],
    ])('the code: %s', (_lang, text, subject) => {
      expect(otp(text, subject)).toBe('K8R-4WM');
    });
    it('the serial number is never the code', () => {
      const c = explain({ text: '請輸入以下配對碼（序號 DB-3300-1284）：\n\nK8R-4WM', subject: '配對碼' }).codes.find((k) => k.value === '33001284');
      expect(c?.reasons.at(-1)).toMatch(/it follows "序號"/);
    });
  });

  describe('"use 318552 to sign in": a verb of using or entering and what it is for name the code without a code word', () => {
    it.each([
      ['en', 'Use 318552 to sign in to Railyard. It expires in 15 minutes.'],
      ['de', 'Gib 318552 ein, um dich anzumelden.'],
      ['fr', 'Saisissez 318552 pour vous connecter.'],
      ['es', 'Introduce 318552 para iniciar sesión.'],
      ['pt', 'Digite 318552 para entrar na sua conta.'],
      ['it', 'Inserisci 318552 per accedere.'],
      ['nl', 'Voer 318552 in om in te loggen.'],
      ['pl', 'Wpisz 318552, aby się zalogować.'],
      ['tr', 'Giriş yapmak için 318552 kullanın.'],
      ['ru', 'Введите 318552, чтобы войти.'],
      ['uk', 'Введіть 318552, щоб увійти.'],
      ['ar', 'أدخل 318552 لتسجيل الدخول.'],
      ['he', 'הזינו 318552 כדי להתחבר.'],
      ['hi', 'लॉग इन करने के लिए 318552 दर्ज करें।'],
      ['vi', 'Nhập 318552 để đăng nhập.'],
      ['id', 'Masukkan 318552 untuk masuk.'],
      ['th', 'กรอก 318552 เพื่อเข้าสู่ระบบ'],
      ['ja', 'ログインするには 318552 を入力してください。'],
      ['ko', '로그인하려면 318552 입력하세요.'],
      ['zh-Hans', '请输入 318552 以登录。'],
      ['zh-Hant', '請輸入 318552 以登入。'],
    ])('the code: %s', (_lang, text) => {
      expect(otp(text)).toBe('318552');
    });
    it.each([
      ['open a door', 'Use 4826 to open the door.'],
      ['call a number', 'Use 0800 1234 to call us.'],
      ['no purpose', 'Use 318552 wisely.'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text)).toBeNull();
    });
    it('explain() names the frame', () => {
      const c = explain({ text: 'Use 318552 to sign in.' }).codes.find((k) => k.value === '318552');
      expect(c?.reasons[0]).toMatch(/a verb of using or entering and the sign-in or verification it is for frame it \("Use … to sign in"\)/);
    });
  });

  describe('links: joining what the mail invites to, and a magic link without a sign-in label', () => {
    const t = 'Bg1bLTUh_PzERLd0Hd4Cgv1J';
    it.each([
      ['he', 'דני לוי הזמין אותך להצטרף לצוות "שיווק".', 'הצטרפות לצוות'],
      ['en', 'Dana invited you to the Marketing team.', 'Join the team'],
      ['de', 'Dana hat dich in das Team Marketing eingeladen.', 'Team beitreten'],
      ['fr', 'Dana vous a invité à rejoindre l’équipe Marketing.', 'Rejoindre l’équipe'],
      ['es', 'Dana te ha invitado al equipo Marketing.', 'Unirse al equipo'],
      ['ja', 'Dana さんがあなたをチーム「マーケティング」に招待しました。', 'チームに参加'],
    ])('the join link: %s', (_lang, intro, label) => {
      const url = `https://app.example/join/${t}`;
      expect(link(`<p>${intro}</p><p>${a(url, label)}</p>`)).toBe(url);
    });
    it.each([
      ['a meeting', 'Dana invited you to the weekly meeting.', 'Join the meeting'],
      ['no invitation', 'The Marketing team is growing.', 'Join the team'],
    ])('no link: %s', (_name, intro, label) => {
      const url = `https://app.example/join/${t}`;
      expect(link(`<p>${intro}</p><p>${a(url, label)}</p>`)).toBeNull();
    });
    it.each([
      ['it', 'Ciao,\n\nclicca sul link qui sotto per accedere. Il link è valido per 15 minuti e può\nessere usato una sola volta.\n\n', 'Accedi a Quaderno'],
      ['en', 'Hi,\n\nclick the link below to sign in. The link expires in 15 minutes and\nworks only once.\n\n', 'Sign in to Quaderno'],
      [
        'de',
        'Hallo,\n\nklicke auf den Link unten, um dich anzumelden. Der Link ist 15 Minuten gültig und\nfunktioniert nur einmal.\n\n',
        'Anmelden bei Quaderno',
      ],
      ['es', 'Hola:\n\nhaz clic en el enlace de abajo para iniciar sesión. El enlace caduca en 15 minutos y\nsolo funciona una vez.\n\n', 'Inicia sesión'],
    ])('the magic link: %s', (_lang, intro, subject) => {
      const url = 'https://quaderno.app/auth/link?t=cJVFxHue6TXT9GOJV9N9zY_XE8sM';
      expect(extract({ subject, text: `${intro}${url}\n` }).verificationLink).toBe(url);
    });
    it('a sign-in page with a token in a mail that says nothing of a one-time link stays no link', () => {
      const url = 'https://quaderno.app/auth/link?t=cJVFxHue6TXT9GOJV9N9zY_XE8sM';
      expect(extract({ subject: 'Accedi a Quaderno', text: `Ciao,\n\necco le novità del mese.\n\n${url}\n` }).verificationLink).toBeNull();
    });
    it('explain() names the magic link and the join', () => {
      const url = 'https://quaderno.app/auth/link?t=cJVFxHue6TXT9GOJV9N9zY_XE8sM';
      const l = explain({ subject: 'Accedi', text: `Clicca sul link qui sotto per accedere.\nIl link è valido per 15 minuti.\n\n${url}\n` }).links.find(
        (k) => k.url === url,
      );
      expect(l?.reasons.join(' ')).toMatch(/a magic link \(\+4\)/);
      const j = `https://app.example/join/${t}`;
      const e = explain({ html: `<p>דני הזמין אותך לצוות.</p><p>${a(j, 'הצטרפות לצוות')}</p>` }).links.find((k) => k.url === j);
      expect(e?.reasons.join(' ')).toMatch(/the label joins \("הצטרפו"\) what the message invites the reader to/);
    });
  });
});

describe('the fourteenth round: hand-over codes, a reply or forward note, fixed codes, the closing, postcodes, settings and approval links', () => {
  describe('a hand-over or delivery code, told to a courier or at a counter, is no one-time code', () => {
    it.each([
      ['en', 'Your order is on its way', 'Handover code: 4821. Do not share it with anyone but the courier.'],
      ['en', 'Your parcel', 'Drop-off PIN: 7305 - show it to the driver only, never share it.'],
      ['de', 'Ihre Lieferung', 'Ihr Übergabecode: 4821\nGeben Sie ihn nicht weiter, nur dem Fahrer.'],
      ['fr', 'Votre commande', 'Code de remise : 4821. Ne le partagez pas, sauf avec le livreur.'],
      ['nl', 'Je bestelling', 'Afleveringscode: 4821. Deel deze code met niemand behalve de bezorger.'],
      ['pl', 'Twoje zamówienie', 'Kod wydania: 4821. Nie udostępniaj go nikomu poza kurierem.'],
      ['ru', 'Ваш заказ в пути', 'Код вручения: 4821. Никому не сообщайте его, кроме курьера.'],
      ['uk', 'Ваше замовлення', 'Код видачі: 4821. Нікому не повідомляйте його, крім кур’єра.'],
      ['ar', 'طلبك في الطريق', 'رمز التسليم: 3094\n\nأعطِ رمز التسليم للمندوب عند استلام الطلب فقط.\n\n-- \nطلبات سريعة، الرياض'],
      ['he', 'ההזמנה בדרך', 'קוד מסירה: 4821. אל תשתפו אותו עם אף אחד מלבד השליח.'],
      ['id', 'Pesanan Anda', 'Kode serah terima: 4821. Jangan bagikan kode ini kecuali kepada kurir.'],
      ['ja', 'ご注文の配達', '受け渡しコード：4821 他人に教えないでください。'],
      ['zh-Hans', '您的外卖', '交付码：4821，请勿泄露给他人。'],
    ])('no code (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en', 'Your click & collect order', 'Your collection PIN is 7305. Show it at the counter to pick up your order.'],
      ['de', 'Abholung bereit', 'Ihre PIN: 7305. Zeigen Sie sie am Schalter vor.'],
      ['fr', 'Commande prête', 'Votre code : 7305, à présenter au guichet.'],
      ['es', 'Pedido listo', 'Tu PIN: 7305. Muéstralo en el mostrador.'],
      ['ja', '商品のお受け取り', 'お受け取り番号：7305 カウンターで提示してください。'],
    ])('a code shown at a counter is no code (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en', 'Your verification code', 'Your verification code is 482913. Do not share it.'],
      ['ru', 'Код подтверждения', 'Ваш код подтверждения: 482913. Никому не сообщайте его.'],
      ['ar', 'رمز التحقق', 'رمز التحقق الخاص بك: 482913. لا تشارك هذا الرمز.'],
    ])('a verification code stays (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBe('482913');
    });
    it('explain() says the code word was made another kind of code', () => {
      const c = explain({ subject: 'Your order', text: 'Handover code: 4821. Give it to the courier.' }).codes.find((k) => k.value === '4821');
      expect(c?.reasons.at(-1)).toMatch(/it follows "Handover code", a code word made into another kind of code/);
    });
  });

  describe("a reply's or a forward's own note, above the message it quotes, carries no service's code", () => {
    const forward = (subject: string, note: string, header: string, original: string) => ({ subject, text: `${note}\n\n${header}\n${original}\n` });
    it.each([
      [
        'en',
        forward(
          'Fwd: Your verification code',
          'Whoever runs the sign-up test: here it is. Bug is QA-4471, build 3.2.18.',
          '---------- Forwarded message ---------\nFrom: Acme <no-reply@acme.example>',
          'Your verification code is 582064.',
        ),
      ],
      [
        'de',
        forward(
          'WG: Ihr Bestätigungscode',
          'Für den Test von Konto 3, Ticket QA-4471, Version 3.2.18.',
          'Von: Acme <no-reply@acme.example>\nGesendet: Montag',
          'Ihr Bestätigungscode lautet 582064.',
        ),
      ],
      [
        'fr',
        forward(
          'TR: Votre code de vérification',
          'Pour le test du compte 3 (ticket QA-4471).',
          'De : Acme <no-reply@acme.example>\nEnvoyé : lundi',
          'Votre code de vérification est 582064.',
        ),
      ],
      [
        'he',
        forward(
          'הועבר: קוד אימות',
          'מי שמריץ את הבדיקה - הנה הקוד. הבאג הוא QA-4471, גרסה 3.2.18.',
          '---------- הודעה שהועברה ----------\nמאת: דואר פלוס',
          'קוד האימות שלך הוא 582064.',
        ),
      ],
      [
        'ru',
        forward('Пересл: Код подтверждения', 'Для теста аккаунта 3, задача QA-4471.', 'От: Acme <no-reply@acme.example>', 'Ваш код подтверждения: 582064.'),
      ],
      ['zh-Hans', forward('转发：【学而网校】邮箱验证码', '测试账号3用，缺陷单 QA-4471。', '发件人：学而网校', '您的验证码是 582064。')],
    ])('the forwarded original keeps its code, the note gives none (%s)', (_lang, input) => {
      expect(extract(input).otp).toBe('582064');
    });
    it.each([
      [
        'fr',
        'RE: Accès compte de test recette',
        'Salut,\n\nEn recette le code à saisir pour le compte est 482913 (bouchon côté fournisseur).\n\nJulien\n\nDe : Camille Durand\nObjet : Accès compte de test recette\n> Quelqu’un a le code OTP pour le compte ? Ticket REC-2291.',
      ],
      [
        'en',
        'Re: staging login',
        'Use code 482913 for the staging account, it never changes.\n\nOn Mon, 9 Mar 2026 at 10:12, Camille wrote:\n> Does anyone have the OTP for staging?',
      ],
      ['de', 'AW: Testkonto', 'Der Code für das Testkonto ist 482913.\n\nAm 09.03.2026 um 10:12 schrieb Camille:\n> Hat jemand den Code?'],
      ['es', 'RE: cuenta de pruebas', 'El código de verificación de pruebas es 482913.\n\nDe: Camila\nEnviado: lunes\n> ¿Alguien tiene el código?'],
    ])("a colleague's code in a reply's note is no code (%s)", (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('without a reply or forward subject the same text keeps its code', () => {
      expect(otp('Your verification code is 582064.\n\nFrom: Acme Security\nThe Acme team', 'Your verification code')).toBe('582064');
    });
    it('in HTML only, the note above the forwarded header gives no code', () => {
      const html =
        '<div>Can someone finish the test? Ticket QA-4471, build 3.2.18.</div><br><div>---------- Forwarded message ---------<br>From: <b>Acme</b><br>Subject: Your code<br></div><p>Your verification code is <b>582064</b>.</p>';
      expect(extract({ subject: 'Fwd: Your verification code', html }).otp).toBe('582064');
    });
    it("explain() names the writer's note", () => {
      const e = explain({
        subject: 'Fwd: Your code',
        text: 'Ticket QA-4471 here.\n\n---------- Forwarded message ---------\nFrom: Acme\nYour verification code is 582064.',
      });
      expect(e.codes.find((k) => k.value === 'QA-4471')?.reasons.at(-1)).toMatch(
        /the subject answers or forwards a mail and this stands in the writer's own note/,
      );
    });
  });

  describe('a fixed code: one the text says is "always" the same', () => {
    it.each([
      ['fr', 'le code à saisir est toujours 000000 sur cet environnement.'],
      ['en', 'On staging the verification code is always 4711.'],
      ['de', 'Auf der Testumgebung ist der Bestätigungscode immer 4711.'],
      ['es', 'En pruebas el código de verificación es siempre 4711.'],
      ['pt', 'No ambiente de testes o código de verificação é sempre 4711.'],
      ['it', 'In collaudo il codice di verifica è sempre 4711.'],
      ['nl', 'Op test is de verificatiecode altijd 4711.'],
      ['pl', 'Na środowisku testowym kod weryfikacyjny to zawsze 4711.'],
      ['ru', 'На тестовом стенде код подтверждения всегда 4711.'],
    ])('no code (%s)', (_lang, text) => {
      expect(otp(text, 'Verification code')).toBeNull();
    });
    it.each([
      ['es', 'Tu código de verificación, como siempre: 482913'],
      ['en', 'As always, your verification code: 482913'],
      ['de', 'Wie immer Ihr Bestätigungscode: 482913'],
    ])('"as always" keeps the code (%s)', (_lang, text) => {
      expect(otp(text, 'Verification code')).toBe('482913');
    });
    // A test environment's own mail with its stub code is what a test waits for: the code, whatever its digits.
    it.each([
      ['en', 'Your verification code is 111111.', '111111'],
      ['en', 'Your verification code is 000000.', '000000'],
      ['de', 'Ihr Bestätigungscode lautet 0000.', '0000'],
      ['fr', 'Votre code de vérification : 999999', '999999'],
      ['ja', '認証コード：222222', '222222'],
    ])('a stub code a service sends is its code (%s %s)', (_lang, text, code) => {
      expect(otp(text, 'Verification code')).toBe(code);
    });
    it('explain() names the fixed code', () => {
      const c = explain({ subject: 'Verification code', text: 'On staging the verification code is always 4711.' }).codes.find((k) => k.value === '4711');
      expect(c?.reasons.at(-1)).toMatch(/rejected: a fixed code \("always" before it\)/);
    });
  });

  describe("the message's closing and a footer's postcodes hold no code", () => {
    it.each([
      [
        'ru',
        'Это вы входите в аккаунт?',
        'Подтвердите вход: это были вы?\n\nЕсли нет, смените пароль.\n\n-- \nООО "Облако-Код", 420500, Республика Татарстан, г. Иннополис',
      ],
      ['th', 'ยืนยันการเข้าสู่ระบบ', 'มีการเข้าสู่ระบบบัญชีของคุณ\nหากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่าน\n\n----------\nรีสอร์ทชายหาด หาดกะตะ ภูเก็ต 83100'],
      ['zh-Hans', '登录提醒', '您的账户刚刚登录。如非本人操作，请修改密码。\n\n-- \n华信银行股份有限公司 | 上海市浦东新区陆家嘴环路1288号'],
      ['ar', 'تسجيل دخول جديد', 'تم تسجيل الدخول إلى حسابك. إذا لم تكن أنت، غيّر كلمة المرور.\n\n-- \nشركة دينار للدفع الإلكتروني، عمّان 11181، الأردن'],
    ])('a number after the last rule or signature line (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['ru', 'Вход в аккаунт', 'Подтвердите вход.\n\nООО "Облако-Код", 420500, Республика Татарстан, г. Иннополис'],
      ['uk', 'Вхід в акаунт', 'Код підтвердження надіслано.\nТОВ «Код-Сервіс», 01001, м. Київ, вул. Хрещатик, 1'],
      ['pt', 'Código de verificação', 'Seu código foi enviado por SMS.\nAv. Paulista 1000, São Paulo, CEP 01310-100'],
    ])("a company's quoted name and its postcode (%s)", (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['ar', 'تأكيد الدخول', 'تم إرسال رمز التحقق إلى هاتفك.\nشركة دينار للدفع الإلكتروني، عمّان 11181، الأردن'],
      ['ko', '본인 확인', '인증번호가 문자로 발송되었습니다.\n미래페이(주) (우) 03187 서울특별시 종로구'],
      ['tr', 'Doğrulama', 'Doğrulama kodunuz SMS ile gönderildi.\nÖrnek A.Ş., Büyükdere Cad. No:1, 34394 Şişli/İstanbul'],
      ['pl', 'Kod weryfikacyjny', 'Kod weryfikacyjny wysłaliśmy SMS-em.\nPrzykład Sp. z o.o., 00-061 Warszawa'],
      ['hi', 'सत्यापन कोड', 'आपका सत्यापन कोड SMS से भेजा गया है।\nउदय पेमेंट्स, अंधेरी, Mumbai - 400001'],
    ])("a postcode in more countries' formats (%s)", (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en', 'Your verification code', 'Your verification code is 482913.\nIt expires in 10 minutes.\n\n-- \nAcme Inc., 350 Fifth Ave, New York'],
      ['ru', 'Код подтверждения', 'Ваш код подтверждения: 482913\n\n-- \nООО "Облако-Код", 420500, Республика Татарстан'],
    ])('the code above the closing stays (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBe('482913');
    });
    it.each([
      ['en', 'Sign-in code', 'Hi,\n\nUse this code to sign in, it expires in 10 minutes:\n\n--------\n482913\n'],
      ['de', 'Anmeldecode', 'Hallo,\n\nIhr Anmeldecode ist 10 Minuten gültig.\n\n--------\nCode: 482913\n'],
    ])('a code alone on its line or right after its code word under a last rule stays (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBe('482913');
    });
    it('a rule line near the top opens no closing: the code under it stays', () => {
      expect(otp('==========\nACME\n==========\nYour verification code is 482913.\nThanks', 'Verification')).toBe('482913');
    });
    it("explain() names the message's closing", () => {
      const e = explain({
        subject: 'Вход',
        text: 'Подтвердите вход в аккаунт, код не нужен.\nЕсли это не вы, смените пароль.\n\n-- \nООО Облако, 420500, Республика Татарстан',
      });
      expect(e.codes.find((k) => k.value === '420500')?.reasons.at(-1)).toMatch(/rejected: it stands in the message's closing/);
    });
  });

  describe('an approval number, a code "below" that reads as a year', () => {
    it("a card payment's Freigabenummer (de)", () => {
      expect(
        otp(
          'MASTERCARD IDENTITY CHECK\n\nSie bezahlen mit Ihrer Mastercard **** 6620.\n\nIhre Freigabenummer für diese Zahlung lautet:\n\n73911508\n\nBitte geben Sie die Nummer nur im Bezahlfenster ein.',
          'Freigabe Ihrer Online-Zahlung',
        ),
      ).toBe('73911508');
    });
    it.each([
      ['ko', '[서울하나병원] 본인 확인', '또는 앱에서 아래 인증번호를 입력하세요.\n\n    2047\n'],
      ['en', 'Verify your email', 'Enter the verification code below:\n\n2047\n'],
      ['ja', '本人確認', '以下の認証コードを入力してください。\n\n2047\n'],
    ])('a year-like code alone under "below" (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBe('2047');
    });
    it('a year after a mark on its line stays no code ("© 2024")', () => {
      expect(otp('Verification code: see below\n\n© 2024\n', 'Verify your email')).toBeNull();
    });
    it('a year in a sentence stays no code', () => {
      expect(otp('Your verification code below is valid through 2047 in our archive.', 'Verification')).toBeNull();
    });
  });

  describe('links: a settings page whatever words stand between, Korean approval, palavra-passe', () => {
    it.each([
      ['de', 'Passwort jetzt ändern'],
      ['en', 'Change the password of your account'],
      ['fr', 'Modifiez dès maintenant votre mot de passe'],
      ['ru', 'Смените срочно пароль'],
      ['ko', '비밀번호 즉시 변경'],
      ['pt', 'Alterar a palavra-passe'],
    ])('a change-password label to a page with no secret is no link (%s)', (_lang, label) => {
      expect(link(`<p>Neue Anmeldung.</p><p>${a('https://kontor-cloud.example/konto/sicherheit', label)}</p>`)).toBeNull();
    });
    it('a change-password label with a token keeps its link', () => {
      const u = 'https://kontor-cloud.example/konto/passwort?token=U9P1huzmzQ0xqpzDD4j0a3DkZLT4e83v';
      expect(link(`<p>${a(u, 'Passwort jetzt ändern')}</p>`)).toBe(u);
    });
    it.each([['네, 제가 맞습니다'], ['제가 맞아요'], ['본인 맞습니다']])('a Korean "yes, it is me" approves (%s)', (label) => {
      const u = 'https://security.mirae-pay.example/device/approve?rid=Yk2uTeLfwqGZdOh3BlURQxHzyb8jqv6B';
      expect(link(`<p>새 기기에서 로그인 요청이 있습니다.</p><p>${a(u, label)}</p>`)).toBe(u);
    });
    it.each([['Definir nova palavra-passe'], ['Redefinir a palavra-passe'], ['Recuperar palavra-passe']])(
      'a pt-PT recovery label with a token (%s)',
      (label) => {
        const u = 'https://www.portal.example.pt/recuperar-senha?t=U9P1_huzmzQ0xqpzDD4j0a3DkZLT4e83vJuI';
        expect(link(`<p>Recebemos um pedido de recuperação.</p><p>${a(u, label)}</p>`)).toBe(u);
      },
    );
    it('a pt-PT recovery label without a token is no link', () => {
      expect(link(`<p>${a('https://www.portal.example.pt/ajuda', 'Recuperar palavra-passe')}</p>`)).toBeNull();
    });
  });
});

describe('the fifteenth round: bounces, identifier groups, codes in parentheses, the text part closing the HTML, 3-D Secure in Turkish, Moodle links', () => {
  describe('a bounce quotes the undelivered mail: its code and its link are none', () => {
    it.each([
      [
        'Postfix',
        'Undelivered Mail Returned to Sender',
        "This is the mail system at host mx2.example.\n\nI'm sorry to have to inform you that your message could not be delivered.\n\nReporting-MTA: dns; mx2.example\nFinal-Recipient: rfc822; e2e-4471@staging.example\nAction: failed\nStatus: 5.1.1\n\n--- Undelivered message follows ---\nSubject: 229104 is your Kiteboard code\n\nYour verification code is 229104. It expires in 10 minutes.",
      ],
      [
        'Exim',
        'Mail delivery failed: returning message to sender',
        'This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its recipients.\n\n------ This is a copy of the message ------\nYour verification code is 229104.',
      ],
      [
        'qmail',
        'failure notice',
        "Hi. This is the qmail-send program at mail.example.\nI'm afraid I wasn't able to deliver your message.\n\n--- Below this line is a copy of the message.\n\nYour one-time passcode: 229104",
      ],
      [
        'Gmail',
        'Delivery Status Notification (Failure)',
        "Address not found\n\nYour message wasn't delivered because the address couldn't be found.\n\n----- Original message -----\nSubject: Your verification code\n\nYour verification code is 229104.",
      ],
      ['Exchange, de', 'Unzustellbar: Ihr Bestätigungscode', 'Die Zustellung an folgende Empfänger ist fehlgeschlagen.\n\nIhr Bestätigungscode lautet 229104.'],
      ['Outlook, fr', 'Non remis : Votre code de vérification', 'La remise aux destinataires suivants a échoué.\n\nVotre code de vérification est 229104.'],
      ['Outlook, es', 'No se puede entregar: Tu código de verificación', 'No se pudo entregar el mensaje.\n\nTu código de verificación es 229104.'],
      ['ru', 'Не доставлено: Код подтверждения', 'Сообщение не удалось доставить получателю.\n\nВаш код подтверждения: 229104.'],
      ['tr', 'Teslim Edilemedi: Doğrulama kodunuz', 'İleti alıcıya ulaşmadı.\n\nDoğrulama kodunuz: 229104'],
      ['ja', '配信不能: 認証コードのお知らせ', 'メッセージを配信できませんでした。\n\n認証コード：229104'],
      ['zh-Hans', '系统退信：您的验证码', '邮件无法送达收件人。\n\n您的验证码是 229104，10分钟内有效。'],
      [
        'a report without a telling subject',
        'Returned',
        'Reporting-MTA: dns; mx.example\nFinal-Recipient: rfc822; a@b.example\nAction: failed\n\nYour verification code is 229104.',
      ],
    ])('%s', (_mta, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en', 'Your verification code', 'Your delivery could not be completed. To reschedule it, enter the verification code 229104 on our site.'],
      ['ru', 'Код подтверждения', 'Ваш код подтверждения: 229104. Если письмо пришло не вам, просто удалите его.'],
    ])('a code mail that speaks of a delivery keeps its code (%s)', (_lang, subject, text) => {
      expect(otp(text, subject)).toBe('229104');
    });
    it.each([
      [
        'Postfix',
        'Undelivered Mail Returned to Sender',
        'Final-Recipient: rfc822; e2e-4471@staging.example\nAction: failed\n\n--- Undelivered message follows ---\nConfirm your email address:\nhttps://kiteboard.example/verify?token=U9P1huzmzQ0xqpzDD4j0a3DkZLT4e83v\n',
      ],
      [
        'Exchange, nl',
        'Onbestelbaar: Bevestig je e-mailadres',
        'Het bericht kan niet worden bezorgd.\n\nBevestig je e-mailadres:\nhttps://kiteboard.example/verify?token=U9P1huzmzQ0xqpzDD4j0a3DkZLT4e83v\n',
      ],
    ])("a bounce's quoted verification link is no link (%s)", (_mta, subject, text) => {
      expect(extract({ subject, text }).verificationLink).toBeNull();
    });
    it('a verification mail keeps its link', () => {
      const u = 'https://kiteboard.example/verify?token=U9P1huzmzQ0xqpzDD4j0a3DkZLT4e83v';
      expect(extract({ subject: 'Confirm your email address', text: `Confirm your email address:\n${u}\n` }).verificationLink).toBe(u);
    });
    it('explain() says the mail is a bounce', () => {
      const e = explain({ subject: 'Undelivered Mail Returned to Sender', text: 'Final-Recipient: rfc822; a@b.example\n\nYour verification code is 229104.' });
      expect(e.notes.join('\n')).toMatch(/a bounce, a delivery status notification \("Undelivered Mail"\)/);
    });
  });

  describe('one group of a larger identifier is no code', () => {
    it.each([
      ['hi', 'पासवर्ड रीसेट', 'पासवर्ड भूल गए? आपके ShikshaMitra खाते (रोल नंबर 2026-CS-0418) के लिए पासवर्ड रीसेट का अनुरोध मिला है।'],
      ['en', 'Verification', 'Your verification request for ticket INC-2026-0418 was received; the code follows by SMS.'],
      ['de', 'Passwort zurücksetzen', 'Für Ihr Konto (Matrikel 2026/INF/0418) wurde ein neues Passwort angefordert.'],
      ['fr', 'Code de vérification', 'Votre dossier AB/2026/0418 : le code de vérification vous sera envoyé par SMS.'],
      ['es', 'Código de verificación', 'Póliza ES_2026_0418: el código de verificación llegará por SMS.'],
      ['th', 'รหัสยืนยัน', 'คำขอรหัสยืนยันสำหรับการจอง RCM-260318-4471 ได้รับแล้ว'],
    ])('%s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['a sender prefix', 'G-482913 is your Google verification code.', 'G-482913 is your Google verification code', 'G-482913'],
      ['a split code', 'Your verification code is 482-913.', 'Verification', '482913'],
      ['a code before a full stop', 'Twój kod weryfikacyjny to 482913.', 'Kod weryfikacyjny', '482913'],
    ])('a code stays: %s', (_name, text, subject, want) => {
      expect(otp(text, subject)).toBe(want);
    });
    it('explain() names the identifier', () => {
      const e = explain({ subject: 'पासवर्ड रीसेट', text: 'पासवर्ड भूल गए? आपके ShikshaMitra खाते (रोल नंबर 2026-CS-0418) के लिए पासवर्ड रीसेट का अनुरोध मिला है।' });
      expect(e.codes.find((k) => k.value === '0418')?.reasons.at(-1)).toMatch(/one group of a larger identifier \("2026-CS-0418"\)/);
    });
  });

  describe("a code in parentheses after a name is a programme's or a product's", () => {
    it.each([
      ['es', 'Activa tu cuenta', 'Titulación: Grado en Biotecnología (código 2071)\nActiva tu cuenta con el enlace de abajo.'],
      ['en', 'Verify your email', 'Course: Data Science (code 2071). Please verify your email address.'],
      ['fr', 'Confirmez votre adresse', 'Formation : Master Informatique (code 2071). Confirmez votre adresse e-mail.'],
      ['pt', 'Confirme seu e-mail', 'Curso: Engenharia Civil (código 2071). Confirme seu e-mail para ativar a conta.'],
      ['it', 'Conferma la tua email', 'Corso di laurea: Informatica (codice 2071). Conferma il tuo indirizzo email.'],
      ['pl', 'Potwierdź adres e-mail', 'Kierunek: Informatyka (kod 2071). Potwierdź adres e-mail, aby aktywować konto.'],
      ['de', 'Bestätigen Sie Ihre Anmeldung', 'Studiengang: Informatik (Kennziffer 2071). Bitte bestätigen Sie Ihre E-Mail-Adresse.'],
    ])('%s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['a verification word inside', 'Enter the code shown here (verification code: 482913) to sign in.', 'Sign in'],
      ['a number alone in parentheses', 'Ваш код подтверждения (482913) действует 10 минут.', 'Код подтверждения'],
      ['a remark in parentheses after the code', 'Your code: 482913 (valid for 10 minutes)', 'Your sign-in code'],
    ])('a code stays: %s', (_name, text, subject) => {
      expect(otp(text, subject)).toBe('482913');
    });
    it('explain() names the parentheses', () => {
      const e = explain({ subject: 'Activa tu cuenta', text: 'Titulación: Grado en Biotecnología (código 2071)\nActiva tu cuenta.' });
      expect(e.codes.find((k) => k.value === '2071')?.reasons.at(-1)).toMatch(/a code in parentheses after a name \("\(código 2071\)"\)/);
    });
  });

  describe("a number the text part gives no code is none in the HTML part either (its closing's postcode)", () => {
    const hotel = (footer: string) => ({
      subject: 'ยืนยันการจอง หมายเลข RCM-260318-4471',
      text: `ขอบคุณที่จองกับเรา\n\nหมายเลขการจอง: RCM-260318-4471\nห้องพัก: ดีลักซ์ ริเวอร์วิว\n\nรหัส Wi-Fi: riverside2569 · โทร 053-241-482\n\n-- \n${footer}\nHelp centre: https://riverside-cm.example/help\n`,
      html: `<p>ขอบคุณที่จองกับเรา</p><p>หมายเลขการจอง: RCM-260318-4471</p><p>ห้องพัก: ดีลักซ์ ริเวอร์วิว</p><p>รหัส Wi-Fi: riverside2569 · โทร 053-241-482</p><p style="font-size:12px">${footer}<br><a href="https://riverside-cm.example/help">Help centre</a></p>`,
    });
    it.each([
      ['th', '99 ถนนเจริญราษฎร์ ตำบลวัดเกต อำเภอเมือง เชียงใหม่ 50000'],
      ['th, Bangkok', '12 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพฯ 10500'],
    ])('a footer postcode (%s)', (_name, footer) => {
      expect(extract(hotel(footer)).otp).toBeNull();
    });
    it('explain() says the text part put it in its closing', () => {
      const e = explain(hotel('99 ถนนเจริญราษฎร์ ตำบลวัดเกต อำเภอเมือง เชียงใหม่ 50000'));
      expect(e.codes.find((k) => k.source === 'html' && k.value === '50000')?.reasons.at(-1)).toMatch(
        /the text part of this mail holds this number and gives it no code/,
      );
    });
    it("a train's number the text part gives too little support is not made a code by the HTML's bold", () => {
      expect(
        extract({
          subject: 'टिकट की पुष्टि',
          text: 'टिकट की पुष्टि PNR 4521873390 ट्रेन 12951 मुंबई राजधानी\nSecurity tips: never share your password.',
          html: '<p>टिकट की पुष्टि PNR 4521873390 ट्रेन <b>12951</b> मुंबई राजधानी</p><p>Security tips: never share your password.</p>',
        }).otp,
      ).toBeNull();
    });
    it('a number alone on its line in the HTML part stays a code', () => {
      expect(
        extract({
          subject: 'Your sign-in code',
          text: 'Please open this message in an HTML-capable mail client.',
          html: '<p>Your sign-in code:</p><h1>874205</h1><p>It expires in 10 minutes.</p>',
        }).otp,
      ).toBe('874205');
    });
    it('a code in the body of both parts stays', () => {
      expect(
        extract({
          subject: 'Your verification code',
          text: 'Your verification code is 482913.\n\n-- \nAcme, 99 Main St, Springfield 50000',
          html: '<p>Your verification code is <b>482913</b>.</p><p>Acme, 99 Main St, Springfield 50000</p>',
        }).otp,
      ).toBe('482913');
    });
  });

  describe("a Turkish 3-D Secure mail's approval password is its code", () => {
    it.each([
      [
        'onay şifreniz',
        'Değerli müşterimiz, **** **** **** 1234 numaralı kartınızla HEPSIMAGAZA işyerinde 749,90 TL tutarındaki internet alışverişiniz için onay şifreniz: 572903 Şifreyi yalnızca ödeme sayfasına girin.',
      ],
      ['3D Secure şifreniz', 'Kartınızla yapılan 120,00 TL tutarındaki işlem için 3D Secure şifreniz: 572903. Kimseyle paylaşmayın.'],
      ['onay şifresi', 'İnternet alışverişiniz için onay şifresi 572903 olarak gönderilmiştir.'],
    ])('%s', (_name, text) => {
      expect(otp(text, '3D Secure işlem onayı')).toBe('572903');
    });
    it.each([
      ['en', 'Choose a secure password of at least 8 characters. Customer number 572903.', 'Welcome'],
      ['tr', 'Yeni şifreniz en az 8 karakter olmalıdır. Müşteri numaranız: 572903.', 'Hoş geldiniz'],
    ])('a password to choose stays no code (%s)', (_lang, text, subject) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe("Moodle's reset and confirmation links", () => {
    const moodle = (hello: string, request: string, go: string, url: string, valid: string) =>
      `${hello}\n\n${request}\n\n${go}\n\n${url}\n[${url}]\n\n${valid}\n\nNTI - ramal 4471`;
    it.each([
      [
        'pt',
        'Ambiente Virtual: Redefinição de senha',
        moodle(
          'Olá Gabriela Nunes,',
          "Uma solicitação de redefinição de senha foi feita para sua conta 'gnunes2026' em\nAmbiente Virtual.",
          'Para confirmar esta solicitação e definir uma nova senha para sua conta, acesse\no seguinte endereço:',
          'https://ead.example.br/login/forgot_password.php?token=70isUlgqbuxtmlLtZMvLpq3mS1PVZOPr',
          'Este link é válido por 30 minutos.',
        ),
        'https://ead.example.br/login/forgot_password.php?token=70isUlgqbuxtmlLtZMvLpq3mS1PVZOPr',
      ],
      [
        'en',
        'Moodle Site: Password reset request',
        moodle(
          'Hi Gabriela,',
          "A password reset was requested for your account 'gnunes' at\nMoodle Site.",
          'To confirm this request, and set a new password for your account, please go to\nthe following web address:',
          'https://moodle.example.org/login/forgot_password.php?token=Qw7Lk2Zp9Rt4Yx1Vb8Nm3Cs6Df0Gh5Jk',
          '(This link is valid for 30 minutes from the time this reset was first requested)',
        ),
        'https://moodle.example.org/login/forgot_password.php?token=Qw7Lk2Zp9Rt4Yx1Vb8Nm3Cs6Df0Gh5Jk',
      ],
      [
        'es',
        'Campus Virtual: Solicitud de restablecimiento de contraseña',
        moodle(
          'Hola Gabriela,',
          "Se ha solicitado el restablecimiento de la contraseña de su cuenta 'gnunes' en\nCampus Virtual.",
          'Para confirmar esta petición, y establecer una nueva contraseña, diríjase a la\nsiguiente dirección web:',
          'https://campus.example.es/login/forgot_password.php?token=Zt5Pq8Lm2Wx7Rv4Yb1Nc6Ks9Dh3Gj0Fa',
          '(Este enlace es válido durante 30 minutos)',
        ),
        'https://campus.example.es/login/forgot_password.php?token=Zt5Pq8Lm2Wx7Rv4Yb1Nc6Ks9Dh3Gj0Fa',
      ],
      [
        'de',
        'Lernplattform: Neues Nutzerkonto',
        moodle(
          'Guten Tag Gabriela,',
          "Für Ihre E-Mail-Adresse wurde ein neues Nutzerkonto 'gnunes' auf\nLernplattform angelegt.",
          'Um das neue Nutzerkonto zu bestätigen, gehen Sie zur folgenden\nWebadresse:',
          'https://lernen.example.de/login/confirm.php?data=Rk3pQ9xT2mLs8vWzYb/gnunes',
          'Die Adresse ist 24 Stunden gültig.',
        ),
        'https://lernen.example.de/login/confirm.php?data=Rk3pQ9xT2mLs8vWzYb/gnunes',
      ],
    ])('%s', (_lang, subject, text, want) => {
      expect(extract({ subject, text }).verificationLink).toBe(want);
    });
    it('the forgot-password page without a token is no link', () => {
      expect(
        extract({ subject: 'Moodle', text: 'Forgotten your password? https://moodle.example.org/login/forgot_password.php\n' }).verificationLink,
      ).toBeNull();
    });
  });
});

describe('the sixteenth round: runs of spaced digits, uneven groups, identifiers with a prefix, appointments and video consultations, parts of a code, the subject read with the body, promotion buttons, "if not" links, device keypads, magic-link buttons', () => {
  describe('a run of spaced digits is read whole or not at all', () => {
    it.each([
      ['es, across a line break', 'Para entrar en el portal, escribe el código 4 8\n2 0 5 7 (cuatro, ocho, dos, cero, cinco, siete).', '482057'],
      ['en, across a line break', 'Your verification code is 3 9\n1 4 0 6. It expires in 10 minutes.', '391406'],
      ['de, a blank before the break', 'Ihr Bestätigungscode lautet 7 1 \n5 5 0 2. Er ist 10 Minuten gültig.', '715502'],
    ])('%s', (_name, text, code) => {
      expect(otp(text, 'Tu código / your code / Ihr Code')).toBe(code);
    });
    it.each([
      ['en, nine digits in two lines', 'Your verification code is 1 2 3 4\n5 6 7 8 9. It expires in 10 minutes.'],
      ['fr, nine digits', 'Votre code de vérification : 9 8 7\n6 5 4 3 2 1. Il expire dans 10 minutes.'],
    ])('never a part of the run: %s', (_name, text) => {
      expect(otp(text, 'Security')).toBeNull();
    });
  });

  describe('two groups of four and two digits, or of letters and digits, beside their code word', () => {
    it.each([
      ['id', 'Kode verifikasi penambahan pengguna', 'Kode verifikasi: 2247 91\n\nKode berlaku 3 menit.', '224791'],
      ['ko', '[한강은행] 이체 승인 인증번호', '인증번호: 7194 02\n\n인증번호는 절대 타인에게 알려주지 마십시오.', '719402'],
      ['de', 'Neues Gerät', 'Ihr Bestätigungscode:\n\n    6019 44\n\nGültig bis 14:32 Uhr.', '601944'],
      ['it', 'Verifica la tua email', 'Verifica la tua email inserendo il codice\n\n    7730 15\n\nIl codice scade tra 30 minuti.', '773015'],
      ['tr', 'Hesap doğrulama kodu', 'Onay kodunuz:\n\nK7-29QX\n\nKod 3 dakika geçerlidir.', 'K7-29QX'],
      ['en', 'Security', 'Your verification code:\n\n4F-K82Q\n\nIt expires in 10 minutes.', '4F-K82Q'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['en, a reference', 'Your sign-in code expires in 10 minutes. Keep reference 4471 20 for our records.'],
      ['de, a model', 'Ihr Bestätigungscode wurde per SMS gesendet. Das Modell B7-4410 ist wieder lieferbar.'],
      ['fr, a paper size', 'Votre code de vérification a été envoyé. Le formulaire A4-2026 est en pièce jointe.'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text, 'Security')).toBeNull();
    });
    it('explain() says why uneven groups away from a code word are no code', () => {
      const e = explain({ subject: 'Security', text: 'Your sign-in code expires in 10 minutes. Keep 4471 20 handy for our records.' });
      expect(e.codes.find((c) => c.value === '447120')?.reasons.join(' ')).toContain('two groups of uneven length');
    });
  });

  describe('a letter prefix and a number with no code word is an identifier', () => {
    it.each([
      [
        'en, a customer account',
        'New login to your control panel',
        'A login to the control panel of customer account RH-551902 was attempted from a new device.',
      ],
      ['pl, a client number', 'Nowe logowanie', 'Nowe logowanie do konta klienta KL-448120 z nowego urządzenia. Jeśli to nie Ty, zmień hasło.'],
      ['de, a member', 'Neue Anmeldung', 'Neue Anmeldung im Mitgliederbereich für Mitglied MG-774201 von einem neuen Gerät.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['code word before', 'Your verification code is G-482913. It expires in 10 minutes.', 'G-482913'],
      ['code word after', 'G-482913 is your Google verification code.', 'G-482913'],
    ])('code: %s', (_name, text, code) => {
      expect(otp(text, 'Security')).toBe(code);
    });
    it('explain() names the identifier', () => {
      const e = explain({ subject: 'New login', text: 'A login to the control panel of customer account RH-551902 was attempted from a new device.' });
      expect(e.codes.find((c) => c.value === 'RH-551902')?.reasons.join(' ')).toContain('a letter prefix and a number');
    });
  });

  describe("an appointment's, a registry's or a video consultation's code is no one-time code", () => {
    it.each([
      ['tr, an appointment', 'Randevunuz onaylandı', 'Merhaba, randevunuz onaylandı.\n\nRandevu kodu: KS-2204\nTarih: 28 Mart 2026, 14:00'],
      ['en, an appointment', 'Appointment confirmed', 'Please confirm your attendance. Appointment code: 8830. See you on Tuesday.'],
      ['fr, a rendez-vous', 'Rendez-vous confirmé', 'Merci de confirmer votre présence. Code du rendez-vous : 4471.'],
      ['es, a cita', 'Cita confirmada', 'Confirma tu asistencia. Código de la cita: 5521.'],
      [
        'nl, a registry in the footer',
        'Je inloglink',
        'Je hebt gevraagd om in te loggen. Gebruik de knop hieronder.\n\nVolgende afspraak: di 31 maart 08:15.\n\n-- \nFysio Oost · AGB-code 04012288 · Biltstraat 118 · 3572 BK Utrecht',
      ],
      [
        'de, a video consultation',
        'Terminbestätigung',
        'Hiermit bestätigen wir Ihren Termin.\n\nZur Videosprechstunde vorab: Zugangscode 6614 2028 (nur am Termintag gültig).',
      ],
      [
        'nl, a meeting code above',
        'Uitnodiging: videoconsult',
        'Uw videoconsult met dokter Bakker is op 11 maart om 09:10.\n\nVergadercode: 418 220 917\nToegangscode: 7731',
      ],
      ['en, telehealth', 'Your visit', 'Your telehealth visit starts at 09:10. Access code 4471 (valid today only).'],
      ['es, a videoconsulta', 'Tu cita', 'Videoconsulta con la Dra. Ruiz a las 17:15: código de acceso 8812, válido hoy.'],
      ['ja, online care', 'ご予約', 'オンライン診療のご案内です。アクセスコード：5521（本日のみ有効）'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, a sign-in code before the visit', 'Telehealth portal: your verification code is 553190 (expires in 10 minutes).', '553190'],
      ['en, an appointment confirmed with a code', 'Your verification code is 448120. Use it to confirm your appointment; it expires in 10 minutes.', '448120'],
    ])('code: %s', (_name, text, code) => {
      expect(otp(text, 'Security')).toBe(code);
    });
  });

  describe('one part of a code, the other part apart, is no code to type', () => {
    it.each([
      [
        'de',
        'Ihr Aktivierungscode',
        'Den zweiten Teil des Aktivierungscodes erhalten Sie per Post.\n\nErster Teil des Aktivierungscodes: 7HLW-Q2XN-4FTB\n\nBitte geben Sie beide Teile innerhalb von 90 Tagen ein.',
      ],
      ['en', 'Your activation code', 'The first part of your activation code is 4821-XQ7P. The second half comes by post within 5 days.'],
      ['fr', "Votre code d'activation", "Voici la première partie de votre code d'activation : 482913. La seconde partie vous parviendra par courrier."],
      ['es', 'Tu código de activación', 'Primera parte del código de activación: 739104. La segunda parte llegará por correo postal.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a whole activation code is found', () => {
      expect(otp('Your activation code is 482913. It is valid for 30 minutes.', 'Your activation code')).toBe('482913');
    });
    it('explain() names the part', () => {
      const e = explain({ subject: 'Ihr Aktivierungscode', text: 'Erster Teil des Aktivierungscodes: 7HLW-Q2XN-4FTB' });
      expect(e.codes.find((c) => c.value === '7HLW-Q2XN-4FTB')?.reasons.join(' ')).toContain('one part of a code');
    });
  });

  describe("the subject and the body are one message: the subject's code word makes no code of a number the body gives none", () => {
    it.each([
      ['pt', 'O seu código 4482 expira HOJE!', 'Último aviso: código 4482\n\nUse o código de desconto 4482 antes da meia-noite e poupe 10 €.'],
      ['en', 'Your code 7720 expires TODAY!', 'Last call: use discount code 7720 at checkout and save 10 €.'],
      ['de', 'Ihr Code 5512 läuft heute ab!', 'Nur heute: Gutscheincode 5512 an der Kasse eingeben und 10 € sparen.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['the body names it too', 'Your code 482913', 'Your verification code is 482913.', '482913'],
      ['the body does not hold it', '482913 is your sign-in code', "Here's your sign-in code. It expires in 10 minutes.", '482913'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
  });

  describe("a promotion's button and the way out of a sign-in notice are no verification link", () => {
    const tracker = 'https://click.e.example.pt/ls/click?upn=u001.IyRMLUk_b1PrSvwc7Tgjx7ZfzJBFGyGEYNYswO-2F9rt40';
    it.each([
      ['pt', 'Confirmar desconto'],
      ['en', 'Confirm your discount'],
      ['de', 'Gutschein bestätigen'],
      ['es', 'Confirmar oferta'],
    ])('no link: a promotion button (%s)', (_lang, label) => {
      expect(link(`<p>Only today!</p>${a(tracker, label)}`)).toBeNull();
    });
    it.each([
      ['en', "If this was you, there's nothing to do. If not, reset your password and contact us.", 'https://app.example.co.uk/password/forgot'],
      ['de', 'Wenn Sie das waren, ist nichts zu tun. Falls nicht, setzen Sie Ihr Passwort zurück.', 'https://app.example.de/passwort/vergessen'],
      ['ru', 'Если это были вы, ничего делать не нужно. Если нет, смените пароль.', 'https://app.example.ru/password/reset'],
      ['es', 'Si fuiste tú, no tienes que hacer nada. Si no, restablece tu contraseña.', 'https://app.example.es/password/forgot'],
    ])('no link: "if not" in a sign-in notice (%s)', (_lang, line, url) => {
      expect(extract({ subject: 'New sign-in', text: `We noticed a new sign-in.\n\n${line}\n${url}\n` }).verificationLink).toBeNull();
    });
    it('a reset mail keeps its link', () => {
      const url = 'https://app.example.co.uk/password/reset?token=Qw7Lk2Zp9Rt4Yx1Vb8Nm3Cs6';
      expect(extract({ subject: 'Reset your password', text: `Reset your password:\n${url}\n\nThis link expires in 30 minutes.` }).verificationLink).toBe(url);
    });
    it('a confirmation button keeps its link', () => {
      expect(link(a('https://app.example.com/confirm?token=Qw7Lk2Zp9Rt4Yx1Vb8Nm3', 'Confirm your email'))).toBe(
        'https://app.example.com/confirm?token=Qw7Lk2Zp9Rt4Yx1Vb8Nm3',
      );
    });
  });

  describe("a device's keypad, a code sent again by SMS, a confirmation code in Hebrew, a one time password in Hindi", () => {
    it.each([
      [
        'en, a card terminal',
        'Activate your new terminal',
        'Enter this code on the terminal keypad:\n\n    604219\n\nWe also sent it by SMS to +61 4•• ••• 812.',
        '604219',
      ],
      ['en, a device keypad', 'Activate your device', 'Type the code on your device keypad:\n\n    318552\n\nThe code expires in 15 minutes.', '318552'],
      ['he, a transfer', 'אישור העברה', 'העברה של ₪3,500 לחשבון 12-345-678901. הקוד לאישור:\n\n81 55 03', '815503'],
      ['hi, one time password', 'आपका OTP', 'डिजीलॉकर में लॉगिन के लिए आपका वन टाइम पासवर्ड 573019 है। यह 10 मिनट तक मान्य है।', '573019'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['en, a key box keypad', 'Your stay', 'The key box keypad code is 4471. Check-in from 15:00.'],
      ['en, a front door keypad', 'Your stay', 'Front door keypad code: 7302. Enjoy your stay!'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe("the sender's own confirmation is no evidence of a one-time code", () => {
    it.each([
      ['en', 'Your order', 'We confirm your order of 3 items. Your code: 4471.'],
      ['de', 'Ihre Bestellung', 'Hiermit bestätigen wir Ihre Bestellung. Ihr Code: 4471.'],
      ['tr', 'Siparişiniz', 'Siparişiniz onaylandı. Kodunuz: 4471.'],
      ['ru', 'Заказ', 'Подтверждаем ваш заказ. Ваш код: 4471.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en', 'Security', 'Please confirm your email with this code: 482913', '482913'],
      ['de', 'Bestätigung', 'Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Code 482913.', '482913'],
    ])('code: asked to confirm (%s)', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() says the sender confirms', () => {
      expect(explain({ subject: 'Your order', text: 'We confirm your order of 3 items. Your code: 4471.' }).notes.join(' ')).toContain('the sender confirms');
    });
  });

  describe('a sign-in button the message says works once is a magic link', () => {
    it.each([
      [
        'es',
        'Tu enlace para entrar',
        'Pulsa el botón para iniciar sesión. Solo funciona una vez y caduca en 20 minutos.',
        'Iniciar sesión',
        'https://notabloc.app/e/gb0PK5SeNvR3ULTrCXyuWcn01GMc_NL0',
      ],
      [
        'nl',
        'Inloggen bij MijnAfspraak',
        'Gebruik deze knop; hij werkt één keer en 15 minuten lang.',
        'Inloggen',
        'https://portaal.example.nl/e/XiI-_yGFGG4SsdorOwDTHUzEmSk484l1',
      ],
      ['en', 'Your link to sign in', 'Tap the button below to sign in.', 'Sign in', 'https://app.example.com/e/Zt5Pq8Lm2Wx7Rv4Yb1Nc6Ks9Dh3Gj0Fa'],
    ])('%s', (_lang, subject, para, label, url) => {
      expect(extract({ subject, html: `<p>${para}</p>${a(url, label)}` }).verificationLink).toBe(url);
    });
    it.each([
      [
        'a login page without a secret',
        'Tu cuenta',
        'Pulsa el botón para iniciar sesión. Solo funciona una vez.',
        'Iniciar sesión',
        'https://notabloc.app/login',
      ],
      [
        'a sign-in button with no one-time words',
        'Novedades',
        'Pulsa el botón para iniciar sesión y ver las novedades.',
        'Iniciar sesión',
        'https://notabloc.app/e/gb0PK5SeNvR3ULTrCXyuWcn01GMc_NL0',
      ],
    ])('no link: %s', (_name, subject, para, label, url) => {
      expect(extract({ subject, html: `<p>${para}</p>${a(url, label)}` }).verificationLink).toBeNull();
    });
  });
});

describe('the seventeenth round: previous and replaced codes, a number named as the end of another, verification codes at a checkout, buildings, void codes in digests, TANs by channel, rooms paid for, the code typed into the app, coupons with their own code, double opt-ins', () => {
  describe('the previous, old or replaced code is never chosen; the new one is', () => {
    it.each([
      [
        'pt',
        'Novo código de verificação',
        'O código anterior (118 204) já não é válido.\n\nIntroduza este código para ligar a sua conta:\n\n    660 913\n\nVálido durante 15 minutos.',
        '660913',
      ],
      ['en', 'Your new code', 'Your previous code 482913 is no longer valid. Use this verification code instead: 705126', '705126'],
      ['de', 'Neuer Code', 'Der vorherige Code ist nicht mehr gültig. Ihr Bestätigungscode lautet 582014.', '582014'],
      ['fr', 'Nouveau code', 'Votre ancien code 771204 a été remplacé. Votre code de vérification : 339120', '339120'],
      ['es', 'Nuevo código', 'El código anterior 640112 ya no es válido. Tu código de verificación es 918273.', '918273'],
      ['ru', 'Новый код', 'Предыдущий код 551290 больше не действителен. Ваш код подтверждения: 804417', '804417'],
      ['zh-Hans', '新验证码', '之前的验证码 551290 已失效。您的新验证码是 804417，10分钟内有效。', '804417'],
      ['en, replaces', 'Your new code', 'Your new verification code is 705126. It replaces 482913, which no longer works.', '705126'],
      ["en, a test environment's stub code", 'Security', 'Your verification code is 000000', '000000'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['en', 'Your code', 'Your previous code 482913 has expired. Request a new verification code in the app.'],
      ['tr', 'Doğrulama', 'Önceki kodunuz 482913 artık geçersiz. Doğrulama için yeni bir kod isteyin.'],
      ['ja', '認証コード', '前回のコード 482913 は無効になりました。アプリから再度お試しください。'],
      ['it', 'Codice di verifica', "Il codice precedente 482913 è stato sostituito. Richiedine uno nuovo dall'app."],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('explain() names the previous code', () => {
      const e = explain({ subject: 'Novo código', text: 'O código anterior (118 204) já não é válido.\n\nIntroduza este código:\n\n    660 913\n' });
      expect(e.codes.find((c) => c.value === '118204')?.reasons.join(' ')).toContain('previous or old code');
    });
  });

  describe('a number named as the end of another is no code', () => {
    it.each([
      [
        'en, an eSIM',
        'Verify your account',
        'Your RoamSIM verification code is 4TK9QZ. Type it on the checkout page to\nactivate your eSIM (ICCID ends 8842, plan valid 30 days).',
        '4TK9QZ',
      ],
      ['en, a phone', 'Security', 'Your verification code is 604219. It was sent to the phone that ends 8842.', '604219'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['en', 'We sent a verification code to your phone. The SIM card in it ends 8842.'],
      ['ru', 'Код подтверждения отправлен на телефон. Номер карты заканчивается 4471.'],
      ['es', 'Código de verificación enviado. Lo cargamos a la tarjeta que finaliza 4471.'],
    ])('no code: %s', (_lang, text) => {
      expect(otp(text, 'Security')).toBeNull();
    });
  });

  describe('a verification code at a checkout is no coupon; a coupon still is', () => {
    it.each([
      ['de', 'Dein Bestätigungscode: 7QK2M9. Gib ihn im Warenkorb ein, er gilt 10 Minuten.', '7QK2M9'],
      ['en', 'Your verification code is 4TK9QZ. Type it on the checkout page. It expires in 10 minutes.', '4TK9QZ'],
    ])('code: %s', (_lang, text, code) => {
      expect(otp(text, 'Verify')).toBe(code);
    });
    it.each([
      ['en, a coupon', 'Use code SAVE20 at checkout. Verify your email to get it.'],
      ['en, a code word alone', 'Your code is SPRING25. Apply it at checkout to verify the discount.'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text, 'Verify')).toBeNull();
    });
  });

  describe("a building's access code is no one-time code", () => {
    it.each([
      ['es', 'Factura marzo', 'Total 174,24 €. Cobro por domiciliación. Tu código de acceso al edificio sigue siendo 2207#.'],
      ['en', 'Welcome to the office', 'Your sign-up is confirmed. The building entry code is 4417 from Monday.'],
      ['de', 'Willkommen', 'Ihre Anmeldung ist bestätigt. Der Zugangscode für das Gebäude lautet 5531.'],
      ['fr', 'Bienvenue', "Votre inscription est confirmée. Le code d'accès de l'immeuble est 7720."],
      ['id', 'Selamat datang', 'Verifikasi selesai. Kode akses gedung: 7720.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a verification code beside no building is still found', () => {
      expect(otp('Tu código de verificación es 482913. Caduca en 10 minutos.', 'Código')).toBe('482913');
    });
  });

  describe('a code quoted as void in a chat digest is no code', () => {
    it.each([
      ['zh-Hans', '群聊消息摘要', '王磊：我刚才把自己的验证码 381920 发到群里了，大家别管，已经作废了'],
      ['zh-Hant', '群組訊息摘要', '王磊：我剛才把驗證碼 381920 貼到群裡了，大家別管，已經作廢了'],
      ['en', 'Daily digest', 'Tom: I pasted my verification code 381920 here by mistake, it has already been used.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a code sent is still found', () => {
      expect(otp('您的验证码是 381920，5分钟内有效。', '验证码')).toBe('381920');
    });
  });

  describe("a bank's TAN named by its channel", () => {
    it.each([
      ['mobileTAN', 'Ihre mobileTAN für diese Zahlung lautet 71946302. Sie gilt 5 Minuten.', '71946302'],
      ['smsTAN', 'Ihre smsTAN lautet 594021. Sie ist 5 Minuten gültig.', '594021'],
    ])('code: %s', (_name, text, code) => {
      expect(otp(text, 'Zahlung bestätigen')).toBe(code);
    });
    it('no code: an activation notice with a customer number', () => {
      expect(otp('Die mobileTAN wurde für Ihr Konto aktiviert. Kundennummer 71946302.', 'Information')).toBeNull();
    });
  });

  describe("a room named as what a payment is for is no room's code", () => {
    it.each([
      [
        'es',
        'Clave de confirmación',
        'Vas a enviar 450,00 € a PABLO, concepto «Fianza habitación C/ Embajadores 61».\n\nTu clave de firma es: 3 9 0 6 1 5\n\nCaduca en 3 minutos.',
        '390615',
      ],
      ['th', 'รหัส OTP', 'โอนเงิน 8,500.00 บาท ค่าเช่าห้องเดือนกรกฎาคม\n\nรหัส OTP คือ 603918 ใช้ได้ภายใน 3 นาที', '603918'],
      ['en', 'Confirm your transfer', 'You are sending 450.00 EUR for room rent (March). Your confirmation code is 551204. It expires in 3 minutes.', '551204'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['es', 'Tu reserva', 'Habitación 204: el código de la habitación es 4417.'],
      ['th', 'การจอง', 'ห้องพักของคุณ รหัสห้อง 4417'],
    ])("no code: a room's own code (%s)", (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('the code typed into the app is evidence of a one-time code', () => {
    it.each([
      ['pt', 'Adesão', 'Está a associar o cartão terminado em 5512.\n\nIntroduza na aplicação o código 582047 para concluir a adesão.', '582047'],
      ['en', 'Link your card', 'Enter this code in the app to finish linking your card: 582047', '582047'],
      ['ru', 'Привязка карты', 'Чтобы завершить привязку, введите код в приложении. Код: 582047', '582047'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('no code: a gift card redeemed in the app', () => {
      expect(otp('Your gift card code is 58204711. Enter the code in the app to redeem it.', 'A gift for you')).toBeNull();
    });
  });

  describe('a coupon that names its own code does not reject the code on another line', () => {
    it.each([
      ['hi', 'अपना ईमेल पता सत्यापित करें', 'ऐप में यह कोड डालें। सत्यापन के बाद पहले तीन ऑर्डर पर ₹ 75 की छूट मिलेगी (कूपन FIRST75)।\n\n    SX7-4KP\n', 'SX7-4KP'],
      ['en', 'Verify your email', 'Enter this code in the app to verify your email. You also get 10% off (coupon FIRST10).\n\n    QX7-4KP\n', 'QX7-4KP'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['a coupon alone', 'Deals', 'Get 10% off with this coupon code:\n\nFIRST10\n'],
      ['no verification', 'Deals', 'Save 20% today (coupon SAVE20).\n\nQX7-4KP\n'],
      ['a coupon word on the same line', 'Verify your email', 'Verify your email. Coupon: QX7-4KP (FIRST10 works too).'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe("a double opt-in's yes, and an address confirmed in Korean", () => {
    const tracker = 'https://click.e.example.es/ls/click?upn=u001.Mv2gZtzQm6eqTge-Ei8BP1K0yRxeZAsw&mid=tzQm6eqT';
    it.each([
      ['es', 'Confirma tu suscripción al boletín', 'Sí, quiero suscribirme'],
      ['en', 'Please confirm your subscription', 'Yes, subscribe me'],
      ['fr', 'Confirmez votre inscription', "Oui, je m'abonne"],
    ])('link: %s', (_lang, subject, label) => {
      expect(extract({ subject, html: `<p>¡Solo falta un clic!</p>${a(tracker, label)}` }).verificationLink).toBe(tracker);
    });
    it('no link: the same button in a promotion', () => {
      expect(
        extract({ subject: 'Ofertas de la semana', html: `<p>Nuevo plan premium.</p>${a(tracker, 'Sí, quiero suscribirme')}` }).verificationLink,
      ).toBeNull();
    });
    it('link: "이메일 확인"', () => {
      const url = 'https://money.example.kr/verify?c=zhENLMP2Tz3oZniArvz3Bpnsow';
      expect(extract({ subject: '이메일 주소 확인', text: `버튼을 눌러 이메일 주소를 확인하세요.\n\n이메일 확인: ${url}\n` }).verificationLink).toBe(url);
    });
  });
});

describe('the seventeenth round, a general step: a number whose code words all stand in other sentences', () => {
  it.each([
    ['en, a plan', 'Security', 'We sent a verification code to your phone. Plan 88421 stays valid 30 days.'],
    ['en, an eSIM', 'Security', 'Your verification code was sent by SMS. The eSIM 8842 plan is valid for 30 days.'],
    ['pt, a plan', 'Código', 'Enviamos o código de verificação por SMS. O plano 77120 fica ativo 30 dias.'],
    ['de, a tariff', 'Code', 'Wir haben dir einen Bestätigungscode per SMS geschickt. Tarif 55120 läuft 30 Tage.'],
    ['ru, a tariff', 'Код', 'Мы отправили код подтверждения. Тариф 77120 действует 30 дней.'],
    ['ko, a card', '인증', '인증번호를 문자로 보내드렸습니다. 카드 9410 결제 EUR 412.00'],
  ])('no code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBeNull();
  });
  it.each([
    ['en, a verb of using and a purpose', 'Security', 'We sent you a code. Use 482913 to sign in.', '482913'],
    ['en, alone on its line', 'Security', 'Your verification code is below.\n\n482913\n', '482913'],
    [
      'en, a verb of entering',
      'Link your account',
      'To finish linking your online account, enter 826641 on the app screen. Your account code expires in 30 minutes.',
      '826641',
    ],
    ['de, a verb of entering and a purpose', 'Sicherheit', 'Wir haben dir einen Code geschickt. Gib 482913 ein, um dich anzumelden.', '482913'],
    ['en, in the sentence of its code word', 'Security', 'Your verification code is 482913. It expires in 10 minutes.', '482913'],
  ])('code: %s', (_name, subject, text, code) => {
    expect(otp(text, subject)).toBe(code);
  });
  it('explain() says the code words stand in another sentence', () => {
    const e = explain({ subject: 'Security', text: 'We sent a verification code to your phone. Plan 88421 stays valid 30 days.' });
    expect(e.codes.find((c) => c.value === '88421')?.reasons.join(' ')).toContain('stands in another sentence');
  });
});

describe('the eighteenth round: device pairing codes and their groups, eight-digit bank codes in three groups, subscriber and student numbers, codes already confirmed, rooms of a TV and of a door code, free months, the one code to use after a replaced one, payment validation codes', () => {
  describe('a pairing code typed on a TV screen is found, in its groups too', () => {
    it.each([
      [
        'en',
        'Finish setting up StreamHouse on your TV',
        'To link the living-room TV to the family plan, type this code on the TV screen:\n\n    H7KP3Q\n\nThe code is good for 15 minutes.',
        'H7KP3Q',
      ],
      [
        'pt, the TV in a room',
        'Associar novo equipamento',
        'Para ver a Casa TV+ na Smart TV do quarto, introduza no ecrã da TV o código:\n\n    48 31 07\n\nConta cliente 3 004 771 209.',
        '483107',
      ],
      [
        'ar',
        'ربط التلفاز بحسابك',
        'لربط تلفاز غرفة الجلوس بحساب العائلة، أدخل الرمز الظاهر أدناه على شاشة التلفاز:\n\n    B4T9KX\n\nرقم الاشتراك 7710-3348.',
        'B4T9KX',
      ],
      [
        'he, the TV in a room',
        'חיבור הטלוויזיה לחשבון',
        'כדי לחבר את הטלוויזיה בחדר של איתי לחשבון המשפחתי, הקלידו את הקוד הבא במסך הטלוויזיה:\n\n    M4RT7J\n\nמספר מנוי: 7730-4417.',
        'M4RT7J',
      ],
      [
        'zh-Hans, groups joined by " - "',
        '电视绑定码',
        '请在客厅电视屏幕上输入以下绑定码，完成与家庭账号的绑定：\n\n    381 - 740\n\n订单号 JT20260301004417。',
        '381740',
      ],
      [
        'vi, three twos joined by " - " beside a subscriber number',
        'Ghép nối TV với tài khoản',
        'Nhập mã dưới đây trên màn hình TV phòng khách để ghép nối với tài khoản gia đình:\n\n    41 - 07 - 93\n\nGói: Gia Đình. Mã thuê bao: NX-2207714.',
        '410793',
      ],
      ['fr', 'Votre téléviseur', "Saisissez ce code sur l'écran de votre téléviseur pour le relier à votre compte :\n\n    583 201\n", '583201'],
      ['es', 'Vincula tu televisor', 'Introduce este código en la pantalla del televisor para vincularlo a tu cuenta:\n\n    K7QP2M\n', 'K7QP2M'],
      [
        'de',
        'Fernseher verbinden',
        'Gib diesen Code auf dem Bildschirm deines Fernsehers ein, um ihn mit deinem Konto zu verbinden:\n\n    772 105\n',
        '772105',
      ],
      ['ru', 'Подключение телевизора', 'Введите этот код на экране телевизора, чтобы подключить его к аккаунту:\n\n    X4K9TQ\n', 'X4K9TQ'],
      ['ko', 'TV 연결', 'TV 화면에 아래 코드를 입력해 계정과 연결하세요.\n\n    582 014\n', '582014'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('code: a " - " join that makes no code leaves the groups after it whole', () => {
      expect(otp('Ref 12 - 482 913 is your verification code.', 'Your code')).toBe('482913');
    });
    it.each([
      ['en, a range of scores in a sentence', 'Match report', 'Your verification code was sent earlier. The sets ended 41 - 07 - 93 in the final.'],
      ['en, years joined by " - "', 'Membership', 'Your code is valid for the season 2025 - 2026 only.'],
      ['en, a TV plan with no pairing code', 'Your TV plan', 'Enjoy your plan on the TV screen. Subscriber no. 2207714, next bill 22 April.'],
      [
        'vi, a subscriber number named with "Mã"',
        'Hóa đơn truyền hình',
        'Cảm ơn bạn đã xem trên màn hình TV. Mã thuê bao: NX-2207714. Cước tháng 3: 180.000đ.',
      ],
      ['fr, groups joined by " - " in a sentence', 'Code', "Votre code d'appairage vous sera envoyé. Horaires : 10 - 12 - 14 h."],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe("a bank's eight digits in groups of three, three and two", () => {
    it.each([
      [
        'de',
        'mobileTAN für Ihren Auftrag',
        'Betrag: 87,50 EUR\n\nIhre TAN lautet: 806 442 19\n\nWir fragen Sie niemals telefonisch nach einer TAN.',
        '80644219',
      ],
      ['hi', 'लेनदेन हेतु OTP', 'आपके खाते XX4410 से ₹2,350.00 का भुगतान किया जा रहा है।\n\nआपका OTP है: 771 209 46\n\nयह OTP किसी से साझा न करें।', '77120946'],
      ['id', 'Kode OTP transaksi', 'Pembayaran Rp 150.000.\n\nKode OTP Anda: 660 318 21\n\nKode OTP berlaku 3 menit.', '66031821'],
      ['es', 'Código de verificación', 'Tu código de verificación es 661 208 34. Caduca en 5 minutos.', '66120834'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['de, a customer number', 'Ihr Vertrag', 'Ihr Bestätigungscode wurde per SMS verschickt. Kundennummer 806 442 19.'],
      ['en, glued to more digits', 'Your code', 'Your verification code was sent. Call 0800 806 442 19 for help.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe("a subscriber's or a student's number beside a code word is no code", () => {
    it.each([
      [
        'th, a student number in a reset mail',
        'ตั้งรหัสผ่านใหม่',
        'เราได้รับคำขอเปลี่ยนรหัสผ่านสำหรับบัญชีนักเรียน เลขประจำตัว 30417 ชั้น ม.4/2\n\nตั้งรหัสผ่านใหม่\nhttps://school.test/reset/dNeAheoRKz5NBDSkKZNEcU39y6II1HZ7',
      ],
      ['en, a subscriber code', 'Verify your e-mail', 'Please verify your e-mail address. Subscriber code 2207714.'],
      ['de, a Matrikelnummer', 'Passwort zurücksetzen', 'Setze dein Passwort zurück. Matrikelnummer 304172.'],
      ['fr, a code abonné', 'Vérification', 'Vérifiez votre adresse. Code abonné : 2207714.'],
      ['es, a código de suscriptor', 'Verificación', 'Verifica tu correo. Código de suscriptor: 2207714.'],
      ['zh-Hans, a student number', '重置密码', '我们收到了重置密码的请求。学号 304172。'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('code: the pairing code beside a subscriber number (vi)', () => {
      expect(otp('Nhập mã xác thực 482913 trên màn hình TV. Mã thuê bao: NX-2207714.', 'Mã xác thực')).toBe('482913');
    });
  });

  describe('a code the reader confirmed already, quoted in a notice, is no code to type', () => {
    it.each([
      ['en', 'Two-step verification turned on', 'You confirmed the code 771 046 on 2 Feb 2026 and two-step verification is now active.'],
      ['fr', 'Double authentification activée', 'Vous avez confirmé le code 771046 le 2 février : la vérification en deux étapes est active.'],
      ['pt', 'Verificação ativada', 'Você confirmou o código 771046 em 2 de fevereiro; a verificação em dois passos está ativa.'],
      ['it', 'Verifica attivata', 'Hai confermato il codice 771046 il 2 febbraio: la verifica in due passaggi è attiva.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, a code to confirm with', 'Confirm your e-mail', 'Confirm your e-mail address with the verification code 771046.', '771046'],
      ['en, a confirmed address, then a code', 'Sign-in code', 'Your e-mail was confirmed yesterday.\n\nYour sign-in code is 482913.', '482913'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() says the code was confirmed already', () => {
      const e = explain({ subject: 'Two-step verification turned on', text: 'You confirmed the code 771 046 on 2 Feb 2026.' });
      expect(e.codes.find((c) => c.value === '771046')?.reasons.join(' ')).toContain('"confirmed"');
    });
  });

  describe("a room's door code is no code; a room where the TV stands does not veto", () => {
    it('no code: a door code changed, quoted in a Hebrew reply', () => {
      const text = 'תודה רבה.\n\n> קוד הכניסה לחדר האשפה הוחלף ל-2580.\n\n-- \nיוסף';
      expect(otp(text, 'תשובה: מונה המים בבניין')).toBeNull();
      expect(
        explain({ subject: 'תשובה', text })
          .codes.find((c) => c.value === '2580')
          ?.reasons.join(' '),
      ).toContain('"לחדר"');
    });
    it.each([
      ['en, a room code', 'Your stay', 'Your verification is done. The code for the room is 4821.'],
      ['pt, a room rented', 'Reserva', 'Confirmação da reserva. O código do quarto é 4821.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('a month given free with a code is a promotion', () => {
    it.each([
      ['de', 'Konto bestätigen', 'Bestätige bitte deine E-Mail-Adresse. Nutze den Code NEU2026 für einen Monat gratis im Gerätebereich.'],
      ['fr', 'Confirmez votre compte', 'Confirmez votre adresse. Avec le code BIENVENUE26, un mois offert.'],
      ['en', 'Confirm your account', 'Please confirm your e-mail. Use code WELCOME26 to get 1 month free.'],
      ['es', 'Confirma tu cuenta', 'Confirma tu correo. Con el código HOLA26 tienes un mes gratis.'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      [
        'en, a free trial a sign-up code starts',
        'Confirm your email address',
        'Enter this code on the sign-up page to confirm your email address:\n\n    604271\n\nThe code is valid for 10 minutes. Your free trial (14 days) starts once you confirm.',
        '604271',
      ],
      ['it, free delivery', 'Codice di verifica', 'Inserisci questo codice OTP: 714093\nIl codice scade tra 5 minuti. Consegna gratuita.', '714093'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
  });

  describe('the one code to use after the mail says an earlier one ended', () => {
    it.each([
      [
        'pt',
        'Novo código de confirmação',
        'O código 551 208 que enviámos às 10:02 deixou de ser válido porque pediu outro. Use apenas o código abaixo para confirmar:\n\n    804 336\n',
        '804336',
      ],
      ['en', 'Your new code', 'The code 551208 we sent at 10:02 is no longer valid. Use only the code below to sign in:\n\n    804336\n', '804336'],
      ['es', 'Nuevo código', 'El código 551208 ya no es válido. Usa solo el código de abajo para verificar tu cuenta:\n\n    804336\n', '804336'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('no code: an ended code with no other named', () => {
      expect(otp('The code 551208 we sent at 10:02 is no longer valid. Request a new one in the app.', 'Your code')).toBeNull();
    });
  });

  describe("a card payment's validation code typed on the payment page", () => {
    it.each([
      [
        'fr',
        'Validation de votre paiement',
        'Paiement de 64,90 € avec votre carte **** 3092.\nCode de validation à saisir sur la page de paiement :\n    448 215\n',
        '448215',
      ],
      ['es', 'Valida tu pago', 'Pago de 64,90 € con tu tarjeta **** 3092.\nCódigo de validación para la página de pago:\n    448 215\n', '448215'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('no code: a receipt with its authorisation code', () => {
      expect(otp('Merci pour votre achat. Reçu n° 4412. Code autorisation 448215. Total 64,90 €.', 'Votre reçu')).toBeNull();
    });
  });
});

describe('the nineteenth round: codes typed at a gate, a barrier, a pillar or a fuel card terminal, codes a forwarder did not use, recovery codes in three uneven groups, invitation and signing buttons behind click trackers, short verification paths', () => {
  describe("a code typed at a car park's gate, barrier or pillar, or a fuel card's, is no one-time code", () => {
    it.each([
      [
        'ar, a car park gate in a meeting invitation',
        'دعوة: اجتماع الأحد',
        'المكان: برج النخيل، الطابق 3\nرمز بوابة المواقف: 4391\nرابط الحضور عن بعد: https://meet.example/r/1\nرمز المرور: NJ2026\n',
      ],
      [
        'nl, a pillar at the barrier',
        'Reservering P-44120 bevestigd',
        'Bij de slagboom wordt uw kenteken herkend. Lukt dat niet, toets dan de toegangscode 8841 in bij de zuil.',
      ],
      ['es, a barrier', 'Tu reserva de aparcamiento', 'Si la barrera no lee la matrícula, introduce el código de acceso 3307 en el poste.'],
      ['en, a car park barrier', 'Your car park code', 'Car park barrier code: 6618\nDo not share this code.'],
      ['pl, a barrier', 'Rezerwacja miejsca', 'Jeśli szlaban nie rozpozna tablicy, wpisz kod dostępu 4410 na słupku. Nie udostępniaj tego kodu nikomu.'],
      ['he, a barrier', 'אישור חניה', 'אם המחסום לא מזהה את הרכב, הקישו את קוד הגישה 5120 בעמדה. אל תשתפו את הקוד.'],
      ['fr, a fuel card', 'Votre carte carburant', 'Le code de votre carte carburant est 5531. Ne partagez ce code avec personne.'],
      ['tr, a fuel card', 'Yakıt kartınız', 'Yakıt kartı kodunuz: 2290. Bu kodu kimseyle paylaşmayın.'],
      ['ja, a car park barrier', '駐車場のご案内', '遮断機が開かない場合は、コード 4821 を入力してください。このコードを他人に教えないでください。'],
      ['zh-Hans, a car park barrier', '停车通知', '道闸未识别车牌时，请输入验证码 7731。请勿将此码告诉他人。'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, a parking app sign-in', 'Your EasyPark code', 'Your EasyPark verification code is 482913. It expires in 10 minutes.', '482913'],
      ['en, a fuel rewards sign-in with its verification word', 'Sign in', 'Fuel Rewards: your verification code is 551204. Do not share it.', '551204'],
      ['nl, a parking app sign-in', 'Inloggen', 'Inloggen bij de parkeerapp: je verificatiecode is 660271.', '660271'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() names the place', () => {
      const e = explain({ subject: 'Parkeren', text: 'Lukt dat niet, toets dan de toegangscode 8841 in bij de zuil.' });
      expect(e.codes.find((c) => c.value === '8841')?.reasons.join(' ')).toContain('"zuil" near it');
    });
  });

  describe('a code the forwarder says was not used is none for the reader', () => {
    it.each([
      [
        'nl',
        'Fwd: Je code',
        'Sanne, weet jij waar dit vandaan komt? Ik heb de code niet gebruikt.\n\n---------- Doorgestuurd bericht ---------\nVan: Teamsheet <noreply@teamsheet.example>\n\nJe verificatiecode is 482 913.\nHij verloopt na 10 minuten.\n',
      ],
      [
        'en',
        'Fwd: Your verification code',
        "Got this twice, I didn't use the code. Is this our integration?\n\n---------- Forwarded message ---------\nFrom: Acme <no-reply@acme.example>\n\nYour verification code is 604118.\nIt expires in 10 minutes.\n",
      ],
      [
        'de',
        'WG: Ihr Bestätigungscode',
        'Hallo Jan, ich habe den Code nicht benutzt. Kommt das von dir?\n\n-----Ursprüngliche Nachricht-----\nVon: Shop <noreply@shop.example>\n\nIhr Bestätigungscode lautet 731046.\n',
      ],
      [
        'fr',
        'TR: Code de vérification',
        "Je n'ai pas utilisé ce code, c'est toi ?\n\nDe : Service <noreply@service.example>\n\nVotre code de vérification : 284105\n",
      ],
      ['es', 'RV: Tu código', 'No he usado este código, ¿sabes de dónde viene?\n\nDe: App <no-reply@app.example>\n\nTu código de verificación es 590327.\n'],
      ['ja', '転送: 認証コード', 'このコードは使っていません。心当たりはありますか？\n\n差出人: サービス <no-reply@svc.example>\n\n認証コード: 481920\n'],
    ])('no code: %s', (_lang, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      [
        'en, a code passed on to be typed',
        'Fwd: Your verification code',
        'Can you type this in for me? I am on the road.\n\n---------- Forwarded message ---------\nFrom: Acme <no-reply@acme.example>\n\nYour verification code is 604118.\n',
        '604118',
      ],
      [
        'en, "do not use" the old one',
        'Fwd: Your verification code',
        'Please do not use the old one, this is the new code.\n\n---------- Forwarded message ---------\nFrom: Acme <no-reply@acme.example>\n\nYour verification code is 604118.\n',
        '604118',
      ],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() quotes the note', () => {
      const e = explain({
        subject: 'Fwd: Je code',
        text: 'Ik heb de code niet gebruikt.\n\n---------- Doorgestuurd bericht ---------\nVan: Teamsheet <noreply@teamsheet.example>\n\nJe verificatiecode is 482 913.\n',
      });
      expect(e.codes.find((c) => c.value === '482913')?.reasons.join(' ')).toContain('says the code was not used ("niet gebruikt")');
    });
  });

  describe('a recovery code in three groups of uneven length, alone on its line near its code word', () => {
    it.each([
      ['id', 'Kode pemulihan akun', 'Gunakan kode pemulihan baru ini di aplikasi:\n\n    JS-8K4Q-27\n\nBerlaku 30 menit.', 'JS-8K4Q-27'],
      ['en', 'Account recovery', 'Use this recovery code in the app to restore your account:\n\n    7Q-K4M2-X9\n\nIt is valid for 30 minutes.', '7Q-K4M2-X9'],
      ['es', 'Recupera tu cuenta', 'Introduce este código de recuperación en la app:\n\n    KD-47QX-8M\n\nCaduca en 30 minutos.', 'KD-47QX-8M'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['a serial in a sentence', 'Your watch', 'Serial JS-8K4Q-27 is registered. Your activation code will follow in a separate mail.'],
      ['a model number beside a promotion code word', 'Back in stock', 'Model AB-4K7Q-12 is back in stock.\nUse code SPRING at checkout.'],
      ['alone on its line, no code word', 'Your ticket', 'Ticket\n\n    JS-8K4Q-27\n\nSee you at the gate.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('an invitation or a signing request behind a click tracker', () => {
    const T = 'https://click.e.brand.example/ls/click?upn=u001.7ObzmgluVwOitxdWZk2Qsin5qLrgroIX-2FXkcGU&mid=gluVwOit';
    const textLink = (subject: string, body: string) => extract({ subject, text: body }).verificationLink;
    it.each([
      ['hi, accept the invitation', 'निमंत्रण स्वीकार करें', `आपको होटल क्लब के कॉर्पोरेट खाते में जोड़ा गया है।\n\nनिमंत्रण स्वीकार करें ( ${T} )\n`],
      ['pl, join the server', 'Zaproszenie na serwer', `kuba zaprasza Cię na serwer Nocne Rajdy.\n\nDołącz do serwera ( ${T} )\n`],
      ['en, review a document', 'Please review and sign', `Marta has sent you a document to sign.\n\nREVIEW DOCUMENT ( ${T} )\n`],
      ['he, view and sign', 'מסמך ממתין לחתימתך', `מיכל שלחה לך מסמך לחתימה.\n\nצפייה וחתימה ( ${T} )\n`],
      ['zh-Hant, view and sign', '待簽署文件', `林美玲邀請您簽署「服務合約」。\n\n檢視並簽署 ( ${T} )\n`],
      ['es, review and sign', 'Documento pendiente de firma', `Ana te ha enviado un documento para firmar.\n\nRevisar y firmar ( ${T} )\n`],
      ['de, review the document', 'Dokument zur Unterschrift', `Jan hat Ihnen ein Dokument zur Unterschrift gesendet.\n\nDokument prüfen ( ${T} )\n`],
    ])('link: %s', (_name, subject, body) => {
      expect(textLink(subject, body)).toBe(T);
    });
    it.each([
      ['a join button in a sale', 'Summer sale', `Our summer sale starts today.\n\nJoin now ( ${T} )\n`],
      ['a meeting joined from an invitation', 'Invitation: weekly sync', `You are invited to the weekly sync.\n\nJoin the meeting ( ${T} )\n`],
      [
        'a review label to a page without a secret',
        'Contract templates',
        'Our templates are ready.\n\nReview document ( https://docs.example/templates/contract )\n',
      ],
    ])('no link: %s', (_name, subject, body) => {
      expect(textLink(subject, body)).toBeNull();
    });
    it('explain() names the signing request', () => {
      const e = explain({ subject: 'Please review and sign', text: `Marta has sent you a document to sign.\n\nREVIEW DOCUMENT ( ${T} )\n` });
      expect(JSON.stringify(e.links[0]?.reasons)).toContain('review and sign a document');
    });
  });

  describe('a short verification path with a secret, in a message that asks to confirm', () => {
    const textLink = (subject: string, body: string) => extract({ subject, text: body }).verificationLink;
    it.each([
      [
        'en',
        'Confirm your email',
        'Thanks for joining Zipp in Barcelona!\n\nhttps://zipp.example/v/email?c=DAOsIdRlWmKz6sjNPIJOM2GV\n\nYour first unlock is free.',
        'https://zipp.example/v/email?c=DAOsIdRlWmKz6sjNPIJOM2GV',
      ],
      [
        'de',
        'E-Mail bestätigen',
        'Willkommen bei Zipp!\n\nhttps://app.example/v/mail?t=Xk29sLq0Pz7mNa4Rt8Vw\n\nDeine erste Fahrt ist gratis.',
        'https://app.example/v/mail?t=Xk29sLq0Pz7mNa4Rt8Vw',
      ],
    ])('link: %s', (_lang, subject, body, url) => {
      expect(textLink(subject, body)).toBe(url);
    });
    it('no link: the same path in a newsletter', () => {
      expect(textLink('This week at Zipp', 'Read online:\nhttps://news.example/v/email?c=DAOsIdRlWmKz6sjNPIJOM2GV\nNew cities this spring.')).toBeNull();
    });
  });
});

describe('the twentieth round: forwarded codes meant for someone else, codes told at a counter, letter-digit pairs and the phone beside them, digits one by one with dashes or a spelled gloss, a code alone between other numbers, device approval, password recovery, payment authorisation and sign-in links', () => {
  const fwd = (note: string, opener: string, body: string): string => `${note}\n\n${opener}\n\n${body}\n`;
  describe('a forwarded code whose forwarder says it is not theirs, or asks what it is, is none for the reader', () => {
    it.each([
      [
        'en, is something wrong',
        'Fwd: Your verification code',
        fwd(
          'I keep getting these when I pay rent. Is something wrong with the portal?',
          '---------- Forwarded message ---------\nFrom: Rent <no-reply@rent.example>',
          'Your verification code is 317 046.\nIt expires in 10 minutes.',
        ),
      ],
      [
        'en, sent by mistake',
        'Fwd: Your code',
        fwd(
          'Sorry, forwarded this by mistake, please ignore it.',
          '---------- Forwarded message ---------\nFrom: Shop <no-reply@shop.example>',
          'Your verification code is 604118.',
        ),
      ],
      [
        'es, por error',
        'RV: Código de verificación',
        fwd(
          'Mamá, te reenvío esto por error, era para mi cuenta, ignóralo.',
          '---------- Mensaje reenviado ---------\nDe: Tienda <no-reply@tienda.example>',
          'Tu código de verificación es 5530. Caduca en 5 minutos.',
        ),
      ],
      [
        'ar, did not request',
        'Fwd: رمز التحقق',
        fwd(
          'وصلتني هذه الرسالة ولا أعرف ما هي، لم أطلب أي شيء.',
          '---------- Forwarded message ---------\nFrom: منصة <noreply@platform.example>',
          'رمز التحقق: 5091\nصالح لمدة 5 دقائق.',
        ),
      ],
      [
        'zh-Hant, did you register me',
        '轉寄：手機驗證碼',
        fwd(
          '房東您好，我一直收到這個，是您幫我註冊的嗎？',
          '----- 轉寄郵件 -----\n寄件者：租屋網 <service@rent.example>',
          '您的驗證碼為 8412，10 分鐘內有效。',
        ),
      ],
      [
        'de, not requested',
        'WG: Ihr Code',
        fwd(
          'Hallo Jan, das habe ich nicht angefordert. Was ist das?',
          '-----Ursprüngliche Nachricht-----\nVon: Shop <noreply@shop.example>',
          'Ihr Bestätigungscode lautet 731046.',
        ),
      ],
      [
        'fr, not for me',
        'TR: Code de vérification',
        fwd("Ce n'est pas pour moi, je ne sais pas ce que c'est.", 'De : Service <noreply@service.example>', 'Votre code de vérification : 284105'),
      ],
      ['pt, not requested', 'Fwd: Código', fwd('Não pedi isto, o que é isso?', 'De: Loja <no-reply@loja.example>', 'O seu código de verificação é 590327.')],
      [
        'it, by mistake',
        'I: Codice',
        fwd("Te l'ho inoltrato per errore, ignoralo.", 'Da: Servizio <noreply@servizio.example>', 'Il tuo codice di verifica è 448120.'),
      ],
      [
        'nl, what is this',
        'Fwd: Je code',
        fwd('Wat is dit? Ik heb niets aangevraagd.', 'Van: Dienst <noreply@dienst.example>', 'Je verificatiecode is 662017.'),
      ],
      ['pl, by mistake', 'PD: Kod', fwd('Przesłałem przez pomyłkę, zignoruj.', 'Od: Sklep <noreply@sklep.example>', 'Twój kod weryfikacyjny: 318204')],
      ['ru, what is this', 'Fwd: Код', fwd('Что это? Я ничего не запрашивал.', 'От: Сервис <noreply@service.example>', 'Ваш код подтверждения: 552719')],
      ['ja, no idea', '転送: 認証コード', fwd('これは何ですか？心当たりがありません。', '差出人: サービス <no-reply@svc.example>', '認証コード: 481920')],
      ['ko, not requested', 'FW: 인증번호', fwd('요청하지 않았는데 이게 뭔가요?', '보낸 사람: 서비스 <no-reply@svc.example>', '인증번호: 730215')],
      ['zh-Hans, sent by mistake', '转发：验证码', fwd('不好意思，发错了，请忽略。', '发件人: 服务 <no-reply@svc.example>', '您的验证码是 902146。')],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      [
        'en, a note that asks to type it',
        'Fwd: Your verification code',
        fwd(
          'No idea what this is, but can you enter it for me? I am on the road.',
          '---------- Forwarded message ---------\nFrom: Acme <no-reply@acme.example>',
          'Your verification code is 604118.',
        ),
        '604118',
      ],
      [
        'de, a note that asks to type it',
        'WG: Ihr Code',
        fwd(
          'Kannst du den Code bitte eingeben? Ich bin unterwegs.',
          '-----Ursprüngliche Nachricht-----\nVon: Shop <noreply@shop.example>',
          'Ihr Bestätigungscode lautet 731046.',
        ),
        '731046',
      ],
      [
        'en, a plain forward',
        'Fwd: Your verification code',
        fwd(
          'Here it is, for the shared account.',
          '---------- Forwarded message ---------\nFrom: Acme <no-reply@acme.example>',
          'Your verification code is 604118.',
        ),
        '604118',
      ],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() quotes the note', () => {
      const e = explain({
        subject: 'RV: Código',
        text: fwd('Te reenvío esto por error.', 'De: Tienda <no-reply@tienda.example>', 'Tu código de verificación es 5530.'),
      });
      expect(e.codes.find((c) => c.value === '5530')?.reasons.join(' ')).toContain('says the code is not theirs or asks what it is ("por error")');
    });
  });

  describe('a code told at a pharmacy or a counter is no one-time code', () => {
    it.each([
      [
        'uk, an e-prescription',
        'Електронний рецепт',
        'Назвіть у аптеці номер рецепта та код підтвердження:\n\nНомер рецепта: 0000-8X42-71E3-9K02\nКод підтвердження: 5127\n',
      ],
      ['ru, an e-prescription', 'Электронный рецепт', 'Назовите в аптеке номер рецепта и код подтверждения:\nКод подтверждения: 3391\n'],
      ['en, show at the pharmacy', 'Your e-prescription', 'Show this confirmation code at the pharmacy with your ID:\n\nConfirmation code: 7720\n'],
      ['de, in der Apotheke', 'Ihr E-Rezept', 'Nennen Sie in der Apotheke diesen Bestätigungscode: 4418'],
      ['es, en la farmacia', 'Tu receta electrónica', 'Indica en la farmacia el código de confirmación: 2290'],
      ['pl, w aptece', 'Twoja e-recepta', 'Podaj w aptece kod potwierdzenia: 6604'],
      ['ja, at the counter', '受け取りのご案内', '窓口で確認コードをお伝えください：5813'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, a pharmacy app sign-in', 'Your pharmacy app code', 'Your pharmacy app verification code is 482913. Do not share it.', '482913'],
      ['en, the sentence ends before the code', 'Sign in', 'Pick up your order at the pharmacy. Your sign-in verification code: 551204', '551204'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() names the counter', () => {
      const e = explain({ subject: 'Рецепт', text: 'Назвіть у аптеці код підтвердження:\nКод підтвердження: 5127\n' });
      expect(e.codes.find((c) => c.value === '5127')?.reasons.join(' ')).toContain('tell or show it at a counter ("у аптеці")');
    });
  });

  describe('letter-digit pairs joined by spaces, alone on their line, and the phone number beside them', () => {
    it.each([
      [
        'nl, a municipality',
        'Uw controlecode',
        'Vul deze controlecode in:\n\nK8 2M 4Q\n\nDe code is 10 minuten geldig. Heeft u niet geprobeerd in te loggen? Bel 088 123\n6555.',
        'K82M4Q',
      ],
      ['en, four pairs', 'Your code', 'Enter this verification code:\n\nA7 K2 9Q X3\n\nIt expires in 10 minutes.', 'A7K29QX3'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['en, the last group of a wrapped phone number', 'Security notice', 'We sent a verification code to your phone. Not you? Call 0800 123\n4567.'],
      ['en, pairs inside a sentence', 'Seating plan', 'Your code word for the seats K8 2M 4Q is on the ticket.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('digits one by one: with dashes, after a reference, with the digits spelled after them', () => {
    it.each([
      ['es, dashes', 'Confirmación', 'Para autorizar la transferencia introduce la clave:\n\nClave: 7-4-0-2-9-1\n\nNunca te pediremos esta clave.', '740291'],
      ['en, dashes', 'Your code', 'Your verification code: 3-8-1-9-0-4', '381904'],
      [
        'pt, after a reference line',
        'Código de verificação da compra',
        'Referência: Entidade 10158 Ref. 331 842 027\n\nCódigo de autorização: 2 4 8 1 6 0 (válido 3 minutos).',
        '248160',
      ],
      [
        'es, spelled after them',
        'Código de un solo uso',
        'Introduzca el siguiente código de un solo uso:\n\n   4 1 9 5 3 8   (cuatro, uno, nueve, cinco, tres, ocho)\n\nEl código caduca a los 10 minutos.',
        '419538',
      ],
      [
        'en, spelled after them',
        'Your one-time code',
        'Please enter the following one-time code:\n\n  7 2 0 4 1 9  (seven, two, zero, four, one, nine)\n\nThe code expires in 10 minutes.',
        '720419',
      ],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['en, four digits with dashes', 'Release notes', 'Steps 1-2-3-4 of the verification guide are below.'],
      ['en, a reference code spaced', 'Your booking', 'Booking reference code: 2 4 8 1 6 0'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('a number alone on its line, with a voucher labelled on its own line', () => {
    it.each([
      [
        'id, a consultation',
        'Verifikasi nomor kamu',
        'Kami mengirim kode ini ke +62 812-****-4410. Masukkan di aplikasi (ID konsultasi HD-77120418).\n\n    2417\n\nBiaya konsultasi: Rp 75.000\nVoucher: SEHATMARET (potongan Rp 25.000)\n\nKode berlaku 2 menit.',
        '2417',
      ],
      [
        'en, a clinic app',
        'Verify your number',
        'Enter this code in the app to continue your booking.\n\n    5821\n\nFee: $40\nVoucher: SPRING25 (10% off)\n\nThe code is valid for 5 minutes.',
        '5821',
      ],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([['en, the voucher is the number', 'Your voucher', 'Here is your voucher code:\n\n    5821\n\nVoucher: valid until May.']])(
      'no code: %s',
      (_name, subject, text) => {
        expect(otp(text, subject)).toBeNull();
      },
    );
  });

  describe('device approval, password recovery, payment authorisation and sign-in links', () => {
    it.each([
      [
        'en, yes this was me',
        a('https://accounts.bank.example/device/approve?req=d0abab02f5574f31080fc65e5fc9', 'Yes, this was me'),
        'https://accounts.bank.example/device/approve?req=d0abab02f5574f31080fc65e5fc9',
      ],
      [
        'pt, aprovar dispositivo',
        a('https://seguro.banco.example/dispositivos/aprovar?id=2d30224fcd7a4ec8461d6fb978', 'Aprovar dispositivo'),
        'https://seguro.banco.example/dispositivos/aprovar?id=2d30224fcd7a4ec8461d6fb978',
      ],
      [
        'de, Gerät genehmigen',
        a('https://konto.bank.example/geraet?id=2d30224fcd7a4ec8461d6fb978', 'Gerät genehmigen'),
        'https://konto.bank.example/geraet?id=2d30224fcd7a4ec8461d6fb978',
      ],
      [
        'ja, デバイスを承認',
        a('https://id.example.jp/device?rid=2d30224fcd7a4ec8461d6fb978', 'デバイスを承認'),
        'https://id.example.jp/device?rid=2d30224fcd7a4ec8461d6fb978',
      ],
      [
        'it, recupero password',
        a('https://fascicolo.salute.example/recupero-password/VmdKDJPVWpjRlLf__HXchsRkzSqCCFYGGw', 'Apri questo link entro 30 minuti'),
        'https://fascicolo.salute.example/recupero-password/VmdKDJPVWpjRlLf__HXchsRkzSqCCFYGGw',
      ],
      [
        'es, recuperar contraseña',
        a('https://cuenta.example.es/recuperar-contrasena/VmdKDJPVWpjRlLf__HXchsRkzSqCCFYGGw', 'Abre este enlace'),
        'https://cuenta.example.es/recuperar-contrasena/VmdKDJPVWpjRlLf__HXchsRkzSqCCFYGGw',
      ],
      [
        'it, autorizza',
        a('https://app.banca.example/autorizza/YdjtGp0IFuFnH8NzGCHrp4aWcV', 'Autorizza'),
        'https://app.banca.example/autorizza/YdjtGp0IFuFnH8NzGCHrp4aWcV',
      ],
      [
        'en, authorize payment',
        a('https://pay.example/authorize/YdjtGp0IFuFnH8NzGCHrp4aWcV', 'Authorize payment'),
        'https://pay.example/authorize/YdjtGp0IFuFnH8NzGCHrp4aWcV',
      ],
      [
        'vi, a one-time sign-in link',
        `<p>Nhấn vào liên kết dưới đây để đăng nhập. Liên kết chỉ dùng được một lần, hết hạn sau 15 phút.</p>${a('https://benhvien.example.vn/dang-nhap/lien-ket?ma=uVjVOWOIugycDyGGq72kvh4N1LFN32kf', 'Đăng nhập')}`,
        'https://benhvien.example.vn/dang-nhap/lien-ket?ma=uVjVOWOIugycDyGGq72kvh4N1LFN32kf',
      ],
    ])('link: %s', (_name, html, url) => {
      expect(link(html)).toBe(url);
    });
    it.each([
      ['en, the way out', a('https://accounts.bank.example/device/deny?req=d0abab02f5574f31080fc65e5fc9', 'No, lock my account')],
      ['nl, a forgotten-password page with no secret', a('https://mijn.example.nl/wachtwoord-vergeten', 'Open deze link')],
      ['es, a cart recovered', a('https://tienda.example/recuperar-carrito/VmdKDJPVWpjRlLf__HXchsRkzSqCCFYGGw', 'Ver mi carrito')],
      ['en, an OAuth page', a('https://id.example/oauth/authorize?client_id=abc123def456&state=xyz987654321', 'Authorize')],
      ['it, autorizza with no secret', a('https://app.banca.example/autorizza', 'Autorizza')],
      ['vi, a short value', a('https://benhvien.example.vn/dang-nhap?ma=12', 'Đăng nhập')],
    ])('no link: %s', (_name, html) => {
      expect(link(html)).toBeNull();
    });
  });
});

describe('the twentieth round, a general step: a piece of a larger number is no code', () => {
  it.each([
    ['ko, a card number with a mask', '[은행] 인증번호', '카드: 9410-****-****-2281\n결제를 승인하려면 인증번호를 입력하세요.'],
    ['pl, an id number with a mask', 'Kod weryfikacyjny', 'Wpisz kod weryfikacyjny podany w temacie wiadomości. PESEL: 850312*****'],
    ['en, a wrapped phone number', 'Verification code', 'We sent you a verification code by text. Not you? Call 0800 123\n4567.'],
    ['zh-Hant, a list of backup codes', '備用驗證碼', '以下為備用驗證碼，每組只能使用一次，請妥善保存：\n48210937\n1166 4820 9034 2271\n'],
  ])('no code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBeNull();
  });
  it.each([
    ['en, a validity after it', 'Your sign-in code', 'Your sign-in code is 482913 - it expires in 10 minutes.', '482913'],
    ['en, "4 8 2057": the short groups are no number of their own', 'Your code', 'Your verification code:\n\n4 8 2057\n\nIt expires in 10 minutes.', null],
    ['en, a time on the line above', 'Card payment', 'Date: 11/03/2026 14:22\n739105\nThis passcode is valid for 5 minutes.', '739105'],
    ['pt, an amount on the line above', 'Código Pix', 'Limite diário: R$ 5.000,00\n902613\nO seu código de verificação. Nunca o partilhe.', '902613'],
    ['en, a test stub', 'Your verification code', 'Your verification code is 000000', '000000'],
  ])('code: %s', (_name, subject, text, code) => {
    expect(otp(text, subject)).toBe(code);
  });
  it('explain() names the larger number', () => {
    const e = explain({ subject: '備用驗證碼', text: '以下為備用驗證碼，每組只能使用一次，請妥善保存：\n48210937\n1166 4820 9034 2271\n' });
    expect(e.codes.find((c) => c.value === '48210937')?.reasons.join(' ')).toContain('("48210937 1166 4820 9034 2271"): a piece of a larger number');
  });
});

describe('the twenty-first round: couriers signing in to their own app, forwards of expired codes, expiry notices with their validity, default and changed PINs, plates, policies and check codes, a number labelled above a verification code, two-step and recovery wording, digits spelled word for word, Hebrew invitations', () => {
  describe("a courier's, rider's or driver's sign-in code to their own app is the reader's code", () => {
    it.each([
      [
        'de, Fahrer-App',
        'Dein Anmeldecode',
        'Du meldest dich gerade in der Flinkwerk Fahrer-App an. Gib diesen Code in der App ein:\n\n    40 91 27\n\nDer Code ist 15 Minuten gültig.',
        '409127',
      ],
      [
        'it, app Rider',
        'Il tuo codice di accesso',
        "Inserisci questo codice nell'app Veloce Rider per completare l'accesso:\n\n    550318\n\nScade tra 10 minuti.",
        '550318',
      ],
      [
        'nl, Koerier-app',
        'Je inlogcode',
        'Vul deze code in de Koerier-app in om in te loggen op je nieuwe telefoon:\n\n    8042\n\nDe code is 10 minuten geldig.',
        '8042',
      ],
      [
        'pl, aplikacja Kurier',
        'Kod logowania',
        'Wpisz ten kod w aplikacji Szybki Kurier, żeby dokończyć logowanie:\n\n    662913\n\nKod jest ważny 10 minut.',
        '662913',
      ],
      [
        'ar, تطبيق مندوب',
        'رمز الدخول',
        'أدخل الرمز التالي في تطبيق مندوب سريع لتسجيل الدخول من جهاز جديد:\n\n    730462\n\nالرمز صالح لمدة 5 دقائق.',
        '730462',
      ],
      [
        'uk, застосунок «Кур’єр»',
        'Код для входу',
        'Введи цей код у застосунку «Блискавка Кур’єр», щоб увійти на новому пристрої:\n\n    218 604\n\nКод дійсний 10 хвилин.',
        '218604',
      ],
      ['zh-Hans, 骑手App', '登录验证码', '您正在新设备上登录骑手App，验证码为：\n\n    604 219\n\n验证码5分钟内有效。', '604219'],
      ['th, แอปไรเดอร์', 'รหัสเข้าสู่ระบบ', 'กรุณากรอกรหัสนี้ในแอปส่งด่วน ไรเดอร์ เพื่อเข้าสู่ระบบบนโทรศัพท์เครื่องใหม่:\n\n715 093\n\nรหัสมีอายุ 5 นาที', '715093'],
      [
        'en, Driver app',
        'Your sign-in code',
        'Use this code to sign in to the Swiftvan Driver app on your new phone:\n\n    384 102\n\nIt expires in 10 minutes.',
        '384102',
      ],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      [
        'en, give it to the driver',
        'Your delivery',
        'Your parcel arrives today. Track it in the app. Give this code to the driver at the door:\n\n    4821\n\nIt confirms the handover.',
      ],
      ['de, dem Fahrer nennen', 'Deine Lieferung', 'Dein Paket kommt heute. Nenne dem Fahrer der Fahrer-App diesen Code an der Tür:\n\n    5093'],
      ['fr, montrez au livreur', 'Votre livraison', "Suivez votre colis dans l'application. Montrez ce code au livreur à la porte :\n\n    7720"],
      ['zh-Hans, 告诉骑手', '您的外卖', '您的外卖即将送达，请在App中查看。请将取餐码告诉骑手：\n\n    3381'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe("a forwarder's note that says the code has already expired", () => {
    it.each([
      [
        'uk',
        'Fwd: Ваш код для входу',
        'Андрію, це прийшло мені. Здається, код був для тебе, але вже точно прострочений, вибач.\n\n-------- Пересланий лист --------\nВід: Сервіс <auth@service.example>\n\nВаш код: 118372\nДійсний 10 хвилин.\n',
      ],
      [
        'en',
        'Fwd: Your sign-in code',
        "This landed in my inbox yesterday, it's probably expired by now.\n\n---------- Forwarded message ---------\nFrom: Shop <no-reply@shop.example>\n\nYour sign-in code is 604118.\nIt expires in 10 minutes.\n",
      ],
      [
        'de',
        'WG: Ihr Anmeldecode',
        'Kam bei mir an, ist aber wohl schon abgelaufen.\n\n---------- Weitergeleitete Nachricht ---------\nVon: Portal <noreply@portal.example>\n\nIhr Anmeldecode: 551902\nGültig für 10 Minuten.\n',
      ],
      [
        'zh-Hans',
        '转发：您的验证码',
        '这个验证码早就过期了，给你看看。\n\n---------- 转发的邮件 ----------\n发件人：平台 <noreply@platform.example>\n\n您的验证码为 882041，5分钟内有效。\n',
      ],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a forward that asks to type the code keeps it', () => {
      expect(
        otp(
          "Can you enter it for me? It hasn't expired yet.\n\n---------- Forwarded message ---------\nFrom: Shop <no-reply@shop.example>\n\nYour sign-in code is 604118.\n",
          'Fwd: Your sign-in code',
        ),
      ).toBe('604118');
    });
    it('explain() says the note says the code expired', () => {
      const e = explain({
        subject: 'Fwd: Ваш код для входу',
        text: 'Вибач, вже точно прострочений.\n\n-------- Пересланий лист --------\nВід: Сервіс <auth@service.example>\n\nВаш код: 118372\n',
      });
      expect(e.codes.find((c) => c.value === '118372')?.reasons.join(' ')).toContain('says the code has already expired');
    });
  });

  describe('an expiry notice whose validity stands in parentheses', () => {
    it.each([
      [
        'ko',
        '[빠른배송] 인증번호가 만료되었습니다',
        '요청하신 인증번호 740293은 유효 시간(3분)이 지나 만료되었습니다.\n다시 로그인하려면 앱에서 인증번호를 재요청해 주세요.',
      ],
      ['en', 'Your code', 'Your sign-in code 740293 (valid 10 minutes) has expired. Request a new one in the app.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a code valid for 3 minutes (no expiry said) stays a code', () => {
      expect(otp('인증번호 740293을 입력해 주세요. 유효 시간(3분)이 지나면 만료됩니다.', '인증번호')).toBe('740293');
    });
  });

  describe("a device's default PIN, and a standing PIN a notice says was changed or set", () => {
    it.each([
      [
        'en, a printer',
        'Getting started with your printer',
        'To pair it with a handheld over Bluetooth, hold FEED for 3 seconds and enter the default pairing PIN on the handheld:\n\n    0000\n\nWe recommend changing it once paired.',
      ],
      ['de, Standard-PIN', 'Ihr neues Headset', 'Koppeln Sie das Headset per Bluetooth. Die werkseitig eingestellte PIN lautet:\n\n    1234'],
      ['fr, par défaut', 'Votre routeur', "Pour l'appairage, saisissez le code PIN par défaut :\n\n    0000"],
      ['es, predeterminado', 'Su impresora', 'Para vincular la impresora, introduzca el PIN predeterminado:\n\n    1234'],
      [
        'en, a time clock',
        'Your time clock PIN has been changed',
        'Your manager has set a new PIN for the clock-in terminals:\n\nPIN: 5820\n\nThe PIN does not expire.',
      ],
      ['de, PIN geändert', 'PIN geändert', 'Ihre PIN für das Zeiterfassungsterminal wurde geändert. Neue PIN: 4417'],
      ['ja, 初期PIN', 'ご利用ガイド', 'ペアリングの際は初期設定の暗証番号を入力してください。暗証番号：0000'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, a one-time PIN after a reset', 'Your PIN', 'Your PIN has been reset. Your one-time PIN is 482913, valid for 10 minutes.', '482913'],
      [
        'en, a verification code in a default-settings mail',
        'Verify your router',
        'Default settings were restored. Your verification code: 603318. It expires in 10 minutes.',
        '603318',
      ],
      ['en, a test stub', 'Your verification code', 'Your verification code is 000000', '000000'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('explain() names the default', () => {
      const e = explain({ subject: 'Setup', text: 'Enter the default pairing PIN on the handheld:\n\n    0000\n' });
      expect(e.codes.find((c) => c.value === '0000')?.reasons.join(' ')).toContain(
        'a PIN the mail calls a device\'s default or says was changed or set for the reader ("default")',
      );
    });
  });

  describe("plates, policies, claims and a document's check code", () => {
    it.each([
      [
        'pt, a plate in a reset-link mail',
        'Redefinição de senha',
        'Recebemos uma solicitação para redefinir a senha do Portal (contrato 77-04418, veículo placa SQX-2B41).\nClique aqui para redefinir sua senha: https://portal.example/senha/redefinir/-yDfMP48ar48rnmUboAwSb6PWpH8MqZY',
      ],
      [
        'it, codice di controllo',
        'Permesso rilasciato',
        'Il tuo permesso è attivo\nPermesso n.: CS-2026-04471\nCodice di controllo: Q7M2-R4\nEsponi il QR code o comunica il codice di controllo agli ausiliari.',
      ],
      ['en, check code', 'Your parking permit', 'Permit no. 2026-4471 is active. Check code: 7K2M-R4. Show it to the warden if asked.'],
      [
        'id, a policy and a vehicle',
        'Tautan masuk ke portal klaim',
        'Klik tombol di bawah untuk masuk dan memantau klaim (polis\n4418-2207, kendaraan B 4418 KKT).\nhttps://portal.example/masuk/tautan/WL2J1eFGvxa3hyoKFDkQ5fHt45CmGeUW',
      ],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it('a Dutch controlecode stays a sign-in code', () => {
      expect(otp('Log in met je controlecode: 331904. De code is 15 minuten geldig.', 'Je controlecode')).toBe('331904');
    });
  });

  describe('a word that labels its own number above a verification code', () => {
    it.each([
      [
        'nl, a fuel card above',
        'Bevestig je betaling',
        'Omschrijving: Factuur 2026-0411 tankpas 4417\nJe bevestigingscode is 6 0 3 1 8 2. Vul hem in op het scherm.',
        '603182',
      ],
      [
        'hi, a gate above',
        'हाज़िरी PIN बदलने के लिए OTP',
        'आपने हाज़िरी टर्मिनल का PIN बदलने का अनुरोध किया है (कर्मचारी कोड GL-0418, गेट 2, मानेसर गोदाम)।\nनया PIN बनाने से पहले ऐप में यह OTP डालें:\n\n552961\n\nयह OTP 10 मिनट तक मान्य है।',
        '552961',
      ],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['nl, a fuel card above a PIN (no verification code word)', 'Tankpas', 'Tankpas 4417\nPincode: 5521'],
      ['ja, a locker (CJK runs name their own numbers)', 'ロッカーのご案内', 'ロッカー番号 12\n認証番号 4821 を入力してお受け取りください。'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('two-step and account recovery wording is evidence of a one-time code', () => {
    it.each([
      [
        'fr, validation en deux étapes',
        'Activation de la validation en deux étapes',
        'Finalisez la validation en deux étapes. Saisissez sur la page ouverte le code ci-dessous :\n\n    3 0 6 6 1 9\n',
        '306619',
      ],
      [
        'es, verificación en dos pasos',
        'Verificación en dos pasos',
        'Para activar la verificación en dos pasos, introduce este código:\n\n    481 902\n',
        '481902',
      ],
      ['pl, weryfikacja dwuetapowa', 'Weryfikacja dwuetapowa', 'Aby włączyć weryfikację dwuetapową, wpisz kod:\n\n    730 215\n', '730215'],
      ['ru, двухэтапная', 'Двухэтапная проверка', 'Чтобы включить двухэтапную проверку, введите код:\n\n    662 014\n', '662014'],
      [
        'pt, recuperar o acesso',
        'Recuperação de conta',
        'Recebemos um pedido para recuperar o acesso à conta.\nDigite este código na tela de recuperação do aplicativo:\n\n719-204\n',
        '719204',
      ],
      ['en, account recovery', 'Account recovery', 'We received an account recovery request. Enter this code in the app:\n\n    550 913\n', '550913'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it('a code word alone is still no evidence', () => {
      expect(otp('Code:\n\n    3 0 6 6 1 9\n', 'Ihre Bestellung')).toBeNull();
    });
  });

  describe('digits joined by dashes and spelled word for word', () => {
    it.each([
      ['pt', 'Confirme seu celular', 'Seu código de confirmação é 5 - 0 - 9 - 3 (cinco, zero, nove, três). Digite-o no aplicativo.', '5093'],
      ['en', 'Your verification code', 'Your verification code is 7-2-0-4 (seven, two, zero, four). It expires in 10 minutes.', '7204'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      [
        'steps with a gloss of another length',
        'Setup guide',
        'Your verification code arrives after steps 1-2-3-4 (read the guide first, then). It expires in 10 minutes.',
      ],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  it('link: a Hebrew invitation accepted by "קבל הזמנה"', () => {
    const text =
      'דנה כהן הזמינה אותך להצטרף לסביבת העבודה "לוגיסטיקה דרום" בתור מלקט.\n\nקבל הזמנה: https://tzevet.example/join/vj-ps5HQmRq3aEu_A3VcuV7rXZD_Os6x\n';
    expect(extract({ subject: 'הוזמנת להצטרף', text }).verificationLink).toBe('https://tzevet.example/join/vj-ps5HQmRq3aEu_A3VcuV7rXZD_Os6x');
  });
});

describe('the twenty-first round, a general step: in a mail with a verification link, a number no code word names is no code', () => {
  it.each([
    [
      'id, a claim number beside a magic link',
      'Tautan masuk ke portal',
      'Klik tombol di bawah untuk masuk dan memantau pengajuan Anda 44182207.\nMasuk sekarang: https://portal.example/masuk/tautan/WL2J1eFGvxa3hyoKFDkQ5fHt45CmGeUW\nTautan hanya berlaku sekali.',
    ],
    [
      'th, a student number beside a reset link',
      'บัญชีนักเรียน',
      'เราได้รับคำขอเปลี่ยนรหัสผ่านสำหรับบัญชีนักเรียน 30417 ตั้งรหัสผ่านใหม่ที่ https://school.example/reset/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
    ],
  ])('no code: %s', (_name, subject, text) => {
    expect(otp(text, subject)).toBeNull();
  });
  it.each([
    [
      'en, a code word names the code beside the link',
      'Verify your e-mail',
      'Your verification code is 482913. Or verify with this link: https://app.example/verify?token=aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
      '482913',
    ],
    ['es, cue words with no link', 'Verificación', 'Verificación de su cuenta:\n\n    82531\n', '82531'],
  ])('code: %s', (_name, subject, text, code) => {
    expect(otp(text, subject)).toBe(code);
  });
  it("explain() says the words are the link's", () => {
    const e = explain({
      subject: 'Tautan masuk ke portal',
      text: 'Klik tombol di bawah untuk masuk dan memantau pengajuan Anda 44182207.\nMasuk sekarang: https://portal.example/masuk/tautan/WL2J1eFGvxa3hyoKFDkQ5fHt45CmGeUW\nTautan hanya berlaku sekali.',
    });
    expect(e.codes.find((c) => c.value === '44182207')?.reasons.join(' ')).toContain('the mail carries a verification link');
  });
});

describe('the twenty-second round: a register key in the closing, capitalised names, signing passwords, the received code, a CJK comma, a two-letter prefix, Indonesian and Portuguese links', () => {
  describe("a code word on a closing's phone or register line names the sender's own key", () => {
    it.each([
      [
        'pt, a school code beside the phone',
        'Aviso aos pais',
        'O portal dos pais pede agora um código de verificação no início de sessão.\n\n-- \nA Direção\nTel. 213 550 118 · código 402917',
      ],
      [
        'es, an insurer registered with its key',
        'Tu póliza',
        'Para entrar en el área de clientes te enviaremos un código de acceso por SMS.\n\n-- \nSeguros Olmo, inscrita en la DGSFP con la clave C-0731.',
      ],
      [
        'en, a registered company',
        'Your statement',
        'Sign-in now asks for a verification code sent by text.\n\n--\nNorthfield Ltd, registered in England, code 118204',
      ],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, a code under the last rule', 'Your sign-in code', 'Use the code below to sign in.\n\n-- \nYour code: 604118'],
      [
        'es, a code beside a register footer',
        'Tu código',
        'Tu código de acceso:\n\n    72 19 04\n\n-- \nSeguros Olmo, inscrita en la DGSFP con la clave C-0731.',
      ],
    ])('code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).not.toBeNull();
    });
    it('explain() names the line', () => {
      const e = explain({ subject: 'Aviso aos pais', text: 'As aulas terminam a 20 de junho.\n\n-- \nA Direção\nTel. 213 550 118 · código 402917' });
      expect(e.codes.find((c) => c.value === '402917')?.reasons.join(' ')).toContain("on a line that gives a phone or a company's register");
    });
  });

  describe('a reply or forward whose note does not hand the code over (a general step)', () => {
    const fwd = (note: string, code: string) => `${note}\n\n---------- Forwarded message ---------\nFrom: Service <no-reply@svc.example>\n\n${code}\n`;
    it.each([
      [
        'en, already used',
        'Fwd: Your code',
        fwd('Sam, this landed in the club inbox on Sunday. You used it already, right? The minutes are attached.', 'Your verification code is 551302.'),
      ],
      [
        'de, für meinen Account',
        'WG: Ihr Code',
        fwd('Kam bei mir an, ist aber für mein eigenes Konto. Bitte registriere dich mit deiner Adresse.', 'Ihr Bestätigungscode lautet 551302.'),
      ],
      [
        'ru, не вводите',
        'Re: Fwd: Код',
        'Ирина, не вводите этот код, он для моей учётной записи.\n\n12.03.2026 10:00, Ирина пишет:\n> Что с этим делать?\n> > Код подтверждения: 551 302.',
      ],
      [
        'ja, 私のアカウント用',
        '転送: 認証コード',
        fwd('田中さん\n私のアカウント用に届いたものです。ご自身のアドレスで登録してください。', '認証コード: 551302'),
      ],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
    it.each([
      ['en, here it is', 'Fwd: Your code', fwd('Here is the code for the shared account, go ahead.', 'Your verification code is 551302.'), '551302'],
      ['fr, voici', 'TR: Votre code', fwd('Voici le code pour le compte du club.', 'Votre code de vérification est 551302.'), '551302'],
      ['es, usa este código', 'RV: Tu código', fwd('Usa este código para entrar, yo no puedo ahora.', 'Tu código de verificación es 551302.'), '551302'],
      ['ru, введи', 'Fwd: Код', fwd('Олег, введи пожалуйста, у меня нет доступа.', 'Код подтверждения: 551302.'), '551302'],
      ['zh-Hans, 给你', '转发: 验证码', fwd('给你，帮我登录一下。', '您的验证码是 551302。'), '551302'],
      ['vi, đây là', 'Chuyển tiếp: Mã xác minh', fwd('Đây là mã của tài khoản câu lạc bộ.', 'Mã xác minh của bạn là 551302.'), '551302'],
      ['en, for the test', 'Fwd: Your code', fwd('For the staging test, ticket QA-1182.', 'Your verification code is 551302.'), '551302'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it("explain() quotes the note's first line", () => {
      const e = explain({ subject: 'Fwd: Your code', text: fwd('You used it already, right?', 'Your verification code is 551302.') });
      expect(e.codes.find((c) => c.value === '551302')?.reasons.join(' ')).toContain('nothing that hands the code over');
    });
  });

  describe("a bank's password for signing or confirming a payment", () => {
    it.each([
      [
        'ru, для подписи',
        'Подтверждение платежа',
        'Платёжное поручение № 41 на сумму 12 000,00 руб.\n\nПароль для подписи: 60418273\n\nНикому не сообщайте пароль.',
        '60418273',
      ],
      ['uk, для підпису', 'Підтвердження платежу', 'Платіж на суму 5 400,00 грн.\n\nПароль для підпису: 60418273', '60418273'],
      ['pl, hasło do autoryzacji', 'Autoryzacja przelewu', 'Przelew na kwotę 1 200,00 zł.\n\nHasło do autoryzacji: 604182', '604182'],
      ['tr, işlemi için şifreniz', 'İşlem onayı', 'Havale işlemi için şifreniz: 604182', '604182'],
    ])('code: %s', (_name, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['ru, a password to choose', 'Смена пароля', 'Пароль для входа в личный кабинет можно сменить в настройках. Заявка 60418273.'],
      ['tr, a password word with no transaction', 'Bilgi', 'Şifreniz için yardım: 0850 222 0 444'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('French "reçu" after a code word is "received", no receipt', () => {
    it('code: le code reçu', () => {
      expect(otp('Validez le virement.\n\nSaisissez le code reçu : 52 81 94\n\nCe code est valable 5 minutes.', 'Validation de votre virement')).toBe('528194');
    });
    it('code: le code que vous avez reçu', () => {
      expect(otp('Saisissez le code que vous avez reçu : 528194', 'Votre code')).toBe('528194');
    });
    it('no code: a receipt number', () => {
      expect(otp('Merci pour votre don. Reçu n° 528194 joint.', 'Votre reçu fiscal')).toBeNull();
    });
  });

  describe('a CJK sentence written with an ASCII comma', () => {
    it.each([
      ['zh-Hans', '动态密码', '您正在转账，动态密码:604182,5分钟内有效。', '604182'],
      ['zh-Hant', '驗證碼', '您的驗證碼:604182,10分鐘內有效。', '604182'],
      ['ja', '認証コード', '認証コード:604182,10分間有効です。', '604182'],
    ])('code: %s', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['ru, a decimal amount', 'Оплата', 'Код подтверждения придёт позже. Сумма 4812,40 руб.'],
      ['zh-Hans, a decimal amount with no CJK after', '账单', '本期账单金额 1234,50 EUR，请按时还款。'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('a name in capitals and a two-letter prefix code', () => {
    it('code: the number, not the capitalised name after the password word', () => {
      expect(otp('Tek kullanımlık şifre\nKARTAL SPOR KULÜBÜ hesabından EFT işlemi için şifreniz: 604182', 'İşlem onay şifresi')).toBe('604182');
    });
    it.each([
      ['en', 'Your code', 'Enter this code on the "Confirm email" page:  KW-7P3X\n\nIt can be used once.', 'KW-7P3X'],
      ['es', 'Tu código', 'Introduce este código en la página de tu perfil:  MR-4T8Q', 'MR-4T8Q'],
    ])('code: %s, a two-letter prefix', (_lang, subject, text, code) => {
      expect(otp(text, subject)).toBe(code);
    });
    it.each([
      ['a booking reference', 'Reserva confirmada', 'Código de confirmación: SH-4K7Q\nLlegada: 02/04/2026'],
      ['a phone model', 'New sign-in', 'A new device signed in: Galaxy SM-A546B. If this was you, no action is needed.'],
    ])('no code: %s', (_name, subject, text) => {
      expect(otp(text, subject)).toBeNull();
    });
  });

  describe('Indonesian and Portuguese links', () => {
    it.each([
      ['id, Terima', a('https://kelas.example/invite/accept/Qm8kP2xV7wR4tY9zL3nB6cD1', 'Terima')],
      ['id, /sandi/atur-ulang', a('https://akun.example.id/sandi/atur-ulang?t=Qm8kP2xV7wR4tY9zL3nB6cD1', 'Klik di sini')],
      ['pt, Iniciar sessão', a('https://clube.example.pt/auth/link/Qm8kP2xV7wR4tY9zL3nB6cD1', 'Iniciar sessão')],
    ])('link: %s', (_name, html) => {
      expect(link(html)).not.toBeNull();
    });
    it.each([
      ['id, Terima kasih', a('https://kelas.example/invite/accept/Qm8kP2xV7wR4tY9zL3nB6cD1', 'Terima kasih')],
      ['id, Terima beside no invitation', a('https://toko.example/promo/Qm8kP2xV7wR4tY9zL3nB6cD1', 'Terima')],
    ])('no link: %s', (_name, html) => {
      expect(link(html)).toBeNull();
    });
  });
});

describe('the twenty-third round: a note that says the code was used, a code the mail replaces, an access code that expires in minutes, an accept page under /share, a service named with an order word', () => {
  const fwd = (note: string) =>
    `${note}\n\n---------- Forwarded message ---------\nFrom: Service <no-reply@svc.example>\n\nYour verification code is 551302.\n`;
  describe('a forward whose note says the code was used already or will not work is none for the reader, whatever hands it over', () => {
    it.each([
      ['en', 'Here it is, but I already used it this morning, so it will not work for you.'],
      ['de', 'Hier ist der Code, ich habe ihn aber schon benutzt.'],
      ['fr', "Voici le code, mais je l'ai déjà utilisé ce matin."],
      ['es', 'Te reenvío esto. Ya lo usé yo esta mañana, no te va a servir.'],
      ['pt', 'Segue o código, mas já usei hoje de manhã.'],
      ['it', "Ecco il codice, ma l'ho già usato stamattina."],
      ['nl', 'Hierbij de code, maar ik heb hem al gebruikt.'],
      ['pl', 'Oto kod, ale już go użyłem rano.'],
      ['tr', 'İşte kod, ama zaten kullandım.'],
      ['ru', 'Вот код, но я уже использовал его утром.'],
      ['uk', 'Ось код, але я вже використав його.'],
      ['ar', 'إليك الرمز، لكنني استخدمته بالفعل.'],
      ['he', 'הנה הקוד, אבל כבר השתמשתי בו.'],
      ['hi', 'यह रहा कोड, लेकिन मैंने पहले ही इस्तेमाल कर लिया है।'],
      ['vi', 'Đây là mã, nhưng mình đã dùng rồi.'],
      ['id', 'Ini kodenya, tapi sudah saya pakai tadi pagi.'],
      ['th', 'นี่คือรหัส แต่ผมใช้ไปแล้ว'],
      ['ja', 'コードです。でももう使いました。'],
      ['ko', '코드 보내요. 근데 이미 사용했어요.'],
      ['zh-Hans', '给你看看，这个验证码我已经用过了。'],
      ['zh-Hant', '給你看，這個驗證碼我已經用過了。'],
    ])('no code: %s', (_lang, note) => {
      expect(otp(fwd(note), 'Fwd: Your code')).toBeNull();
    });
    it.each([
      ['en, a new code named', 'I already used the old one. Here is the new code, can you put it in?'],
      ['en, asked to type it', "I've already used mine, could you enter this one for me?"],
      ['de, a new code named', 'Meinen habe ich schon benutzt, hier ist der neue Code für dich.'],
      ['es, a new code named', 'Ya usé el anterior; aquí tienes el código nuevo.'],
      ['zh-Hans, a new code named', '旧的已经用过了，这是新的验证码，给你。'],
    ])('code: %s', (_name, note) => {
      expect(otp(fwd(note), 'Fwd: Your code')).toBe('551302');
    });
    it('explain() names the phrase', () => {
      const e = explain({ subject: 'RV: Código', text: fwd('Te reenvío esto. Ya lo usé yo, no te va a servir.') });
      expect(e.codes.find((c) => c.value === '551302')?.reasons.join(' ')).toContain('the code was used already or will not work ("ya lo usé")');
    });
  });

  describe('a code the mail says ended, before a number it names the new code', () => {
    it.each([
      ['en', 'We just sent you a code (482 913) that may arrive late. It has been cancelled.\n\nUse this new code to log in:\n\n    604 118'],
      ['fr', 'Nous vous avons envoyé un code (482 913) il y a quelques minutes. Il a été annulé.\n\nVoici votre nouveau code :\n\n    604 118'],
      ['es', 'Te enviamos un código (482 913) hace unos minutos. Ha sido cancelado.\n\nTu nuevo código es:\n\n    604 118'],
    ])('the new code: %s', (_lang, text) => {
      expect(otp(text, 'Sign-in')).toBe('604118');
    });
    it('no replacement where the ended words stand two sentences on', () => {
      const e = explain({
        subject: 'Sign-in',
        text: 'We sent you a code (482 913) at 09:14. Your order 5521 was placed. It has been cancelled.\n\nUse this new code: 604 118',
      });
      expect(e.codes.find((c) => c.value === '482913')?.reasons.join(' ') ?? '').not.toContain('the code it replaces');
    });
    it('no replacement without a number named the new code', () => {
      const e = explain({ subject: 'Sign-in', text: 'We sent you a code (482 913). It has been cancelled.\n\nUse this code to log in:\n\n    604 118' });
      expect(e.codes.find((c) => c.value === '482913')?.reasons.join(' ') ?? '').not.toContain('the code it replaces');
    });
  });

  describe("an accept or join page under /share is the invitation's action", () => {
    it.each([
      ['it', a('https://drive.example.it/share/accept/OljbYLJdIWHXS1C75zcXB', 'Accetta invito')],
      ['en', a('https://files.example.com/share/accept/Qm3kL9xYzT8pWvR2sN5b', 'Accept invitation')],
      ['de', a('https://cloud.example.de/share/invite/Qm3kL9xYzT8pWvR2sN5b/accept', 'Einladung annehmen')],
    ])('link: %s', (_lang, html) => {
      expect(link(`<p>Anna invited you to a shared folder.</p>${html}`)).not.toBeNull();
    });
    it.each([
      ['a share page', a('https://files.example.com/share/Qm3kL9xYzT8pWvR2sN5b', 'Accept invitation')],
      ['a social share', a('https://www.example.com/share?u=https%3A%2F%2Fexample.com', 'Share')],
    ])('no link: %s', (_name, html) => {
      expect(link(`<p>Anna invited you to a shared folder.</p>${html}`)).toBeNull();
    });
  });

  describe('an English access code the mail says expires in minutes is a sign-in code', () => {
    it.each([
      ['groups of letters and digits', 'Your access code is: KX7-Q4M9\n\nEnter it on the sign-in page. It expires in 15 minutes.', 'KX7-Q4M9'],
      ['digits', 'Your access code is 482913. It is valid for 10 minutes.', '482913'],
    ])('code: %s', (_name, text, code) => {
      expect(otp(text, 'Your access code')).toBe(code);
    });
    it.each([
      ['a key safe', 'Your access code for the key safe is 4821. Check-in from 15:00.'],
      ['a building for a stay', 'The building access code is 4821#. Valid during your stay.'],
      ['a meeting that starts in minutes', 'Meeting access code: 873 985 77\nThe meeting starts in 15 minutes.'],
      ['a meeting access code beside a link that expires', 'Meeting access code: 873 985 77\nThe join link expires in 15 minutes.'],
    ])('no code: %s', (_name, text) => {
      expect(otp(text, 'Access details')).toBeNull();
    });
  });

  describe("a service's name that begins with an order's or a shop's word", () => {
    const page = (label: string) =>
      `<p>Click the button below to sign in. The link expires in 15 minutes and can be used once.</p>${a('https://click.e.example.app/ls/click?upn=u001.pKNZgCUfrFaukGFOsdDe1DXwi2Pkoog', label)}`;
    it.each([['Sign in to Invoicely'], ['Log in to Trackify']])('link: %s', (label) => {
      expect(link(page(label))).not.toBeNull();
    });
    it.each([['Sign in to view your invoices'], ['Sign in to Invoicely to pay your invoice'], ['Sign in to your Invoices']])('penalised: %s', (label) => {
      const e = explain({ html: page(label) });
      expect(e.links[0]?.reasons.join(' ')).toContain('about an order, shopping');
    });
  });
});
