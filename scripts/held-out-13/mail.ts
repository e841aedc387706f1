// The writing kit of the thirteenth held-out corpus. It reuses held-out-3's mail shape and rendering
// (scripts/held-out-3/types.ts and render.ts) and adds a short way to write one mail: the language is
// read from the file name, the brand from the sender's display name. URL tokens are reproducible and
// seeded with this corpus's own name. Nothing in this folder imports, reads or runs the extractor.
import { type Block, type Look, look, type Style } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';
import { type Cls, type Lang, type Mail, mail } from '../held-out-3/types.js';

export { a, btn, cells, code, h, kv, p, raw, small, url } from '../held-out-3/render.js';

/** A look without its language (filled in from the mail's file name). */
export interface Shape {
  style: Style;
  host: string;
  blocks: Block[];
  footer: Look['footer'];
  more: Partial<Look>;
}

const shape =
  (style: Style) =>
  (host: string, blocks: Block[], footer: Look['footer'] = [], more: Partial<Look> = {}): Shape => ({ style, host, blocks, footer, more });
export const card = shape('card');
export const bank = shape('bank');
export const promo = shape('promo');
export const mso = shape('mso');
export const min = shape('min');
export const plain = shape('plain');

/** One mail: language from the file name prefix, brand from the sender's display name, RTL for ar and he. */
export function m(
  file: string,
  cls: Cls,
  from: string,
  subject: string,
  s: Shape,
  otp: string | null,
  link: string | null,
  more: Partial<Pick<Mail, 'charset' | 'cte' | 'headerMode' | 'parts' | 'why'>> = {},
): Mail {
  const lang = /^(zh-Hans|zh-Hant|[a-z]{2})-/.exec(file)?.[1] as Lang;
  const brand = /^"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? s.host;
  const rtl = lang === 'ar' || lang === 'he' ? { rtl: true } : {};
  return mail(file, lang, cls, from, subject, look(s.style, brand, s.host, lang, s.blocks, s.footer, { ...rtl, ...s.more }), otp, link, more);
}

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
