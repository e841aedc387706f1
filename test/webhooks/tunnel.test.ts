// The emulator side of the webhook tunnel over real sockets: a raw `ws` client plays the watcher, so
// these tests pin the protocol of src/api/tunnel.ts (open, deliver, answer, time out, queue
// while away, resend after a dropped connection, close, survive an emulator restart).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { deliverMail, deliveryEvents, message } from './helpers.js';

interface Peer {
  ws: WebSocket;
  next(): Promise<any>;
  send(frame: unknown): void;
  closed: Promise<number>;
  close(): Promise<number>;
}

function openPeer(emu: RunningEmulator, id: string, key = 'emu_growth'): Promise<Peer> {
  const ws = new WebSocket(`${emu.url.replace(/^http/, 'ws')}/_emulator/tunnels/${id}`, { headers: { authorization: `Bearer ${key}` } });
  const queue: any[] = [];
  const waiters: Array<(f: any) => void> = [];
  ws.on('message', (d) => {
    const f = JSON.parse(d.toString());
    const w = waiters.shift();
    if (w) w(f);
    else queue.push(f);
  });
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_q, res) => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r))),
        send: (f) => ws.send(JSON.stringify(f)),
        closed,
        close: () => {
          ws.close();
          return closed;
        },
      }),
    );
  });
}

async function api(emu: RunningEmulator, method: string, path: string, body?: unknown, key = 'emu_growth') {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

let emu: RunningEmulator | null = null;
const peers: Peer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const p of peers.splice(0)) p.ws.terminate();
  await emu?.close();
  emu = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup(data: string | null = null) {
  const clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock, data, sync: 'never' });
  const events = deliveryEvents(emu.core);
  return { emu, clock, events };
}

async function openTunnel(e: RunningEmulator) {
  await api(e, 'POST', '/v1/inboxes', { inbox: 'a@inbox.test' });
  const t = await api(e, 'POST', '/_emulator/tunnels');
  expect(t.status).toBe(201);
  expect(t.body.data.url).toMatch(/^https:\/\/tunnel\.inbox\.test\/[A-Za-z0-9_-]+$/);
  const hook = await api(e, 'POST', '/v1/webhooks', { inbox: 'a@inbox.test', url: t.body.data.url });
  expect(hook.status).toBe(201); // https, so valid without --allow-http-webhooks
  return { id: t.body.data.id as string, url: t.body.data.url as string, hook: hook.body as { id: string; secret: string } };
}

async function peer(e: RunningEmulator, id: string): Promise<Peer> {
  const p = await openPeer(e, id);
  peers.push(p);
  return p;
}

