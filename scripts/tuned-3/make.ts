/**
 * Writes test/fixtures/mail/tuned-3/: the training corpus of the second round of issue 29's rules (one
 * .eml per message; expected.json: file → { otp, verificationLink, lang, class }, the classes of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/tuned-3/make.ts
 *
 * The mails are written by hand in mails.ts; they are rendered, encoded and checked by
 * scripts/held-out-3/write.ts. Unlike the held-out sets, rules may be written against these mails.
 */
import { join } from 'node:path';
import { writeCorpus } from '../held-out-3/write.js';
import { TUNED_3 } from './mails.js';

export const TUNED_3_DIR = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'tuned-3');

await writeCorpus(TUNED_3, TUNED_3_DIR, 'tuned-3');
