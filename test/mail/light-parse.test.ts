// lightParse() against MailParser: for every message of every corpus the repository has (the
// extraction fixtures, tuned and held out, both benchmark corpora), for composed messages of many
// shapes and for hostile ones, the light reader either declines (null: MailParser reads it) or gives
// exactly what MailParser gives: subject, From, date, recipients, text, HTML, attachment count, and
// so the same code and link.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { buildCorpus, buildRealisticCorpus, receivedBytes } from '../../bench/lib/corpus.js';
import { lightParse, MAX_HTML_TO_TEXT } from '../../emulator/core/light-parse.js';
import { readingOf } from '../../emulator/core/mail-reader.js';
import { outlineStoredMail, parseBuffer, parseWithMailParser, readStoredMail, type ParsedFields } from '../../emulator/core/parse-mail.js';

/** A Date header MailParser cannot read becomes the time of the parse: both readers then give "now". */
function comparable(f: ParsedFields) {
  const near = f.date !== null && Math.abs(f.date.getTime() - Date.now()) < 60_000;
  return { ...f, date: near ? 'now' : (f.date?.toISOString() ?? null) };
}

/** Both readers agree on `raw` (or the light one declines); true when the light one read it. */
async function agree(raw: Buffer, label = ''): Promise<boolean> {
  const light = lightParse(raw);
  const full = await parseWithMailParser(raw);
  if (light === null) return false;
  expect(comparable(light), label).toEqual(comparable(full));
  const a = readingOf(light);
  const b = readingOf(full);
  expect([a.otp, a.verificationLink], label).toEqual([b.otp, b.verificationLink]);
  return true;
}

