// The common small message read without MailParser's streams: a single text/plain or text/html part,
// or a multipart tree of such parts and attachments, in 7bit/8bit/binary, quoted-printable or clean
// base64, in any charset libmime decodes. lightParse() gives the same ParsedFields as
// MailParser does for such a message (test/mail/light-parse.test.ts runs both over every corpus of
// the repository), and null for anything it does not cover fully, which then goes to MailParser.
//
// What is the same by construction: each part's headers are read by mailsplit's own MimeNode (content
// type, charset, disposition, transfer encoding, boundary), the root's Subject, From, To, Cc and Date
// go through MailParser's own header processing, and bodies are decoded by the same libqp and
// libmime. What is the same by restriction: the MIME structure is only taken when every occurrence
// of a multipart's `--boundary` in its body is a delimiter line, so that mailsplit's line-by-line
// scan cannot split it anywhere else, and attachment bodies are never decoded (only counted, as
// ingest does). Text and HTML are then assembled by the rules of MailParser's getTextContent() with
// skipTextToHtml set.
import { createRequire } from 'node:module';
import type { AddressObject } from 'mailparser';
import { newMailParser } from './mailparser.js';

/**
 * What ingest needs of a message: headers, text parts, how many attachments. lightParse() gives it for
 * the messages it covers, MailParser (parse-mail.ts, which hands this type on) for the others.
 */
export interface ParsedFields {
  subject: string;
  /** The From header as text (`"Name" <addr>` or `addr`), '' when absent. */
  from: string;
  /** Date header, when present and valid. */
  date: Date | null;
  /** Addresses of To and Cc (for messages without an envelope). */
  headerRecipients: string[];
  text: string | null;
  html: string | null;
  /** How many attachments MailParser sees (their bodies are only in the raw blob). */
  attachments: number;
  /** MailParser gave up on the message: the fields above are empty, the raw message is kept. */
  parseError: Error | null;
}

/** What lightParse() uses of mailsplit's MimeNode. */
interface MimeNodeLike {
  contentType: string | false;
  charset: string | false;
  disposition: string | false;
  encoding: string | false;
  flowed: boolean;
  multipart: string | false;
  _boundary: Buffer | false;
  headers: { getList(): Array<{ key: string; line: string }> };
  addHeaderChunk(line: Buffer): boolean;
  parseHeaders(): void;
}
type MimeNodeClass = new (parent: MimeNodeLike | false, config: object) => MimeNodeLike;

interface RootHeaders {
  get(key: string): unknown;
}
/** MailParser's header processing (internal to it, but the very code its parse runs). */
interface HeaderProcessor {
  processHeaders(lines: Array<{ key: string; line: string }>): RootHeaders;
}

interface Modules {
  MimeNode: MimeNodeClass;
  libqp: { decode(input: Uint8Array): Buffer };
  /** libmime's charset decoding, whose stream (what MailParser runs) gives what decode() gives for the whole input. */
  charsets: { decode(buf: Buffer, charset: string): string };
  /** MailParser's header processing, on a parser of its own that never reads a message. */
  headers: HeaderProcessor;
  /** What MailParser converts an HTML part with. */
  htmlToTextModule: { compile(options: object): (html: string) => string };
}

let modules: Modules | null = null;
/**
 * The modules MailParser itself runs on, resolved from where it is installed, so that a part is read
 * by exactly the code MailParser would read it with. Loaded on first use: a main thread whose
 * messages are all read on worker threads never loads them.
 */
function mods(): Modules {
  if (modules) return modules;
  const fromMailparser = createRequire(createRequire(import.meta.url).resolve('mailparser'));
  const fromMailsplit = createRequire(fromMailparser.resolve('@zone-eu/mailsplit'));
  modules = {
    MimeNode: (fromMailparser('@zone-eu/mailsplit') as { MimeNode: MimeNodeClass }).MimeNode,
    libqp: fromMailsplit('libqp') as Modules['libqp'],
    charsets: fromMailparser('libmime/lib/charset') as Modules['charsets'],
    headers: newMailParser({ skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, checksumAlgo: false }) as unknown as HeaderProcessor,
    htmlToTextModule: fromMailparser('html-to-text') as Modules['htmlToTextModule'],
  };
  return modules;
}

/**
 * MailParser's htmlToText(html, { limits: { maxDepth: 1000 } }), which compiles its options (selector
 * trees) on every call: compiled once here, the conversion is the same.
 */
let htmlToText: ((html: string) => string) | null = null;

