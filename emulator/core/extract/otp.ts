/**
 * One-time-code detection.
 *
 * 1. Tokenise the (already cleaned, URL-masked) text into ASCII alphanumeric runs.
 * 2. Group runs into candidate shapes: plain numbers (4-8 digits), split numbers
 *    ("123 456", "123-456", "12 34 56"), letter-spaced digits ("4 8 2 9 1 3"),
 *    prefixed codes ("G-123456"), upper-case alphanumerics ("AB12CD", "ZXH-QCS").
 *    Runs that are part of larger numeric structures (dates, times, decimals,
 *    phone numbers, IBANs...) are poisoned and never become candidates.
 * 3. Mask dates, phone numbers, postcodes, prices with dedicated patterns.
 * 4. Veto the value right after a blocker word ("Order", "Invoice", "Tracking",
 *    "Account number", "Tel."...) and values followed by units or currencies.
 * 5. Score each surviving candidate by its distance to code keywords before and
 *    after it, plus bonuses for shape, visual emphasis and standing alone on a
 *    line. The best candidate above THRESHOLD wins (earliest on ties).
 */
import { scanVocabulary, type Blocker, type Keyword } from './keywords.js';

export interface OtpDoc {
  text: string;
  emphasis?: Array<[number, number]>;
}

export interface OtpResult {
  value: string;
  score: number;
}

type Kind =
  | 'num' // 482913
  | 'split' // 482 913, 482-913, 48 29 13
  | 'spaced' // 4 8 2 9 1 3
  | 'prefixed' // G-482913
  | 'alnum' // K7Q2PX
  | 'alnumPair' // A7F-3KQ
  | 'letters' // ZXHQCS (explicit code context only)
  | 'lettersPair' // ZXH-QCS
  | 'mixed'; // x7Yp2Q (lower/mixed case with digits; explicit code context only)

interface Token {
  s: string;
  start: number;
  end: number;
  digits: boolean;
  upper: boolean; // only [A-Z0-9], at least one letter
  hasDigit: boolean;
}

interface Candidate {
  value: string;
  start: number;
  end: number;
  kind: Kind;
}

const THRESHOLD = 3;
const BEFORE_WINDOW = 250;
const AFTER_WINDOW = 100;

