// withoutAttachmentBodies(): MailParser must read the same headers, text, HTML and number of
// attachments from the cut message as from the whole one, for every shape of message we can make.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MailParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { withoutAttachmentBodies } from '../../emulator/core/mime-cut.js';
import { buildCorpus, receivedBytes } from '../../bench/lib/corpus.js';

async function view(buf: Buffer) {
  const p = new MailParser({ skipTextToHtml: true, skipTextLinks: true, checksumAlgo: false });
  let text: unknown = null;
  const attachments: Array<{ filename?: string; contentType: string }> = [];
  await new Promise<void>((resolve, reject) => {
    p.on('data', (d) => {
      if (d.type === 'text') text = { text: d.text, html: d.html };
      else {
        attachments.push({ filename: d.filename, contentType: d.contentType });
        d.content.resume();
        d.content.once('end', () => d.release?.());
      }
    });
    p.once('end', () => resolve());
    p.once('error', reject);
    p.end(buf);
  });
  return { subject: p.subject, from: p.from?.text, date: p.date?.toISOString(), to: p.to, text, attachments };
}

async function same(buf: Buffer): Promise<Buffer> {
  const cut = withoutAttachmentBodies(buf);
  expect(await view(cut)).toEqual(await view(buf));
  return cut;
}

async function compose(mail: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer({ from: 'a@example.test', to: 'b@inbox.test', subject: 's', ...mail }).compile().build();
}

describe('withoutAttachmentBodies', () => {
  it('leaves a message without attachments as it is', async () => {
    const buf = await compose({ text: 'code 123456', html: '<b>123456</b>' });
    expect(await same(buf)).toBe(buf);
  });

  it('cuts binary attachments, keeps text, HTML, inline text parts and the attachment count', async () => {
    const big = randomBytes(300_000);
    const buf = await compose({
      text: 'Your code is 482913',
      html: '<p>Your code is <b>482913</b><img src="cid:logo@x"></p>',
      attachments: [
        { filename: 'report.pdf', content: big, contentType: 'application/pdf' },
        { filename: 'logo.png', content: randomBytes(5000), contentType: 'image/png', cid: 'logo@x' },
        { filename: 'notes.txt', content: 'attached text with 999999', contentType: 'text/plain' },
        { filename: 'mail.eml', content: 'Subject: inner\r\n\r\nhello inner\r\n', contentType: 'message/rfc822' },
      ],
    });
    const cut = await same(buf);
    expect(cut.length).toBeLessThan(buf.length - 400_000);
  });

  it('handles LF line endings, nested multiparts, quoted and odd boundaries, and a whole-message attachment', async () => {
    const crlf = await compose({ text: 'hi', attachments: [{ filename: 'a.bin', content: randomBytes(2000) }] });
    await same(Buffer.from(crlf.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'));
    const odd = [
      'From: a@example.test',
      'To: b@inbox.test',
      'Subject: odd',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed;',
      ' boundary="=_odd (b) ?.+"',
      '',
      'preamble --=_odd (b) ?.+ not a delimiter',
      '--=_odd (b) ?.+  ',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Gr=FC=DFe, code 5566',
      '--inner',
      'Content-Type: text/html',
      '',
      '<p>code <b>5566</b></p>',
      '--inner--',
      '',
      '--=_odd (b) ?.+',
      'Content-Type: application/octet-stream; name="x.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      randomBytes(900).toString('base64'),
      '',
      '--=_odd (b) ?.+',
      'Content-Type: text/csv',
      'Content-Disposition: attachment; filename=t.csv',
      '',
      'a,b',
      '1,2',
      '',
      '--=_odd (b) ?.+--',
      'epilogue',
    ].join('\r\n');
    const cut = await same(Buffer.from(odd, 'latin1'));
    expect(cut.length).toBeLessThan(odd.length - 1000);
    await same(Buffer.from('From: a@example.test\r\nSubject: pdf\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 binary\r\n', 'latin1'));
  });

  it('cuts nothing it cannot place: missing boundaries, delimiters inside a body, unterminated parts', async () => {
    const noBoundary = 'Subject: x\r\nContent-Type: multipart/mixed\r\n\r\n--b\r\nContent-Type: image/png\r\n\r\nxx\r\n--b--\r\n';
    expect(withoutAttachmentBodies(Buffer.from(noBoundary))).toEqual(Buffer.from(noBoundary));
    const crRun =
      'Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: image/png\r\n\r\nAAAA\r\n--b\r\r\nContent-Type: text/plain\r\n\r\nkeep me 7788\r\n--b--\r\n';
    await same(Buffer.from(crRun, 'latin1'));
    const open =
      'Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\ntext 1234\r\n--b\r\nContent-Type: image/png\r\n\r\nAAAA';
    await same(Buffer.from(open, 'latin1'));
  });

  it('gives the same parse for the benchmark corpus and every fixture message', async () => {
    const corpus = buildCorpus({ count: 40, recipients: ['x@inbox.test'], attachmentEvery: 4, attachmentBytes: 20_000 });
    for (const m of corpus) await same(receivedBytes(m));
    const dir = fileURLToPath(new URL('../fixtures/mail/', import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) await same(readFileSync(dir + f));
  });
});
