// Fault rules on the API, through app.request(): a 429 that is the limiter's own answer (body,
// Retry-After, limit headers) and charges nothing; a 5xx with Retry-After that charges the operation's
// cost; conditions on the inbox and the account; added latency; the rule named in X-Emulator-Fault;
// the control routes under /_emulator/faults (behind the guard); what a reset does to rules; the same
// sequence from a seeded probability rule in two runs.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { EmulatorClock } from '../../emulator/core/clock.js';
import type { EmulatorCore } from '../../emulator/core/emulator.js';
import type { Faults } from '../../emulator/core/faults/faults.js';
import { openFaults } from '../../emulator/faults.js';
import { createApp } from '../../emulator/http/app.js';
import { type CallOptions, type CallResult, call, expectError, makeCore } from '../helpers/emulator.js';

interface FaultyApp {
  core: EmulatorCore;
  clock: EmulatorClock;
  faults: Faults;
  bugs: unknown[];
  call(method: string, path: string, opts?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

/** The in-process app with fault rules, as startEmulator() wires them. */
async function faultyApp(): Promise<FaultyApp> {
  const { core, clock } = await makeCore();
  const faults = await openFaults(core, undefined);
  const bugs: unknown[] = [];
  const app = createApp(core, { faults, onBug: (e) => bugs.push(e) });
  return { core, clock, faults, bugs, call: (m, p, o) => call(app, m, p, o), close: () => core.close() };
}

let t: FaultyApp;
const KEY = 'emu_growth';
const A = 'a@inbox.test';
const B = 'b@inbox.test';
const used = () => t.core.accounts.byKey(KEY)!.usage.used;
const get = (path: string, key = KEY) => {
  t.clock.advance(1000);
  return t.call('GET', path, { key });
};

beforeEach(async () => {
  t = await faultyApp();
  for (const inbox of [A, B]) {
    t.clock.advance(1000);
    expect((await t.call('POST', '/v1/inboxes', { key: KEY, body: { inbox } })).status).toBe(201);
  }
});
afterEach(async () => {
  await t.close();
  expect(t.bugs).toEqual([]);
});

describe('API answers', () => {
  test("an injected 429 is the limiter's own answer: same body and headers as a real one, nothing charged", async () => {
    t.faults.add({ id: 'busy', where: 'api.listInboxes', when: { times: 1 }, what: { status: 429 } });
    const before = used();
    const injected = await get('/v1/inboxes');
    expectError(injected, 429, 'rate_limit_exceeded');
    expect(used()).toBe(before);
    expect(injected.headers.get('retry-after')).toBe('1');
    expect(injected.headers.get('x-ratelimit-remaining-second')).toBe('0');
    expect(injected.headers.get('x-emulator-fault')).toBe('busy');
    // The rule fired once: the next call is answered by the route.
    expect((await get('/v1/inboxes')).status).toBe(200);

    // A real refusal of the per-second limiter, for comparison.
    t.core.accounts.byKey(KEY)!.limits = { perSecond: 1 };
    t.clock.advance(1000);
    expect((await t.call('GET', '/v1/inboxes', { key: KEY })).status).toBe(200);
    const real = await t.call('GET', '/v1/inboxes', { key: KEY });
    expectError(real, 429, 'rate_limit_exceeded');
    expect(Object.keys(injected.body).sort()).toEqual(Object.keys(real.body).sort());
    expect(injected.body.upgrade_url).toBe(real.body.upgrade_url);
    const limitHeaders = (r: CallResult) =>
      [...r.headers.keys()].filter((k) => k.startsWith('x-ratelimit') || k === 'retry-after' || k === 'x-api-plan').sort();
    expect(limitHeaders(injected)).toEqual(limitHeaders(real));
  });

  test('an injected monthly 429: monthly_quota_exceeded with upgrade_url, credits_url, hint, X-RateLimit-Remaining-Month: 0', async () => {
    t.faults.add({ where: 'api.*', when: { account: KEY, times: 1 }, what: { status: 429, error: 'monthly_quota_exceeded' } });
    const r = await get('/v1/me');
    const body = expectError(r, 429, 'monthly_quota_exceeded');
    expect(body).toMatchObject({ upgrade_url: expect.any(String), credits_url: expect.any(String), hint: expect.stringContaining('quota resets') });
    expect(r.headers.get('x-ratelimit-remaining-month')).toBe('0');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.headers.get('x-emulator-fault')).toBe('f1');
    // Another account is not concerned.
    expect((await get('/v1/me', 'emu_startup')).status).toBe(200);
  });

  test('a 503 with Retry-After for one inbox: charged the cost of the operation, the other inbox answered as usual', async () => {
    t.faults.add({ id: 'down', where: 'api.otp', when: { inbox: A }, what: { status: 503, retryAfter: 2 } });
    const before = used();
    const r = await get(`/v1/inboxes/${encodeURIComponent(A)}/otp`);
    const body = expectError(r, 503, 'service_unavailable');
    expect(body.message).toContain('"down"');
    expect(r.headers.get('retry-after')).toBe('2');
    expect(r.headers.get('x-emulator-fault')).toBe('down');
    expect(r.headers.get('x-api-plan')).toBe('growth');
    expect(used()).toBe(before + 3);
    const other = await get(`/v1/inboxes/${encodeURIComponent(B)}/otp`);
    expect(other.status).not.toBe(503);
    expect(other.headers.get('x-emulator-fault')).toBeNull();
  });

  test('a custom status, body and headers; latency alone lets the route answer, naming the rule', async () => {
    t.faults.add([
      { id: 'slow', where: 'api.*', what: { delayMs: 20 } },
      { id: 'teapot', where: 'api.listWebhooks', what: { status: 500, body: { oops: true }, headers: { 'X-Debug': 'yes' } } },
    ]);
    const slow = await get('/v1/inboxes');
    expect(slow.status).toBe(200);
    expect(slow.body.success).toBe(true);
    expect(slow.headers.get('x-emulator-fault')).toBe('slow');
    const custom = await get('/v1/webhooks');
    expect(custom.status).toBe(500);
    expect(custom.body).toEqual({ oops: true });
    expect(custom.headers.get('x-debug')).toBe('yes');
    expect(custom.headers.get('x-emulator-fault')).toBe('slow, teapot');
    // In-process there is no connection to reset: a network error response stands for it.
    t.faults.add({ id: 'rst', where: 'api.listDomains', what: { reset: true } });
    const reset = await get('/v1/domains');
    expect(reset.status).toBe(0);
    expect(reset.text).toBe('');
  });

  test('every 3rd match after the first 2, for a time span on the emulator clock', async () => {
    // Added 2 s after T0 (two registrations), active for 10 s: the calls below come at 3 s, 4 s, ...
    // after T0, so the first 9 are within it; of those the 5th and 8th fire (matches 3 and 6 after 2).
    t.faults.add({ where: 'api.usage', when: { after: 2, every: 3, forMs: 10_000 }, what: { status: 502 } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await get('/v1/usage')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 502, 200, 200, 502, 200, 200, 200, 200]);
  });
});

describe('/_emulator/faults', () => {
  test('add, list with hits, hits, remove one, clear; a bad rule is refused naming where it is wrong', async () => {
    const added = await t.call('POST', '/_emulator/faults', {
      body: {
        rules: [
          { preset: 'flaky-api', probability: 1 },
          { id: 'x', where: 'smtp.rcpt', what: { reply: '550 5.1.1 Gone' } },
        ],
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.map((r: { id: string }) => r.id)).toEqual(['flaky-api', 'x']);
    expect(added.body.data[1].what.reply).toEqual({ code: 550, enhanced: '5.1.1', text: 'Gone' });
    expect((await get('/v1/me')).status).toBe(503);
    const listed = await t.call('GET', '/_emulator/faults');
    expect(listed.body.data.map((r: { id: string; hits: number }) => [r.id, r.hits])).toEqual([
      ['flaky-api', 1],
      ['x', 0],
    ]);
    const hits = await t.call('GET', '/_emulator/faults/hits?rule=flaky-api');
    expect(hits.body.data).toEqual([expect.objectContaining({ rule: 'flaky-api', place: 'api.me', effect: '503', subject: { account: KEY, route: 'me' } })]);

    const bad = await t.call('POST', '/_emulator/faults', { body: { where: 'smtp.rcpt', what: { reply: '250 fine' } } });
    expect(expectError(bad, 400, 'invalid_parameter').message).toMatch(/rule\.what\.reply: a reply is/);
    const misplaced = await t.call('POST', '/_emulator/faults', { body: { where: 'api.me', when: { recipient: 'x@y.test' }, what: { status: 500 } } });
    expect(expectError(misplaced, 400, 'invalid_parameter').message).toMatch(/rule\.when\.recipient: "recipient" does not apply at api\.me/);
    const taken = await t.call('POST', '/_emulator/faults', { body: { id: 'x', where: 'dns' } });
    expect(expectError(taken, 400, 'invalid_parameter').message).toContain('"x" is already set');
    expect((await t.call('GET', '/_emulator/faults')).body.count).toBe(2);

    expectError(await t.call('DELETE', '/_emulator/faults/nope'), 404, 'not_found');
    expect((await t.call('DELETE', '/_emulator/faults/x')).body.removed).toBe(1);
    expect((await t.call('DELETE', '/_emulator/faults')).body.removed).toBe(1);
    expect((await get('/v1/me')).status).toBe(200);
  });

  test('rules that do not hold together are refused, each naming its problem, and nothing of the batch is added', async () => {
    const cases: Array<[unknown, string]> = [
      [{ where: ['smtp.rcpt', 'api.me'], what: { delayMs: 1 } }, 'one rule applies to one kind of place'],
      [{ where: 'api.nope', what: { status: 500 } }, 'rule.where: a place is one of'],
      [{ where: 'api.me', what: { status: 429, body: { x: 1 } } }, "a 429 is the emulator's own limiter answer"],
      [{ where: 'api.me', what: { status: 429, error: 'teapot' } }, 'rule.what.error'],
      [{ where: 'smtp.rcpt', what: { reply: '550 5.1.1 x', drop: true } }, 'give "reply" or "drop", not both'],
      [{ where: 'smtp.rcpt', when: { seed: 3 }, what: { drop: true } }, 'rule.when.seed: a seed goes with a probability'],
      [{ where: 'smtp.rcpt', what: { reply: { code: 451, enhanced: '5.1.1' } } }, 'rule.what.reply'],
      [{ where: 'websocket', what: { close: 1006 } }, 'rule.what.close: a close code a server may send'],
      [{ where: 'webhook', what: { drop: true, delayMs: 5 } }, 'give "drop" or "delayMs", not both'],
      [{ where: 'dns', when: { start: '2026-02-01T00:00:00Z', end: '2026-01-01T00:00:00Z' } }, 'rule.when.end: "end" comes after "start"'],
      [{ preset: 'greylisting', status: 503 }, 'rule.status: the greylisting preset takes "recipient", "sender", "minRetryMs"'],
      [{ preset: 'flaky-api', where: 'smtp.rcpt' }, 'rule.what.status: "status" is not an effect at smtp.rcpt'],
      [{ rules: [{ preset: 'greylisting' }], seed: 1 }, 'seed: a rule file holds "rules" and nothing else'],
      [{ rules: [{ preset: 'greylisting' }, { where: 'smtp.rcpt' }] }, 'rules[1].what: an SMTP rule needs an effect'],
    ];
    for (const [body, message] of cases) {
      const r = await t.call('POST', '/_emulator/faults', { body });
      expect(expectError(r, 400, 'invalid_parameter').message, JSON.stringify(body)).toContain(message);
    }
    expect(t.faults.size).toBe(0);
  });

  test('behind the guard: a cross-site write and a form content type are refused', async () => {
    const r = await t.call('POST', '/_emulator/faults', { body: { preset: 'greylisting' }, headers: { origin: 'https://evil.example' } });
    expectError(r, 403, 'forbidden_origin');
    const form = await t.call('POST', '/_emulator/faults', { body: '{"preset":"greylisting"}', headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect(t.faults.size).toBe(0);
  });

  test('a reset keeps the rules, with their counts, memory and time spans started afresh', async () => {
    t.faults.add({ id: 'once', where: 'api.me', when: { times: 1 }, what: { status: 500 } });
    expect((await get('/v1/me')).status).toBe(500);
    expect((await get('/v1/me')).status).toBe(200);
    expect((await t.call('POST', '/_emulator/reset')).status).toBe(200);
    expect((await t.call('GET', '/_emulator/faults')).body.data).toEqual([expect.objectContaining({ id: 'once', hits: 0, matches: 0 })]);
    expect((await t.call('GET', '/_emulator/faults/hits')).body.data).toEqual([]);
    expect((await get('/v1/me')).status).toBe(500);
  });
});

describe('seeded probability', () => {
  async function run(seed: number): Promise<number[]> {
    const app = await faultyApp();
    try {
      app.faults.add({ preset: 'flaky-api', probability: 0.4, seed });
      const out: number[] = [];
      for (let i = 0; i < 30; i++) {
        app.clock.advance(1000);
        out.push((await app.call('GET', '/v1/plans')).status);
      }
      return out;
    } finally {
      await app.close();
    }
  }

  test('the same seed gives the same sequence in two runs; another seed another', async () => {
    const first = await run(7);
    const second = await run(7);
    expect(second).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await run(8)).not.toEqual(first);
  });
});
