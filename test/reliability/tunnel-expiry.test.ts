// Abandoned webhook tunnels: a tunnel no watcher connects to expires after 24 h of emulator time and
// is then neither queued to nor charged for, and is removed with its webhook and its queue; a tunnel
// holds at most 1000 deliveries (3 here), and one past that is not made, not charged and not counted
// as a failure. An emulator on real ports with a manual clock, moved through POST /_emulator/clock
// (no waiting); the routes over fetch, the watcher's connection over a real WebSocket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { DEFAULT_SETTINGS } from '../../emulator/core/config.js';
import type { EmulatorEvents } from '../../emulator/core/events.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { openTunnelSocket, type TunnelSocket } from './fixtures/tunnel-socket.js';

const KEY = 'emu_growth';
const HOUR = 3_600_000;
const started: RunningEmulator[] = [];
afterAll(async () => {
  for (const e of started) await e.close();
});

interface Emu {
  emu: RunningEmulator;
  clock: EmulatorClock;
  api(method: string, path: string, body?: unknown, key?: string | null): Promise<{ status: number; body: any }>;
  /** Moves the emulator's clock through the control surface (timers due by then fire). */
  advance(ms: number): Promise<void>;
  /** Mail for `inbox` through POST /_emulator/messages; answered once it is stored and announced. */
  mail(inbox: string, subject: string): Promise<string>;
  used(): number;
  /** The tunnel's deliveries in the main document. */
  pending(tunnelId: string): number;
  events: { delivery: Array<EmulatorEvents['webhook.delivery']>; expired: Array<EmulatorEvents['tunnel.expired']> };
  /** Opens a tunnel of KEY with a webhook of `inbox` at its URL. */
  tunnel(inbox: string): Promise<{ id: string; url: string; hook: string }>;
  connect(id: string): Promise<TunnelSocket>;
}

