// Issue 29's training corpus (test/fixtures/mail/tuned-2/): the definitions' shapes. Each language gives
// the phrases its senders use (langs-*.ts, written by hand); make.ts composes them into mails of every
// class and encodes them as senders in that language do. Expected values are the literal codes and URLs
// written in the definitions, never computed by the extractor.

export type Lang =
  | 'en'
  | 'de'
  | 'fr'
  | 'es'
  | 'pt'
  | 'it'
  | 'nl'
  | 'pl'
  | 'tr'
  | 'ru'
  | 'uk'
  | 'ar'
  | 'he'
  | 'hi'
  | 'vi'
  | 'th'
  | 'id'
  | 'ja'
  | 'ko'
  | 'zh-Hans'
  | 'zh-Hant';

export type Cls =
  | 'otp-native-cue'
  | 'otp-distractors'
  | 'non-otp-code'
  | 'numbers-no-code'
  | 'link-native-cue'
  | 'link-invite'
  | 'link-approve'
  | 'link-cue-after-url'
  | 'link-tracked-activate'
  | 'link-idp-default'
  | 'link-forgot-footer'
  | 'sign-in-alert';

/** A button or link: its label and where it goes. */
export interface Btn {
  label: string;
  url: string;
}

/** One language's phrases. Every string is written as a sender in that language writes it. */
export interface LangDef {
  lang: Lang;
  /** [legacy charset senders still use, second choice]; utf-8 where there is no legacy one in use. */
  charsets: [string, string];
  brand: string;
  dom: string;
  hi: string;
  bye: string;
  /** otp-native-cue: the code's only cue is a word of this language (no English "code", no "OTP"). */
  otp: { subj: string; intro: string; code: string; after: string };
  /** otp-distractors: a code beside numbers that are not codes (card or account ending, amounts, phone, address, licence). */
  dist: { subj: string; lines: string[]; code: string; footer: string[] };
  /** non-otp-code: a code that is no one-time code (meeting passcode, booking PIN, gift card, newsletter example). */
  nonOtp: { subj: string; lines: string[] };
  /** numbers-no-code: a receipt or shipping notice full of numbers, postal code with its mark, street number, licence. */
  receipt: { subj: string; lines: string[] };
  /** link-native-cue: verify the address, the cue only in this language. */
  verify: { subj: string; intro: string; btn: Btn; after: string };
  invite: { subj: string; intro: string; accept: Btn; decline: Btn };
  approve: { subj: string; intro: string; yes: Btn; no: Btn };
  /** link-cue-after-url: the sentence before the URL names no action; the one after it does ("the link above"). */
  cueAfter: { subj: string; before: string; url: string; after: string };
  /** link-tracked-activate: every link through a click tracker. */
  tracked: { subj: string; intro: string; btn: Btn; others: Btn[] };
  /** link-forgot-footer: a mail about something else with a generic "forgot password?" footer link. */
  forgot: { subj: string; lines: string[]; footer: string; link: Btn; action: Btn | null };
  /** sign-in-alert: only an "if this was not you" link. */
  alert: { subj: string; lines: string[]; notYou: string; secure: Btn };
}

/** Keycloak's stock mails (themes/base/email/messages) for the languages it ships. */
export interface IdpDef {
  lang: Lang;
  charset: string;
  kind: 'verify' | 'reset' | 'update';
  subj: string;
  text: string;
  /** The HTML body's anchor text. */
  label: string;
  url: string;
}
