import type { Mail } from '../held-out-3/types.js';
import { bank, btn, card, cells, code, fwd, h, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

export const EN: Mail[] = [
  m(
    'en-01-skyloyal-login.eml',
    'otp-distractors',
    'SkyLoyal Miles <no-reply@skyloyal.example>',
    'Your SkyLoyal sign-in',
    card(
      'skyloyal.example',
      [
        h('Signing in to SkyLoyal'),
        p('Member 3047 118 265, Gold tier. Someone is signing in from Lisbon, PT (IP 81.84.12.7) on 14 Mar 2026, 06:12 WET.'),
        p('Enter this code on the sign-in page. It works once, for 10 minutes:'),
        code('738204'),
        kv([
          ['Miles balance', '148,290'],
          ['Tier qualifying segments', '37 / 60'],
          ['Next flight', 'SL 1442 LIS-FRA, seat 14C'],
        ]),
        small('Never share this code. SkyLoyal staff will never ask you for it, not even at the gate.'),
      ],
      ['SkyLoyal Ltd, 4 Aviation Way, Hounslow TW6 2GA, UK', 'Company no. 08821447'],
      { preheader: 'Code inside - valid 10 minutes' },
    ),
    '738204',
    null,
  ),

  m(
    'en-02-rentacar-receipt.eml',
    'numbers-no-code',
    'Drivo Rentals <receipts@drivo.example>',
    'Rental agreement RA-55190284 closed - receipt',
    bank(
      'drivo.example',
      [
        h('Rental receipt'),
        kv([
          ['Agreement', 'RA-55190284'],
          ['Vehicle', 'VW Passat Variant, plate M-DR 4471'],
          ['Pick-up', 'MUC Terminal 2, 09 Mar 2026 08:40'],
          ['Return', 'MUC Terminal 2, 12 Mar 2026 19:05'],
          ['Odometer out / in', '21,408 km / 22,117 km'],
          ['Fuel', 'Full / 7/8 (refuel charge EUR 18.40)'],
          ['Total charged', 'EUR 412.76 to Visa ending 0932'],
        ]),
        p('Toll transponder usage (vignette AT) will be billed separately within 30 days. Claims reference, if any: none.'),
        small('Drivo Rentals GmbH, Lerchenfeldstr. 11, 80538 Muenchen. HRB 231874. VAT DE 301 448 562.'),
      ],
      ['Questions? +49 89 2190 4400'],
    ),
    null,
    null,
  ),

  m(
    'en-03-corpcard-approve.eml',
    'link-approve',
    'Fernwell Corporate Card <alerts@fernwell-card.example>',
    'Is this you? New device wants to access Fernwell',
    card(
      'fernwell-card.example',
      [
        h('Approve new sign-in'),
        p('A sign-in to your Fernwell expense account was started on a new device:'),
        kv([
          ['Device', 'Chrome 131 on Windows 11'],
          ['Location', 'Rotterdam, NL (approx.)'],
          ['Time', '17 Mar 2026, 21:47 CET'],
          ['Card', 'Corporate Visa ****7713'],
        ]),
        btn('Yes, it was me', `https://app.fernwell-card.example/device/approve?t=${tok('en03')}`),
        p('If this was not you, do nothing and the request will expire in 15 minutes, then contact your program administrator.'),
        url('Not you? Lock your card:', `https://app.fernwell-card.example/card/lock?t=${tok('en03l')}`),
      ],
      ['Fernwell Inc., 200 Pine St, San Francisco CA 94104'],
    ),
    null,
    `https://app.fernwell-card.example/device/approve?t=${tok('en03')}`,
  ),

  m(
    'en-04-esign-invite.eml',
    'link-invite',
    'SignHarbor <dse@signharbor.example>',
    'Marta Kowalczyk sent you "MSA - Verdant Logistics - rev 4" to review and sign',
    promo(
      'signharbor.example',
      [
        h('Please review and sign'),
        p('Marta Kowalczyk (marta.k@verdant-logistics.example) has sent you a document to sign.'),
        kv([
          ['Envelope ID', '7F3A-22C1-98B0-4D1E'],
          ['Pages', '14'],
          ['Due', '21 Mar 2026'],
        ]),
        btn('REVIEW DOCUMENT', `https://app.signharbor.example/sign/e/${tok('en04')}`),
        p('"Hi - attached is revision 4 with the liability cap at 1.5x annual fees as agreed on our call. PO 4500918832 referenced in 7.2." - Marta'),
        small('Do not forward this email: anyone with the link can sign on your behalf.'),
      ],
      ['SignHarbor, 1 Market Plaza, Suite 900, San Francisco'],
      { tracked: true },
    ),
    null,
    `https://app.signharbor.example/sign/e/${tok('en04')}`,
  ),

  m(
    'en-05-vpn-sso.eml',
    'otp-alnum',
    'IT Service Desk <it-noreply@corvid-systems.example>',
    'Corvid VPN enrolment code',
    mso(
      'corvid-systems.example',
      [
        p('Hello Dan,'),
        p('Your request RITM0048812 to enrol a new laptop (asset tag CVD-LT-22907) in the Corvid VPN has been approved.'),
        p('Open GlobalGate, choose "Enrol with code", and enter the following one-time enrolment code:'),
        code('KX7P-Q2MD'),
        p('The code expires 24 hours after this message. Portal: vpn-eu3.corvid-systems.example, port 443.'),
        sig(['Corvid Systems IT Service Desk', 'Ext. 4357 | +44 20 7946 0321', 'Ticket hours Mon-Fri 07:00-19:00 GMT']),
      ],
      [],
    ),
    'KX7P-Q2MD',
    null,
    { parts: 'alt' },
  ),

  m(
    'en-06-fitband-pair.eml',
    'notice',
    'Pulsar Fit <hello@pulsarfit.example>',
    'Your Pulsar Band 5 is paired',
    card(
      'pulsarfit.example',
      [
        h('All set, Dan!'),
        p('Pulsar Band 5 (serial PB5-2291-0843) was paired with Pixel 8 on 02 Mar 2026. Firmware 5.2.118 is installed.'),
        kv([
          ['Resting heart rate (7d)', '58 bpm'],
          ['Steps yesterday', '12,904'],
          ['Sleep score', '81'],
        ]),
        p('Tip: set your stride length (currently 78 cm) for better distance tracking.'),
      ],
      ['Pulsar Health Ltd, 22 Grafton St, Dublin 2, D02 X285'],
    ),
    null,
    null,
  ),

  m(
    'en-07-gamelauncher-guard.eml',
    'otp-alnum',
    'Nebula Launcher <noreply@nebula-games.example>',
    'Nebula Guard: sign-in from a new computer',
    card(
      'nebula-games.example',
      [
        p('Dear danthehammer,'),
        p('Here is the Nebula Guard code you need to sign in to account danthehammer:'),
        cells('F4R9T'),
        p('This email was generated because of a sign-in attempt from a web or mobile device located at 203.0.113.58 (Vienna, AT).'),
        p('If you are not attempting to sign in, please change your password. Your wallet balance is $24.17 and 3 items are listed on the market.'),
      ],
      ['Nebula Games Corp., 10400 NE 4th St, Bellevue WA 98004'],
    ),
    'F4R9T',
    null,
  ),

  m(
    'en-08-voice-invite.eml',
    'link-invite',
    'Chorus <noreply@chorus-chat.example>',
    'Ravi invited you to join "Friday Night Raid Crew"',
    promo(
      'chorus-chat.example',
      [
        h('You have been invited'),
        p('ravi_k invited you to join Friday Night Raid Crew - 42 members, 9 online.'),
        btn('Accept Invite', `https://chorus-chat.example/invite/${tok('en08', 10)}`),
        p('Server rules: no spoilers before Sunday, raid starts 21:00 UTC. Voice channel #raid-2 needs push-to-talk.'),
      ],
      ['Sent by Chorus, 444 De Haro St #200, San Francisco CA 94107'],
    ),
    null,
    `https://chorus-chat.example/invite/${tok('en08', 10)}`,
  ),

  m(
    'en-09-itinerary.eml',
    'non-otp-code',
    'Lumen Travel Desk <trips@lumentravel.example>',
    'Itinerary: Frankfurt - Seoul, booking ref K7TQ9Z',
    card(
      'lumentravel.example',
      [
        h('Your trip is confirmed'),
        kv([
          ['Booking reference', 'K7TQ9Z'],
          ['E-ticket', '157-2419338045'],
          ['Traveller', 'MR DANIEL OKAFOR'],
          ['Frequent flyer', 'SL 3047118265'],
        ]),
        pre('LH 712  FRA 13:45 -> ICN 08:20+1  22 Mar  Seat 34K  Premium Eco\nOZ 541  ICN 19:10 -> FRA 05:30+1  29 Mar  Seat 31A  Premium Eco'),
        p('Hotel: Nine Tree Myeongdong, conf. 88201734, 7 nights, check-in 15:00. Cost centre 4410-SALES-DACH.'),
        small('Check-in opens 30 hours before departure. Use booking ref K7TQ9Z on the airline site.'),
      ],
      ['Lumen Travel Management, 50 Bishopsgate, London EC2N 4AJ'],
    ),
    null,
    null,
  ),

  m(
    'en-10-scooter-verify.eml',
    'link-verify',
    'Zipp Scooters <welcome@zipp.example>',
    'Confirm your email to unlock your first ride',
    min(
      'zipp.example',
      [
        p('Hi there,'),
        p('Thanks for joining Zipp in Barcelona! Confirm your email address so we can send your ride receipts:'),
        url('', `https://zipp.example/v/email?c=${tok('en10', 24)}`),
        p('Your first unlock is free (worth EUR 1.00). Promo ZIPPBCN26 is already on your account.'),
        p('- Zipp team, Carrer de Pallars 193, 08005 Barcelona'),
      ],
      [],
    ),
    null,
    `https://zipp.example/v/email?c=${tok('en10', 24)}`,
  ),

  m(
    'en-11-parking-receipt.eml',
    'numbers-no-code',
    'ParkPilot <receipts@parkpilot.example>',
    'Parking session ended - zone 2173',
    plain(
      'parkpilot.example',
      [
        p('Parking session receipt'),
        pre(
          'Zone:        2173 (Amsterdam Zuidas)\nVehicle:     GX-118-T\nStart:       18 Mar 2026 08:02\nEnd:         18 Mar 2026 17:48\nDuration:    9h 46m\nParking fee: EUR 48.80\nService fee: EUR 0.35\nTotal:       EUR 49.15 (Mastercard **** 2286)\nSession ID:  PP-9910-33871',
        ),
        p('Expense it: forward this mail to receipts@fernwell-card.example and it will be matched to your card transaction.'),
      ],
      ['ParkPilot B.V., KvK 71820341'],
    ),
    null,
    null,
  ),

  m(
    'en-12-bank-3ds.eml',
    'otp-bank',
    'Harbourline Bank <secure@harbourline.example>',
    'Purchase confirmation code',
    bank(
      'harbourline.example',
      [
        h('Confirm your online purchase'),
        kv([
          ['Merchant', 'EUROTOLL SERVICES SAS'],
          ['Amount', 'EUR 63.20'],
          ['Card', 'Debit Mastercard ending 5518'],
          ['Date', '19/03/2026 14:22'],
        ]),
        p('Your one-time passcode is 40917363. Enter it on the merchant payment page to complete the purchase.'),
        p('Your available balance is GBP 3,204.18. Sort code 30-94-57.'),
        small('Harbourline Bank plc is authorised by the Prudential Regulation Authority. Firm reference 119382.'),
      ],
      ['Call us on 0345 600 2290'],
    ),
    '40917363',
    null,
  ),

  m(
    'en-13-watch-reset.eml',
    'link-reset',
    'Stridewear Account <account@stridewear.example>',
    'Reset your Stridewear password',
    card(
      'stridewear.example',
      [
        h('Forgot your password?'),
        p('We received a request to reset the password for dan.okafor@mail.example. Click below to choose a new one. This link expires in 60 minutes.'),
        btn('Reset password', `https://account.stridewear.example/reset?token=${tok('en13', 40)}`),
        p('Your watch (Stride GT 3, serial 1FA-0028331) will keep syncing until you sign in again.'),
      ],
      ['Stridewear Ltd, Unit 6, Mill Lane, Bristol BS1 6PR'],
    ),
    null,
    `https://account.stridewear.example/reset?token=${tok('en13', 40)}`,
  ),

  m(
    'en-14-ooo.eml',
    'notice',
    'Priya Natarajan <priya.n@verdant-logistics.example>',
    'Automatic reply: Quote Q-2026-0318 for Verdant',
    mso(
      'verdant-logistics.example',
      [
        p('Thank you for your message. I am out of the office from 16 March to 27 March with limited access to email.'),
        p(
          'For urgent procurement matters please contact Tom Brandt on +31 10 218 4470 or procurement@verdant-logistics.example, quoting your PO or quote number.',
        ),
        sig(['Priya Natarajan | Category Manager IT', 'Verdant Logistics B.V. | Waalhaven Z.z. 41, 3089 JH Rotterdam']),
      ],
      [],
    ),
    null,
    null,
  ),

  m(
    'en-15-sim-topup.eml',
    'non-otp-code',
    'RoamOn eSIM <orders@roamon.example>',
    'Your Korea 10 GB eSIM is ready',
    card(
      'roamon.example',
      [
        h('Install your eSIM'),
        p('Order RO-884102. Scan the QR code in the app, or enter these details manually on your phone:'),
        kv([
          ['SM-DP+ address', 'rsp.roamon.example'],
          ['Activation code', 'K2-7HD9-44TQ-PL0Z'],
          ['ICCID', '8982 0600 0011 2947 381'],
          ['APN', 'roam.data'],
        ]),
        p('Plan: 10 GB / 15 days, starts on first connection in Korea. Paid USD 18.00.'),
        small('The activation code installs the profile on one device only; it is not a sign-in code.'),
      ],
      ['RoamOn Pte. Ltd., 71 Robinson Rd, Singapore 068895'],
    ),
    null,
    null,
    { why: 'an eSIM activation code entered in phone settings, not a one-time code for a form' },
  ),

  m(
    'en-16-crm-magic.eml',
    'link-magic',
    'Pipewise CRM <login@pipewise.example>',
    'Your sign-in link for Pipewise',
    min(
      'pipewise.example',
      [
        p('Click the link below to sign in to the Verdant-Corvid workspace. It can be used once and expires in 15 minutes.'),
        url('', `https://verdant.pipewise.example/auth/magic?token=${tok('en16', 36)}`),
        p('Requested from 91.198.174.3 at 07:31 UTC. Open deals: 23, pipeline EUR 1.4M.'),
      ],
      [],
    ),
    null,
    `https://verdant.pipewise.example/auth/magic?token=${tok('en16', 36)}`,
  ),

  m(
    'en-17-fwd-meeting.eml',
    'non-otp-code',
    'Dan Okafor <dan.okafor@corvid-systems.example>',
    'Fwd: Verdant QBR - dial-in',
    plain(
      'corvid-systems.example',
      [
        p('Anna, can you join for the pricing part? Details below.'),
        fwd(
          '---------- Forwarded message ---------',
          ['From: Tom Brandt <tom.brandt@verdant-logistics.example>', 'Date: Mon, 16 Mar 2026 at 09:14', 'Subject: Verdant QBR - dial-in'],
          [
            'Join the meeting: https://meet.verdant-logistics.example/j/84120937715',
            'Meeting ID: 841 2093 7715',
            'Passcode: 551903',
            'Dial-in: +31 20 241 0288, access code 3920 1188#',
            'Agenda: 1) Q4 volumes 2) SLA credits 3) Renewal 2027',
          ],
        ),
        sig(['Dan Okafor, Senior Sales Engineer', 'Corvid Systems | +44 7700 900461']),
      ],
      [],
    ),
    null,
    null,
  ),

  m(
    'en-18-code-replaced.eml',
    'otp-service',
    'Tollway Pass <account@tollwaypass.example>',
    'New security code for your Tollway Pass account',
    card(
      'tollwaypass.example',
      [
        p('You asked for a new code, so the one we sent at 10:02 (ending in 19) no longer works.'),
        p('Use this code instead:'),
        code('662045'),
        kv([
          ['Account', 'TP-00-771-0294'],
          ['Transponder', '0421 5560 8812'],
          ['Plates', 'GX-118-T, B-KO 2209'],
        ]),
        p('Balance EUR 31.40. Auto top-up at EUR 10.00.'),
      ],
      ['Tollway Pass B.V., Postbus 2009, 3500 GA Utrecht'],
    ),
    '662045',
    null,
  ),

  m(
    'en-19-tournament.eml',
    'numbers-no-code',
    'Arena League <results@arenaleague.example>',
    'Week 11 results - Division 3 EU',
    promo(
      'arenaleague.example',
      [
        h('Week 11 is in the books'),
        rows(
          ['Match', 'Score', 'MVP'],
          [
            ['Hammer Time vs Nightjar', '13-9', 'danthehammer (27/14/6)'],
            ['Void Pilots vs Rookery', '11-13', 'sk4te'],
            ['Static vs Kestrel 5', '13-3', 'lumi'],
          ],
        ),
        p('Standings: Hammer Time 8-3 (+41), 4th. Playoff seeding cut-off: top 6 after week 14.'),
        p('Use code ARENA-S11 for 15% off team jerseys until 31 March.'),
      ],
      ['Arena League Ltd, 3 Esplanade, St Helier JE2 3QA'],
      { tracked: true },
    ),
    null,
    null,
  ),

  m(
    'en-20-reply-expense.eml',
    'both',
    'Expensly <notify@expensly.example>',
    'Verify your email to submit expense report ER-20931',
    card(
      'expensly.example',
      [
        h('One more step'),
        p('Before report ER-20931 (Seoul trip, 11 items, EUR 2,318.44) can go to your approver, verify this email address.'),
        p('Enter the code in the app:'),
        code('318 552'),
        p('Or click:'),
        btn('Verify email', `https://app.expensly.example/verify-email?c=${tok('en20', 30)}`),
        quote('Your approver wrote:', ['Dan - please resubmit with the hotel folio attached (receipt 7 of 11).', 'Thanks, Helen (cost centre 4410)']),
      ],
      ['Expensly Ltd, 12 Hatton Garden, London EC1N 8AN'],
    ),
    '318552',
    `https://app.expensly.example/verify-email?c=${tok('en20', 30)}`,
  ),
];
