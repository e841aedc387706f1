import type { Cte, Template } from './mime.js';

export const LANGS = [
  'en',
  'de',
  'fr',
  'es',
  'pt',
  'it',
  'nl',
  'pl',
  'tr',
  'ru',
  'uk',
  'ar',
  'he',
  'hi',
  'vi',
  'th',
  'id',
  'ja',
  'ko',
  'zh-Hans',
  'zh-Hant',
] as const;
export type Lang = (typeof LANGS)[number];

/** The classes of issue 29 (docs/extract.md lists them with what each holds). */
export const CLASSES = {
  'otp-native-cue': 'a code whose only cue is a word in the mail’s own language (no English “code”)',
  'otp-distractors':
    'a code beside numbers that are not it: account or card endings, amounts, order and licence numbers, addresses, phone numbers, reference codes',
  'non-otp-code':
    'a code that is not a one-time code: meeting passcode, booking PIN, gift-card or coupon code, locker pick-up code, an example quoted in a newsletter (expected null)',
  'numbers-no-code': 'receipts, invoices and shipping notices full of numbers (order, tax, licence, postal, street), no code and no action',
  'link-native-cue': 'a verification, activation or reset link whose only cue is in the mail’s own language',
  'link-invite': 'an invitation whose action is “accept”',
  'link-approve': 'a device or sign-in approval (“Yes, it was me”) beside a “No, secure my account” link',
  'link-cue-after-url': 'a bare URL whose cue follows it (“open the link above to …”)',
  'link-tracked-activate': 'an “Activate” button behind a click-tracking redirect, every other link tracked too',
  'link-idp-default': 'the default verify / reset / update-account mails of an open-source identity server (Keycloak wording)',
  'link-forgot-footer': 'a generic “forgot password?” footer link in a mail whose action is something else (expected: the real action, or null)',
  'sign-in-alert': 'a sign-in or account-change notice whose only link is “if this was not you” (expected null)',
  both: 'a code and a link in one mail',
} as const;
export type Cls = keyof typeof CLASSES;

export interface Mail {
  file: string;
  lang: Lang;
  cls: Cls;
  from: string;
  to?: string;
  subject: string;
  /** Charset of the body parts and of the encoded headers (default utf-8). */
  charset?: string;
  /** Transfer encoding of the text part (default quoted-printable) and of the HTML part (default: the text part's). */
  cte?: Cte;
  htmlCte?: Cte;
  headerMode?: 'B' | 'Q';
  /** 'alt' (multipart/alternative, text then HTML; the default), 'html' only or 'text' only. */
  parts?: 'alt' | 'html' | 'text';
  t?: Template;
  /** Raw bodies, used instead of the template's rendering. */
  text?: string;
  html?: string;
  extraHeaders?: string[];
  /** What a careful human would type / click; null when there is none or it is ambiguous. */
  otp: string | null;
  link: string | null;
  /** Why the expectation is what it is, where it is not obvious. */
  why?: string;
}