async function emulator(settings: Partial<typeof DEFAULT_SETTINGS> = {}): Promise<Emu> {
  const clock = new EmulatorClock({ mode: 'manual' });
  const emu = await startEmulator({ port: 0, smtpPort: 0, clock, settings });
  started.push(emu);
  const events: Emu['events'] = { delivery: [], expired: [] };
  emu.events.on('webhook.delivery', (d) => events.delivery.push(d));
  emu.events.on('tunnel.expired', (t) => events.expired.push(t));
  const e: Emu = {
    emu,
    clock,
    events,
    async api(method, path, body, key = KEY) {
      clock.advance(1000); // the per-second request window
      const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      if (key) headers.authorization = `Bearer ${key}`;
      const res = await fetch(`${emu.url}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: (await res.json()) as any };
    },
    async advance(ms) {
      const r = await e.api('POST', '/_emulator/clock', { advanceMs: ms }, null);
      expect(r.status).toBe(200);
    },
    async mail(inbox, subject) {
      const r = await e.api('POST', '/_emulator/messages', { to: inbox, subject, text: `about ${subject}` }, null);
      expect(r.status).toBe(201);
      return subject;
    },
    used: () => emu.core.accounts.byKey(KEY)!.usage.used,
    pending: (id) => emu.core.deliveries.queued(id),
    async tunnel(inbox) {
      const t = await e.api('POST', '/_emulator/tunnels');
      expect(t.status).toBe(201);
      const h = await e.api('POST', '/v1/webhooks', { inbox, url: t.body.data.url });
      expect(h.status).toBe(201);
      return { id: t.body.data.id, url: t.body.data.url, hook: h.body.id };
    },
    connect: (id) => openTunnelSocket(emu.url, id, { authorization: `Bearer ${KEY}` }),
  };
  return e;
}

/** Resolves once `test` passes (checked on each frame and every 10 ms), or fails after 5 s. */
async function until(test: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a tunnel nobody attaches to expires', () => {
  let e: Emu;
  beforeAll(async () => {
    e = await emulator();
    for (const inbox of ['a@inbox.test', 'b@inbox.test', 'c@inbox.test']) expect((await e.api('POST', '/v1/inboxes', { inbox })).status).toBe(201);
  });

  it('the stated time is 24 h of emulator time, and the stated bound 1000 deliveries', () => {
    expect(DEFAULT_SETTINGS.tunnelExpiryMs).toBe(24 * HOUR);
    expect(DEFAULT_SETTINGS.maxTunnelQueue).toBe(1000);
    expect(e.emu.core.settings.tunnelExpiryMs).toBe(24 * HOUR);
  });

  it('queues and charges until 24 h after it was opened; from then on neither, and it is removed with its webhook and queue', async () => {
    const t = await e.tunnel('a@inbox.test');
    const view = (await e.api('GET', `/_emulator/tunnels/${t.id}`)).body.data;
    expect(view).toMatchObject({ connected: false, lastSeenAt: null });
    const expiresAt = Date.parse(view.expiresAt);
    expect(expiresAt - Date.parse(view.createdAt)).toBe(24 * HOUR);

    let used = e.used();
    await e.mail('a@inbox.test', 'early');
    expect(e.used() - used).toBe(2); // queued for the watcher and charged, as a delivery to a down receiver is
    expect(e.pending(t.id)).toBe(1);

    // One second before the deadline (each API call also moves the clock a second).
    await e.advance(expiresAt - e.clock.now() - 5_000);
    used = e.used();
    await e.mail('a@inbox.test', 'just before');
    expect(e.used() - used).toBe(2);
    expect(e.pending(t.id)).toBe(2);
    expect((await e.api('GET', `/_emulator/tunnels/${t.id}`)).status).toBe(200);
    expect(e.clock.now()).toBeLessThan(expiresAt);

    await e.advance(expiresAt - e.clock.now()); // the deadline itself
    used = e.used();
    const sentBefore = e.events.delivery.length;
    await e.mail('a@inbox.test', 'after');
    expect(e.used()).toBe(used); // not charged
    expect(e.pending(t.id)).toBe(0); // the queue went with it
    const notSent = e.events.delivery.slice(sentBefore);
    expect(notSent).toHaveLength(1);
    expect(notSent[0]).toMatchObject({ webhookId: t.hook, ok: false, status: null, error: expect.stringMatching(/not sent: tunnel \S+ expired/) });
    expect(e.emu.core.store.main.data.tunnels.some((x) => x.id === t.id)).toBe(false);
    expect(e.emu.core.store.main.data.webhooks.some((w) => w.id === t.hook)).toBe(false);
    expect(e.events.expired.find((x) => x.tunnelId === t.id)).toMatchObject({ webhooks: [t.hook], dropped: 2 });

    // Gone for every route: not listed, not readable, no connection, no webhook at its URL.
    expect((await e.api('GET', '/_emulator/tunnels')).body.data.map((x: { id: string }) => x.id)).not.toContain(t.id);
    expect((await e.api('GET', `/_emulator/tunnels/${t.id}`)).status).toBe(404);
    expect((await e.connect(t.id)).status).toBe(404);
    expect((await e.api('POST', '/v1/webhooks', { inbox: 'a@inbox.test', url: t.url })).status).toBe(400);
    expect((await e.api('GET', '/v1/webhooks')).body.data.map((w: { _id?: string; id?: string }) => w._id ?? w.id)).not.toContain(t.hook);
    used = e.used();
    await e.mail('a@inbox.test', 'much later');
    expect(e.used()).toBe(used);
  });

  it('the clock passing the deadline removes it without any mail arriving (the sweep)', async () => {
    const t = await e.tunnel('b@inbox.test');
    await e.mail('b@inbox.test', 'queued');
    expect(e.pending(t.id)).toBe(1);
    await e.advance(25 * HOUR);
    expect(e.emu.core.store.main.data.tunnels.some((x) => x.id === t.id)).toBe(false);
    expect(e.emu.core.store.main.data.webhooks.some((w) => w.id === t.hook)).toBe(false);
    expect(e.pending(t.id)).toBe(0);
    expect(e.events.expired.find((x) => x.tunnelId === t.id)).toMatchObject({ webhooks: [t.hook], dropped: 1 });
  });

  it('a connected watcher keeps it however long; its 24 h start when the watcher leaves, and a new one resets them', async () => {
    const t = await e.tunnel('c@inbox.test');
    const w1 = await e.connect(t.id);
    expect(w1.status).toBe('open');
    await e.advance(48 * HOUR);
    expect((await e.api('GET', `/_emulator/tunnels/${t.id}`)).body.data).toMatchObject({ connected: true, expiresAt: null });
    w1.ws.close();
    await until(() => !e.emu.core.tunnels.isConnected(t.id), 'the emulator to see the watcher leave');
    const left = (await e.api('GET', `/_emulator/tunnels/${t.id}`)).body.data;
    expect(Date.parse(left.expiresAt) - Date.parse(left.lastSeenAt)).toBe(24 * HOUR);

    await e.advance(23 * HOUR);
    await e.mail('c@inbox.test', 'while away');
    const w2 = await e.connect(t.id); // 23 h later: still there, with what was queued
    expect(w2.status).toBe('open');
    await until(() => w2.frames.some((f) => f.type === 'delivery'), 'the queued delivery');
    expect(w2.frames[0]).toMatchObject({ type: 'hello', queued: 1 });
    w2.ws.close();
    await until(() => !e.emu.core.tunnels.isConnected(t.id), 'the emulator to see the watcher leave');
    await e.advance(23 * HOUR);
    expect((await e.api('GET', `/_emulator/tunnels/${t.id}`)).status).toBe(200); // counted from the second watcher
    await e.advance(HOUR);
    expect((await e.api('GET', `/_emulator/tunnels/${t.id}`)).status).toBe(404);
    expect(e.emu.core.store.main.data.tunnels.some((x) => x.id === t.id)).toBe(false);
  });
});

describe('deliveries queued per tunnel are bounded', () => {
  it('past the bound a delivery is not made: not queued, not charged, not a failure; what was queued arrives in order', async () => {
    const e = await emulator({ maxTunnelQueue: 3 });
    expect((await e.api('POST', '/v1/inboxes', { inbox: 'q@inbox.test' })).status).toBe(201);
    const t = await e.tunnel('q@inbox.test');
    const used = e.used();
    const sentBefore = e.events.delivery.length;
    for (const s of ['m1', 'm2', 'm3', 'm4', 'm5']) await e.mail('q@inbox.test', s);
    expect(e.pending(t.id)).toBe(3);
    expect(e.used() - used).toBe(3 * 2); // only the three queued ones are charged
    const refused = e.events.delivery.slice(sentBefore);
    expect(refused).toHaveLength(2);
    for (const r of refused)
      expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/not sent: 3 deliveries already wait for tunnel .* \(at most 3\)/) });
    const hook = (await e.api('GET', '/v1/webhooks')).body.data.find((w: { url: string }) => w.url === t.url);
    expect(hook).toMatchObject({ failureCount: 0 }); // listed, so still active

    const w = await e.connect(t.id);
    await until(() => w.frames.filter((f) => f.type === 'delivery').length === 3, 'the three queued deliveries');
    expect(w.frames[0]).toMatchObject({ type: 'hello', queued: 3 });
    expect(w.frames.filter((f) => f.type === 'delivery').map((f) => JSON.parse(f.body).subject)).toEqual(['m1', 'm2', 'm3']);
    w.ws.terminate();
  });
});
