// Identifiers and secrets. Randomness is injected so tests can make it repeatable.
import { randomFillSync } from 'node:crypto';

export type RandomSource = (bytes: number) => Buffer;

// Random bytes are drawn from the operating system 4 KiB at a time: a call per id (several per
// message: its id, its timeline events) cost more than building the id.
const POOL = Buffer.alloc(4096);
let used = POOL.length;

export const cryptoRandom: RandomSource = (n) => {
  if (n > POOL.length) return randomFillSync(Buffer.alloc(n));
  if (used + n > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const out = Buffer.from(POOL.subarray(used, used + n));
  // Never handed out twice.
  POOL.fill(0, used, used + n);
  used += n;
  return out;
};

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';

/**
 * A short id like the hosted service's (`D3vt8NnEQ`): 10 characters of a 64-letter alphabet. The
 * first is a letter or digit, so an id never looks like a command-line option (`inbox messages read
 * <inbox> -x...` would be parsed as a flag).
 */
export function shortId(random: RandomSource, length = 10): string {
  const bytes = random(length);
  let out = ALPHABET[bytes[0]! % 62]!;
  for (let i = 1; i < length; i++) out += ALPHABET[bytes[i]! & 63];
  return out;
}

export function hexSecret(random: RandomSource, bytes = 32): string {
  return random(bytes).toString('hex');
}