async function compose(mail: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer({ from: 'a@example.test', to: 'b@inbox.test', subject: 's', ...mail }).compile().build();
}

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('lightParse', () => {
  it('reads every extraction fixture (tuned and held out) as MailParser does', async () => {
    const light: string[] = [];
    const declined: string[] = [];
    for (const sub of ['', 'held-out/']) {
      const dir = fileURLToPath(new URL(`../fixtures/mail/${sub}`, import.meta.url));
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files.length).toBeGreaterThan(20);
      for (const f of files) {
        const raw = readFileSync(dir + f);
        (await agree(raw, sub + f)) ? light.push(f) : declined.push(f);
        // The same message with LF line endings.
        await agree(Buffer.from(raw.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'), `${sub}${f} (LF)`);
      }
    }
    // Most of them are what it is for.
    expect(light.length).toBeGreaterThan(declined.length * 3);
  });

  it('reads every message of both benchmark corpora, attachments included, as MailParser does', async () => {
    for (const build of [buildCorpus, buildRealisticCorpus]) {
      const corpus = build({ count: 60, recipients: ['x@inbox.test', 'y@inbox.test'], attachmentEvery: 5, attachmentBytes: 200_000 });
      for (const [i, m] of corpus.entries()) expect(await agree(receivedBytes(m), `${build.name} ${i}`)).toBe(true);
    }
  });

  it('reads composed messages of many shapes as MailParser does', async () => {
    const html = '<html><body><p>Your code is <b>482913</b></p><a href="https://x.test/verify?t=1">Verify</a></body></html>';
    const shapes: Array<ConstructorParameters<typeof MailComposer>[0]> = [
      { text: 'Your code is 123456' },
      { html },
      { text: 'code 123456', html },
      { text: 'Grüße, dein Code: 778899 — ünïcödé', html: '<p>Grüße 778899</p>', subject: 'Bestätigung ✓ für Jürgen' },
      { text: 'x'.repeat(300) + ' long line ' + 'é'.repeat(200), textEncoding: 'quoted-printable' } as never,
      { text: 'base64 text é 445566', textEncoding: 'base64' } as never,
      { text: 'Latin: Grüße 112233', encoding: 'latin1' } as never,
      { text: 'hi', html, attachments: [{ filename: 'r.pdf', content: randomBytes(3000) }] },
      { html, attachments: [{ filename: 'logo.png', content: randomBytes(500), cid: 'logo@x', contentType: 'image/png' }] },
      { text: 'plain', attachments: [{ filename: 'notes.txt', content: 'attached 999999', contentType: 'text/plain' }] },
      { text: 'inline text attachment', attachments: [{ content: 'second part 555', contentType: 'text/plain', contentDisposition: 'inline' }] },
      { text: 'html attachment', attachments: [{ filename: 'x.html', content: '<b>1</b>', contentType: 'text/html' }] },
      { text: 'embedded', attachments: [{ filename: 'm.eml', content: 'Subject: in\r\n\r\nhello 123456\r\n', contentType: 'message/rfc822' }] },
      { text: 'alt', alternatives: [{ content: '<p>alt html 654321</p>', contentType: 'text/html' }] },
      { to: ['"Doe, Jane" <jane@x.test>', 'group: a@x.test, b@x.test;'], cc: '=?utf-8?B?w5xtbGF1dA==?= <u@x.test>', text: 'to' },
      { from: '"Ünïcode Sender" <s@x.test>', subject: '=?iso-8859-1?Q?Gr=FC=DFe?= and more', text: 'headers' },
      { date: 'not a date', text: 'bad date' } as never,
      { subject: '', text: '' },
      { text: '\r\n\r\n', html: '' },
    ];
    let light = 0;
    for (const [i, shape] of shapes.entries()) if (await agree(await compose(shape), `shape ${i}`)) light++;
    expect(light).toBeGreaterThan(shapes.length / 2);
  });

  it('reads hand-written structures as MailParser does: empty parts, nesting, charsets, odd encodings', async () => {
    const head = [
      'From: A <a@example.test>',
      'To: b@inbox.test',
      'Subject: =?UTF-8?Q?Caf=C3=A9_code?= 123',
      'Date: Tue, 3 Mar 2026 10:00:00 +0100',
      'MIME-Version: 1.0',
    ];
    const cases: Buffer[] = [
      crlf([...head, 'Content-Type: text/html; charset=utf-8', '', '<p>only <b>html</b> 123456</p>', '']),
      crlf([...head, 'Content-Type: text/plain; charset=windows-1252', 'Content-Transfer-Encoding: 8bit', '', 'Caf\xe9 \x80 \x93quoted\x94 123456', '']),
      crlf([...head, 'Content-Type: text/plain; charset=koi8-r', '', '\xf0\xd2\xc9\xd7\xc5\xd4 123456', '']),
      crlf([...head, 'Content-Type: text/plain; charset=x-unknown-charset', '', 'bytes \xff\xfe 123456', '']),
      crlf([...head, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', 'WW91ciBjb2RlIGlzIDEyMzQ1Ng==', '']),
      crlf([...head, 'Content-Type: text/plain', 'Content-Transfer-Encoding: base64', '', 'WW91ciBj', 'b2RlIGlz', 'IDEy=MzQ1Ng==', '']),
      crlf([...head, 'Content-Type: text/plain', 'Content-Transfer-Encoding: quoted-printable', '', 'soft=', 'break =3D =C3=A9 trailing   ', 'end=']),
      crlf([...head, 'Content-Type: text/plain; format=flowed', '', 'flowed ', 'line', '']),
      crlf([...head, 'Content-Type: text/plain', '', 'no final line break']),
      crlf([...head, '', 'no content type 123456', '']),
      crlf([...head, 'Content-Type: ', '', 'empty type', '']),
      crlf([...head, 'Content-Type: text/plain', 'Content-Transfer-Encoding: x-uuencode', '', 'as is 123456', '']),
      crlf([...head, 'Content-Type: text/plain', 'Content-Disposition: bogus', '', 'bogus disposition 123456', '']),
      crlf([...head, 'Content-Type: text/plain; charset=utf-8', '', '\r\r', 'bare CR\rinside\r', '']),
      crlf([
        ...head,
        'Content-Type: multipart/mixed; boundary=b',
        '',
        '--b',
        '',
        'part without headers 111',
        '--b',
        'Content-Type: text/plain',
        '',
        '--b--',
        '',
      ]),
      crlf([
        ...head,
        'Content-Type: multipart/mixed; boundary=b',
        '',
        'preamble',
        '--b',
        'Content-Type: text/html',
        '',
        '<i>html in mixed</i>',
        '--b',
        'Content-Type: text/plain',
        '',
        'text after 222',
        '--b--',
        'epilogue',
        '',
      ]),
      crlf([
        ...head,
        'Content-Type: multipart/mixed; boundary=b',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'a',
        '--b',
        'Content-Type: text/plain',
        '',
        'b',
        '',
        '',
        '--b--',
      ]),
      crlf([
        ...head,
        'Content-Type: multipart/related; boundary=r',
        '',
        '--r',
        'Content-Type: multipart/alternative; boundary=a',
        '',
        '--a',
        'Content-Type: text/plain',
        '',
        'alt text 333',
        '--a',
        'Content-Type: text/html',
        '',
        '<p>alt html 333</p>',
        '--a--',
        '',
        '--r',
        'Content-Type: image/png',
        'Content-ID: <i@x>',
        'Content-Transfer-Encoding: base64',
        '',
        'iVBORw0KGgo=',
        '--r--',
        '',
      ]),
      crlf([
        ...head,
        'Content-Type: multipart/alternative; boundary=a',
        '',
        '--a',
        'Content-Type: multipart/mixed; boundary=m',
        '',
        '--m',
        'Content-Type: text/plain',
        '',
        'mixed in alt',
        '--m',
        'Content-Type: text/html',
        '',
        '<b>x</b>',
        '--m--',
        '--a--',
        '',
      ]),
      crlf([...head, 'Content-Type: multipart/mixed; boundary=b', '', '--b--', '']),
      crlf([...head, 'Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: text/plain', '', 'closed at the end', '--b--']),
      crlf([
        ...head,
        'Content-Type: multipart/mixed; boundary="with space"',
        '',
        '--with space',
        'Content-Type: text/plain',
        '',
        'quoted boundary 444',
        '--with space--',
        '',
      ]),
      crlf([...head, 'Content-Type: multipart/mixed; boundary=b (comment)', '', '--b', 'Content-Type: text/plain', '', 'comment boundary', '--b--', '']),
      crlf([...head, 'Content-Type: text/plain', 'Content-Type: text/html', '', '<b>two content types</b>', '']),
      crlf([
        ...head,
        'Subject: second subject',
        'From: second@x.test',
        'To: c@x.test',
        'Cc: d@x.test, e@x.test',
        'Content-Type: text/plain',
        '',
        'repeated headers',
        '',
      ]),
      crlf([
        'Subject: folded',
        ' subject line',
        'From: =?utf-8?B?w5w=?= <f@x.test>',
        'Content-Type: text/plain;',
        '\tcharset="iso-8859-1"',
        '',
        'Gr\xfc\xdfe',
        '',
      ]),
      crlf(['From a@x.test Mon Jan 1 00:00:00 2026', 'Subject: mbox', '', 'body', '']),
      crlf(['', 'no headers at all']),
    ];
    let light = 0;
    for (const [i, raw] of cases.entries()) {
      if (await agree(raw, `case ${i}`)) light++;
      await agree(Buffer.from(raw.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'), `case ${i} (LF)`);
    }
    expect(light).toBeGreaterThan(cases.length / 2);
  });

  it('declines what it cannot place, and MailParser then reads it', async () => {
    const head = ['Subject: x', 'Content-Type: multipart/mixed; boundary=b', ''];
    const declined: Buffer[] = [
      // The closing delimiter is missing.
      crlf([...head, '--b', 'Content-Type: text/plain', '', 'open 123456']),
      // A delimiter-like text inside a part, or a delimiter with trailing white space.
      crlf([...head, '--b', 'Content-Type: text/plain', '', 'text --b inside', '--b--', '']),
      crlf([...head, '--b', 'Content-Type: text/plain', '', 'x', '--bb', '--b--', '']),
      crlf([...head, '--b  ', 'Content-Type: text/plain', '', 'x', '--b--', '']),
      crlf([...head, '--b', 'Content-Type: text/plain', '', 'x', '--b--', '--b', 'after the end', '']),
      // A part whose header block never ends, a multipart without a boundary.
      crlf([...head, '--b', 'Content-Type: text/plain', '--b--', '']),
      crlf(['Subject: x', 'Content-Type: multipart/mixed', '', '--b', 'Content-Type: text/plain', '', 'x', '--b--', '']),
      // Flowed text, an embedded message, base64 that is not clean, HTML too deep to trust.
      crlf(['Subject: x', 'Content-Type: text/plain; format=flowed; delsp=yes', '', 'flo ', 'wed', '']),
      crlf(['Subject: x', 'Content-Type: message/rfc822', '', 'Subject: inner', '', 'inner', '']),
      crlf(['Subject: x', 'Content-Type: text/plain', 'Content-Transfer-Encoding: base64', '', 'WW91c*!', '']),
      crlf(['Subject: x', 'Content-Type: text/html', '', '<b>'.repeat(1500), '']),
      // A header block past the light reader's bound, and too many parts.
      crlf(['Subject: x', `X-Long: ${'a'.repeat(70_000)}`, 'Content-Type: text/plain', '', 'long header', '']),
      crlf([...head, ...Array.from({ length: 120 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}`), '--b--', '']),
    ];
    for (const [i, raw] of declined.entries()) {
      expect(lightParse(raw), `declined ${i}`).toBeNull();
      expect(comparable(await parseBuffer(raw))).toEqual(comparable(await parseWithMailParser(raw)));
    }
  });

  it('agrees on random mutations of corpus messages', async () => {
    const bases = [
      ...buildRealisticCorpus({ count: 4, recipients: ['x@inbox.test'], attachmentEvery: 4, attachmentBytes: 3000 }).map(receivedBytes),
      await compose({ text: 'qp é 123456', html: '<p>é 123456</p>', attachments: [{ filename: 'a.bin', content: randomBytes(600) }] }),
    ];
    const pieces = [
      '\r\n',
      '\n',
      '\r',
      '--',
      '-',
      ' ',
      '\t',
      '=',
      '=?',
      '?=',
      ';',
      '"',
      ':',
      '\r\n\r\n',
      'Content-Type: text/html\r\n',
      'boundary=',
      '\xff',
      '=C3',
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let light = 0;
    for (let round = 0; round < 400; round++) {
      const base = bases[rand(bases.length)]!.toString('latin1');
      let s = base;
      for (let k = 1 + rand(3); k > 0; k--) {
        const at = rand(s.length);
        const op = rand(3);
        if (op === 0) s = s.slice(0, at) + s.slice(at + 1 + rand(4));
        else if (op === 1) s = s.slice(0, at) + pieces[rand(pieces.length)] + s.slice(at);
        else {
          // Copy a line of the message (a delimiter, say) somewhere else.
          const ls = s.lastIndexOf('\n', at) + 1;
          const le = s.indexOf('\n', at);
          const line = s.slice(ls, le < 0 ? s.length : le + 1);
          const to = rand(s.length);
          s = s.slice(0, to) + line + s.slice(to);
        }
      }
      if (await agree(Buffer.from(s, 'latin1'), `mutation ${round}: ${JSON.stringify(s.slice(0, 2000))}`)) light++;
    }
    expect(light).toBeGreaterThan(0);
  });

  it('makes no text of HTML when a message has more than MAX_HTML_TO_TEXT characters of it in all (both readers alike); the code is then read from the HTML', async () => {
    const head = ['From: a@example.test', 'To: b@inbox.test', 'Subject: Welcome', 'MIME-Version: 1.0'];
    const big = `<html><body><p>Your verification code is <b>482913</b></p>${'<p>filler <i>text</i></p>\r\n'.repeat(MAX_HTML_TO_TEXT / 20)}</body></html>`;
    expect(big.length).toBeGreaterThan(MAX_HTML_TO_TEXT);
    const small = '<p>Your verification code is <b>482913</b></p>';
    const htmlOnly = (html: string) => crlf([...head, 'Content-Type: text/html; charset=utf-8', '', html, '']);
    // HTML beside a text part, not as its alternative: MailParser makes text of that HTML too.
    const mixed = (...htmls: string[]) =>
      crlf([
        ...head,
        'Content-Type: multipart/mixed; boundary=m',
        '',
        '--m',
        'Content-Type: text/plain',
        '',
        'hello',
        ...htmls.flatMap((h) => ['--m', 'Content-Type: text/html', '', h]),
        '--m--',
        '',
      ]);
    // The limit is on the message's HTML in all: two parts of a little over half of it each are not
    // converted either (ten parts just under a per-part limit took 4.4 s).
    const half = `${small}${'<p>filler <i>text</i></p>\r\n'.repeat(MAX_HTML_TO_TEXT / 40 + 10)}`;
    expect(half.length).toBeLessThan(MAX_HTML_TO_TEXT);
    for (const [label, raw] of [
      ['html only', htmlOnly(big)],
      ['html beside text', mixed(big)],
      ['two html parts beside text', mixed(half, half)],
    ] as const) {
      expect(await agree(raw, label), label).toBe(true);
      const fields = await parseBuffer(raw);
      expect(fields.html, label).toContain('<b>482913</b>');
      expect(fields.text, label).not.toContain('filler');
      expect(readingOf(fields).otp, label).toBe('482913');
    }
    // A message GET reads stored mail again (whole, or as a stream from 1 MiB): the same limit holds.
    const stored = await readStoredMail(htmlOnly(big));
    const outline = await outlineStoredMail(Readable.from([htmlOnly(big)]));
    for (const read of [stored, outline]) {
      expect(read.text).toBe('');
      expect(read.html).toContain('<b>482913</b>');
    }
    // The limit counts characters (é: 2 bytes in UTF-8, 1 character): an HTML part of exactly
    // MAX_HTML_TO_TEXT is converted, one more is not, by both readers.
    const at = (extra: number) =>
      Buffer.from(`${head.join('\r\n')}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<b>1</b>${'é'.repeat(MAX_HTML_TO_TEXT - 8 + extra)}`);
    for (const extra of [0, 1]) expect(await agree(at(extra), `limit + ${extra}`)).toBe(true);
    expect((await parseBuffer(at(0))).text).toMatch(/^1é/);
    expect((await parseBuffer(at(1))).text).toBe('');
    // Below the limit the text is still made of the HTML.
    const below = await parseBuffer(htmlOnly(small));
    expect(below.text).toBe('Your verification code is 482913');
  });
});
