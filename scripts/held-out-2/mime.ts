// MIME writing for the second held-out corpus (scripts/held-out-2/make.ts): charsets (legacy ones
// through iconv-lite; ISO-2022-JP by hand from EUC-JP), quoted-printable and base64 bodies, RFC 2047
// encoded headers, and a small e-mail template (HTML and its text twin built from the same blocks).
// Measurement fixtures only: nothing here looks at what the extractor does.
import iconv from 'iconv-lite';

export type Cte = 'quoted-printable' | 'base64' | '7bit' | '8bit';

/** Bytes of `s` in `charset` (ISO-2022-JP from EUC-JP: JIS X 0208 runs between ESC $ B and ESC ( B). */
export function encodeCharset(s: string, charset: string): Buffer {
  const cs = charset.toLowerCase();
  if (cs === 'utf-8') return Buffer.from(s, 'utf8');
  if (cs === 'iso-2022-jp') {
    const euc = iconv.encode(s, 'euc-jp');
    const out: number[] = [];
    let kanji = false;
    for (let i = 0; i < euc.length; i++) {
      const b = euc[i] as number;
      if (b >= 0xa1 && b <= 0xfe) {
        if (!kanji) out.push(0x1b, 0x24, 0x42);
        kanji = true;
        out.push(b - 0x80, (euc[i + 1] as number) - 0x80);
        i++;
      } else {
        if (b >= 0x80) throw new Error(`ISO-2022-JP: byte ${b.toString(16)} (half-width kana or JIS X 0212) in ${JSON.stringify(s.slice(0, 40))}`);
        if (kanji) out.push(0x1b, 0x28, 0x42);
        kanji = false;
        out.push(b);
      }
    }
    if (kanji) out.push(0x1b, 0x28, 0x42);
    return Buffer.from(out);
  }
  if (!iconv.encodingExists(cs)) throw new Error(`unknown charset ${charset}`);
  const buf = iconv.encode(s, cs);
  const back = iconv.decode(buf, cs);
  if (back !== s) {
    const at = [...s].findIndex((c, i) => [...back][i] !== c);
    throw new Error(`${charset} cannot carry ${JSON.stringify([...s][at])} in ${JSON.stringify(s.slice(Math.max(0, at - 20), at + 20))}`);
  }
  return buf;
}

