// The mail reader (emulator/core/mail-reader.ts): parsing and extraction on worker threads give the
// same reading as on the main thread, hand results back in the order the messages came, survive a
// missing blob file and a close mid-flight; and over SMTP, a message is listed by the API right after
// its 250, in order, while the workers do the reading.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MailReader, readBuffer, type MessageReading } from '../../emulator/core/mail-reader.js';
import { receiveRaw } from '../../emulator/core/parse-mail.js';
import { makeCore } from '../helpers/emulator.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { ROOT } from '../helpers/binary.js';
import { compiledReaderWorker } from '../helpers/compiled.js';
import { runCli } from '../cli/helpers.js';
import { RawSmtp, rfc822 } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mail');
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'inbox-reader-'));
  dirs.push(d);
  return d;
};
// One pool of two workers for the tests that read on a pool without closing it, the emulator's below
// included: a worker thread costs more CPU to start than the test using it. Its workers run the
// bundled entry, as the built package's do; the default from source (through tsx) has a test of its
// own. The tests of closing build their own pools.
const pool = new MailReader({ workers: 2, script: compiledReaderWorker(), onFallback: (e) => expect.fail(`the pool fell back: ${e.message}`) });
afterAll(async () => {
  await pool.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A message with a text part carrying `code` and a base64 attachment of `bytes` random bytes. */
function withAttachment(to: string, subject: string, code: string, bytes: number): string {
  const b64 = randomBytes(bytes).toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    'From: Sender <sender@example.test>',
    `To: ${to}`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Your verification code is ${code}.`,
    '--b1',
    'Content-Type: application/pdf; name="r.pdf"',
    'Content-Disposition: attachment; filename="r.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    b64,
    '--b1--',
    '',
  ].join('\r\n');
}

/** What matters of a reading for comparing two (the error objects differ by identity). */
const view = (r: MessageReading) => ({
  ...r,
  fields: { ...r.fields, parseError: r.fields.parseError?.message ?? null },
  extractError: r.extractError?.message ?? null,
});

describe('mail reader pool', () => {
  it('reads every fixture on a worker exactly as the main thread does', async () => {
    const reader = pool;
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(20);
    const raws = files.map((f) => readFileSync(join(FIXTURES, f)));
    const onWorker = await Promise.all(raws.map((raw) => reader.readWhole(raw)));
    expect(reader.threads).toBeGreaterThanOrEqual(1);
    const here = await Promise.all(raws.map((raw) => readBuffer(raw)));
    expect(onWorker.map(view)).toEqual(here.map(view));
    // Not a vacuous comparison: the fixtures yield codes, links and dates.
    expect(onWorker.filter((r) => r.otp !== null).length).toBeGreaterThan(5);
    expect(onWorker.filter((r) => r.verificationLink !== null).length).toBeGreaterThan(5);
    expect(onWorker.some((r) => r.fields.date instanceof Date)).toBe(true);
  });

  it('hands readings back in the order the messages were given, a slow one first included', async () => {
    const reader = pool;
    const order: number[] = [];
    const raws = [
      Buffer.from(withAttachment('a@inbox.test', 'big', '111111', 3 * 1024 * 1024)),
      ...Array.from({ length: 12 }, (_, i) => Buffer.from(rfc822({ to: 'a@inbox.test', subject: `small ${i}`, body: `Your code is ${200000 + i}` }))),
    ];
    const readings = await Promise.all(raws.map((raw, i) => reader.readWhole(raw).then((r) => (order.push(i), r))));
    expect(reader.threads).toBe(2);
    expect(order).toEqual(raws.map((_, i) => i));
    expect(readings[0]).toMatchObject({ otp: '111111', fields: { subject: 'big', attachments: 1 } });
    expect(readings.slice(1).map((r) => r.otp)).toEqual(Array.from({ length: 12 }, (_, i) => String(200000 + i)));
  });

  it('reads the raw blob file on the worker, and the bytes it holds when that file is gone or another', async () => {
    const reader = pool;
    const dir = fresh();
    const message = rfc822({ to: 'a@inbox.test', subject: 'from the file', body: 'Your code is 424242' });
    const file = join(dir, 'raw.eml');
    let written = Buffer.alloc(0);
    const raw = await receiveRaw(message, {
      open: () => ({
        write: (c) => void (written = Buffer.concat([written, c])),
        end: async () => writeFileSync(file, written),
        abort: () => undefined,
      }),
      discard: async () => undefined,
      maxBytes: 1024 * 1024,
    });
    await raw.durable;
    expect(await reader.read(raw, file)).toMatchObject({ otp: '424242', fields: { subject: 'from the file' } });
    // A file that is not the message received (a reset replaced it) and a missing one: the reading
    // comes from the bytes the main thread kept.
    writeFileSync(file, rfc822({ to: 'a@inbox.test', subject: 'something else', body: 'Your code is 999999 and more text' }));
    expect(await reader.read(raw, file)).toMatchObject({ otp: '424242', fields: { subject: 'from the file' } });
    rmSync(file);
    expect(await reader.read(raw, file)).toMatchObject({ otp: '424242', fields: { subject: 'from the file' } });
  });

  it('from source, starts its workers on the TypeScript entry through tsx by default', async () => {
    const reader = new MailReader({ workers: 1, onFallback: (e) => expect.fail(`the reader fell back: ${e.message}`) });
    try {
      const raw = Buffer.from(rfc822({ to: 'a@inbox.test', subject: 'from source', body: 'Your code is 515151' }));
      expect(await reader.readWhole(raw)).toMatchObject({ otp: '515151', fields: { subject: 'from source' } });
      expect(reader.threads).toBe(1);
    } finally {
      await reader.close();
    }
  });

  it('reads what is in flight on the main thread when closed, and everything there with no workers', async () => {
    const reader = new MailReader({ workers: 1 });
    const raws = Array.from({ length: 8 }, (_, i) => Buffer.from(rfc822({ to: 'a@inbox.test', subject: `m${i}`, body: `Your code is ${300000 + i}` })));
    const pending = raws.map((raw) => reader.readWhole(raw));
    await reader.close();
    expect((await Promise.all(pending)).map((r) => r.otp)).toEqual(raws.map((_, i) => String(300000 + i)));
    const inline = new MailReader({ workers: 0 });
    expect(await inline.readWhole(raws[0]!)).toMatchObject({ otp: '300000' });
    expect(inline.threads).toBe(0);
    await inline.close();
  });
});

describe('ack to visible, with the reading on worker threads', () => {
  let emu: RunningEmulator | null = null;
  afterEach(async () => {
    await emu?.close();
    emu = null;
  });

  it('lists each message, with its code, right after its 250, in the order they were sent', async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0, host: '127.0.0.1', data: join(fresh(), 'emulator.json'), reader: pool });
    const INBOX = 'order@inbox.test';
    const key = emu.keys.enterprise;
    const reg = await fetch(`${emu.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ inbox: INBOX }),
    });
    expect(reg.status).toBe(201);
    const smtp = await RawSmtp.open(emu.smtp.port);
    expect((await smtp.command('EHLO test')).code).toBe(250);
    for (let i = 0; i < 8; i++) {
      const code = String(500000 + i);
      // Every other message carries a 1 MB attachment, so a slow reading precedes a quick one.
      const message = i % 2 === 0 ? withAttachment(INBOX, `m${i}`, code, 1024 * 1024) : rfc822({ to: INBOX, subject: `m${i}`, body: `Your code is ${code}` });
      expect((await smtp.command('MAIL FROM:<app@example.test>')).code).toBe(250);
      expect((await smtp.command(`RCPT TO:<${INBOX}>`)).code).toBe(250);
      expect((await smtp.data(message)).code).toBe(250);
      const list = await fetch(`${emu.apiUrl}/inboxes/${encodeURIComponent(INBOX)}/messages`, { headers: { Authorization: `Bearer ${key}` } });
      const body = (await list.json()) as { data: Array<{ subject: string; otp: string | null }> };
      expect(body.data).toHaveLength(i + 1);
      expect(body.data[0]).toMatchObject({ subject: `m${i}`, otp: code });
    }
    expect(emu.core.reader.threads).toBeGreaterThanOrEqual(1);
    const list = await fetch(`${emu.apiUrl}/inboxes/${encodeURIComponent(INBOX)}/messages`, { headers: { Authorization: `Bearer ${key}` } });
    const body = (await list.json()) as { data: Array<{ subject: string }> };
    expect(body.data.map((m) => m.subject)).toEqual(Array.from({ length: 8 }, (_, i) => `m${7 - i}`));
    smtp.close();
  });
});

