// Bad input never gets a 500 or a crash: malformed JSON, wrong content type (415), oversized bodies
// (413), unknown routes (404), wrong methods (405), strange path segments. Always a 4xx JSON error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../src/api/schemas.js';
import { expectError, expectSchema, makeApp, type CallResult } from '../helpers/emulator.js';

let t: Awaited<ReturnType<typeof makeApp>>;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

const E = 'emu_enterprise'; // 100 requests per second; the clock moves a second per call anyway

async function send(method: string, path: string, opts: Parameters<typeof t.call>[2] = {}): Promise<CallResult> {
  t.clock.advance(1000);
  return t.call(method, path, opts);
}

/** POST /v1/inboxes with a streamed body (no content-length). */
function postStream(stream: ReadableStream<Uint8Array>): Promise<Response> {
  return Promise.resolve(
    t.app.request('/v1/inboxes', {
      method: 'POST',
      body: stream,
      headers: { authorization: `Bearer ${E}`, 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit),
  );
}

/** A 4xx JSON error body, whatever the code. */
function expect4xx(r: CallResult): void {
  expect(r.status, r.text).toBeGreaterThanOrEqual(400);
  expect(r.status, r.text).toBeLessThan(500);
  expectSchema(ErrorResponse, r.body);
}

const JSON_ROUTES: Array<[string, string]> = [
  ['POST', '/v1/inboxes'],
  ['POST', '/v1/custom-domains'],
  ['POST', '/_emulator/accounts'],
  ['POST', '/_emulator/dns'],
  ['POST', '/_emulator/clock'],
];

describe('request bodies', () => {
  it('malformed JSON: 400 invalid_json', async () => {
    for (const [method, path] of JSON_ROUTES) {
      for (const body of ['{', '{"inbox": }', "{'inbox': 'a@inbox.test'}", 'null x', '\u0000']) {
        expectError(await send(method, path, { key: E, body, headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
      }
      expectError(await send(method, path, { key: E, body: '', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    }
  });

  it('JSON that is not an object: 400 bad_request', async () => {
    for (const [method, path] of JSON_ROUTES) {
      for (const body of ['[]', '"a@inbox.test"', '42', 'null', 'true']) {
        expectError(await send(method, path, { key: E, body, headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
      }
    }
  });

  it('wrong or missing content type: 415 unsupported_media_type', async () => {
    for (const [method, path] of JSON_ROUTES) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'json']) {
        expectError(await send(method, path, { key: E, body: '{"inbox":"a@inbox.test"}', headers: { 'content-type': type } }), 415, 'unsupported_media_type');
      }
      expectError(await t.call(method, path, { key: E }), 415, 'unsupported_media_type');
    }
  });

  it('accepts application/json with parameters and +json types', async () => {
    expect(
      (await send('POST', '/v1/inboxes', { key: E, body: '{"inbox":"a@inbox.test"}', headers: { 'content-type': 'application/json; charset=utf-8' } })).status,
    ).toBe(201);
    expect((await send('POST', '/v1/inboxes', { key: E, body: '{"inbox":"b@inbox.test"}', headers: { 'content-type': 'Application/JSON' } })).status).toBe(201);
    expect(
      (await send('POST', '/v1/inboxes', { key: E, body: '{"inbox":"c@inbox.test"}', headers: { 'content-type': 'application/vnd.api+json' } })).status,
    ).toBe(201);
  });

  it('a body cut off by its client (the connection went away): 400, not a bug', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"inbox":'));
        c.error(new Error('aborted'));
      },
    });
    const res = await postStream(stream);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: 'bad_request', message: expect.stringContaining('before it was complete') });
    // afterEach: nothing went to onBug.
  });

  it('oversized body: 413 payload_too_large, declared or streamed', async () => {
    const big = JSON.stringify({ inbox: 'a@inbox.test', pad: 'x'.repeat(t.core.settings.maxBodyBytes) });
    for (const [method, path] of JSON_ROUTES) {
      expectError(await send(method, path, { key: E, body: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
    }
    // No content-length: the body is counted while it is read.
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > 2 * 1024 * 1024) return c.close();
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const res = await postStream(stream);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('payload_too_large');
    expect(sent).toBeLessThan(2 * 1024 * 1024); // reading stopped early
    // A body of exactly the limit is read.
    const frame = ['{"inbox":"z@inbox.test","p":"', '"}'];
    const exact = frame.join('y'.repeat(t.core.settings.maxBodyBytes - frame.join('').length));
    expect(Buffer.byteLength(exact)).toBe(t.core.settings.maxBodyBytes);
    expect((await send('POST', '/v1/inboxes', { key: E, body: exact, headers: { 'content-type': 'application/json' } })).status).toBe(201);
  });

  it('deeply nested or odd JSON values do not crash the routes', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const body of [`{"inbox": ${deep}}`, '{"inbox": {"toString": 1}}', '{"__proto__": {"inbox": "a@inbox.test"}}', '{"inbox": 1e400}']) {
      expect4xx(await send('POST', '/v1/inboxes', { key: E, body, headers: { 'content-type': 'application/json' } }));
      expect4xx(await send('POST', '/v1/custom-domains', { key: E, body: body.replace('inbox', 'domain'), headers: { 'content-type': 'application/json' } }));
    }
    expect(({} as Record<string, unknown>).inbox).toBeUndefined();
  });
});

describe('routes and methods', () => {
  it('unknown routes: 404 not_found as JSON, with or without a key', async () => {
    for (const path of ['/nope', '/v1', '/v1/', '/v1/nope', '/v2/me', '/v1/me/extra', '/_emulator/nope', '/V1/ME']) {
      expectError(await send('GET', path), 404, 'not_found');
      expectError(await send('POST', path, { key: E, body: {} }), 404, 'not_found');
    }
  });

  it('known paths with the wrong method: 405 method_not_allowed with Allow', async () => {
    const cases: Array<[string, string, string]> = [
      ['PUT', '/v1/inboxes', 'POST'],
      ['PATCH', '/v1/me', 'GET'],
      ['DELETE', '/v1/plans', 'GET'],
      ['POST', '/v1/domains', 'GET'],
      ['PUT', '/v1/custom-domains/x.test', 'DELETE'],
      ['GET', '/v1/custom-domains/x.test/verify', 'POST'],
      ['POST', '/_emulator/health', 'GET'],
      ['GET', '/_emulator/reset', 'POST'],
      ['GET', '/_emulator/clock', 'POST'],
    ];
    for (const [method, path, allowed] of cases) {
      const r = await send(method, path, { key: E });
      expectError(r, 405, 'method_not_allowed');
      expect(r.headers.get('Allow')).toContain(allowed);
    }
  });

  it('the root answers JSON', async () => {
    const r = await send('GET', '/');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });
});

describe('strange path segments', () => {
  const segments = [
    '%',
    '%ZZ',
    '%zz%',
    '%00',
    'a%00b%40inbox.test',
    '..',
    '.',
    '%2e%2e',
    'a%2F..%2Fb',
    '%2F',
    '%5C',
    '%E2%82',
    '%C0%AF',
    '%FF%FE',
    'x'.repeat(10_000),
    encodeURIComponent('ü@bücher.test'),
    'ü@bücher.test',
    '😀',
    '%F0%9F%98%80',
    '%20',
    '+',
    '\'"<>',
    '%0d%0aX-Injected:%201',
  ];

  it('inbox and domain parameters always get a 4xx JSON error or a normal answer, never a 500', async () => {
    for (const seg of segments) {
      for (const [method, path] of [
        ['DELETE', `/v1/inboxes/${seg}`],
        ['DELETE', `/v1/custom-domains/${seg}`],
        ['POST', `/v1/custom-domains/${seg}/verify`],
        ['DELETE', `/_emulator/dns/${seg}`],
        ['GET', `/v1/inboxes/${seg}/messages`],
      ] as const) {
        const r = await send(method, path, { key: E });
        if (method === 'DELETE' && path.startsWith('/v1/inboxes/') && r.status === 200) {
          // Unregistering answers 200 for any address (nothing of the caller's matched here);
          // segments such as `..` resolve to another path first and get that path's 4xx.
          expect(r.body).toMatchObject({ success: true, message: expect.stringMatching(/not registered/) });
        } else {
          expect4xx(r);
        }
        expect(r.headers.get('X-Injected')).toBeNull();
      }
    }
  });

  it("strange segments under a known inbox do not reach another account's data", async () => {
    await send('POST', '/v1/inboxes', { key: 'emu_free', body: { inbox: 'victim@inbox.test' } });
    for (const seg of ['victim%40inbox.test%00', 'victim%40inbox.test%2F..', '..%2Fvictim%40inbox.test', 'VICTIM%40INBOX.TEST']) {
      const r = await send('DELETE', `/v1/inboxes/${seg}`, { key: E });
      expect(r.status, r.text).toBe(200);
      expect(r.body.message).toMatch(/not registered/);
    }
    expect(t.core.inboxes.find('victim@inbox.test')?.accountId).toBe(t.core.accounts.authenticate('emu_free').id);
  });

  it('odd query strings are ignored or refused, not fatal', async () => {
    for (const q of ['?api_key=%ZZ', '?api_key=%00', '?%=%', `?api_key=${'k'.repeat(5000)}`, '?api_key=emu_free&api_key=emu_growth']) {
      const r = await send('GET', `/v1/me${q}`);
      expect([200, 401]).toContain(r.status);
      if (r.status === 401) expectSchema(ErrorResponse, r.body);
    }
  });

  it('odd authorization headers get 401, not 500', async () => {
    for (const h of ['Bearer', 'Bearer  ', 'bearer emu_free extra', 'Bearer \u00ff', 'Token emu_free', ' ', 'Bearer ' + 'k'.repeat(10_000)]) {
      const r = await send('GET', '/v1/me', { headers: { authorization: h } });
      expect(r.status).toBe(401);
      expectSchema(ErrorResponse, r.body);
    }
    expect((await send('GET', '/v1/me', { headers: { authorization: 'bearer emu_free' } })).status).toBe(200);
  });
});
