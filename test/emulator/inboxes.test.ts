// POST /v1/inboxes with every check of the hosted service in its order, GET /v1/inboxes and
// DELETE /v1/inboxes/{inbox}.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorResponse, responses } from '../../src/api/schemas.js';
import { expectError, expectSchema, makeApp, T0 } from '../helpers/emulator.js';

let t: Awaited<ReturnType<typeof makeApp>>;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

/** Each call one second apart, so even the free plan's 1 request per second never gets in the way. */
async function register(inbox: unknown, key: string) {
  t.clock.advance(1000);
  return t.call('POST', '/v1/inboxes', { key, body: inbox === undefined ? {} : { inbox } });
}

async function verifiedDomain(domain: string, key: string) {
  t.clock.advance(1000);
  const { txt_record } = (await t.call('POST', '/v1/custom-domains', { key, body: { domain } })).body.data;
  await t.call('POST', '/_emulator/dns', {
    body: {
      domain,
      records: [
        { type: 'MX', value: 'mx.inbox.test' },
        { type: 'TXT', value: txt_record },
      ],
    },
  });
  t.clock.advance(1000);
  expect((await t.call('POST', `/v1/custom-domains/${domain}/verify`, { key })).status).toBe(200);
}

describe('POST /v1/inboxes, each check', () => {
  it('201 on a platform domain, address trimmed and lower-cased', async () => {
    const r = await register('  Alice.Smith+tag@Inbox.Test ', 'emu_free');
    expect(r.status).toBe(201);
    const body = expectSchema(responses.registerInbox, r.body);
    expect(body.data).toEqual({ inbox: 'alice.smith+tag@inbox.test', registered_at: new Date(T0 + 1000).toISOString() });
  });

  it('1. 400 missing_field', async () => {
    for (const inbox of [undefined, null, '', '  ']) expectError(await register(inbox, 'emu_free'), 400, 'missing_field');
  });

  it('2. 400 invalid_inbox', async () => {
    const bad: unknown[] = [
      'no-at-sign',
      '@inbox.test',
      'a@',
      'a@@inbox.test',
      'a b@inbox.test',
      'a@inbox',
      // The hosted server's pattern, ^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$: no other characters.
      "o'brien@inbox.test",
      'a/b@inbox.test',
      'x=y@inbox.test',
      'a!b@inbox.test',
      `${'l'.repeat(321 - '@inbox.test'.length)}@inbox.test`, // past the emulator's 320
      'a@inbox.test\u0000',
      'a\u0000b@inbox.test',
      42,
      ['a@inbox.test'],
      { inbox: 'a@inbox.test' },
      // The hosted rule for domains: ASCII letters, digits and hyphens, an alphabetic top-level label.
      'anna@bücher.test',
      'a@inbox.test.',
      'a@inbox.t3st',
      'a@inbox.xn--p1ai',
      'a@in_box.test',
    ];
    for (const inbox of bad) expectSchema(ErrorResponse, expectError(await register(inbox, 'emu_free'), 400, 'invalid_inbox'));
  });

  it('2b. accepts what the hosted pattern accepts: . _ % + - anywhere in the local part, any case, padded', async () => {
    const long = `${'l'.repeat(320 - '@inbox.test'.length)}@inbox.test`;
    for (const inbox of ['a+b@inbox.test', 'a..b@inbox.test', '.a.@mail.test', 'x_y%z@mail.test', ' Mixed.Case@Inbox.Test ', 'dev-x7k2@example.test', long]) {
      const r = await register(inbox, 'emu_growth');
      expect(r.status, r.text).toBe(201);
      expect(r.body.inbox).toBe(inbox.trim().toLowerCase());
    }
    // A punycode domain is letters, digits and hyphens: not refused as invalid.
    expectError(await register('anna@xn--bcher-kva.test', 'emu_free'), 403, 'domain_not_allowed');
    // The pattern passes odd domains too; no such domain is a platform or custom one.
    for (const inbox of ['a@-x.test', 'a@inbox..test']) expectError(await register(inbox, 'emu_free'), 403, 'domain_not_allowed');
  });

  it('3. 403 plan_restriction on a pro platform domain below growth; growth may', async () => {
    for (const key of ['emu_free', 'emu_developer', 'emu_startup']) {
      const body = expectError(await register('a@pro.inbox.test', key), 403, 'plan_restriction');
      expect(body.upgrade_url).toEqual(expect.any(String));
    }
    expect((await register('a@vip.test', 'emu_growth')).status).toBe(201);
    expect((await register('a@pro.inbox.test', 'emu_enterprise')).status).toBe(201);
  });

  it('4. unknown domain: 403 domain_not_allowed (with upgrade_url and platform domains) below growth, domain_not_verified from growth', async () => {
    for (const key of ['emu_free', 'emu_developer', 'emu_startup']) {
      const body = expectError(await register('a@unknown.test', key), 403, 'domain_not_allowed');
      expect(body.upgrade_url).toEqual(expect.any(String));
      expect(body).toMatchObject({ upgrade_required: true, recommended_plan: 'growth', pricing_url: expect.any(String) });
      // Every free platform domain: the .test ones, then the hosted service's own (ditube.info first).
      expect(body.provided_domains_example.slice(0, 4)).toEqual(['inbox.test', 'mail.test', 'example.test', 'ditube.info']);
      expect(body.provided_domains_example).toHaveLength(15);
    }
    for (const key of ['emu_growth', 'emu_enterprise']) expectError(await register('a@unknown.test', key), 403, 'domain_not_verified');
  });

  it("5. 403 domain_not_verified for the caller's unverified custom domain, 201 once verified", async () => {
    await t.call('POST', '/v1/custom-domains', { key: 'emu_growth', body: { domain: 'mine.test' } });
    expectError(await register('a@mine.test', 'emu_growth'), 403, 'domain_not_verified');
    await verifiedDomain('mine.test', 'emu_growth');
    expect((await register('a@MINE.test', 'emu_growth')).status).toBe(201);
    // Another account's verified domain is not this account's.
    expectError(await register('b@mine.test', 'emu_enterprise'), 403, 'domain_not_verified');
  });

  it('6. 200 already registered, with message and inbox', async () => {
    await register('a@inbox.test', 'emu_free');
    const r = await register('A@INBOX.TEST', 'emu_free');
    expect(r.status).toBe(200);
    const body = expectSchema(responses.registerInboxExisting, r.body);
    expect(body.inbox).toBe('a@inbox.test');
    expect(body.message).toMatch(/already registered/i);
  });

  it("7. 403 inbox_limit_reached at the plan's cap; re-registering one is still 200", async () => {
    for (let i = 0; i < 10; i++) expect((await register(`u${i}@inbox.test`, 'emu_free')).status).toBe(201);
    const body = expectError(await register('u10@inbox.test', 'emu_free'), 403, 'inbox_limit_reached');
    expect(body.upgrade_url).toEqual(expect.any(String));
    expect((await register('u3@inbox.test', 'emu_free')).status).toBe(200);
    t.clock.advance(1000);
    await t.call('DELETE', '/v1/inboxes/u0%40inbox.test', { key: 'emu_free' });
    expect((await register('u10@inbox.test', 'emu_free')).status).toBe(201);
  });

  it("the plan's cap follows the plan: developer 25, startup 40, growth 100", async () => {
    for (const [key, cap] of [
      ['emu_developer', 25],
      ['emu_startup', 40],
      ['emu_growth', 100],
    ] as const) {
      for (let i = 0; i < cap; i++) expect((await register(`${key}${i}@mail.test`, key)).status).toBe(201);
      expectError(await register(`${key}-over@mail.test`, key), 403, 'inbox_limit_reached');
    }
    for (let i = 0; i < 120; i++) expect((await register(`e${i}@mail.test`, 'emu_enterprise')).status).toBe(201);
  });

  it('an address registered by another account is 403 inbox_not_owned', async () => {
    await register('taken@inbox.test', 'emu_free');
    expectError(await register('taken@inbox.test', 'emu_developer'), 403, 'inbox_not_owned');
  });
});

