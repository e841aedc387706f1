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