describe('a reader given to the emulator', () => {
  it('serves several emulators and outlives each: closing one leaves it reading for the others', async () => {
    // The file's pool, whose last user this is (declared after the emulator test that reads on it):
    // the test ends by closing it.
    const reader = pool;
    const [a, b] = await Promise.all([makeCore({ reader }), makeCore({ reader })]);
    expect(a.core.reader).toBe(reader);
    expect(b.core.reader).toBe(reader);
    const raw = Buffer.from(rfc822({ to: 'x@inbox.test', subject: 'shared', body: 'Your code is 482913' }));
    expect((await a.core.reader.readWhole(raw)).otp).toBe('482913');
    const threads = reader.threads;
    expect(threads).toBeGreaterThanOrEqual(1);
    await a.core.close();
    expect(reader.threads).toBe(threads); // not closed by an emulator that did not start it
    expect((await b.core.reader.readWhole(raw)).otp).toBe('482913');
    await b.core.close();
    await reader.close();
    expect(reader.threads).toBe(0);
  });
});

describe('the bundle', () => {
  it('ships the worker entry, which reads a message sent to it as the pool does', async () => {
    const worker = new Worker(join(ROOT, 'dist', 'mail-reader-worker.js'));
    try {
      const raw = Buffer.from(withAttachment('a@inbox.test', 'bundled', '654321', 64 * 1024));
      const bytes = new Uint8Array(raw);
      const answer = await new Promise<{ id: number; reading?: { otp: string | null; fields: { subject: string; attachments: number } } }>(
        (resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage({ id: 7, bytes }, [bytes.buffer]);
        },
      );
      expect(answer).toMatchObject({ id: 7, reading: { otp: '654321', fields: { subject: 'bundled', attachments: 1 } } });
    } finally {
      await worker.terminate();
    }
  });
});

describe('inbox emulate --parse-workers', () => {
  // In this process (main()): the option is refused while parsing, before anything starts.
  it('refuses a --parse-workers value that is not a small count (usage error, exit 2)', async () => {
    const bad = await runCli(['emulate', '--memory', '--port', '0', '--smtp-port', '0', '--parse-workers', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/parse-workers/);
  });
});
