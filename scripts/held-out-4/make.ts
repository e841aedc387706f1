/**
 * Writes test/fixtures/mail/held-out-4/: the fourth held-out extraction corpus (one .eml per message;
 * expected.json: file → { otp, verificationLink, lang, class }, the classes of scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-4/make.ts
 *
 * Written after the second round of issue 29's rules by a session that did not read the rules
 * (src/extract/) nor the mails of the other corpora: the mails and their expected values are written by
 * hand in mails-*.ts from how senders in each language and of each kind (web services, banks, shops,
 * games, government, developer tools, marketing platforms with click trackers, Outlook, framework
 * defaults, plain text) phrase such mail. It was committed before the extractor was run on it and must
 * never be tuned on. Rendering, encoding and the check that every expected code or link appears in the
 * decoded mail are held-out-3's (scripts/held-out-3/write.ts).
 */
import { join } from 'node:path';
import { writeCorpus } from '../held-out-3/write.js';
import type { Mail } from '../held-out-3/types.js';
import { ASIA } from './mails-asia.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MID } from './mails-mid.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_4 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-4');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...ASIA];

await writeCorpus(MAILS, HELD_OUT_4, 'held-out-4');
