// What the sixth held-out corpus's mails are written with: held-out-3's mail shape, classes and
// rendering (scripts/held-out-3/types.ts, render.ts), and reproducible URL tokens of its own. Nothing
// here looks at the extractor.
import { tokens } from '../held-out-3/tokens.js';

export { a, btn, cells, code, h, kv, look, p, raw, small, url } from '../held-out-3/render.js';
export { mail } from '../held-out-3/types.js';

/** Reproducible URL tokens of this corpus (scripts/held-out-3/tokens.ts). */
export const { tok, hex } = tokens('held-out-6');
