/**
 * Writes test/fixtures/mail/held-out-7/: the seventh held-out extraction corpus, one .eml per message
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are held-out-3's,
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-7/make.ts
 *
 * Provenance: the session that wrote these mails had not read the extractor's rules (src/extract/), their
 * documentation (docs/extract.md), their tests, their commit history, nor any mail or expectation of the
 * earlier corpora. The mails come from what that session knows of how real senders write in each of the 21
 * languages: sign-up, sign-in, two-step and payment codes; verification, reset, magic, invitation and
 * approval links; and the larger share of ordinary mail in which there is nothing to type or click
 * (receipts, invoices, shipping, newsletters, invites with passcodes, pick-up codes, coupons, notices).
 * The expected value is what a person would type into the form that sent the mail, or click to finish what
 * the mail asks; null when there is nothing of the kind or it is ambiguous. The corpus was committed before
 * the extractor was ever run on it, and it must never be used to tune the extractor: it measures, nothing
 * else. Rendering, MIME encoding and the check that every expected value appears in the decoded mail are
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
import { WEST } from './mails-west.js';

export const HELD_OUT_7 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-7');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...ASIA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_7, 'held-out-7');
