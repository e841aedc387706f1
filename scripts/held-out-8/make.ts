/**
 * Writes test/fixtures/mail/held-out-8/: the eighth held-out extraction corpus, one .eml per message and
 * expected.json (file → { otp, verificationLink, lang, class }; the classes are held-out-3's,
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-8/make.ts
 *
 * Where these mails come from: they were written by a session that did not read the extractor's rules
 * (src/extract/), nor the documentation of those rules (docs/extract.md), nor the extraction tests, nor
 * the history of commits about extraction, nor any mail or expectation of the earlier corpora. Each mail
 * is that session's own picture of what a real sender in one of the 21 languages sends: codes for
 * sign-up, sign-in, two-step checks, e-mail changes and card payments; links to verify an address, reset a
 * password, sign in at once, accept an invitation or approve a sign-in; and, for the larger share, the
 * ordinary mail of an inbox where there is nothing to type or click (receipts, statements, parcels with
 * courier PINs, bookings, meeting passcodes, vouchers, newsletters, notices).
 *
 * The expected value is the code a person would type into the form that sent the mail, or the URL they
 * would click to finish what it asks; null when there is none or when it is ambiguous. The corpus was
 * committed before the extractor ever ran on it. It measures; it must never be used to tune the
 * extractor. Rendering, MIME encoding and the check that every expected value is in the decoded mail are
 * held-out-3's (scripts/held-out-3/write.ts).
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { ASIA } from './mails-asia.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MID } from './mails-mid.js';
import { MORE } from './mails-more.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_8 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-8');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...ASIA, ...CJK, ...MORE];

await writeCorpus(MAILS, HELD_OUT_8, 'held-out-8');