describe('POST /v1/inboxes, the order of the checks', () => {
  it('missing beats everything; invalid beats the plan; plan beats domain; domain beats existing and cap', async () => {
    // invalid_inbox before plan_restriction: a bad local part on a pro domain.
    expectError(await register('a b@pro.inbox.test', 'emu_free'), 400, 'invalid_inbox');
    // plan_restriction for a pro domain even when the cap is reached.
    for (let i = 0; i < 10; i++) await register(`x${i}@inbox.test`, 'emu_free');
    expectError(await register('a@pro.inbox.test', 'emu_free'), 403, 'plan_restriction');
    // domain_not_allowed for an unknown domain even when the cap is reached.
    expectError(await register('a@unknown.test', 'emu_free'), 403, 'domain_not_allowed');
    // already registered (200) before the cap (403).
    expect((await register('x0@inbox.test', 'emu_free')).status).toBe(200);
    expectError(await register('x10@inbox.test', 'emu_free'), 403, 'inbox_limit_reached');
  });
});

describe('GET /v1/inboxes', () => {
  it("lists the caller's inboxes with local part and domain", async () => {
    expect(expectSchema(responses.listInboxes, (await t.call('GET', '/v1/inboxes', { key: 'emu_growth' })).body)).toEqual({
      success: true,
      count: 0,
      data: [],
      api_inboxes: [],
      api_inbox_count: 0,
      app_inboxes: [],
      app_inbox_count: 0,
    });
    await register('one@inbox.test', 'emu_growth');
    await register('two@vip.test', 'emu_growth');
    await register('other@inbox.test', 'emu_free');
    const body = expectSchema(responses.listInboxes, (await t.call('GET', '/v1/inboxes', { key: 'emu_growth' })).body);
    expect(body.count).toBe(2);
    expect(body.data).toEqual([
      { inbox: 'one@inbox.test', local: 'one', domain: 'inbox.test', registered_at: new Date(T0 + 1000).toISOString() },
      { inbox: 'two@vip.test', local: 'two', domain: 'vip.test', registered_at: new Date(T0 + 2000).toISOString() },
    ]);
    // The hosted server's names for the same list, beside `data`.
    expect(body.api_inboxes).toEqual(body.data);
    expect(body.api_inbox_count).toBe(2);
  });
});

