// One message to an inbox with hundreds of webhooks (an account may hold 5,000): the fan-out is made
// in slices with turns of the event loop between them, every delivery is on disk before the message
// counts as stored (its journal record retired), the receiver sees at most MAX_IN_FLIGHT requests at
// once, each webhook gets the message once, and a process killed in the middle of it delivers to
// every webhook after its restart. Real HTTP receivers on loopback; no timing is asserted (how long
// the API waits meanwhile is a benchmark: `npm run bench -- me`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FANOUT_SLICE, MAX_IN_FLIGHT, SLOW_ATTEMPT_MS, type PostFn } from '../../emulator/core/delivery/dispatcher.js';
import { createOutbound } from '../../emulator/outbound.js';
import { rfc822 } from '../mail/helpers.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { makeWebhookApp } from '../webhooks/helpers.js';
import { startCrashChild, type CrashChild } from './fixtures/child.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-webhook-fanout-'));
const closing: Array<() => Promise<unknown>> = [];
const children: CrashChild[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c().catch(() => undefined);
});
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  rmSync(dir, { recursive: true, force: true });
});

const INBOX = 'fan@inbox.test';
const KEY = 'emu_enterprise';
/** The account's per-second limit, raised so that registering the webhooks is not throttled. */
const UNTHROTTLED = { apiKey: KEY, plan: 'enterprise', limits: { perSecond: 1_000_000 } };

