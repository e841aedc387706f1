// The writing kit of the twenty-sixth held-out corpus: the shared sender styles, Shape and m() of
// scripts/held-out-3/kit.ts, URL tokens seeded with this corpus's own name, and the few blocks a
// vet's and beekeeper's inbox is made of: a reply over a quoted message, a forwarded mail,
// fixed-width lines (schedules, statements, lab results), a small table and a personal signature
// (scripts/held-out-3/threads.ts, shared with the later corpora).
// Nothing in this folder reads, imports or runs the extractor.
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';
export { fwd, pre, quote, sig, table } from '../held-out-3/threads.js';

export const { tok, hex } = tokens('held-out-26');
