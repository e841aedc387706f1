/**
 * Code candidates: the (already cleaned, URL-masked) text is split into ASCII
 * alphanumeric runs, which are grouped into candidate shapes: plain numbers
 * (4-8 digits), split numbers ("123 456", "123-456", "12 34 56"), letter-spaced
 * digits ("4 8 2 9 1 3"), prefixed codes ("G-123456"), upper-case alphanumerics
 * ("AB12CD", "ZXH-QCS"). Runs that are part of larger numeric structures (dates,
 * times, decimals, phone numbers, IBANs...) are poisoned and never become
 * candidates.
 */

export type Kind =
  | 'num' // 482913
  | 'split' // 482 913, 482-913, 48 29 13
  | 'spaced' // 4 8 2 9 1 3
  | 'prefixed' // G-482913
  | 'alnum' // K7Q2PX
  | 'alnumPair' // A7F-3KQ
  | 'letters' // ZXHQCS (explicit code context only)
  | 'lettersPair' // ZXH-QCS
  | 'mixed'; // x7Yp2Q (lower/mixed case with digits; explicit code context only)

/**
 * A run of ASCII letters and digits: text.slice(start, end), cut only where a rule reads it (most runs are words that
 * no rule here reads by their letters).
 */
export interface Token {
  start: number;
  end: number;
  digits: boolean;
  upper: boolean; // only [A-Z0-9], at least one letter
  hasDigit: boolean;
}

export interface Candidate {
  value: string;
  start: number;
  end: number;
  kind: Kind;
}

const LETTER_STOP = new Set([
  'BELOW',
  'ABOVE',
  'HERE',
  'THERE',
  'VALID',
  'INVALID',
  'EXPIRED',
  'REQUIRED',
  'READY',
  'SENT',
  'SHOWN',
  'ATTACHED',
  'FOLLOWING',
  'UNTEN',
  'OBEN',
  'HIER',
  'GILTIG',
  'ABAJO',
  'ABAIXO',
  'SOTTO',
  'HIERONDER',
  'ONDER',
  'EXPIRES',
  'ENTER',
  'PLEASE',
  'EMAIL',
  'SECURITY',
  'LOGIN',
  'VERIFY',
  'CODE',
  'TOKEN',
  'PASSCODE',
  'CONFIRM',
  'ACCOUNT',
  'IMPORTANT',
  'NOTICE',
  'WARNING',
  'ACTIVE',
  'REQUEST',
  'ACCESS',
  'SIGNIN',
  'RESET',
  'CLICK',
  'BUTTON',
  'PASSWORD',
  'ALERT',
  'HELLO',
  'THANKS',
]);
/** Splits `text` into maximal runs of ASCII letters and digits. */
export function tokenize(text: string): Token[] {
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
    out.push({ start, end: i, digits, hasDigit: nDigits > 0, upper: !digits && nLower === 0 });
  }
  return out;
}

function isAlnumCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

const NO_TOKEN = -1;
/** The letters of a prefixed code ("G-123456"). */
const PREFIX_RE = /^[A-Z]{1,3}$/;
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
/** (the sixteenth round) Blanks with at most one line break between two single digits ("4 8\n2 0 5 7", "4 8 \r\n2"). */
const DIGIT_GAP_RE = /^[ \t]*\r?\n?[ \t]*$/;
function singleDigitGap(text: string, toks: Token[], i: number): boolean {
  const a = toks[i - 1] as Token;
  const b = toks[i] as Token;
  return a.end - a.start === 1 && b.end - b.start === 1 && b.start - a.end <= 4 && DIGIT_GAP_RE.test(text.slice(a.end, b.start));
}

/** (the twenty-first round) Words in parentheses right after a run of digits, its digits spelled ("(cinco, zero, nove, três)"). */
const SPELLED_AFTER_RE = /^[ \t]*[(（](\p{L}+(?:(?:[,、，][ \t]*|[ \t]+)\p{L}+){3,7})[)）]/u;
/** One word for each digit: "5 - 0 - 9 - 3 (cinco, zero, nove, três)", never "1-2-3-4 (read the guide first)". */
function spelledAfter(text: string, end: number, digits: number): boolean {
  const m = SPELLED_AFTER_RE.exec(text.slice(end, end + 80));
  return m !== null && (m[1] as string).split(/[,、，]?[ \t]+|[,、，]/u).length === digits;
}
/** (the eighteenth round) " - " between two digit runs: a separator of its own (SPACED_DASH), never glued to a single one. */
const SPACED_DASH = -45;
function spacedDash(text: string, toks: Token[], i: number): boolean {
  const a = (toks[i - 1] as Token).end;
  return (toks[i] as Token).start - a === 3 && text.charCodeAt(a) === SPACE && text.charCodeAt(a + 1) === DASH && text.charCodeAt(a + 2) === SPACE;
}
/** Only blanks between the span and the line's ends. */
function aloneOnLine(text: string, start: number, end: number): boolean {
  let a = start;
  while (a > 0 && (text.charCodeAt(a - 1) === SPACE || text.charCodeAt(a - 1) === 9)) a--;
  let b = end;
  while (b < text.length && (text.charCodeAt(b) === SPACE || text.charCodeAt(b) === 9 || text.charCodeAt(b) === 13)) b++;
  return (a === 0 || text.charCodeAt(a - 1) === 10) && (b === text.length || text.charCodeAt(b) === 10);
}

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
  return GLUE.has(sep) && (toks[j] as Token).hasDigit && !(sep === COMMA && dir === 1 && cjkClauseComma(text, toks[i] as Token));
}

