// Tunnel hijack: a tunnel carries its account's mail and webhook secret, so nobody but the key that
// opened it may list it, connect to it, close it or point a webhook at it. Real sockets: fetch for
// the routes, a `ws` client for the watcher's connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { TunnelClient } from '../../src/tunnel/client.js';
import { deliverMail, message } from '../webhooks/helpers.js';
import { openTunnelSocket, type TunnelSocket } from './fixtures/tunnel-socket.js';

const OWNER = 'emu_growth';
const OTHER = 'emu_enterprise';
let emu: RunningEmulator;
let clock: EmulatorClock;
let tunnel: { id: string; url: string };

async function api(method: string, path: string, key: string | null, body?: unknown) {
  clock.advance(1000);
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${emu.url}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as any };
}

/** Opens the tunnel's WebSocket: 'open', or the HTTP status it was refused with. */
function connect(id: string, headers: Record<string, string>, query = ''): Promise<TunnelSocket> {
  return openTunnelSocket(emu.url, id, headers, query);
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock });
  expect((await api('POST', '/v1/inboxes', OWNER, { inbox: 'owner@inbox.test' })).status).toBe(201);
  expect((await api('POST', '/v1/inboxes', OTHER, { inbox: 'other@inbox.test' })).status).toBe(201);
  const t = await api('POST', '/_emulator/tunnels', OWNER);
  expect(t.status).toBe(201);
  tunnel = t.body.data;
  expect((await api('POST', '/v1/webhooks', OWNER, { inbox: 'owner@inbox.test', url: tunnel.url })).status).toBe(201);
});
afterAll(() => emu.close());

describe('tunnels are bound to the account that opened them', () => {
  it('opening a tunnel needs a key', async () => {
    const r = await api('POST', '/_emulator/tunnels', null);
    expect(r).toMatchObject({ status: 401, body: { success: false, error: 'unauthorized' } });
    expect((await api('POST', '/_emulator/tunnels', 'not-a-key')).status).toBe(401);
  });

  it("the list shows the key's own tunnels only; without a key it is refused", async () => {
    expect((await api('GET', '/_emulator/tunnels', null)).status).toBe(401);
    const mine = await api('GET', '/_emulator/tunnels', OWNER);
    expect(mine.body.data.map((t: { id: string }) => t.id)).toEqual([tunnel.id]);
    const theirs = await api('GET', '/_emulator/tunnels', OTHER);
    expect(theirs.body).toMatchObject({ success: true, count: 0, data: [] });
  });

  it("another account's key and no key cannot read, connect to or close the tunnel", async () => {
    expect((await api('GET', `/_emulator/tunnels/${tunnel.id}`, null)).status).toBe(401);
    expect((await api('GET', `/_emulator/tunnels/${tunnel.id}`, OTHER)).status).toBe(404);
    expect((await connect(tunnel.id, {})).status).toBe(401);
    expect((await connect(tunnel.id, { authorization: `Bearer ${OTHER}` })).status).toBe(404);
    expect((await connect(tunnel.id, {}, `?api_key=${OTHER}`)).status).toBe(404);
    expect((await api('DELETE', `/_emulator/tunnels/${tunnel.id}`, OTHER)).status).toBe(404);
    expect((await api('DELETE', `/_emulator/tunnels/${tunnel.id}`, null)).status).toBe(401);
    // Still there for its owner.
    expect((await api('GET', `/_emulator/tunnels/${tunnel.id}`, OWNER)).body.data).toMatchObject({ id: tunnel.id, connected: false });
  });

  it('another account cannot point its webhook at the tunnel (its watcher would get that mail)', async () => {
    const r = await api('POST', '/v1/webhooks', OTHER, { inbox: 'other@inbox.test', url: tunnel.url });
    expect(r).toMatchObject({ status: 400, body: { error: 'invalid_url' } });
  });

  it("the owner's key connects and receives the deliveries with the webhook secret", async () => {
    const c = await connect(tunnel.id, { authorization: `Bearer ${OWNER}` });
    expect(c.status).toBe('open');
    const m = message({ otp: '135790' });
    deliverMail(emu.core, 'owner@inbox.test', m);
    while (!c.frames.some((f) => f.type === 'delivery')) await new Promise((r) => c.ws.once('message', r));
    const d = c.frames.find((f) => f.type === 'delivery');
    expect(d).toMatchObject({ messageId: m.id, inbox: 'owner@inbox.test' });
    expect(d.headers['X-Webhook-Secret'] ?? d.headers['x-webhook-secret']).toMatch(/^[0-9a-f]{64}$/);
    c.ws.terminate();
  });

  it("the watcher (src/tunnel) sends its key: with another account's key or none it stops with a clear reason", async () => {
    const run = async (apiKey: string | undefined) => {
      const tc = new TunnelClient({
        baseUrl: emu.url,
        apiKey,
        tunnelId: tunnel.id,
        forward: async () => ({ status: 200, latencyMs: 0 }),
        onEvent: () => undefined,
        backoff: { initialMs: 10, maxMs: 10 },
      });
      tc.start();
      const fatal = await tc.finished;
      await tc.stop();
      return fatal;
    };
    expect(await run(OTHER)).toMatchObject({ code: 'tunnel_gone' });
    expect(await run(undefined)).toMatchObject({ code: 'unauthorized', hint: expect.stringMatching(/key that opened the tunnel/) });
  });
});
