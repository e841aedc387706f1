// Held-out corpus 2 (issue 29): en, de, fr, es, pt, it, nl, pl, tr. Written by hand; see make.ts.
import { a, btn, code, p, small, tpl } from './mime.js';
import type { Mail } from './types.js';

// ---- Keycloak-style default mails (wording of the server's stock templates) ----------------------

const KC_TOKEN =
  'eyJhbGciOiJIUzUxMiIsInR5cCIgOiAiSldUIiwia2lkIiA6ICJmNTFhZjkyMi0zYmJkLTQ1ZWMtOWU0MS1hYmYyNmU2ZjI0ZTgifQ.eyJleHAiOjE3Njc2MDQ0MDAsImlhdCI6MTc2NzU2MTIwMCwianRpIjoiN2Q4YzAxYjQtMmI5Yy00ZTJkIiwiaXNzIjoiaHR0cHM6Ly9zc28uZXhhbXBsZS5vcmcvcmVhbG1zL3N0YWZmIiwidHlwIjoidmVyaWZ5LWVtYWlsIn0.Zk3Lq8mN2pR5sT7uV9wX1yA3bC5dE7fG9hJ1kL3mN5p';

export function kcLink(host: string, realm: string, salt: string, client = 'account-console'): string {
  return `https://${host}/realms/${realm}/login-actions/action-token?key=${KC_TOKEN.slice(0, 180)}${salt}&client_id=${client}&tab_id=${salt.slice(0, 11)}`;
}

