// POST/GET/DELETE /v1/webhooks through the app: every check in its order, the shapes of the contract,
// the http-vs-https rule with and without allowHttpWebhooks.
import { afterEach, describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { expectError, expectSchema } from '../helpers/emulator.js';
import { makeWebhookApp } from './helpers.js';

type T = Awaited<ReturnType<typeof makeWebhookApp>>;
let t: T;

async function setup(allowHttp = false): Promise<T> {
  t = await makeWebhookApp({ allowHttp });
  await t.register('emu_growth', 'a@inbox.test');
  await t.register('emu_enterprise', 'other@inbox.test');
  return t;
}

afterEach(async () => {
  await t?.close();
});

describe('POST /v1/webhooks', () => {
  it('creates a webhook: 201 with id, inbox, url and a 64-hex secret', async () => {
    await setup();
    const r = await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'https://hooks.example.com/in', inbox: 'A@Inbox.test' } });
    expect(r.status).toBe(201);
    const body = expectSchema(responses.addWebhook, r.body);
    expect(body.inbox).toBe('a@inbox.test');
    expect(body.url).toBe('https://hooks.example.com/in');
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body.id).toMatch(/^[0-9a-f]{24}$/); // the hosted server's id form
    expect(r.headers.get('x-api-plan')).toBe('growth');
    const again = await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'https://hooks.example.com/in', inbox: 'a@inbox.test' } });
    expect(again.body.id).not.toBe(body.id);
    expect(again.body.secret).not.toBe(body.secret);
  });

  it.each(['emu_free', 'emu_developer', 'emu_startup'])('refuses the %s plan first: 403 plan_required with upgrade_url', async (key) => {
    await setup();
    // Even an empty body: the plan is checked before the fields.
    const r = await t.call('POST', '/v1/webhooks', { key, body: {} });
    const body = expectError(r, 403, 'plan_required');
    expect(typeof body.upgrade_url).toBe('string');
    expect(body.message).toMatch(/growth/);
  });

  it('needs a key: 401', async () => {
    await setup();
    expectError(await t.call('POST', '/v1/webhooks', { body: { url: 'https://x.example', inbox: 'a@inbox.test' } }), 401, 'unauthorized');
  });

  it.each([
    ['an empty object', {}],
    ['no inbox', { url: 'https://hooks.example.com' }],
    ['no url', { inbox: 'a@inbox.test' }],
    ['blank strings', { url: ' ', inbox: '' }],
    ['a non-string url', { url: 42, inbox: 'a@inbox.test' }],
  ])('400 missing_fields for %s', async (_name, body) => {
    await setup();
    expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body }), 400, 'missing_fields');
  });

  it('400 missing_fields for a POST with no body at all', async () => {
    await setup();
    expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth' }), 400, 'missing_fields');
  });

  it.each([
    ['text', 'not a url'],
    ['a relative path', '/relative/path'],
    ['ftp', 'ftp://files.example.com/x'],
    ['mailto', 'mailto:a@b.test'],
    ['no host', 'https://'],
    ['over 2048 characters', `https://example.com/${'x'.repeat(2100)}`],
  ])('400 invalid_url for %s', async (_name, url) => {
    await setup();
    const body = expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url, inbox: 'a@inbox.test' } }), 400, 'invalid_url');
    expect(typeof body.hint).toBe('string');
  });

  it('checks the URL before the inbox', async () => {
    await setup();
    expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'nope', inbox: 'other@inbox.test' } }), 400, 'invalid_url');
  });

  it("403 inbox_not_owned for another account's inbox and for an unregistered one", async () => {
    await setup();
    for (const inbox of ['other@inbox.test', 'nobody@inbox.test', 'not an address']) {
      expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'https://x.example/h', inbox } }), 403, 'inbox_not_owned');
    }
  });

  it('refuses http:// without allowHttpWebhooks, with a hint naming the ways out', async () => {
    await setup(false);
    const body = expectError(
      await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'http://127.0.0.1:9/hook', inbox: 'a@inbox.test' } }),
      400,
      'invalid_url',
    );
    expect(body.hint).toMatch(/webhooks watch/);
    expect(body.hint).toMatch(/--allow-http-webhooks/);
  });

  it('accepts http:// with allowHttpWebhooks, and still refuses other schemes', async () => {
    await setup(true);
    const r = await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'http://127.0.0.1:9/hook', inbox: 'a@inbox.test' } });
    expect(r.status).toBe(201);
    expectError(await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'ws://127.0.0.1:9/', inbox: 'a@inbox.test' } }), 400, 'invalid_url');
  });

  it('refuses a URL on the tunnel host that is not an open tunnel', async () => {
    await setup();
    expectError(
      await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'https://tunnel.inbox.test/nosuchtunnel', inbox: 'a@inbox.test' } }),
      400,
      'invalid_url',
    );
  });

  it('costs one unit per call, refusals included', async () => {
    await setup();
    const acct = t.core.accounts.byKey('emu_growth')!;
    const before = acct.usage.used;
    await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'nope', inbox: 'a@inbox.test' } });
    await t.call('POST', '/v1/webhooks', { key: 'emu_growth', body: { url: 'https://x.example', inbox: 'a@inbox.test' } });
    expect(acct.usage.used - before).toBe(2);
  });
});

