// Idle SMTP connections cannot lock out a client that sends. When the receiver is full, a new client
// makes room: the connection that has waited longest for its client (no command, or mid-DATA no
// byte, for at least evictIdleAfterMs) gets 421 with a retry hint and is closed. A connection whose
// client is sending (commands, or message bytes mid-DATA) is not idle. One non-loopback peer holds
// at most maxConnectionsPerPeer connections; loopback senders are exempt. Real sockets, small limits
// (defaults: 100 connections, 1 s, half of them per peer; docs/mail.md).
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { IDLE_EVICTED_REPLY, startSmtp, type SmtpOptions, type SmtpReceiver } from '../../emulator/smtp/receiver.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';

const A = 'idle@inbox.test';
let emu: RunningEmulator;
const receivers: SmtpReceiver[] = [];
const clients: RawSmtp[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0 });
  emu.core.inboxes.register(emu.core.accounts.byKey('emu_growth')!, A);
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const r of receivers) await r.close();
  await emu.close();
});

async function receiver(opts: Partial<SmtpOptions>): Promise<SmtpReceiver> {
  // A long socket timeout: only the eviction may close an idle client here.
  const r = await startSmtp(emu.core, { host: '127.0.0.1', port: 0, socketTimeoutMs: 120_000, ...opts });
  receivers.push(r);
  return r;
}

async function open(port: number, host = '127.0.0.1'): Promise<RawSmtp> {
  const c = await RawSmtp.open(port, host);
  clients.push(c);
  return c;
}

async function ehlo(c: RawSmtp): Promise<void> {
  expect((await c.command('EHLO idle.test')).code).toBe(250);
}

async function send(c: RawSmtp, subject: string) {
  expect((await c.command('MAIL FROM:<x@idle.test>')).code).toBe(250);
  expect((await c.command(`RCPT TO:<${A}>`)).code).toBe(250);
  return c.data(rfc822({ to: A, subject }));
}

async function subjects(): Promise<string[]> {
  return (await emu.core.messages.list(emu.core.inboxes.find(A)!)).map((m) => m.subject);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a full server of idle connections', () => {
  it('closes the longest-idle one with 421 and a retry hint, and the new sender gets its 250', async () => {
    const r = await receiver({ maxConnections: 3, evictIdleAfterMs: 100 });
    const idle = [await open(r.port), await open(r.port), await open(r.port)];
    // The first has been waiting longest: its last command was answered first.
    for (const c of idle) await ehlo(c);
    expect(r.stats().connections).toBe(3);
    await sleep(150);

    const sender = await open(r.port);
    const evicted = await idle[0]!.reply();
    expect(evicted.code).toBe(421);
    expect(evicted.text).toBe(`421 ${IDLE_EVICTED_REPLY}`);
    expect(evicted.text).toMatch(/retry/);
    await idle[0]!.closed;

    await ehlo(sender);
    expect((await send(sender, 'past the idle ones')).code).toBe(250);
    expect(await subjects()).toContain('past the idle ones');
    // The others are still connected and still served.
    for (const c of idle.slice(1)) expect(c.socket.destroyed).toBe(false);
    expect((await idle[1]!.command('NOOP')).code).toBe(250);
    expect(r.stats()).toMatchObject({ connections: 3, evicted: 1 });
    expect((await sender.command('QUIT')).code).toBe(221);
  });

  it('a connection that never sent a command is idle since it connected', async () => {
    const r = await receiver({ maxConnections: 2, evictIdleAfterMs: 100 });
    const silent = await open(r.port);
    const talker = await open(r.port);
    await sleep(120);
    await ehlo(talker); // talked just now: not the one to go
    const sender = await open(r.port);
    expect((await silent.reply()).code).toBe(421);
    await silent.closed;
    expect((await talker.command('NOOP')).code).toBe(250);
    await ehlo(sender);
    expect((await send(sender, 'after the silent one')).code).toBe(250);
  });

  it('connections whose clients are talking are left alone: a newcomer gets the usual 421', async () => {
    const r = await receiver({ maxConnections: 2, evictIdleAfterMs: 10_000 });
    const one = await open(r.port);
    const two = await open(r.port);
    await ehlo(one);
    await ehlo(two);
    await expect(RawSmtp.open(r.port)).rejects.toThrow(/greeting: 421 .*Too many connected clients/);
    expect((await one.command('NOOP')).code).toBe(250);
    expect((await two.command('NOOP')).code).toBe(250);
    expect(r.stats().evicted).toBe(0);
  });
});

