// The control surface and the viewer from another machine, under every spelling of their paths.
// Round 2 found `POST /%5Femulator/reset` answered 200 to a remote peer: the guard judged the path as
// written, the router matched it decoded. Now both judge one canonical path (emulator/http/paths.ts).
//
// Every control and viewer route of the app (read from its route table, so a new route is covered
// the day it is added) is sent in many spellings: escapes of ordinary characters (upper- and
// lower-case hex, one character or the whole segment), dot segments (plain and encoded), double
// slashes and changed case. From this machine each spelling either reaches the route or reaches no
// route at all; from another machine none of them reaches a route, and nothing changes.
//
// Another machine is a network namespace this test makes itself (CI runs as root): the emulator is
// bound to 0.0.0.0 and a client in the namespace talks to it over a veth pair. Without root (a
// developer's run) the in-process part below still presents a remote peer through the request's
// socket, and the namespace part is skipped; under CI it must run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../emulator/http/app.js';
import { scopeOf } from '../../emulator/http/guard.js';
import { canonicalPath } from '../../emulator/http/paths.js';
import { makeApp } from '../helpers/emulator.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';

const INBOX = 'a@inbox.test';

interface Probe {
  method: string;
  path: string;
  /** Whether this spelling names the route (`same`) or no route at all (`none`). */
  expect: 'same' | 'none';
  route: string;
  headers?: Record<string, string>;
  body?: unknown;
  upgrade?: boolean;
}

const hex = (ch: string, lower = false) => {
  const h = `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  return lower ? h.toLowerCase() : h;
};
const swapCase = (s: string) => [...s].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');

/** The spellings of one path: those that name the same route, and those that name none. */
function spellings(path: string): { same: string[]; none: string[] } {
  if (path === '/') return { same: ['/', '/./', '/v1/..', '/v1/%2e%2E/', '/%2e/'], none: ['//'] };
  const segs = path.split('/').slice(1);
  const first = segs[0]!;
  const rest = segs.slice(1);
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const same = [
    path,
    `/${hex(first[0]!)}${first.slice(1)}${tail}`,
    `/${hex(first[0]!, true)}${first.slice(1)}${tail}`,
    `/${first[0]}${hex(first[1]!)}${first.slice(2)}${tail}`,
    `/${[...first].map((ch) => hex(ch)).join('')}${tail}`,
    `/v1/../${segs.join('/')}`,
    `/v1/%2e%2e/${segs.join('/')}`,
    `/x/y/.%2E/%2E./${hex(first[0]!)}${first.slice(1)}${tail}`,
    `/./${segs.join('/')}`,
  ];
  const last = path.at(-1)!;
  if (/[a-z0-9]/i.test(last)) same.push(`${path.slice(0, -1)}${hex(last)}`);
  if (rest.length) same.push(`/${first}/./${rest.join('/')}`, `/${first}/${rest.map(() => '..').join('/')}/${segs.join('/')}`);
  const none = [`//${segs.join('/')}`, `/${swapCase(first)}${tail}`, `/${hex('/')}${segs.join('/')}`];
  if (rest.length) none.push(`/${first}//${rest.join('/')}`, `/${first}${hex('/')}${rest.join('/')}`);
  return { same, none };
}

/** Every control and viewer route of an app with its parameters filled in, in every spelling. */
function probes(app: Hono, ids: { message: string; tunnel: string }): Probe[] {
  const out: Probe[] = [];
  const seen = new Set<string>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    if (scopeOf(r.path, r.method, 'text/html') !== 'local') continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const path = r.path
      .replace(':inbox', encodeURIComponent(INBOX))
      .replace(/:id$/, r.path.startsWith('/_emulator/tunnels') ? ids.tunnel : ids.message)
      .replace(':id', ids.message)
      .replace(':n', '0')
      .replace(':domain', 'far.test');
    const headers = { accept: 'text/html', authorization: 'Bearer emu_enterprise' };
    const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
    const { same, none } = spellings(path);
    for (const p of same) out.push({ method: r.method, path: p, expect: 'same', route: key, headers, body });
    for (const p of none) out.push({ method: r.method, path: p, expect: 'none', route: key, headers, body });
  }
  return out;
}

const unrouted = (r: { status: number | string; message?: string }) => r.status === 404 && /^No route /.test(r.message ?? '');

