/**
 * Writes test/fixtures/mail/held-out-9/: the ninth held-out extraction corpus, one .eml per message and
 * expected.json (file → { otp, verificationLink, lang, class }; the classes are held-out-3's,
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-9/make.ts
 *
 * Provenance: every mail here was composed by a session that never opened the extractor's rules
 * (src/extract/), their documentation (docs/extract.md), the extraction tests, the commit history about
 * extraction, or any mail or expectation of the earlier corpora. The mails are that session's own idea
 * of what senders in the 21 languages really send to a developer's or CI test inbox and to an ordinary
 * user: one-time codes (sign-up, sign-in, two-step, address or phone change, account deletion, card and
 * transfer approvals), links (verify, reset, magic sign-in, invitations, "yes, it was me", double
 * opt-in, e-mail change, stock mails of open-source servers and frameworks), and, for the larger share,
 * mail with nothing to type or click (receipts, statements, parcels, bookings, meeting passcodes,
 * vouchers, newsletters, notices).
 *
 * Expected values: `otp` is the code a person would type into the form that sent the mail, `link` the URL
 * they would click to finish what the mail asks; null when there is none or it is ambiguous. The corpus
 * was committed before the extractor ever ran on it; it is for measuring only and must never be used to
 * tune the extractor. Rendering, MIME encoding and the check that each expected value is present in the
 * decoded mail are held-out-3's (scripts/held-out-3/write.ts).
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MID } from './mails-mid.js';
import { MORE } from './mails-more.js';
import { SEA } from './mails-sea.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_9 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-9');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...SEA, ...CJK, ...MORE];

await writeCorpus(MAILS, HELD_OUT_9, 'held-out-9');