/** A receiver that counts POSTs per path and the most it held open at once; `hold` keeps them unanswered. */
async function fanReceiver() {
  const perPath = new Map<string, number>();
  const held = new Set<ServerResponse>();
  const waiters: Array<{ n: number; resolve(): void }> = [];
  const r = { open: 0, maxOpen: 0, total: 0, hold: false, perPath, base: '' };
  const answer = (res: ServerResponse) => {
    r.open--;
    res.writeHead(200).end('ok');
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      r.open++;
      r.maxOpen = Math.max(r.maxOpen, r.open);
      r.total++;
      perPath.set(req.url ?? '', (perPath.get(req.url ?? '') ?? 0) + 1);
      for (const w of waiters.filter((w) => r.total >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (r.hold) held.add(res);
      else setImmediate(() => answer(res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rx = Object.assign(r, {
    until: (n: number) => (r.total >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    release() {
      r.hold = false;
      for (const res of held) answer(res);
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  closing.push(rx.close);
  return rx;
}

async function fanApp(data: string, hooks: number, base: string, post?: PostFn) {
  const t = await makeWebhookApp({ dataPath: data, post });
  closing.push(() => t.close());
  expect((await t.call('POST', '/_emulator/accounts', { body: UNTHROTTLED })).status).toBe(200);
  await t.register(KEY, INBOX);
  for (let i = 0; i < hooks; i++) await t.addWebhook(KEY, INBOX, `${base}/hook${i}`);
  return t;
}

describe('a message to an inbox with many webhooks', () => {
  it(`every delivery is on disk when the message counts as stored; at most ${MAX_IN_FLIGHT} are sent at once; each webhook gets it once`, async () => {
    const hooks = 5 * FANOUT_SLICE;
    const data = join(dir, 'on-disk', 'emulator.json');
    const rx = await fanReceiver();
    rx.hold = true;
    // The real transport, counted: how many POSTs the dispatcher has begun and not seen end.
    const outbound = createOutbound();
    closing.push(() => outbound.close());
    const sending = { now: 0, most: 0 };
    const post: PostFn = async (...args) => {
      sending.most = Math.max(sending.most, ++sending.now);
      try {
        return await outbound.post(...args);
      } finally {
        sending.now--;
      }
    };
    const t = await fanApp(data, hooks, rx.base, post);

    const stored = await t.core.ingest({ source: rfc822({ to: INBOX, subject: 'fan-out' }), recipients: [INBOX] });
    const onDisk = JSON.parse(readFileSync(join(dir, 'on-disk', 'emulator.deliveries.json'), 'utf8'));
    expect(onDisk.deliveries.filter((d: { messageId: string }) => d.messageId === stored[0]!.id)).toHaveLength(hooks);

    // The receiver holds them: no place frees up (the clock is manual, so none becomes slow either).
    await rx.until(MAX_IN_FLIGHT);
    expect(sending.now).toBe(MAX_IN_FLIGHT);
    rx.release();
    await rx.until(hooks);
    await t.dispatcher.idle();
    expect(sending.most).toBe(MAX_IN_FLIGHT);
    expect(rx.maxOpen).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    expect(rx.total).toBe(hooks);
    expect(rx.perPath.size).toBe(hooks);
    expect([...rx.perPath.values()].every((n) => n === 1)).toBe(true);
    await t.core.store.flush();
    expect(JSON.parse(readFileSync(join(dir, 'on-disk', 'emulator.deliveries.json'), 'utf8')).deliveries).toEqual([]);
  }, 30_000);

  it(`a receiver that holds its requests holds up the others for ${SLOW_ATTEMPT_MS / 1000} s of emulator time, not for good`, async () => {
    const hooks = 2 * MAX_IN_FLIGHT;
    const rx = await fanReceiver();
    rx.hold = true;
    const t = await fanApp(join(dir, 'slow', 'emulator.json'), hooks, rx.base);
    await t.core.ingest({ source: rfc822({ to: INBOX, subject: 'slow' }), recipients: [INBOX] });
    await rx.until(MAX_IN_FLIGHT);
    t.clock.advance(SLOW_ATTEMPT_MS); // each of those gives up its place (and goes on waiting)
    await rx.until(hooks);
    expect(rx.open).toBe(hooks);
    rx.release();
    await t.dispatcher.idle();
    expect(rx.perPath.size).toBe(hooks);
    expect(rx.total).toBe(hooks);
  }, 20_000);

  it('the fan-out leaves turns to other work: a request made as the message is announced is answered before most deliveries are made', async () => {
    const hooks = 5 * FANOUT_SLICE;
    const rx = await fanReceiver();
    const t = await fanApp(join(dir, 'turns', 'emulator.json'), hooks, rx.base);
    const seen: number[] = [];
    let answered: Promise<void> | null = null;
    // Registered after the dispatcher's listener: it runs once the dispatcher has begun the fan-out.
    t.core.bus.on('message.received', () => {
      seen.push(t.core.deliveries.size);
      answered = Promise.resolve(t.app.request('/v1/me', { headers: { authorization: `Bearer ${KEY}` } })).then((res) => {
        expect(res.status).toBe(200);
        seen.push(t.core.deliveries.size);
      });
    });
    await t.core.ingest({ source: rfc822({ to: INBOX, subject: 'turns' }), recipients: [INBOX] });
    await answered;
    expect(seen).toEqual([FANOUT_SLICE, FANOUT_SLICE]);
    await rx.until(hooks);
    await t.dispatcher.idle();
    expect(rx.perPath.size).toBe(hooks);
  }, 30_000);

  it('killed in the middle of the fan-out: after the restart every webhook has the message', async () => {
    const hooks = 3 * FANOUT_SLICE;
    const data = join(dir, 'killed', 'emulator.json');
    const rx = await fanReceiver();
    const first = await startCrashChild(data);
    children.push(first);
    const api = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${first.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    };
    expect(await api('POST', '/_emulator/accounts', UNTHROTTLED)).toBe(200);
    expect(await api('POST', '/v1/inboxes', { inbox: INBOX })).toBe(201);
    for (let i = 0; i < hooks; i++) expect(await api('POST', '/v1/webhooks', { inbox: INBOX, url: `${rx.base}/hook${i}` })).toBe(201);
    expect(await api('POST', '/_emulator/messages', { to: INBOX, subject: 'killed', text: 'mid fan-out' })).toBe(201);
    await rx.until(1);
    first.proc.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const before = rx.total;

    const second: RunningEmulator = await startEmulator({ port: 0, smtpPort: 0, data, allowHttpWebhooks: true });
    closing.push(() => second.close());
    await second.core.dispatcher.idle();
    // At least once: every webhook got it; only those in flight at the kill (or answered but not yet
    // written as done) may have got it twice.
    expect(rx.perPath.size).toBe(hooks);
    expect(before).toBeLessThan(hooks);
  }, 60_000);
});
