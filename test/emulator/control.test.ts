// The control surface under /_emulator: health, accounts, clock, reset (DNS is in domains.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { expectError, expectSchema, makeApp, T0 } from '../helpers/emulator.js';

let t: Awaited<ReturnType<typeof makeApp>>;
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

describe('GET /_emulator/health', () => {
  it('is 200 once ready and 503 before, with no key', async () => {
    let ready = false;
    t = await makeApp({ app: { ready: () => ready } });
    const before = await t.call('GET', '/_emulator/health');
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ success: false, error: 'service_unavailable' });
    ready = true;
    const after = await t.call('GET', '/_emulator/health');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ success: true, status: 'ok', now: new Date(T0).toISOString() });
    expect(after.body.smtp).toBeUndefined();
  });

  it('names the SMTP port once the receiver listens (how `inbox send` finds it)', async () => {
    let port: number | null = null;
    t = await makeApp({ app: { smtpPort: () => port } });
    expect((await t.call('GET', '/_emulator/health')).body.smtp).toBeUndefined();
    port = 2626;
    expect((await t.call('GET', '/_emulator/health')).body).toMatchObject({ success: true, smtp: { port: 2626 } });
  });
});

describe('POST /_emulator/accounts', () => {
  it('creates an account (201) that works at once, then updates it (200)', async () => {
    t = await makeApp();
    let r = await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'ci-key-1', plan: 'startup' } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ success: true, data: { apiKey: 'ci-key-1', plan: 'startup', credits: 0, limits: {} } });
    let me = expectSchema(responses.me, (await t.call('GET', '/v1/me', { key: 'ci-key-1' })).body).data;
    expect(me.plan).toBe('startup');

    r = await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'ci-key-1', plan: 'enterprise', credits: 250, limits: { perSecond: 3 } } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ apiKey: 'ci-key-1', plan: 'enterprise', credits: 250, limits: { perSecond: 3 } });
    t.clock.advance(1000);
    const res = await t.call('GET', '/v1/me', { key: 'ci-key-1' });
    me = expectSchema(responses.me, res.body).data;
    expect(me).toMatchObject({ plan: 'enterprise', credits: 250, rate_limits: { requestsPerSecond: 3, requestsPerMonth: 10_000_000 } });

    // Credits left out keep their value; limits given replace the old ones ({} goes back to the plan's).
    r = await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'ci-key-1', plan: 'enterprise', limits: {} } });
    expect(r.body.data).toEqual({ apiKey: 'ci-key-1', plan: 'enterprise', credits: 250, limits: {} });
    t.clock.advance(1000);
    expect((await t.call('GET', '/v1/me', { key: 'ci-key-1' })).headers.get('X-RateLimit-Limit-Second')).toBe('100');
  });

  it("can change a seeded account's plan", async () => {
    t = await makeApp();
    await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'emu_free', plan: 'growth' } });
    expect((await t.call('GET', '/v1/custom-domains', { key: 'emu_free' })).status).toBe(200);
  });

  it('refuses bad input with 400s', async () => {
    t = await makeApp();
    const bad: Array<[unknown, string]> = [
      [{ plan: 'free' }, 'missing_field'],
      [{ apiKey: '', plan: 'free' }, 'missing_field'],
      [{ apiKey: 'has space', plan: 'free' }, 'missing_field'],
      [{ apiKey: 'k'.repeat(201), plan: 'free' }, 'missing_field'],
      [{ apiKey: 42, plan: 'free' }, 'missing_field'],
      [{ apiKey: 'k' }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'platinum' }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', credits: -1 }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', credits: 1.5 }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', credits: '10' }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', limits: 5 }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', limits: [1] }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', limits: { perSecond: -2 } }, 'invalid_parameter'],
      [{ apiKey: 'k', plan: 'free', limits: { perMonth: 'lots' } }, 'invalid_parameter'],
    ];
    for (const [body, code] of bad) expectError(await t.call('POST', '/_emulator/accounts', { body }), 400, code);
    expectError(await t.call('GET', '/v1/me', { key: 'k' }), 401, 'invalid_api_key');
  });
});

