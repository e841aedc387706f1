/**
 * Writes test/fixtures/mail/held-out-10/: the tenth held-out extraction corpus, one .eml per message and
 * expected.json (file → { otp, verificationLink, lang, class }, with held-out-3's classes from
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-10/make.ts
 *
 * Where these mails come from: they were written by a session that read neither the extractor's rules
 * (src/extract/) nor their documentation (docs/extract.md) nor the extraction tests, nor any mail or
 * expectation of the earlier corpora, nor the commit history about extraction. Each mail is that
 * session's own picture of what a sender in one of the 21 languages actually sends to a developer's test
 * inbox or to an ordinary person: codes (sign-up, sign-in, two-step, address and phone changes, recovery,
 * deletion, payouts, card and transfer approvals), links (verification, reset, magic sign-in, invitations,
 * approvals, double opt-in, stock mails of open-source servers and hosted auth services) and, for the
 * largest share, mail with nothing to type or click at all.
 *
 * Expected values: `otp` is the code a person would type into the form that sent the mail; `link` is the
 * URL they would click to finish what the mail asks; null when there is none or it is ambiguous. This
 * corpus was committed before the extractor was ever run on it. It is for measurement only: never tune
 * the extractor on it. Rendering, MIME encoding and the presence check of each expected value are
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
import { WEST2 } from './mails-west2.js';

export const HELD_OUT_10 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-10');

export const MAILS: Mail[] = [...EN, ...WEST, ...WEST2, ...EAST, ...MID, ...ASIA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_10, 'held-out-10');
