/**
 * Shared text helpers for the extractor: input capping, entity decoding,
 * whitespace normalisation and URL / e-mail address location.
 *
 * Every regular expression here is linear: no nested unbounded quantifiers and
 * no alternations whose branches can match the same text.
 */

/** Maximum number of characters of each part that is scanned. */
export const MAX_PART_CHARS = 100_000;

export function cap(s: string | null | undefined): string {
  if (!s) return '';
  return s.length > MAX_PART_CHARS ? s.slice(0, MAX_PART_CHARS) : s;
}

// Latin-1 named entities, code points 160..255 in order.
const LATIN1_NAMES = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr ' +
  'deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
  'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml ' +
  'eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

const NAMED_ENTITIES: Map<string, string> = (() => {
  const m = new Map<string, string>();
  LATIN1_NAMES.forEach((name, i) => m.set(name, String.fromCharCode(160 + i)));
  const extra: Record<string, number> = {
    amp: 38,
    lt: 60,
    gt: 62,
    quot: 34,
    apos: 39,
    euro: 8364,
    hellip: 8230,
    mdash: 8212,
    ndash: 8211,
    lsquo: 8216,
    rsquo: 8217,
    sbquo: 8218,
    ldquo: 8220,
    rdquo: 8221,
    bdquo: 8222,
    bull: 8226,
    middot: 183,
    trade: 8482,
    zwnj: 8204,
    zwj: 8205,
    lrm: 8206,
    rlm: 8207,
    thinsp: 8201,
    ensp: 8194,
    emsp: 8195,
    OElig: 338,
    oelig: 339,
    Scaron: 352,
    scaron: 353,
    Yuml: 376,
    dagger: 8224,
    Dagger: 8225,
    permil: 8240,
    lsaquo: 8249,
    rsaquo: 8250,
    rarr: 8594,
    larr: 8592,
    nbhy: 8209,
    colon: 58,
    comma: 44,
    period: 46,
    sol: 47,
    num: 35,
    dollar: 36,
    percnt: 37,
    lpar: 40,
    rpar: 41,
    equals: 61,
    quest: 63,
    commat: 64,
    lowbar: 95,
    hyphen: 8208,
    dash: 8208,
    NewLine: 10,
    Tab: 9,
  };
  for (const [k, v] of Object.entries(extra)) m.set(k, String.fromCharCode(v));
  return m;
})();

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexCode(c: number): boolean {
  return isDigitCode(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isAlphaCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function fromCodePointOrReplacement(cp: number): string {
  if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(cp);
}

/**
 * Decodes numeric and common named HTML character references in one left-to-right pass:
 * `&#` + 1-7 digits, `&#x` + 1-6 hex digits, `&` + a name of 2-32 letters and digits (left as is
 * when unknown), each with an optional `;`. Decoded text is never decoded again.
 */
export function decodeEntities(s: string): string {
  let amp = s.indexOf('&');
  if (amp === -1) return s;
  const n = s.length;
  const parts: string[] = [];
  let pos = 0;
  while (amp !== -1) {
    const j = amp + 1;
    let end = -1;
    let value: string | undefined;
    const c = s.charCodeAt(j);
    if (c === 35 /* # */) {
      let k = j + 1;
      while (k < n && k - j <= 7 && isDigitCode(s.charCodeAt(k))) k++;
      if (k > j + 1) {
        end = k;
        value = fromCodePointOrReplacement(parseInt(s.slice(j + 1, k), 10));
      } else if ((s.charCodeAt(j + 1) | 0x20) === 120 /* x */) {
        k = j + 2;
        while (k < n && k - j <= 7 && isHexCode(s.charCodeAt(k))) k++;
        if (k > j + 2) {
          end = k;
          value = fromCodePointOrReplacement(parseInt(s.slice(j + 2, k), 16));
        }
      }
    } else if (isAlphaCode(c)) {
      let k = j + 1;
      while (k < n && k - j < 32 && (isAlphaCode(s.charCodeAt(k)) || isDigitCode(s.charCodeAt(k)))) k++;
      if (k - j >= 2) {
        end = k;
        const name = s.slice(j, k);
        value = NAMED_ENTITIES.get(name) ?? NAMED_ENTITIES.get(name.toLowerCase());
      }
    }
    if (end === -1) {
      amp = s.indexOf('&', j);
      continue;
    }
    if (s.charCodeAt(end) === 59 /* ; */) end++;
    if (value !== undefined) {
      parts.push(s.slice(pos, amp), value);
      pos = end;
    }
    amp = s.indexOf('&', end);
  }
  if (pos === 0) return s;
  parts.push(s.slice(pos));
  return parts.join('');
}

// Invisible characters used as preheader padding or soft hyphens.
const INVISIBLE_RE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]/g;
// A run of horizontal whitespace other than a lone ' ' (which would be replaced by itself).
const HSPACE_RE = /[ \t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]{2,}|[\t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

const FULLWIDTH_COMMA_RE = /\uff0c/g;

/**
 * NFKC-normalises (full-width digits, compatibility spaces), drops invisible
 * characters and collapses runs of horizontal whitespace to a single space.
 * Newlines are kept (CRLF becomes LF).
 */
export function cleanInline(s: string): string {
  // (ASCII text is its own NFKC form and holds no full-width comma or invisible character: those steps change only other text.)
  if (NON_ASCII_RE.test(s)) {
    // A full-width comma is never a thousands separator ("验证码：860417，5分钟内有效"): keep it apart from the digits.
    if (s.includes('\uff0c')) s = s.replace(FULLWIDTH_COMMA_RE, ', ');
    s = s.normalize('NFKC').replace(INVISIBLE_RE, '');
  }
  return (s.includes('\r') ? s.replace(CR_RE, '\n') : s).replace(HSPACE_RE, ' ');
}
const NON_ASCII_RE = /[^\x00-\x7f]/;
const CR_RE = /\r\n?/g;

/** Normalises a plain-text body: clean inline, trim lines, at most one blank line. */
export function normalizePlain(s: string): string {
  return cleanInline(s)
    .replace(/ \n ?|\n /g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Span {
  start: number;
  end: number;
}

/** http(s) URLs and bare www. hosts in free text. */
const URL_RE = /(?:\bhttps?:\/\/|\bwww\.)[^\s<>"'`[\]{}|\\^]+/gi;
const URL_TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', ')', '*']);

/** Locates URLs in free text (the first `limit` ones), trimming trailing sentence punctuation. */
export function findUrls(s: string, limit = Infinity): Array<Span & { url: string }> {
  const out: Array<Span & { url: string }> = [];
  URL_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (out.length < limit && (m = URL_RE.exec(s)) !== null) {
    let url = m[0];
    let end = url.length;
    const hasOpenParen = url.includes('(');
    while (end > 0 && URL_TRAILING.has(url[end - 1] as string)) {
      // Keep a closing parenthesis that balances one inside the URL.
      if (url[end - 1] === ')' && hasOpenParen) break;
      end--;
    }
    url = url.slice(0, end);
    if (url.length > 8) out.push({ start: m.index, end: m.index + url.length, url });
  }
  return out;
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** [A-Za-z0-9._%+-] */
function isEmailLocal(c: number): boolean {
  return isAsciiAlnum(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
}

/** [A-Za-z0-9.-] */
function isEmailDomain(c: number): boolean {
  return isAsciiAlnum(c) || c === 46 || c === 45;
}

/** Locates e-mail addresses by expanding around each '@' (linear). */
export function findEmails(s: string): Span[] {
  const out: Span[] = [];
  let from = 0;
  let lastEnd = 0;
  for (;;) {
    const at = s.indexOf('@', from);
    if (at === -1) break;
    let a = at;
    while (a > lastEnd && isEmailLocal(s.charCodeAt(a - 1))) a--;
    let b = at + 1;
    let firstDot = -1;
    for (let c = s.charCodeAt(b); b < s.length && isEmailDomain(c); c = s.charCodeAt(++b)) {
      if (c === 46 && firstDot === -1) firstDot = b;
    }
    while (b > at + 1 && s.charCodeAt(b - 1) === 46) b--;
    if (a < at && b > at + 3 && firstDot !== -1 && firstDot < b) {
      out.push({ start: a, end: b });
      lastEnd = b;
    }
    from = Math.max(at + 1, b);
  }
  return out;
}

/**
 * Replaces URLs and e-mail addresses with a single space each so their digits
 * and tokens are never taken for codes, and they do not inflate distances.
 */
export function maskUrlsAndEmails(s: string): string {
  const urls = findUrls(s);
  const emails = findEmails(s);
  if (urls.length === 0 && emails.length === 0) return s;
  const spans: Span[] = [...urls, ...emails].sort((x, y) => x.start - y.start);
  let out = '';
  let pos = 0;
  for (const sp of spans) {
    if (sp.start < pos) continue;
    out += s.slice(pos, sp.start) + ' ';
    pos = sp.end;
  }
  return out + s.slice(pos);
}
