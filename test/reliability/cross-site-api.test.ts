// Browser requests to the API from web pages of other origins. The seeded keys are public, so a page
// anywhere could spend their quota or read their mail with `?api_key=` (round 2: a refused wait still
// cost 10 units, the free plan's month in about 8.5 minutes). The guard refuses such requests before
// any key is charged, unless the user names the page's origin (--cors-origin), which then gets the
// CORS headers of the hosted service.
import { afterEach, describe, expect, it } from 'vitest';
import { CORS_EXPOSED } from '../../emulator/http/app.js';
import { parseOrigin } from '../../emulator/options.js';
import { emulateInProcess } from '../helpers/emulate.js';
import { expectError, makeApp } from '../helpers/emulator.js';

const INBOX = 'a@inbox.test';
const BASE = 'http://127.0.0.1:4580';

let t: Awaited<ReturnType<typeof makeApp>>;
afterEach(() => t?.close());

async function used(key: string): Promise<number> {
  const r = await t.call('GET', '/v1/usage', { key });
  expect(r.status).toBe(200);
  return r.body.data.requests_used;
}

async function fromPage(path: string, headers: Record<string, string>, method = 'GET') {
  const res = await t.app.request(`${BASE}${path}`, { method, headers: { host: '127.0.0.1:4580', ...headers } });
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body, text };
}

describe('without --cors-origin', () => {
  it('refuses a page of another origin on every API route before the key is charged', async () => {
    t = await makeApp();
    expect((await t.call('POST', '/v1/inboxes', { key: 'emu_growth', body: { inbox: INBOX } })).status).toBe(201);
    t.clock.advance(2000);
    const before = await used('emu_growth');
    const attempts: [string, string, Record<string, string>][] = [
      ['GET', `/v1/inboxes/${INBOX}/wait?api_key=emu_growth&timeout=1`, { origin: 'https://evil.test' }],
      ['GET', `/v1/inboxes/${INBOX}/messages?api_key=emu_growth`, { origin: 'http://localhost:3000' }],
      ['GET', '/v1/me?api_key=emu_growth', { origin: 'http://localhost:4581' }],
      // An <img> or <script> tag: no Origin, but the browser says where the request comes from.
      ['GET', '/v1/me?api_key=emu_growth', { 'sec-fetch-site': 'cross-site' }],
      ['GET', '/v1/me?api_key=emu_growth', { 'sec-fetch-site': 'same-site' }],
      ['GET', '/v1/ws?api_key=emu_growth', { origin: 'https://evil.test', upgrade: 'websocket', connection: 'Upgrade' }],
      ['POST', `/v1/inboxes?api_key=emu_growth`, { origin: 'null' }],
      ['DELETE', `/v1/inboxes/${INBOX}?api_key=emu_growth`, { origin: 'https://evil.test' }],
      ['OPTIONS', '/v1/me', { origin: 'https://evil.test', 'access-control-request-method': 'GET' }],
    ];
    for (const [method, path, headers] of attempts) {
      t.clock.advance(2000);
      const r = await fromPage(path, headers, method);
      const body = expectError(r, 403, 'forbidden_origin');
      expect(body.hint, path).toMatch(/--cors-origin/);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
    }
    t.clock.advance(2000);
    // Nothing was charged (the usage reads themselves cost 1 each) and nothing was deleted.
    expect(await used('emu_growth')).toBe(before + 1);
    expect(t.core.inboxes.find(INBOX)).toBeDefined();
  });

  it('answers programs (no Origin), the same origin, and a navigation typed by the user', async () => {
    t = await makeApp();
    // The viewer opened on localhost calling 127.0.0.1 on the same port is the emulator itself too.
    const sources: Record<string, string>[] = [
      {},
      { origin: BASE },
      { origin: 'http://localhost:4580' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of sources) {
      t.clock.advance(2000);
      expect((await fromPage('/v1/me?api_key=emu_growth', headers)).status).toBe(200);
    }
  });
});

describe('with --cors-origin', () => {
  it("lets the named origin in with the hosted service's CORS headers, and still refuses others", async () => {
    t = await makeApp({ app: { guard: { host: '127.0.0.1', corsOrigins: ['http://localhost:3000'] } } });
    const page = { origin: 'http://localhost:3000' };
    const pre = await fromPage(
      '/v1/inboxes',
      { ...page, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      'OPTIONS',
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/i);

    const me = await fromPage('/v1/me', { ...page, authorization: 'Bearer emu_free' });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(me.headers.get('vary')).toMatch(/Origin/);
    const exposed = (me.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
    for (const h of CORS_EXPOSED) expect(exposed).toContain(h.toLowerCase());
    expect(me.headers.get('x-api-plan')).toBe('free');

    // An error answer (the free plan's one request a second) is readable by the page too: Retry-After.
    const limited = await fromPage('/v1/me', { ...page, authorization: 'Bearer emu_free' });
    expectError(limited, 429, 'rate_limit_exceeded');
    expect(limited.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(limited.headers.get('retry-after')).not.toBeNull();

    t.clock.advance(2000);
    expectError(await fromPage('/v1/me', { origin: 'http://localhost:3001', authorization: 'Bearer emu_free' }), 403, 'forbidden_origin');
    // The control surface is not opened by it.
    expectError(await fromPage('/_emulator/reset', { ...page, 'content-type': 'application/json' }, 'POST'), 403, 'forbidden_origin');
  });

  it('* lets any page in', async () => {
    t = await makeApp({ app: { guard: { host: '127.0.0.1', corsOrigins: ['*'] } } });
    const r = await fromPage('/v1/me', { origin: 'https://anything.test', authorization: 'Bearer emu_free' });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://anything.test');
  });

  it('reads origins as browsers send them and refuses what is not one', () => {
    expect(parseOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(parseOrigin('HTTP://LocalHost:3000/')).toBe('http://localhost:3000');
    expect(parseOrigin('https://app.test:443')).toBe('https://app.test');
    expect(parseOrigin('*')).toBe('*');
    for (const bad of ['localhost:3000', 'http://localhost:3000/app', 'ftp://x.test', 'http://u:p@x.test', ''])
      expect(() => parseOrigin(bad), bad).toThrow(/origin/);
  });
});

describe('inbox emulate --cors-origin', () => {
  it('opens the API to the named page on a running emulator, and to no other', async () => {
    const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--cors-origin', 'http://localhost:3000'], { NO_COLOR: '1' });
    try {
      const { apiUrl } = await run.ready();
      const get = (origin: string) => fetch(`${apiUrl}/me`, { headers: { authorization: 'Bearer emu_enterprise', origin } });
      const ok = await get('http://localhost:3000');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      const other = await get('http://localhost:3001');
      expect(other.status).toBe(403);
      expect(((await other.json()) as { error: string }).error).toBe('forbidden_origin');
    } finally {
      await run.stop();
    }
  }, 30_000);
});
