// The writing kit of the thirteenth held-out corpus: the shared way to write one mail of
// scripts/held-out-3/kit.ts (held-out-3's mail shape and rendering, the language from the file name, the brand
// from the sender), and reproducible URL tokens seeded with this corpus's own name. Nothing in this folder
// reads, imports or runs the extractor.
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

/** App-store badges in a footer (links that are never the mail's action). */
export function badges(ios: string, android: string): Block {
  return {
    k: 'raw',
    html: `<p style="text-align:center"><a href="${ios}"><img src="https://apps.apple.example/badge.svg" width="120" height="40" alt="App Store"></a>&nbsp;<a href="${android}"><img src="https://play.google.example/badge.png" width="135" height="40" alt="Google Play"></a></p>`,
    text: `App Store: ${ios}\nGoogle Play: ${android}`,
  };
}

/** Reproducible URL tokens of this corpus (scripts/held-out-3/tokens.ts). */
export const { tok, hex } = tokens('held-out-13');
