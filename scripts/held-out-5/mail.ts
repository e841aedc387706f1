// One mail of the fifth held-out corpus. The mail shape, the classes and the rendering are held-out-3's
// (scripts/held-out-3/types.ts, render.ts); the mails are new. Nothing here looks at the extractor.
import type { Look } from '../held-out-3/render.js';
import type { Cls, Lang, Mail } from '../held-out-3/types.js';

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
