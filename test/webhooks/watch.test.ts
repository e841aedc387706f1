// The watch service (src/tunnel/watch.ts) against real emulators on real sockets: tunnel mode end to
// end (set-up, forwarding with the same bytes and headers, status back to the emulator, clean-up),
// reconnection across an emulator restart with nothing lost or doubled, and hosted mode (no
// /_emulator) over the push channel.
import { createServer, type Server } from 'node:http';
import { connect as tcpConnect, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { InboxClient } from '../../src/client/client.js';
import type { WatchEvent } from '../../src/tunnel/events.js';
import { isEmulator, startWatch, type WatchSession } from '../../src/tunnel/watch.js';
import { deliverMail, deliveryEvents, message, startReceiver, type Receiver } from './helpers.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** Collects watch events; waitFor() resolves with the next event matching a test. */
function eventLog() {
  const all: WatchEvent[] = [];
  let waiters: Array<{ test(e: WatchEvent): boolean; resolve(e: WatchEvent): void; from: number }> = [];
  return {
    all,
    push(e: WatchEvent) {
      all.push(e);
      waiters = waiters.filter((w) => {
        if (!w.test(e)) return true;
        w.resolve(e);
        return false;
      });
    },
    /** The next event (after those already seen) that passes `test`. */
    waitFor<T extends WatchEvent>(test: (e: WatchEvent) => e is T): Promise<T> {
      return new Promise((resolve) => waiters.push({ test, resolve: resolve as (e: WatchEvent) => void, from: all.length }));
    },
  };
}
const isType =
  <K extends WatchEvent['type']>(type: K) =>
  (e: WatchEvent): e is Extract<WatchEvent, { type: K }> =>
    e.type === type;

async function emulator(opts: { port?: number; data?: string | null } = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: opts.port ?? 0, smtpPort: 0, data: opts.data ?? null, sync: 'never', clock: new EmulatorClock({ mode: 'manual' }) });
  cleanups.push(() => emu.close());
  return emu;
}

async function receiver(...a: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...a);
  cleanups.push(() => r.close());
  return r;
}

function client(baseUrl: string, apiKey = 'emu_growth'): InboxClient {
  const c = new InboxClient({ baseUrl, apiKey });
  cleanups.push(() => c.close());
  return c;
}

async function watch(c: InboxClient, rx: Receiver, log: ReturnType<typeof eventLog>, inbox = 'a@inbox.test'): Promise<WatchSession> {
  const s = await startWatch({ client: c, apiKey: c.apiKey, inbox, forwardTo: rx.url, onEvent: (e) => log.push(e), backoff: { initialMs: 50, maxMs: 200 } });
  cleanups.push(() => s.stop());
  return s;
}

describe('inbox webhooks watch (service) against the emulator', () => {
  it('registers a tunnel webhook, forwards each delivery as is, reports the status back, cleans up', async () => {
    const emu = await emulator();
    const c = client(emu.url);
    await c.registerInbox('a@inbox.test');
    const rx = await receiver({ status: 202 });
    const log = eventLog();
    const connected = log.waitFor(isType('connected'));
    const session = await watch(c, rx, log);
    expect(session.mode).toBe('tunnel');
    const ready = log.all.find(isType('ready'))!;
    expect(ready.url).toMatch(/^https:\/\/tunnel\.inbox\.test\//);
    expect((await c.listWebhooks()).data).toMatchObject([{ _id: ready.webhookId, url: ready.url, inbox: 'a@inbox.test' }]);
    await connected;

    const emuEvents = deliveryEvents(emu.core);
    const msg = message({ subject: 'Sign in', otp: '246810' });
    const forwarded = log.waitFor(isType('delivery'));
    deliverMail(emu.core, 'a@inbox.test', msg);
    const got = await rx.nth(1);
    expect(got.headers['x-webhook-secret']).toBe(ready.secret);
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body.toString())).toEqual({
      type: 'new_mail',
      mailbox: 'a@inbox.test',
      plan: 'growth',
      id: msg.id,
      from: msg.from,
      to: 'a@inbox.test',
      subject: 'Sign in',
      date: msg.date,
      hasAttachment: false,
      otp: '246810',
      verificationLink: null,
    });
    const d = (await forwarded).delivery;
    expect(d).toMatchObject({ subject: 'Sign in', otp: '246810', status: 202, ok: true, messageId: msg.id, queued: false });
    expect(await emuEvents.next()).toMatchObject({ ok: true, status: 202, url: ready.url });

    rx.behave({ status: 500 });
    deliverMail(emu.core, 'a@inbox.test', message());
    expect((await log.waitFor((e): e is Extract<WatchEvent, { type: 'settled' }> => e.type === 'settled' && !e.ok)).failureCount).toBe(1);
    expect((await c.listWebhooks()).data[0]!.failureCount).toBe(1);

    const report = await session.stop();
    expect(report.problems).toEqual([]);
    expect(report.removed).toEqual([`webhook ${ready.webhookId}`, `tunnel ${ready.url!.split('/').pop()}`]);
    expect((await c.listWebhooks()).count).toBe(0);
    expect((await c.request<any>('GET', '/_emulator/tunnels')).count).toBe(0);
    expect(await session.finished).toBeNull();
  });

  it('ends with webhook_disabled when the local target fails ten times in a row', async () => {
    const emu = await emulator();
    const c = client(emu.url);
    await c.registerInbox('a@inbox.test');
    const rx = await receiver({ status: 503 });
    const log = eventLog();
    const connected = log.waitFor(isType('connected'));
    const session = await watch(c, rx, log);
    await connected;
    for (let i = 0; i < 10; i++) {
      const settled = log.waitFor(isType('settled'));
      deliverMail(emu.core, 'a@inbox.test', message());
      await settled;
    }
    expect(await session.finished).toMatchObject({ code: 'webhook_disabled' });
  });

  it('survives an emulator restart: reconnects, gets what was queued, nothing lost or doubled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-watch-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, 'emulator.json');
    const emu1 = await emulator({ data });
    const port = Number(new URL(emu1.url).port);
    const c = client(emu1.url);
    await c.registerInbox('a@inbox.test');
    const rx = await receiver('hang');
    const log = eventLog();
    const first = log.waitFor(isType('connected'));
    await watch(c, rx, log);
    await first;

    // One delivery is in the local target's hands when the emulator stops.
    const m1 = message({ subject: 'in flight' });
    deliverMail(emu1.core, 'a@inbox.test', m1);
    await rx.nth(1);
    const dropped = log.waitFor(isType('disconnected'));
    await emu1.close();
    await dropped;
    rx.release(200); // the answer comes while the emulator is down: it cannot be reported yet
    rx.behave({ status: 200 });

    const emu2 = await emulator({ port, data });
    const events2 = deliveryEvents(emu2.core);
    const m2 = message({ subject: 'after restart' });
    deliverMail(emu2.core, 'a@inbox.test', m2);
    const seen = [await events2.next(), await events2.next()];
    expect(seen.map((e) => e.messageId).sort()).toEqual([m1.id, m2.id].sort());
    expect(seen.every((e) => e.ok)).toBe(true);
    await emu2.webhooks.idle();
    // The in-flight one was resent after the restart and answered from memory: the target saw it once.
    const subjects = rx.requests.map((r) => JSON.parse(r.body.toString()).subject);
    expect(subjects.sort()).toEqual(['after restart', 'in flight']);
    expect(
      log.all
        .filter(isType('delivery'))
        .map((e) => e.delivery.subject)
        .sort(),
    ).toEqual(['after restart', 'in flight']);
    expect(log.all.filter(isType('connected')).map((e) => e.reconnected)).toEqual([false, true]);
  });

  it('stops with tunnel_gone when the emulator is reset under it', async () => {
    const emu = await emulator();
    const c = client(emu.url);
    await c.registerInbox('a@inbox.test');
    const log = eventLog();
    const connected = log.waitFor(isType('connected'));
    const session = await watch(c, await receiver(), log);
    await connected;
    expect((await c.request<any>('POST', '/_emulator/reset', { auth: false })).success).toBe(true);
    expect(await session.finished).toMatchObject({ code: 'tunnel_gone' });
    expect(log.all.find(isType('disconnected'))?.reason).toBe('emulator reset');
  });

  it("refuses to start for an inbox that is not the caller's, and leaves no tunnel behind", async () => {
    const emu = await emulator();
    const c = client(emu.url);
    const rx = await receiver();
    await expect(watch(c, rx, eventLog(), 'nobody@inbox.test')).rejects.toMatchObject({ code: 'inbox_not_owned' });
    expect((await c.request<any>('GET', '/_emulator/tunnels')).count).toBe(0);
  });
});