/** Keycloak's stock mail: a text part with the bare URL, an HTML part with one anchor. */
export function keycloak(bodyBefore: string, anchor: string, link: string, bodyAfter: string[]): { text: string; html: string } {
  const text = `${bodyBefore}\n\n${link}\n\n${bodyAfter.join('\n\n')}`;
  const html = `<html>\n<body>\n<p>${bodyBefore}</p><p><a href="${link.replace(/&/g, '&amp;')}" rel="nofollow">${anchor}</a></p>${bodyAfter.map((s) => `<p>${s.replace(/'/g, '&#39;')}</p>`).join('')}\n</body>\n</html>\n`;
  return { text, html };
}

const kcEnVerify = kcLink('sso.brightwell.io', 'staff', 'Qm2Lx9');
const kcEnReset = kcLink('id.tessellate.dev', 'customers', 'Rt7Kp3', 'web-portal');
const kcEnUpdate = kcLink('auth.corvid-labs.net', 'corvid', 'Ua5Zc1');
const kcDeVerify = kcLink('login.stadtwerke-havelberg.de', 'kunden', 'Dv8Wq4', 'kundenportal');
const kcEsReset = kcLink('sso.aulavirtual-ejemplo.es', 'alumnos', 'Es4Rb6', 'campus');
const kcItVerify = kcLink('accesso.gruppo-lario.it', 'dipendenti', 'It1Vf9');
const kcPlVerify = kcLink('konto.eduportal-krakow.pl', 'uczniowie', 'Pl6Hd2', 'dziennik');

// ---- English ----------------------------------------------------------------------------------

const en: Mail[] = [
  {
    file: 'en-otp-distractors-account-ending.eml',
    lang: 'en',
    cls: 'otp-distractors',
    from: 'Harbor Federal Credit Union <alerts@harborfcu.org>',
    subject: 'Your Harbor FCU one-time passcode',
    t: tpl(
      'Harbor FCU',
      'www.harborfcu.org',
      'en',
      [
        p('Hello Dana,'),
        p('We received a request to sign in to Online Banking for your checking account ending in 4821.'),
        p('Your one-time passcode is:'),
        code('739104'),
        p('This passcode expires in 10 minutes. Harbor FCU will never call you to ask for it.'),
        small('Request made on Jan 5, 2026 at 9:14 AM ET from IP 73.162.40.118.'),
      ],
      [
        'Harbor Federal Credit Union · 1200 Commerce Street, Suite 400 · Tacoma, WA 98402',
        'Federally insured by NCUA. Equal Housing Opportunity. NMLS #409127',
        'Questions? Call 1-800-555-0142',
      ],
    ),
    otp: '739104',
    link: null,
  },
  {
    file: 'en-otp-distractors-licence-footer.eml',
    lang: 'en',
    cls: 'otp-distractors',
    from: 'Quidd Money <security@quiddmoney.co.uk>',
    subject: 'Confirm it’s you',
    parts: 'html',
    t: tpl(
      'Quidd',
      'quiddmoney.co.uk',
      'en',
      [
        p('Hi Oliver,'),
        p('Enter this code in the Quidd app to confirm your new payee, Marsh & Co Ltd (sort code 20-45-77, account 31926480):'),
        code('204 918'),
        p('Didn’t try to add a payee? Freeze your card in the app straight away.'),
      ],
      [
        'Quidd Money Ltd is authorised by the Financial Conduct Authority under the Electronic Money Regulations 2011 (FRN 912345).',
        'Registered in England and Wales, company number 08123456. Registered office: 20 Fenchurch Street, London EC3M 3BY.',
        ['Privacy notice', 'https://quiddmoney.co.uk/legal/privacy'],
      ],
    ),
    otp: '204918',
    link: null,
  },
  {
    file: 'en-link-invite-accept.eml',
    lang: 'en',
    cls: 'link-invite',
    from: 'Trellis <notifications@trellis.so>',
    subject: 'Maya Okafor invited you to join Northwind Ops on Trellis',
    t: tpl(
      'Trellis',
      'trellis.so',
      'en',
      [
        p('Maya Okafor (maya@northwind-ops.com) has invited you to join the Northwind Ops workspace on Trellis.'),
        p('Trellis is where Northwind Ops plans projects, tracks tasks and shares docs.'),
        btn('Accept invitation', 'https://app.trellis.so/invites/accept/7f3c9a12-4be0-4d7e-9a51-0c2b8e6d4f17', 'colon'),
        small('This invitation expires in 7 days. If you don’t want to join, you can ignore this email.'),
      ],
      [
        ['Learn more about Trellis', 'https://trellis.so/tour'],
        ['Unsubscribe from invitation emails', 'https://app.trellis.so/email/unsubscribe?t=inv_8Hq2'],
        'Trellis Inc., 548 Market St #91827, San Francisco, CA 94104',
      ],
    ),
    otp: null,
    link: 'https://app.trellis.so/invites/accept/7f3c9a12-4be0-4d7e-9a51-0c2b8e6d4f17',
  },
  {
    file: 'en-link-approve-yes-it-was-me.eml',
    lang: 'en',
    cls: 'link-approve',
    from: 'Lumen Pay <no-reply@lumenpay.com>',
    subject: 'New sign-in attempt: was this you?',
    t: tpl(
      'Lumen Pay',
      'lumenpay.com',
      'en',
      [
        p('Someone is trying to sign in to your Lumen Pay account.'),
        p('Device: Chrome on Windows 11\nLocation: Leeds, United Kingdom (approximate)\nTime: January 5, 2026, 10:42 GMT'),
        p('If this was you, approve the sign-in to continue. The request expires in 15 minutes.'),
        btn('Yes, it was me', 'https://lumenpay.com/security/sign-in-requests/sr_41b9f2/approve?sig=Xk29fLq0Pw', 'colon'),
        btn('No, secure my account', 'https://lumenpay.com/security/sign-in-requests/sr_41b9f2/deny?sig=Xk29fLq0Pw', 'colon'),
      ],
      ['Lumen Pay Ltd, 7 Park Row, Leeds LS1 5HD', ['Help centre', 'https://help.lumenpay.com']],
    ),
    otp: null,
    link: 'https://lumenpay.com/security/sign-in-requests/sr_41b9f2/approve?sig=Xk29fLq0Pw',
  },
  {
    file: 'en-link-idp-verify-email.eml',
    lang: 'en',
    cls: 'link-idp-default',
    from: 'Brightwell SSO <no-reply@brightwell.io>',
    subject: 'Verify email',
    cte: '7bit',
    htmlCte: 'quoted-printable',
    ...keycloak(
      'Someone has created a Brightwell account with this email address. If this was you, click the link below to verify your email address',
      'Link to e-mail address verification',
      kcEnVerify,
      ['This link will expire within 12 hours.', "If you didn't create this account, just ignore this message."],
    ),
    otp: null,
    link: kcEnVerify,
  },
  {
    file: 'en-link-idp-reset-credentials.eml',
    lang: 'en',
    cls: 'link-idp-default',
    from: 'no-reply@tessellate.dev',
    subject: 'Reset password',
    ...keycloak(
      "Someone just requested to change your Tessellate account's credentials. If this was you, click on the link below to reset them.",
      'Link to reset credentials',
      kcEnReset,
      ['This link will expire within 5 minutes.', "If you don't want to reset your credentials, just ignore this message and nothing will be changed."],
    ),
    otp: null,
    link: kcEnReset,
  },
  {
    file: 'en-link-idp-update-account.eml',
    lang: 'en',
    cls: 'link-idp-default',
    from: 'Corvid Labs <sso@corvid-labs.net>',
    subject: 'Update Your Account',
    ...keycloak(
      'Your administrator has just requested that you update your corvid account by performing the following action(s): Update Password, Configure OTP. Click on the link below to start this process.',
      'Link to account update',
      kcEnUpdate,
      [
        'This link will expire within 1 day.',
        'If you are unaware that your administrator has requested this, just ignore this message and nothing will be changed.',
      ],
    ),
    otp: null,
    link: kcEnUpdate,
  },
  {
    file: 'en-link-cue-after-url.eml',
    lang: 'en',
    cls: 'link-cue-after-url',
    from: 'Pebblecast <hello@pebblecast.fm>',
    subject: 'One more step',
    parts: 'text',
    cte: '7bit',
    text: `Hi there,

Thanks for signing up for Pebblecast!

https://pebblecast.fm/u/confirm/b81e4c0f9a2d47e6

Open the link above to confirm your email address and start listening. It works for 24 hours.

If you didn't sign up, you can safely ignore this message.

Pebblecast · 33 Wharf Road · Brooklyn, NY 11201
https://pebblecast.fm/help
`,
    otp: null,
    link: 'https://pebblecast.fm/u/confirm/b81e4c0f9a2d47e6',
  },
  {
    file: 'en-link-tracked-activate.eml',
    lang: 'en',
    cls: 'link-tracked-activate',
    from: 'Fieldnote <team@fieldnote.app>',
    subject: 'Welcome to Fieldnote',
    parts: 'html',
    t: tpl(
      'Fieldnote',
      'fieldnote.app',
      'en',
      [
        p('Welcome aboard, Sam!'),
        p('Your Fieldnote workspace is ready. One last thing: activate your account so we know this address is yours.'),
        btn('Activate', 'https://u2841093.ct.sendgrid.net/ls/click?upn=u001.Hq7Lz-2BkP0tXc9Qm4RvY1sWn8-2FaJdE3oKfG6bTiU5yZ-3D-3DkP2x_Lq0aBc7dE'),
        a(
          'New here? ',
          'Take the two-minute tour',
          'https://u2841093.ct.sendgrid.net/ls/click?upn=u001.Hq7Lz-2BkP0tXc9Qm4RvY1sWn8-2FbNmQ4pLs7dW-3D-3DrT5y_Mz1bCd8eF',
        ),
      ],
      [
        ['Unsubscribe', 'https://u2841093.ct.sendgrid.net/ls/click?upn=u001.Hq7Lz-2BkP0tXc9Qm4RvY1sWn8-2FcUn5sUbScR1bE-3D-3DqW3e_Na2cDe9fG'],
        'Fieldnote, 2261 Market Street #4410, San Francisco, CA 94114',
      ],
    ),
    otp: null,
    link: 'https://u2841093.ct.sendgrid.net/ls/click?upn=u001.Hq7Lz-2BkP0tXc9Qm4RvY1sWn8-2FaJdE3oKfG6bTiU5yZ-3D-3DkP2x_Lq0aBc7dE',
  },
  {
    file: 'en-both-code-and-magic-link.eml',
    lang: 'en',
    cls: 'both',
    from: 'Slatebox <login@slatebox.io>',
    subject: 'Your Slatebox login',
    t: tpl(
      'Slatebox',
      'slatebox.io',
      'en',
      [
        p('Use this code to finish logging in to Slatebox:'),
        code('QRT-84K'),
        p('Or just click the button below on this device:'),
        btn('Log in to Slatebox', 'https://slatebox.io/auth/magic?token=mgk_5fA92bLq7Xe&email=qa%40inbox.test', 'colon'),
        small('The code and the link expire in 15 minutes and can be used once.'),
      ],
      ['Slatebox · 100 King St W, Toronto, ON M5X 1A9'],
    ),
    otp: 'QRT-84K',
    link: 'https://slatebox.io/auth/magic?token=mgk_5fA92bLq7Xe&email=qa%40inbox.test',
  },
  {
    file: 'en-none-meeting-passcode.eml',
    lang: 'en',
    cls: 'non-otp-code',
    from: 'Priya Raman <priya.raman@meridianhealth.org>',
    subject: 'Invitation: Q1 vendor review @ Tue Jan 13, 2026 2pm - 3pm (EST)',
    parts: 'text',
    cte: '7bit',
    text: `Priya Raman is inviting you to a scheduled Zoom meeting.

Topic: Q1 vendor review
Time: Jan 13, 2026 02:00 PM Eastern Time (US and Canada)

Join Zoom Meeting
https://meridianhealth.zoom.us/j/84522910043?pwd=bW9yZVF1aWV0U2VjcmV0cw.1

Meeting ID: 845 2291 0043
Passcode: 318822

---

One tap mobile
+13092053325,,84522910043#,,,,*318822# US
+13126266799,,84522910043#,,,,*318822# US (Chicago)

Dial by your location
        +1 646 931 3860 US
        +1 929 205 6099 US (New York)
Meeting ID: 845 2291 0043
Passcode: 318822
Find your local number: https://meridianhealth.zoom.us/u/ab7Xk2Lq
`,
    otp: null,
    link: null,
    why: 'a meeting passcode is a standing password, and joining a meeting is not a verification',
  },
  {
    file: 'en-none-newsletter-example-code.eml',
    lang: 'en',
    cls: 'non-otp-code',
    from: 'Ledgerly Security Team <newsletter@ledgerly.com>',
    subject: 'Security tips: spotting fake “verification” calls',
    t: tpl(
      'Ledgerly',
      'ledgerly.com',
      'en',
      [
        p('This month: how scammers try to get your verification code.'),
        p(
          'When you sign in from a new device we text you a six-digit code. Codes look like 123456 or 482 913, and they are only ever typed into ledgerly.com or our app.',
        ),
        p('Ledgerly staff will never ask you to read a code out loud, and we will never send a link asking you to “verify” your account to avoid suspension.'),
        a('', 'Read the full guide on our blog', 'https://ledgerly.com/blog/verification-scams-2026'),
        small('You are receiving this because you subscribed to Ledgerly security updates.'),
      ],
      [['Unsubscribe', 'https://ledgerly.com/email/prefs?u=88213&list=security'], 'Ledgerly Inc., 410 N Wells St, Chicago, IL 60654'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'en-none-gift-card-claim.eml',
    lang: 'en',
    cls: 'non-otp-code',
    from: 'Beanstalk Coffee <gifts@beanstalkcoffee.com>',
    subject: 'Jordan sent you a $25 Beanstalk gift card',
    t: tpl(
      'Beanstalk Coffee',
      'beanstalkcoffee.com',
      'en',
      [
        p('Jordan sent you a gift! “Happy birthday, the next latte is on me.”'),
        p('Gift card amount: $25.00\nCard number: 6050 1102 4481 9920\nClaim code: 7KQX-MN4P2-RT8LW'),
        p('Show this email at any Beanstalk location or add the card to the Beanstalk app. Cards never expire.'),
      ],
      ['Beanstalk Coffee Co., 918 Pine Street, Seattle, WA 98101', ['Gift card terms', 'https://beanstalkcoffee.com/gift-card-terms']],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'en-none-receipt-forgot-password-footer.eml',
    lang: 'en',
    cls: 'link-forgot-footer',
    from: 'Cobalt Fitness <receipts@cobaltfitness.com>',
    subject: 'Your receipt from Cobalt Fitness #CF-20461',
    t: tpl(
      'Cobalt Fitness',
      'cobaltfitness.com',
      'en',
      [
        p('Thanks for your payment, Alex.'),
        p('Receipt #CF-20461\nMembership: All-Access Monthly\nAmount paid: $49.00\nPaid with Visa ending in 1187 on Jan 5, 2026'),
        p('Your next billing date is Feb 5, 2026.'),
        a('', 'View your billing history', 'https://members.cobaltfitness.com/account/billing'),
      ],
      [['Forgot your password? Reset it here', 'https://members.cobaltfitness.com/password/forgot'], 'Cobalt Fitness, 77 Elm Avenue, Unit 3, Denver, CO 80209'],
    ),
    otp: null,
    link: null,
    why: 'the mail asks for nothing; the reset link is a generic footer link',
  },
];

// ---- German -----------------------------------------------------------------------------------

const de: Mail[] = [
  {
    file: 'de-otp-native-einmalkennwort.eml',
    lang: 'de',
    cls: 'otp-native-cue',
    from: 'Kundenservice Versicherungsportal <service@meine-hanse-versicherung.de>',
    subject: 'Ihr Einmalkennwort für die Anmeldung',
    charset: 'iso-8859-15',
    t: tpl(
      'Hanse Versicherung',
      'meine-hanse-versicherung.de',
      'de',
      [
        p('Sehr geehrte Frau Lindner,'),
        p('für die Anmeldung in Ihrem Kundenportal haben Sie ein Einmalkennwort angefordert. Bitte geben Sie es im Anmeldefenster ein:'),
        code('639214'),
        p('Das Einmalkennwort ist 10 Minuten gültig. Geben Sie es niemals an Dritte weiter.'),
        p('Mit freundlichen Grüßen\nIhr Kundenservice'),
      ],
      ['Hanse Versicherung AG · Ballindamm 17 · 20095 Hamburg', 'Amtsgericht Hamburg HRB 123456 · Vorstand: Dr. K. Albers'],
    ),
    otp: '639214',
    link: null,
  },
  {
    file: 'de-otp-distractors-tan-ueberweisung.eml',
    lang: 'de',
    cls: 'otp-distractors',
    from: 'Nordbank Online <noreply@nordbank-online.de>',
    subject: 'Ihre TAN für den Auftrag',
    parts: 'text',
    text: `Guten Tag Herr Petersen,

für den folgenden Auftrag wurde eine TAN angefordert:

Überweisung an: Malerbetrieb Krause GmbH
IBAN: DE02 1203 0000 0000 2020 51
Betrag: 1.250,00 EUR
Verwendungszweck: Rechnung 2025-1187

TAN: 48213907

Bitte prüfen Sie die Auftragsdaten, bevor Sie die TAN eingeben.

Ihre Nordbank
Nordbank AG, Am Sandtorkai 44, 20457 Hamburg, BLZ 200 300 00
`,
    otp: '48213907',
    link: null,
  },
  {
    file: 'de-link-native-bestaetigen.eml',
    lang: 'de',
    cls: 'link-native-cue',
    from: 'Radwerk Kleinanzeigen <noreply@radwerk-markt.de>',
    subject: 'Bitte bestätige deine E-Mail-Adresse',
    charset: 'iso-8859-1',
    t: tpl(
      'Radwerk',
      'radwerk-markt.de',
      'de',
      [
        p('Hallo Jonas,'),
        p('schön, dass du dabei bist! Bitte bestätige deine E-Mail-Adresse, damit du Anzeigen aufgeben und Nachrichten empfangen kannst.'),
        btn('E-Mail-Adresse bestätigen', 'https://www.radwerk-markt.de/konto/bestaetigung?t=c9F2kLm81xQe&uid=553108'),
        small('Der Link ist 48 Stunden gültig. Falls du dich nicht bei Radwerk registriert hast, ignoriere diese E-Mail einfach.'),
      ],
      [
        'Radwerk Markt GmbH · Kastanienallee 12 · 10435 Berlin',
        ['Impressum', 'https://www.radwerk-markt.de/impressum'],
        ['Datenschutz', 'https://www.radwerk-markt.de/datenschutz'],
      ],
    ),
    otp: null,
    link: 'https://www.radwerk-markt.de/konto/bestaetigung?t=c9F2kLm81xQe&uid=553108',
  },
  {
    file: 'de-link-idp-verify-email.eml',
    lang: 'de',
    cls: 'link-idp-default',
    from: 'Stadtwerke Havelberg Kundenportal <portal@stadtwerke-havelberg.de>',
    subject: 'E-Mail verifizieren',
    ...keycloak(
      'Jemand hat ein Stadtwerke Havelberg Konto mit dieser E-Mail-Adresse erstellt. Falls Sie das waren, klicken Sie auf den Link, um die E-Mail-Adresse zu verifizieren.',
      'Link zur Bestätigung der E-Mail-Adresse',
      kcDeVerify,
      ['Dieser Link wird in 12 Stunden ablaufen.', 'Falls Sie dieses Konto nicht erstellt haben, dann können Sie diese Nachricht ignorieren.'],
    ),
    otp: null,
    link: kcDeVerify,
  },
  {
    file: 'de-link-invite-annehmen.eml',
    lang: 'de',
    cls: 'link-invite',
    from: 'Planwerk <einladungen@planwerk.io>',
    subject: 'Einladung: Team „Vertrieb Nord“ bei Planwerk',
    t: tpl(
      'Planwerk',
      'planwerk.io',
      'de',
      [
        p('Hallo,'),
        p('Katrin Weber hat dich eingeladen, dem Team „Vertrieb Nord“ bei Planwerk beizutreten.'),
        btn('Einladung annehmen', 'https://app.planwerk.io/einladung/annehmen?id=inv_92kQp7Lw&team=4471'),
        small('Die Einladung ist 14 Tage gültig. Wenn du Katrin nicht kennst, kannst du diese E-Mail ignorieren.'),
      ],
      ['Planwerk GmbH · Theresienstraße 6 · 80333 München'],
    ),
    otp: null,
    link: 'https://app.planwerk.io/einladung/annehmen?id=inv_92kQp7Lw&team=4471',
  },
  {
    file: 'de-none-versandbestaetigung.eml',
    lang: 'de',
    cls: 'numbers-no-code',
    from: 'Gartenfreund Versand <versand@gartenfreund-shop.de>',
    subject: 'Deine Bestellung 302-4418823 ist unterwegs',
    t: tpl(
      'Gartenfreund',
      'gartenfreund-shop.de',
      'de',
      [
        p('Hallo Frau Yilmaz,'),
        p('gute Nachrichten: Ihre Bestellung 302-4418823 wurde heute an DHL übergeben.'),
        p(
          'Sendungsnummer: 00340434161094042557\nLieferadresse: Packstation 118, Postnummer 48291736, 10117 Berlin\nVoraussichtliche Zustellung: Mi., 07.01.2026',
        ),
        p('2 × Pflanzschale Terrakotta 40 cm – 39,98 €\n1 × Hochbeet-Erde 70 l – 12,49 €\nSumme inkl. 19 % MwSt.: 52,47 €'),
        a('', 'Sendung verfolgen', 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557'),
      ],
      [
        'Gartenfreund Versand GmbH · Industriestraße 23 · 33619 Bielefeld',
        'USt-IdNr. DE298765432 · HRB 45521 Amtsgericht Bielefeld',
        ['Passwort vergessen?', 'https://www.gartenfreund-shop.de/konto/passwort-vergessen'],
      ],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'de-none-neue-anmeldung.eml',
    lang: 'de',
    cls: 'sign-in-alert',
    from: 'Wolkenfach <sicherheit@wolkenfach.de>',
    subject: 'Neue Anmeldung bei deinem Wolkenfach-Konto',
    t: tpl(
      'Wolkenfach',
      'wolkenfach.de',
      'de',
      [
        p('Hallo Lena,'),
        p('dein Konto wurde soeben auf einem neuen Gerät verwendet:\nFirefox 134 unter macOS, Leipzig (Deutschland), 05.01.2026 um 18:02 Uhr.'),
        p('Warst du das? Dann musst du nichts weiter tun.'),
        a('Falls nicht, ', 'ändere sofort dein Passwort', 'https://wolkenfach.de/konto/sicherheit/passwort-aendern', '.'),
      ],
      ['Wolkenfach GmbH · Karl-Liebknecht-Str. 143 · 04275 Leipzig'],
    ),
    otp: null,
    link: null,
    why: 'a notice: the link is only for when it was not you',
  },
];

// ---- French -----------------------------------------------------------------------------------

const fr: Mail[] = [
  {
    file: 'fr-otp-native-mot-de-passe-unique.eml',
    lang: 'fr',
    cls: 'otp-native-cue',
    from: 'Mutuelle Horizon <ne-pas-repondre@mutuelle-horizon.fr>',
    subject: 'Votre mot de passe à usage unique',
    t: tpl(
      'Mutuelle Horizon',
      'mutuelle-horizon.fr',
      'fr',
      [
        p('Bonjour Madame Rousseau,'),
        p('Pour accéder à votre espace adhérent, saisissez le mot de passe à usage unique suivant :'),
        code('482915'),
        p('Il est valable 5 minutes. Ne le communiquez à personne, même à un conseiller.'),
        p('Cordialement,\nL’équipe Mutuelle Horizon'),
      ],
      ['Mutuelle Horizon – 8 rue de la République – 69002 Lyon', 'Mutuelle soumise au livre II du Code de la mutualité, SIREN 775 123 456'],
    ),
    otp: '482915',
    link: null,
  },
  {
    file: 'fr-otp-distractors-commande-adresse.eml',
    lang: 'fr',
    cls: 'otp-distractors',
    from: 'Boutique Lumen <service-client@boutique-lumen.fr>',
    subject: 'Confirmez la modification de votre adresse de livraison',
    parts: 'html',
    t: tpl(
      'Boutique Lumen',
      'boutique-lumen.fr',
      'fr',
      [
        p('Bonjour Hugo,'),
        p('Vous avez demandé à livrer la commande n° 100045871 (3 articles, 86,40 €) à une nouvelle adresse :\n12 avenue Jean Jaurès, 75019 Paris.'),
        p('Pour confirmer ce changement, saisissez le code de sécurité ci-dessous sur la page de votre commande :'),
        code('815 302'),
        small('Ce code expire dans 15 minutes.'),
      ],
      ['Boutique Lumen SAS – 45 rue de la Chaussée d’Antin – 75009 Paris – RCS Paris 853 219 774', 'Service client : 01 84 88 21 30'],
    ),
    otp: '815302',
    link: null,
  },
  {
    file: 'fr-link-native-confirmer-adresse.eml',
    lang: 'fr',
    cls: 'link-native-cue',
    from: 'Covoit’Sud <bonjour@covoitsud.fr>',
    subject: 'Confirmez votre adresse e-mail',
    charset: 'windows-1252',
    t: tpl(
      'CovoitSud',
      'covoitsud.fr',
      'fr',
      [
        p('Bienvenue sur Covoit’Sud, Camille !'),
        p('Il ne vous reste qu’une étape : confirmez votre adresse e-mail pour publier vos trajets.'),
        btn('Confirmer mon adresse', 'https://www.covoitsud.fr/inscription/confirmation/5e1b7c90d2aa4f31'),
        small('Ce lien expire dans 72 heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.'),
      ],
      ['Covoit’Sud SAS, 3 allée des Platanes, 34000 Montpellier'],
    ),
    otp: null,
    link: 'https://www.covoitsud.fr/inscription/confirmation/5e1b7c90d2aa4f31',
  },
  {
    file: 'fr-link-approve-cetait-moi.eml',
    lang: 'fr',
    cls: 'link-approve',
    from: 'Banque Arpège <securite@banque-arpege.fr>',
    subject: 'Nouvelle connexion : est-ce bien vous ?',
    t: tpl(
      'Banque Arpège',
      'banque-arpege.fr',
      'fr',
      [
        p('Bonjour,'),
        p('Une connexion à votre espace client est en attente de validation :\nSafari sur iPhone – Nantes – 5 janvier 2026 à 08:17'),
        p('S’agit-il bien de vous ?'),
        btn('Oui, c’était moi', 'https://client.banque-arpege.fr/securite/connexion/valider?d=7QmX2pLk&r=oui'),
        btn('Non, ce n’était pas moi', 'https://client.banque-arpege.fr/securite/connexion/refuser?d=7QmX2pLk&r=non'),
        small('Sans réponse de votre part, la connexion sera refusée dans 10 minutes.'),
      ],
      ['Banque Arpège – SA au capital de 120 000 000 € – 14 boulevard Haussmann, 75009 Paris – ORIAS 07 023 456'],
    ),
    otp: null,
    link: 'https://client.banque-arpege.fr/securite/connexion/valider?d=7QmX2pLk&r=oui',
  },
  {
    file: 'fr-link-forgot-footer-verify.eml',
    lang: 'fr',
    cls: 'link-forgot-footer',
    from: 'Atelier Cuisine <contact@atelier-cuisine.fr>',
    subject: 'Activez votre compte Atelier Cuisine',
    t: tpl(
      'Atelier Cuisine',
      'atelier-cuisine.fr',
      'fr',
      [
        p('Bonjour Léa,'),
        p('Merci pour votre inscription aux ateliers de cuisine. Activez votre compte pour réserver votre premier cours :'),
        btn('Activer mon compte', 'https://www.atelier-cuisine.fr/compte/activer?jeton=a7Fq93LmZx'),
      ],
      [
        ['Mot de passe oublié ?', 'https://www.atelier-cuisine.fr/compte/mot-de-passe-oublie'],
        ['Nous contacter', 'https://www.atelier-cuisine.fr/contact'],
        'Atelier Cuisine, 22 quai Saint-Antoine, 69002 Lyon',
      ],
    ),
    otp: null,
    link: 'https://www.atelier-cuisine.fr/compte/activer?jeton=a7Fq93LmZx',
  },
  {
    file: 'fr-none-facture.eml',
    lang: 'fr',
    cls: 'numbers-no-code',
    from: 'Énergie Claire <facturation@energie-claire.fr>',
    subject: 'Votre facture FA-2026-004512 est disponible',
    t: tpl(
      'Énergie Claire',
      'energie-claire.fr',
      'fr',
      [
        p('Bonjour,'),
        p('Votre facture d’électricité de décembre est disponible dans votre espace client.'),
        p(
          'Facture n° FA-2026-004512\nRéférence client : 5103 2287 41\nPoint de livraison (PDL) : 14 2567 8901 2345\nMontant TTC : 78,32 € – prélevé le 15/01/2026',
        ),
        a('', 'Consulter ma facture', 'https://espace-client.energie-claire.fr/factures/FA-2026-004512'),
      ],
      ['Énergie Claire SAS – 12 rue des Lilas – 69003 Lyon – SIRET 812 345 678 00021 – TVA FR 32 812345678'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'fr-none-newsletter-exemple-code.eml',
    lang: 'fr',
    cls: 'non-otp-code',
    from: 'La Poste Mobile Infos <infos@lettre-mobile.fr>',
    subject: 'Arnaques au faux conseiller : les bons réflexes',
    parts: 'html',
    t: tpl(
      'Lettre Mobile',
      'lettre-mobile.fr',
      'fr',
      [
        p('Ce mois-ci, les escroqueries par SMS se multiplient.'),
        p(
          'Un code de confirmation ressemble à « 583 201 » : il ne doit être saisi que sur notre site. Aucun conseiller ne vous demandera jamais de le lui lire au téléphone.',
        ),
        a('', 'Lire l’article complet', 'https://www.lettre-mobile.fr/conseils/arnaques-faux-conseiller'),
      ],
      [['Se désinscrire', 'https://www.lettre-mobile.fr/desinscription?u=55102'], '9 rue du Colonel Pierre Avia, 75015 Paris'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Spanish ----------------------------------------------------------------------------------

const es: Mail[] = [
  {
    file: 'es-otp-distractors-cuenta-terminada.eml',
    lang: 'es',
    cls: 'otp-distractors',
    from: 'Banco Meridiano <avisos@bancomeridiano.es>',
    subject: 'Clave para confirmar tu operación',
    charset: 'iso-8859-15',
    t: tpl(
      'Banco Meridiano',
      'bancomeridiano.es',
      'es',
      [
        p('Hola, Lucía:'),
        p('Estás haciendo una transferencia de 125,40 € desde tu cuenta terminada en 7731 a ES91 2100 0418 4502 0005 1332.'),
        p('Para confirmarla, introduce esta clave de un solo uso:'),
        code('402918'),
        p('Caduca en 5 minutos. Nunca te la pediremos por teléfono ni por correo.'),
      ],
      ['Banco Meridiano, S.A. · Paseo de la Castellana 81 · 28046 Madrid · Inscrito en el Registro del Banco de España con el n.º 0243'],
    ),
    otp: '402918',
    link: null,
  },
  {
    file: 'es-otp-native-clave-acceso.eml',
    lang: 'es',
    cls: 'otp-native-cue',
    from: 'Sede electrónica <no-responder@sede.ayto-ejemplo.es>',
    subject: 'Clave de acceso temporal',
    parts: 'text',
    text: `Estimado/a ciudadano/a:

Ha solicitado acceder a la Carpeta Ciudadana. Introduzca la siguiente clave de acceso temporal en el formulario:

    559031

La clave es válida durante 10 minutos y para un único uso.

Ayuntamiento de Villanueva – Plaza Mayor, 1 – 28400 Villanueva
Este mensaje se ha generado automáticamente; por favor, no responda.
`,
    otp: '559031',
    link: null,
  },
  {
    file: 'es-link-native-activa-cuenta.eml',
    lang: 'es',
    cls: 'link-native-cue',
    from: 'Mercadito <hola@mercadito.com.mx>',
    subject: '¡Activa tu cuenta de Mercadito!',
    headerMode: 'Q',
    t: tpl(
      'Mercadito',
      'mercadito.com.mx',
      'es',
      [
        p('¡Hola, Andrés!'),
        p('Gracias por registrarte. Para empezar a comprar y vender, activa tu cuenta haciendo clic en el botón:'),
        btn('Activar mi cuenta', 'https://www.mercadito.com.mx/registro/activar/6b9e21f04c7d', 'colon'),
        small('Si tú no creaste esta cuenta, puedes ignorar este correo.'),
      ],
      ['Mercadito S.A. de C.V. · Av. Insurgentes Sur 1602, Piso 9, Col. Crédito Constructor, 03940 CDMX'],
    ),
    otp: null,
    link: 'https://www.mercadito.com.mx/registro/activar/6b9e21f04c7d',
  },
  {
    file: 'es-link-idp-reset.eml',
    lang: 'es',
    cls: 'link-idp-default',
    from: 'Aula Virtual <no-reply@aulavirtual-ejemplo.es>',
    subject: 'Reiniciar contraseña',
    ...keycloak(
      'Alguien ha solicitado cambiar las credenciales de tu cuenta Aula Virtual. Si has sido tú, haz clic en el enlace siguiente para reiniciarlas.',
      'Enlace para reiniciar credenciales',
      kcEsReset,
      ['Este enlace expirará en 30 minutos.', 'Si no quieres reiniciar tus credenciales, ignora este mensaje y no se realizará ningún cambio.'],
    ),
    otp: null,
    link: kcEsReset,
  },
  {
    file: 'es-link-cue-after-url.eml',
    lang: 'es',
    cls: 'link-cue-after-url',
    from: 'Foro Ciclista <admin@foro-ciclista.es>',
    subject: 'Registro en Foro Ciclista',
    parts: 'text',
    text: `Hola, mtbvalencia:

https://www.foro-ciclista.es/ucp.php?mode=activate&u=48213&k=7A3F9C21

Pulsa en el enlace de arriba para activar tu cuenta. Sin activarla no podrás publicar mensajes.

Tu nombre de usuario es: mtbvalencia

--
Foro Ciclista · C/ de Colón, 60 · 46004 Valencia
`,
    otp: null,
    link: 'https://www.foro-ciclista.es/ucp.php?mode=activate&u=48213&k=7A3F9C21',
  },
  {
    file: 'es-none-reserva-pin.eml',
    lang: 'es',
    cls: 'non-otp-code',
    from: 'Hotel Brisa Marina <reservas@hotelbrisamarina.es>',
    subject: 'Confirmación de su reserva 8HX2KQ',
    t: tpl(
      'Hotel Brisa Marina',
      'hotelbrisamarina.es',
      'es',
      [
        p('Estimado Sr. Morales:'),
        p(
          'Su reserva está confirmada.\nLocalizador: 8HX2KQ\nEntrada: 14/02/2026 – Salida: 16/02/2026\nHabitación doble con vistas al mar, 2 adultos\nTotal: 248,00 € (IVA incluido)',
        ),
        p('Para hacer el check-in en el quiosco de recepción, introduzca su PIN de reserva: 4471'),
        a('', 'Gestionar mi reserva', 'https://reservas.hotelbrisamarina.es/gestion/8HX2KQ'),
      ],
      ['Hotel Brisa Marina · Passeig Marítim 112 · 07600 Palma · Tel. +34 971 55 01 20'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'es-link-tracked-activate.eml',
    lang: 'es',
    cls: 'link-tracked-activate',
    from: 'Clase Viva <equipo@claseviva.co>',
    subject: 'Activa tu prueba gratuita',
    parts: 'html',
    t: tpl(
      'Clase Viva',
      'claseviva.co',
      'es',
      [
        p('¡Hola, Valentina!'),
        p('Tu prueba de 14 días está lista. Actívala para entrar a tus clases:'),
        btn('Activar', 'https://claseviva.us21.list-manage.com/track/click?u=9f3c2b1a0e8d7c6b5a4f3e2d1&id=a1b2c3d4e5&e=7f6e5d4c3b'),
        a('¿Dudas? ', 'Visita el centro de ayuda', 'https://claseviva.us21.list-manage.com/track/click?u=9f3c2b1a0e8d7c6b5a4f3e2d1&id=f6e5d4c3b2&e=7f6e5d4c3b'),
      ],
      [
        ['Cancelar suscripción', 'https://claseviva.us21.list-manage.com/unsubscribe?u=9f3c2b1a0e8d7c6b5a4f3e2d1&id=0c1d2e3f4a&e=7f6e5d4c3b'],
        'Clase Viva S.A.S. · Calle 93 #11-26 · Bogotá, Colombia',
      ],
    ),
    otp: null,
    link: 'https://claseviva.us21.list-manage.com/track/click?u=9f3c2b1a0e8d7c6b5a4f3e2d1&id=a1b2c3d4e5&e=7f6e5d4c3b',
  },
];

// ---- Portuguese -------------------------------------------------------------------------------

const pt: Mail[] = [
  {
    file: 'pt-otp-native-codigo-acesso.eml',
    lang: 'pt',
    cls: 'otp-native-cue',
    from: 'Pedido Já <nao-responda@pedidoja.com.br>',
    subject: 'Seu código de acesso ao Pedido Já',
    parts: 'html',
    t: tpl(
      'Pedido Já',
      'pedidoja.com.br',
      'pt-BR',
      [p('Olá!'), p('Use o código abaixo para entrar no Pedido Já:'), code('2843'), small('Ele vale por 15 minutos. Não compartilhe com ninguém.')],
      ['Pedido Já Agência de Restaurantes Online S.A. · CNPJ 14.380.200/0001-21 · Osasco – SP'],
    ),
    otp: '2843',
    link: null,
  },
  {
    file: 'pt-otp-distractors-pix.eml',
    lang: 'pt',
    cls: 'otp-distractors',
    from: 'Banco Aurora <seguranca@bancoaurora.com.br>',
    subject: 'Confirme seu Pix',
    t: tpl(
      'Banco Aurora',
      'bancoaurora.com.br',
      'pt-BR',
      [
        p('Olá, Rafael.'),
        p('Você está enviando um Pix de R$ 150,00 para Maria S. (agência 0001, conta 12345-6, CPF ***.456.789-**).'),
        p('Digite no app o código de confirmação:'),
        code('305 118'),
        p('Se não foi você, ligue para 0800 722 0101.'),
      ],
      ['Banco Aurora S.A. · Av. Paulista, 1374, 10º andar · 01310-100 São Paulo – SP'],
    ),
    otp: '305118',
    link: null,
  },
  {
    file: 'pt-link-native-confirmar-email.eml',
    lang: 'pt',
    cls: 'link-native-cue',
    from: 'Livraria Estante <ola@estante.pt>',
    subject: 'Confirme o seu endereço de e-mail',
    charset: 'iso-8859-1',
    t: tpl(
      'Estante',
      'estante.pt',
      'pt-PT',
      [
        p('Olá Inês,'),
        p('Obrigado por criar conta na Estante. Para concluir o registo, confirme o seu endereço de e-mail:'),
        btn('Confirmar e-mail', 'https://www.estante.pt/conta/confirmar?chave=Lw82nQx5Tz'),
        small('Se não foi você, ignore esta mensagem.'),
      ],
      ['Estante Livros, Lda. · Rua Garrett 73 · 1200-203 Lisboa · NIPC 509 876 543'],
    ),
    otp: null,
    link: 'https://www.estante.pt/conta/confirmar?chave=Lw82nQx5Tz',
  },
  {
    file: 'pt-link-approve-sim-fui-eu.eml',
    lang: 'pt',
    cls: 'link-approve',
    from: 'Nuvem Fotos <seguranca@nuvemfotos.com.br>',
    subject: 'Foi você que tentou entrar?',
    t: tpl(
      'Nuvem Fotos',
      'nuvemfotos.com.br',
      'pt-BR',
      [
        p('Detectamos uma tentativa de acesso à sua conta:\nAndroid · Recife, PE · 05/01/2026 às 21:40'),
        p('Foi você?'),
        btn('Sim, fui eu', 'https://conta.nuvemfotos.com.br/acesso/aprovar/9d2f7a61?resposta=sim'),
        btn('Não fui eu', 'https://conta.nuvemfotos.com.br/acesso/bloquear/9d2f7a61'),
      ],
      ['Nuvem Fotos Ltda. · Rua do Bom Jesus, 183 · Recife – PE · 50030-170'],
    ),
    otp: null,
    link: 'https://conta.nuvemfotos.com.br/acesso/aprovar/9d2f7a61?resposta=sim',
  },
  {
    file: 'pt-none-nota-fiscal.eml',
    lang: 'pt',
    cls: 'numbers-no-code',
    from: 'Loja Tech Mais <nfe@techmais.com.br>',
    subject: 'Nota Fiscal Eletrônica nº 000.123.456',
    t: tpl(
      'Tech Mais',
      'techmais.com.br',
      'pt-BR',
      [
        p('Prezado(a) cliente,'),
        p('Segue a Nota Fiscal Eletrônica referente ao seu pedido 7788123.'),
        p(
          'NF-e nº 000.123.456 – Série 1\nChave de acesso: 3526 0112 3456 7800 0190 5500 1000 1234 5610 0012 3456\nValor total: R$ 2.349,90\nCEP de entrega: 04538-132',
        ),
        a('', 'Consultar a NF-e na SEFAZ', 'https://www.nfe.fazenda.gov.br/portal/consultaRecaptcha.aspx'),
      ],
      ['Tech Mais Comércio Eletrônico Ltda. · CNPJ 12.345.678/0001-90 · Av. Brigadeiro Faria Lima, 3477 · São Paulo – SP'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'pt-link-tracked-activate.eml',
    lang: 'pt',
    cls: 'link-tracked-activate',
    from: 'Treino Já <ola@treinoja.com.br>',
    subject: 'Falta pouco: ative sua conta',
    t: tpl(
      'Treino Já',
      'treinoja.com.br',
      'pt-BR',
      [
        p('Oi, Bruna! Sua conta no Treino Já foi criada.'),
        btn('Ativar conta', 'https://links.treinoja.com.br/ls/click?upn=u001.Zq5Rk-2Bt8mW3vN1xP6yL0cQ9jH4gF7-2BsA2dE-3D-3DxY7z_Pq1', 'colon'),
        p('Depois é só escolher seu plano de treino.'),
      ],
      [
        ['Descadastrar', 'https://links.treinoja.com.br/ls/click?upn=u001.Zq5Rk-2Bt8mW3vN1xP6yL0cQ9jH4gF7-2BuNs3bS-3D-3DwE4r_Lm9'],
        'Treino Já Ltda. · Curitiba – PR',
      ],
    ),
    otp: null,
    link: 'https://links.treinoja.com.br/ls/click?upn=u001.Zq5Rk-2Bt8mW3vN1xP6yL0cQ9jH4gF7-2BsA2dE-3D-3DxY7z_Pq1',
  },
];

// ---- Italian ----------------------------------------------------------------------------------

const it: Mail[] = [
  {
    file: 'it-otp-native-codice-sicurezza.eml',
    lang: 'it',
    cls: 'otp-native-cue',
    from: 'Poste Digitali <noreply@postedigitali-esempio.it>',
    subject: 'Il tuo codice di sicurezza',
    t: tpl(
      'Poste Digitali',
      'postedigitali-esempio.it',
      'it',
      [
        p('Gentile Giulia,'),
        p('per completare l’accesso inserisci il seguente codice di sicurezza:'),
        code('730112'),
        p('Il codice scade tra 3 minuti. Non condividerlo con nessuno.'),
      ],
      ['Poste Digitali S.p.A. · Viale Europa 190 · 00144 Roma · P.IVA 01114601006'],
    ),
    otp: '730112',
    link: null,
  },
  {
    file: 'it-link-native-conferma.eml',
    lang: 'it',
    cls: 'link-native-cue',
    from: 'Casa Facile <info@casafacile-annunci.it>',
    subject: 'Conferma la tua registrazione',
    parts: 'text',
    text: `Ciao Marco,

grazie per esserti registrato su Casa Facile.
Per completare la registrazione conferma il tuo indirizzo email cliccando qui:
https://www.casafacile-annunci.it/utente/conferma-email?h=0f8e2a91c3

Se non hai richiesto la registrazione, ignora questa email.

Casa Facile S.r.l. - Via Torino 51 - 20123 Milano - P.IVA 09876543210
`,
    otp: null,
    link: 'https://www.casafacile-annunci.it/utente/conferma-email?h=0f8e2a91c3',
  },
  {
    file: 'it-link-idp-verify-email.eml',
    lang: 'it',
    cls: 'link-idp-default',
    from: 'Gruppo Lario <accesso@gruppo-lario.it>',
    subject: "Verifica l'email",
    ...keycloak(
      'Qualcuno ha creato un account Gruppo Lario con questo indirizzo email. Se sei stato tu, fai clic sul link seguente per verificare il tuo indirizzo email',
      "Link per verificare l'indirizzo email",
      kcItVerify,
      ['Questo link scadrà in 12 ore.', 'Se non sei stato tu a creare questo account, ignora questo messaggio.'],
    ),
    otp: null,
    link: kcItVerify,
  },
  {
    file: 'it-link-invite-accetta.eml',
    lang: 'it',
    cls: 'link-invite',
    from: 'Cantiere Digitale <inviti@cantieredigitale.it>',
    subject: 'Francesca ti ha invitato nel progetto “Ristrutturazione Via Po”',
    t: tpl(
      'Cantiere Digitale',
      'cantieredigitale.it',
      'it',
      [
        p('Ciao,'),
        p('Francesca Bianchi ti ha invitato a collaborare al progetto “Ristrutturazione Via Po 14”.'),
        btn('Accetta l’invito', 'https://app.cantieredigitale.it/inviti/2c71f0e9/accetta'),
        small('L’invito scade tra 10 giorni.'),
      ],
      ['Cantiere Digitale S.r.l. · Corso Vittorio Emanuele II 72 · 10121 Torino'],
    ),
    otp: null,
    link: 'https://app.cantieredigitale.it/inviti/2c71f0e9/accetta',
  },
  {
    file: 'it-none-bolletta.eml',
    lang: 'it',
    cls: 'numbers-no-code',
    from: 'Luce Chiara Energia <bollette@lucechiara.it>',
    subject: 'La tua bolletta di dicembre è disponibile',
    charset: 'iso-8859-15',
    t: tpl(
      'Luce Chiara',
      'lucechiara.it',
      'it',
      [
        p('Gentile cliente,'),
        p('è disponibile la bolletta n. 2026/0045213 di € 64,18, con scadenza il 20/01/2026.'),
        p('Codice cliente: 0012345678\nCodice POD: IT001E12345678\nIndirizzo di fornitura: Via Roma 25, 20121 Milano'),
        a('', "Vai all'area clienti", 'https://areaclienti.lucechiara.it/bollette'),
      ],
      ['Luce Chiara Energia S.p.A. · P.IVA 12345670967 · Numero verde 800 123 456'],
    ),
    otp: null,
    link: null,
  },
  {
    file: 'it-none-codice-sconto.eml',
    lang: 'it',
    cls: 'non-otp-code',
    from: 'Moda Riviera <news@modariviera.it>',
    subject: 'Solo per te: 20% su tutta la collezione',
    t: tpl(
      'Moda Riviera',
      'modariviera.it',
      'it',
      [
        p('Ciao Sara, i saldi invernali continuano!'),
        p('Usa il codice sconto RIVIERA20 al checkout: valido fino al 31/01/2026 su una spesa minima di 50 €.'),
        btn('Scopri la collezione', 'https://www.modariviera.it/saldi?utm_source=newsletter&utm_campaign=saldi26'),
      ],
      [['Annulla iscrizione', 'https://www.modariviera.it/newsletter/disiscriviti?e=a1b2c3'], 'Moda Riviera S.r.l. · Via Aurelia 88 · 16121 Genova'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Dutch ------------------------------------------------------------------------------------

const nl: Mail[] = [
  {
    file: 'nl-otp-native-bevestigingscode.eml',
    lang: 'nl',
    cls: 'otp-native-cue',
    from: 'Zorgverzekeraar Duin <noreply@duinzorg.nl>',
    subject: 'Je eenmalige inlogcode',
    t: tpl(
      'Duin Zorg',
      'duinzorg.nl',
      'nl',
      [p('Beste Sanne,'), p('Vul deze eenmalige inlogcode in om in te loggen op Mijn Duin:'), code('592 831'), p('De inlogcode is 10 minuten geldig.')],
      ['Duin Zorgverzekeraar N.V. · Postbus 2211 · 2301 CE Leiden · KvK 28065432'],
    ),
    otp: '592831',
    link: null,
  },
  {
    file: 'nl-link-native-bevestig.eml',
    lang: 'nl',
    cls: 'link-native-cue',
    from: 'Buurtdeel <hallo@buurtdeel.nl>',
    subject: 'Bevestig je e-mailadres',
    parts: 'html',
    t: tpl(
      'Buurtdeel',
      'buurtdeel.nl',
      'nl',
      [
        p('Hoi Daan,'),
        p('Welkom bij Buurtdeel! Bevestig je e-mailadres om spullen te lenen van je buren.'),
        btn('Bevestigen', 'https://buurtdeel.nl/account/bevestig/8a4c1e7b92?bron=email'),
      ],
      ['Buurtdeel B.V. · Oudegracht 231 · 3511 NK Utrecht'],
    ),
    otp: null,
    link: 'https://buurtdeel.nl/account/bevestig/8a4c1e7b92?bron=email',
  },
  {
    file: 'nl-link-approve-ja-dit-was-ik.eml',
    lang: 'nl',
    cls: 'link-approve',
    from: 'Kluisbank <beveiliging@kluisbank.nl>',
    subject: 'Probeer jij in te loggen?',
    t: tpl(
      'Kluisbank',
      'kluisbank.nl',
      'nl',
      [
        p('Er wordt geprobeerd in te loggen op je Kluisbank-account vanaf een nieuw apparaat (Edge, Windows, Rotterdam).'),
        btn('Ja, dit was ik', 'https://mijn.kluisbank.nl/inlogverzoek/3f9a2c/goedkeuren'),
        btn('Nee, blokkeer mijn account', 'https://mijn.kluisbank.nl/inlogverzoek/3f9a2c/afwijzen'),
      ],
      ['Kluisbank N.V. · Coolsingel 104 · 3011 AG Rotterdam'],
    ),
    otp: null,
    link: 'https://mijn.kluisbank.nl/inlogverzoek/3f9a2c/goedkeuren',
  },
  {
    file: 'nl-link-tracked-activeren.eml',
    lang: 'nl',
    cls: 'link-tracked-activate',
    from: 'Boekhoudmaatje <info@boekhoudmaatje.nl>',
    subject: 'Activeer je proefaccount',
    parts: 'html',
    t: tpl(
      'Boekhoudmaatje',
      'boekhoudmaatje.nl',
      'nl',
      [
        p('Bedankt voor je aanmelding!'),
        btn('Activeren', 'https://click.boekhoudmaatje.nl/f/a/Lq2kX9pR7tW~~/AAQRxRA~/RgRnQ0x2P0Q4aHR0cHM6Ly9hcHAuYm9la2hvdWRtYWF0amUubmwvYWN0aXZlcmVu'),
        a(
          'Vragen? ',
          'Bekijk de helpartikelen',
          'https://click.boekhoudmaatje.nl/f/a/Lq2kX9pR7tW~~/AAQRxRA~/RgRnQ0x2P0QiaHR0cHM6Ly9oZWxwLmJvZWtob3VkbWFhdGplLm5s',
        ),
      ],
      ['Boekhoudmaatje B.V. · Stationsplein 45 · 3013 AK Rotterdam'],
    ),
    otp: null,
    link: 'https://click.boekhoudmaatje.nl/f/a/Lq2kX9pR7tW~~/AAQRxRA~/RgRnQ0x2P0Q4aHR0cHM6Ly9hcHAuYm9la2hvdWRtYWF0amUubmwvYWN0aXZlcmVu',
  },
  {
    file: 'nl-none-pakket.eml',
    lang: 'nl',
    cls: 'numbers-no-code',
    from: 'PakketPunt <noreply@pakketpunt.nl>',
    subject: 'Je pakket wordt morgen bezorgd',
    t: tpl(
      'PakketPunt',
      'pakketpunt.nl',
      'nl',
      [
        p('Goed nieuws! Je pakket van Fietsonderdelen.nl komt morgen.'),
        p('Track & Trace: 3SABCD1234567\nBezorgtijd: tussen 14:30 en 16:30\nAdres: Keizersgracht 123, 1015 CJ Amsterdam'),
        a('', 'Volg je pakket', 'https://www.pakketpunt.nl/track/3SABCD1234567/1015CJ'),
      ],
      ['PakketPunt B.V. · Postbus 30250 · 2500 GG Den Haag'],
    ),
    otp: null,
    link: null,
  },
];

// ---- Polish -----------------------------------------------------------------------------------

const pl: Mail[] = [
  {
    file: 'pl-otp-native-kod-weryfikacyjny.eml',
    lang: 'pl',
    cls: 'otp-native-cue',
    from: 'Sklep Żabka Nano <konto@sklep-nano.pl>',
    subject: 'Twój kod weryfikacyjny',
    charset: 'iso-8859-2',
    t: tpl(
      'Nano',
      'sklep-nano.pl',
      'pl',
      [
        p('Cześć Kasia!'),
        p('Wpisz poniższy kod weryfikacyjny w aplikacji, aby dokończyć logowanie:'),
        code('482 193'),
        p('Kod jest ważny przez 10 minut. Nie udostępniaj go nikomu.'),
      ],
      ['Nano Sp. z o.o., ul. Stróżyńskiego 17c, 60-688 Poznań, NIP 7792345678'],
    ),
    otp: '482193',
    link: null,
  },
  {
    file: 'pl-otp-distractors-przelew.eml',
    lang: 'pl',
    cls: 'otp-distractors',
    from: 'Bank Wisła <powiadomienia@bankwisla.pl>',
    subject: 'Kod autoryzacyjny do przelewu',
    parts: 'text',
    charset: 'iso-8859-2',
    text: `Przelew na kwotę 1 250,00 zł na rachunek nr 12 1140 2004 0000 3502 7654 4821
Odbiorca: Wspólnota Mieszkaniowa ul. Długa 15
Kod autoryzacyjny: 730192

Nie podawaj kodu nikomu. Bank nigdy nie prosi o kod przez telefon.
Infolinia: 801 300 800

Bank Wisła S.A., ul. Marszałkowska 142, 00-061 Warszawa
`,
    otp: '730192',
    link: null,
  },
  {
    file: 'pl-link-native-aktywuj-konto.eml',
    lang: 'pl',
    cls: 'link-native-cue',
    from: 'Ogłoszenia Lokalne <kontakt@ogloszenia-lokalne.pl>',
    subject: 'Aktywuj swoje konto',
    t: tpl(
      'Ogłoszenia Lokalne',
      'ogloszenia-lokalne.pl',
      'pl',
      [
        p('Dzień dobry,'),
        p('dziękujemy za rejestrację. Kliknij w poniższy przycisk, aby aktywować konto i potwierdzić adres e-mail.'),
        btn('Aktywuj konto', 'https://www.ogloszenia-lokalne.pl/rejestracja/aktywacja/f3b90a2e71c4'),
        small('Link jest ważny przez 24 godziny.'),
      ],
      ['Ogłoszenia Lokalne Sp. z o.o. · ul. Piotrkowska 120 · 90-006 Łódź'],
    ),
    otp: null,
    link: 'https://www.ogloszenia-lokalne.pl/rejestracja/aktywacja/f3b90a2e71c4',
  },
  {
    file: 'pl-link-invite-dolacz.eml',
    lang: 'pl',
    cls: 'link-invite',
    from: 'Zadaniownik <zaproszenia@zadaniownik.pl>',
    subject: 'Zaproszenie do zespołu „Marketing”',
    t: tpl(
      'Zadaniownik',
      'zadaniownik.pl',
      'pl',
      [
        p('Cześć!'),
        p('Tomasz Nowak zaprasza Cię do zespołu „Marketing” w Zadaniowniku.'),
        btn('Dołącz do zespołu', 'https://app.zadaniownik.pl/zaproszenie/8e2d41c7/przyjmij'),
        small('Zaproszenie wygaśnie za 7 dni.'),
      ],
      ['Zadaniownik Sp. z o.o. · ul. Grzegórzecka 21 · 31-532 Kraków'],
    ),
    otp: null,
    link: 'https://app.zadaniownik.pl/zaproszenie/8e2d41c7/przyjmij',
  },
  {
    file: 'pl-link-idp-verify-email.eml',
    lang: 'pl',
    cls: 'link-idp-default',
    from: 'Dziennik EduPortal <no-reply@eduportal-krakow.pl>',
    subject: 'Zweryfikuj email',
    ...keycloak(
      'Ktoś utworzył już konto EduPortal z tym adresem e-mail. Jeśli to Ty, kliknij poniższy link, aby zweryfikować swój adres e-mail',
      'Link do weryfikacji adresu e-mail',
      kcPlVerify,
      ['Link wygaśnie w ciągu 12 godzin.', 'Jeśli nie utworzyłeś tego konta, po prostu zignoruj tę wiadomość.'],
    ),
    otp: null,
    link: kcPlVerify,
  },
  {
    file: 'pl-none-paczkomat-kod-odbioru.eml',
    lang: 'pl',
    cls: 'non-otp-code',
    from: 'PaczkoPunkt <powiadomienia@paczkopunkt.pl>',
    subject: 'Twoja paczka czeka w automacie WAW123M',
    t: tpl(
      'PaczkoPunkt',
      'paczkopunkt.pl',
      'pl',
      [
        p('Twoja paczka od Sklep Rowerowy czeka na odbiór.'),
        p(
          'Automat: WAW123M, ul. Grójecka 208, 02-390 Warszawa\nNumer przesyłki: 620123456789012345678901\nKod odbioru: 482915\nTermin odbioru: do 08.01.2026, 18:00',
        ),
        p('Kod odbioru wpisz na ekranie automatu albo otwórz skrytkę w aplikacji.'),
      ],
      ['PaczkoPunkt Sp. z o.o. · ul. Wielicka 28 · 30-552 Kraków'],
    ),
    otp: null,
    link: null,
    why: 'a locker pick-up code is typed at the locker, not into a form that sent the mail',
  },
];

// ---- Turkish ----------------------------------------------------------------------------------

const tr: Mail[] = [
  {
    file: 'tr-otp-native-tek-kullanimlik-sifre.eml',
    lang: 'tr',
    cls: 'otp-native-cue',
    from: 'Anadolu Sigorta Portal <bilgi@portal-anadolusigorta-ornek.com.tr>',
    subject: 'Giriş için tek kullanımlık şifreniz',
    charset: 'iso-8859-9',
    t: tpl(
      'Portal',
      'portal-anadolusigorta-ornek.com.tr',
      'tr',
      [p('Sayın Ayşe Demir,'), p('Giriş için tek kullanımlık şifreniz: 418205'), p('Bu şifre 3 dakika geçerlidir. Şifrenizi kimseyle paylaşmayın.')],
      ['Büyükdere Cad. No: 185, 34394 Şişli / İstanbul · Mersis No: 0068005120500016'],
    ),
    otp: '418205',
    link: null,
  },
  {
    file: 'tr-otp-distractors-kart-son-hane.eml',
    lang: 'tr',
    cls: 'otp-distractors',
    from: 'Kartım <guvenlik@kartim.com.tr>',
    subject: 'İnternet alışverişi doğrulaması',
    parts: 'text',
    text: `Son 4 hanesi 4821 olan kartınızla ORNEK MAGAZA İSTANBUL üzerinden 2.349,90 TL tutarındaki alışverişiniz için doğrulama kodunuz 573920'dir.

Bu kodu kimseyle paylaşmayınız. İşlem size ait değilse 0850 222 0 444 numaralı hattı arayınız.

Kartım Ödeme Hizmetleri A.Ş.
`,
    otp: '573920',
    link: null,
    why: 'the code carries the Turkish suffix ’dir; the form wants the six digits',
  },
  {
    file: 'tr-link-native-dogrula.eml',
    lang: 'tr',
    cls: 'link-native-cue',
    from: 'Kitapyurdu Örnek <uyelik@kitapdunyasi-ornek.com>',
    subject: 'E-posta adresinizi doğrulayın',
    t: tpl(
      'Kitap Dünyası',
      'kitapdunyasi-ornek.com',
      'tr',
      [
        p('Merhaba Emre,'),
        p('Üyeliğinizi tamamlamak için aşağıdaki butona tıklayarak e-posta adresinizi doğrulayın.'),
        btn('Hesabımı doğrula', 'https://www.kitapdunyasi-ornek.com/uyelik/dogrula?anahtar=9Kq2Lm7xTr'),
        small('Bu bağlantı 24 saat geçerlidir.'),
      ],
      ['Kitap Dünyası Yayıncılık A.Ş. · Bağdat Cad. No: 112 · 34728 Kadıköy / İstanbul'],
    ),
    otp: null,
    link: 'https://www.kitapdunyasi-ornek.com/uyelik/dogrula?anahtar=9Kq2Lm7xTr',
  },
  {
    file: 'tr-link-forgot-footer-verify.eml',
    lang: 'tr',
    cls: 'link-forgot-footer',
    from: 'Yemek Sepetim <merhaba@yemeksepetim-ornek.com>',
    subject: 'Hesabını etkinleştir',
    t: tpl(
      'Yemek Sepetim',
      'yemeksepetim-ornek.com',
      'tr',
      [
        p('Aramıza hoş geldin!'),
        p('Siparişe başlamadan önce hesabını etkinleştirmen gerekiyor.'),
        btn('Hesabı etkinleştir', 'https://www.yemeksepetim-ornek.com/hesap/etkinlestir/7d1e9b2a', 'colon'),
      ],
      [
        ['Şifreni mi unuttun?', 'https://www.yemeksepetim-ornek.com/sifremi-unuttum'],
        'Yemek Sepetim Teknoloji A.Ş. · Levent Mah. No: 8 · 34330 Beşiktaş / İstanbul',
      ],
    ),
    otp: null,
    link: 'https://www.yemeksepetim-ornek.com/hesap/etkinlestir/7d1e9b2a',
  },
  {
    file: 'tr-none-e-arsiv-fatura.eml',
    lang: 'tr',
    cls: 'numbers-no-code',
    from: 'Elektronik Market <fatura@elektronikmarket-ornek.com>',
    subject: 'e-Arşiv Faturanız: GIB2026000012345',
    charset: 'iso-8859-9',
    t: tpl(
      'Elektronik Market',
      'elektronikmarket-ornek.com',
      'tr',
      [
        p('Sayın Müşterimiz,'),
        p('200334512 numaralı siparişinize ait e-Arşiv faturanız oluşturulmuştur.'),
        p('Fatura No: GIB2026000012345\nVergi No: 1234567890\nToplam: 4.599,00 TL (KDV dahil)\nTeslimat: Atatürk Bulv. No: 27/4, 06420 Çankaya / Ankara'),
        a('', 'Faturayı görüntüle', 'https://www.elektronikmarket-ornek.com/hesabim/faturalar/GIB2026000012345'),
      ],
      ['Elektronik Market A.Ş. · Mersis No: 0123456789000015'],
    ),
    otp: null,
    link: null,
  },
];

export const EUROPE: Mail[] = [...en, ...de, ...fr, ...es, ...pt, ...it, ...nl, ...pl, ...tr];
