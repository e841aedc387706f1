/**
 * Builds test/fixtures/mail/held-out-15/: the fifteenth held-out extraction corpus, one .eml per mail
 * and expected.json (file → { otp, verificationLink, lang, class }; the classes are those of
 * scripts/held-out-3/types.ts).
 *
 *   npx tsx scripts/held-out-15/make.ts
 *
 * Provenance. Written in one sitting by a helper session asked to imagine the inbox of a QA team's shared
 * test accounts, and of the people on that team, over one quarter, in 21 languages. The writer was blind
 * to the extractor: it never opened src/ (src/extract/ least of all), docs/, the extraction tests, the
 * benchmark, the report script, the mails or answers of any earlier corpus, or the history of any of
 * these. The only repository files read were the shared kit (scripts/held-out-3/{types,render,write,
 * tokens,kit}.ts, scripts/held-out-2/{mime,types}.ts) and, for the layout of a set, held-out-14's make.ts
 * and mail.ts. Every mail here was written for this set.
 *
 * Contents. Sign-up, sign-in, two-step, e-mail change and payment codes from SaaS tools, developer
 * platforms, marketplaces, banks, telcos, government portals, delivery and travel apps, schools, clinics
 * and games; verification, reset, magic sign-in, invitation and approval links; codes forwarded by a
 * colleague, codes only in the subject, codes in boxes and groups. And, for more than 40% of the set, the
 * rest of such an inbox: calendar invitations with meeting passcodes, CI and ticket notifications, pay
 * statements, invoices and e-invoices, tickets and booking references, parcel lockers and delivery PINs,
 * coupons and gift cards, recovery codes, security notices and replies in support threads, all of them
 * full of numbers and code-like strings but with nothing to type or click.
 *
 * Expected answers. `otp` is what a person would type into the form that sent the mail (digits only when
 * a numeric code is shown in groups), `link` what they would click to finish what the mail asks (for a
 * tracked mail, the tracker's URL of that button); null when there is nothing of the kind or it cannot
 * honestly be decided; `why` says why where a reader might hesitate. This set was committed before the
 * extractor was ever run on it. It is for measuring only: changing a rule because of one of these mails
 * spoils it.
 */
import { join } from 'node:path';
import type { Mail } from '../held-out-3/types.js';
import { writeCorpus } from '../held-out-3/write.js';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EN } from './mails-en.js';
import { MID } from './mails-mid.js';
import { SEA } from './mails-sea.js';
import { WEST } from './mails-west.js';

export const HELD_OUT_15 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-15');

export const MAILS: Mail[] = [...EN, ...WEST, ...EAST, ...MID, ...SEA, ...CJK];

await writeCorpus(MAILS, HELD_OUT_15, 'held-out-15');
