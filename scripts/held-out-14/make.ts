/**
 * Builds test/fixtures/mail/held-out-14/: the fourteenth held-out extraction corpus, one .eml per mail
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are those of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-14/make.ts
 *
 * Provenance. These mails were invented in one sitting by a writer who tried to reproduce what a
 * developer's or tester's inbox really receives over a month, in 21 languages. The writer never saw how
 * the extractor decides anything: not its code under src/extract/, not docs/extract.md, not the
 * extraction tests, the report script or the benchmark, not the mails or answers of any earlier corpus,
 * and not the extractor's commit history. The only files read were the reused rendering/MIME kit
 * (scripts/held-out-3/{types,render,write,tokens}.ts, scripts/held-out-2/{mime,types}.ts) and the layout
 * of held-out-13's make.ts and mail.ts.
 *
 * Contents. Mostly ordinary mail: sign-up, sign-in, reset, e-mail change, deletion and pairing codes,
 * card and transfer authorisations, verification, reset, magic sign-in, invitation, unlock and approval
 * links; and, for more than a third of the set, mail with nothing to type or click although it is full
 * of numbers and code-like words (orders, invoices, e-invoices, tickets, meeting passcodes, vouchers,
 * gift cards, locker and store pick-up codes, door and Wi-Fi codes, backup codes, card approval numbers,
 * sign-in and password-changed notices, expired or used codes, scam warnings quoting a sample code).
 *
 * Expected answers. `otp` is what a person would type into the form that sent the mail (digits only
 * when a numeric code is shown in groups), `link` what they would click to finish what the mail asks;
 * null when there is nothing of the kind or it cannot honestly be decided (`why` explains debatable
 * cases). This corpus was committed before the extractor was ever run on it. It is for measuring only:
 * changing a rule because of one of these mails spoils it.
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

export const HELD_OUT_14 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-14');

export const MAILS: Mail[] = [...EN, ...WEST, ...LATIN, ...EAST, ...MID, ...SEA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_14, 'held-out-14');
