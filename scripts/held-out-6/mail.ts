// What the sixth held-out corpus's mails are written with: held-out-3's mail shape, classes and
// rendering (scripts/held-out-3/types.ts, render.ts), and reproducible URL tokens of its own. Nothing
// here looks at the extractor.
import { createHash } from 'node:crypto';

export { a, btn, cells, code, h, kv, look, p, raw, small, url } from '../held-out-3/render.js';
export { mail } from '../held-out-3/types.js';

/** A reproducible token for a URL (base64url of a hash of `seed`), `n` characters long. */
export function tok(seed: string, n = 32): string {
  return createHash('sha256').update(`held-out-6|${seed}`).digest('base64url').slice(0, n);
}

/** A reproducible lowercase hex token. */
export function hex(seed: string, n = 24): string {
  return createHash('sha256').update(`held-out-6|hex|${seed}`).digest('hex').slice(0, n);
}
