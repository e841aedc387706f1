// Seeded accounts, authentication (401 codes, ?api_key=), GET /v1/me, /v1/usage and /v1/plans.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_NAMES, PLANS } from '../../src/api/plans.js';
import { ErrorResponse, responses } from '../../src/api/schemas.js';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { expectError, expectSchema, makeApp } from '../helpers/emulator.js';

let t: Awaited<ReturnType<typeof makeApp>>;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

describe('seeded accounts', () => {
  it('has one key per plan, emu_free to emu_enterprise', async () => {
    expect(SEED_KEYS).toEqual({
      free: 'emu_free',
      developer: 'emu_developer',
      startup: 'emu_startup',
      growth: 'emu_growth',
      enterprise: 'emu_enterprise',
    });
    for (const plan of PLAN_NAMES) {
      const r = await t.call('GET', '/v1/me', { key: `emu_${plan}` });
      expect(r.status).toBe(200);
      const body = expectSchema(responses.me, r.body);
      expect(body.data.plan).toBe(plan);
      expect(r.headers.get('X-API-Plan')).toBe(plan);
    }
  });
});

describe('authentication', () => {
  it('answers 401 unauthorized without a key', async () => {
    const body = expectError(await t.call('GET', '/v1/me'), 401, 'unauthorized');
    expectSchema(ErrorResponse, body);
    // As the hosted server: a link to the API's documentation.
    expect(body.docs).toBe('https://freecustom.email/docs/api');
  });

  it('answers 401 unauthorized for an empty bearer or another scheme', async () => {
    expectError(await t.call('GET', '/v1/me', { headers: { authorization: 'Bearer ' } }), 401, 'unauthorized');
    expectError(await t.call('GET', '/v1/me', { headers: { authorization: 'Basic ZW11X2ZyZWU6' } }), 401, 'unauthorized');
  });

  it('answers 401 invalid_api_key for an unknown key, on every authenticated route', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/v1/me'],
      ['GET', '/v1/usage'],
      ['GET', '/v1/domains'],
      ['POST', '/v1/custom-domains', { domain: 'x.test' }],
      ['GET', '/v1/custom-domains'],
      ['POST', '/v1/custom-domains/x.test/verify'],
      ['DELETE', '/v1/custom-domains/x.test'],
      ['POST', '/v1/inboxes', { inbox: 'a@inbox.test' }],
      ['GET', '/v1/inboxes'],
      ['DELETE', '/v1/inboxes/a%40inbox.test'],
    ];
    for (const [method, path, body] of routes) {
      const r = await t.call(method, path, { key: 'emu_nobody', body });
      expectError(r, 401, 'invalid_api_key');
      expect(r.headers.get('X-API-Plan')).toBeNull();
    }
  });

  it('is checked before the body and the route: no key beats malformed JSON and plan checks', async () => {
    expectError(await t.call('POST', '/v1/inboxes', { body: '{not json', headers: { 'content-type': 'application/json' } }), 401, 'unauthorized');
    expectError(await t.call('POST', '/v1/custom-domains', { key: 'nope', body: { domain: 'x.test' } }), 401, 'invalid_api_key');
  });

  it('accepts ?api_key= as well as the bearer header; keys are case-sensitive', async () => {
    const r = await t.call('GET', '/v1/me?api_key=emu_growth');
    expect(r.status).toBe(200);
    expect(r.body.data.plan).toBe('growth');
    expectError(await t.call('GET', '/v1/me?api_key=EMU_GROWTH'), 401, 'invalid_api_key');
    expectError(await t.call('GET', '/v1/me?api_key='), 401, 'unauthorized');
  });

  it('a 401 costs nothing', async () => {
    await t.call('GET', '/v1/me', { key: 'wrong' });
    const r = await t.call('GET', '/v1/usage', { key: 'emu_free' });
    expect(r.body.data.requests_used).toBe(1);
  });
});

describe('GET /v1/plans', () => {
  it('needs no key and serves the plan table', async () => {
    const r = await t.call('GET', '/v1/plans');
    expect(r.status).toBe(200);
    const body = expectSchema(responses.plans, r.body);
    expect(body.count).toBe(5);
    expect(body.data.map((p) => p.name)).toEqual([...PLAN_NAMES]);
    expect(body.data.map((p) => [p.perSecond, p.perMonth, p.maxInboxes])).toEqual([
      [1, 5_000, 10],
      [10, 100_000, 25],
      [25, 500_000, 40],
      [50, 2_000_000, 100],
      [100, 10_000_000, null],
    ]);
    expect(r.headers.get('X-API-Plan')).toBeNull();
  });
});

describe('GET /v1/me', () => {
  it('reports plan, credits, limits, features and counts', async () => {
    await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'emu_growth', plan: 'growth', credits: 7 } });
    t.clock.advance(1000);
    await t.call('POST', '/v1/inboxes', { key: 'emu_growth', body: { inbox: 'a@inbox.test' } });
    await t.call('POST', '/v1/custom-domains', { key: 'emu_growth', body: { domain: 'mine.test' } });
    const r = await t.call('GET', '/v1/me', { key: 'emu_growth' });
    const { data } = expectSchema(responses.me, r.body);
    expect(data).toMatchObject({
      plan: 'growth',
      plan_label: 'Growth',
      credits: 7,
      rate_limits: { requestsPerSecond: 50, requestsPerMonth: 2_000_000 },
      api_inboxes: ['a@inbox.test'],
      api_inbox_count: 1,
      app_inboxes: [],
      app_inbox_count: 0,
      inbox_limit: 100,
      custom_domain_count: 1,
    });
    expect(data.custom_domains).toEqual([expect.objectContaining({ domain: 'mine.test', verified: false, mx_record: 'mx.inbox.test' })]);
    expect(data.price).toMatch(/^\$\d+\/mo$/);
    expect(data.features).toEqual({
      otpExtraction: true,
      attachments: true,
      maxAttachmentSizeMb: 25,
      customDomains: true,
      websocket: true,
      maxWsConnections: 20,
      webhooks: true,
      wait: true,
    });
    const free = expectSchema(responses.me, (await t.call('GET', '/v1/me', { key: 'emu_free' })).body).data;
    expect(free.features).toMatchObject({ otpExtraction: false, customDomains: false, webhooks: false, wait: false, websocket: false, maxWsConnections: 0 });
    expect(free.inbox_limit).toBe(PLANS.free.maxInboxes);
    const ent = expectSchema(responses.me, (await t.call('GET', '/v1/me', { key: 'emu_enterprise' })).body).data;
    expect(ent.inbox_limit).toBeNull();
  });
});

describe('GET /v1/usage', () => {
  it("counts this month's units, including the current request", async () => {
    for (let i = 0; i < 3; i++) {
      await t.call('GET', '/v1/me', { key: 'emu_developer' });
    }
    const r = await t.call('GET', '/v1/usage', { key: 'emu_developer' });
    const { data } = expectSchema(responses.usage, r.body);
    expect(data).toEqual({
      plan: 'developer',
      requests_used: 4,
      requests_limit: 100_000,
      requests_remaining: 99_996,
      credits_remaining: 0,
      percent_used: '0.0%',
      period: '2026-01',
      resets: '2026-02-01T00:00:00.000Z',
    });
    expect(r.headers.get('X-RateLimit-Remaining-Month')).toBe('99996');
  });
});