/** Past these, a message goes to MailParser (whose own limits are far higher: mime-limits.ts). */
const MAX_HEADER_BLOCK = 64 * 1024;
const MAX_NODES = 100;
const MAX_DEPTH = 8;
/** html-to-text runs here only on HTML that cannot nest past MailParser's depth guard (1,000). */
const MAX_HTML_TAGS = 1000;
/**
 * HTML is converted to text (where MailParser makes text of HTML: a message that is one HTML part;
 * HTML beside a text part, not as its alternative) only when the message's HTML parts total at most
 * this many characters. html-to-text takes about a second per megabyte of tag-dense HTML, on whatever
 * thread reads the message, and a message GET reads it again on the main thread: unbounded, one large
 * HTML-only message stalled the whole emulator for seconds. Past it no HTML part is converted: each
 * keeps its HTML and adds an empty text, as MailParser does when a conversion fails, and extraction
 * reads the HTML itself. parse-mail.ts holds MailParser to the same rule (htmlTotal()).
 */
export const MAX_HTML_TO_TEXT = 256 * 1024;

const TEXT_TYPES = new Set(['text/plain', 'text/html', 'message/delivery-status']);
/** Charsets MailParser reads as UTF-8 as they are (normalised as it does). */
const AS_UTF8 = new Set(['ascii', 'usascii', 'utf8']);
const ROOT_KEYS = new Set(['subject', 'from', 'to', 'cc', 'date']);
const DASHES = Buffer.from('--', 'latin1');
/** Base64 that any chunking decodes alike: the alphabet and line breaks, padding only at the end. */
const CLEAN_BASE64 = /^[A-Za-z0-9+/\r\n]*(?:={1,2}[\r\n]*)?$/;

interface TextLeaf {
  type: 'text/plain' | 'text/html';
  text: string;
  /** Under a multipart/alternative. */
  alternative: boolean;
  root: boolean;
}

interface Walk {
  nodes: number;
  attachments: number;
  leaves: TextLeaf[];
  root: MimeNodeLike | null;
}

/** Index where the body of the entity at `start` begins (after its empty line), or -1. */
function bodyStart(buf: Buffer, start: number, end: number): number {
  const limit = Math.min(end, start + MAX_HEADER_BLOCK);
  // Line by line: a header block is a few lines, and an empty line is "\n" or "\r\n" whatever the
  // other line ends are (a search for "\n\n" would run through all of a CRLF message).
  for (let line = start; line < limit; ) {
    if (buf[line] === 0x0a) return line + 1;
    if (buf[line] === 0x0d && buf[line + 1] === 0x0a && line + 2 <= limit) return line + 2;
    const nl = buf.indexOf(0x0a, line);
    if (nl < 0) return -1;
    line = nl + 1;
  }
  return -1;
}

function decodeBody(node: MimeNodeLike, body: Buffer): string | null {
  let bytes: Buffer = body;
  if (node.encoding === 'base64') {
    const b64 = body.toString('latin1');
    if (!CLEAN_BASE64.test(b64)) return null;
    bytes = Buffer.from(b64, 'base64');
  } else if (node.encoding === 'quoted-printable') {
    bytes = mods().libqp.decode(body);
  }
  const charset = (node.charset || 'utf-8').toLowerCase().replace(/[^a-z0-9]+/g, '');
  let text: string;
  if (AS_UTF8.has(charset)) text = bytes.toString();
  else text = mods().charsets.decode(bytes, node.charset as string);
  return text.replace(/\r?\n/g, '\n');
}

/** Reads the entity in [start, end); `trim`: its body ends with the line break of a delimiter. false: not covered. */
function entity(buf: Buffer, start: number, end: number, parent: MimeNodeLike | null, alternative: boolean, depth: number, w: Walk): boolean {
  if (++w.nodes > MAX_NODES || depth > MAX_DEPTH) return false;
  const body = bodyStart(buf, start, end);
  if (body < 0) return false;
  const node = new (mods().MimeNode)(parent ?? false, {});
  node.addHeaderChunk(buf.subarray(start, body));
  node.parseHeaders();
  if (!parent) w.root = node;
  const type = node.contentType;
  if (!type) return false;
  if (node.multipart) {
    if (!node._boundary) return false;
    return parts(buf, body, end, node, alternative || type === 'multipart/alternative', depth, w);
  }
  // mailsplit splits any part with a boundary parameter at its delimiters, multipart or not.
  if (type.startsWith('message/') || node._boundary) return false;
  let disposition = node.disposition;
  if (disposition && disposition !== 'attachment' && disposition !== 'inline') disposition = 'attachment';
  const textType = TEXT_TYPES.has(type);
  disposition = !disposition && !textType ? 'attachment' : disposition || 'inline';
  if (!textType || disposition !== 'inline') {
    w.attachments++;
    return true;
  }
  if (node.flowed) return false;
  // The line break before a delimiter line belongs to the delimiter.
  let bodyEnd = end;
  if (parent) {
    if (bodyEnd > body && buf[bodyEnd - 1] === 0x0a) bodyEnd--;
    if (bodyEnd > body && buf[bodyEnd - 1] === 0x0d) bodyEnd--;
  }
  const text = decodeBody(node, buf.subarray(body, bodyEnd));
  if (text === null) return false;
  w.leaves.push({ type: type as TextLeaf['type'], text, alternative, root: !parent });
  return true;
}

