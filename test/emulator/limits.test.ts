// Rate limits and quota on the manual clock: the per-second sliding window, the monthly quota per UTC
// calendar month, credits past the quota, every X-RateLimit-* / X-API-Plan header, both 429 bodies,
// Retry-After, and the cost of every route.
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_COSTS, ROUTES, fillPath, type RouteName } from '../../src/api/routes.js';
import { ErrorResponse } from '../../src/api/schemas.js';
import { expectError, expectSchema, makeApp, type CallResult } from '../helpers/emulator.js';

const LIMIT_HEADERS = ['X-API-Plan', 'X-RateLimit-Limit-Second', 'X-RateLimit-Remaining-Second', 'X-RateLimit-Limit-Month', 'X-RateLimit-Remaining-Month'];

function limits(r: CallResult) {
  return Object.fromEntries(LIMIT_HEADERS.map((h) => [h, r.headers.get(h)]));
}

/** The app as startEmulator() builds it (createApp mounts every route group), so every route of
 *  the table is served by its real handler. */

let t: Awaited<ReturnType<typeof makeApp>>;
async function open(opts: Parameters<typeof makeApp>[0] = {}) {
  t = await makeApp(opts);
  return t;
}
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

async function setAccount(body: Record<string, unknown>) {
  const r = await t.call('POST', '/_emulator/accounts', { body });
  expect([200, 201]).toContain(r.status);
}

describe('headers', () => {
  it('every authenticated answer carries the plan and limit headers, errors from the route included', async () => {
    await open();
    const ok = await t.call('GET', '/v1/me', { key: 'emu_startup' });
    expect(limits(ok)).toEqual({
      'X-API-Plan': 'startup',
      'X-RateLimit-Limit-Second': '25',
      'X-RateLimit-Remaining-Second': '24',
      'X-RateLimit-Limit-Month': '500000',
      'X-RateLimit-Remaining-Month': '499999',
    });
    const bad = await t.call('POST', '/v1/inboxes', { key: 'emu_startup', body: {} });
    expectError(bad, 400, 'missing_field');
    expect(limits(bad)).toEqual({
      'X-API-Plan': 'startup',
      'X-RateLimit-Limit-Second': '25',
      'X-RateLimit-Remaining-Second': '23',
      'X-RateLimit-Limit-Month': '500000',
      'X-RateLimit-Remaining-Month': '499998',
    });
    const forbidden = await t.call('GET', '/v1/custom-domains', { key: 'emu_startup' });
    expectError(forbidden, 403, 'plan_required');
    expect(forbidden.headers.get('X-RateLimit-Remaining-Month')).toBe('499997');
  });

  it("limits set through the control surface replace the plan's numbers", async () => {
    await open();
    await setAccount({ apiKey: 'k1', plan: 'growth', limits: { perSecond: 2, perMonth: 50 } });
    const r = await t.call('GET', '/v1/me', { key: 'k1' });
    expect(limits(r)).toEqual({
      'X-API-Plan': 'growth',
      'X-RateLimit-Limit-Second': '2',
      'X-RateLimit-Remaining-Second': '1',
      'X-RateLimit-Limit-Month': '50',
      'X-RateLimit-Remaining-Month': '49',
    });
    expect(r.body.data.rate_limits).toEqual({ requestsPerSecond: 2, requestsPerMonth: 50 });
  });
});