describe('GET and DELETE /v1/webhooks', () => {
  it("lists the account's active webhooks without the secret", async () => {
    await setup();
    const a = await t.addWebhook('emu_growth', 'a@inbox.test', 'https://one.example/h');
    await t.addWebhook('emu_enterprise', 'other@inbox.test', 'https://two.example/h');
    const r = await t.call('GET', '/v1/webhooks', { key: 'emu_growth' });
    expect(r.status).toBe(200);
    const body = expectSchema(responses.listWebhooks, r.body);
    expect(body.count).toBe(1);
    expect(body.data).toEqual([{ _id: a.id, inbox: 'a@inbox.test', url: 'https://one.example/h', createdAt: '2026-01-01T00:00:00.000Z', failureCount: 0 }]);
    expect(r.text).not.toContain(a.secret);
    // Listing is not plan-gated (a downgraded account can still see and remove what it has).
    expect((await t.call('GET', '/v1/webhooks', { key: 'emu_startup' })).body).toEqual({ success: true, count: 0, data: [] });
  });

  it("deletes by id: 200 naming the id; 404 not_found for unknown ids and other accounts' webhooks", async () => {
    await setup();
    const a = await t.addWebhook('emu_growth', 'a@inbox.test', 'https://one.example/h');
    const theirs = await t.addWebhook('emu_enterprise', 'other@inbox.test', 'https://two.example/h');
    expectError(await t.call('DELETE', `/v1/webhooks/${theirs.id}`, { key: 'emu_growth' }), 404, 'not_found');
    expectError(await t.call('DELETE', '/v1/webhooks/doesnotexist', { key: 'emu_growth' }), 404, 'not_found');
    const r = await t.call('DELETE', `/v1/webhooks/${a.id}`, { key: 'emu_growth' });
    expect(r.status).toBe(200);
    expect(expectSchema(responses.removeWebhook, r.body).message).toContain(a.id);
    expect((await t.call('GET', '/v1/webhooks', { key: 'emu_growth' })).body.count).toBe(0);
    expectError(await t.call('DELETE', `/v1/webhooks/${a.id}`, { key: 'emu_growth' }), 404, 'not_found');
    // The other account's webhook is untouched.
    expect((await t.call('GET', '/v1/webhooks', { key: 'emu_enterprise' })).body.count).toBe(1);
  });

  it('removing the inbox removes its webhooks', async () => {
    await setup();
    await t.addWebhook('emu_growth', 'a@inbox.test', 'https://one.example/h');
    expect((await t.call('DELETE', '/v1/inboxes/a%40inbox.test', { key: 'emu_growth' })).status).toBe(200);
    expect((await t.call('GET', '/v1/webhooks', { key: 'emu_growth' })).body.count).toBe(0);
  });
});