const COMMA = 44;
const CJK_AFTER_RE = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
/**
 * (the twenty-second round) A Chinese, Japanese or Korean sentence written with an ASCII comma: "动态密码:572918,5分钟内有效" (the
 * code, then "valid for 5 minutes"). Four or more digits before the comma are no thousands group, and a number of one to three digits
 * after it followed by a CJK character starts the next clause: the comma ends the code. A decimal ("4812,40 руб.", "1234,5 €") is
 * followed by no CJK character and stays one number.
 */
function cjkClauseComma(text: string, t: Token): boolean {
  return t.digits && t.end - t.start >= 4 && text.charCodeAt(t.end) === COMMA && cjkClauseCommaAt(text, t.end);
}
/** One to three digits after the comma at `comma`, then a CJK character: the comma starts the next clause (also vetoes.ts: no decimal part). */
export function cjkClauseCommaAt(text: string, comma: number): boolean {
  let p = comma + 1;
  while (p < text.length && p - comma <= 4 && text.charCodeAt(p) >= 48 && text.charCodeAt(p) <= 57) p++;
  return p - comma >= 2 && p - comma <= 4 && CJK_AFTER_RE.test(text.slice(p, p + 1));
}

/**
 * (the twentieth round) Pairs of capitals and digits joined by single spaces, alone on their line ("K8 2M 4Q", "7A K2 9Q X3"): a code
 * printed for reading aloud or copying from a letter; the value is the pairs joined ("K82M4Q"). Read from the first pair, one with a
 * capital letter; returns the index of the token to read on from.
 */
function spacedPairs(text: string, toks: Token[], k: number, out: Candidate[]): number {
  const t = toks[k] as Token;
  if (k > 0 && text[t.start - 1] !== ' ' && text[t.start - 1] !== '\n') return k + 1;
  let j = k;
  while (j + 1 < toks.length && j - k < 3 && sepCode(text, toks, j + 1) === SPACE) {
    const u = toks[j + 1] as Token;
    if (u.end - u.start !== 2 || (!u.upper && !u.digits)) break;
    j++;
  }
  if (j - k < 2) return k + 1;
  const pairs = toks.slice(k, j + 1);
  if (pairs.filter((p) => p.hasDigit && !p.digits).length < 2 || !aloneOnLine(text, t.start, (toks[j] as Token).end)) return k + 1;
  out.push({ value: pairs.map((p) => text.slice(p.start, p.end)).join(''), start: t.start, end: (toks[j] as Token).end, kind: 'alnum' });
  return j + 1;
}

