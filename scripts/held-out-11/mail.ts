// The writing kit of the eleventh held-out corpus: the shared way to write one mail of
// scripts/held-out-3/kit.ts (held-out-3's mail shape and rendering, the language from the file name, the brand
// from the sender), and reproducible URL tokens seeded with this corpus's own name. Nothing in this folder
// reads, imports or runs the extractor.
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

/** Reproducible URL tokens of this corpus (scripts/held-out-3/tokens.ts). */
export const { tok, hex } = tokens('held-out-11');