describe('canonical paths', () => {
  it('resolves dot segments, decodes escapes of ordinary characters once, keeps delimiters encoded', () => {
    expect(canonicalPath('http://h/%5Femulator/reset')).toBe('/_emulator/reset');
    expect(canonicalPath('http://h/%5femulator/%72eset?x=%5F')).toBe('/_emulator/reset');
    expect(canonicalPath('http://h/v1/%2e%2E/_emulator/reset')).toBe('/_emulator/reset');
    expect(canonicalPath('/%65mulator')).toBe('/emulator');
    expect(canonicalPath('/_emulator%2Freset')).toBe('/_emulator%2Freset');
    expect(canonicalPath('/%252e%252e/x')).toBe('/%252e%252e/x');
    expect(canonicalPath('/%25%5F')).toBe('/%25_');
    expect(canonicalPath('/%E9%5F')).toBe('/%E9_');
    expect(canonicalPath('//_emulator/reset')).toBe('//_emulator/reset');
    expect(canonicalPath('/v1/inboxes/a/b%40x.test/messages')).toBe('/v1/inboxes/a%2Fb%40x.test/messages');
  });
});

describe('every spelling of a control or viewer path, in process (a remote peer presented through the socket)', () => {
  let t: Awaited<ReturnType<typeof makeApp>>;
  let list: Probe[];
  const remote = { incoming: { socket: { remoteAddress: '192.0.2.2', localAddress: '192.0.2.1', localPort: 4580 } } };

  beforeAll(async () => {
    t = await makeApp();
    await t.call('POST', '/v1/inboxes', { key: 'emu_enterprise', body: { inbox: INBOX } });
    const sent = await t.call('POST', '/_emulator/messages', { body: { to: INBOX, subject: 'Your code', text: 'Code 123456' } });
    expect(sent.status).toBe(201);
    const listed = await t.call('GET', `/v1/inboxes/${INBOX}/messages`, { key: 'emu_enterprise' });
    list = probes(t.app, { message: listed.body.data[0].id, tunnel: 'nope' });
  });
  afterAll(() => t.close());

  async function send(p: Probe, env?: unknown) {
    const headers: Record<string, string> = { host: env ? '192.0.2.1:4580' : '127.0.0.1:4580', ...p.headers };
    if (p.body !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.request(
      `http://127.0.0.1:4580${p.path}`,
      { method: p.method, headers, body: p.body === undefined ? undefined : JSON.stringify(p.body) },
      env,
    );
    // An event stream never ends: its status is the answer.
    const stream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (stream) void res.body?.cancel().catch(() => {});
    const text = stream ? '' : await res.text();
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, error: body?.error as string | undefined, message: body?.message as string | undefined };
  }

  it('covers every route of the control surface and the viewer', () => {
    const routes = new Set(list.map((p) => p.route));
    expect(routes.size).toBeGreaterThanOrEqual(25);
    for (const r of ['POST /_emulator/reset', 'POST /_emulator/accounts', 'GET /emulator', 'GET /_viewer/raw/:inbox/:id', 'GET /']) expect(routes).toContain(r);
  });

  it('refuses every spelling to another machine, and changes nothing', async () => {
    const through: string[] = [];
    for (const p of list) {
      const r = await send(p, remote);
      if (!(r.status === 403 && r.error === 'forbidden_peer') && !unrouted(r)) through.push(`${p.method} ${p.path} -> ${r.status} ${r.error}`);
    }
    expect(through).toEqual([]);
    expect(t.core.inboxes.find(INBOX)).toBeDefined();
    expect(t.bugs).toEqual([]);
  });

  it('from this machine, a spelling reaches its route or no route, never another verdict', async () => {
    const wrong: string[] = [];
    // Destructive routes last, so the others see the state they expect.
    const order = [...list].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const p of order) {
      const r = await send(p);
      if (r.status === 403 || r.status >= 500 || (p.expect === 'same') === unrouted(r))
        wrong.push(`${p.method} ${p.path} (${p.expect}) -> ${r.status} ${r.error}`);
    }
    expect(wrong).toEqual([]);
    expect(t.bugs).toEqual([]);
  });
});

