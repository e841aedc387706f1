// Real SMTP sessions with nodemailer against startEmulator(): extraction, several recipients,
// Unicode and punycode domains, and content round trips (quoted-printable, base64, 8-bit,
// attachments) through GET .../messages/{id}.
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { DEFAULT_SETTINGS } from '../../emulator/core/config.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { expectSchema, inboxPath, RawSmtp } from './helpers.js';

let emu: RunningEmulator;
let clock: EmulatorClock;
let transport: ReturnType<typeof nodemailer.createTransport>;
const KEY = 'emu_growth';
const A = 'alice@inbox.test';
const B = 'bob@inbox.test';
const U = 'anna@xn--bcher-kva.test'; // anna@bücher.test

async function api(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  clock.advance(1000);
  const res = await fetch(`${emu.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.key ?? KEY}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function newest(inbox: string) {
  const list = await api(inboxPath(inbox, '/messages'));
  expect(list.status).toBe(200);
  return list.body.data[0];
}

async function full(inbox: string, id: string) {
  const r = await api(inboxPath(inbox, `/messages/${id}`));
  expect(r.status).toBe(200);
  return expectSchema(responses.getMessage, r.body).data;
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({
    port: 0,
    smtpPort: 0,
    clock,
    settings: { platformDomains: [...DEFAULT_SETTINGS.platformDomains, { domain: 'xn--bcher-kva.test', tier: 'free', tags: [] }] },
  });
  // Registered in its ASCII (punycode) form: the API refuses Unicode domain names, as the hosted service does.
  for (const inbox of [A, B, U]) {
    const r = await api('/v1/inboxes', { method: 'POST', body: { inbox } });
    expect(r.status).toBe(201);
  }
  transport = nodemailer.createTransport({ host: emu.smtp.host, port: emu.smtp.port, secure: false });
});
afterAll(async () => {
  transport.close();
  await emu.close();
});

describe('nodemailer', () => {
  it('delivers a message with its code and link extracted, visible to a waiting request', async () => {
    const waiting = api(inboxPath(A, '/wait?timeout=60'));
    // The wait is parked once the inbox has a waiter; the message is sent after that.
    await emu.core.waits.whenPending();
    const info = await transport.sendMail({
      from: 'Acme <no-reply@acme.test>',
      to: A,
      subject: 'Confirm your account',
      text: 'Your verification code is 482913.\nConfirm your email: https://app.example.com/verify?token=abc123',
    });
    expect(info.response).toMatch(/^250 /);
    const w = await waiting;
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({
      success: true,
      data: { to: A, subject: 'Confirm your account', otp: '482913', verificationLink: 'https://app.example.com/verify?token=abc123' },
    });
    expect(w.body.data.from).toContain('no-reply@acme.test');
    expect(info.response).toContain(w.body.data.id);
  });

  it('gives every registered recipient its own copy and refuses the unknown one', async () => {
    const info = await transport.sendMail({ from: 'x@example.test', to: [A, B], cc: 'ghost@inbox.test', subject: 'to both', text: 'hi' });
    expect(info.accepted.sort()).toEqual([A, B].sort());
    expect(info.rejected).toEqual(['ghost@inbox.test']);
    const a = await newest(A);
    const b = await newest(B);
    expect(a).toMatchObject({ subject: 'to both', to: A });
    expect(b).toMatchObject({ subject: 'to both', to: B });
    expect(a.id).not.toBe(b.id);
    // Deleting one copy leaves the other whole.
    expect((await api(inboxPath(A, `/messages/${a.id}`), { method: 'DELETE' })).status).toBe(200);
    expect((await full(B, b.id)).text?.trimEnd()).toBe('hi');
  });

  it('treats a Unicode domain and its punycode as the same inbox', async () => {
    await transport.sendMail({ from: 'x@example.test', to: 'anna@bücher.test', subject: 'unicode rcpt', text: 'one' });
    await transport.sendMail({ from: 'x@example.test', to: 'ANNA@XN--BCHER-KVA.TEST', subject: 'punycode rcpt', text: 'two' });
    // And a raw SMTPUTF8 session naming the Unicode form in RCPT.
    const c = await RawSmtp.open(emu.smtp.port);
    expect((await c.command('EHLO client.test')).code).toBe(250);
    expect((await c.command('MAIL FROM:<x@example.test> SMTPUTF8')).code).toBe(250);
    expect((await c.command('RCPT TO:<anna@bücher.test>')).code).toBe(250);
    const d = await c.data(Buffer.from('From: x@example.test\r\nTo: anna@bücher.test\r\nSubject: utf8 rcpt\r\n\r\ndrei\r\n', 'utf8'));
    expect(d.code).toBe(250);
    c.close();
    const list = await api(inboxPath('anna@bücher.test', '/messages'));
    expect(list.body.data.map((m: { subject: string }) => m.subject)).toEqual(['utf8 rcpt', 'punycode rcpt', 'unicode rcpt']);
    expect(list.body.data.every((m: { to: string }) => m.to === U)).toBe(true);
    expect((await api(inboxPath(U, '/messages'))).body.count).toBe(3);
  });

  it('round-trips quoted-printable, base64 and attachments byte for byte', async () => {
    const text = `Grüße aus Köln — ${'lange Zeile '.repeat(20)}\nZweite Zeile: 100% ✓ =?not-an-encoded-word?=`;
    const html = `<p>Héllo <b>wörld</b> ${'x'.repeat(300)}</p>`;
    const binary = randomBytes(200_000);
    const utf8File = Buffer.from('Zeile 1: ümlaut\r\nZeile 2: 日本語\r\n', 'utf8');
    await transport.sendMail({
      from: 'x@example.test',
      to: B,
      subject: 'Ünïcödé subject 🎉',
      text,
      html,
      textEncoding: 'quoted-printable',
      attachments: [
        { filename: 'random.bin', content: binary, contentType: 'application/octet-stream' },
        { filename: 'notes-ü.txt', content: utf8File, contentType: 'text/plain; charset=utf-8', encoding: 'base64' },
      ],
    });
    const m = await newest(B);
    expect(m).toMatchObject({ subject: 'Ünïcödé subject 🎉', hasAttachment: true });
    const got = await full(B, m.id);
    expect(got.text?.trimEnd()).toBe(text);
    expect(got.html).toBe(html);
    expect(got.attachments).toHaveLength(2);
    const [bin, txt] = got.attachments!;
    expect(bin).toMatchObject({ filename: 'random.bin', contentType: 'application/octet-stream', size: binary.length });
    expect(Buffer.from(bin!.content, 'base64').equals(binary)).toBe(true);
    expect(txt).toMatchObject({ filename: 'notes-ü.txt', size: utf8File.length });
    expect(txt!.contentType).toMatch(/^text\/plain/);
    expect(Buffer.from(txt!.content, 'base64').equals(utf8File)).toBe(true);
  });

  it('keeps an 8-bit body sent with BODY=8BITMIME', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    expect((await c.command('EHLO client.test')).code).toBe(250);
    expect((await c.command('MAIL FROM:<x@example.test> BODY=8BITMIME')).code).toBe(250);
    expect((await c.command(`RCPT TO:<${A}>`)).code).toBe(250);
    const body = 'Straße, café, naïve: 8-bit as it is.\r\n.leading dot line\r\n';
    const raw = `From: x@example.test\r\nTo: ${A}\r\nSubject: eight bit\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}`;
    expect((await c.data(Buffer.from(raw, 'utf8'))).code).toBe(250);
    c.close();
    const m = await newest(A);
    expect(m.subject).toBe('eight bit');
    expect((await full(A, m.id)).text?.trimEnd()).toBe(body.replace(/\r\n/g, '\n').trimEnd());
  });
});
