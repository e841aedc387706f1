// A small seeded generator for probability rules: the same seed gives the same sequence in every run
// and on every machine, so a flaky-API test that failed can be replayed. xorshift32 over a state
// scrambled from the seed (a 32-bit finalizer, so seeds 1, 2, 3 start far apart). Not for secrets.

/** Scrambles a 32-bit value (an avalanche step: each input bit moves about half the output bits). */
function scramble(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a of a string: a rule's default seed comes from its id. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    // xorshift never leaves 0, so a state of 0 is replaced.
    this.#state = scramble(seed) || 0x6d2b79f5;
  }

  /** The next number in [0, 1). */
  next(): number {
    let x = this.#state;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.#state = x;
    return x / 0x1_0000_0000;
  }
}
