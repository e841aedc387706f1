/**
 * One-time-code and verification-link extraction for ingested messages.
 *
 * Pure and synchronous: it receives already-decoded strings (subject, text
 * part, HTML part) and never performs I/O. It runs on the ingest path, so its
 * work is bounded whatever the message (docs/extract.md): the subject is capped
 * at MAX_SUBJECT_CHARS and each part at MAX_PART_CHARS; a code is only searched
 * for in the first OTP_SCAN_CHARS of a text (the first MAX_OTP_CANDIDATES
 * candidates are scored) and the first MAX_LINKS links of a part are scored.
 * Every scan is linear in the input size.
 *
 * Policy:
 * - The text part is preferred; the HTML part is only consulted when the text
 *   part yields nothing (for the code and for the link independently).
 * - The subject is searched for a code too ("Your code is 123456"); the best
 *   scoring candidate of subject and body wins. A code keyword in the subject
 *   also lends context to a code that stands alone (or in bold) in the body.
 */
import { htmlToDoc, type HtmlDoc } from './html.js';
import { MAX_LINKS, pickLink, textLinks, type LinkCandidate } from './links.js';
import { scanVocabulary } from './keywords.js';
import { findOtp, mentionsCode, scanWindow, type OtpResult } from './otp.js';
import { cap, cleanInline, maskUrlsAndEmails, normalizePlain } from './text.js';

export interface ExtractInput {
  subject?: string;
  text?: string | null;
  html?: string | null;
}

export interface Extraction {
  otp: string | null;
  verificationLink: string | null;
}

export { MAX_PART_CHARS } from './text.js';
export { MAX_OTP_CANDIDATES, OTP_SCAN_CHARS } from './otp.js';
export { MAX_LINKS } from './links.js';

/** Characters of the subject that are read (a subject is a line, not a body). */
export const MAX_SUBJECT_CHARS = 2_000;

interface Prepared {
  subject: string;
  text: string;
  html: string;
  htmlDoc: HtmlDoc | null;
}

function prepare(input: ExtractInput): Prepared {
  const rawSubject = input.subject ?? '';
  const subject = cleanInline(rawSubject.length > MAX_SUBJECT_CHARS ? rawSubject.slice(0, MAX_SUBJECT_CHARS) : rawSubject)
    .replace(/\n/g, ' ')
    .trim();
  const text = normalizePlain(cap(input.text));
  const html = cap(input.html);
  return { subject, text, html, htmlDoc: null };
}

function htmlDocOf(p: Prepared): HtmlDoc | null {
  if (!p.html) return null;
  if (!p.htmlDoc) p.htmlDoc = htmlToDoc(p.html);
  return p.htmlDoc;
}

function otpOf(p: Prepared): string | null {
  let subjectHint = false;
  let fromSubject: OtpResult | null = null;
  if (p.subject) {
    const vocab = scanVocabulary(p.subject);
    subjectHint = mentionsCode(vocab);
    const masked = maskUrlsAndEmails(p.subject);
    fromSubject = findOtp({ text: masked }, false, masked === p.subject ? vocab : undefined);
  }
  let fromBody: OtpResult | null = null;
  // findOtp only reads the start of a text: mask no more than that.
  if (p.text) fromBody = findOtp({ text: maskUrlsAndEmails(scanWindow(p.text)) }, subjectHint);
  if (!fromBody) {
    const doc = htmlDocOf(p);
    if (doc) fromBody = findOtp(doc, subjectHint);
  }
  if (fromSubject && (!fromBody || fromSubject.score > fromBody.score)) return fromSubject.value;
  return fromBody ? fromBody.value : null;
}

function linkOf(p: Prepared): string | null {
  if (p.text) {
    const link = pickLink(textLinks(p.text));
    if (link) return link;
  }
  const doc = htmlDocOf(p);
  if (!doc) return null;
  const cands: LinkCandidate[] = doc.anchors.slice(0, MAX_LINKS).map((a) => ({ url: a.href, label: a.label }));
  return pickLink(cands);
}

/** Extracts both the one-time code and the verification link. */
export function extract(input: ExtractInput): Extraction {
  const p = prepare(input);
  return { otp: otpOf(p), verificationLink: linkOf(p) };
}

/** The one-time code (normalised: split numeric codes are joined), or null. */
export function extractOtp(input: ExtractInput): string | null {
  return otpOf(prepare(input));
}

/** The URL to click to verify / confirm / sign in / reset a password, or null. */
export function extractVerificationLink(input: ExtractInput): string | null {
  return linkOf(prepare(input));
}
