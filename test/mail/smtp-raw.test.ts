// The SMTP receiver at the protocol level, over raw sockets: capabilities, RCPT checks, SIZE,
// limits, garbage, pipelining, AUTH, idle clients. Mail that gets a 250 is checked through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startSmtp } from '../../emulator/smtp/receiver.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { inboxPath, RawSmtp, rfc822 } from './helpers.js';

const MAX = 64 * 1024;
let emu: RunningEmulator;
let clock: EmulatorClock;
const KEY = 'emu_growth';
const A = 'alice@inbox.test';
const B = 'bob@inbox.test';

async function api(method: string, path: string, body?: unknown) {
  clock.advance(1000);
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function subjects(inbox: string): Promise<string[]> {
  const r = await api('GET', inboxPath(inbox, '/messages'));
  expect(r.status).toBe(200);
  return r.body.data.map((m: { subject: string }) => m.subject);
}

async function hello(c: RawSmtp): Promise<void> {
  expect((await c.command('EHLO client.test')).code).toBe(250);
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock, settings: { maxMessageBytes: MAX } });
  expect((await api('POST', '/v1/inboxes', { inbox: A })).status).toBe(201);
  expect((await api('POST', '/v1/inboxes', { inbox: B })).status).toBe(201);
});
afterAll(() => emu.close());

describe('EHLO', () => {
  it('advertises SIZE, 8BITMIME, SMTPUTF8, PIPELINING and AUTH, and no STARTTLS without a certificate', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    const r = await c.command('EHLO client.test');
    expect(r.code).toBe(250);
    const caps = r.lines.map((l) => l.slice(4));
    expect(caps).toContain(`SIZE ${MAX}`);
    expect(caps).toContain('8BITMIME');
    expect(caps).toContain('SMTPUTF8');
    expect(caps).toContain('PIPELINING');
    expect(caps.some((l) => /^AUTH\b.*PLAIN/.test(l))).toBe(true);
    expect(caps.some((l) => l.startsWith('STARTTLS'))).toBe(false);
    expect((await c.command('STARTTLS')).code).toBeGreaterThanOrEqual(500);
    expect((await c.command('QUIT')).code).toBe(221);
  });
});

describe('RCPT', () => {
  it('answers 550 with a clear text for an address that is not a registered inbox, 250 for one that is', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    const bad = await c.command('RCPT TO:<nobody@inbox.test>');
    expect(bad.code).toBe(550);
    expect(bad.text).toContain('nobody@inbox.test');
    expect(bad.text).toMatch(/not a registered inbox/);
    expect((await c.command(`RCPT TO:<${A.toUpperCase()}>`)).code).toBe(250);
    const done = await c.data(rfc822({ to: A, subject: 'rcpt-case' }));
    expect(done.code).toBe(250);
    expect(await subjects(A)).toContain('rcpt-case');
    c.close();
  });

  it('caps the recipients of one transaction: the 101st gets 452; each accepted inbox gets its own copy', async () => {
    const owner = emu.core.accounts.byKey('emu_enterprise')!;
    const many = Array.from({ length: 101 }, (_, i) => `crowd${i}@mail.test`);
    for (const a of many) emu.core.inboxes.register(owner, a);
    await emu.core.commit();
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    const codes: number[] = [];
    for (const a of many) codes.push((await c.command(`RCPT TO:<${a}>`)).code);
    expect(codes.slice(0, 100).every((x) => x === 250)).toBe(true);
    expect(codes[100]).toBe(452);
    expect((await c.data(rfc822({ to: 'crowd@mail.test', subject: 'many-rcpt' }))).code).toBe(250);
    c.close();
    const ids = new Set<string>();
    for (const a of [many[0]!, many[57]!, many[99]!]) {
      clock.advance(1000);
      const r = await fetch(`${emu.url}${inboxPath(a, '/messages')}`, { headers: { authorization: 'Bearer emu_enterprise' } });
      const body = (await r.json()) as any;
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ subject: 'many-rcpt', to: a });
      ids.add(body.data[0].id);
    }
    expect(ids.size).toBe(3);
    expect((await emu.core.messages.list(emu.core.inboxes.find(many[100]!)!)).length).toBe(0);
  });
});