/** Whether this run can make a network namespace (root and iproute2). */
function canMakeNamespace(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const mustRun = process.env.CI === 'true' || process.env.INBOX_REQUIRE_NETNS === '1';
const haveNamespace = canMakeNamespace();

describe.skipIf(!haveNamespace && !mustRun)('from another machine: a network namespace of the test', () => {
  const tag = randomBytes(3).toString('hex');
  const ns = `inbox-t${tag}`;
  const hostIf = `ih${tag}`;
  const peerIf = `ip${tag}`;
  // 10.213.X.1 here and .2 in the namespace: addresses of this test's own two hosts, on its own link.
  const x = (Number.parseInt(tag, 16) % 250) + 1;
  const hostAddr = `10.213.${x}.1`;
  const peerAddr = `10.213.${x}.2`;
  let emu: RunningEmulator;
  let message = '';
  let tunnel = '';

  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

  beforeAll(async () => {
    expect(haveNamespace, 'this run must make a network namespace (root and iproute2)').toBe(true);
    ip('netns', 'add', ns);
    ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', peerIf);
    ip('link', 'set', peerIf, 'netns', ns);
    ip('addr', 'add', `${hostAddr}/30`, 'dev', hostIf);
    ip('link', 'set', hostIf, 'up');
    ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${peerAddr}/30`, 'dev', peerIf);
    ip('netns', 'exec', ns, 'ip', 'link', 'set', peerIf, 'up');
    ip('netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up');
    emu = await startEmulator({ port: 0, smtpPort: 0, host: '0.0.0.0', data: null, settings: {} });
    const local = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${new URL(emu.url).port}${path}`, init);
    const auth = { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' };
    expect((await local('/v1/inboxes', { method: 'POST', headers: auth, body: JSON.stringify({ inbox: INBOX }) })).status).toBe(201);
    expect(
      (await local('/_emulator/messages', { method: 'POST', headers: auth, body: JSON.stringify({ to: INBOX, subject: 'Code', text: 'Code 123456' }) })).status,
    ).toBe(201);
    message = ((await (await local(`/v1/inboxes/${INBOX}/messages`, { headers: auth })).json()) as any).data[0].id;
    tunnel = ((await (await local('/_emulator/tunnels', { method: 'POST', headers: auth, body: '{}' })).json()) as any).data.id;
  }, 30_000);

  afterAll(async () => {
    await emu?.close();
    try {
      ip('netns', 'del', ns);
    } catch {}
    try {
      ip('link', 'del', hostIf);
    } catch {}
  });

  /** Sends requests from inside the namespace; one result per request. */
  function fromPeer(requests: Probe[]): Promise<{ status: number | string; error: string | null }[]> {
    const port = new URL(emu.url).port;
    const client = fileURLToPath(new URL('./fixtures/remote-client.mjs', import.meta.url));
    return new Promise((resolve, reject) => {
      const child = spawn('ip', ['netns', 'exec', ns, process.execPath, client], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) reject(new Error(`remote client exited ${code}: ${err}`));
        else resolve(JSON.parse(out));
      });
      child.stdin.end(JSON.stringify({ base: `http://${hostAddr}:${port}`, requests }));
    });
  }

  it('refuses the control surface and the viewer in every spelling; nothing changes; the API and health answer', async () => {
    // The route table is the app's: a running emulator keeps its app to itself, so read one over its core.
    const list = probes(createApp(emu.core), { message, tunnel });
    // WebSocket handshakes to a tunnel in several spellings: refused, not switched and not a 500.
    for (const p of spellings(`/_emulator/tunnels/${tunnel}`).same) {
      list.push({ method: 'GET', path: p, expect: 'same', route: 'WS tunnel', headers: { authorization: 'Bearer emu_enterprise' }, upgrade: true });
    }
    const before = emu.core.accounts.all.length;
    const results = await fromPeer(list);
    const through = list
      .map((p, i) => ({ p, r: results[i]! }))
      // A refused WebSocket handshake is a bare status line (@hono/node-server drops its body).
      .filter(
        ({ p, r }) =>
          !(r.status === 403 && (r.error === 'forbidden_peer' || (p.upgrade && r.error === null))) && !(r.status === 404 && r.error === 'not_found'),
      )
      .map(({ p, r }) => `${p.method} ${p.path}${p.upgrade ? ' (upgrade)' : ''} -> ${r.status} ${r.error}`);
    expect(through).toEqual([]);
    expect(list.length).toBeGreaterThan(300);
    // Nothing happened: the inbox, its message and the tunnel are there, no account was added.
    expect(emu.core.inboxes.find(INBOX)).toBeDefined();
    expect(emu.core.accounts.all.length).toBe(before);
    expect(emu.core.tunnels.get(tunnel)).toBeDefined();
    const open = await fromPeer([
      { method: 'GET', path: '/_emulator/health', expect: 'same', route: 'health' },
      { method: 'GET', path: '/%5Femulator/health', expect: 'same', route: 'health' },
      { method: 'GET', path: '/v1/me', expect: 'same', route: 'me', headers: { authorization: 'Bearer emu_enterprise' } },
      { method: 'GET', path: '/v1/%6De', expect: 'same', route: 'me', headers: { authorization: 'Bearer emu_enterprise' } },
    ]);
    expect(open.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  }, 60_000);

  it('from this machine, an encoded tunnel path switches to WebSocket like the plain one (no 500)', async () => {
    const port = new URL(emu.url).port;
    const { request } = await import('node:http');
    const handshake = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port,
          path,
          headers: {
            authorization: 'Bearer emu_enterprise',
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          },
        });
        req.on('upgrade', (res, socket) => {
          socket.destroy();
          resolve(res.statusCode ?? 0);
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await handshake(`/_emulator/tunnels/${tunnel}`)).toBe(101);
    expect(await handshake(`/%5Femulator/tunnels/${tunnel}`)).toBe(101);
  });
});
