// GET /v1/domains and the custom-domain routes: add (idempotent, cap, validation, plan), the
// deterministic TXT token, list, verify against the simulated zone, delete with its inboxes.
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

const G = 'emu_growth';
const add = (domain: unknown, key = G) => t.call('POST', '/v1/custom-domains', { key, body: domain === undefined ? {} : { domain } });
const verify = (domain: string, key = G) => t.call('POST', `/v1/custom-domains/${encodeURIComponent(domain)}/verify`, { key });
const setDns = (domain: string, records: unknown[]) => t.call('POST', '/_emulator/dns', { body: { domain, records } });

describe('GET /v1/domains', () => {
  it("shows free domains below growth and pro ones too from growth up, the hosted service's own names among them", async () => {
    for (const key of ['emu_free', 'emu_developer', 'emu_startup']) {
      const body = expectSchema(responses.listDomains, (await t.call('GET', '/v1/domains', { key })).body);
      expect(body.data.map((d) => d.domain)).toEqual(['inbox.test', 'mail.test', 'example.test', ...HOSTED_FREE]);
      expect(body.data.every((d) => d.tier === 'free')).toBe(true);
      expect(body.count).toBe(3 + 12);
      expect(body.note.length).toBeGreaterThan(0);
    }
    for (const key of ['emu_growth', 'emu_enterprise']) {
      const body = expectSchema(responses.listDomains, (await t.call('GET', '/v1/domains', { key })).body);
      const never = { expires_at: null, expires_in_days: null, expiring_soon: false, expired: false };
      expect(body.data).toEqual([
        { domain: 'inbox.test', tier: 'free', tags: ['default'], ...never },
        { domain: 'mail.test', tier: 'free', tags: [], ...never },
        { domain: 'example.test', tier: 'free', tags: [], ...never },
        { domain: 'pro.inbox.test', tier: 'pro', tags: ['pro'], ...never },
        { domain: 'vip.test', tier: 'pro', tags: ['pro'], ...never },
        ...HOSTED_FREE.map((domain) => ({ domain, tier: 'free', tags: HOSTED_TAGS[domain] ?? [], ...never })),
        ...HOSTED_PRO.map((domain) => ({ domain, tier: 'pro', tags: HOSTED_TAGS[domain] ?? [], ...never })),
      ]);
      expect(body.count).toBe(5 + 15);
    }
  });

  it('registers inboxes at the hosted names with the same plan rules: free ones on every plan, pro ones from growth up', async () => {
    const reg = (inbox: string, key: string) => {
      t.clock.advance(1000); // the free plan's 1 request a second
      return t.call('POST', '/v1/inboxes', { key, body: { inbox } });
    };
    // What the official CLI's `inbox add random` and `dev` make, and the MCP server's default domain.
    expect((await reg('happyotter4821@ditube.info', 'emu_free')).status).toBe(201);
    expect((await reg('dev-x7k2@junkstopper.info', 'emu_free')).status).toBe(201);
    for (const key of ['emu_free', 'emu_developer', 'emu_startup']) expectError(await reg(`a-${key}@ditmail.pro`, key), 403, 'plan_restriction');
    expect((await reg('a@mock-api.pro', 'emu_growth')).status).toBe(201);
    expect((await reg('b@isapi.live', 'emu_enterprise')).status).toBe(201);
  });
});

/** The hosted service's platform domains (its domain registry), which the emulator serves by default. */
const HOSTED_FREE = [
  'ditube.info',
  'ditplay.info',
  'ditapi.info',
  'ditcloud.info',
  'ditdrive.info',
  'ditgame.info',
  'ditlearn.info',
  'ditpay.info',
  'junkstopper.info',
  'areueally.info',
  'addmy.space',
  'attachmy.site',
];
const HOSTED_PRO = ['ditmail.pro', 'isapi.live', 'mock-api.pro'];
const HOSTED_TAGS: Record<string, string[]> = {
  'ditplay.info': ['popular'],
  'attachmy.site': ['new'],
  'ditmail.pro': ['new', 'featured'],
  'isapi.live': ['new'],
  'mock-api.pro': ['new', 'featured'],
};

