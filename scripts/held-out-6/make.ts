/**
 * Writes test/fixtures/mail/held-out-6/: the sixth held-out extraction corpus (one .eml per message;
 * expected.json: file → { otp, verificationLink, lang, class }, the classes of scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-6/make.ts
 *
 * Written by a session that did not read the extractor's rules (src/extract/), nor their history, nor
 * docs/extract.md, nor the mails or expectations of the earlier corpora, while another session was
 * changing those rules. It aims at the ordinary mix of a developer's test inbox rather than at hard cases:
 * about a third sign-up, sign-in and two-step codes, a quarter verification, magic and reset links, the
 * rest ordinary mail with nothing to extract (welcome mails, receipts, shipping, newsletters, product
 * updates, security notices, calendar invites, social notifications, support replies), in the 21
 * languages, written as plain senders write them. Expected values are what a person would type or click.
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
import { MORE } from './mails-more.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_6 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-6');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...ASIA, ...MORE];

await writeCorpus(MAILS, HELD_OUT_6, 'held-out-6');
