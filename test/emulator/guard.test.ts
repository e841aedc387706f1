// The HTTP guard (emulator/http/guard.ts): forged Host and Origin headers through app.request(),
// peer addresses through the request's socket (in process, and on a real socket where this machine
// has a non-loopback address), content negotiation of GET /, and the start-up exposure summary.
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Guard, hostName, isLoopbackAddress, scopeOf, wantsHtml } from '../../emulator/http/guard.js';
import { exposure } from '../../emulator/server.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { makeApp, expectError } from '../helpers/emulator.js';

type Env = { incoming: { socket: { remoteAddress: string; localAddress: string; localPort: number } } };
const peer = (remoteAddress: string, localAddress = '127.0.0.1'): Env => ({ incoming: { socket: { remoteAddress, localAddress, localPort: 4580 } } });

async function send(
  app: { request: (p: string, i: RequestInit, e?: unknown) => Response | Promise<Response> },
  path: string,
  init: RequestInit & { env?: Env } = {},
) {
  const res = await app.request(`http://127.0.0.1:4580${path}`, init, init.env);
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

describe('guard: pure rules', () => {
  it('reads host names from Host headers', () => {
    expect(hostName('LocalHost:4580')).toBe('localhost');
    expect(hostName('[::1]:4580')).toBe('::1');
    expect(hostName('example.test.')).toBe('example.test');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
  });

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '', undefined]) expect(isLoopbackAddress(a)).toBe(false);
  });

  it('answers only its own Host names, plus those added', () => {
    const g = new Guard({ host: '127.0.0.1', allowHosts: ['inbox.dev.test', '.corp.test'] });
    for (const h of [
      'localhost:4580',
      '127.0.0.1:4580',
      '[::1]:4580',
      'app.localhost:4580',
      '127.0.0.2',
      'inbox.dev.test:4580',
      'corp.test',
      'a.b.corp.test:80',
    ]) {
      expect(g.hostAllowed(h), h).toBe(true);
    }
    for (const h of ['evil.test:4580', 'localhost.evil.test', '192.0.2.2:4580', 'notcorp.test', '']) expect(g.hostAllowed(h), h).toBe(false);
    // Bound to an address: that address is its own; bound to all: the address a connection came in on.
    expect(new Guard({ host: '192.0.2.2' }).hostAllowed('192.0.2.2:4580')).toBe(true);
    expect(new Guard({ host: '0.0.0.0' }).hostAllowed('192.0.2.2:4580', '192.0.2.2')).toBe(true);
    expect(new Guard({ host: '0.0.0.0' }).hostAllowed('192.0.2.3:4580', '192.0.2.2')).toBe(false);
    expect(new Guard({ host: '0.0.0.0' }).hostAllowed('0.0.0.0:4580')).toBe(false);
  });

  it('negotiates GET /: HTML for browsers, JSON otherwise', () => {
    expect(wantsHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(wantsHtml('application/json')).toBe(false);
    expect(wantsHtml('*/*')).toBe(false);
    expect(wantsHtml(undefined)).toBe(false);
    expect(wantsHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(wantsHtml('text/html;q=0')).toBe(false);
  });

  it('sorts paths into the API, the local-only surface and open routes', () => {
    expect(scopeOf('/v1/me', 'GET', undefined)).toBe('api');
    expect(scopeOf('/_emulator/reset', 'POST', undefined)).toBe('local');
    expect(scopeOf('/_emulator/tunnels/abc', 'GET', undefined)).toBe('local');
    expect(scopeOf('/_emulator/health', 'GET', undefined)).toBe('open');
    expect(scopeOf('/inbox/a@inbox.test', 'GET', 'text/html')).toBe('local');
    expect(scopeOf('/_viewer/events', 'GET', undefined)).toBe('local');
    expect(scopeOf('/emulator', 'GET', undefined)).toBe('local');
    expect(scopeOf('/', 'GET', 'text/html')).toBe('local');
    expect(scopeOf('/', 'GET', 'application/json')).toBe('open');
  });

  it('names what a non-loopback bind exposes', () => {
    expect(exposure('127.0.0.1', false)).toEqual([]);
    expect(exposure('localhost', true)).toEqual([]);
    expect(exposure('0.0.0.0', false).join(' ')).toMatch(/API.*SMTP/);
    expect(exposure('0.0.0.0', false).join(' ')).not.toMatch(/viewer/);
    expect(exposure('::', true).join(' ')).toMatch(/control surface.*tunnels.*viewer/);
  });
});