/**
 * A stand-in for the hosted service: no /_emulator routes (404 JSON), and /v1/ws upgrades passed
 * through to an emulator's push channel byte for byte.
 */
async function hostedLike(emu: RunningEmulator): Promise<string> {
  const target = Number(new URL(emu.url).port);
  const server: Server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: 'not_found', message: 'Not found' }));
  });
  server.on('upgrade', (req, socket, head) => {
    const up = tcpConnect(target, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)];
      up.write(lines.join('\r\n') + '\r\n\r\n');
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('inbox webhooks watch (service) against a service without a tunnel', () => {
  it('detects it, and forwards new mail from the push channel in the webhook format', async () => {
    const emu = await emulator();
    const hosted = await hostedLike(emu);
    const c = client(hosted);
    expect(await isEmulator(c)).toBe(false);
    expect(await isEmulator(client(emu.url))).toBe(true);
    await client(emu.url).registerInbox('a@inbox.test');
    const rx = await receiver();
    const log = eventLog();
    const connected = log.waitFor(isType('connected'));
    const session = await watch(c, rx, log);
    expect(session.mode).toBe('push');
    const ready = log.all.find(isType('ready'))!;
    expect(ready.secret).toMatch(/^[0-9a-f]{64}$/);
    await connected;
    const msg = message({ subject: 'pushed', otp: '135790' });
    const forwarded = log.waitFor(isType('delivery'));
    deliverMail(emu.core, 'a@inbox.test', msg);
    const got = await rx.nth(1);
    expect(got.headers['x-webhook-secret']).toBe(ready.secret);
    expect(got.body.toString()).toBe(
      JSON.stringify({
        type: 'new_mail',
        mailbox: 'a@inbox.test',
        plan: 'growth',
        id: msg.id,
        from: msg.from,
        to: 'a@inbox.test',
        subject: 'pushed',
        date: msg.date,
        hasAttachment: false,
        otp: '135790',
        verificationLink: null,
      }),
    );
    expect((await forwarded).delivery).toMatchObject({ status: 200, subject: 'pushed', otp: '135790' });
    // No webhook was registered for it.
    expect((await client(emu.url).listWebhooks()).count).toBe(0);
  });

  it("stops with the push channel's refusal (plan below startup)", async () => {
    const emu = await emulator();
    const hosted = await hostedLike(emu);
    await client(emu.url, 'emu_free').registerInbox('f@inbox.test');
    emu.core.clock.advance(1000); // the free plan's one request per second was just used
    const rx = await receiver();
    const session = await watch(client(hosted, 'emu_free'), rx, eventLog(), 'f@inbox.test');
    expect(await session.finished).toMatchObject({ code: 'plan_required' });
  });
});
