/**
 * Builds test/fixtures/mail/held-out-17/: the seventeenth held-out extraction corpus, one .eml per mail
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are those of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-17/make.ts
 *
 * Provenance. Written in one sitting by a helper session (an AI model) asked to imagine the mail of the
 * staff of small and medium businesses in 21 languages, and of the services those businesses run for
 * their own customers, each country in its own way. The writer was blind to the extractor: it did not
 * open src/ (src/extract/ least of all), docs/, test/ (other than this output folder), bench/, the report
 * script, README.md, ARCHITECTURE.md, any other held-out or tuned corpus, their mails or answers, or the
 * history of any of these, and it never ran the extractor, the tests or a report on these mails. The only
 * repository files it read were the shared kit (scripts/held-out-3/{types,render,write,tokens,kit}.ts,
 * scripts/held-out-2/{mime,types}.ts) and, for how a set is laid out, held-out-16's make.ts and mail.ts.
 * Every line of every mail was written for this set.
 *
 * Contents. Staff sign-ins to payroll, accounting, HR and rota apps, e-invoicing and tax-filing portals,
 * business net banking (payment batches, wage files, tax transfers, new beneficiaries and operators),
 * merchant and payment-terminal panels, point-of-sale back offices, hosting control panels and CRMs and
 * helpdesks; the shops', salons', clinics', cafés' and restaurants' own mail to their customers
 * (sign-up confirmations, newsletter double opt-in, loyalty cards, password resets, magic sign-in links,
 * booking verifications, staff invitations, new-device approvals). Codes in boxes, in groups, only in the
 * subject, beside masked accounts and phones, beside the reference letters Thai and Taiwanese banks print
 * next to an OTP, beside VAT, company, tax and licence numbers. And, for more than 40% of the set, the rest
 * of such inboxes, full of numbers and code-like strings with nothing to type or click: supplier
 * invoices and credit notes, delivery notes and packing slips, purchase orders, payment notices, direct
 * debit notices, boletos and Multibanco references, virtual accounts, VAT and GST acknowledgements,
 * e-invoice receipts (Leitweg-ID, KSeF number, SdI identifier, ETTN, IRN and e-way bill, Israeli
 * allocation number, Korean tax-invoice approval number, Chinese invoice check code, Taiwanese e-invoice
 * random code, Vietnamese lookup code, Spanish CSV), fiscal till receipts, card-clearing reports and
 * statements, courier and locker notices with pick-up codes, delivery handover PINs (one even called
 * "OTP"), door and alarm codes, booking references, meeting passcodes, vouchers and coupons, a registrar's
 * transfer code, sign-in and password-changed notices, auto-replies, a bounce and newsletters. Many mails
 * are in the charsets such senders still use (ISO-2022-JP, Shift_JIS, EUC-KR, GB2312/GBK, Big5, KOI8-R,
 * KOI8-U, windows-125x, ISO-8859-x, TIS-620), in quoted-printable, base64 or 8bit, HTML only, text only or
 * both, some behind a click tracker.
 *
 * Expected answers. `otp` is what a person would type into the form that sent the mail (digits only when
 * a numeric code is shown in groups), `link` what they would click to finish what the mail asks (for a
 * tracked mail, the tracker's URL of that button); null when there is nothing of the kind or it cannot
 * honestly be decided; `why` says why where a reader might hesitate. A code told to a courier, a clerk or
 * a driver, typed at a locker or a till, or used to look up or check a document, is not an `otp`; a
 * "view", "track" or "if this was not you" link is not a `link`. This set was committed before the
 * extractor was ever run on it. It is for measuring only: changing a rule because of one of these mails
 * spoils it.
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MID } from './mails-mid.js';
import { SEA } from './mails-sea.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_17 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-17');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...SEA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_17, 'held-out-17');
