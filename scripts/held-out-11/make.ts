/**
 * Writes test/fixtures/mail/held-out-11/: the eleventh held-out extraction corpus, one .eml per message
 * and expected.json (file → { otp, verificationLink, lang, class }, with held-out-3's classes from
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-11/make.ts
 *
 * Provenance: the session that wrote these mails never opened the extractor's rules (src/extract/), their
 * documentation (docs/extract.md), the extraction tests, or any mail or expectation of the earlier
 * corpora, and never read the commit history about extraction. It wrote each mail from its own idea of
 * what real senders in each of the 21 languages put in a test or personal inbox: one-time codes (service,
 * bank and card, subject-only, grouped, alphanumeric, beside masked and distracting numbers), links
 * (verification, reset, magic sign-in, invitations, approvals, double opt-in, stock mails of open-source
 * servers and hosted auth services) and, for more than a third of the mails, messages with nothing to
 * type or click at all.
 *
 * Expected values: `otp` is the code a person would type into the form that sent the mail; `link` the
 * URL they would click to finish what the mail asks; null when there is none or it is ambiguous. The
 * corpus was committed before the extractor ever ran on it and must never be used to tune it: it exists
 * to measure. Rendering, MIME encoding and the presence check of each expected value are held-out-3's
 * (scripts/held-out-3/write.ts).
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { ASIA } from './mails-asia.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { NORTH } from './mails-north.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_11 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-11');

export const MAILS: Mail[] = [...EN, ...WEST, ...NORTH, ...EAST, ...ASIA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_11, 'held-out-11');