describe('GET /v1/domains/all', () => {
  it('lists every platform domain whatever the plan, with where its registration stands on the emulator clock', async () => {
    const day = 86_400_000;
    const e = await makeApp({
      settings: {
        platformDomains: [
          { domain: 'inbox.test', tier: 'free', tags: [] },
          { domain: 'soon.test', tier: 'free', tags: [], expiresAt: new Date(T0 + 10 * day + 1).toISOString() },
          { domain: 'later.test', tier: 'pro', tags: ['pro'], expiresAt: new Date(T0 + 90 * day).toISOString() },
          { domain: 'gone.test', tier: 'free', tags: [], expiresAt: new Date(T0 - day).toISOString() },
        ],
      },
    });
    try {
      const body = expectSchema(responses.listAllDomains, (await e.call('GET', '/v1/domains/all', { key: 'emu_free' })).body);
      expect(body.count).toBe(4);
      const by = Object.fromEntries(body.data.map((d) => [d.domain, d]));
      expect(by['inbox.test']).toMatchObject({ expires_at: null, expires_in_days: null, expiring_soon: false, expired: false });
      expect(by['soon.test']).toMatchObject({ expires_in_days: 11, expiring_soon: true, expired: false });
      expect(by['later.test']).toMatchObject({ tier: 'pro', expires_in_days: 90, expiring_soon: false, expired: false });
      expect(by['gone.test']).toMatchObject({ expires_in_days: 0, expiring_soon: false, expired: true });
      // The plan's list (free) leaves the pro domain out but reads expiry the same way.
      const mine = expectSchema(responses.listDomains, (await e.call('GET', '/v1/domains', { key: 'emu_developer' })).body);
      expect(mine.data.map((d) => d.domain)).toEqual(['inbox.test', 'soon.test', 'gone.test']);
      e.clock.advance(11 * day);
      const later = expectSchema(responses.listAllDomains, (await e.call('GET', '/v1/domains/all', { key: 'emu_free' })).body);
      expect(later.data.find((d) => d.domain === 'soon.test')).toMatchObject({ expired: true, expiring_soon: false });
    } finally {
      await e.close();
    }
  });
});

describe('custom domains need growth or enterprise', () => {
  it('answers 403 plan_required with upgrade_url on every custom-domain route below growth', async () => {
    for (const key of ['emu_free', 'emu_developer', 'emu_startup']) {
      const calls = [
        () => add('mine.test', key),
        () => add(undefined, key), // the plan is checked before the body
        () => t.call('POST', '/v1/custom-domains', { key, body: 'not json', headers: { 'content-type': 'text/plain' } }),
        () => t.call('GET', '/v1/custom-domains', { key }),
        () => verify('mine.test', key),
        () => t.call('DELETE', '/v1/custom-domains/mine.test', { key }),
      ];
      for (const send of calls) {
        t.clock.advance(1000);
        const body = expectError(await send(), 403, 'plan_required');
        expectSchema(ErrorResponse, body);
        expect(body.upgrade_url).toEqual(expect.any(String));
      }
    }
  });
});

