/**
 * Builds test/fixtures/mail/held-out-19/: the nineteenth held-out extraction corpus, one .eml per mail
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are those of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-19/make.ts
 *
 * Provenance. Written in one short sitting by a helper session (an AI model) asked to imagine a year of
 * mail of two people living across borders, in 21 languages: a student who moves abroad for a degree
 * (applications, scholarships, visas, language tests, exam portals, a rented room) and a freelancer who
 * works for clients in several countries (marketplaces, invoicing, time tracking, tax portals, banks and
 * transfer apps). The writer was blind to the extractor: it did not open src/ (least of all
 * src/extract/), docs/, test/ (except this output folder), bench/, the report script, README.md,
 * ARCHITECTURE.md, any other held-out or tuned corpus or its answers, or the history of any of these,
 * and it did not run the extractor, the tests or any report on these mails. The repository files it read
 * were the shared kit (scripts/held-out-3/{types,render,write,tokens,kit}.ts,
 * scripts/held-out-2/{mime,types}.ts) and, only to see how a set is put together, held-out-18's make.ts
 * and mail.ts. Every mail was written for this set.
 *
 * Contents. University applications and exam portals, candidate and matriculation numbers, scholarship
 * and visa portals, consulate and residence-permit appointments, language tests, rooms and co-working
 * desks, freelance marketplaces, invoices and time sheets, tax portals, neobanks, transfer apps and
 * crypto exchanges, games and streaming, rides and food delivery, dating apps, health insurance and
 * telehealth, top-ups and eSIMs; sign-up and sign-in codes, two-step set-ups, password resets, magic
 * links, invitations, new-device approvals; receipts, statements, reference numbers, timetables,
 * tickets with seats and gates, parcel lockers, coupons, meeting passcodes, chat digests, replies,
 * forwards, auto-replies and bounces. Codes in boxes, in groups, in the subject only, in words, beside
 * masked cards and phone numbers, IBANs, candidate and case numbers. More than 40% of the set has nothing
 * to type or click although it is full of numbers and code-like strings. Legacy charsets where senders
 * still use them (ISO-2022-JP, Shift_JIS, EUC-KR, GB2312/GBK, Big5, KOI8-R, KOI8-U, windows-125x, ISO-8859-x,
 * TIS-620), quoted-printable and base64, HTML only, text only or both, some behind click trackers.
 *
 * Expected answers. `otp` is what a person would type into the form that sent the mail (digits only when
 * a numeric code is shown in groups); `link` is what they would click to finish what the mail asks (for
 * a tracked mail, the tracker URL of that button); null when there is nothing of the kind or it cannot
 * honestly be decided, with `why` where a reader might hesitate. Coupons, gift cards, meeting passcodes,
 * booking references, door and pick-up codes, order, tracking, candidate and case numbers are never an
 * `otp`; "view", "track", "manage" or "this wasn't me" links are never a `link`. This set was committed
 * before the extractor ever ran on it; it is for measuring only, and tuning a rule to one of these mails
 * spoils it.
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { ASIA } from './mails-asia.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { EXTRA } from './mails-extra.js';
import { MID } from './mails-mid.js';
import { SEA } from './mails-sea.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_19 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-19');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...SEA, ...ASIA, ...EXTRA];

await writeCorpus(MAILS, HELD_OUT_19, 'held-out-19');
