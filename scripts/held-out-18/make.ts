/**
 * Builds test/fixtures/mail/held-out-18/: the eighteenth held-out extraction corpus, one .eml per mail
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are those of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-18/make.ts
 *
 * Provenance. Written in a single short sitting by a helper session (an AI model) asked to picture one
 * year of mail of two people in 21 languages: someone who publishes mobile apps and someone who runs a
 * small web shop, with their families. The writer was blind to the extractor: it did not open src/
 * (least of all src/extract/), docs/, test/ (except this output folder), bench/, the report script,
 * README.md, ARCHITECTURE.md, any other held-out or tuned corpus or its answers, or the history of any of
 * these, and it did not run the extractor, the tests or any report on these mails. The repository files
 * it read were the shared kit (scripts/held-out-3/{types,render,write,tokens,kit}.ts,
 * scripts/held-out-2/{mime,types}.ts) and, only for how a set is put together, held-out-17's make.ts and
 * mail.ts. Every mail was written for this set.
 *
 * Contents. App-store and developer-console accounts, push and SMS gateways, analytics and crash
 * reporting, payment gateways and their payouts, disputes and chargebacks, marketplace seller centres,
 * shipping labels and customs declarations, registrars and DNS changes, two-factor set-ups and recovery,
 * new-device and new-browser confirmations; school, doctor, utility, travel, government e-ID and pension
 * mail; receipts, refunds, reviews and ratings, reminders, newsletters with coupon codes, calendar
 * invitations with meeting passcodes, shared documents, replies, forwards and auto-replies. Codes in
 * cells, in groups, in the subject only, in words, beside masked cards and phones, build numbers, version
 * strings, API key prefixes, IBANs, tracking and HS numbers. Over 40% of the set has nothing to type or
 * click, though it is full of numbers and code-like strings. Legacy charsets where senders still use them
 * (ISO-2022-JP, Shift_JIS, EUC-KR, GBK, Big5, KOI8-R, KOI8-U, windows-125x, ISO-8859-x, TIS-620),
 * quoted-printable and base64, HTML only, text only or both, some through click trackers.
 *
 * Expected answers. `otp` is what a person would type into the form that sent the mail (digits only when
 * a numeric code is shown in groups); `link` is what they would click to finish what the mail asks (for
 * a tracked mail, the tracker URL of that button); null when there is nothing of the kind or it cannot
 * honestly be decided, with `why` where a reader might hesitate. Coupons, gift cards, meeting passcodes,
 * booking references, door and pick-up codes, order, tracking and case numbers are not an `otp`; "view",
 * "track", "manage" or "this wasn't me" links are not a `link`. This set was committed before the
 * extractor ever ran on it; it is for measuring only, and tuning a rule to one of these mails spoils it.
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { EXTRA } from './mails-extra.js';
import { MID } from './mails-mid.js';
import { SEA } from './mails-sea.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_18 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-18');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...SEA, ...CJK, ...EXTRA];

await writeCorpus(MAILS, HELD_OUT_18, 'held-out-18');
