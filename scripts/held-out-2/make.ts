/**
 * Writes test/fixtures/mail/held-out-2/: the second held-out extraction corpus of issue 29 (one .eml per
 * message, expected.json: file → { otp, verificationLink, lang, class }).
 *
 *   npx tsx scripts/held-out-2/make.ts
 *
 * The mails and their expected values are written by hand in mails-*.ts, from how senders in each
 * language phrase such mail, without looking at the extractor; it was committed before any rule change
 * of issue 29 and must never be tuned on. This script only encodes them (charsets, transfer encodings,
 * RFC 2047 headers) and checks that each expected code or link really appears in the decoded mail.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { CJK } from './mails-cjk.js';
import { EAST } from './mails-east.js';
import { EUROPE } from './mails-europe.js';
import { esc, message, type Part, renderHtml, renderText } from './mime.js';
import { CLASSES, LANGS, type Mail } from './types.js';

export const HELD_OUT_2 = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'mail', 'held-out-2');

export const MAILS: Mail[] = [...EUROPE, ...EAST, ...CJK];

function dateOf(i: number): string {
  const d = new Date(Date.UTC(2026, 0, 5, 7, 3, 0) + i * 7_919_000);
  return d.toUTCString().replace('GMT', '+0000');
}

async function main(): Promise<void> {
  const seen = new Set<string>();
  for (const m of MAILS) {
    if (seen.has(m.file)) throw new Error(`duplicate ${m.file}`);
    seen.add(m.file);
    if (!LANGS.includes(m.lang) || !(m.cls in CLASSES)) throw new Error(`${m.file}: bad lang or class`);
  }
  mkdirSync(HELD_OUT_2, { recursive: true });
  for (const f of readdirSync(HELD_OUT_2)) if (f.endsWith('.eml')) rmSync(join(HELD_OUT_2, f));
  const expected: Record<string, { otp: string | null; verificationLink: string | null; lang: string; class: string }> = {};
  let i = 0;
  for (const m of MAILS) {
    const charset = m.charset ?? 'utf-8';
    const cte = m.cte ?? 'quoted-printable';
    const shape = m.parts ?? 'alt';
    const text = m.text ?? (m.t ? renderText(m.t) : undefined);
    const html = m.html ?? (m.t ? renderHtml(m.t, charset, m.subject) : undefined);
    const parts: Part[] = [];
    if (shape !== 'html') {
      if (text === undefined) throw new Error(`${m.file}: no text`);
      parts.push({ type: 'text/plain', body: text, charset, cte });
    }
    if (shape !== 'text') {
      if (html === undefined) throw new Error(`${m.file}: no html`);
      parts.push({ type: 'text/html', body: html, charset, cte: m.htmlCte ?? cte });
    }
    const hash = createHash('sha1').update(m.file).digest('hex');
    const domain = /@([^>]+)>?$/.exec(m.from)?.[1] ?? 'mail.test';
    const bytes = message(
      {
        from: m.from,
        to: m.to ?? 'qa@inbox.test',
        subject: m.subject,
        date: dateOf(i++),
        messageId: `${hash.slice(0, 24)}@${domain}`,
        headerCharset: charset,
        headerMode: m.headerMode ?? 'B',
        extraHeaders: m.extraHeaders,
      },
      parts,
      `----=_Part_${hash.slice(0, 8)}_${hash.slice(8, 18)}`,
    );
    writeFileSync(join(HELD_OUT_2, m.file), bytes);

    // The decoded mail must carry what is expected of it (a check of the fixture, not of the extractor).
    const parsed = await simpleParser(bytes);
    if (parsed.subject !== m.subject) throw new Error(`${m.file}: subject decodes to ${JSON.stringify(parsed.subject)}`);
    const decoded = `${parsed.subject}\n${parsed.text ?? ''}\n${typeof parsed.html === 'string' ? parsed.html : ''}`;
    if (text !== undefined && shape !== 'html' && !(parsed.text ?? '').includes(text.trim().slice(0, 40)))
      throw new Error(`${m.file}: text part does not decode`);
    if (m.link !== null && !decoded.includes(m.link) && !decoded.includes(esc(m.link))) throw new Error(`${m.file}: expected link not in the mail`);
    if (m.otp !== null) {
      const flat = decoded.replace(/[\s\u00a0-]/g, '');
      if (!decoded.includes(m.otp) && !flat.includes(m.otp.replace(/-/g, ''))) throw new Error(`${m.file}: expected code not in the mail`);
    }
    expected[m.file] = { otp: m.otp, verificationLink: m.link, lang: m.lang, class: m.cls };
  }
  const sorted = Object.fromEntries(Object.entries(expected).sort(([x], [y]) => (x < y ? -1 : 1)));
  writeFileSync(join(HELD_OUT_2, 'expected.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${MAILS.length} mails written to ${HELD_OUT_2}`);
}

await main();