describe('mid-DATA', () => {
  it('a client sending message bytes is not idle; an idle one goes instead, and the message is stored', async () => {
    const r = await receiver({ maxConnections: 2, evictIdleAfterMs: 150 });
    const trickler = await open(r.port);
    await ehlo(trickler);
    expect((await trickler.command('MAIL FROM:<x@idle.test>')).code).toBe(250);
    expect((await trickler.command(`RCPT TO:<${A}>`)).code).toBe(250);
    expect((await trickler.command('DATA')).code).toBe(354);
    // Its last command is older than the idle one's, but bytes keep arriving.
    const idle = await open(r.port);
    await ehlo(idle);
    const message = rfc822({ to: A, subject: 'trickled in', body: 'y'.repeat(60) }).replace(/\r?\n/g, '\r\n');
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < message.length) trickler.write(message.slice(sent, (sent += 4)));
    }, 10);
    try {
      await sleep(250);
      const sender = await open(r.port);
      expect((await idle.reply()).code).toBe(421);
      await idle.closed;
      expect(trickler.socket.destroyed).toBe(false);
      await ehlo(sender);
      expect((await send(sender, 'beside the trickler')).code).toBe(250);
      while (sent < message.length) await sleep(10);
    } finally {
      clearInterval(trickle);
    }
    trickler.write('\r\n.\r\n');
    expect((await trickler.reply()).code).toBe(250);
    expect(await subjects()).toEqual(expect.arrayContaining(['trickled in', 'beside the trickler']));
  });

  it('a transfer that stalls is idle: closed with the 421, nothing of it kept, nothing logged as an error', async () => {
    const r = await receiver({ maxConnections: 1, evictIdleAfterMs: 100 });
    const errors: unknown[] = [];
    const off = emu.core.bus.on('error', (e) => errors.push(e));
    try {
      const stalled = await open(r.port);
      await ehlo(stalled);
      expect((await stalled.command('MAIL FROM:<x@idle.test>')).code).toBe(250);
      expect((await stalled.command(`RCPT TO:<${A}>`)).code).toBe(250);
      expect((await stalled.command('DATA')).code).toBe(354);
      stalled.write(`To: ${A}\r\nSubject: stalled half-way\r\n\r\nhalf a bo`);
      await sleep(150);
      const sender = await open(r.port);
      const reply = await stalled.reply();
      expect(reply.code).toBe(421);
      expect(reply.text).toMatch(/Idle too long/);
      await stalled.closed;
      await ehlo(sender);
      expect((await send(sender, 'after the stalled one')).code).toBe(250);
      const kept = await subjects();
      expect(kept).toContain('after the stalled one');
      expect(kept).not.toContain('stalled half-way');
      expect(errors).toEqual([]);
    } finally {
      off();
    }
  });
});

/** This machine's first non-internal IPv4 address (eth0 in CI), if it has one. */
function externalV4(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

describe('per-peer limit', () => {
  const address = externalV4();
  it.skipIf(!address)('a non-loopback peer gets at most maxConnectionsPerPeer connections; loopback senders are exempt', async () => {
    // Bound to every address: connecting to the machine's own eth0 address comes from it, a
    // non-loopback peer.
    const r = await receiver({ host: '0.0.0.0', maxConnections: 10, maxConnectionsPerPeer: 2 });
    const remote = [await open(r.port, address), await open(r.port, address)];
    await expect(RawSmtp.open(r.port, address)).rejects.toThrow(/greeting: 421 Too many connections from your address \(at most 2 at once\)/);
    // Loopback is exempt: more than two at once, and each one served.
    const local = [await open(r.port), await open(r.port), await open(r.port)];
    for (const c of [...remote, ...local]) await ehlo(c);
    // A slot the peer frees is its own again.
    remote[0]!.close();
    await remote[0]!.closed;
    let again: RawSmtp | null = null;
    for (let i = 0; i < 50 && !again; i++) {
      again = await RawSmtp.open(r.port, address).catch(() => null);
      if (!again) await sleep(5);
    }
    expect(again).not.toBeNull();
    clients.push(again!);
    await ehlo(again!);
    expect((await send(again!, 'from the peer')).code).toBe(250);
  });
});
