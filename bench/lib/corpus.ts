// The benchmark corpora, built by hand as CRLF MIME so building costs nothing measurable.
// - `mixed` (buildCorpus): short plain texts and HTML messages carrying a code and a verification link
//   (multipart/alternative) in turn, every twentieth message replaced by one with a 1 MB attachment
//   (multipart/mixed, base64), over many recipients.
// - `realistic` (buildRealisticCorpus): what a test suite's traffic looks like: half OTP mails with a
//   text and an HTML part, half 20-line plain texts, every twentieth of either kind carrying a 1 MB
//   base64 attachment as well, spread over a few inboxes (10 by default).
import { randomBytes } from 'node:crypto';
import { toDataPayload } from './smtp-client.js';

export interface CorpusMessage {
  from: string;
  to: string;
  /** DATA payload, dot-stuffed and terminated. */
  payload: Buffer;
  kind: 'text' | 'html' | 'attachment';
  /** The message carries a 1 MB (or attachmentBytes) attachment. */
  attached?: boolean;
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
    CRLF +
    CRLF +
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
    CRLF +
    CRLF +
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
    CRLF +
    CRLF +
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

/** What both corpora share: sender, attachment cadence and size, and random bytes to cut attachments from. */
function corpusSetup(opts: CorpusOptions, defaultFrom: string) {
  const every = opts.attachmentEvery ?? 20;
  const attBytes = opts.attachmentBytes ?? 1024 * 1024;
  return { from: opts.from ?? defaultFrom, every, attBytes, pool: every > 0 ? randomBytes(attBytes + 4096) : Buffer.alloc(0) };
}

/** The mixed corpus: alternating text/HTML, every twentieth with a 1 MB attachment. */
export function buildCorpus(opts: CorpusOptions): CorpusMessage[] {
  const { from, every, attBytes, pool } = corpusSetup(opts, 'sender@bench.localhost');
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

/** A message's bytes as the emulator receives them: dot-stuffing and the final dot removed. */
export function receivedBytes(m: CorpusMessage): Buffer {
  return Buffer.from(
    m.payload
      .toString('latin1')
      .replace(/\r\n\.\r\n$/, '\r\n')
      .replace(/^\.\./gm, '.'),
    'latin1',
  );
}

export function corpusBytes(c: CorpusMessage[]): number {
  return c.reduce((a, m) => a + m.payload.length, 0);
}

/** A 20-line plain text message (a notification or a digest), no code in it. */
export function plainMessage(i: number, from: string, to: string): string {
  const lines: string[] = [`Hello,`, ''];
  for (let n = 1; lines.length < 20; n++) {
    lines.push(`Item ${n} of update ${i}: the nightly build finished, ${(i * 31 + n * 7) % 97} checks passed and nothing needs you.`);
  }
  lines.push('', 'Regards,', 'The bench');
  return (
    headers(from, to, `Status update #${i}`, i, ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 7bit']) +
    CRLF +
    CRLF +
    lines.join(CRLF) +
    CRLF
  );
}

/** An OTP mail: a text and an HTML part with the same six-digit code and a verification link. */
function otpParts(i: number, boundary: string): { type: string; body: string } {
  const c = code(i);
  const link = `https://accounts.example.test/confirm?token=t${i}x${c}&lang=en`;
  return {
    type: `multipart/alternative; boundary="${boundary}"`,
    body:
      `--${boundary}${CRLF}Content-Type: text/plain; charset=utf-8${CRLF}Content-Transfer-Encoding: 7bit${CRLF}${CRLF}` +
      `Hi,${CRLF}${CRLF}Your sign-in code is ${c}. It expires in 10 minutes.${CRLF}${CRLF}Or open this link to confirm: ${link}${CRLF}${CRLF}` +
      `If this was not you, ignore this message.${CRLF}${CRLF}` +
      `--${boundary}${CRLF}Content-Type: text/html; charset=utf-8${CRLF}Content-Transfer-Encoding: 7bit${CRLF}${CRLF}` +
      `<!doctype html><html><head><meta charset="utf-8"><title>Your code</title></head><body style="font-family:sans-serif">` +
      `<table role="presentation" width="100%"><tr><td><h2>Sign in to Example</h2>` +
      `<p>Your sign-in code is</p><p style="font-size:28px;letter-spacing:4px"><strong>${c}</strong></p>` +
      `<p>It expires in 10 minutes.</p><p><a href="${link}" style="background:#2b6cb0;color:#fff;padding:8px 16px">Confirm</a></p>` +
      `<p style="color:#888;font-size:12px">If this was not you, ignore this message.</p></td></tr></table></body></html>${CRLF}${CRLF}` +
      `--${boundary}--${CRLF}`,
  };
}

export function otpMessage(i: number, from: string, to: string): string {
  const p = otpParts(i, `otp-${i}-b`);
  return headers(from, to, 'Your sign-in code', i, [`Content-Type: ${p.type}`]) + CRLF + CRLF + p.body;
}

/** Either kind with an attachment of `size` bytes after its body (multipart/mixed). */
function withAttachment(i: number, otp: boolean, from: string, to: string, pool: Buffer, size: number): Buffer {
  const boundary = `mixed-${i}-b`;
  const offset = (i * 104729) % pool.length;
  const content = Buffer.alloc(size);
  for (let w = 0; w < size; ) {
    const start = (offset + w) % pool.length;
    w += pool.copy(content, w, start, Math.min(pool.length, start + (size - w)));
  }
  const inner = otp
    ? otpParts(i, `otp-${i}-b`)
    : {
        type: 'text/plain; charset=utf-8',
        body: plainMessage(i, from, to)
          .split(CRLF + CRLF)
          .slice(1)
          .join(CRLF + CRLF),
      };
  const head =
    headers(from, to, otp ? 'Your sign-in code' : `Status update #${i}, report attached`, i, [`Content-Type: multipart/mixed; boundary="${boundary}"`]) +
    CRLF +
    CRLF +
    `--${boundary}${CRLF}Content-Type: ${inner.type}${CRLF}${CRLF}${inner.body}${CRLF}` +
    `--${boundary}${CRLF}Content-Type: application/pdf; name="report-${i}.pdf"${CRLF}` +
    `Content-Disposition: attachment; filename="report-${i}.pdf"${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(base64Lines(content), 'latin1'), Buffer.from(`${CRLF}--${boundary}--${CRLF}`, 'latin1')]);
}

/**
 * The realistic corpus: OTP mails (text and HTML part) and 20-line plain texts in turn, every
 * twentieth message (20th, 40th, ...) with a 1 MB base64 attachment besides, recipients in turn.
 */
export function buildRealisticCorpus(opts: CorpusOptions): CorpusMessage[] {
  const { from, every, attBytes, pool } = corpusSetup(opts, 'no-reply@bench.localhost');
  const out: CorpusMessage[] = [];
  for (let k = 0; k < opts.count; k++) {
    const i = (opts.start ?? 0) + k;
    const to = opts.recipients[k % opts.recipients.length]!;
    const otp = k % 2 === 1;
    const kind = otp ? 'html' : 'text';
    if (every > 0 && (k + 1) % every === 0) {
      out.push({ from, to, kind, attached: true, payload: toDataPayload(withAttachment(i, otp, from, to, pool, attBytes)) });
    } else {
      out.push({ from, to, kind, payload: toDataPayload(Buffer.from(otp ? otpMessage(i, from, to) : plainMessage(i, from, to), 'utf8')) });
    }
  }
  return out;
}

/** The two corpora of the ingest benchmark, by name. */
export const CORPORA = {
  realistic: {
    build: buildRealisticCorpus,
    inboxes: 10,
    describe: '300-message runs: half OTP mails (text + HTML part), half 20-line plain texts, every 20th with a 1 MB base64 attachment, 10 inboxes',
  },
  mixed: {
    build: buildCorpus,
    inboxes: 500,
    describe: '1,000-message runs: short texts and HTML mails with a code and link in turn, every 20th replaced by a 1 MB attachment, 500 inboxes',
  },
} as const;
export type CorpusName = keyof typeof CORPORA;
