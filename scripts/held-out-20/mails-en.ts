// English: twenty mails of the household (the nurse, the retired parent, the teenager).
import { a, bank, btn, card, cells, code, fwd, h, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

export const EN = [
  m(
    'en-01-rota-signin.eml',
    'otp-service',
    'RotaLink <no-reply@rotalink.test>',
    'Your RotaLink sign-in code',
    card(
      'rotalink.test',
      [
        h('Sign in to RotaLink'),
        p("Someone (hopefully you) is signing in to the staff rota for Ward 7B, St Brigid's University Hospital. Enter this code on the sign-in screen:"),
        code('604 218'),
        p('It stops working in 10 minutes. Your employee number E-20417 and your next shift (Tue 14 Jan, 07:30-20:00, Bay 3) are unchanged.'),
        small('RotaLink Ltd, 4 Canal Wharf, Leeds LS11 5PS. Registered in England No. 09813377.'),
      ],
      ['You receive this because your trust uses RotaLink.'],
    ),
    '604218',
    null,
  ),

  m(
    'en-02-shift-swap-approve.eml',
    'link-approve',
    'RotaLink <alerts@rotalink.test>',
    'Was this you? New phone signing in',
    card('rotalink.test', [
      h('New device wants to open your rota'),
      kv([
        ['Device', 'Pixel 8a (Android 15)'],
        ['Where', 'Near Bradford, UK'],
        ['When', '09 Feb 2026, 22:14 GMT'],
      ]),
      p('If you are setting up the RotaLink app on a new phone, approve it so you can see shift swaps and open shifts.'),
      btn('Yes, approve this phone', `https://rotalink.test/device/approve?d=${tok('en2')}`),
      a('Not you? ', 'Block the device and reset your password', `https://rotalink.test/device/deny?d=${tok('en2d')}`, '.'),
    ]),
    null,
    `https://rotalink.test/device/approve?d=${tok('en2')}`,
  ),

  m(
    'en-03-nhs-app-reset.eml',
    'link-reset',
    'Patient Portal <noreply@myhealth-portal.test>',
    'Reset your portal password',
    min('myhealth-portal.test', [
      p('Dear Mr Okafor,'),
      p('We received a request to reset the password for the patient portal account linked to NHS number 485 777 3456 (shown for your records).'),
      a('', 'Choose a new password', `https://myhealth-portal.test/account/reset/${tok('en3')}`, ' - the link is valid for 60 minutes and can be used once.'),
      p('Your practice: Ashgrove Surgery, tel. 0113 496 0721. If you did not ask for this, ignore this email.'),
    ]),
    null,
    `https://myhealth-portal.test/account/reset/${tok('en3')}`,
  ),

  m(
    'en-04-pension-both.eml',
    'both',
    'Pension Service <donotreply@pensions-online.test>',
    'Confirm your email address - reference PN 44 18 90 C',
    bank(
      'pensions-online.test',
      [
        h('Confirm your email address'),
        p('You added this email address to your State Pension online account on 3 March 2026.'),
        p('Type this 8-character confirmation code into the page you were on:'),
        code('KQ7M-2XRD'),
        p('Or confirm straight away using the link below.'),
        btn('Confirm email address', `https://pensions-online.test/email/confirm?t=${tok('en4')}`),
        small('National Insurance number: QQ ** ** 56 C. Your next payment of GBP 221.20 is due on 14 March 2026.'),
      ],
      ['Pension Service, Post Handling Site B, Wolverhampton WV99 1AH', 'Telephone: 0800 731 0469 (textphone 0800 731 0464)'],
    ),
    'KQ7M-2XRD',
    `https://pensions-online.test/email/confirm?t=${tok('en4')}`,
  ),

  m(
    'en-05-console-subject.eml',
    'otp-subject',
    'PlayNet Account <account@playnet.test>',
    '418-903 is your PlayNet security code',
    plain('playnet.test', [
      p('Hi jaxx_07,'),
      p('Use the code in the subject line of this email to finish signing in on PS-CONSOLE-7F2A. Family manager (parent account) has been notified.'),
      p('Online ID: jaxx_07 | Region: GB | Wallet balance: £3.49'),
      p('PlayNet Support - do not reply.'),
    ]),
    '418903',
    null,
    { why: 'the code is only in the subject; digits only because it is written in groups' },
  ),

  m(
    'en-06-tv-pairing.eml',
    'otp-alnum',
    'StreamHouse <hello@streamhouse.test>',
    'Finish setting up StreamHouse on your TV',
    card(
      'streamhouse.test',
      [
        h('Almost there'),
        p('To link the living-room TV (Model UE55CU7100, serial 0X4K3-11872) to the Nwosu family plan, type this code on the TV screen where it asks for it:'),
        cells('H7KP3Q'),
        p('The code is good for 15 minutes. Your plan: Family Premium, 4 screens, £17.99/month, next bill 22 April.'),
      ],
      ['StreamHouse Ltd, PO Box 7712, London EC1A 9XX'],
    ),
    'H7KP3Q',
    null,
  ),

  m(
    'en-07-library-verify.eml',
    'link-verify',
    'Westbrook Libraries <library@westbrook.gov.test>',
    'Activate your library e-card',
    mso('westbrook.gov.test', [
      p('Dear Mrs Gladys Okafor,'),
      p(
        'Thank you for joining Westbrook Libraries at the Millfield branch. Your library card number is 2 9087 00412 6633 and your PIN is the one you chose at the desk.',
      ),
      p('To use eBooks, eAudiobooks and the online newspaper archive from home, please activate your e-card:'),
      btn('Activate my e-card', `https://westbrook.gov.test/library/ecard/activate?k=${tok('en7')}`),
      p('Opening hours: Mon-Fri 9:00-19:00, Sat 9:30-16:00. Tel: 01632 960 455.'),
      sig(['Millfield Library', '12 Station Road, Westbrook WB4 2JQ']),
    ]),
    null,
    `https://westbrook.gov.test/library/ecard/activate?k=${tok('en7')}`,
  ),

  m(
    'en-08-family-invite.eml',
    'link-invite',
    'Greenleaf Grocer <orders@greenleaf.test>',
    'Chidi invited you to share the household basket',
    promo(
      'greenleaf.test',
      [
        h('Shop together'),
        p(
          'Chidi Okafor has invited you to the shared basket "Home - Cedar Rd". Add items, see delivery slots and use the household\'s Greenleaf Plus benefits (free delivery over £40).',
        ),
        btn('Accept invitation', `https://greenleaf.test/household/join/${tok('en8')}`),
        p('This invitation expires in 7 days. Use code SPRING10 for 10% off your first basket (min. spend £50).'),
      ],
      ['Greenleaf Grocer Ltd, Unit 9, Heron Park, Milton Keynes MK9 4AB'],
      { tracked: true },
    ),
    null,
    `https://greenleaf.test/household/join/${tok('en8')}`,
  ),

  m(
    'en-09-password-manager-magic.eml',
    'link-magic',
    'Keyvault <security@keyvault.test>',
    'Your login link for Keyvault',
    card('keyvault.test', [
      h('Log in to your family vault'),
      p('Click below to log in on Firefox on Windows. This link works once and expires in 15 minutes.'),
      btn('Log in to Keyvault', `https://vault.keyvault.test/magic?token=${tok('en9', 40)}`),
      p('Your master password is never sent by email. Vault ID: FAM-88213, 3 members, 412 items.'),
      small('Emergency kit reference: EK-2026-0117 (keep it offline).'),
    ]),
    null,
    `https://vault.keyvault.test/magic?token=${tok('en9', 40)}`,
  ),

  m(
    'en-10-bank-otp-masked.eml',
    'otp-masked',
    'Harbour Bank <alerts@harbourbank.test>',
    'One-time passcode for your online payment',
    bank(
      'harbourbank.test',
      [
        p('You are paying WESTBROOK COUNCIL TAX £143.00 with your debit card ending **** 7781.'),
        p('Your one-time passcode is:'),
        code('93820157'),
        p('We sent the same passcode by text to 07*** ***209. Never share it - we will never call you to ask for it.'),
      ],
      ['Harbour Bank plc. Authorised by the Prudential Regulation Authority. FRN 204117. Sort code 30-94-12.'],
    ),
    '93820157',
    null,
  ),

  // negatives
  m(
    'en-11-rota-published.eml',
    'numbers-no-code',
    'RotaLink <no-reply@rotalink.test>',
    'March rota published - Ward 7B',
    card('rotalink.test', [
      h('Your shifts for March'),
      pre(
        'Mon 02  LD  07:30-20:00  Bay 1\nWed 04  N   19:30-08:00  Bay 3\nThu 05  N   19:30-08:00  Bay 3\nSun 08  E   07:30-15:30  Bay 2\nFri 13  L   12:30-20:00  Bay 1\nSat 21  LD  07:30-20:00  Bay 4',
      ),
      p('Total hours: 78.5 (contract 75.0). Bank shift BK-55120 on 27 March is pending approval by Sister Ward.'),
      a('', 'Open the rota', 'https://rotalink.test/rota/2026-03'),
    ]),
    null,
    null,
  ),

  m(
    'en-12-prescription-ready.eml',
    'non-otp-code',
    'Corner Pharmacy <scripts@cornerpharm.test>',
    'Your prescription is ready to collect',
    plain('cornerpharm.test', [
      p('Hello Gladys,'),
      p('Prescription no. RX 0661-45290 (Amlodipine 5mg x 28, Atorvastatin 20mg x 28) is ready at Corner Pharmacy, 88 High St.'),
      p('If you use the collection locker, your collection PIN is 552 901. Locker closes at 22:00.'),
      p('Exemption: age 60+. Questions? 01632 960 118.'),
    ]),
    null,
    null,
    { why: 'locker collection PIN, not a one-time sign-in code' },
  ),

  m(
    'en-13-smart-meter.eml',
    'numbers-no-code',
    'BrightWatt Energy <billing@brightwatt.test>',
    'Your February bill: £112.46',
    bank(
      'brightwatt.test',
      [
        h('Your bill is ready'),
        kv([
          ['Account number', '8830 2215 09'],
          ['Electricity MPAN', '13 1600 0021 4477 912'],
          ['Gas MPRN', '7421 5530 11'],
          ['Reading 28 Feb (smart)', 'E 041 227 kWh / G 09 331 m3'],
          ['Amount', '£112.46'],
          ['Direct Debit on', '12 March 2026'],
        ]),
        p('No action needed - your Direct Debit will be collected automatically.'),
      ],
      ['BrightWatt Energy Ltd, Registered No. 07011543, 2 Meadow Lane, Reading RG1 3AX'],
    ),
    null,
    null,
  ),

  m(
    'en-14-signin-alert.eml',
    'notice',
    'PlayNet Account <account@playnet.test>',
    "New sign-in to your child's account",
    card('playnet.test', [
      p('jaxx_07 signed in on PS-CONSOLE-7F2A at 21:47 on 14 Feb 2026 (IP 81.2.69.160).'),
      p('Parental controls: play time 2h on school days, spending limit £10/month. Today played: 1h 52m.'),
      a('If you do not recognise this, ', 'secure the account', 'https://playnet.test/security/review', '.'),
    ]),
    null,
    null,
  ),

  m(
    'en-15-zoom-invite.eml',
    'non-otp-code',
    'Rev. Ann Pike <ann.pike@stmarks-hall.test>',
    'Community lunch committee - Thursday call',
    mso('stmarks-hall.test', [
      p('Hi all,'),
      p('Our next planning call is Thursday 19 March at 10:30. Join by video:'),
      url('', 'https://meet.example-video.test/j/84120337651?pwd=Q2xlYW5Ib3Vz'),
      p('Meeting ID: 841 2033 7651   Passcode: 662941   Dial-in: 0203 481 5237'),
      p('Agenda: Easter lunch (40 places), hall hire invoice #2231, raffle licence LR/26/014.'),
      sig(['Ann Pike', "St Mark's Community Hall, charity no. 1104992"]),
    ]),
    null,
    null,
    { why: 'meeting passcode; the join link is not a verification step' },
  ),

  m(
    'en-16-code-used.eml',
    'notice',
    'Keyvault <security@keyvault.test>',
    'Two-step verification turned on',
    card('keyvault.test', [
      h('Two-step verification is on'),
      p('You confirmed the code 771 046 on 2 Feb 2026 and two-step verification is now active on your vault. You do not need to do anything else.'),
      p('Your recovery codes were downloaded once (file keyvault-recovery-FAM-88213.txt). Store them somewhere safe.'),
    ]),
    null,
    null,
    { why: 'the code was already used; nothing left to type' },
  ),

  m(
    'en-17-football-fixtures.eml',
    'numbers-no-code',
    'Hollins Park FC U16 <secretary@hollinspark.test>',
    'Fixtures w/c 16 March + kit numbers',
    plain('hollinspark.test', [
      p('Parents,'),
      p('Sat 21/03 KO 10:30 away v Ridgeway Rovers U16, pitch 4, postcode LS28 7TT. Meet 09:45.\nSun 29/03 KO 11:00 home v Oakfield Colts, pitch 2.'),
      p('Subs £25 for spring term - sort code 20-45-77, acc 43819920, ref HPFC-U16-JAXX. Kit numbers: Jaxx #14, Sam #7, Leo #23.'),
      quote('On Sun, 8 Mar 2026 at 19:02, Mark Dale wrote:', ['Can someone do the 08:45 lift for the away game?', 'I have 3 seats, reg. YK21 HBV.']),
      sig(['Tom Ellis, club secretary', '07700 900 318']),
    ]),
    null,
    null,
  ),

  m(
    'en-18-marketplace-sold.eml',
    'non-otp-code',
    'Reloop <noreply@reloop.test>',
    'Sold! Ship your item with code RL-8KX4Q',
    card('reloop.test', [
      h('Your item sold for £42.00'),
      p('"Trainers size 9, worn twice" sold to buyer sophie_b. Take the parcel to any InPost locker and type the drop-off code on the screen:'),
      code('RL-8KX4Q'),
      kv([
        ['Order', '#RLP-2026-0091134'],
        ['Parcel size', 'B'],
        ['Drop off by', '18 March 2026'],
      ]),
    ]),
    null,
    null,
    { why: 'a parcel drop-off code for a locker, not a code for the form that sent the mail' },
  ),

  m(
    'en-19-car-insurance-renewal.eml',
    'numbers-no-code',
    'Tidewell Insurance <renewals@tidewell.test>',
    'Renewal of policy TW-MTR-4410958',
    promo(
      'tidewell.test',
      [
        h('Your car insurance renews on 1 April'),
        kv([
          ['Vehicle', 'Skoda Fabia 1.0, reg. BD19 XKP'],
          ['Policy', 'TW-MTR-4410958'],
          ['No-claims', '9 years (protected)'],
          ['Annual premium', '£389.12 (last year £352.70)'],
          ['Excess', '£250 compulsory + £100 voluntary'],
        ]),
        p('Nothing to do if you want to renew - we will take 12 payments of £32.43 from the account ending 7781.'),
        btn('Review my renewal', 'https://tidewell.test/renewal/TW-MTR-4410958'),
      ],
      ['Tidewell Insurance Services Ltd, FCA reg. 301442'],
      { tracked: true },
    ),
    null,
    null,
  ),

  m(
    'en-20-fwd-school-exam.eml',
    'non-otp-code',
    'Gladys Okafor <gladys.okafor@mailbox.test>',
    'Fwd: Mock exam timetable & candidate number',
    plain('mailbox.test', [
      p('Chidi - forwarding this for Jaxx, he says he never got it. Candidate number is on it.'),
      fwd(
        '---------- Forwarded message ---------',
        ['From: Exams Office <exams@ridgeway-academy.test>', 'Date: Mon, 9 Mar 2026 08:05', 'Subject: Mock exam timetable'],
        [
          'Candidate number: 4417   Centre number: 36215',
          'Mon 23/03 09:00 Maths Paper 1 (1h30) - Sports Hall seat C14',
          'Tue 24/03 13:30 Biology 8461/1H (1h45) - Room S2',
          'Wi-Fi for revision room: guest / Ridgeway2026',
        ],
      ),
    ]),
    null,
    null,
  ),
];
