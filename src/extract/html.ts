/**
 * A small, single-pass, linear-time HTML-to-text converter tailored to the
 * extractor: it drops scripts/styles/comments, decodes entities, keeps block
 * structure as newlines, records visually emphasised ranges (bold, headings,
 * large font, letter-spacing) and collects anchors with their visible label.
 */
import { cleanInline, decodeEntities, maskUrlsAndEmails } from './text.js';

export interface Anchor {
  href: string;
  label: string;
  /** Order of appearance. */
  index: number;
  /** [start, end) of its label in the document's text. */
  start: number;
  end: number;
}

export interface HtmlDoc {
  /** Visible text (URLs and e-mail addresses masked out). */
  text: string;
  /** [start, end) ranges of `text` that are visually emphasised. */
  emphasis: Array<[number, number]>;
  anchors: Anchor[];
}

const SKIP_CONTENT = new Set(['script', 'style', 'title', 'template', 'xml', 'noembed', 'noframes', 'object']);
/** The closing tag of each of them, built once (each search sets lastIndex first). */
const CLOSE_RES: ReadonlyMap<string, RegExp> = new Map([...SKIP_CONTENT].map((n) => [n, new RegExp(`</${n}\\s*>`, 'gi')]));
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'center',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'pre',
  'address',
  'form',
  'fieldset',
  'figure',
  'figcaption',
  'body',
  'html',
  'caption',
]);
const CELL = new Set(['td', 'th']);
const EMPHASIS_TAGS = new Set(['b', 'strong', 'h1', 'h2', 'h3', 'big', 'mark', 'code', 'kbd', 'samp', 'tt']);
/** Elements with no content: nothing after their tag is theirs. */
const EMPTY = new Set(['br', 'hr', 'img', 'meta', 'link', 'input']);

/** What the sets above say of one element. */
interface Role {
  skipContent: boolean;
  block: boolean;
  cell: boolean;
  emphasis: boolean;
  empty: boolean;
}
const NO_ROLE: Role = { skipContent: false, block: false, cell: false, emphasis: false, empty: false };
/** The role of each element the sets name, by lower-case name: one lookup per tag. */
const ROLES: ReadonlyMap<string, Role> = new Map(
  [...new Set([...SKIP_CONTENT, ...BLOCK, ...CELL, ...EMPHASIS_TAGS, ...EMPTY])].map((name) => [
    name,
    {
      skipContent: SKIP_CONTENT.has(name),
      block: BLOCK.has(name),
      cell: CELL.has(name),
      emphasis: EMPHASIS_TAGS.has(name),
      empty: EMPTY.has(name),
    },
  ]),
);
const MAX_STACK = 256;

/**
 * `s` (ASCII: a tag name, a unit) in lower case. toLowerCase() is called only when there is a capital: on a string cut
 * from a document with any character past Latin-1 it is a call into ICU, even for a name that is lower case already.
 */
function lower(s: string): string {
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 65 && c <= 90) return s.toLowerCase();
  }
  return s;
}

const ATTR_RES = new Map<string, RegExp>();

