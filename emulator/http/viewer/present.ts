// How the viewer presents parts of a message: the sender's display name and address, the text
// part's web addresses as links, the HTML source cut into tags, comments and text for colouring,
// and whether an attachment is an image a browser can show as a thumbnail (by its bytes, not by the
// type the sender declared). Pure functions; the views (views.tsx) render what they return.

/** A From value (`Name <address>`, `"Last, First" <address>`, `<address>`, `address`) in its parts. */
export function senderParts(from: string): { name: string; address: string } {
  const m = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>]*)>\s*$/.exec(from);
  if (!m) return { name: '', address: from.trim() };
  const name = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? '');
  return { name: name.trim(), address: m[3]!.trim() };
}

/** What the lists show of a sender: the display name, else the address. */
export function senderLabel(from: string): string {
  const { name, address } = senderParts(from);
  return name || address;
}

export type TextPiece = { link: false; text: string } | { link: true; text: string; href: string };

/** http(s) addresses and www. names in plain text. */
const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;

/**
 * The text cut into plain runs and web addresses. Punctuation that ends a sentence is not part of
 * an address, nor is a closing bracket without its opening one: "(see https://x.test/a)." links
 * https://x.test/a.
 */
export function linkify(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    let url = m[0];
    for (;;) {
      const end = url[url.length - 1]!;
      if (/[.,;:!?]/.test(end)) url = url.slice(0, -1);
      else if (end === ')' && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
      else if (end === ']' && count(url, '[') < count(url, ']')) url = url.slice(0, -1);
      else break;
    }
    const at = m.index!;
    if (/^(?:https?:\/\/|www\.)$/i.test(url)) continue;
    if (at > last) out.push({ link: false, text: text.slice(last, at) });
    out.push({ link: true, text: url, href: /^www\./i.test(url) ? `https://${url}` : url });
    last = at + url.length;
  }
  if (last < text.length) out.push({ link: false, text: text.slice(last) });
  return out;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

export interface SourcePiece {
  kind: 'tag' | 'comment' | 'text';
  text: string;
}

/**
 * HTML source in pieces for colouring: comments, tags (`<name ...>`, `</name>`, `<!doctype>`; a `>`
 * inside a quoted attribute value does not end one) and the text between. One pass; an unclosed tag
 * or comment runs to the end.
 */
export function sourcePieces(html: string): SourcePiece[] {
  const out: SourcePiece[] = [];
  const push = (kind: SourcePiece['kind'], text: string) => {
    if (text === '') return;
    const prev = out[out.length - 1];
    if (prev && prev.kind === kind && kind === 'text') prev.text += text;
    else out.push({ kind, text });
  };
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      push('text', html.slice(at));
      break;
    }
    push('text', html.slice(at, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      const end = close < 0 ? html.length : close + 3;
      push('comment', html.slice(lt, end));
      at = end;
      continue;
    }
    if (!/[a-zA-Z/!?]/.test(html[lt + 1] ?? '')) {
      push('text', '<');
      at = lt + 1;
      continue;
    }
    let i = lt + 1;
    let quote = '';
    for (; i < html.length; i++) {
      const c = html[i]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    const end = Math.min(i + 1, html.length);
    push('tag', html.slice(lt, end));
    at = end;
  }
  return out;
}

/** Image types a thumbnail is shown for, by their first bytes. SVG is not one: it is a document. */
const IMAGE_MAGIC: Array<[string, (b: Buffer) => boolean]> = [
  ['image/png', (b) => b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a],
  ['image/jpeg', (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.length > 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')],
  ['image/webp', (b) => b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP'],
  ['image/bmp', (b) => b.length > 14 && b.toString('latin1', 0, 2) === 'BM'],
];

/** Bytes above which no thumbnail is made (the image is still a download). */
export const THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The image type of an attachment when a browser can show it as a thumbnail, else null: told by its
 * first bytes (`head`: 16 are enough), `size` being the whole attachment's.
 */
export function thumbnailType(head: Buffer, size = head.length): string | null {
  if (size > THUMBNAIL_MAX_BYTES) return null;
  for (const [type, test] of IMAGE_MAGIC) if (test(head)) return type;
  return null;
}
