// The writing kit of the tenth held-out corpus: held-out-3's mail shape and rendering
// (scripts/held-out-3/types.ts, render.ts) plus reproducible URL tokens seeded with this corpus's own
// name. Nothing in this folder reads, imports or runs the extractor.
import { createHash } from 'node:crypto';

export { a, btn, cells, code, h, kv, look, p, raw, small, url } from '../held-out-3/render.js';
export { mail } from '../held-out-3/types.js';

/** A reproducible base64url token for a URL, `n` characters long. */
export function tok(seed: string, n = 32): string {
  return createHash('sha256').update(`held-out-10|${seed}`).digest('base64url').slice(0, n);
}

/** A reproducible lowercase hex token. */
export function hex(seed: string, n = 24): string {
  return createHash('sha256').update(`held-out-10|hex|${seed}`).digest('hex').slice(0, n);
}
