// One mail of the sixth held-out corpus. The mail shape, the classes and the rendering are held-out-3's
// (scripts/held-out-3/types.ts, render.ts); the mails are new. Nothing here looks at the extractor.
import { createHash } from 'node:crypto';
import type { Look } from '../held-out-3/render.js';
import type { Cls, Lang, Mail } from '../held-out-3/types.js';

export { a, btn, cells, code, h, kv, look, p, raw, small, url } from '../held-out-3/render.js';

/** Extra settings of a mail: charset, transfer encoding, header encoding, parts, and why the answer is what it is. */
export type More = Partial<Pick<Mail, 'charset' | 'cte' | 'headerMode' | 'parts' | 'why'>>;

/**
 * `otp`: what a person would type into the form that sent the mail; `link`: what they would click to
 * finish what the mail asks (written as the target; a tracked look stores the tracker's URL). Null when
 * the mail carries no one-time code or no such link.
 */
export function mail(
  file: string,
  lang: Lang,
  cls: Cls,
  from: string,
  subject: string,
  look: Look,
  otp: string | null,
  link: string | null,
  more: More = {},
): Mail {
  return { file, lang, cls, from, subject, look, otp, link, ...more };
}

/** A reproducible token for a URL (base64url of a hash of `seed`), `n` characters long. */
export function tok(seed: string, n = 32): string {
  return createHash('sha256').update(`held-out-6|${seed}`).digest('base64url').slice(0, n);
}

/** A reproducible lowercase hex token. */
export function hex(seed: string, n = 24): string {
  return createHash('sha256').update(`held-out-6|hex|${seed}`).digest('hex').slice(0, n);
}
