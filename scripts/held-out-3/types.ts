import type { Cte } from '../held-out-2/mime.js';
import { LANGS, type Lang } from '../held-out-2/types.js';
import type { Look } from './render.js';

export { LANGS, type Lang };

/** The classes of the third held-out corpus (docs/extract.md lists them with what each holds). */
export const CLASSES = {
  'otp-service': 'a code from a web service or app: sign-up, sign-in, two-step, email change',
  'otp-bank': 'a bank, card or wallet code, beside amounts, merchants, dates and account details',
  'otp-subject': 'a code written in the subject only (the body refers to it or says nothing of it)',
  'otp-separated': 'a code written in groups: 123-456, "123 456", "12 34 56"',
  'otp-alnum': 'a code of letters and digits, with or without a dash',
  'otp-masked': 'a code beside masked digits (*4821, ••••4821, XXXX-1234, a masked phone number)',
  'otp-distractors': 'a code beside numbers that are not codes: order and tracking numbers, dates, years, phone numbers, postal codes (〒 too)',
  'non-otp-code': 'a code that is not a one-time code: coupon, gift card, meeting passcode, booking reference, pick-up code (expected null)',
  'numbers-no-code': 'receipts, invoices, statements and shipping notices full of numbers, masked digits and postal codes (expected null)',
  notice: 'a mail with no code and no action to finish: newsletters, welcome mails, password-changed and sign-in notices (expected null)',
  'link-verify': 'a link to verify an address or activate an account',
  'link-reset': 'a password reset link',
  'link-magic': 'a one-time sign-in (magic) link',
  'link-invite': 'an invitation whose action is "accept"',
  'link-approve': 'a sign-in or device approval ("Yes, it was me")',
  both: 'a code and a link for the same action in one mail',
} as const;
export type Cls = keyof typeof CLASSES;

export interface Mail {
  file: string;
  lang: Lang;
  cls: Cls;
  from: string;
  subject: string;
  /** Charset of the parts and of the encoded headers (default utf-8). */
  charset?: string;
  cte?: Cte;
  headerMode?: 'B' | 'Q';
  /** 'alt' (text then HTML; the default), 'html' only or 'text' only. The 'plain' style is always text only. */
  parts?: 'alt' | 'html' | 'text';
  look: Look;
  /** What a careful human would type / click; null when there is none or it is ambiguous. */
  otp: string | null;
  /** Written as the target; the corpus stores the tracker's URL when the look is tracked. */
  link: string | null;
  why?: string;
}

/**
 * One mail in one call (the later corpora write theirs so). `otp`: what a person would type into the
 * form that sent the mail; `link`: what they would click to finish what it asks (written as the target; a
 * tracked look stores the tracker's URL); null when there is none. `more`: charset, transfer encoding,
 * header mode, parts, and why the answer is what it is where that is not obvious.
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
