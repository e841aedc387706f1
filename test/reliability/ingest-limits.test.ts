// A message is acknowledged once its bytes are in its inboxes' Maildirs, before MailParser reads it.
// A message past the parser's limits (a MIME part's header block over 1 MiB, more than 1,000 MIME
// parts) is therefore kept as it was sent, listed with its envelope sender and no subject, and
// answered without a body; the parser's refusal is reported on the emulator's error line. Right below
// the limits a message is stored and read whole. And stored mail the parser refuses is answered, 200
// with its summary, also after a restart.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp } from '../mail/helpers.js';
import { folderOf } from '../../emulator/store/maildir.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-ingest-limits-'));
let emu: RunningEmulator | null = null;
afterEach(async () => {
  await emu?.close();
  emu = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INBOX = 'limits@inbox.test';

function head(subject: string, extra = ''): string {
  return `From: s@example.test\r\nTo: ${INBOX}\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n${extra}`;
}

/** A multipart/mixed message with `parts` text parts (plus the message itself: parts + 1 MIME nodes). */
function manyParts(subject: string, parts: number): string {
  let m = head(subject, 'Content-Type: multipart/mixed; boundary="PP"\r\n\r\n');
  for (let i = 0; i < parts; i++) m += `--PP\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`;
  return `${m}--PP--\r\n`;
}

/** Nested: `outer` multiparts of `inner` parts each, under one top multipart. */
function nested(subject: string, outer: number, inner: number): string {
  let m = head(subject, 'Content-Type: multipart/mixed; boundary="TOP"\r\n\r\n');
  for (let o = 0; o < outer; o++) {
    m += `--TOP\r\nContent-Type: multipart/alternative;\r\n boundary="IN${o}"\r\n\r\n`;
    for (let i = 0; i < inner; i++) m += `--IN${o}\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
    m += `--IN${o}--\r\n`;
  }
  return `${m}--TOP--\r\n`;
}

/**
 * A chain of `depth` multiparts nested in each other, each with its own boundary, around one text part
 * of `dashLines` lines "--" (which look like delimiters of no boundary): depth + 1 MIME nodes.
 */
function chain(subject: string, depth: number, dashLines: number): string {
  let body = `Content-Type: text/plain\r\n\r\n${'--\r\n'.repeat(dashLines)}`;
  for (let i = depth - 1; i > 0; i--) body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}--b${i}--\r\n`;
  return head(subject, `Content-Type: multipart/mixed; boundary="b0"\r\n\r\n--b0\r\n${body}--b0--\r\n`);
}

function bigHeader(subject: string, bytes: number): string {
  return head(subject, `X-Big: ${'a'.repeat(bytes)}\r\nContent-Type: text/plain\r\n\r\nbody of ${subject}\r\n`);
}

function manyHeaderLines(subject: string, lines: number): string {
  return head(subject, `${'X-Short: 1\r\n'.repeat(lines)}Content-Type: text/plain\r\n\r\nbody of ${subject}\r\n`);
}

/** An emulator over a fresh data file, with the inbox registered. */
async function start(): Promise<RunningEmulator> {
  emu = await startEmulator({ port: 0, smtpPort: 0, data: join(mkdtempSync(join(dir, 'e-')), 'emulator.json') });
  const r = await call('POST', '/v1/inboxes', { inbox: INBOX });
  expect(r.status).toBe(201);
  return emu;
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${emu!.url}${path}`, {
    method,
    headers: { authorization: 'Bearer emu_growth', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

async function smtpSend(message: string): Promise<{ code: number; text: string }> {
  const smtp = await RawSmtp.open(emu!.smtp.port);
  try {
    await smtp.command('EHLO client.test');
    await smtp.command('MAIL FROM:<s@example.test>');
    expect((await smtp.command(`RCPT TO:<${INBOX}>`)).code).toBe(250);
    return await smtp.data(message);
  } finally {
    smtp.close();
  }
}

const messagesPath = `/v1/inboxes/${encodeURIComponent(INBOX)}/messages`;

describe('the parser refuses exactly past its limits', () => {
  it.each([
    ['999 parts', manyParts('ok', 999), null],
    ['1,000 parts (1,001 MIME nodes)', manyParts('x', 1000), 'parts'],
    ['10 nested multiparts of 99 parts (1,001 nodes)', nested('x', 10, 99), 'parts'],
    ['10 nested multiparts of 98 parts (991 nodes)', nested('x', 10, 98), null],
    ['999 nested multiparts, each its own boundary, around 20,000 "--" lines (1,000 nodes)', chain('x', 999, 20_000), null],
    ['1,000 nested multiparts (1,001 nodes)', chain('x', 1000, 20_000), 'parts'],
    ['a header line of 1,040,000 bytes', bigHeader('x', 1_040_000), null],
    ['a header line of 1,050,000 bytes', bigHeader('x', 1_050_000), 'header'],
    ['16,300 short header lines (each counts 64 bytes)', manyHeaderLines('x', 16_300), null],
    ['16,400 short header lines', manyHeaderLines('x', 16_400), 'header'],
  ])('%s', async (_, message, broken) => {
    const buf = Buffer.from(message);
    const parsed = await simpleParser(buf).then(
      () => 'read',
      (e: Error) => e.message,
    );
    if (broken) expect(parsed).toMatch(broken === 'parts' ? /child nodes/ : /header size/);
    else expect(parsed).toBe('read');
  });
});

describe('a message past the limits', () => {
  it.each([
    ['more than 1,000 MIME parts', manyParts('too many', 1000), /child nodes/],
    ['a header block over 1 MB', bigHeader('too big', 1_100_000), /header size/],
    ['a header block of many short lines over 1 MB', manyHeaderLines('too many lines', 20_000), /header size/],
  ])('with %s is acknowledged and kept as it was sent, listed without a subject, read without a body', async (_, message, why) => {
    await start();
    const errors: Array<{ where: string; error: unknown }> = [];
    emu!.events.on('error', (e) => errors.push(e));
    const reply = await smtpSend(message);
    expect(reply.code).toBe(250);
    const [m, ...rest] = (await call('GET', messagesPath)).body.data as Array<{ id: string; subject: string; from: string }>;
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ subject: '', from: 's@example.test' });
    expect(errors.map((e) => `${e.where}: ${(e.error as Error).message}`).join('\n')).toMatch(why);
    const one = await call('GET', `${messagesPath}/${m!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: m!.id, text: null, html: null });
    // The bytes are kept as they were sent, after the trace header.
    await emu!.core.mailbox.settled();
    const box = join(emu!.dataPath!.replace(/\.json$/, '.d'), 'mail', folderOf(INBOX));
    const files = [...readdirSync(join(box, 'new')).map((f) => join(box, 'new', f)), ...readdirSync(join(box, 'cur')).map((f) => join(box, 'cur', f))];
    expect(files).toHaveLength(1);
    expect(readFileSync(files[0]!, 'utf8')).toBe(`Return-Path: <s@example.test>\r\n${message}`);
    // The connection goes on: the next message is taken.
    expect((await smtpSend(manyParts('next', 3))).code).toBe(250);
    expect((await call('GET', messagesPath)).body.data.map((m: { subject: string }) => m.subject)).toEqual(['next', '']);
  });

  it('is stored by the control route (201), as over SMTP', async () => {
    await start();
    const r = await call('POST', '/_emulator/messages', { raw: manyParts('too many', 1200), to: INBOX });
    expect(r.status).toBe(201);
    const [m] = (await call('GET', messagesPath)).body.data as Array<{ id: string; subject: string }>;
    expect(m).toMatchObject({ id: r.body.data.ids[0], subject: '' });
  });
});

