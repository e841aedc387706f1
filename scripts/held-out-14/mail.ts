// Writing kit of the fourteenth held-out corpus. The mail shape, the sender styles and the MIME
// encoding are borrowed unchanged from the earlier kits (scripts/held-out-3/render.ts and types.ts,
// scripts/held-out-2/mime.ts); this file only adds a compact way to declare one mail. The language comes
// from the file-name prefix and the brand from the sender's display name. URL tokens are reproducible
// and seeded with this corpus's name. Nothing here imports, reads or runs the extractor.
import { type Block, type Look, look, type Style } from '../held-out-3/render.js';
import { tokens } from '../held-out-3/tokens.js';
import { type Cls, type Lang, type Mail, mail } from '../held-out-3/types.js';

export { a, btn, cells, code, h, kv, p, raw, small, url } from '../held-out-3/render.js';

/** A look still missing its language and brand. */
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

type More = Partial<Pick<Mail, 'charset' | 'cte' | 'headerMode' | 'parts' | 'why'>>;

/** Declares one mail; Arabic and Hebrew mails are laid out right to left. */
export function m(file: string, cls: Cls, from: string, subject: string, s: Shape, otp: string | null, link: string | null, more: More = {}): Mail {
  const lang = /^(zh-Hans|zh-Hant|[a-z]{2})-/.exec(file)?.[1] as Lang;
  const brand = /^"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? s.host;
  const dir = lang === 'ar' || lang === 'he' ? { rtl: true } : {};
  return mail(file, lang, cls, from, subject, look(s.style, brand, s.host, lang, s.blocks, s.footer, { ...dir, ...s.more }), otp, link, more);
}

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