describe('webhook tunnel (emulator side)', () => {
  it("sends a delivery over the connection and counts the watcher's answer", async () => {
    const { emu, events } = await setup();
    const tun = await openTunnel(emu);
    const p = await peer(emu, tun.id);
    expect(await p.next()).toEqual({ type: 'hello', tunnel: tun.id, url: tun.url, queued: 0 });
    const msg = message({ otp: '777111' });
    deliverMail(emu.core, 'a@inbox.test', msg);
    const d = await p.next();
    expect(d).toMatchObject({ type: 'delivery', webhookId: tun.hook.id, inbox: 'a@inbox.test', messageId: msg.id, url: tun.url });
    expect(d.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Webhook-Secret': tun.hook.secret });
    expect(JSON.parse(d.body)).toMatchObject({ type: 'new_mail', mailbox: 'a@inbox.test', id: msg.id, otp: '777111' });
    p.send({ type: 'result', id: d.id, status: 204, latencyMs: 3 });
    expect(await p.next()).toEqual({ type: 'settled', id: d.id, ok: true, status: 204, failureCount: 0, disabled: false });
    expect(await events.next()).toMatchObject({ webhookId: tun.hook.id, ok: true, status: 204, url: tun.url });

    deliverMail(emu.core, 'a@inbox.test', message());
    const d2 = await p.next();
    p.send({ type: 'result', id: d2.id, status: 500, latencyMs: 1 });
    expect(await p.next()).toMatchObject({ type: 'settled', id: d2.id, ok: false, status: 500, failureCount: 1 });

    deliverMail(emu.core, 'a@inbox.test', message());
    const d3 = await p.next();
    p.send({ type: 'result', id: d3.id, status: null, error: 'ECONNREFUSED', latencyMs: 1 });
    expect(await p.next()).toMatchObject({ type: 'settled', id: d3.id, ok: false, status: null, error: 'ECONNREFUSED', failureCount: 2 });
  });

  it('an unanswered delivery fails when the clock passes 10 s; a late answer is ignored', async () => {
    const { emu, clock, events } = await setup();
    const tun = await openTunnel(emu);
    const p = await peer(emu, tun.id);
    await p.next();
    deliverMail(emu.core, 'a@inbox.test', message());
    const d = await p.next();
    clock.advance(10_000);
    expect(await p.next()).toMatchObject({ type: 'settled', id: d.id, ok: false, status: null, failureCount: 1 });
    p.send({ type: 'result', id: d.id, status: 200, latencyMs: 11_000 });
    await emu.webhooks.idle();
    expect(events.all).toHaveLength(1);
    expect(emu.core.webhooks.byId(tun.hook.id)!.failureCount).toBe(1);
  });

  it('queues deliveries while no watcher is connected, without counting them, and sends them on connect', async () => {
    const { emu, events } = await setup();
    const tun = await openTunnel(emu);
    deliverMail(emu.core, 'a@inbox.test', message({ subject: 'one' }));
    deliverMail(emu.core, 'a@inbox.test', message({ subject: 'two' }));
    await emu.webhooks.idle();
    expect(events.all).toHaveLength(0);
    const info = await api(emu, 'GET', `/_emulator/tunnels/${tun.id}`);
    expect(info.body.data).toMatchObject({ id: tun.id, connected: false, queued: 2, webhooks: [tun.hook.id] });
    expect(emu.core.webhooks.byId(tun.hook.id)!.failureCount).toBe(0);

    const p = await peer(emu, tun.id);
    expect(await p.next()).toMatchObject({ type: 'hello', queued: 2 });
    const a = await p.next();
    const b = await p.next();
    expect([JSON.parse(a.body).subject, JSON.parse(b.body).subject]).toEqual(['one', 'two']);
    p.send({ type: 'result', id: a.id, status: 200, latencyMs: 1 });
    p.send({ type: 'result', id: b.id, status: 200, latencyMs: 1 });
    await events.next();
    await events.next();
    expect((await api(emu, 'GET', `/_emulator/tunnels/${tun.id}`)).body.data).toMatchObject({ connected: true, queued: 0 });
  });

  it('resends a delivery cut short by a dropped connection with the same id, and counts it once', async () => {
    const { emu, events } = await setup();
    const tun = await openTunnel(emu);
    const p1 = await peer(emu, tun.id);
    await p1.next();
    deliverMail(emu.core, 'a@inbox.test', message());
    const d = await p1.next();
    await p1.close();
    await emu.webhooks.idle();
    expect(events.all).toHaveLength(0);
    const p2 = await peer(emu, tun.id);
    expect(await p2.next()).toMatchObject({ type: 'hello', queued: 1 });
    const again = await p2.next();
    expect(again).toEqual(d);
    p2.send({ type: 'result', id: d.id, status: 200, latencyMs: 1 });
    expect(await events.next()).toMatchObject({ ok: true });
    await emu.webhooks.idle();
    expect(events.all).toHaveLength(1);
  });

  it('a newer connection replaces an older one', async () => {
    const { emu } = await setup();
    const tun = await openTunnel(emu);
    const p1 = await peer(emu, tun.id);
    await p1.next();
    const p2 = await peer(emu, tun.id);
    await p2.next();
    expect(await p1.closed).toBe(4001);
    deliverMail(emu.core, 'a@inbox.test', message());
    expect((await p2.next()).type).toBe('delivery');
  });

  it('refuses a connection to an unknown tunnel with 404', async () => {
    const { emu } = await setup();
    await expect(openPeer(emu, 'nosuchtunnel')).rejects.toMatchObject({ status: 404 });
    const r = await api(emu, 'GET', '/_emulator/tunnels/nosuchtunnel');
    expect(r).toMatchObject({ status: 404, body: { success: false, error: 'not_found' } });
  });

  it('refuses a connection from a web page of another origin with 403', async () => {
    const { emu } = await setup();
    const tun = await openTunnel(emu);
    const ws = new WebSocket(`${emu.url.replace(/^http/, 'ws')}/_emulator/tunnels/${tun.id}`, {
      origin: 'http://evil.example',
      headers: { authorization: 'Bearer emu_growth' },
    });
    const status = await new Promise<number>((resolve, reject) => {
      ws.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('opened')));
      ws.once('error', reject);
    });
    ws.terminate();
    expect(status).toBe(403);
  });

  it('closing a tunnel closes its connection and removes its webhooks and queue', async () => {
    const { emu } = await setup();
    const tun = await openTunnel(emu);
    const p = await peer(emu, tun.id);
    await p.next();
    const del = await api(emu, 'DELETE', `/_emulator/tunnels/${tun.id}`);
    expect(del.status).toBe(200);
    expect(del.body.webhooks_removed).toEqual([tun.hook.id]);
    expect(await p.closed).toBe(1000);
    expect((await api(emu, 'GET', '/v1/webhooks')).body.count).toBe(0);
    expect((await api(emu, 'DELETE', `/_emulator/tunnels/${tun.id}`)).status).toBe(404);
  });

  it('keeps the tunnel and its queue across an emulator restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-tunnel-'));
    dirs.push(dir);
    const file = join(dir, 'emulator.json');
    let { emu: e1 } = await setup(file);
    const tun = await openTunnel(e1);
    const p1 = await peer(e1, tun.id);
    await p1.next();
    deliverMail(e1.core, 'a@inbox.test', message({ subject: 'in flight' }));
    const inflight = await p1.next();
    await p1.close();
    deliverMail(e1.core, 'a@inbox.test', message({ subject: 'queued' }));
    await e1.webhooks.idle();
    await e1.close();

    const { emu: e2, events } = await setup(file);
    const p2 = await peer(e2, tun.id);
    expect(await p2.next()).toMatchObject({ type: 'hello', tunnel: tun.id, queued: 2 });
    const a = await p2.next();
    const b = await p2.next();
    expect(a.id).toBe(inflight.id);
    expect(JSON.parse(b.body).subject).toBe('queued');
    for (const d of [a, b]) p2.send({ type: 'result', id: d.id, status: 200, latencyMs: 1 });
    await events.next();
    await events.next();
    expect(e2.core.deliveries.all()).toEqual([]);
  });
});