function hex(b: number): string {
  return `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Quoted-printable of a body whose lines end in LF; output lines end in CRLF, at most 76 characters. */
export function quotedPrintable(bytes: Buffer): string {
  const lines: number[][] = [[]];
  for (const b of bytes) {
    if (b === 0x0a) lines.push([]);
    else if (b !== 0x0d) (lines[lines.length - 1] as number[]).push(b);
  }
  const out: string[] = [];
  for (const line of lines) {
    const tokens = line.map((b, i) => {
      const last = i === line.length - 1;
      if (b === 0x3d || b > 0x7e || (b < 0x20 && b !== 0x09) || (last && (b === 0x20 || b === 0x09))) return hex(b);
      return String.fromCharCode(b);
    });
    let cur = '';
    for (const t of tokens) {
      if (cur.length + t.length > 75) {
        out.push(`${cur}=`);
        cur = '';
      }
      cur += t;
    }
    out.push(cur);
  }
  return out.join('\r\n');
}

export function base64Lines(bytes: Buffer): string {
  const b = bytes.toString('base64');
  const out: string[] = [];
  for (let i = 0; i < b.length; i += 76) out.push(b.slice(i, i + 76));
  return out.join('\r\n');
}

/** A header value with RFC 2047 encoded words where it is not ASCII (whole characters per word). */
export function encodeHeader(value: string, charset: string, mode: 'B' | 'Q' = 'B'): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const chars = [...value];
  const words: string[] = [];
  let chunk = '';
  const flush = () => {
    if (!chunk) return;
    const bytes = encodeCharset(chunk, charset);
    if (mode === 'B') words.push(`=?${charset}?B?${bytes.toString('base64')}?=`);
    else {
      let q = '';
      for (const b of bytes)
        q += b === 0x20 ? '_' : b > 0x7e || b < 0x20 || '=?_"(),.:;<>@[\\]'.includes(String.fromCharCode(b)) ? hex(b) : String.fromCharCode(b);
      words.push(`=?${charset}?Q?${q}?=`);
    }
    chunk = '';
  };
  for (const c of chars) {
    const next = chunk + c;
    const len = encodeCharset(next, charset).length;
    if ((mode === 'B' ? Math.ceil(len / 3) * 4 : len * 3) + charset.length + 7 > 75) flush();
    chunk += c;
  }
  flush();
  return words.join('\r\n ');
}

export interface Part {
  type: 'text/plain' | 'text/html';
  body: string;
  charset: string;
  cte: Cte;
}

function partBytes(p: Part): { headers: string; body: string } {
  const bytes = encodeCharset(p.body.replace(/\r\n/g, '\n'), p.charset);
  let body: string;
  if (p.cte === 'quoted-printable') body = quotedPrintable(bytes);
  else if (p.cte === 'base64') body = base64Lines(bytes);
  else body = bytes.toString('latin1').replace(/\n/g, '\r\n');
  return { headers: `Content-Type: ${p.type}; charset="${p.charset}"\r\nContent-Transfer-Encoding: ${p.cte}`, body };
}

export interface Envelope {
  from: string;
  to: string;
  subject: string;
  date: string;
  messageId: string;
  headerCharset: string;
  headerMode: 'B' | 'Q';
  extraHeaders?: string[];
}

/** A display name and address, the name encoded when it is not ASCII. */
function address(a: string, charset: string, mode: 'B' | 'Q'): string {
  const m = /^(.*?)\s*<([^>]+)>$/.exec(a);
  if (!m) return a;
  const name = m[1] as string;
  const enc = /^[\x20-\x7e]*$/.test(name) ? (/[,.;:@]/.test(name) ? `"${name}"` : name) : encodeHeader(name, charset, mode);
  return `${enc} <${m[2]}>`;
}

/** The message's bytes (as a latin1 string: every body is already 7- or 8-bit safe). */
export function message(env: Envelope, parts: Part[], boundary: string): Buffer {
  const h = [
    `From: ${address(env.from, env.headerCharset, env.headerMode)}`,
    `To: ${env.to}`,
    `Subject: ${encodeHeader(env.subject, env.headerCharset, env.headerMode)}`,
    `Date: ${env.date}`,
    `Message-ID: <${env.messageId}>`,
    ...(env.extraHeaders ?? []),
    'MIME-Version: 1.0',
  ];
  let out: string;
  if (parts.length === 1) {
    const p = partBytes(parts[0] as Part);
    out = `${h.join('\r\n')}\r\n${p.headers}\r\n\r\n${p.body}\r\n`;
  } else {
    const body = parts.map((part) => {
      const p = partBytes(part);
      return `--${boundary}\r\n${p.headers}\r\n\r\n${p.body}\r\n`;
    });
    out = `${h.join('\r\n')}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n${body.join('')}--${boundary}--\r\n`;
  }
  return Buffer.from(out, 'latin1');
}

// ---- a small e-mail template ----------------------------------------------------------------

export type Block =
  | { k: 'p'; s: string }
  | { k: 'raw'; html: string; text: string }
  | { k: 'code'; v: string }
  | { k: 'btn'; label: string; url: string; text?: 'colon' | 'url' | 'newline' | 'angle' }
  | { k: 'a'; before: string; label: string; url: string; after?: string }
  | { k: 'small'; s: string };

export const p = (s: string): Block => ({ k: 'p', s });
export const code = (v: string): Block => ({ k: 'code', v });
export const btn = (label: string, url: string, text: 'colon' | 'url' | 'newline' | 'angle' = 'newline'): Block => ({ k: 'btn', label, url, text });
export const a = (before: string, label: string, url: string, after = ''): Block => ({ k: 'a', before, label, url, after });
export const small = (s: string): Block => ({ k: 'small', s });
export const raw = (html: string, text: string): Block => ({ k: 'raw', html, text });

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Template {
  brand: string;
  logo: string;
  lang: string;
  rtl?: boolean;
  preheader?: string;
  blocks: Block[];
  footer: Array<string | [string, string]>;
}

export function renderHtml(t: Template, charset: string, title: string): string {
  const dir = t.rtl ? ' dir="rtl"' : '';
  const align = t.rtl ? 'right' : 'left';
  const font = 'font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:24px;color:#1f2933';
  const body = t.blocks
    .map((b) => {
      switch (b.k) {
        case 'p':
          return `<p style="margin:0 0 16px;${font}">${esc(b.s).replace(/\n/g, '<br>')}</p>`;
        case 'small':
          return `<p style="margin:0 0 12px;font-family:Helvetica,Arial,sans-serif;font-size:13px;line-height:19px;color:#6b7280">${esc(b.s)}</p>`;
        case 'raw':
          return b.html;
        case 'code':
          return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:#f3f4f6;border-radius:8px;padding:16px 28px;font-family:'Courier New',monospace;font-size:32px;font-weight:700;letter-spacing:6px;color:#111827">${esc(b.v)}</td></tr></table>`;
        case 'btn':
          return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td bgcolor="#2563eb" style="border-radius:6px"><a href="${esc(b.url)}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:Helvetica,Arial,sans-serif;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${esc(b.label)}</a></td></tr></table>`;
        case 'a':
          return `<p style="margin:0 0 16px;${font}">${esc(b.before)}<a href="${esc(b.url)}" style="color:#2563eb">${esc(b.label)}</a>${esc(b.after ?? '')}</p>`;
      }
      return '';
    })
    .join('\n');
  const footer = t.footer.map((f) => (typeof f === 'string' ? esc(f) : `<a href="${esc(f[1])}" style="color:#6b7280">${esc(f[0])}</a>`)).join('<br>\n');
  const pre = t.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${esc(t.preheader)}&nbsp;&zwnj;&nbsp;&zwnj;&nbsp;&zwnj;&nbsp;&zwnj;</div>\n`
    : '';
  return `<!DOCTYPE html>
