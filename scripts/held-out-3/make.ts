/**
 * Writes test/fixtures/mail/held-out-3/: the third held-out extraction corpus (one .eml per message;
 * expected.json: file → { otp, verificationLink, lang, class }).
 *
 *   npx tsx scripts/held-out-3/make.ts
 *
 * The mails and their expected values are written by hand in mails-*.ts (written out by write.ts), from how senders in each
 * language and of each kind (services, banks, shops, marketing platforms, Outlook, framework defaults)
 * phrase such mail. It was committed, with the extractor's figures on it, before any rule change of the
 * session that wrote it, and must never be tuned on. This script only renders and encodes them and
 * checks that each expected code or link really appears in the decoded mail.
 */
import { join } from 'node:path';
import { ASIA } from './mails-asia.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MORE } from './mails-more.js';
import { WEST } from './mails-west.js';
import type { Mail } from './types.js';
import { writeCorpus } from './write.js';

export const HELD_OUT_3 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-3');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...ASIA, ...MORE];

await writeCorpus(MAILS, HELD_OUT_3, 'held-out-3');
