/**
 * Writes test/fixtures/mail/held-out-5/: the fifth held-out extraction corpus (one .eml per message;
 * expected.json: file → { otp, verificationLink, lang, class }, the classes of scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-5/make.ts
 *
 * Written by a session that did not read the extractor's rules (src/extract/), nor their history, nor
 * the expectations of the earlier held-out corpora, while another session was changing those rules. The
 * mails and their expected values are written by hand in mails-*.ts from how senders of each kind (web
 * services, banks, shops, carriers, tax and e-invoice systems, meeting tools, marketing platforms with
 * click trackers, Outlook, framework defaults, plain text) phrase such mail in each of the 21 languages.
 * It was committed before the extractor was run on it and must never be tuned on. Rendering, encoding and
 * the check that every expected code or link appears in the decoded mail are held-out-3's
 * (scripts/held-out-3/write.ts).
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { ASIA } from './mails-asia.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MID } from './mails-mid.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_5 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-5');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...ASIA];

await writeCorpus(MAILS, HELD_OUT_5, 'held-out-5');
