// English: twenty mails of a landlord's and a clinic desk's quarter.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, fwd, h, hex, kv, m, min, mso, p, plain, pre, promo, quote, rows, sig, small, tok, url } from './mail.js';

const portal = `https://residents.harbourviewpm.com/verify/${tok('en-ht-v')}`;
const sign = `https://app.quillsign.io/sign/envelope/${hex('en-esign', 32)}?recipient=2`;
const vault = `https://lockbox-vault.com/recover/confirm?t=${tok('en-vault', 40)}`;
const rota = `https://shiftly.app/u/verify-email/${tok('en-rota')}`;
const approve = `https://accounts.northbankcu.org/device/approve?req=${hex('en-dev', 28)}`;
const city = `https://myaccount.springfieldtax.gov/activate?code=${tok('en-city', 24)}`;

export const EN: Mail[] = [
  m(
    'en-01-tenant-portal-signin.eml',
    'otp-service',
    'Harbourview Property Management <no-reply@harbourviewpm.com>',
    'Your sign-in code for the Resident Portal',
    card(
      'harbourviewpm.com',
      [
        h('Signing in to the Resident Portal'),
        p('Hi Dana, someone (hopefully you) asked to sign in to the Harbourview Resident Portal for Unit 4B, 1187 Alder Street.'),
        p('Enter this code on the sign-in page. It works for 10 minutes.'),
        code('483917'),
        kv([
          ['Lease ID', 'HV-2024-00781'],
          ['Unit', '4B'],
          ['Request time', 'Mar 3, 2026 9:14 AM PST'],
        ]),
        small('Harbourview staff will never ask you for this code by phone or text.'),
      ],
      ['Harbourview Property Management LLC, 220 Pier Ave Suite 300, Tacoma WA 98402', 'Office (253) 555-0148 · Emergency maintenance (253) 555-0199'],
    ),
    '483917',
    null,
  ),
  m(
    'en-02-smartlock-guest.eml',
    'non-otp-code',
    'Latchkey Home <alerts@latchkeyhome.com>',
    'Guest code created: Mike (plumber) at 42 Cedar Ln',
    card(
      'latchkeyhome.com',
      [
        h('A new guest code is ready'),
        p('You created a temporary code for Mike Reyes on Front Door (Latchkey Deadbolt Pro, serial LK-DP-0093318).'),
        kv([
          ['Guest code', '7290'],
          ['Valid', 'Tue Mar 10, 8:00 AM – 5:00 PM'],
          ['Lock', 'Front Door · 42 Cedar Ln'],
          ['Battery', '64%'],
        ]),
        p('Share the code with your guest. They press the Latchkey logo, then 7290, then the check mark. The code stops working automatically at 5:00 PM.'),
        btn('Manage guest codes', 'https://app.latchkeyhome.com/locks/LK-DP-0093318/guests'),
      ],
      ['Latchkey Inc., 88 Mission St, San Francisco CA 94105'],
    ),
    null,
    null,
    { why: 'a door code for a plumber, to be pressed on a lock keypad: not a one-time code for a form' },
  ),
  m(
    'en-03-rent-card-confirm.eml',
    'otp-bank',
    'Northbank Credit Union <secure@alerts.northbankcu.org>',
    'Confirm your payment to RentCircle',
    bank(
      'northbankcu.org',
      [
        h('One-time passcode for an online purchase'),
        p('We need to confirm a card payment before it goes through.'),
        kv([
          ['Merchant', 'RENTCIRCLE*1187ALDER'],
          ['Amount', '$2,150.00 USD'],
          ['Card', 'Visa debit ending 7731'],
          ['Date', '03/01/2026'],
        ]),
        p('Your passcode is 62 18 40. Enter it on the payment screen to complete the purchase. It expires in 5 minutes.'),
        small('If you did not try to make this payment, call us at 1-800-555-0170 (24/7). Member No. 00418822. NMLS #411902. Federally insured by NCUA.'),
      ],
      ['Northbank Credit Union · PO Box 2201 · Olympia WA 98507'],
    ),
    '621840',
    null,
  ),
  m(
    'en-04-clinic-reminder.eml',
    'numbers-no-code',
    'Maple Grove Family Clinic <reminders@maplegroveclinic.com>',
    'Reminder: appointment Thursday March 12 at 2:40 PM',
    mso('maplegroveclinic.com', [
      p('Dear Mr. Okafor,'),
      p('This is a reminder of your appointment at Maple Grove Family Clinic.'),
      kv([
        ['Date', 'Thursday, March 12, 2026'],
        ['Time', '2:40 PM (please arrive by 2:25 PM)'],
        ['Provider', 'Dr. Anita Sharma, MD'],
        ['Room', 'Suite 210, 2nd floor'],
        ['Appointment #', 'A-558104'],
        ['Patient ID', 'MG0019273'],
      ]),
      p(
        'Please bring your insurance card and a list of current medications. Parking is free in lot B; the gate code for evening hours is posted at the entrance.',
      ),
      p('To cancel or reschedule, call (503) 555-0116 at least 24 hours in advance. Late cancellations may be charged $45.'),
      sig(['Front Desk', 'Maple Grove Family Clinic', '4410 SE Division St, Portland OR 97206', 'Tel (503) 555-0116 · Fax (503) 555-0117']),
    ]),
    null,
    null,
  ),
  m(
    'en-05-lab-results.eml',
    'notice',
    'Clearpath Labs <results@clearpathlabs.com>',
    'New results are available in your patient portal',
    card(
      'clearpathlabs.com',
      [
        h('Your results are in'),
        p('Results for your sample collected on 02/27/2026 (accession no. 26-058-10442) have been released by your provider.'),
        p('For your privacy we do not include results in email. Sign in to the patient portal to read them and any notes from your care team.'),
        btn('Go to patient portal', 'https://portal.clearpathlabs.com/'),
        small('Questions about a bill? Call 1-866-555-0133 and have your invoice number (CPL-7718-2203) ready.'),
      ],
      ['Clearpath Laboratories, CLIA 05D2093847', '1900 Research Blvd, Rockville MD 20850'],
    ),
    null,
    null,
    { why: 'a notice; the portal link only views results, nothing to verify' },
  ),
  m(
    'en-06-esign-lease-renewal.eml',
    'link-invite',
    'Tom Whitaker via QuillSign <sign@quillsign.io>',
    'Please sign: Lease Renewal – 1187 Alder St Unit 4B',
    card(
      'quillsign.io',
      [
        h('Tom Whitaker sent you a document to review and sign'),
        p('Lease Renewal – 1187 Alder St Unit 4B (12 months, 04/01/2026 – 03/31/2027)'),
        p('"Hi Dana, rent stays at $2,150 with the same $300 pet deposit. Sign by the 20th please. – Tom"'),
        btn('Review and sign', sign),
        small('Envelope ID 8C41-77D0-A9E2-1034. Do not forward this email: anyone with the link can sign on your behalf.'),
      ],
      ['QuillSign, Inc. · 500 Howard St, San Francisco CA 94105'],
    ),
    null,
    sign,
  ),
  m(
    'en-07-password-vault-recovery.eml',
    'link-reset',
    'Lockbox Vault <support@lockbox-vault.com>',
    'Account recovery requested',
    min('lockbox-vault.com', [
      p('Hello,'),
      p(
        'We received a request to recover the Lockbox Vault account front.desk@maplegroveclinic.com. To set a new master password, open the link below on the device you want to use. It expires in 1 hour.',
      ),
      a('', 'Recover my account', vault),
      p('After recovery you will need your Emergency Kit (Secret Key starting A3-K9WQ7T-…) to unlock shared vaults on other devices.'),
      p('If you did not request this, ignore this email: your vault stays locked.'),
    ]),
    null,
    vault,
  ),
  m(
    'en-08-rota-verify.eml',
    'link-verify',
    'Shiftly <hello@shiftly.app>',
    'Confirm your email to join Maple Grove Clinic on Shiftly',
    promo(
      'shiftly.app',
      [
        h('One quick step, Priya'),
        p('Your manager added you to the staff rota of Maple Grove Family Clinic. Confirm this is your email address to see your shifts for weeks 11–14.'),
        btn('Confirm email', rota),
        p('Your first shift: Mon 9 Mar, 07:30–15:30, Front desk.'),
      ],
      ['Shiftly Ltd, 14 Bath Rd, Bristol BS4 3DR'],
    ),
    null,
    rota,
  ),
  m(
    'en-09-new-device-approve.eml',
    'link-approve',
    'Northbank Credit Union <secure@alerts.northbankcu.org>',
    'Is this you signing in from a new device?',
    bank(
      'northbankcu.org',
      [
        h('New device sign-in attempt'),
        kv([
          ['Device', 'Chrome on Windows'],
          ['Location', 'Tacoma, WA (approx.)'],
          ['IP address', '73.221.48.190'],
          ['Time', '03/05/2026 07:52 AM PT'],
        ]),
        p('To continue signing in on this device, approve it below. The request expires in 15 minutes.'),
        btn('Yes, this was me', approve),
        a('', 'No, lock my online banking', `https://accounts.northbankcu.org/device/deny?req=${hex('en-dev', 28)}`),
        small('Member services 1-800-555-0170. Routing number 325081403.'),
      ],
      ['Northbank Credit Union · PO Box 2201 · Olympia WA 98507'],
    ),
    null,
    approve,
  ),
  m(
    'en-10-port-out-pac.eml',
    'non-otp-code',
    'Verve Mobile <care@vervemobile.co.uk>',
    'Your PAC code to switch 07700 900418',
    plain('vervemobile.co.uk', [
      p('Hi Dana,'),
      p('As requested, here is your Porting Authorisation Code (PAC) for 07700 900418:'),
      p('PAC: VRV 481 772'),
      p(
        'Give this code to your new provider. It is valid for 30 days, until 04/04/2026. Your Verve contract (account 30019844) will end when the switch completes; your final bill of £12.50 will be sent to your address on file.',
      ),
      p("Changed your mind? You don't need to do anything – the code simply expires."),
      p('Verve Mobile, PO Box 77, Leeds LS1 4AP. Registered in England No. 09981234.'),
    ]),
    null,
    null,
    { why: 'a number-porting authorisation code to hand to another provider, valid 30 days: not a one-time code for a form this mail came from' },
  ),
  m(
    'en-11-parcel-locker.eml',
    'non-otp-code',
    'ParcelPoint Lockers <notify@parcelpoint.com>',
    'Your parcel is in locker 18 at Alder Street Station',
    card(
      'parcelpoint.com',
      [
        h('Ready for pick-up'),
        kv([
          ['Locker station', 'Alder Street Station, 1190 Alder St'],
          ['Locker', '18 (size M)'],
          ['Pick-up code', '418 205'],
          ['Tracking no.', '1Z 9A4 W72 03 1188 4421'],
          ['Pick up by', 'Mar 9, 2026 8:00 PM'],
        ]),
        p('Enter the pick-up code on the locker screen or scan the QR code in the app. After the deadline the parcel goes back to the sender.'),
      ],
      ['ParcelPoint Inc., 77 Harbor Way, Seattle WA 98104'],
    ),
    null,
    null,
  ),
  m(
    'en-12-electric-bill.eml',
    'numbers-no-code',
    'Cascade Power & Light <billing@cascadepl.com>',
    'Your March statement for 1187 Alder St is ready',
    bank(
      'cascadepl.com',
      [
        h('Statement summary'),
        kv([
          ['Account number', '4402-118-7731'],
          ['Service address', '1187 Alder St, Common areas'],
          ['Statement date', '03/04/2026'],
          ['Amount due', '$312.64'],
          ['Due date', '03/25/2026'],
        ]),
        pre(
          'Meter 00918274   Prev 48,213 kWh (02/02)   Curr 49,407 kWh (03/03)   Use 1,194 kWh\nRate schedule 24  Basic charge $7.49  Energy $287.13  Taxes $18.02',
        ),
        p('AutoPay is on: $312.64 will be drafted from account ending 7731 on 03/25.'),
        small('Power outage? Call 1-888-555-0164. Cascade Power & Light, PO Box 4300, Tacoma WA 98401.'),
      ],
      ['Cascade Power & Light'],
    ),
    null,
    null,
  ),
  m(
    'en-13-handyman-thread.eml',
    'numbers-no-code',
    'Luis Ortega <luis.ortega.repairs@gmail.com>',
    'Re: Job #TK-30417 – leaking valve unit 2A',
    plain('gmail.com', [
      quote(
        'Hi Tom,\n\nDone. Replaced the shut-off valve under the kitchen sink (part #SV-1/2-QT) and the supply line. Invoice is $185 labor + $42.60 parts = $227.60. I used the lock box code you gave me (5512) and put the key back. Tenant was home, all good.\n\nLuis\n(253) 555-0182 · WA contractor lic. ORTEGLH812Q7',
        [
          'On Mon, Mar 2, 2026 at 6:05 PM Tom Whitaker <tom@harbourviewpm.com> wrote:',
          'Luis, can you get to 1187 Alder #2A tomorrow between 10 and 2?',
          'Key is in the lock box by the side gate, code 5512. Gate code is 1984#.',
          'Work order TK-30417. Thanks!',
        ],
      ),
    ]),
    null,
    null,
  ),
  m(
    'en-14-2fa-enabled.eml',
    'notice',
    'CloudNest <security@cloudnest.com>',
    'Two-step verification is now on',
    card(
      'cloudnest.com',
      [
        h('Two-step verification turned on'),
        p('From now on, signing in to office@harbourviewpm.com will ask for a code from your authenticator app.'),
        p(
          'We created 10 recovery codes for you when you turned this on. Store them somewhere safe; each can be used once if you lose your phone. You can see or regenerate them in Settings › Security.',
        ),
        kv([
          ['Turned on', 'Mar 5, 2026, 11:02 AM'],
          ['Device', 'Safari on macOS'],
          ['Storage plan', 'Business 2 TB (61% used)'],
        ]),
        small("Didn't do this? Reset your password right away from Settings › Security."),
      ],
      ['CloudNest Inc., 1 Market Plaza, San Francisco CA 94105'],
    ),
    null,
    null,
  ),
  m(
    'en-15-new-code-replaces.eml',
    'otp-distractors',
    'MyCity Services <noreply@springfieldtax.gov>',
    'A new verification code for your property tax account',
    min('springfieldtax.gov', [
      p('You requested another code. The previous code (550128) no longer works.'),
      p('Your new code: 904 377'),
      p('Enter it within 15 minutes to continue to Parcel 09-22-301-014 (1187 Alder St). Tax year 2025 balance: $4,812.33, second installment due 04/30/2026.'),
      p('City of Springfield Treasurer, 200 Main St Room 104, (555) 010-4400'),
    ]),
    '904377',
    null,
  ),
  m(
    'en-16-insurer-subject.eml',
    'otp-subject',
    'BrightCover Health <no-reply@brightcover.com>',
    '284615 is your BrightCover code',
    card(
      'brightcover.com',
      [
        h('Finish signing in'),
        p('Use the 6-digit code in the subject of this email to finish signing in to your BrightCover member account.'),
        kv([
          ['Member ID', 'BCH 4417 0093 02'],
          ['Group', '887214 – Maple Grove Family Clinic'],
          ['Plan', 'Silver PPO 2026'],
        ]),
        small('Claims questions: 1-877-555-0190, TTY 711.'),
      ],
      ['BrightCover Health Insurance Co., 300 Capitol Mall, Sacramento CA 95814'],
    ),
    '284615',
    null,
  ),
  m(
    'en-17-auto-reply.eml',
    'notice',
    'Dr. Anita Sharma <asharma@maplegroveclinic.com>',
    'Automatic reply: Refill request – patient MG0019273',
    mso('maplegroveclinic.com', [
      p('Thank you for your message. I am out of the office from March 6 to March 16 with no access to email.'),
      p(
        'For prescription refills please call the nurse line at (503) 555-0119, option 2, or send the request through the patient portal. For urgent matters after hours, call (503) 555-0100. In an emergency dial 911.',
      ),
      p("Dr. Sharma's patients will be covered by Dr. Ben Liu (ext. 224)."),
      sig(['Anita Sharma, MD · NPI 1467892203', 'Maple Grove Family Clinic', '4410 SE Division St, Portland OR 97206']),
    ]),
    null,
    null,
  ),
  m(
    'en-18-bounce.eml',
    'notice',
    'Mail Delivery Subsystem <mailer-daemon@harbourviewpm.com>',
    'Undeliverable: Rent statement March 2026 – Unit 3C',
    plain('harbourviewpm.com', [
      p(
        "This is the mail system at host mx2.harbourviewpm.com.\n\nI'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
      ),
      p(
        '<k.nguyen88@yahoo.cm>: host yahoo.cm[203.0.113.41] said: 550 5.1.1 <k.nguyen88@yahoo.cm>: Recipient address rejected: User unknown (in reply to RCPT TO command)',
      ),
      pre(
        'Reporting-MTA: dns; mx2.harbourviewpm.com\nX-Postfix-Queue-ID: 4Rz7K21m9Qz3wX\nArrival-Date: Wed,  4 Mar 2026 16:20:11 -0800 (PST)\nFinal-Recipient: rfc822; k.nguyen88@yahoo.cm\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 User unknown',
      ),
    ]),
    null,
    null,
  ),
  m(
    'en-19-forwarded-old-code.eml',
    'non-otp-code',
    'Kim Nguyen <kim.nguyen88@yahoo.com>',
    'Fwd: Your RentCircle verification code',
    plain('yahoo.com', [
      p("Hi Tom, I keep getting these when I try to pay rent and then the page times out. Is something wrong with the portal? I'm in 3C. Thanks, Kim"),
      fwd(
        '---------- Forwarded message ---------',
        [
          'From: RentCircle <no-reply@rentcircle.com>',
          'Date: Tue, Mar 3, 2026 at 8:41 PM',
          'Subject: Your RentCircle verification code',
          'To: kim.nguyen88@yahoo.com',
        ],
        ['Your RentCircle verification code is 317 046.', 'It expires in 10 minutes. Never share this code with anyone, including your landlord.'],
      ),
    ]),
    null,
    null,
    { why: "a tenant's expired code forwarded to the landlord: nothing the reader should type" },
  ),
  m(
    'en-20-city-portal-both.eml',
    'both',
    'City of Springfield <noreply@springfieldtax.gov>',
    'Activate your MyCity account',
    card(
      'springfieldtax.gov',
      [
        h('Welcome to MyCity Services'),
        p('To finish creating your account for rental registration and property tax, click the button or enter the activation code on the registration page.'),
        btn('Activate account', city),
        p('Activation code:'),
        cells('K7M2QP'),
        p(
          'Your rental registration RR-2026-1187 for 1187 Alder St (6 units) will be linked after activation. The annual fee of $60 per unit is due 04/15/2026.',
        ),
      ],
      ['City of Springfield, 200 Main St, (555) 010-4400'],
    ),
    'K7M2QP',
    city,
  ),
];