describe('right below the limits', () => {
  it('a message of 999 parts and one with a 1,040,000-byte header line are stored and read whole', async () => {
    await start();
    expect((await smtpSend(manyParts('many parts', 999))).code).toBe(250);
    expect((await smtpSend(bigHeader('big header', 1_040_000))).code).toBe(250);
    const list = (await call('GET', messagesPath)).body.data as Array<{ id: string; subject: string }>;
    expect(list.map((m) => m.subject).sort()).toEqual(['big header', 'many parts']);
    for (const m of list) {
      const one = await call('GET', `${messagesPath}/${m.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.text).toContain(m.subject === 'big header' ? 'body of big header' : 'part 0');
    }
  });
});

describe('stored mail the parser refuses', () => {
  it('is answered 200 with its summary and no body, also after a restart', async () => {
    await start();
    const bad = manyParts('stored earlier', 1500);
    // Padded (an epilogue) so that the bad message fits in its place below.
    expect((await smtpSend(manyParts('stored earlier', 2) + ' '.repeat(bad.length))).code).toBe(250);
    const [m] = (await call('GET', messagesPath)).body.data as Array<{ id: string }>;
    // As an older version stored it: the stored bytes hold a message past the parser's limits
    // (written over its file, padded to its length).
    const blobs = join(emu!.dataPath!.replace(/\.json$/, '.d'), 'mail', folderOf(INBOX), 'cur');
    // Moved from new/ to cur/ once announced.
    while (readdirSync(blobs).length === 0) await new Promise((r) => setTimeout(r, 5));
    const [blob] = readdirSync(blobs);
    const size = statSync(join(blobs, blob!)).size;
    expect(size).toBeGreaterThan(bad.length);
    writeFileSync(join(blobs, blob!), bad + ' '.repeat(size - bad.length));
    const one = await call('GET', `${messagesPath}/${m!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: m!.id, subject: 'stored earlier' });
    const data = emu!.dataPath!;
    await emu!.close();
    emu = await startEmulator({ port: 0, smtpPort: 0, data });
    const again = await call('GET', `${messagesPath}/${m!.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data.subject).toBe('stored earlier');
  });
});
