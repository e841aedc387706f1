// The short way to write one mail that the held-out kits from the eleventh on share: a sender style with its
// blocks and footer (a Shape, still without language and brand), and m(), which reads the language from the
// file name's prefix (`zh-Hans-03-….eml`) and the brand from the sender's display name, and sets Arabic and
// Hebrew right to left. Rendering and encoding are render.ts's and write.ts's. Nothing here reads, imports
// or runs the extractor.
import { type Block, type Look, look, type Style } from './render.js';
import { type Cls, type Lang, type Mail, mail } from './types.js';

export { a, btn, cells, code, h, kv, p, raw, small, url } from './render.js';

/** A look without its language and brand (filled in by m()). */
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

/** One mail (see the top of this file). */
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