function attr(attrs: string, name: string): string | null {
  let re = ATTR_RES.get(name);
  if (!re) {
    // `name` is a fixed identifier; the value alternatives are disjoint by their first character.
    re = new RegExp(`(?:^|[\\s"'/])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
    ATTR_RES.set(name, re);
  }
  const m = re.exec(attrs);
  if (!m) return null;
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/** (the ninth round) The three properties isEmphasisStyle() reads, in any case: a style with none of them is no emphasis. */
const EMPHASIS_PROPERTY_RE = /font-size|letter-spacing|font-weight/i;

function isStyleEmphasis(style: string | null): boolean {
  return style !== null && isEmphasisStyle(style);
}

/**
 * The emphasis properties as written, in any case (read with the `i` flag rather than in a lowered copy of the style: the
 * same matches, as no character outside ASCII matches an ASCII letter under `i`, and none lowers to one these patterns name).
 */
const FONT_SIZE_RE = /font-size\s*:\s*(\d{1,3}(?:\.\d{1,3})?)\s*(px|pt|em|rem|%)?/i;
const LETTER_SPACING_RE = /letter-spacing\s*:\s*(\d{1,3}(?:\.\d{1,3})?)\s*(px|pt|em|rem)?/i;
const BOLD_RE = /font-weight\s*:\s*(?:bold|bolder|[6-9]00)/i;
const MONO_RE = /font-family\s*:[^;]*mono/i;

/** (the caller has already skipped the tags whose attributes name none of the properties: see htmlToDoc) */
function isEmphasisStyle(style: string): boolean {
  const fs = FONT_SIZE_RE.exec(style);
  if (fs) {
    const n = parseFloat(fs[1] as string);
    const unit = fs[2] === undefined ? 'px' : lower(fs[2]);
    const px = unit === 'pt' ? n * 1.333 : unit === 'em' || unit === 'rem' ? n * 16 : unit === '%' ? n * 0.16 : n;
    if (px >= 20) return true;
  }
  const ls = LETTER_SPACING_RE.exec(style);
  if (ls) {
    const n = parseFloat(ls[1] as string);
    const unit = ls[2] === undefined ? 'px' : lower(ls[2]);
    if (unit === 'em' || unit === 'rem' ? n >= 0.15 : n >= 2) return true;
  }
  return BOLD_RE.test(style) && MONO_RE.test(style);
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Where markup may start at or after `from`: a '<' followed by a letter, '!', '?' or '/' and a letter (-1: nowhere). */
function markupStart(html: string, from: number): number {
  for (let lt = html.indexOf('<', from); lt !== -1; lt = html.indexOf('<', lt + 1)) {
    const c = html.charCodeAt(lt + 1);
    if (isAsciiLetter(c) || c === 33 /* ! */ || c === 63 /* ? */ || (c === 47 /* / */ && isAsciiLetter(html.charCodeAt(lt + 2)))) return lt;
  }
  return -1;
}

/** [A-Za-z0-9:-] */
function isTagNameChar(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 58 /* : */ || c === 45 /* - */;
}

/** The end of the tag name starting at `i` with a letter: [A-Za-z][A-Za-z0-9:-]*. */
function tagNameEnd(html: string, i: number): number {
  let k = i + 1;
  while (isTagNameChar(html.charCodeAt(k))) k++;
  return k;
}
function isTagSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Finds the end of a tag starting at `i` (pointing at '<'), honouring quoted attribute values: the characters outside
 * quotes are read one by one (a tag's names and separators are short), a quoted value is skipped with indexOf.
 */
function tagEnd(html: string, i: number): number {
  const n = html.length;
  for (let j = i + 1; j < n; j++) {
    const c = html.charCodeAt(j);
    if (c === 62 /* > */) return j;
    if (c !== 34 /* " */ && c !== 39 /* ' */) continue;
    // Quotes only open inside an attribute value position (after '=').
    let k = j - 1;
    while (k > i && isTagSpace(html.charCodeAt(k))) k--;
    if (html.charCodeAt(k) === 61 /* = */) {
      const close = html.indexOf(c === 34 ? '"' : "'", j + 1);
      if (close === -1) return -1;
      j = close;
    }
  }
  return -1;
}

/**
 * The visible text under construction. Kept as a list of pieces (never
 * concatenated until the end) and queried only at its tail, so that building
 * it stays linear however many small text runs and tags the document has.
 */
class TextOut {
  private readonly parts: string[] = [];
  length = 0;
  /** The code of the last character (0 while the text is empty). */
  private lastCode = 0;

  endsWith(code: number): boolean {
    return this.lastCode === code;
  }

  /** The text ends with two line breaks (read in the last parts, with no string built). */
  endsWithBlankLine(): boolean {
    const n = this.parts.length;
    const last = this.parts[n - 1];
    if (last === undefined || !last.endsWith('\n')) return false;
    if (last.length >= 2) return last.charCodeAt(last.length - 2) === 10;
    const prev = this.parts[n - 2];
    return prev !== undefined && prev.endsWith('\n');
  }

  push(t: string): void {
    if (t.length === 0) return;
    this.parts.push(t);
    this.length += t.length;
    this.lastCode = t.charCodeAt(t.length - 1);
  }

  /** Drops the last character. */
  pop(): void {
    const last = this.parts.pop();
    if (last === undefined) return;
    this.length--;
    if (last.length > 1) this.parts.push(last.slice(0, -1));
    const tail = this.parts[this.parts.length - 1];
    this.lastCode = tail === undefined ? 0 : tail.charCodeAt(tail.length - 1);
  }

  toString(): string {
    return this.parts.join('');
  }
}

/**
 * Text the general path of emitText could change: anything but printable ASCII, a double space,
 * an entity, an e-mail address or a URL.
 */
const NEEDS_WORK_RE = /[^\x20-\x7e]| {2}|&|@|:\/\/|www\./i;

const NEWLINE_RE = /\n/g;
const SPACE_RUN_RE = / {2,}/g;
const WHITESPACE_RE = /\s+/g;
const SPACE = 32;
const NEWLINE = 10;

/** Emits the text html[from, to): white space alone (most runs, between tags) is read in place, with no copy made. */
function emitText(out: TextOut, html: string, from: number, to: number): void {
  let t: string;
  let k = from;
  while (k < to && isTagSpace(html.charCodeAt(k))) k++;
  if (k === to) {
    t = from === to ? '' : ' '; // what the general path below makes of it
  } else {
    t = html.slice(from, to);
    if (NEEDS_WORK_RE.test(t)) {
      const clean = cleanInline(decodeEntities(t));
      const lines = clean.includes('\n');
      t = maskUrlsAndEmails(lines ? clean.replace(NEWLINE_RE, ' ') : clean);
      // cleanInline() left no two spaces in a row: only a line break made a space or a mask can bring them back.
      if (lines || t !== clean) t = t.replace(SPACE_RUN_RE, ' ');
    }
  }
  if (t.charCodeAt(0) === SPACE && (out.length === 0 || out.endsWith(SPACE) || out.endsWith(NEWLINE))) t = t.slice(1);
  out.push(t);
}

function emitBreak(out: TextOut): void {
  if (out.endsWith(SPACE)) out.pop();
  if (out.length === 0 || out.endsWithBlankLine()) return;
  out.push('\n');
}

function emitCellSep(out: TextOut): void {
  if (out.length > 0 && !out.endsWith(SPACE) && !out.endsWith(NEWLINE)) out.push(' ');
}

interface OpenAnchor {
  href: string;
  start: number;
  alt: string;
}

interface ClosedAnchor {
  href: string;
  start: number;
  end: number;
  alt: string;
}

export function htmlToDoc(html: string): HtmlDoc {
  const out = new TextOut();
  const emphasis: Array<[number, number]> = [];
  const closed: ClosedAnchor[] = [];
  // Open emphasis elements: stack[bottom..] (entries below `bottom` were dropped as the oldest).
  const stack: Array<{ name: string; start: number }> = [];
  let bottom = 0;
  let anchor: OpenAnchor | null = null;
  // Labels are cut from the finished text: every later edit of the text only ever replaces a
  // trailing space by a newline, which the label normalisation treats alike.
  const closeAnchor = (): void => {
    if (!anchor) return;
    closed.push({ href: anchor.href, start: anchor.start, end: out.length, alt: anchor.alt });
    anchor = null;
  };

  const n = html.length;
  const unclosed = new Set<string>(); // raw-text elements whose closing tag is known to be missing
  let textStart = 0; // start of pending text not yet emitted
  let textEnd = n; // end of visible text (an unterminated tag hides the rest)
  let i = 0;
  while (i < n) {
    const lt = markupStart(html, i);
    if (lt === -1) break;
    const next = html[lt + 1] as string;
    let after: number; // index just past the markup starting at lt
    if (html.startsWith('<!--', lt)) {
      const e = html.indexOf('-->', lt + 4);
      after = e === -1 ? n : e + 3;
      if (lt > textStart) emitText(out, html, textStart, lt);
      textStart = i = after;
      continue;
    }
    if (next === '!' || next === '?') {
      const e = html.indexOf('>', lt + 2);
      after = e === -1 ? n : e + 1;
      if (lt > textStart) emitText(out, html, textStart, lt);
      textStart = i = after;
      continue;
    }
    const closing = next === '/';
    const nameStart = lt + (closing ? 2 : 1); // a letter (markupStart)
    const nameEnd = tagNameEnd(html, nameStart);
    const end = tagEnd(html, lt);
    // Unterminated tag (or a quote left open until the end): like a browser, the rest is markup.
    if (end === -1) {
      textEnd = lt;
      break;
    }
    if (lt > textStart) emitText(out, html, textStart, lt);
    const name = lower(html.slice(nameStart, nameEnd));
    const role = ROLES.get(name) ?? NO_ROLE;
    textStart = i = end + 1;

    if (closing) {
      if (name === 'a') closeAnchor();
      if (role.block) emitBreak(out);
      else if (role.cell) emitCellSep(out);
      for (let k = stack.length - 1; k >= bottom && k >= stack.length - 32; k--) {
        if ((stack[k] as { name: string }).name === name) {
          while (stack.length > k) {
            const top = stack.pop() as { name: string; start: number };
            if (out.length > top.start) emphasis.push([top.start, out.length]);
          }
          break;
        }
      }
      continue;
    }

    const selfClosing = end > nameEnd && html.charCodeAt(end - 1) === 47; /* / */
    if (role.skipContent && !selfClosing) {
      if (!unclosed.has(name)) {
        const closeRe = CLOSE_RES.get(name) as RegExp;
        closeRe.lastIndex = i;
        const cm = closeRe.exec(html);
        if (cm) textStart = i = cm.index + cm[0].length;
        else unclosed.add(name);
      }
      continue;
    }
    const attrs = html.slice(nameEnd, end);
    if (name === 'a') {
      closeAnchor();
      const href = attr(attrs, 'href');
      if (href !== null) anchor = { href: decodeEntities(href).replace(WHITESPACE_RE, ''), start: out.length, alt: '' };
    } else if (name === 'img') {
      if (anchor && !anchor.alt) anchor.alt = cleanInline(decodeEntities(attr(attrs, 'alt') ?? '')).trim();
    }
    if (role.block) emitBreak(out);
    else if (role.cell) emitCellSep(out);
    if (role.empty) continue;
    // A style is read only where it could decide: not for an emphasis tag, and not where the attributes (which hold the
    // style's value) name none of the three properties isEmphasisStyle() reads.
    if (
      role.emphasis ||
      (attrs.length >= 6 && EMPHASIS_PROPERTY_RE.test(attrs) && isStyleEmphasis(attr(attrs, 'style'))) // 'style=' at the least
    ) {
      if (stack.length - bottom >= MAX_STACK) {
        bottom++;
        if (bottom >= 4 * MAX_STACK) {
          stack.splice(0, bottom);
          bottom = 0;
        }
      }
      stack.push({ name, start: out.length });
    }
  }
  if (textStart < textEnd) emitText(out, html, textStart, textEnd);
  closeAnchor();
  while (stack.length > bottom) {
    const top = stack.pop() as { name: string; start: number };
    if (out.length > top.start) emphasis.push([top.start, out.length]);
  }
  // `out` never starts with whitespace and has no trailing spaces before newlines,
  // so offsets recorded above stay valid; only trailing whitespace is trimmed.
  const full = out.toString();
  const anchors: Anchor[] = closed.map((a, index) => {
    let label = full.slice(a.start, a.end).replace(WHITESPACE_RE, ' ').trim();
    if (!label && a.alt) label = a.alt;
    return { href: a.href, label, index, start: a.start, end: a.end };
  });
  return { text: full.trimEnd(), emphasis, anchors };
}