<html lang="${t.lang}"${dir}>
<head>
<meta http-equiv="Content-Type" content="text/html; charset=${charset}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>@media only screen and (max-width:620px){.container{width:100%!important}}</style>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
${pre}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" bgcolor="#ffffff" style="border-radius:8px">
<tr><td style="padding:28px 32px 8px" align="${align}"><img src="${esc(t.logo)}" width="120" height="32" alt="${esc(t.brand)}" style="display:block;border:0"></td></tr>
<tr><td style="padding:16px 32px 8px" align="${align}">
${body}
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e5e7eb;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:18px;color:#6b7280" align="${align}">
${footer}
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}

export function renderText(t: Template): string {
  const out: string[] = [];
  for (const b of t.blocks) {
    switch (b.k) {
      case 'p':
      case 'small':
        out.push(b.s);
        break;
      case 'raw':
        if (b.text) out.push(b.text);
        break;
      case 'code':
        out.push(`    ${b.v}`);
        break;
      case 'btn':
        if (b.text === 'colon') out.push(`${b.label}: ${b.url}`);
        else if (b.text === 'url') out.push(b.url);
        else if (b.text === 'angle') out.push(`${b.label} <${b.url}>`);
        else out.push(`${b.label}\n${b.url}`);
        break;
      case 'a':
        out.push(`${b.before}${b.label}${b.after ?? ''}\n${b.url}`);
        break;
    }
  }
  const footer = t.footer.map((f) => (typeof f === 'string' ? f : `${f[0]}: ${f[1]}`));
  return `${out.join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}

/** A template with the usual logo path. */
export function tpl(brand: string, host: string, lang: string, blocks: Block[], footer: Template['footer'], more: Partial<Template> = {}): Template {
  return { brand, logo: `https://${host}/assets/email/logo@2x.png`, lang, blocks, footer, ...more };
}