// Patterns for numbers that look like codes but are not. All are bounded.
const BLOCK_PATTERNS: RegExp[] = [
  // dates
  /\b(?:19|20)\d{2}[-./]\d{1,2}[-./]\d{1,2}\b/g,
  /\b\d{1,2}[-./]\d{1,2}[-./](?:19|20)?\d{2}\b/g,
  // phone numbers
  /\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]\d{1,5}){1,6}/g,
  /\+\d{7,15}\b/g,
  /\(\d{2,5}\)[ .-]?\d{2,5}(?:[ .-]\d{2,5}){0,3}/g,
  /\b1[ .-]\d{3}[ .-]\d{3}[ .-]\d{4}\b/g,
  /\b\d{3}[.-]\d{3}[.-]\d{4}\b/g,
  // postcodes: UK, NL, US state + ZIP, "75008 Paris" style address lines
  /\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/g,
  /\b\d{4} [A-Z]{2}\b/g,
  /\b(?:A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY]),? \d{5}(?:-\d{4})?\b/g,
  /(?:^|, ?)(?:[A-Z]{1,2}-)?\d{4,5} [A-Z][a-zà-ÿ]+(?:[ -][A-Z][a-zà-ÿ]+)?(?=,|\n|$| Cedex| CEDEX)/gm,
  /(?:^|, ?)[A-Z][a-zà-ÿ]+(?:[ -][A-Z][a-zà-ÿ]+)?,? \d{4,5}(?=,|\n|$)/gm,
  // money
  /[$€£¥₹]\s?\d[\d.,']*/g,
  // (the look-behind makes each run of digits start at most one attempt: linear)
  /(?<![\d.,'])\d[\d.,']*\s?(?:[$€£¥₹%]|(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|BRL|MXN|SEK|NOK|DKK|PLN|INR)\b)/g,
  /\b(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|BRL|MXN|SEK|NOK|DKK|PLN|INR|R\$)\s?\d[\d.,']*/g,
];

const UNITS_AFTER = new Set([
  'eur', 'euro', 'euros', 'usd', 'gbp', 'chf', 'dollar', 'dollars', 'km', 'kg', 'mb', 'gb', 'kb', 'tb',
  'px', 'pts', 'points', 'punkte', 'miles', 'meilen', 'ft', 'cm', 'mm', 'am', 'pm', 'uhr', 'hrs', 'h',
  'sqft', 'ml', 'kwh', 'mah', 'rpm', 'st', 'street', 'avenue', 'ave', 'road', 'rd', 'blvd', 'boulevard',
  'parkway', 'pkwy', 'lane', 'ln', 'drive', 'way', 'place', 'square', 'strasse', 'straße', 'str',
  'rue', 'calle', 'rua', 'via', 'straat', 'users', 'members', 'customers', 'people', 'stars', 'reviews',
  'seconds', 'second', 'secs', 'sec', 'minutes', 'minute', 'mins', 'min', 'hours', 'hour', 'days', 'day',
  'sekunden', 'minuten', 'stunden', 'tage', 'tagen', 'secondes', 'heures', 'jours', 'segundos', 'minutos',
  'horas', 'días', 'dias', 'secondi', 'minuti', 'ore', 'giorni', 'seconden', 'uur', 'dagen', 'times',
  'attempts', 'characters', 'digits', 'views', 'followers', 'likes', 'items', 'orders', 'words', 'pages',
]);
const LETTER_STOP = new Set([
  'BELOW', 'ABOVE', 'HERE', 'THERE', 'VALID', 'INVALID', 'EXPIRED', 'REQUIRED', 'READY', 'SENT',
  'SHOWN', 'ATTACHED', 'FOLLOWING', 'UNTEN', 'OBEN', 'HIER', 'GILTIG', 'ABAJO', 'ABAIXO', 'SOTTO',
  'HIERONDER', 'ONDER', 'EXPIRES', 'ENTER', 'PLEASE', 'EMAIL', 'SECURITY', 'LOGIN', 'VERIFY', 'CODE',
  'TOKEN', 'PASSCODE', 'CONFIRM', 'ACCOUNT', 'IMPORTANT', 'NOTICE', 'WARNING', 'ACTIVE', 'REQUEST',
  'ACCESS', 'SIGNIN', 'RESET', 'CLICK', 'BUTTON', 'PASSWORD', 'ALERT', 'HELLO', 'THANKS',
]);
const CURRENCY_WORD_BEFORE = new Set(['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'BRL', 'MXN', 'INR', 'RS']);
const TIGHT_GAP_RE =
  /^[\s:=)\]>*"'«»„“”.\-–—]{0,6}(?:(?:is|are|was|ist|lautet|lauten|est|sont|es|son|é|è|è:|:)[\s:]{0,4})?$/i;

function isDigitCh(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** Splits `text` into maximal runs of ASCII letters and digits. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!isAlnumCode(c)) {
      i++;
      continue;
    }
    const start = i;
    let nDigits = 0;
    let nLower = 0;
    do {
      if (c <= 57) nDigits++;
      else if (c >= 97) nLower++;
      c = ++i < n ? text.charCodeAt(i) : 0;
    } while (i < n && isAlnumCode(c));
    const len = i - start;
    const digits = nDigits === len;
    out.push({ s: text.slice(start, i), start, end: i, digits, hasDigit: nDigits > 0, upper: !digits && nLower === 0 });
  }
  return out;
}

function isAlnumCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

const NO_TOKEN = -1;
const WIDE_GAP = -2;

/**
 * The separator between token i-1 and token i as a character code when it is a
 * single character; NO_TOKEN when i is the first token, WIDE_GAP otherwise.
 */
function sepCode(text: string, toks: Token[], i: number): number {
  if (i <= 0) return NO_TOKEN;
  const a = (toks[i - 1] as Token).end;
  return (toks[i] as Token).start - a === 1 ? text.charCodeAt(a) : WIDE_GAP;
}

const DASH = 45; // '-'
const SPACE = 32; // ' '
/** Single separators that glue a run to a neighbouring number: . , / : space - */
const GLUE = new Set([46, 44, 47, 58, 32, 45]);
/** Single separators before a prefix that make it part of something bigger: - . / : */
const PREFIX_GLUE = new Set([45, 46, 47, 58]);

/**
 * True when token i is glued by a single separator character to a neighbouring
 * token that carries digits, i.e. it is a fragment of a bigger number
 * (date, time, decimal, IP address, phone number, IBAN, "DE89 3704"...).
 */
function poisonedSide(text: string, toks: Token[], i: number, dir: -1 | 1): boolean {
  const j = i + dir;
  if (j < 0 || j >= toks.length) return false;
  const sep = dir === -1 ? sepCode(text, toks, i) : sepCode(text, toks, j);
  return GLUE.has(sep) && (toks[j] as Token).hasDigit;
}

function generateCandidates(text: string, toks: Token[]): Candidate[] {
  const out: Candidate[] = [];
  const n = toks.length;
  let i = 0;
  while (i < n) {
    const t = toks[i] as Token;
    if (!t.digits) {
      i++;
      continue;
    }
    // Maximal chain of digit runs joined by one and the same single ' ' or '-'.
    let j = i;
    let sep = NO_TOKEN;
    while (j + 1 < n && (toks[j + 1] as Token).digits) {
      const s = sepCode(text, toks, j + 1);
      if ((s !== SPACE && s !== DASH) || (sep !== NO_TOKEN && s !== sep)) break;
      sep = s;
      j++;
    }
    const chain = toks.slice(i, j + 1);
    // A chain glued to more digits ("2026-11-22", "12:30", "1.234,00", "123 456-7890") is no code.
    const poisoned = poisonedSide(text, toks, i, -1) || poisonedSide(text, toks, j, 1);
    if (!poisoned) {
      const lens = chain.map((c) => c.s.length);
      const total = lens.reduce((a, b) => a + b, 0);
      const start = t.start;
      const end = (toks[j] as Token).end;
      const value = chain.map((c) => c.s).join('');
      if (chain.length === 1 && total >= 4 && total <= 8) {
        out.push({ value, start, end, kind: 'num' });
        // Prefixed code: "G-123456".
        const p = i > 0 ? (toks[i - 1] as Token) : null;
        if (p && /^[A-Z]{1,3}$/.test(p.s) && sepCode(text, toks, i) === DASH) {
          if (!PREFIX_GLUE.has(sepCode(text, toks, i - 1))) {
            out.push({ value: `${p.s}-${t.s}`, start: p.start, end, kind: 'prefixed' });
          }
        }
      } else if (chain.length >= 2 && total >= 6 && total <= 8) {
        const ok =
          (chain.length === 2 && lens.every((l) => l === 3 || l === 4)) ||
          (chain.length >= 3 && lens.every((l) => l === 2));
        if (ok) out.push({ value, start, end, kind: 'split' });
      }
      if (chain.length >= 4 && chain.length <= 8 && lens.every((l) => l === 1) && sep === SPACE) {
        out.push({ value, start, end, kind: 'spaced' });
      }
    }
    i = j + 1;
  }

  // Upper-case alphanumeric codes, optionally in 2-3 dash-separated groups.
  i = 0;
  while (i < n) {
    const t = toks[i] as Token;
    if (!t.upper && !(t.digits && t.s.length <= 5)) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < n &&
      ((toks[j + 1] as Token).upper || ((toks[j + 1] as Token).digits && (toks[j + 1] as Token).s.length <= 5)) &&
      sepCode(text, toks, j + 1) === DASH
    ) j++;
    const chain = toks.slice(i, j + 1);
    const idxFirst = i;
    const idxLast = j;
    i = j + 1;
    if (!chain.some((c) => c.upper)) continue;
    const first = chain[0] as Token;
    const lastTok = chain[chain.length - 1] as Token;
    const poisoned = poisonedSide(text, toks, idxFirst, -1) || poisonedSide(text, toks, idxLast, 1) ||
      sepCode(text, toks, idxFirst) === DASH || (idxLast + 1 < n && sepCode(text, toks, idxLast + 1) === DASH);
    if (poisoned) continue;
    const hasDigit = chain.some((c) => c.hasDigit);
    if (chain.length === 1) {
      const s = first.s;
      if (hasDigit && s.length >= 4 && s.length <= 10) {
        // "SAVE20", "COVID19", "10OFF", "24HRS", "2FA": words glued to small numbers.
        if (/^[A-Z]{3,}\d{1,2}$/.test(s) || /^\d{1,3}[A-Z]{2,}$/.test(s) || /^[A-Z]\d{1,3}$/.test(s)) continue;
        out.push({ value: s, start: first.start, end: first.end, kind: 'alnum' });
      } else if (!hasDigit && s.length >= 5 && s.length <= 10 && !LETTER_STOP.has(s)) {
        out.push({ value: s, start: first.start, end: first.end, kind: 'letters' });
      }
    } else if (chain.length <= 3 && chain.every((c) => c.s.length >= 3 && c.s.length <= 5)) {
      if (chain.every((c) => LETTER_STOP.has(c.s))) continue;
      const value = chain.map((c) => c.s).join('-');
      out.push({ value, start: first.start, end: lastTok.end, kind: hasDigit ? 'alnumPair' : 'lettersPair' });
    }
  }

  // Mixed-case codes with digits ("x7Yp2Q"); only ever accepted right after a code word.
  for (let k = 0; k < n; k++) {
    const t = toks[k] as Token;
    if (t.digits || t.upper || !t.hasDigit || t.s.length < 5 || t.s.length > 12) continue;
    if (!/[a-z]/.test(t.s) || poisonedSide(text, toks, k, -1) || poisonedSide(text, toks, k, 1)) continue;
    if (sepCode(text, toks, k) === DASH || (k + 1 < n && sepCode(text, toks, k + 1) === DASH)) continue;
    out.push({ value: t.s, start: t.start, end: t.end, kind: 'mixed' });
  }
  return out;
}

function blockedMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length + 1);
  for (const re of BLOCK_PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      mask.fill(1, m.index, m.index + m[0].length);
    }
  }
  return mask;
}

function neighbourReject(text: string, c: Candidate): boolean {
  let p = c.start - 1;
  if (text[p] === ' ') p--;
  const before = text[p] ?? '';
  if ('#№$€£¥₹+'.includes(before) && before !== '') return true;
  // currency code right before: "EUR 1234"
  const wb = /([A-Za-z]{2,3})\s?$/.exec(text.slice(Math.max(0, c.start - 5), c.start));
  if (wb && CURRENCY_WORD_BEFORE.has((wb[1] as string).toUpperCase())) return true;
  let q = c.end;
  if (text[q] === ' ') q++;
  const after = text[q] ?? '';
  if (after !== '' && '%€$£¥₹°'.includes(after)) return true;
  if (after === '.' || after === ',') {
    if (isDigitCh(text[q + 1])) return true;
  }
  const wa = /^ ?([A-Za-zÀ-ÿ]+)/.exec(text.slice(c.end, c.end + 14));
  if (wa && UNITS_AFTER.has((wa[1] as string).toLowerCase())) return true;
  return false;
}

function lowerBound(arr: { start: number }[], pos: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((arr[mid] as { start: number }).start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const BLOCKER_REACH = 40;

/**
 * Each blocker ("Order", "Invoice", "Account", "Tel." ...) vetoes the first
 * code-like token that follows it within BLOCKER_REACH characters, unless a
 * code keyword sits in between ("Account verification code: 123456").
 * Returns the start offsets of vetoed tokens.
 */
function blockedTokens(text: string, toks: Token[], blockers: Blocker[], keywords: Keyword[]): Set<number> {
  const out = new Set<number>();
  for (const b of blockers) {
    for (let k = lowerBound(toks, b.end); k < toks.length; k++) {
      const t = toks[k] as Token;
      if (t.start - b.end > BLOCKER_REACH) break;
      if (!t.hasDigit && !(t.upper && t.s.length >= 4)) continue;
      let keywordBetween = false;
      for (let q = lowerBound(keywords, b.end); q < keywords.length; q++) {
        const kw = keywords[q] as Keyword;
        if (kw.end > t.start) break;
        if (kw.weight >= 2) keywordBetween = true;
      }
      const rawGap = text.slice(b.end, t.start);
      const gap = rawGap.replace(LEADING_LABEL_PUNCT_RE, '');
      const abbreviation = ABBREVIATIONS.has(text.slice(b.start, b.end).toLowerCase());
      const sentenceBreak = SENTENCE_BREAK_RE.test(abbreviation ? gap : rawGap);
      // Soft blockers (account, card, customer...) only label the value right after them.
      const labelOnly =
        !b.soft || (gap.length <= 24 && (gap.match(/\p{L}+/gu) ?? []).every((w) => LABEL_GAP_WORDS.has(w.toLowerCase())));
      if (!keywordBetween && !sentenceBreak && labelOnly) out.add(t.start);
      break;
    }
  }
  return out;
}

const ABBREVIATIONS = new Set(['no', 'nr', 'nro', 'num', 'ref', 'tel', 'apt', 'art', 'inv', 'acct', 'tlf', 'n°', 'nº']);
const LEADING_LABEL_PUNCT_RE = /^[\s.:#№°\-]+/;
const SENTENCE_BREAK_RE = /[.!?](?:\s|$)|\n\s*\n/;
const LABEL_GAP_WORDS = new Set([
  'number', 'no', 'nr', 'num', 'id', 'ref', 'ending', 'in', 'is', 'nummer', 'numéro', 'número', 'numero',
  'n', 'endet', 'auf', 'mit', 'se', 'termine', 'par', 'termina', 'en', 'em', 'con', 'eindigend', 'op',
]);

function proximity(distance: number, after: boolean): number {
  if (after) {
    if (distance <= 40) return 0.9;
    if (distance >= AFTER_WINDOW) return 0;
    return (0.9 * (AFTER_WINDOW - distance)) / (AFTER_WINDOW - 40);
  }
  if (distance <= 60) return 1;
  if (distance >= BEFORE_WINDOW) return 0;
  return 1 - (0.7 * (distance - 60)) / (BEFORE_WINDOW - 60);
}

const KIND_BONUS: Record<Kind, number> = {
  num: 0.5, split: 1, spaced: 0.5, prefixed: 1.5, alnum: 0.5, alnumPair: 1, letters: 0, lettersPair: 0, mixed: 0,
};

interface Context {
  score: number;
  /** Distance to the nearest supporting keyword. */
  distance: number;
  /** A code word ("code", "OTP", "PIN"...) directly precedes the candidate ("code: X", "code is X"). */
  tightStrong: boolean;
  /** ...and that code word is not written in capitals (so the line is not an all-caps heading). */
  tightLower: boolean;
  /** A lower-case code word precedes the candidate within NEAR_STRONG characters. */
  nearStrongLower: boolean;
}

const NEAR_STRONG = 150;

/**
 * Keyword support for a candidate: the best keyword before it and the best
 * after it (within their windows); the stronger side counts fully, the other
 * by half ("Use 738 291 to verify your account").
 */
function keywordContext(text: string, c: Candidate, keywords: Keyword[]): Context {
  const best: Context = { score: 0, distance: Infinity, tightStrong: false, tightLower: false, nearStrongLower: false };
  let bestBefore = 0;
  let bestAfter = 0;
  const k0 = lowerBound(keywords, c.start - BEFORE_WINDOW);
  for (let k = k0; k < keywords.length; k++) {
    const kw = keywords[k] as Keyword;
    if (kw.start > c.end + AFTER_WINDOW) break;
    let score = 0;
    let distance = 0;
    if (kw.end <= c.start) {
      distance = c.start - kw.end;
      score = kw.weight * proximity(distance, false);
      const tight = distance <= 24 && TIGHT_GAP_RE.test(text.slice(kw.end, c.start));
      if (tight && kw.strong) {
        best.tightStrong = true;
        if (kw.hasLower) best.tightLower = true;
      }
      if (kw.strong && kw.hasLower && distance <= NEAR_STRONG) best.nearStrongLower = true;
      if (tight) score += kw.strong ? 1.5 : 0.5;
    } else if (kw.start >= c.end) {
      distance = kw.start - c.end;
      score = kw.weight * proximity(distance, true);
      if (distance <= 12) score += 0.5;
      if (score > bestAfter) bestAfter = score;
    } else {
      continue;
    }
    if (kw.end <= c.start && score > bestBefore) bestBefore = score;
    if (score > 0 && distance < best.distance) best.distance = distance;
  }
  best.score = Math.max(bestBefore, bestAfter) + 0.5 * Math.min(bestBefore, bestAfter);
  return best;
}

/** Index of the first element of the sorted numeric array `arr` that is >= pos. */
function lowerBoundNum(arr: ArrayLike<number>, pos: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((arr[mid] as number) < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EMPHASIS_SLACK = 24;

/** `starts` is the sorted list of emphasis range starts, `ranges` the ranges in the same order. */
function emphasised(c: Candidate, starts: number[], ranges: Array<[number, number]>): boolean {
  const len = c.end - c.start;
  for (let k = lowerBoundNum(starts, c.end - len - EMPHASIS_SLACK); k < ranges.length; k++) {
    const [s, e] = ranges[k] as [number, number];
    if (s > c.start) break;
    if (e >= c.end && e - s <= len + EMPHASIS_SLACK) return true;
  }
  return false;
}

/** `newlines` holds the sorted offsets of every '\n' in `text`. */
function standalone(text: string, newlines: number[], c: Candidate): boolean {
  const k = lowerBoundNum(newlines, c.start);
  const ls = k > 0 ? (newlines[k - 1] as number) + 1 : 0;
  const le = k < newlines.length ? (newlines[k] as number) : text.length;
  if (le < c.end || le - ls > c.end - c.start + 4) return false;
  return text.slice(ls, c.start).trim().length <= 1 && text.slice(c.end, le).trim().length <= 1;
}

function promoNearby(c: Candidate, promos: number[]): boolean {
  const k = lowerBoundNum(promos, c.start - 60);
  const p = promos[k];
  return p !== undefined && p <= c.end + 60;
}

/** True when `text` contains a code keyword (used to lend the subject's context to the body). */
export function mentionsCode(text: string): boolean {
  return scanVocabulary(text).keywords.some((k) => k.weight >= 2);
}

/**
 * Characters of a text searched for a code. A one-time code sits near the top
 * of its message; the bound keeps the work per message small whatever its size.
 */
export const OTP_SCAN_CHARS = 20_000;
/** Candidates scored, in document order. */
export const MAX_OTP_CANDIDATES = 200;

/** The first OTP_SCAN_CHARS of `text`, cut at a line break (or else a space) when there is one. */
function scanWindow(text: string): string {
  if (text.length <= OTP_SCAN_CHARS) return text;
  const nl = text.lastIndexOf('\n', OTP_SCAN_CHARS);
  if (nl > OTP_SCAN_CHARS / 2) return text.slice(0, nl);
  const sp = text.lastIndexOf(' ', OTP_SCAN_CHARS);
  if (sp > OTP_SCAN_CHARS / 2) return text.slice(0, sp);
  return text.slice(0, OTP_SCAN_CHARS);
}

/** Finds the most plausible one-time code in `doc`, or null. */
export function findOtp(doc: OtpDoc, contextHint = false): OtpResult | null {
  if (!doc.text) return null;
  const text = scanWindow(doc.text);
  const toks = tokenize(text);
  // Stable sort: candidates that start at the same offset keep their generation order.
  const cands = generateCandidates(text, toks)
    .sort((a, b) => a.start - b.start)
    .slice(0, MAX_OTP_CANDIDATES);
  if (cands.length === 0) return null;
  const vocab = scanVocabulary(text);
  const vetoed = blockedTokens(text, toks, vocab.blockers, vocab.keywords);
  const ranges = [...(doc.emphasis ?? [])].sort((a, b) => a[0] - b[0]);
  const starts = ranges.map((r) => r[0]);
  const newlines: number[] = [];
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) newlines.push(p);
  // Candidates passing every test but the pattern mask, which is only computed when there are any.
  const passed: Array<{ c: Candidate; score: number }> = [];

  for (const c of cands) {
    let blocked = false;
    if (vetoed.size > 0) {
      for (let k = lowerBound(toks, c.start); k < toks.length && (toks[k] as Token).start < c.end; k++) {
        if (vetoed.has((toks[k] as Token).start)) {
          blocked = true;
          break;
        }
      }
    }
    if (blocked || neighbourReject(text, c)) continue;
    const ctx = keywordContext(text, c, vocab.keywords);
    const emph = emphasised(c, starts, ranges);
    const alone = standalone(text, newlines, c);
    let kwScore = ctx.score;
    if (kwScore < 2 && contextHint && (emph || alone)) kwScore = 2;
    if (kwScore <= 0) continue;

    const digitsOnly = c.kind === 'num';
    if (digitsOnly && c.value.length === 4 && /^(?:19|20)\d\d$/.test(c.value) && !ctx.tightStrong) continue;
    if (digitsOnly && c.value.length <= 5 && ctx.distance > 100 && !emph && !alone) continue;
    const explicit = ctx.tightStrong && ctx.tightLower;
    if ((c.kind === 'letters' || c.kind === 'mixed') && !explicit) continue;
    // "Your confirmation code is below:\n\nZXH-QCS" counts as an explicit code context too.
    if (c.kind === 'lettersPair' && !explicit && !(ctx.nearStrongLower && (emph || alone))) continue;
    const alnum = c.kind !== 'num' && c.kind !== 'split' && c.kind !== 'spaced' && c.kind !== 'prefixed';
    if (promoNearby(c, vocab.promos) || (alnum && promoNearby(c, vocab.shops))) continue;
    if (c.kind === 'spaced' && !(ctx.distance <= 80 || emph)) continue;

    const score = kwScore + KIND_BONUS[c.kind] + (emph ? 1.5 : 0) + (alone ? 1 : 0);
    if (score >= THRESHOLD) passed.push({ c, score });
  }
  if (passed.length === 0) return null;

  const mask = blockedMask(text);
  let best: OtpResult | null = null;
  let bestStart = Infinity;
  for (const { c, score } of passed) {
    if (mask.subarray(c.start, c.end).includes(1)) continue;
    if (best === null || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && c.start < bestStart)) {
      best = { value: c.value, score };
      bestStart = c.start;
    }
  }
  return best;
}
