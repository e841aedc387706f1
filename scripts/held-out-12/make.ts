/**
 * Writes test/fixtures/mail/held-out-12/: the twelfth held-out extraction corpus, one .eml per message
 * and expected.json (file → { otp, verificationLink, lang, class }, with held-out-3's classes from
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-12/make.ts
 *
 * Provenance: these mails were written blind. The session that wrote them did not open the extractor
 * (src/extract/), its documentation (docs/extract.md), the extraction tests, the report script, or the
 * mails and expectations of the earlier corpora, and did not read the history of extraction commits.
 * Each mail comes from the writer's own picture of what senders in each of the 21 languages really send:
 * service and bank codes set among amounts, dates, masked cards, hotlines and order numbers; links to
 * verify, reset, sign in, accept, approve; and, for well over a third of the set, mails with nothing to
 * type or click although they carry code-like numbers next to code-like words (gift-card PINs, promo
 * codes, meeting passcodes, booking and pick-up codes, door codes, invoice check codes, expired or used
 * codes, examples quoted in fraud warnings).
 *
 * Expected values: `otp` is what a person would type into the form that sent the mail, `link` the URL
 * they would click to finish what the mail asks; null when there is none or it cannot honestly be told.
 * The corpus was committed before the extractor ever ran on it. It is for measuring only and must never
 * be used to tune the extractor. Rendering, MIME encoding and the presence check of every expected value
 * are held-out-3's (scripts/held-out-3/write.ts).
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

export const HELD_OUT_12 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-12');

export const MAILS: Mail[] = [...EN, ...WEST, ...LATIN, ...EAST, ...MID, ...SEA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_12, 'held-out-12');
