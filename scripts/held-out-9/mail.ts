// The writing kit of the ninth held-out corpus: held-out-3's mail shape and rendering
// (scripts/held-out-3/types.ts, render.ts) and reproducible URL tokens seeded with this corpus's name.
// Nothing here reads or runs the extractor.
import { tokens } from '../held-out-3/tokens.js';

export { a, btn, cells, code, h, kv, look, p, raw, small, url } from '../held-out-3/render.js';
export { mail } from '../held-out-3/types.js';

/** Reproducible URL tokens of this corpus (scripts/held-out-3/tokens.ts). */
export const { tok, hex } = tokens('held-out-9');
