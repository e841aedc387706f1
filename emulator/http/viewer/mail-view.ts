// What the viewer shows of one message besides its summary: the header lines of the raw source, the
// HTML part as a document for a sandboxed frame (with the Content-Security-Policy that blocks scripts
// and, until the user allows it, remote content), and how much remote content the HTML asks for.

/** One header line, unfolded, with RFC 2047 encoded words decoded. */
export interface HeaderLine {
  name: string;
  value: string;
}

/** Largest header block parsed for display (the rest of a hostile header is left out). */
const MAX_HEADER_BYTES = 256 * 1024;

function decodeWord(charset: string, encoding: string, text: string): string {
  let bytes: Buffer;
  if (encoding.toUpperCase() === 'B') bytes = Buffer.from(text, 'base64');
  else {
    const q = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    bytes = Buffer.from(q, 'latin1');
  }
  try {
    return new TextDecoder(charset.split('*')[0]!.toLowerCase(), { fatal: false }).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Decodes `=?charset?B|Q?…?=` words; whitespace between two encoded words goes (RFC 2047, 6.2). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)/g, '$1')
    .replace(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g, (_m, cs: string, enc: string, text: string) => decodeWord(cs, enc, text));
}

/** The header lines of a raw message, in order. */
export function headerLines(raw: Buffer): HeaderLine[] {
  const head = raw.subarray(0, MAX_HEADER_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = end >= 0 ? head.slice(0, end) : head;
  const out: HeaderLine[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length > 0) {
      out[out.length - 1]!.value += ' ' + line.trim();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  // Header bytes are UTF-8 in practice (RFC 6532); decode them as such, then the encoded words.
  return out.map((h) => ({ name: h.name, value: decodeEncodedWords(Buffer.from(h.value, 'latin1').toString('utf8')) }));
}

/** Remote references in mail HTML: src/background/poster attributes, CSS url() and @import, stylesheet links. */
// `\s*(?:["']\s*)?`, not `\s*["']?\s*`: two patterns of spaces side by side try every split of a run
// of spaces, and 80,000 spaces after `src=` took seconds.
const REMOTE = /\b(?:src|background|poster|srcset|href)\s*=\s*(?:["']\s*)?(?:https?:)?\/\//gi;
const REMOTE_CSS = /(?:url\(\s*(?:["']\s*)?(?:https?:)?\/\/|@import\s+(?:["']\s*)?(?:https?:)?\/\/)/gi;
/** Tags whose attributes load something (besides `<link>`). */
const LOADING_TAGS = new Set(['img', 'image', 'video', 'audio', 'source', 'input', 'table', 'td', 'th', 'body', 'iframe', 'embed', 'object', 'script']);
const TAG_NAME = /<([a-z][a-z0-9-]*)/iy;

/**
 * The tags of `html` (`<name ...>`, up to the next `>`, as the patterns it replaces read them) whose
 * lower-cased name passes `wanted`: a linear scan. A pattern such as /<img\b[^>]*>/ reads to the end
 * of the HTML again at every unclosed `<img`, and 20,000 of them (100 KB of mail) took seconds of the
 * main thread.
 */
export function* tagsOf(html: string, wanted: (name: string) => boolean): Generator<{ name: string; start: number; end: number; text: string }> {
  let at = html.indexOf('<');
  while (at >= 0) {
    TAG_NAME.lastIndex = at;
    const name = TAG_NAME.exec(html)?.[1]?.toLowerCase();
    if (name && wanted(name)) {
      const close = html.indexOf('>', at);
      if (close < 0) return; // nothing after this point is a whole tag
      yield { name, start: at, end: close + 1, text: html.slice(at, close + 1) };
      at = html.indexOf('<', close + 1);
    } else at = html.indexOf('<', at + 1);
  }
}

/** How many remote resources the HTML would load (links a reader clicks are not counted). */
export function remoteCount(html: string): number {
  let n = 0;
  for (const tag of tagsOf(html, (name) => LOADING_TAGS.has(name) || name === 'link')) {
    const found = tag.text.match(REMOTE)?.length ?? 0;
    n += tag.name === 'link' ? Math.min(found, 1) : found; // a stylesheet link loads one thing
  }
  n += (html.match(REMOTE_CSS) ?? []).length;
  return n;
}

/**
 * The policy of the frame document. Scripts, forms, plugins, frames and connections are never
 * allowed; images, styles, fonts and media come from `data:` only unless remote content is allowed.
 * The `sandbox` directive keeps the document in an opaque origin even when opened on its own.
 */
export function frameCsp(remote: boolean): string {
  const src = remote ? 'data: http: https:' : 'data:';
  return [
    "default-src 'none'",
    `img-src ${src}`,
    `style-src 'unsafe-inline' ${remote ? 'http: https:' : ''}`.trim(),
    `font-src ${src}`,
    `media-src ${src}`,
    "script-src 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-popups allow-popups-to-escape-sandbox',
  ].join('; ');
}

export interface InlinePart {
  contentId?: string;
  contentType: string;
  content: Buffer;
}

/**
 * The document the frame loads: the mail's HTML with `cid:` references replaced by data: URLs of
 * their parts, and links opening outside the frame. Nothing else of the HTML is changed; the policy
 * (frameCsp) and the frame's sandbox attribute are what keep it inert.
 */
export function frameDocument(html: string, parts: InlinePart[]): string {
  const byCid = new Map<string, InlinePart>();
  for (const p of parts) if (p.contentId) byCid.set(p.contentId.replace(/^<|>$/g, '').toLowerCase(), p);
  // Each part is encoded once, and the parts inlined stop at INLINE_BUDGET characters: mail that
  // names a part 50,000 times would otherwise make a document of hundreds of megabytes.
  const urls = new Map<InlinePart, string>();
  let budget = INLINE_BUDGET;
  const withParts =
    byCid.size === 0
      ? html
      : html.replace(/cid:([^"'\s)>]+)/gi, (whole, id: string) => {
          const p = byCid.get(decodedOrAsIs(id).toLowerCase());
          if (!p) return whole;
          const type = p.contentType.replace(/[^\w.+/-]/g, '');
          const length = `data:${type};base64,`.length + Math.ceil(p.content.length / 3) * 4;
          if (length > budget) return whole; // not encoded at all past the budget
          budget -= length;
          let url = urls.get(p);
          if (url === undefined) urls.set(p, (url = `data:${type};base64,${p.content.toString('base64')}`));
          return url;
        });
  // A refresh would navigate the frame to a remote page without asking. Every <meta> becomes an
  // unknown element, which a browser ignores: removing only the refreshes depends on reading tags as
  // a browser does (quotes, comments, <title>, entities), and cutting one out can join the text
  // around it into a new one. The frame's charset comes with its Content-Type.
  const inert = withParts.replace(/<meta(?=[\s/>])/gi, '<x-meta');
  const base = '<base target="_blank">';
  const head = tagsOf(inert, (name) => name === 'head').next();
  if (!head.done) return inert.slice(0, head.value.end) + base + inert.slice(head.value.end);
  return `<!doctype html>${base}${inert}`;
}

/** Characters of data: URLs that one frame document inlines at most (references past it stay `cid:`). */
export const INLINE_BUDGET = 16 * 1024 * 1024;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A filename for Content-Disposition: ASCII fallback plus RFC 5987 UTF-8 form. */
export function contentDisposition(filename: string): string {
  // Cut at 200 code points, not UTF-16 units: half of a surrogate pair cannot be URI-encoded.
  const clean = [...filename.replace(/[\u0000-\u001f\u007f-\u009f"\\/]/g, '_')].slice(0, 200).join('').replace(LONE_SURROGATE, '\ufffd') || 'attachment';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/** A `cid:` reference percent-decoded, or as written when it is not valid percent-encoding. */
function decodedOrAsIs(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
