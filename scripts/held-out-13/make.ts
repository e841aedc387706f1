/**
 * Writes test/fixtures/mail/held-out-13/: the thirteenth held-out extraction corpus, one .eml per mail
 * plus expected.json (file → { otp, verificationLink, lang, class }, classes as in
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-13/make.ts
 *
 * Where these mails come from: a single writing session made them up from its own idea of what real
 * senders in 21 languages put in an inbox. That session never looked at how the extractor works: not
 * its source (src/extract/), not its documentation (docs/extract.md), not the extraction tests or the
 * report script, not the mails or expected answers of any earlier corpus, and not the commit history of
 * the extractor. It only read the small rendering and MIME kit it reuses (held-out-3, held-out-2) and the
 * shape of held-out-12's kit.
 *
 * What is in it: codes from services, banks and wallets set among amounts, dates, masked cards, hotlines,
 * order and reference numbers; links to verify, reset, sign in, accept, approve, unlock and confirm;
 * and, for well over a third of the set, mails where nothing is to be typed or clicked although they
 * carry code-like strings beside code-like words (vouchers, gift-card PINs, promo codes, meeting
 * passcodes, booking and pick-up codes, door and Wi-Fi codes, backup-code lists, expired or already used
 * codes, sample codes in fraud warnings, invoice check numbers).
 *
 * Expected values: `otp` is what a person would type into the form that sent the mail, `link` the URL
 * they would click to finish what the mail asks; null when there is none or when it cannot honestly be
 * told (the mail's `why` says so). The corpus was committed before the extractor ever ran on it. Use it
 * to measure, never to tune: a rule changed because of one of these mails spoils the corpus.
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { LATIN } from './mails-latin.js';
import { MID } from './mails-mid.js';
import { SEA } from './mails-sea.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_13 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-13');

export const MAILS: Mail[] = [...EN, ...WEST, ...LATIN, ...EAST, ...MID, ...SEA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_13, 'held-out-13');
