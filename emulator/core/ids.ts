// Identifiers and secrets. Randomness is injected so tests can make it repeatable.
import { randomBytes } from 'node:crypto';

export type RandomSource = (bytes: number) => Buffer;

export const cryptoRandom: RandomSource = (n) => randomBytes(n);

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
