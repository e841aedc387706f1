// One mail of the fourth held-out corpus in one call. The mail shape, its classes and its rendering are
// held-out-3's (scripts/held-out-3/types.ts, render.ts); only the mails are new. Nothing here looks at
// the extractor.
import type { Look } from '../held-out-3/render.js';
import type { Cls, Lang, Mail } from '../held-out-3/types.js';

/**
 * `otp` is what a careful human would type into the form that sent the mail, `link` what they would
 * click to finish what the mail asks; null when there is none (or it would be a guess). `more` carries
 * the charset, transfer encoding, header mode, parts and the reason (`why`) where the answer is not obvious.
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
  more: Partial<Pick<Mail, 'charset' | 'cte' | 'headerMode' | 'parts' | 'why'>> = {},
): Mail {
  return { file, lang, cls, from, subject, look, otp, link, ...more };
}