describe('DELETE /v1/inboxes/{inbox}', () => {
  it("removes the caller's inbox (URL-encoded, any case); unknown or another's is 200 and changes nothing", async () => {
    await register('gone@inbox.test', 'emu_growth');
    await register('kept@inbox.test', 'emu_growth');
    await register('theirs@inbox.test', 'emu_free');
    const r = await t.call('DELETE', '/v1/inboxes/GONE%40Inbox.Test', { key: 'emu_growth' });
    expect(r.status).toBe(200);
    expectSchema(responses.removeInbox, r.body);
    const list = expectSchema(responses.listInboxes, (await t.call('GET', '/v1/inboxes', { key: 'emu_growth' })).body);
    expect(list.data.map((i) => i.inbox)).toEqual(['kept@inbox.test']);
    for (const path of ['/v1/inboxes/gone%40inbox.test', '/v1/inboxes/theirs%40inbox.test', '/v1/inboxes/not-an-address']) {
      const again = await t.call('DELETE', path, { key: 'emu_growth' });
      expect(again.status).toBe(200);
      expect(expectSchema(responses.removeInbox, again.body).message).toMatch(/not registered/);
    }
    t.clock.advance(1000);
    const theirs = expectSchema(responses.listInboxes, (await t.call('GET', '/v1/inboxes', { key: 'emu_free' })).body);
    expect(theirs.data.map((i) => i.inbox)).toEqual(['theirs@inbox.test']);
    // The address is free again for anyone.
    expect((await register('gone@inbox.test', 'emu_free')).status).toBe(201);
  });

  it('an unencoded @ in the path works too', async () => {
    await register('plain@inbox.test', 'emu_growth');
    expect((await t.call('DELETE', '/v1/inboxes/plain@inbox.test', { key: 'emu_growth' })).status).toBe(200);
  });
});
