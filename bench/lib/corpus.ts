// The benchmark corpus, built by hand as CRLF MIME so building costs nothing measurable: plain text
// messages, HTML messages carrying a code and a verification link (multipart/alternative), and every
// twentieth message with a 1 MB attachment (multipart/mixed, base64).
import { randomBytes } from 'node:crypto';
import { toDataPayload } from './smtp-client.js';

export interface CorpusMessage {
  from: string;
  to: string;
  /** DATA payload, dot-stuffed and terminated. */
  payload: Buffer;
  kind: 'text' | 'html' | 'attachment';
}

const CRLF = '\r\n';

function base64Lines(buf: Buffer): string {
  const b64 = buf.toString('base64');
  const out: string[] = [];
  for (let i = 0; i < b64.length; i += 76) out.push(b64.slice(i, i + 76));
  return out.join(CRLF);
}

function headers(from: string, to: string, subject: string, i: number, extra: string[]): string {
  return [
    `From: Bench Sender <${from}>`,
    `To: <${to}>`,
    `Subject: ${subject}`,
    `Date: ${new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toUTCString()}`,
    `Message-ID: <bench-${i}-${Math.random().toString(36).slice(2)}@bench.localhost>`,
    'MIME-Version: 1.0',
    ...extra,
  ].join(CRLF);
}

function code(i: number): string {
  return String(100000 + ((i * 7919) % 900000));
}

export function textMessage(i: number, from: string, to: string): string {
  return (
    headers(from, to, `Weekly digest #${i}`, i, ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 7bit']) +
    CRLF + CRLF +
    `Hello,${CRLF}${CRLF}This is message ${i} of the benchmark corpus. Nothing to verify here, just a few lines${CRLF}` +
    `of ordinary text so the parser has something to read.${CRLF}${CRLF}Regards,${CRLF}The bench${CRLF}`
  );
}

export function htmlMessage(i: number, from: string, to: string): string {
  const boundary = `alt-${i}-b`;
  const c = code(i);
  const link = `https://app.example.test/verify?token=tok${i}abc&user=${i}`;
  return (
    headers(from, to, `Your verification code is ${c}`, i, [`Content-Type: multipart/alternative; boundary="${boundary}"`]) +
    CRLF + CRLF +
    `--${boundary}${CRLF}Content-Type: text/plain; charset=utf-8${CRLF}${CRLF}` +
    `Your verification code is ${c}.${CRLF}Or confirm your address: ${link}${CRLF}${CRLF}` +
    `--${boundary}${CRLF}Content-Type: text/html; charset=utf-8${CRLF}${CRLF}` +
    `<html><body><h1>Welcome</h1><p>Your verification code is <b>${c}</b>.</p>` +
    `<p><a href="${link}">Verify your email</a></p><p style="color:#999">If you did not sign up, ignore this.</p>` +
    `</body></html>${CRLF}${CRLF}--${boundary}--${CRLF}`
  );
}

/** A message with an attachment of `size` bytes (random content, rotated per message). */
export function attachmentMessage(i: number, from: string, to: string, pool: Buffer, size: number): Buffer {
  const boundary = `mix-${i}-b`;
  const offset = (i * 104729) % pool.length;
  const content = Buffer.alloc(size);
  for (let w = 0; w < size; ) {
    const start = (offset + w) % pool.length;
    w += pool.copy(content, w, start, Math.min(pool.length, start + (size - w)));
  }
  const head =
    headers(from, to, `Report ${i} attached, code ${code(i)}`, i, [`Content-Type: multipart/mixed; boundary="${boundary}"`]) +
    CRLF + CRLF +
    `--${boundary}${CRLF}Content-Type: text/plain; charset=utf-8${CRLF}${CRLF}` +
    `The report is attached. Your code is ${code(i)}.${CRLF}${CRLF}` +
    `--${boundary}${CRLF}Content-Type: application/octet-stream; name="report-${i}.bin"${CRLF}` +
    `Content-Disposition: attachment; filename="report-${i}.bin"${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(base64Lines(content), 'latin1'), Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'latin1')]);
}

export interface CorpusOptions {
  count: number;
  recipients: string[];
  from?: string;
  /** Every n-th message (1-based: n, 2n, ...) carries an attachment; 0 for none. Default 20. */
  attachmentEvery?: number;
  attachmentBytes?: number;
  /** Offset of message numbering (so rounds do not send identical mail). */
  start?: number;
}

/** The mixed corpus: alternating text/HTML, every twentieth with a 1 MB attachment. */
export function buildCorpus(opts: CorpusOptions): CorpusMessage[] {
  const from = opts.from ?? 'sender@bench.localhost';
  const every = opts.attachmentEvery ?? 20;
  const attBytes = opts.attachmentBytes ?? 1024 * 1024;
  const pool = every > 0 ? randomBytes(attBytes + 4096) : Buffer.alloc(0);
  const out: CorpusMessage[] = [];
  for (let k = 0; k < opts.count; k++) {
    const i = (opts.start ?? 0) + k;
    const to = opts.recipients[k % opts.recipients.length]!;
    if (every > 0 && (k + 1) % every === 0) {
      out.push({ from, to, kind: 'attachment', payload: toDataPayload(attachmentMessage(i, from, to, pool, attBytes)) });
    } else if (k % 2 === 0) {
      out.push({ from, to, kind: 'text', payload: toDataPayload(Buffer.from(textMessage(i, from, to), 'utf8')) });
    } else {
      out.push({ from, to, kind: 'html', payload: toDataPayload(Buffer.from(htmlMessage(i, from, to), 'utf8')) });
    }
  }
  return out;
}

export function corpusBytes(c: CorpusMessage[]): number {
  return c.reduce((a, m) => a + m.payload.length, 0);
}
