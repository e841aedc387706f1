// Reproducible URL tokens for a corpus: the same seed gives the same token on every run, and two
// corpora never share one (the corpus name is part of what is hashed).
import { createHash } from 'node:crypto';

export function tokens(corpus: string): { tok: (seed: string, n?: number) => string; hex: (seed: string, n?: number) => string } {
  return {
    /** base64url of a hash of `seed`, `n` characters long. */
    tok: (seed, n = 32) => createHash('sha256').update(`${corpus}|${seed}`).digest('base64url').slice(0, n),
    /** Lowercase hex of a hash of `seed`, `n` characters long. */
    hex: (seed, n = 24) => createHash('sha256').update(`${corpus}|hex|${seed}`).digest('hex').slice(0, n),
  };
}