export function generateCandidates(text: string, toks: Token[]): Candidate[] {
  const out: Candidate[] = [];
  const textOf = (t: Token): string => text.slice(t.start, t.end);
  const n = toks.length;
  let i = 0;
  // (the eighteenth round) Set when a " - " chain gave no candidate: its first run is then read again without " - " joins.
  let plainOnly = false;
  while (i < n) {
    const t = toks[i] as Token;
    if (!t.digits) {
      i++;
      continue;
    }
    // Maximal chain of digit runs joined by one and the same single ' ' or '-'.
    const found = out.length;
    let j = i;
    let sep = NO_TOKEN;
    while (j + 1 < n && (toks[j + 1] as Token).digits) {
      let s = sepCode(text, toks, j + 1);
      // (the sixteenth round) Digits spaced one by one run on across a line break ("4 8\n2 0 5 7"): the whole run or nothing.
      if (s !== SPACE && s !== DASH && sep !== DASH && t.end - t.start === 1 && singleDigitGap(text, toks, j + 1)) s = SPACE;
      // (the eighteenth round) Groups joined by a dash between spaces ("41 - 07 - 93", "381 - 740"), as a TV or a box shows a pairing code.
      if (s === WIDE_GAP && !plainOnly && spacedDash(text, toks, j + 1)) s = SPACED_DASH;
      if ((s !== SPACE && s !== DASH && s !== SPACED_DASH) || (sep !== NO_TOKEN && s !== sep)) break;
      sep = s;
      j++;
    }
    // A chain glued to more digits ("2026-11-22", "12:30", "1.234,00", "123 456-7890") is no code.
    const poisoned = poisonedSide(text, toks, i, -1) || poisonedSide(text, toks, j, 1);
    if (!poisoned && j === i) {
      // A number alone (most chains: no copy of the chain is made for it).
      if (t.end - t.start >= 4 && t.end - t.start <= 8) {
        const value = textOf(t);
        out.push({ value, start: t.start, end: t.end, kind: 'num' });
        // Prefixed code: "G-123456".
        const p = i > 0 ? (toks[i - 1] as Token) : null;
        if (p && sepCode(text, toks, i) === DASH && PREFIX_RE.test(textOf(p))) {
          if (!PREFIX_GLUE.has(sepCode(text, toks, i - 1))) {
            out.push({ value: `${textOf(p)}-${value}`, start: p.start, end: t.end, kind: 'prefixed' });
          }
        }
      }
    } else if (!poisoned) {
      const chain = toks.slice(i, j + 1);
      const lens = chain.map((c) => c.end - c.start);
      const total = lens.reduce((a, b) => a + b, 0);
      const start = t.start;
      const end = (toks[j] as Token).end;
      const value = chain.map(textOf).join('');
      if (total >= 6 && total <= 8) {
        // (the sixteenth round) "2247 91", "7194 02": two groups of four and two (read as a code only beside its code word, otp.ts).
        const ok =
          (chain.length === 2 && lens.every((l) => l === 3 || l === 4)) ||
          (chain.length >= 3 && lens.every((l) => l === 2)) ||
          (chain.length === 2 && total === 6 && (lens[0] === 4 || lens[0] === 2) && sep === SPACE);
        // (the eighteenth round) A bank's eight digits in groups of three, three and two ("806 442 19"); groups joined by " - " only
        // as three and three or three twos, alone on their line ("41 - 07 - 93").
        const spacedDashOk = sep !== SPACED_DASH || (total === 6 && lens.every((l) => l === lens[0]) && aloneOnLine(text, start, end));
        const eightOk = chain.length === 3 && sep === SPACE && lens[0] === 3 && lens[1] === 3 && lens[2] === 2;
        if ((ok || eightOk) && spacedDashOk) out.push({ value, start, end, kind: 'split' });
      }
      if (chain.length >= 4 && chain.length <= 8 && lens.every((l) => l === 1) && sep === SPACE) {
        out.push({ value, start, end, kind: 'spaced' });
      } else if (chain.length >= 6 && chain.length <= 8 && sep === DASH && lens.every((l) => l === 1)) {
        // (the twentieth round) Six to eight digits joined one by one by dashes ("Clave: 7-4-0-2-9-1"): a code read out digit by digit.
        out.push({ value, start, end, kind: 'spaced' });
      } else if (chain.length >= 4 && chain.length <= 8 && sep !== SPACE && lens.every((l) => l === 1) && spelledAfter(text, end, chain.length)) {
        // (the twenty-first round) Digits joined one by one by dashes and spelled in words after them ("5 - 0 - 9 - 3 (cinco, zero,
        // nove, três)", "7-2-0-4 (seven, two, zero, four)"): a code read out digit by digit, however few.
        out.push({ value, start, end, kind: 'spaced' });
      }
    }
    if (sep === SPACED_DASH && out.length === found) {
      plainOnly = true;
      continue;
    }
    plainOnly = false;
    i = j + 1;
  }

  const letterAndDigit = (c: Token): boolean => c.hasDigit && !c.digits;
  // Upper-case alphanumeric codes, optionally in 2-3 dash-separated groups.
  i = 0;
  while (i < n) {
    const t = toks[i] as Token;
    if (!t.upper && !(t.digits && t.end - t.start <= 5)) {
      i++;
      continue;
    }
    let j = i;
    let upper = t.upper;
    while (
      j + 1 < n &&
      ((toks[j + 1] as Token).upper || ((toks[j + 1] as Token).digits && (toks[j + 1] as Token).end - (toks[j + 1] as Token).start <= 5)) &&
      sepCode(text, toks, j + 1) === DASH
    ) {
      j++;
      upper ||= (toks[j] as Token).upper;
    }
    const idxFirst = i;
    const idxLast = j;
    i = j + 1;
    // (numbers alone are the loop above's: no copy of the chain is made for them)
    if (!upper) continue;
    // (the twentieth round) "K8 2M 4Q": pairs joined by spaces, read before the spaces make the first pair a fragment.
    if (idxFirst === idxLast && t.end - t.start === 2 && t.hasDigit && idxFirst + 2 < n && sepCode(text, toks, idxFirst + 1) === SPACE) {
      const next = spacedPairs(text, toks, idxFirst, out);
      if (next > idxFirst + 1) {
        i = next;
        continue;
      }
    }
    const chain = toks.slice(idxFirst, idxLast + 1);
    const first = chain[0] as Token;
    const lastTok = chain[chain.length - 1] as Token;
    const poisoned =
      poisonedSide(text, toks, idxFirst, -1) ||
      poisonedSide(text, toks, idxLast, 1) ||
      sepCode(text, toks, idxFirst) === DASH ||
      (idxLast + 1 < n && sepCode(text, toks, idxLast + 1) === DASH);
    if (poisoned) continue;
    const hasDigit = chain.some((c) => c.hasDigit);
    if (chain.length === 1) {
      const s = textOf(first);
      if (hasDigit && s.length >= 4 && s.length <= 10) {
        // "SAVE20", "COVID19", "10OFF", "24HRS", "2FA": words glued to small numbers.
        if (/^[A-Z]{3,}\d{1,2}$/.test(s) || /^\d{1,3}[A-Z]{2,}$/.test(s) || /^[A-Z]\d{1,3}$/.test(s)) continue;
        out.push({ value: s, start: first.start, end: first.end, kind: 'alnum' });
      } else if (!hasDigit && s.length >= 5 && s.length <= 10 && !LETTER_STOP.has(s)) {
        out.push({ value: s, start: first.start, end: first.end, kind: 'letters' });
      }
    } else if (chain.length <= 3 && chain.every((c) => c.end - c.start >= 3 && c.end - c.start <= 5)) {
      const parts = chain.map(textOf);
      if (parts.every((p) => LETTER_STOP.has(p))) continue;
      const value = parts.join('-');
      out.push({ value, start: first.start, end: lastTok.end, kind: hasDigit ? 'alnumPair' : 'lettersPair' });
    } else if (
      chain.length === 2 &&
      chain.every((c) => c.end - c.start >= 2 && c.end - c.start <= 5 && c.hasDigit) &&
      chain.some(letterAndDigit) &&
      first.end - first.start + lastTok.end - lastTok.start >= 6
    ) {
      // (the sixteenth round) Two groups of letters and digits of uneven length: "K7-29QX", "4F-K82Q" (read as a code only right after
      // a lower-case code word, or near one and alone on its line, otp.ts).
      out.push({ value: chain.map(textOf).join('-'), start: first.start, end: lastTok.end, kind: 'alnumPair' });
    } else if (
      chain.length === 2 &&
      !first.hasDigit &&
      first.end - first.start === 2 &&
      letterAndDigit(lastTok) &&
      lastTok.end - lastTok.start >= 4 &&
      lastTok.end - lastTok.start <= 6
    ) {
      // (the twenty-second round) A prefix of two capitals and a group of letters and digits: "HT-4K9M", "AB-7Q2KX" (a member's or a
      // portal's one-time code; read only where the mail asks to enter it, otp.ts).
      out.push({ value: chain.map(textOf).join('-'), start: first.start, end: lastTok.end, kind: 'alnumPair' });
    } else if (chain.length >= 3 && chain.length <= 4 && chain.every((c) => c.end - c.start === 2) && chain.filter(letterAndDigit).length >= 2) {
      // (the eighth round) Pairs of a letter and a digit: "D4-9K-2P", "A7-K2-9Q-X3" (an account-deletion or recovery code).
      const value = chain.map(textOf).join('-');
      out.push({ value, start: first.start, end: lastTok.end, kind: 'alnumPair' });
    } else if (chain.length === 3 && chain.every((c) => c.end - c.start >= 2 && c.end - c.start <= 5) && chain.some(letterAndDigit)) {
      // (the nineteenth round) Three groups of two to five, one of two and one of letters and digits: "JS-8K4Q-27", "7Q-K4M2-X9" (a
      // recovery code; read as a code only alone on its line near a lower-case code word, otp.ts).
      out.push({ value: chain.map(textOf).join('-'), start: first.start, end: lastTok.end, kind: 'alnumPair' });
    }
  }

  // Mixed-case codes with digits ("x7Yp2Q"); only ever accepted right after a code word.
  for (let k = 0; k < n; k++) {
    const t = toks[k] as Token;
    if (t.digits || t.upper || !t.hasDigit || t.end - t.start < 5 || t.end - t.start > 12) continue;
    const value = textOf(t);
    if (!/[a-z]/.test(value) || poisonedSide(text, toks, k, -1) || poisonedSide(text, toks, k, 1)) continue;
    if (sepCode(text, toks, k) === DASH || (k + 1 < n && sepCode(text, toks, k + 1) === DASH)) continue;
    out.push({ value, start: t.start, end: t.end, kind: 'mixed' });
  }
  return out;
}