describe('per-second limit', () => {
  it('free: the second request in the same second gets 429 rate_limit_exceeded with Retry-After: 1', async () => {
    await open();
    const first = await t.call('GET', '/v1/me', { key: 'emu_free' });
    expect(first.status).toBe(200);
    expect(first.headers.get('X-RateLimit-Remaining-Second')).toBe('0');
    const second = await t.call('GET', '/v1/me', { key: 'emu_free' });
    const body = expectError(second, 429, 'rate_limit_exceeded');
    expectSchema(ErrorResponse, body);
    expect(typeof body.upgrade_url).toBe('string');
    expect(body.upgrade_url.length).toBeGreaterThan(0);
    expect(body.credits_url).toBeUndefined();
    expect(second.headers.get('Retry-After')).toBe('1');
    expect(limits(second)).toEqual({
      'X-API-Plan': 'free',
      'X-RateLimit-Limit-Second': '1',
      'X-RateLimit-Remaining-Second': '0',
      'X-RateLimit-Limit-Month': '5000',
      'X-RateLimit-Remaining-Month': '4999',
    });
    t.clock.advance(1000);
    const usage = await t.call('GET', '/v1/usage', { key: 'emu_free' });
    expect(usage.body.data.requests_used).toBe(2); // the refused request cost nothing
  });

  it('is a sliding window of one second, not a fixed one', async () => {
    await open();
    const key = 'emu_developer'; // 10 per second
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/v1/me', { key })).status).toBe(200);
    t.clock.advance(500);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await t.call('GET', '/v1/me', { key })).headers.get('X-RateLimit-Remaining-Second')!);
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expectError(await t.call('GET', '/v1/me', { key }), 429, 'rate_limit_exceeded');
    t.clock.advance(499); // the first five are 999 ms old: still inside the window
    expectError(await t.call('GET', '/v1/me', { key }), 429, 'rate_limit_exceeded');
    t.clock.advance(1); // now they are 1000 ms old and out; the later five still count
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/v1/me', { key })).status).toBe(200);
    expectError(await t.call('GET', '/v1/me', { key }), 429, 'rate_limit_exceeded');
  });

  it('windows are per account', async () => {
    await open();
    await t.call('GET', '/v1/me', { key: 'emu_free' });
    expectError(await t.call('GET', '/v1/me', { key: 'emu_free' }), 429, 'rate_limit_exceeded');
    expect((await t.call('GET', '/v1/me', { key: 'emu_developer' })).status).toBe(200);
  });

  it('is checked before the route: 429 beats a bad body', async () => {
    await open();
    await t.call('GET', '/v1/me', { key: 'emu_free' });
    expectError(
      await t.call('POST', '/v1/inboxes', { key: 'emu_free', body: '{oops', headers: { 'content-type': 'application/json' } }),
      429,
      'rate_limit_exceeded',
    );
  });

  it('counts requests while the month counts units', async () => {
    await open();
    const key = 'emu_developer';
    for (let i = 0; i < 10; i++) {
      const r = await t.call('GET', '/v1/inboxes/a%40inbox.test/wait', { key });
      expect(r.headers.get('X-RateLimit-Remaining-Second')).toBe(String(9 - i));
    }
    expectError(await t.call('GET', '/v1/me', { key }), 429, 'rate_limit_exceeded');
    t.clock.advance(1000);
    const usage = await t.call('GET', '/v1/usage', { key });
    expect(usage.body.data.requests_used).toBe(10 * 10 + 1);
  });
});

describe('monthly quota', () => {
  it('free: 5,000 units a month, then 429 monthly_quota_exceeded with upgrade_url, credits_url, hint', async () => {
    await open();
    let last: CallResult | undefined;
    for (let i = 0; i < 5000; i++) {
      last = await t.call('GET', '/v1/me', { key: 'emu_free' });
      if (last.status !== 200) throw new Error(`request ${i + 1}: ${last.status} ${last.text}`);
      t.clock.advance(1000);
    }
    expect(last!.headers.get('X-RateLimit-Remaining-Month')).toBe('0');
    const r = await t.call('GET', '/v1/me', { key: 'emu_free' });
    const body = expectError(r, 429, 'monthly_quota_exceeded');
    expectSchema(ErrorResponse, body);
    for (const f of ['upgrade_url', 'credits_url', 'hint'] as const) {
      expect(typeof body[f]).toBe('string');
      expect(body[f].length).toBeGreaterThan(0);
    }
    expect(r.headers.get('X-RateLimit-Remaining-Month')).toBe('0');
    expect(r.headers.get('X-RateLimit-Limit-Month')).toBe('5000');
    expect(r.headers.get('X-API-Plan')).toBe('free');
    // Retry-After: the seconds left until the next UTC month starts.
    const left = Math.ceil((Date.UTC(2026, 1, 1) - t.clock.now()) / 1000);
    expect(r.headers.get('Retry-After')).toBe(String(left));
  }, 60_000);

  it('spends credits one per unit past the quota, then refuses', async () => {
    await open();
    await setAccount({ apiKey: 'k', plan: 'growth', credits: 3, limits: { perMonth: 2 } });
    const months: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.call('GET', '/v1/domains', { key: 'k' });
      expect(r.status).toBe(200);
      months.push(r.headers.get('X-RateLimit-Remaining-Month')!);
    }
    expect(months).toEqual(['1', '0', '0', '0', '0']);
    expectError(await t.call('GET', '/v1/domains', { key: 'k' }), 429, 'monthly_quota_exceeded');
    await setAccount({ apiKey: 'k', plan: 'growth', credits: 1 });
    const u = await t.call('GET', '/v1/usage', { key: 'k' });
    expect(u.body.data).toMatchObject({ requests_used: 2, requests_limit: 2, requests_remaining: 0, credits_remaining: 0 });
  });

  it('a request costing more than quota plus credits is refused and spends nothing', async () => {
    await open();
    await setAccount({ apiKey: 'k', plan: 'growth', credits: 5, limits: { perMonth: 2 } });
    expectError(await t.call('GET', '/v1/inboxes/a%40inbox.test/wait', { key: 'k' }), 429, 'monthly_quota_exceeded');
    // 3 units: 2 from the quota, 1 credit (charged although the route then refuses: not the caller's inbox)
    expectError(await t.call('GET', '/v1/inboxes/a%40inbox.test/otp', { key: 'k' }), 403, 'inbox_not_owned');
    const me = await t.call('GET', '/v1/me', { key: 'k' }); // 1 credit
    expect(me.body.data.credits).toBe(3);
  });

  it('resets at the start of the next UTC calendar month; credits stay', async () => {
    await open({ start: Date.UTC(2026, 0, 31, 23, 59, 58) });
    await setAccount({ apiKey: 'k', plan: 'free', credits: 4, limits: { perMonth: 1, perSecond: 100 } });
    await t.call('GET', '/v1/me', { key: 'k' });
    t.clock.advance(1000);
    await t.call('GET', '/v1/me', { key: 'k' }); // a credit
    t.clock.advance(999); // 23:59:59.999, still January
    const jan = await t.call('GET', '/v1/usage', { key: 'k' });
    expect(jan.body.data).toMatchObject({ period: '2026-01', requests_used: 1, credits_remaining: 2, resets: '2026-02-01T00:00:00.000Z' });
    t.clock.advance(1); // 2026-02-01T00:00:00.000Z
    const feb = await t.call('GET', '/v1/usage', { key: 'k' });
    expect(feb.status).toBe(200);
    expect(feb.headers.get('X-RateLimit-Remaining-Month')).toBe('0');
    expect(feb.body.data).toMatchObject({ period: '2026-02', requests_used: 1, credits_remaining: 2, resets: '2026-03-01T00:00:00.000Z' });
  });

  it('a quota refusal leaves the per-second window alone', async () => {
    await open();
    await setAccount({ apiKey: 'k', plan: 'developer', limits: { perMonth: 0 } });
    for (let i = 0; i < 12; i++) expectError(await t.call('GET', '/v1/me', { key: 'k' }), 429, 'monthly_quota_exceeded');
  });
});

