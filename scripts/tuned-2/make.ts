// Writes issue 29's training corpus: test/fixtures/mail/tuned-2/*.eml and its expected.json.
//
//   npx tsx scripts/tuned-2/make.ts
//
// Each language's phrases (langs-*.ts) are composed into one mail per class, and Keycloak's stock mails
// (idp.ts) added; each mail is encoded as senders in its language do (legacy charsets, quoted-printable,
// base64, 7bit or 8bit bodies, RFC 2047 subjects). The expected values are the codes and URLs written in
// the definitions. The script checks that every mail decodes back to what was written and that every
// expected value appears in it; it never runs the extractor.
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';
import { simpleParser } from 'mailparser';
import { IDP } from './idp.js';
import { ASIA } from './langs-asia.js';
import { EAST } from './langs-east.js';
import { WEST } from './langs-west.js';
import type { Btn, Cls, IdpDef, Lang, LangDef } from './types.js';

const OUT = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'tuned-2');

type Cte = 'quoted-printable' | 'base64' | '8bit' | '7bit';
type Block = { p: string } | { code: string } | { btn: Btn } | { small: string } | { link: Btn; before?: string } | { bare: string };
type Parts = 'both' | 'html' | 'text';

interface Mail {
  file: string;
  lang: Lang;
  cls: Cls;
  from: string;
  fromAddr: string;
  subject: string;
  text: string | null;
  html: string | null;
  charset: string;
  cte: Cte;
  qSubject: boolean;
  otp: string | null;
  link: string | null;
}