describe('SIZE', () => {
  it('refuses a MAIL FROM whose declared SIZE is over the limit with 552', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    const r = await c.command(`MAIL FROM:<sender@example.test> SIZE=${MAX + 1}`);
    expect(r.code).toBe(552);
    c.close();
  });

  it('answers 552 to a message over the limit, stores nothing, and the connection goes on', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    expect((await c.command(`RCPT TO:<${B}>`)).code).toBe(250);
    const big = rfc822({ to: B, subject: 'too-big', body: ('x'.repeat(76) + '\r\n').repeat(Math.ceil((MAX * 2) / 78)) });
    const r = await c.data(big);
    expect(r.code).toBe(552);
    expect(await subjects(B)).not.toContain('too-big');
    expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    expect((await c.command(`RCPT TO:<${B}>`)).code).toBe(250);
    expect((await c.data(rfc822({ to: B, subject: 'after-too-big' }))).code).toBe(250);
    expect(await subjects(B)).toContain('after-too-big');
    c.close();
  });
});

describe('misbehaving clients', () => {
  it('answers garbage with 500 and drops a client after 10 unknown commands; others are unaffected', async () => {
    const good = await RawSmtp.open(emu.smtp.port);
    await hello(good);
    const bad = await RawSmtp.open(emu.smtp.port);
    expect((await bad.command('HELLO?? \u0001\u0002')).code).toBe(500);
    let last = 0;
    for (let i = 0; i < 9; i++) last = (await bad.command(`GARBAGE ${i}`)).code;
    expect(last).toBe(421);
    await bad.closed;
    expect((await good.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    expect((await good.command(`RCPT TO:<${A}>`)).code).toBe(250);
    expect((await good.data(rfc822({ to: A, subject: 'unaffected' }))).code).toBe(250);
    expect(await subjects(A)).toContain('unaffected');
    good.close();
  });

  it('ends the connection on a command line over the limit, before buffering it', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    c.write(`MAIL FROM:<${'a'.repeat(64 * 1024)}@example.test>`); // no line end: must not be buffered forever
    const r = await c.reply();
    expect(r.code).toBe(421);
    await c.closed;
  });

  it('drops a client that stalls (socket timeout), without touching the others', async () => {
    const rcv = await startSmtp(emu.core, { host: '127.0.0.1', port: 0, socketTimeoutMs: 1000 });
    try {
      const idle = await RawSmtp.open(rcv.port);
      const active = await RawSmtp.open(rcv.port);
      await hello(active);
      // The active one talks every 20 ms, so it never reaches the idle limit; the silent one does.
      let idleGone = false;
      void idle.closed.then(() => (idleGone = true));
      while (!idleGone) {
        expect((await active.command('NOOP')).code).toBe(250);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await active.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
      expect((await active.command(`RCPT TO:<${A}>`)).code).toBe(250);
      expect((await active.data(rfc822({ to: A, subject: 'beside-a-staller' }))).code).toBe(250);
      active.close();
    } finally {
      await rcv.close();
    }
    expect(await subjects(A)).toContain('beside-a-staller');
  });
});

describe('PIPELINING and AUTH', () => {
  it('answers pipelined commands in order', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    c.write(`MAIL FROM:<sender@example.test>\r\nRCPT TO:<${A}>\r\nRCPT TO:<ghost@inbox.test>\r\nRCPT TO:<${B}>\r\nDATA\r\n`);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await c.reply()).code);
    expect(codes).toEqual([250, 250, 550, 250, 354]);
    c.write(`${rfc822({ to: `${A}, ${B}`, subject: 'pipelined' })}\r\n.\r\nMAIL FROM:<x@example.test>\r\nQUIT\r\n`);
    expect((await c.reply()).code).toBe(250);
    expect((await c.reply()).code).toBe(250);
    expect((await c.reply()).code).toBe(221);
    expect(await subjects(A)).toContain('pipelined');
    expect(await subjects(B)).toContain('pipelined');
  });

  it('accepts AUTH PLAIN and AUTH LOGIN with any credentials, and mail without AUTH', async () => {
    const c = await RawSmtp.open(emu.smtp.port);
    await hello(c);
    const plain = Buffer.from('\0user\0secret').toString('base64');
    expect((await c.command(`AUTH PLAIN ${plain}`)).code).toBe(235);
    expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    expect((await c.command(`RCPT TO:<${A}>`)).code).toBe(250);
    expect((await c.data(rfc822({ to: A, subject: 'after-auth-plain' }))).code).toBe(250);
    c.close();

    const d = await RawSmtp.open(emu.smtp.port);
    await hello(d);
    expect((await d.command('AUTH LOGIN')).code).toBe(334);
    expect((await d.command(Buffer.from('someone').toString('base64'))).code).toBe(334);
    expect((await d.command(Buffer.from('anything').toString('base64'))).code).toBe(235);
    d.close();
    expect(await subjects(A)).toContain('after-auth-plain');
  });
});
