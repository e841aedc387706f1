/**
 * Vetoes for code candidates: numbers that look like codes but are dates, phone
 * numbers, postcodes or prices (masked with dedicated patterns), values followed
 * by units or currencies, and the value right after a blocker word ("Order",
 * "Invoice", "Tracking", "Account number", "Tel."...).
 */
import type { Blocker, Keyword } from './keywords.js';
import { type Candidate, cjkClauseCommaAt, type Token } from './candidates.js';

// Patterns for numbers that look like codes but are not, each with what it finds (MASK_KINDS). All are bounded.
const BLOCK_PATTERNS: Array<[RegExp, number]> = [
  // dates
  [/\b(?:19|20)\d{2}[-./]\d{1,2}[-./]\d{1,2}\b/g, 1],
  // (day and month as a date can have them, either way round: "48-21-73" after a code word is the code in groups)
  [/\b(?:(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])|(?:0?[1-9]|1[0-2])[-./](?:1[3-9]|2\d|3[01]))[-./](?:19|20)?\d{2}\b/g, 1],
  // phone numbers
  [/\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]\d{1,5}){1,6}/g, 2],
  [/\+\d{7,15}\b/g, 2],
  [/\(\d{2,5}\)[ .-]?\d{2,5}(?:[ .-]\d{2,5}){0,3}/g, 2],
  [/\b1[ .-]\d{3}[ .-]\d{3}[ .-]\d{4}\b/g, 2],
  [/\b\d{3}[.-]\d{3}[.-]\d{4}\b/g, 2],
  // postcodes: UK, NL, US state + ZIP, "75008 Paris" style address lines
  [/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/g, 3],
  [/\b\d{4} [A-Z]{2}\b/g, 3],
  [/\b(?:A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY]),? \d{5}(?:-\d{4})?\b/g, 3],
  // ("75008 Paris", "· 20095 Hamburg ·", "– 69002 Lyon": a footer's parts are parted by commas, dots, bars or dashes)
  // (capitals and small letters of Latin-1 and Latin Extended-A: "Nürnberg", "Łódź", "Gdańsk")
  [/(?:^|, ?|[·•|–—] )(?:[A-Z]{1,2}-)?\d{4,5} [A-ZÀ-ÖØ-ÞĀ-ſ][a-zß-öø-ÿĀ-ſ]+(?:[ -][A-ZÀ-ÖØ-ÞĀ-ſ][a-zß-öø-ÿĀ-ſ]+)?(?=,|\n|$| Cedex| CEDEX| [·•|–—])/gm, 3],
  [/(?:^|, ?|[·•|–—] )[A-ZÀ-ÖØ-ÞĀ-ſ][a-zß-öø-ÿĀ-ſ]+(?:[ -][A-ZÀ-ÖØ-ÞĀ-ſ][a-zß-öø-ÿĀ-ſ]+)?,? \d{4,5}(?=,|\n|$| [·•|–—])/gm, 3],
  // (the fourteenth round) postcodes of more countries, in two searches (one from a digit, one from a word or a comma): a Russian,
  // Ukrainian, Belarusian or Kazakh index before its region or city ("420500, Республика Татарстан", "01001, м. Київ", "123112 г.
  // Москва"), a Brazilian CEP ("01310-100"), a Polish code before its town ("00-061 Warszawa"), a Turkish one before its district
  // and city ("34394 Şişli/İstanbul"); an index after its country ("Россия, 420500"), an Arab city and its postcode between commas
  // ("، عمّان 11181، الأردن"), an Indian PIN after its city's dash ("Mumbai - 400001", ", मुंबई – 400 001"), a Korean postcode after
  // its mark ("(우) 03187")
  [
    /(?<![\p{L}\d.,])(?:\d{5,6},? (?:г\.|м\.|с\.|пгт|смт|Респ(?:ублика|\.)|Республіка|обл(?:асть|\.)|край|район|р-н|Москва|Санкт-Петербург|Київ|Киев|Минск|Мінськ|Алматы|Астана|Россия|Российская|Украина|Україна|Беларусь|Казахстан)|\d{5}-\d{3}(?![-\p{L}\d_])|\d{2}-\d{3} (?=[A-ZŁŚŻŹĆ][a-ząćęłńóśźż])|\d{5} [A-ZÇĞİÖŞÜ][a-zçğıöşü]+\/[A-ZÇĞİÖŞÜ][a-zçğıöşü]+)/gu,
    3,
  ],
  [
    /(?:Россия|Российская Федерация|РФ|Украина|Україна|Беларусь|Казахстан),? (?:г\. [А-ЯЁ][а-яё-]+, )?\d{5,6}(?!\d)|[,،] ?(?:[\u0600-\u06ff]+(?: [\u0600-\u06ff]+)? \d{5}(?=[,،]|\n|$)|[\p{Lu}\u0900-\u097f][\p{L}\u0900-\u097f]+(?: [\p{Lu}\u0900-\u097f][\p{L}\u0900-\u097f]+)? [-–] \d{3} ?\d{3}(?!\d))|\(우\) ?\d{5}/gmu,
    3,
  ],
  // money
  [/[$€£¥₹]\s?\d[\d.,']*/g, 4],
  // (the look-behind makes each run of digits start at most one attempt: linear)
  [/(?<![\d.,'])\d[\d.,']*\s?(?:[$€£¥₹%]|(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|BRL|MXN|SEK|NOK|DKK|PLN|INR)\b)/g, 4],
  [/\b(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|BRL|MXN|SEK|NOK|DKK|PLN|INR|R\$)\s?\d[\d.,']*/g, 4],
];

/** What each value of blockedMask() marks (0: nothing). */
export const MASK_KINDS = ['', 'a date', 'a phone number', 'a postcode or address line', 'a price or amount'] as const;

const UNITS_AFTER = new Set([
  'eur',
  'euro',
  'euros',
  'usd',
  'gbp',
  'chf',
  'dollar',
  'dollars',
  'km',
  'kg',
  'mb',
  'gb',
  'kb',
  'tb',
  'px',
  'pts',
  'points',
  'punkte',
  'miles',
  'meilen',
  'ft',
  'cm',
  'mm',
  'am',
  'pm',
  'uhr',
  'hrs',
  'h',
  'sqft',
  'ml',
  'kwh',
  'mah',
  'rpm',
  'st',
  'street',
  'avenue',
  'ave',
  'road',
  'rd',
  'blvd',
  'boulevard',
  'parkway',
  'pkwy',
  'lane',
  'ln',
  'drive',
  'way',
  'place',
  'square',
  'strasse',
  'straße',
  'str',
  'rue',
  'calle',
  'rua',
  'via',
  'straat',
  'users',
  'members',
  'customers',
  'people',
  'stars',
  'reviews',
  'seconds',
  'second',
  'secs',
  'sec',
  'minutes',
  'minute',
  'mins',
  'min',
  'hours',
  'hour',
  'days',
  'day',
  'sekunden',
  'minuten',
  'stunden',
  'tage',
  'tagen',
  'secondes',
  'heures',
  'jours',
  'segundos',
  'minutos',
  'horas',
  'días',
  'dias',
  'secondi',
  'minuti',
  'ore',
  'giorni',
  'seconden',
  'uur',
  'dagen',
  'times',
  'attempts',
  'characters',
  'digits',
  'views',
  'followers',
  'likes',
  'items',
  'orders',
  'words',
  'pages',
]);
const CURRENCY_WORD_BEFORE = new Set([
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'CAD',
  'AUD',
  'BRL',
  'MXN',
  'INR',
  'RS',
  // (the twelfth round) the currencies of the 21 languages' countries: "VND 700000", "Rp 150000", "RM 89", "TRY 1500", "RUB 4500"
  'VND',
  'IDR',
  'RP',
  'RM',
  'MYR',
  'THB',
  'TL',
  'RUB',
  'UAH',
  'ILS',
  'KRW',
  'CNY',
  'RMB',
  'HKD',
  'TWD',
  'NTD',
  'AED',
  'EGP',
  'PLN',
  'SGD',
  'ZAR',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
]);
/**
 * (the twelfth round) Currency signs and words of the 21 languages right before or after a number: "700.000 ₫", "700000đ", "VNĐ",
 * "4 500 руб.", "₽", "120 грн", "₴", "49 zł", "1.500 TL", "₺", "₪", "ש\"ח", "₩", "50,000원", "฿", "500 บาท", "48,600円", "元", "Rp",
 * "ريال", "درهم", "جنيه", "دينار", "रुपये": an amount, no code. CURRENCY_SIGNS are read right before and right after a number
 * (one space allowed; "$", "€", "£", "¥" and "₹" since the first rules), the words by the patterns below.
 */
const CURRENCY_SIGNS = '$€£¥₹₫₽₺₪฿₩₴₦';
const CURRENCY_AFTER_RE =
  /^ ?(?:[円元원]|(?:đ|vnđ|vnd|đồng|dong|руб|рублей|рубля|грн|гривень|гривні|zł|zl|złotych|tl|lira|lirası|шек|ש"ח|שקל|שקלים|₹|रु|रुपये|रुपए|บาท|baht|yen|yuan|won|rp|rupiah|ringgit|reais|real|ريال|درهم|جنيه|دينار|ليرة|ر\.س|د\.إ)(?![\p{L}\p{N}]))/iu;
const CURRENCY_AFTER_FIRST = 'dvrgztlbyw';
const CURRENCY_BEFORE_RE = /(?:Rp\.?|R\$|ر\.س\.?|د\.إ\.?|ريال|VNĐ) ?$/u;
/**
 * (the thirteenth round) Whether a text (a promotion's sentence) names an amount: a percentage, a currency sign, or a number
 * followed by a currency's code or word, read with the same signs, codes and words as an amount beside a code above.
 */
const AMOUNT_SIGN_RE = new RegExp(`[%${CURRENCY_SIGNS}]`, 'u');
const DIGIT_END_RE = /\d(?!\d)/g;
const CODE_AFTER_RE = /^ ?([A-Za-z]{2,3})(?![\p{L}\p{N}])/u;
export function mentionsAmount(s: string): boolean {
  if (AMOUNT_SIGN_RE.test(s)) return true;
  for (const m of s.matchAll(DIGIT_END_RE)) {
    const after = s.slice(m.index + 1, m.index + 12);
    if (CURRENCY_AFTER_RE.test(after)) return true;
    const code = CODE_AFTER_RE.exec(after);
    if (code && CURRENCY_WORD_BEFORE.has((code[1] as string).toUpperCase())) return true;
  }
  return false;
}

function isDigitCh(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** For each character of `text`, the kind (index into MASK_KINDS) of the pattern covering it, or 0. */
export function blockedMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length + 1);
  for (const [re, kind] of BLOCK_PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      mask.fill(kind, m.index, m.index + m[0].length);
    }
  }
  return mask;
}

/** Symbols senders hide digits behind ("*4821", "••••4821", "●●●● 4821", "∗∗47"); x and X count in runs of two. */
const MASK_SYMBOLS = new Set(['*', '•', '●', '∙', '∗', '◦', '⁕', '×', '⋅']);
/** Letters and digits of any script: a run of x's after one of them is part of a word ("Box 4821"), no mask. */
const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/**
 * True when the digits at [start, …) are the visible end of masked digits: a card, account or phone
 * number with the rest hidden ("*4821", "••••4821", "•••• •••• 4821", "(•••) •••-4821", "XX4821",
 * "XXXX-XXXX-XXXX-4821", "…4821"). Such digits are never a code, whatever the words around them say.
 */
export function maskedDigits(text: string, start: number): boolean {
  let p = start - 1;
  // One separator between the mask and the digits ("•••• 4821", "•••-4821") needs a run of at least two.
  let sep = false;
  const first = text[p];
  if ((first === ' ' || first === '-') && p > 0) {
    sep = true;
    p--;
  }
  let symbols = 0;
  let xs = 0;
  let dots = 0;
  let q = p;
  for (; q >= 0 && q > p - 32; q--) {
    const ch = text[q] as string;
    if (MASK_SYMBOLS.has(ch)) symbols++;
    else if (ch === 'x' || ch === 'X') xs++;
    else if (ch === '.' && symbols + xs === 0) dots++;
    else if ((ch === ' ' || ch === '-') && symbols + xs >= 2 && isMaskChar(text[q - 1]))
      continue; // "•••• •••• 4821", "XXXX-XXXX-4821"
    else break;
  }
  const wordBefore = q >= 0 && WORD_CHAR_RE.test(text[q] as string);
  if (symbols >= (sep ? 2 : 1)) return true;
  if (xs >= 2 && symbols === 0 && dots === 0 && !wordBefore) return true;
  // "…4821" (NFKC makes the ellipsis three full stops), not "is...4821" nor a decimal.
  return !sep && dots >= 3 && symbols + xs === 0 && !wordBefore;
}

/**
 * (the ninth round) True when mask characters follow the digits ending at `end`: the visible start of a hidden card, account,
 * phone or national ID number ("9410-****-****-2281", "850312*****", "4821 •••• ••••", "+48 600 *** 123", "12XX XX34",
 * "5512####"). One separator (a space or a dash) before the mask needs a run of at least two symbols; x's and #'s count in
 * runs of two, not followed by a letter or digit ("12 XXL" is a size).
 */
export function maskedDigitsAfter(text: string, end: number): boolean {
  let p = end;
  let sep = false;
  const first = text[p];
  if (first === ' ' || first === '-') {
    sep = true;
    p++;
  }
  let symbols = 0;
  let others = 0;
  let q = p;
  for (; q < text.length && q < p + 32; q++) {
    const ch = text[q] as string;
    if (MASK_SYMBOLS.has(ch)) symbols++;
    else if (ch === 'x' || ch === 'X' || ch === '#') others++;
    else break;
  }
  if (symbols >= (sep ? 2 : 1) && others === 0) return true;
  return others >= 2 && symbols === 0 && !(q < text.length && WORD_CHAR_RE.test(text[q] as string));
}

function isMaskChar(ch: string | undefined): boolean {
  return ch !== undefined && (MASK_SYMBOLS.has(ch) || ch === 'x' || ch === 'X');
}

/** Why the characters around `c` make it no code (a sign, currency, unit, mask or postal mark), or null. */
export function neighbourReject(text: string, c: Candidate): string | null {
  // "*482913*" is emphasis in a text part, not a mask.
  const emphasis = text[c.start - 1] === '*' && text[c.end] === '*';
  if ((maskedDigits(text, c.start) && !emphasis) || /^[Xx*]{2,}\d{2,}$/.test(c.value))
    return 'masked digits before it (*4821, ••••4821, XX4821): the visible end of a hidden card, account or phone number, or a star code';
  // (the ninth round) "9410-****-****-2281", "850312*****": the visible start of a masked number ("*482913*" is emphasis).
  if (isMaskChar(text[c.end] === ' ' || text[c.end] === '-' ? text[c.end + 1] : text[c.end]) || text[c.end] === '#') {
    if (!emphasis && maskedDigitsAfter(text, c.end))
      return 'masked digits after it (9410-****, 850312*****, 12XX): the visible start of a hidden card, account, phone or ID number';
  }
  let p = c.start - 1;
  if (text[p] === ' ' && text[p - 1] === '〒') return 'the postal mark 〒 before it (a Japanese postal code)';
  if (text[p] === ' ') p--;
  const before = text[p] ?? '';
  if (before === '〒') return 'the postal mark 〒 before it (a Japanese postal code)';
  if (before !== '' && ('#№+'.includes(before) || CURRENCY_SIGNS.includes(before))) return `"${before}" before it (a number, price or phone number)`;
  // currency code right before: "EUR 1234"
  const wb = /([A-Za-z]{2,3})\s?$/.exec(text.slice(Math.max(0, c.start - 5), c.start));
  if (wb && CURRENCY_WORD_BEFORE.has((wb[1] as string).toUpperCase())) return `the currency "${wb[1]}" before it`;
  // (the twelfth round) the other currencies' signs and words, before and after
  // (read only after a character that may end one: "p", ".", "$", a letter of another script)
  const bc = before.charCodeAt(0);
  if (bc > 127 || bc === 112 || bc === 46 || bc === 36) {
    const cb = CURRENCY_BEFORE_RE.exec(text.slice(Math.max(0, c.start - 6), c.start));
    if (cb) return `the currency "${cb[0].trim()}" before it (an amount)`;
  }
  // (read only before a character that may start one: a letter of another script, or d, v, r, g, z, t, l, b, y, w)
  const ac = text.charCodeAt(text[c.end] === ' ' ? c.end + 1 : c.end) | 32;
  if (ac > 127 || CURRENCY_AFTER_FIRST.includes(String.fromCharCode(ac))) {
    const ca = CURRENCY_AFTER_RE.exec(text.slice(c.end, c.end + 10));
    if (ca) return `the currency "${ca[0].trim()}" after it (an amount)`;
  }
  let q = c.end;
  if (text[q] === ' ') q++;
  const after = text[q] ?? '';
  if (after !== '' && ('%°'.includes(after) || CURRENCY_SIGNS.includes(after))) return `"${after}" after it (an amount)`;
  if (after === '.' || after === ',') {
    // (the twenty-second round) "572918,5分钟内有效": a CJK clause after an ASCII comma, no decimal part (candidates.ts)
    if (isDigitCh(text[q + 1]) && !(after === ',' && q === c.end && c.end - c.start >= 4 && cjkClauseCommaAt(text, q))) return 'a decimal part after it';
  }
  const wa = /^ ?([A-Za-zÀ-ÿ]+)/.exec(text.slice(c.end, c.end + 14));
  if (wa && UNITS_AFTER.has((wa[1] as string).toLowerCase())) return `the unit "${wa[1]}" after it (a quantity, time or street number)`;
  return null;
}

export function lowerBound(arr: { start: number }[], pos: number): number {
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
 * Returns the start offsets of vetoed tokens, each with the blocker that vetoed it.
 */
export function blockedTokens(text: string, toks: Token[], blockers: Blocker[], keywords: Keyword[]): Map<number, Blocker> {
  const out = new Map<number, Blocker>();
  for (const b of blockers) {
    for (let k = lowerBound(toks, b.end); k < toks.length; k++) {
      const t = toks[k] as Token;
      if (t.start - b.end > BLOCKER_REACH) break;
      if (!t.hasDigit && !(t.upper && t.end - t.start >= 4)) continue;
      const keywordBetween = keywordBefore(keywords, b.end, t.start);
      const rawGap = text.slice(b.end, t.start);
      const gap = rawGap.replace(LEADING_LABEL_PUNCT_RE, '');
      const abbreviation = ABBREVIATIONS.has(text.slice(b.start, b.end).toLowerCase());
      // "licenza n. 36071", "Av. Paulista, 1578": an abbreviation's full stop ends no sentence.
      const tested = abbreviation ? gap : rawGap;
      const sentenceBreak = SENTENCE_BREAK_RE.test(tested.includes('.') ? tested.replace(ABBREVIATION_IN_GAP_RE, ' ') : tested);
      // Soft blockers (account, card, customer...) only label the value right after them.
      const labelOnly = !b.soft || (gap.length <= 24 && (gap.match(/\p{L}+/gu) ?? []).every((w) => LABEL_GAP_WORDS.has(w.toLowerCase())));
      if (!keywordBetween && !sentenceBreak && labelOnly) {
        out.set(t.start, b);
        if (b.addressLine) addressLine(text, toks, k + 1, b, keywords, out);
        else if (t.digits && (text[t.start] === '0' || text[t.start - 1] === '+')) phoneGroups(text, toks, k, b, out);
      }
      break;
    }
  }
  return out;
}

/**
 * (the twentieth round) A phone number's groups after the first one a label blocks ("Bel 088 123\n6555", "+49 30 1234 5678"): groups of
 * two to four digits joined by one space or dash, or by a line break where the mail's lines wrap, are the rest of that number.
 */
const PHONE_GAP_RE = /^(?: |-| ?\r?\n)$/;
function phoneGroups(text: string, toks: Token[], k: number, b: Blocker, out: Map<number, Blocker>): void {
  for (let q = k + 1; q < toks.length && q <= k + 4; q++) {
    const t = toks[q] as Token;
    if (!t.digits || t.end - t.start < 2 || t.end - t.start > 4 || !PHONE_GAP_RE.test(text.slice((toks[q - 1] as Token).end, t.start))) return;
    out.set(t.start, b);
  }
}

/** A keyword of weight 2 or more (a code or cue word) between `from` and `to`. */
function keywordBefore(keywords: Keyword[], from: number, to: number): boolean {
  for (let q = lowerBound(keywords, from); q < keywords.length; q++) {
    const kw = keywords[q] as Keyword;
    if (kw.end > to) break;
    if (kw.weight >= 2) return true;
  }
  return false;
}

/** Characters after a street word that its address line may run on (house number, city, postcode). */
const ADDRESS_REACH = 80;

/**
 * The numbers after a street word's first one, to the end of its line (at most ADDRESS_REACH characters on): the rest
 * of the address ("רחוב הרצל 40, תל אביב 6578901"), unless a code or cue word stands between.
 */
function addressLine(text: string, toks: Token[], from: number, b: Blocker, keywords: Keyword[], out: Map<number, Blocker>): void {
  const limit = b.end + ADDRESS_REACH;
  let pos = b.end; // the line is read up to here: each character once, at most ADDRESS_REACH of them
  for (let k = from; k < toks.length; k++) {
    const t = toks[k] as Token;
    if (t.end > limit) break;
    for (; pos < t.start; pos++) if (text.charCodeAt(pos) === 10) return;
    if (!t.hasDigit) continue;
    if (keywordBefore(keywords, b.end, t.start)) break;
    out.set(t.start, b);
  }
}

const ABBREVIATIONS = new Set([
  'no',
  'nr',
  'nro',
  'num',
  'ref',
  'tel',
  'apt',
  'art',
  'inv',
  'acct',
  'tlf',
  'n°',
  'nº',
  'av',
  'ul',
  'jl',
  'str',
  'sok',
  'cad',
  'mah',
  'д',
  'ул',
  'пр',
  'кв',
  'вул',
  'тел',
  // the last letter of the Hebrew "ת.ד." (P.O. box)
  'ד',
]);
/** Abbreviations with their full stop inside a gap ("n. ", "nr. ", "д. "). */
const ABBREVIATION_IN_GAP_RE = /(?:^|\s)(?:n|nr|no|nº|n°|núm|num|art|tel|str|ul|av|jl|д|ул|пр|кв|вул|тел)\.(?=\s)/giu;
const LEADING_LABEL_PUNCT_RE = /^[\s.:#№°\-]+/;
const SENTENCE_BREAK_RE = /[.!?](?:\s|$)|\n\s*\n/;
const LABEL_GAP_WORDS = new Set([
  'number',
  'no',
  'nr',
  'num',
  'id',
  'ref',
  'ending',
  'in',
  'is',
  'nummer',
  'numéro',
  'número',
  'numero',
  'n',
  'endet',
  'auf',
  'mit',
  'se',
  'termine',
  'par',
  'termina',
  'en',
  'em',
  'con',
  'eindigend',
  'op',
]);
