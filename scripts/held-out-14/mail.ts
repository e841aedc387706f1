// The writing kit of the fourteenth held-out corpus: the shared way to write one mail of
// scripts/held-out-3/kit.ts (held-out-3's mail shape and rendering, the language from the file name, the brand
// from the sender), and reproducible URL tokens seeded with this corpus's own name. Nothing in this folder
// reads, imports or runs the extractor.
import type { Block } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';

export { a, bank, btn, card, cells, code, h, kv, m, min, mso, p, plain, promo, raw, type Shape, small, url } from '../held-out-3/kit.js';

/** Store badges and social links under a mail: links a reader never follows to finish anything. */
export function apps(host: string): Block {
  const ios = `https://apps.apple.com/app/id${parseInt(hex(`ios|${host}`, 8), 16) % 1_000_000_000}`;
  const android = `https://play.google.com/store/apps/details?id=${host.split('.').reverse().join('.')}`;
  return {
    k: 'raw',
    html: `<p style="text-align:center"><a href="${ios}"><img src="https://${host}/img/appstore.png" width="120" height="40" alt="Download on the App Store"></a>&nbsp;<a href="${android}"><img src="https://${host}/img/googleplay.png" width="135" height="40" alt="Get it on Google Play"></a></p>`,
    text: `App Store: ${ios}\nGoogle Play: ${android}`,
  };
}

export const { tok, hex } = tokens('held-out-14');