describe('costs', () => {
  it("the route table carries the API document's costs", () => {
    const documented: Partial<Record<RouteName, number>> = { otp: 3, timeline: 2, insights: 3, wait: 10 };
    for (const [name, def] of Object.entries(ROUTES) as Array<[RouteName, (typeof ROUTES)[RouteName]]>) {
      if (!def.auth) {
        expect(name).toBe('plans');
        continue;
      }
      expect([name, def.cost]).toEqual([name, documented[name] ?? 1]);
    }
    expect(EVENT_COSTS).toEqual({ websocketBasic: 1, websocketOtp: 2, webhookBasic: 2, webhookOtp: 4 });
  });

  it('every route is charged its cost through the pipeline, whatever it answers', async () => {
    await open();
    const params = { inbox: 'nobody@inbox.test', id: 'nope', domain: 'nothing.test' };
    let remaining = 10_000_000;
    for (const [name, def] of Object.entries(ROUTES) as Array<[RouteName, (typeof ROUTES)[RouteName]]>) {
      if (!def.auth || name === 'websocket') continue;
      t.clock.advance(1000);
      const r = await t.call(def.method, fillPath(def.path, params), { key: 'emu_enterprise', body: def.method === 'POST' ? {} : undefined });
      if (r.status === 404 && /^No route/.test(r.body?.message ?? '')) throw new Error(`${name} is not served: ${r.text}`);
      remaining -= def.cost;
      expect([name, r.headers.get('X-RateLimit-Remaining-Month')]).toEqual([name, String(remaining)]);
    }
    const usage = await t.call('GET', '/v1/usage', { key: 'emu_enterprise' });
    expect(usage.body.data.requests_used).toBe(10_000_000 - remaining + 1);
  });

  it('pushed events spend from the quota then credits, outside the per-second window', async () => {
    await open();
    await setAccount({ apiKey: 'k', plan: 'growth', credits: 3, limits: { perMonth: 5, perSecond: 1 } });
    const account = t.core.accounts.byKey('k')!;
    expect(t.core.accounts.spend(account, EVENT_COSTS.webhookOtp)).toBe(true); // 4 of 5
    expect(t.core.accounts.spend(account, EVENT_COSTS.webhookBasic)).toBe(true); // 1 quota + 1 credit
    expect(t.core.accounts.spend(account, EVENT_COSTS.websocketOtp)).toBe(true); // 2 credits
    expect(t.core.accounts.spend(account, EVENT_COSTS.websocketBasic)).toBe(false); // nothing left
    expect(account.credits).toBe(0);
    expect(account.usage.used).toBe(5);
    await setAccount({ apiKey: 'k', plan: 'growth', credits: 1 });
    expect((await t.call('GET', '/v1/me', { key: 'k' })).status).toBe(200); // the window was not used by spend()
  });
});
