/**
 * Builds test/fixtures/mail/held-out-16/: the sixteenth held-out extraction corpus, one .eml per mail
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are those of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-16/make.ts
 *
 * Provenance. Written in one sitting by a helper session (an AI model) asked to imagine what the
 * throwaway addresses of an AI agent and of a CI robot receive in one week of signing up to and using
 * hundreds of services around the world, and what lands in the inboxes of the small companies and the
 * families whose mail such tests imitate, in 21 languages. The writer was blind to the extractor: it did
 * not open src/ (src/extract/ least of all), docs/, test/ (other than this output folder), bench/, the
 * report script, any other held-out or tuned corpus, their mails or answers, or the history of any of
 * these. The only repository files it read were the shared kit (scripts/held-out-3/{types,render,write,
 * tokens,kit}.ts, scripts/held-out-2/{mime,types}.ts) and, for how a set is laid out, held-out-15's
 * make.ts and mail.ts. Every line of every mail was written for this set.
 *
 * Contents. Sign-up, sign-in, two-step, device, e-mail change and recovery mails from cloud consoles, app
 * stores, CI services, crypto exchanges and fintechs, ride-hailing and food delivery, streaming, hotels and
 * airlines, insurers, utilities, tax and civic portals, universities and telemedicine; codes in boxes, in
 * groups, only in the subject, in a voicemail transcript, forwarded by a relative, beside masked cards and
 * phones, beside bank reference codes; verification, reset, magic sign-in, invitation and approval links,
 * some behind a click tracker or under a louder marketing button. And, for more than 40% of the set, the
 * rest of such inboxes: CI failures quoting a test's expected code, bounces of test mails, auto-replies,
 * app-review notices, receipts, bills, statements and payslips, payment slips and convenience-store
 * payment numbers, parcel-locker and delivery PINs, ride PINs, door codes, booking references, meeting
 * passcodes, coupons and gift cards, recovery kits, sign-in and password-changed notices, all of them full
 * of numbers and code-like strings, with nothing to type or click.
 *
 * Expected answers. `otp` is what a person would type into the form that sent the mail (digits only when
 * a numeric code is shown in groups), `link` what they would click to finish what the mail asks (for a
 * tracked mail, the tracker's URL of that button); null when there is nothing of the kind or it cannot
 * honestly be decided; `why` says why where a reader might hesitate. A code said to a courier or driver,
 * given at a locker, a shop counter or a door, or quoted in a log, is not an `otp`. This set was committed
 * before the extractor was ever run on it. It is for measuring only: changing a rule because of one of
 * these mails spoils it.
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

export const HELD_OUT_16 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-16');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...SEA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_16, 'held-out-16');