describe('POST /v1/custom-domains', () => {
  it('adds a domain: 201 with the DNS records and the next step', async () => {
    const r = await add('  Mail.Example.COM ');
    expect(r.status).toBe(201);
    const { data, message } = expectSchema(responses.addCustomDomain, r.body);
    expect(message.length).toBeGreaterThan(0);
    expect(data).toMatchObject({ domain: 'mail.example.com', verified: false, mx_record: 'mx.inbox.test', added_at: new Date(T0).toISOString() });
    expect(data.txt_record).toMatch(/^inbox-verification=[0-9a-f]{32}$/);
    expect(data.dns_records).toEqual([
      { type: 'MX', hostname: '@', value: 'mx.inbox.test', priority: '10', ttl: 'Auto' },
      { type: 'TXT', hostname: '@', value: data.txt_record, priority: expect.any(String), ttl: 'Auto' },
    ]);
    expect(data.next_step).toContain('/v1/custom-domains/mail.example.com/verify');
  });

  it('is idempotent: the same domain again is 200 with the stored entry, no dns_records or next_step', async () => {
    const first = expectSchema(responses.addCustomDomain, (await add('mine.test')).body).data;
    t.clock.advance(5000);
    const again = await add('MINE.test');
    expect(again.status).toBe(200);
    const body = expectSchema(responses.addCustomDomain, again.body);
    expect(body.data).toEqual({
      domain: 'mine.test',
      verified: false,
      mx_record: first.mx_record,
      txt_record: first.txt_record,
      added_at: first.added_at,
    });
    const list = expectSchema(responses.listCustomDomains, (await t.call('GET', '/v1/custom-domains', { key: G })).body);
    expect(list.count).toBe(1);
  });

  it('gives a deterministic TXT value per account and domain', async () => {
    const a = expectSchema(responses.addCustomDomain, (await add('same.test')).body).data.txt_record;
    await t.call('DELETE', '/v1/custom-domains/same.test', { key: G });
    const b = expectSchema(responses.addCustomDomain, (await add('same.test')).body).data.txt_record;
    expect(b).toBe(a); // removed and added again: same value
    const other = expectSchema(responses.addCustomDomain, (await add('same.test', 'emu_enterprise')).body).data.txt_record;
    expect(other).not.toBe(a); // another account: another value
    const otherDomain = expectSchema(responses.addCustomDomain, (await add('other.test')).body).data.txt_record;
    expect(otherDomain).not.toBe(a);
  });

  it('400 missing_field without a domain', async () => {
    for (const domain of [undefined, null, '', '   ']) expectError(await add(domain), 400, 'missing_field');
  });

  it('400 invalid_domain for names that are not host names', async () => {
    const bad: unknown[] = [
      'localhost',
      'no_underscore.test',
      '-lead.test',
      'trail-.test',
      'a..b.test',
      'numeric.123',
      'x.t3st',
      `${'a'.repeat(64)}.test`,
      `${Array.from({ length: 64 }, () => 'abc').join('.')}.test`,
      'spa ce.test',
      'a@b.test',
      'http://x.test',
      42,
      true,
      ['x.test'],
      { domain: 'x.test' },
    ];
    for (const domain of bad) {
      const body = expectError(await add(domain), 400, 'invalid_domain');
      expectSchema(ErrorResponse, body);
    }
    // The limits themselves are fine: a 63-character label, 253 characters in all.
    expect((await add(`${'a'.repeat(63)}.test`)).status).toBe(201);
    const long = `${Array.from({ length: 61 }, () => 'abc').join('.')}.abcd.test`;
    expect(long.length).toBe(253);
    expect((await add(long)).status).toBe(201);
  });

  it('allows 10 domains; the 11th is 400 limit_reached, a repeat is still 200 (checked before the cap)', async () => {
    for (let i = 1; i <= 10; i++) expect((await add(`d${i}.test`)).status).toBe(201);
    expect((await add('d3.test')).status).toBe(200);
    const body = expectError(await add('d11.test'), 400, 'limit_reached');
    expectSchema(ErrorResponse, body);
    await t.call('DELETE', '/v1/custom-domains/d1.test', { key: G });
    expect((await add('d11.test')).status).toBe(201);
  });

  it('refuses non-JSON bodies', async () => {
    expectError(
      await t.call('POST', '/v1/custom-domains', { key: G, body: 'domain=x.test', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'unsupported_media_type',
    );
    expectError(
      await t.call('POST', '/v1/custom-domains', { key: G, body: '{"domain":', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_json',
    );
  });
});

describe('GET /v1/custom-domains', () => {
  it("lists the caller's domains only", async () => {
    await add('one.test');
    await add('two.test');
    await add('theirs.test', 'emu_enterprise');
    const body = expectSchema(responses.listCustomDomains, (await t.call('GET', '/v1/custom-domains', { key: G })).body);
    expect(body.count).toBe(2);
    expect(body.data.map((d) => [d.domain, d.verified])).toEqual([
      ['one.test', false],
      ['two.test', false],
    ]);
    expect(body.data[0]).not.toHaveProperty('dns_records');
  });
});

describe('POST /v1/custom-domains/{domain}/verify', () => {
  it('404 domain_not_found for a domain not on the account', async () => {
    expectError(await verify('nope.test'), 404, 'domain_not_found');
    await add('theirs.test', 'emu_enterprise');
    expectError(await verify('theirs.test'), 404, 'domain_not_found');
  });

  it('422 verification_failed naming the missing records, then 200 once both are published', async () => {
    const { txt_record } = expectSchema(responses.addCustomDomain, (await add('mine.test')).body).data;

    let r = await verify('mine.test');
    let body = expectError(r, 422, 'verification_failed');
    expectSchema(responses.verifyCustomDomainFailed, body);
    expect(body.message).toContain('MX');
    expect(body.message).toContain('TXT');
    expect(body.hint.length).toBeGreaterThan(0);
    expect(body.dns_records_needed.map((d: { type: string; value: string }) => [d.type, d.value])).toEqual([
      ['MX', 'mx.inbox.test'],
      ['TXT', txt_record],
    ]);

    await setDns('mine.test', [{ type: 'MX', value: 'MX.Inbox.Test.', priority: 10 }]); // case and trailing dot do not matter
    body = expectError(await verify('mine.test'), 422, 'verification_failed');
    expect(body.message).not.toContain('MX');
    expect(body.message).toContain(txt_record);

    await setDns('mine.test', [{ type: 'TXT', value: txt_record.toUpperCase() }]); // TXT must match exactly
    body = expectError(await verify('mine.test'), 422, 'verification_failed');
    expect(body.message).toContain('MX');
    expect(body.message).toContain('TXT');

    await setDns('mine.test', [
      { type: 'TXT', value: txt_record },
      { type: 'MX', value: 'elsewhere.test' },
    ]);
    body = expectError(await verify('mine.test'), 422, 'verification_failed');
    expect(body.message).toContain('MX');
    expect(body.message).not.toContain('TXT');

    await setDns('mine.test', [
      { type: 'MX', value: 'elsewhere.test', priority: 5 },
      { type: 'MX', value: 'mx.inbox.test.', priority: 10 },
      { type: 'TXT', value: 'v=spf1 -all' },
      { type: 'TXT', value: txt_record },
    ]);
    r = await verify('MINE.TEST');
    expect(r.status).toBe(200);
    const ok = expectSchema(responses.verifyCustomDomain, r.body);
    expect(ok.data).toEqual({ domain: 'mine.test', verified: true, mx_record: 'mx.inbox.test', txt_record });

    r = await verify('mine.test');
    expect(r.status).toBe(200);
    const again = expectSchema(responses.verifyCustomDomain, r.body);
    expect(again.verified).toBe(true);
    expect(again.data).toBeUndefined();
    expect(again.message).toMatch(/already/i);

    // Verified stays verified even if the records go away.
    await t.call('DELETE', '/_emulator/dns/mine.test');
    expect((await verify('mine.test')).status).toBe(200);
    const list = expectSchema(responses.listCustomDomains, (await t.call('GET', '/v1/custom-domains', { key: G })).body);
    expect(list.data[0]!.verified).toBe(true);
  });

  it("another account's TXT value does not verify this account", async () => {
    const theirs = expectSchema(responses.addCustomDomain, (await add('shared.test', 'emu_enterprise')).body).data.txt_record;
    await add('shared.test');
    await setDns('shared.test', [
      { type: 'MX', value: 'mx.inbox.test' },
      { type: 'TXT', value: theirs },
    ]);
    expectError(await verify('shared.test'), 422, 'verification_failed');
    expect((await verify('shared.test', 'emu_enterprise')).status).toBe(200);
  });
});

describe('DELETE /v1/custom-domains/{domain}', () => {
  it("404 domain_not_found, then 200 with inboxes_removed, unregistering the domain's inboxes", async () => {
    expectError(await t.call('DELETE', '/v1/custom-domains/nope.test', { key: G }), 404, 'domain_not_found');
    const { txt_record } = expectSchema(responses.addCustomDomain, (await add('mine.test')).body).data;
    await setDns('mine.test', [
      { type: 'MX', value: 'mx.inbox.test' },
      { type: 'TXT', value: txt_record },
    ]);
    expect((await verify('mine.test')).status).toBe(200);
    for (const inbox of ['a@mine.test', 'b@mine.test', 'c@inbox.test']) {
      expect((await t.call('POST', '/v1/inboxes', { key: G, body: { inbox } })).status).toBe(201);
    }
    const r = await t.call('DELETE', '/v1/custom-domains/Mine.Test', { key: G });
    expect(r.status).toBe(200);
    const body = expectSchema(responses.removeCustomDomain, r.body);
    expect(body.inboxes_removed).toEqual(['a@mine.test', 'b@mine.test']);
    const inboxes = expectSchema(responses.listInboxes, (await t.call('GET', '/v1/inboxes', { key: G })).body);
    expect(inboxes.data.map((i) => i.inbox)).toEqual(['c@inbox.test']);
    expectError(await t.call('DELETE', '/v1/custom-domains/mine.test', { key: G }), 404, 'domain_not_found');
    // Added again, it must be verified again before inboxes can be registered.
    await add('mine.test');
    expectError(await t.call('POST', '/v1/inboxes', { key: G, body: { inbox: 'a@mine.test' } }), 403, 'domain_not_verified');
  });
});

describe('simulated DNS control', () => {
  it('POST /_emulator/dns sets records, GET lists them, DELETE removes them', async () => {
    let r = await setDns('Zone.Test', [
      { type: 'MX', value: 'mx.inbox.test', priority: 10 },
      { type: 'TXT', value: 'hello' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data.domain).toBe('zone.test');
    r = await t.call('GET', '/_emulator/dns');
    expect(r.body.data).toEqual({
      'zone.test': [
        { type: 'MX', value: 'mx.inbox.test', priority: 10 },
        { type: 'TXT', value: 'hello' },
      ],
    });
    await setDns('zone.test', [{ type: 'TXT', value: 'replaced' }]);
    expect((await t.call('GET', '/_emulator/dns')).body.data['zone.test']).toEqual([{ type: 'TXT', value: 'replaced' }]);
    r = await t.call('DELETE', '/_emulator/dns/zone.test');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expectError(await t.call('DELETE', '/_emulator/dns/zone.test'), 404, 'not_found');
    expect((await t.call('GET', '/_emulator/dns')).body.data).toEqual({});
  });

  it('refuses malformed zone input with 400s', async () => {
    expectError(await t.call('POST', '/_emulator/dns', { body: { records: [] } }), 400, 'missing_field');
    expectError(await setDns('not a domain', []), 400, 'invalid_domain');
    expectError(await t.call('POST', '/_emulator/dns', { body: { domain: 'z.test' } }), 400, 'missing_field');
    expectError(await setDns('z.test', [{ type: 'A', value: '1.2.3.4' }]), 400, 'invalid_parameter');
    expectError(await setDns('z.test', [{ type: 'MX' }]), 400, 'invalid_parameter');
    expectError(await setDns('z.test', ['MX mx.inbox.test']), 400, 'invalid_parameter');
    expectError(await setDns('z.test', [{ type: 'MX', value: 'mx.inbox.test', priority: -1 }]), 400, 'invalid_parameter');
    expectError(await setDns('z.test', [null]), 400, 'invalid_parameter');
    expectError(await t.call('POST', '/_emulator/dns', { body: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  });
});