/** The parts of a multipart body in [start, end). */
function parts(buf: Buffer, start: number, end: number, node: MimeNodeLike, alternative: boolean, depth: number, w: Walk): boolean {
  const delim = Buffer.concat([DASHES, node._boundary as Buffer]);
  const view = buf.subarray(0, end);
  let from = start;
  let partStart = -1;
  let closed = false;
  for (;;) {
    const at = view.indexOf(delim, from);
    if (at < 0) break;
    // Every occurrence must be a delimiter line, and none may follow the closing one.
    if (closed || (at !== start && buf[at - 1] !== 0x0a)) return false;
    let i = at + delim.length;
    const closing = buf[i] === 0x2d && buf[i + 1] === 0x2d && i + 1 < end;
    if (closing) i += 2;
    let lineEnd: number;
    if (i < end && buf[i] === 0x0a) lineEnd = i + 1;
    else if (i + 1 < end && buf[i] === 0x0d && buf[i + 1] === 0x0a) lineEnd = i + 2;
    else if (closing && i === end) lineEnd = end;
    else return false;
    if (partStart >= 0 && !entity(buf, partStart, at, node, alternative, depth + 1, w)) return false;
    from = lineEnd;
    if (closing) closed = true;
    else partStart = lineEnd;
  }
  return closed;
}

function addresses(h: unknown): string[] {
  const out: string[] = [];
  const walk = (list: AddressObject['value']) => {
    for (const a of list) {
      if (a.address) out.push(a.address);
      if (a.group) walk(a.group);
    }
  };
  const objs = h === undefined ? [] : Array.isArray(h) ? (h as AddressObject[]) : [h as AddressObject];
  for (const o of objs) walk(o.value);
  return out;
}

function countTags(html: string): number {
  let n = 0;
  for (let i = html.indexOf('<'); i >= 0 && n <= MAX_HTML_TAGS; i = html.indexOf('<', i + 1)) n++;
  return n;
}

/** The fields of `raw` as MailParser reads them, or null when the message is not one this reader covers. */
export function lightParse(raw: Buffer): ParsedFields | null {
  const w: Walk = { nodes: 0, attachments: 0, leaves: [], root: null };
  try {
    if (!entity(raw, 0, raw.length, null, false, 0, w) || !w.root) return null;
  } catch {
    return null;
  }
  // MailParser's getTextContent() with skipTextToHtml: a text part outside an alternative adds an
  // empty HTML piece when the message has HTML; an HTML part outside an alternative adds its text
  // conversion when the message has text (or when it is the whole message).
  let hasText = false;
  let hasHtml = false;
  for (const l of w.leaves) {
    if (l.type === 'text/plain') hasText = true;
    else hasHtml = true;
  }
  let htmlChars = 0;
  for (const l of w.leaves) if (l.type === 'text/html' && l.text) htmlChars += l.text.length;
  const text: string[] = [];
  const html: string[] = [];
  for (const l of w.leaves) {
    if (!l.text) continue;
    if (l.type === 'text/plain') {
      text.push(l.text);
      if (!l.alternative && hasHtml) html.push('');
      continue;
    }
    if ((!l.alternative && hasText) || (l.root && !hasText)) {
      if (htmlChars > MAX_HTML_TO_TEXT) text.push('');
      else {
        if (countTags(l.text) > MAX_HTML_TAGS) return null;
        try {
          htmlToText ??= mods().htmlToTextModule.compile({ limits: { maxDepth: 1000 } });
          text.push(htmlToText(l.text));
        } catch {
          return null;
        }
      }
    }
    html.push(l.text);
  }
  const lines = w.root.headers.getList().filter((l) => ROOT_KEYS.has(l.key));
  const headers = mods().headers.processHeaders(lines);
  const date = headers.get('date');
  const from = headers.get('from') as AddressObject | undefined;
  return {
    subject: String(headers.get('subject') ?? ''),
    from: from?.text ?? '',
    date: date instanceof Date && Number.isFinite(date.getTime()) ? date : null,
    headerRecipients: [...addresses(headers.get('to')), ...addresses(headers.get('cc'))],
    text: text.length ? text.join('\n') : null,
    html: html.length ? html.join('<br/>\n') : null,
    attachments: w.attachments,
    parseError: null,
  };
}