const RTL = new Set<Lang>(['ar', 'he']);

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function htmlOf(l: { lang: Lang; brand: string }, title: string, blocks: Block[], charset: string): string {
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 16px">${esc(b.p)}</p>`;
      if ('code' in b) return `<p style="margin:24px 0;font-size:30px;font-weight:bold;letter-spacing:6px;font-family:monospace">${esc(b.code)}</p>`;
      if ('btn' in b)
        return `<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="background:#1a5fd0;border-radius:6px"><a href="${esc(b.btn.url)}" style="display:inline-block;padding:12px 24px;color:#ffffff;text-decoration:none;font-weight:bold">${esc(b.btn.label)}</a></td></tr></table>`;
      if ('small' in b) return `<p style="margin:0 0 8px;font-size:12px;color:#777777">${esc(b.small)}</p>`;
      if ('bare' in b) return `<p style="margin:0 0 16px"><a href="${esc(b.bare)}">${esc(b.bare)}</a></p>`;
      return `<p style="margin:0 0 8px;font-size:12px;color:#777777">${b.before ? `${esc(b.before)} ` : ''}<a href="${esc(b.link.url)}" style="color:#777777">${esc(b.link.label)}</a></p>`;
    })
    .join('\n');
  const dir = RTL.has(l.lang) ? ' dir="rtl"' : '';
  return `<!DOCTYPE html>
<html lang="${l.lang}"${dir}>
<head><meta http-equiv="Content-Type" content="text/html; charset=${charset}"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="24" cellspacing="0" style="background:#ffffff;font-family:Arial,sans-serif;font-size:15px;color:#222222">
<tr><td>
${body}
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
}

function textOf(blocks: Block[], btnOnNextLine: boolean): string {
  const out: string[] = [];
  for (const b of blocks) {
    if ('p' in b) out.push(b.p, '');
    else if ('code' in b) out.push(`    ${b.code}`, '');
    else if ('btn' in b) out.push(btnOnNextLine ? `${b.btn.label}:\n${b.btn.url}` : `${b.btn.label}: ${b.btn.url}`, '');
    else if ('small' in b) out.push(b.small);
    else if ('bare' in b) out.push(b.bare, '');
    else out.push(`${b.before ? `${b.before} ` : ''}${b.link.label}: ${b.link.url}`);
  }
  return `${out.join('\n').trim()}\n`;
}

/** Which parts a mail has, which charset and transfer encoding: varied by language and class. */
function variant(li: number, mi: number, l: { charsets: [string, string] }): { parts: Parts; charset: string; cte: Cte; q: boolean } {
  const k = li * 7 + mi;
  const parts: Parts = (['both', 'html', 'text'] as const)[k % 3] as Parts;
  const charset = l.charsets[k % 2] as string;
  let cte: Cte;
  if (charset === 'us-ascii' || charset === 'iso-2022-jp') cte = '7bit';
  else if (charset === 'utf-8') cte = (['quoted-printable', 'base64', '8bit'] as const)[k % 3] as Cte;
  else if (['shift_jis', 'euc-kr', 'gbk', 'gb2312', 'big5'].includes(charset)) cte = k % 2 ? 'base64' : '8bit';
  else cte = k % 2 ? '8bit' : 'quoted-printable';
  return { parts, charset, cte, q: k % 2 === 0 };
}

function langMails(l: LangDef, li: number): Mail[] {
  const mails: Mail[] = [];
  const lc = l.lang.toLowerCase();
  const add = (mi: number, cls: Cls, subject: string, blocks: Block[], otp: string | null, link: string | null, force?: Parts) => {
    const v = variant(li, mi, l);
    const parts = force ?? v.parts;
    // A sender picks a charset that holds the whole mail: the other one of the language, else UTF-8.
    const fits = (cs: string) => {
      const all: Block[] = [{ p: l.hi }, ...blocks, { p: l.bye }];
      return canHold(subject + textOf(all, false) + l.brand, cs);
    };
    if (!fits(v.charset)) {
      const other = l.charsets.find((c) => c !== v.charset && fits(c));
      v.charset = other ?? 'utf-8';
      if (v.charset === 'utf-8' && (v.cte === '7bit' || v.cte === '8bit')) v.cte = 'base64';
      if (v.charset === 'iso-2022-jp') v.cte = '7bit';
      if (v.charset === 'shift_jis' && v.cte === 'quoted-printable') v.cte = 'base64';
    }
    const all: Block[] = [{ p: l.hi }, ...blocks, { p: l.bye }, { small: `${canHold('©', v.charset) ? '©' : '(c)'} 2026 ${l.brand}` }];
    mails.push({
      file: `${lc}-${cls}.eml`,
      lang: l.lang,
      cls,
      from: l.brand,
      fromAddr: `no-reply@${l.dom}`,
      subject,
      text: parts === 'html' ? null : textOf(all, (li + mi) % 2 === 0),
      html: parts === 'text' ? null : htmlOf(l, subject, all, v.charset),
      charset: v.charset,
      cte: v.cte,
      qSubject: v.q,
      otp,
      link,
    });
  };
  const withCode = (lines: string[], code: string): Block[] =>
    lines.some((s) => s.includes(code)) ? lines.map((p) => ({ p })) : [...lines.map((p) => ({ p })), { code }];

  add(0, 'otp-native-cue', l.otp.subj, [{ p: l.otp.intro }, { code: l.otp.code }, { p: l.otp.after }], l.otp.code, null);
  add(1, 'otp-distractors', l.dist.subj, [...withCode(l.dist.lines, l.dist.code), ...l.dist.footer.map((small) => ({ small }))], l.dist.code, null);
  add(
    2,
    'non-otp-code',
    l.nonOtp.subj,
    l.nonOtp.lines.map((p) => ({ p })),
    null,
    null,
  );
  add(
    3,
    'numbers-no-code',
    l.receipt.subj,
    l.receipt.lines.map((p) => ({ p })),
    null,
    null,
  );
  add(4, 'link-native-cue', l.verify.subj, [{ p: l.verify.intro }, { btn: l.verify.btn }, { p: l.verify.after }], null, l.verify.btn.url);
  add(5, 'link-invite', l.invite.subj, [{ p: l.invite.intro }, { btn: l.invite.accept }, { btn: l.invite.decline }], null, l.invite.accept.url);
  add(6, 'link-approve', l.approve.subj, [{ p: l.approve.intro }, { btn: l.approve.yes }, { btn: l.approve.no }], null, l.approve.yes.url);
  add(
    7,
    'link-cue-after-url',
    l.cueAfter.subj,
    [{ p: l.cueAfter.before }, { bare: l.cueAfter.url }, { p: l.cueAfter.after }],
    null,
    l.cueAfter.url,
    li % 2 === 0 ? 'text' : 'both',
  );
  add(
    8,
    'link-tracked-activate',
    l.tracked.subj,
    [{ link: l.tracked.others[0] as Btn }, { p: l.tracked.intro }, { btn: l.tracked.btn }, ...l.tracked.others.slice(1).map((link) => ({ link }))],
    null,
    l.tracked.btn.url,
    li % 3 === 1 ? 'both' : 'html',
  );
  const f = l.forgot;
  add(
    9,
    'link-forgot-footer',
    f.subj,
    [...f.lines.map((p) => ({ p })), ...(f.action ? [{ btn: f.action }] : []), { link: f.link, before: f.footer }],
    null,
    f.action ? f.action.url : null,
  );
  add(10, 'sign-in-alert', l.alert.subj, [...l.alert.lines.map((p) => ({ p })), { p: l.alert.notYou }, { btn: l.alert.secure }], null, null);
  return mails;
}

function idpMail(d: IdpDef, i: number): Mail {
  const text = `${d.text.replace('{url}', d.url)}\n`;
  const paras = d.text.split('\n\n');
  const html = `<html><body>\n${paras
    .map((p) => (p === '{url}' ? `<p><a href="${esc(d.url)}" rel="nofollow">${esc(d.label)}</a></p>` : `<p>${esc(p)}</p>`))
    .join('')}\n</body></html>\n`;
  return {
    file: `${d.lang.toLowerCase()}-link-idp-${d.kind}.eml`,
    lang: d.lang,
    cls: 'link-idp-default',
    from: '',
    fromAddr: `keycloak@${new URL(d.url).hostname}`,
    subject: d.subj,
    text,
    html,
    charset: d.charset,
    cte: d.charset === 'us-ascii' ? '7bit' : i % 2 ? 'quoted-printable' : 'base64',
    qSubject: i % 2 === 0,
    otp: null,
    link: d.url,
  };
}

// ---------- encoding ----------

function bytes(s: string, charset: string): Buffer {
  if (charset === 'iso-2022-jp') return Buffer.from(Encoding.convert(Encoding.stringToCode(s), { to: 'JIS', from: 'UNICODE' }) as number[]);
  if (charset === 'us-ascii' || charset === 'utf-8') {
    const b = Buffer.from(s, 'utf8');
    if (charset === 'us-ascii' && b.some((c) => c > 127)) throw new Error(`not ASCII: ${s.slice(0, 60)}`);
    return b;
  }
  const b = iconv.encode(s, charset);
  if (iconv.decode(b, charset) !== s) throw new Error(`${charset} cannot hold: ${s.slice(0, 80)}`);
  return b;
}

function canHold(s: string, charset: string): boolean {
  try {
    bytes(s, charset);
    return true;
  } catch {
    return false;
  }
}

function crlf(b: Buffer): Buffer {
  return Buffer.from(b.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}

function qp(b: Buffer): string {
  const lines: string[] = [];
  let line = '';
  const push = (tok: string) => {
    if (line.length + tok.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += tok;
  };
  for (let i = 0; i < b.length; i++) {
    const c = b[i] as number;
    if (c === 0x0d && b[i + 1] === 0x0a) {
      // Trailing space before a line break must be encoded.
      if (line.endsWith(' ')) line = `${line.slice(0, -1)}=20`;
      lines.push(line);
      line = '';
      i++;
      continue;
    }
    if ((c >= 33 && c <= 126 && c !== 61) || c === 32) push(String.fromCharCode(c));
    else push(`=${c.toString(16).toUpperCase().padStart(2, '0')}`);
  }
  if (line) lines.push(line);
  return lines.join('\r\n');
}

function wrap76(s: string): string {
  return s.replace(/.{1,76}/g, '$&\r\n').trimEnd();
}

function body(s: string, charset: string, cte: Cte): string {
  const b = crlf(bytes(s, charset));
  if (cte === 'base64') return wrap76(b.toString('base64'));
  if (cte === 'quoted-printable') return qp(b);
  return b.toString('latin1');
}

/** An RFC 2047 header value: encoded words of whole characters, in the body's charset or UTF-8. */
function word(s: string, charset: string, q: boolean): string {
  if (/^[\x20-\x7e]*$/.test(s)) return s;
  const cs = charset === 'us-ascii' ? 'utf-8' : charset;
  const chunks: string[] = [];
  let cur = '';
  for (const ch of s) {
    if (bytes(cur + ch, cs).length > 36) {
      chunks.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur) chunks.push(cur);
  const useQ = q && cs !== 'iso-2022-jp' && !['shift_jis', 'euc-kr', 'gbk', 'big5', 'utf-8'].includes(cs);
  return chunks
    .map((c) => {
      const b = bytes(c, cs);
      if (!useQ) return `=?${cs}?B?${b.toString('base64')}?=`;
      let out = '';
      for (const x of b)
        out +=
          (x >= 48 && x <= 57) || (x >= 65 && x <= 90) || (x >= 97 && x <= 122)
            ? String.fromCharCode(x)
            : x === 32
              ? '_'
              : `=${x.toString(16).toUpperCase().padStart(2, '0')}`;
      return `=?${cs}?Q?${out}?=`;
    })
    .join('\r\n ');
}

function partOf(type: 'plain' | 'html', s: string, m: Mail): string {
  return `Content-Type: text/${type}; charset="${m.charset}"\r\nContent-Transfer-Encoding: ${m.cte}\r\n\r\n${body(s, m.charset, m.cte)}\r\n`;
}

function eml(m: Mail, i: number): Buffer {
  const id = `${(0x5a1f3c + i * 7919).toString(16)}${m.file.length.toString(16)}`;
  const from = m.from ? `${word(m.from, m.charset, m.qSubject)} <${m.fromAddr}>` : m.fromAddr;
  const head = [
    `Return-Path: <bounce-${id}@${m.fromAddr.split('@')[1]}>`,
    `From: ${from}`,
    'To: tester@inbox.test',
    `Subject: ${word(m.subject, m.charset, m.qSubject)}`,
    `Date: Fri, 27 Nov 2026 ${String(8 + (i % 10)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00 +0000`,
    `Message-ID: <${id}.${i}@${m.fromAddr.split('@')[1]}>`,
    'MIME-Version: 1.0',
  ];
  let out: string;
  if (m.text !== null && m.html !== null) {
    const boundary = `----=_Part_${id}_${i}`;
    out = `${head.join('\r\n')}\r\nContent-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n--${boundary}\r\n${partOf('plain', m.text, m)}--${boundary}\r\n${partOf('html', m.html, m)}--${boundary}--\r\n`;
  } else {
    out = `${head.join('\r\n')}\r\n${partOf(m.text !== null ? 'plain' : 'html', (m.text ?? m.html) as string, m)}`;
  }
  if (m.cte === '7bit' && /[^\x00-\x7f]/.test(out)) throw new Error(`${m.file}: 7bit body with 8-bit bytes`);
  return Buffer.from(out, 'latin1');
}

async function main(): Promise<void> {
  const mails = [...[...WEST, ...EAST, ...ASIA].flatMap((l, li) => langMails(l, li)), ...IDP.map(idpMail)];
  const files = new Set(mails.map((m) => m.file));
  if (files.size !== mails.length) throw new Error('duplicate file names');
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (f.endsWith('.eml')) unlinkSync(join(OUT, f));
  const expected: Record<string, { otp: string | null; verificationLink: string | null; lang: Lang; class: Cls }> = {};
  for (const [i, m] of mails.entries()) {
    const raw = eml(m, i);
    // Decodes back to what was written, and holds what is expected.
    const parsed = await simpleParser(raw);
    const norm = (s: string | null | undefined) => (s ?? '').replace(/\r\n/g, '\n').trim();
    if (parsed.subject !== m.subject) throw new Error(`${m.file}: subject decodes to ${parsed.subject}`);
    if (m.text !== null && norm(parsed.text) !== norm(m.text)) throw new Error(`${m.file}: text part does not decode back`);
    if (m.html !== null && norm(parsed.html || '') !== norm(m.html)) throw new Error(`${m.file}: HTML part does not decode back`);
    const all = `${parsed.subject}\n${parsed.text ?? ''}\n${(parsed.html || '').replace(/&amp;/g, '&')}`;
    if (m.otp !== null && !all.includes(m.otp)) throw new Error(`${m.file}: code ${m.otp} not in the mail`);
    if (m.link !== null && !all.includes(m.link)) throw new Error(`${m.file}: link not in the mail`);
    writeFileSync(join(OUT, m.file), raw);
    expected[m.file] = { otp: m.otp, verificationLink: m.link, lang: m.lang, class: m.cls };
  }
  const sorted = Object.fromEntries(Object.entries(expected).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(join(OUT, 'expected.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  const negatives = mails.filter((m) => m.otp === null && m.link === null).length;
  console.log(`${mails.length} mails written to ${OUT} (${negatives} expect neither code nor link)`);
}

await main();