describe('POST /_emulator/clock', () => {
  it('advances the emulated time and answers the new now', async () => {
    t = await makeApp();
    let r = await t.call('POST', '/_emulator/clock', { body: { advanceMs: 90_000 } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, now: new Date(T0 + 90_000).toISOString() });
    r = await t.call('POST', '/_emulator/clock', { body: { advanceMs: 0 } });
    expect(r.body.now).toBe(new Date(T0 + 90_000).toISOString());
    expect(t.clock.now()).toBe(T0 + 90_000);
    expect(t.core.store.main.data.clockOffsetMs).toBe(90_000);
  });

  it('moves the per-second window and the month with it', async () => {
    t = await makeApp();
    await t.call('GET', '/v1/me', { key: 'emu_free' });
    expectError(await t.call('GET', '/v1/me', { key: 'emu_free' }), 429, 'rate_limit_exceeded');
    await t.call('POST', '/_emulator/clock', { body: { advanceMs: 1000 } });
    expect((await t.call('GET', '/v1/me', { key: 'emu_free' })).status).toBe(200);
    await t.call('POST', '/_emulator/clock', { body: { advanceMs: 31 * 24 * 3600 * 1000 } });
    const usage = await t.call('GET', '/v1/usage', { key: 'emu_free' });
    expect(usage.body.data).toMatchObject({ period: '2026-02', requests_used: 1 });
  });

  it('refuses anything but a non-negative number of milliseconds', async () => {
    t = await makeApp();
    for (const body of ['{}', '{"advanceMs":-1}', '{"advanceMs":"1000"}', '{"advanceMs":null}', '{"advanceMs":1e400}', '{"ms":5}']) {
      expectError(await t.call('POST', '/_emulator/clock', { body, headers: { 'content-type': 'application/json' } }), 400, 'invalid_parameter');
    }
    expect(t.clock.now()).toBe(T0);
  });

  it('refuses a step past the year 9999, and the emulator keeps working', async () => {
    t = await makeApp();
    for (const advanceMs of [1e20, Date.UTC(10000, 0, 1) - T0]) {
      expectError(await t.call('POST', '/_emulator/clock', { body: { advanceMs } }), 400, 'invalid_parameter');
    }
    expect(t.clock.now()).toBe(T0);
    expect((await t.call('GET', '/v1/me', { key: 'emu_free' })).status).toBe(200);
    expect((await t.call('GET', '/_emulator/health')).status).toBe(200);
  });
});

describe('POST /_emulator/reset', () => {
  it('goes back to a freshly seeded state', async () => {
    t = await makeApp();
    await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'extra', plan: 'growth', credits: 5 } });
    await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'emu_free', plan: 'enterprise' } });
    await t.call('POST', '/v1/inboxes', { key: 'emu_growth', body: { inbox: 'a@inbox.test' } });
    await t.call('POST', '/v1/custom-domains', { key: 'emu_growth', body: { domain: 'mine.test' } });
    await t.call('POST', '/_emulator/dns', { body: { domain: 'mine.test', records: [{ type: 'TXT', value: 'x' }] } });
    await t.call('GET', '/v1/me', { key: 'emu_developer' });
    for (let i = 0; i < 10; i++) await t.call('GET', '/v1/me', { key: 'emu_startup' });

    const r = await t.call('POST', '/_emulator/reset');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);

    expectError(await t.call('GET', '/v1/me', { key: 'extra' }), 401, 'invalid_api_key');
    const free = await t.call('GET', '/v1/me', { key: 'emu_free' });
    expect(free.body.data.plan).toBe('free');
    expect(free.headers.get('X-RateLimit-Remaining-Month')).toBe('4999');
    expect((await t.call('GET', '/v1/inboxes', { key: 'emu_growth' })).body.count).toBe(0);
    expect((await t.call('GET', '/v1/custom-domains', { key: 'emu_growth' })).body.count).toBe(0);
    expect((await t.call('GET', '/_emulator/dns')).body.data).toEqual({});
    expect((await t.call('GET', '/v1/usage', { key: 'emu_developer' })).body.data.requests_used).toBe(1);
    // The per-second window starts empty too: 25 fresh requests for the startup key in this same instant.
    const startup = await t.call('GET', '/v1/me', { key: 'emu_startup' });
    expect(startup.headers.get('X-RateLimit-Remaining-Second')).toBe('24');
    // The address can be registered again, by anyone.
    expect((await t.call('POST', '/v1/inboxes', { key: 'emu_enterprise', body: { inbox: 'a@inbox.test' } })).status).toBe(201);
  });

  it('keeps the emulated clock where it was', async () => {
    t = await makeApp();
    await t.call('POST', '/_emulator/clock', { body: { advanceMs: 5000 } });
    await t.call('POST', '/_emulator/reset');
    expect(t.clock.now()).toBe(T0 + 5000);
    expect((await t.call('GET', '/_emulator/health')).body.now).toBe(new Date(T0 + 5000).toISOString());
  });
});
