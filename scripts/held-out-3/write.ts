// Writing a corpus of mails defined as in scripts/held-out-3/types.ts: render (render.ts), encode
// (scripts/held-out-2/mime.ts), and check that each expected code or link appears in the decoded mail
// (a check of the fixture, not of the extractor). Used by scripts/held-out-3/make.ts and
// scripts/tuned-3/make.ts.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { esc, message, type Part } from '../held-out-2/mime.js';
import { renderHtml, renderText, tracker } from './render.js';
import { CLASSES, LANGS, type Mail } from './types.js';

function dateOf(i: number): string {
  const d = new Date(Date.UTC(2026, 2, 2, 6, 41, 0) + i * 5_407_000);
  return d.toUTCString().replace('GMT', '+0000');
}

/**
 * Writes `mails` into `dir` (one .eml each and expected.json), after checking names, languages and
 * classes; `idPrefix` makes each corpus's Message-IDs its own.
 */
export async function writeCorpus(mails: Mail[], dir: string, idPrefix: string): Promise<void> {
  const seen = new Set<string>();
  for (const m of mails) {
    if (seen.has(m.file)) throw new Error(`duplicate ${m.file}`);
    seen.add(m.file);
    if (!m.file.endsWith('.eml') || !LANGS.includes(m.lang) || !(m.cls in CLASSES)) throw new Error(`${m.file}: bad name, lang or class`);
  }
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith('.eml')) rmSync(join(dir, f));
  const expected: Record<string, { otp: string | null; verificationLink: string | null; lang: string; class: string }> = {};
  let i = 0;
  for (const m of mails) {
    const charset = m.charset ?? 'utf-8';
    const cte = m.cte ?? (charset === 'utf-8' ? 'quoted-printable' : 'base64');
    const shape = m.look.style === 'plain' ? 'text' : (m.parts ?? (m.look.style === 'min' ? 'html' : 'alt'));
    const text = renderText(m.look);
    const html = renderHtml(m.look, charset, m.subject);
    const parts: Part[] = [];
    if (shape !== 'html') parts.push({ type: 'text/plain', body: text, charset, cte });
    if (shape !== 'text') parts.push({ type: 'text/html', body: html, charset, cte });
    const hash = createHash('sha1').update(`${idPrefix}/${m.file}`).digest('hex');
    const domain = /@([^>]+)>?$/.exec(m.from)?.[1] ?? 'mail.test';
    const bytes = message(
      {
        from: m.from,
        to: 'qa@inbox.test',
        subject: m.subject,
        date: dateOf(i++),
        messageId: `${hash.slice(0, 20)}.${hash.slice(20, 30)}@${domain}`,
        headerCharset: charset,
        headerMode: m.headerMode ?? 'B',
      },
      parts,
      `_=_b${hash.slice(0, 12)}_=_`,
    );
    writeFileSync(join(dir, m.file), bytes);

    const link = m.link === null ? null : m.look.tracked ? tracker(m.look.host, m.link) : m.link;
    // The decoded mail must carry what is expected of it (a check of the fixture, not of the extractor).
    const parsed = await simpleParser(bytes);
    if (parsed.subject !== m.subject) throw new Error(`${m.file}: subject decodes to ${JSON.stringify(parsed.subject)}`);
    const decoded = `${parsed.subject}\n${parsed.text ?? ''}\n${typeof parsed.html === 'string' ? parsed.html : ''}`;
    if (link !== null && !decoded.includes(link) && !decoded.includes(esc(link))) throw new Error(`${m.file}: expected link not in the mail`);
    if (m.otp !== null) {
      const flat = decoded
        .normalize('NFKC')
        .replace(/<[^>]*>/g, '')
        .replace(/[\s\u00a0-]/g, '');
      if (!decoded.includes(m.otp) && !flat.includes(m.otp.replace(/-/g, ''))) throw new Error(`${m.file}: expected code not in the mail`);
    }
    expected[m.file] = { otp: m.otp, verificationLink: link, lang: m.lang, class: m.cls };
  }
  const sorted = Object.fromEntries(Object.entries(expected).sort(([x], [y]) => (x < y ? -1 : 1)));
  writeFileSync(join(dir, 'expected.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${mails.length} mails written to ${dir}`);
}