describe('guard on the app (app.request)', () => {
  let t: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    t = await makeApp();
    expect((await t.call('POST', '/v1/inboxes', { key: 'emu_growth', body: { inbox: 'a@inbox.test' } })).status).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses a foreign Host on every route (DNS rebinding), before anything happens', async () => {
    for (const [method, path] of [
      ['GET', '/v1/me'],
      ['POST', '/_emulator/reset'],
      ['GET', '/_emulator/tunnels'],
      ['GET', '/'],
      ['GET', '/_viewer/events'],
    ]) {
      const r = await send(t.app, path!, { method, headers: { host: 'rebind.evil.test:4580', authorization: 'Bearer emu_growth', accept: 'text/html' } });
      expectError({ ...r, headers: r.headers }, 403, 'forbidden_host');
      expect(r.body.hint).toMatch(/--allow-host/);
    }
    expect(t.core.inboxes.find('a@inbox.test')).toBeDefined();
  });

  it('refuses a cross-site form POST (text/plain, form encodings) to the control surface and the viewer', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await send(t.app, '/_emulator/reset', { method: 'POST', headers: { 'content-type': type }, body: 'a=b' });
      expect(r.status, type).toBe(415);
      expect(r.body.error).toBe('unsupported_media_type');
    }
    const foreign = await send(t.app, '/_emulator/reset', {
      method: 'POST',
      headers: { origin: 'http://evil.test', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('forbidden_origin');
    const noCors = await send(t.app, '/_viewer/api/inbox/a%40inbox.test/messages', { method: 'DELETE', headers: { origin: 'http://127.0.0.1:9999' } });
    expect(noCors.body.error).toBe('forbidden_origin');
    const site = await send(t.app, '/_emulator/clock', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{"advanceMs":1}',
    });
    expect(site.body.error).toBe('forbidden_origin');
    // Nothing changed.
    expect(t.core.inboxes.find('a@inbox.test')).toBeDefined();
  });

  it('refuses a foreign Origin on the API too, and lets programs and the viewer itself through', async () => {
    const cross = await send(t.app, '/v1/inboxes?api_key=emu_growth', {
      method: 'POST',
      headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
      body: '{"inbox":"b@inbox.test"}',
    });
    expect(cross.body.error).toBe('forbidden_origin');
    expect(t.core.inboxes.find('b@inbox.test')).toBeUndefined();
    const same = await send(t.app, '/_emulator/clock', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:4580', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{"advanceMs":1000}',
    });
    expect(same.status).toBe(200);
    const program = await send(t.app, '/_emulator/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":1000}' });
    expect(program.status).toBe(200);
    const bare = await send(t.app, '/_emulator/tunnels', { method: 'POST', headers: { authorization: 'Bearer emu_enterprise' } });
    expect(bare.status).toBe(201);
    // Same host, other port: another origin.
    const port = await send(t.app, '/_emulator/clock', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      body: '{"advanceMs":1}',
    });
    expect(port.body.error).toBe('forbidden_origin');
  });

  it('serves the control surface, tunnels and viewer to loopback peers only; the API and health to anyone', async () => {
    const remote = peer('192.0.2.77', '192.0.2.2');
    const host = { host: '192.0.2.2:4580', accept: 'text/html' };
    for (const path of ['/_emulator/dns', '/_emulator/tunnels', '/', '/inbox/a%40inbox.test', '/_viewer/events', '/_viewer/client.js', '/emulator']) {
      const r = await send(t.app, path, { headers: host, env: remote });
      expect(r.status, path).toBe(403);
      expect(r.body.error, path).toBe('forbidden_peer');
    }
    expect((await send(t.app, '/v1/me', { headers: { ...host, authorization: 'Bearer emu_growth' }, env: remote })).status).toBe(200);
    expect((await send(t.app, '/_emulator/health', { headers: host, env: remote })).status).toBe(200);
    expect((await send(t.app, '/', { headers: { host: host.host, accept: 'application/json' }, env: remote })).status).toBe(200);
    expect((await send(t.app, '/_emulator/dns', { headers: { host: 'localhost' }, env: peer('::ffff:127.0.0.1') })).status).toBe(200);
  });

  it('GET / answers JSON to API clients and the viewer to browsers', async () => {
    const json = await send(t.app, '/', { headers: { accept: 'application/json' } });
    expect(json.body).toMatchObject({ success: true, api: '/v1', viewer: '/' });
    expect(json.headers.get('vary')).toMatch(/Accept/);
    const none = await send(t.app, '/');
    expect(none.body.success).toBe(true);
    const html = await send(t.app, '/', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(html.text).toMatch(/^<!doctype html>/);
    expect(html.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(html.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});

describe('guard with --allow-remote (app.request)', () => {
  it('lets non-loopback peers use the control surface once the user opted in', async () => {
    const t = await makeApp({ app: { guard: { host: '0.0.0.0', allowRemote: true } } });
    try {
      const r = await send(t.app, '/_emulator/dns', { headers: { host: '192.0.2.2:4580' }, env: peer('192.0.2.77', '192.0.2.2') });
      expect(r.status).toBe(200);
      // The Host rule still holds.
      const rebind = await send(t.app, '/_emulator/dns', { headers: { host: 'evil.test:4580' }, env: peer('192.0.2.77', '192.0.2.2') });
      expect(rebind.body.error).toBe('forbidden_host');
    } finally {
      await t.close();
    }
  });
});

/** A non-loopback IPv4 address of this machine, if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

function rawGet(host: string, port: number, path: string, headers: Record<string, string>, localAddress?: string) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request({ host, port, path, headers, localAddress }, (res) => {
      let b = '';
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: b ? JSON.parse(b) : null }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!external)('guard on real sockets (peer address from the connection)', () => {
  let emu: RunningEmulator;
  let port: number;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0, host: '0.0.0.0', data: null });
    port = Number(new URL(emu.url).port);
  });
  afterAll(() => emu.close());

  it('refuses the control surface to a peer on another address and serves it over loopback', async () => {
    const remote = await rawGet(external!, port, '/_emulator/tunnels', { host: `${external}:${port}`, authorization: 'Bearer emu_enterprise' }, external);
    expect(remote.status).toBe(403);
    expect(remote.body.error).toBe('forbidden_peer');
    const api = await rawGet(external!, port, '/v1/me', { host: `${external}:${port}`, authorization: 'Bearer emu_free' }, external);
    expect(api.status).toBe(200);
    const local = await rawGet('127.0.0.1', port, '/_emulator/tunnels', { host: `127.0.0.1:${port}`, authorization: 'Bearer emu_enterprise' });
    expect(local.status).toBe(200);
    const rebind = await rawGet('127.0.0.1', port, '/v1/me', { host: `attacker.test:${port}`, authorization: 'Bearer emu_free' });
    expect(rebind.body.error).toBe('forbidden_host');
    expect(emu.exposed.length).toBeGreaterThan(0);
  });
});
