// Webhooks per account are capped (settings.maxWebhooksPerAccount, 5,000 by default; the hosted service
// states no limit): one more is 400 `limit_reached` with the cap and a hint, nothing is added, other
// accounts are not affected, and removing one (or a webhook disabled by failed deliveries) makes room.
// In-process through app.request(), with a cap of 3 for speed, plus the default filled to its end.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../emulator/core/config.js';
import { WEBHOOK_FAILURE_LIMIT } from '../../emulator/core/delivery/webhooks.js';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { expectError, makeApp } from '../helpers/emulator.js';
import { cliEmulator, type CliEmulator } from '../cli/helpers.js';

type App = Awaited<ReturnType<typeof makeApp>>;
let t: App | null = null;
let cli: CliEmulator | null = null;
afterEach(async () => {
  await t?.close();
  await cli?.close();
  t = null;
  cli = null;
});

const KEY = SEED_KEYS.growth;
const INBOX = 'hooks@inbox.test';

async function setUp(settings: { maxWebhooksPerAccount?: number } = {}): Promise<App> {
  const app = await makeApp({ settings });
  expect((await app.call('POST', '/v1/inboxes', { key: KEY, body: { inbox: INBOX } })).status).toBe(201);
  return app;
}

/** POST /v1/webhooks, a second later each time (the plan's per-second window never fills). */
async function addHook(app: App, n: number, key = KEY, inbox = INBOX) {
  app.clock.advance(1000);
  return app.call('POST', '/v1/webhooks', { key, body: { url: `https://hooks.example.com/${n}`, inbox } });
}

describe('webhooks per account', () => {
  it('one past the cap is 400 limit_reached with the cap and a hint, and nothing is added', async () => {
    t = await setUp({ maxWebhooksPerAccount: 3 });
    for (let i = 0; i < 3; i++) expect((await addHook(t, i)).status).toBe(201);
    const over = expectError(await addHook(t, 3), 400, 'limit_reached');
    expect(over.message).toBe('An account may hold at most 3 webhooks; yours has 3.');
    expect(over.limit).toBe(3);
    expect(over.hint).toContain('DELETE /v1/webhooks/{id}');
    const list = await t.call('GET', '/v1/webhooks', { key: KEY });
    expect(list.body.count).toBe(3);
    expect(t.core.ctx.main.data.webhooks).toHaveLength(3);
    expect(t.bugs).toEqual([]);

    // Per account: another account still adds its own.
    expect((await t.call('POST', '/v1/inboxes', { key: SEED_KEYS.enterprise, body: { inbox: 'other@inbox.test' } })).status).toBe(201);
    expect((await addHook(t, 4, SEED_KEYS.enterprise, 'other@inbox.test')).status).toBe(201);

    // Removing one makes room for one.
    const id = list.body.data[0]._id as string;
    t.clock.advance(1000);
    expect((await t.call('DELETE', `/v1/webhooks/${id}`, { key: KEY })).status).toBe(200);
    expect((await addHook(t, 5)).status).toBe(201);
    expectError(await addHook(t, 6), 400, 'limit_reached');
  });

  it('a webhook disabled by failed deliveries gives its place to a new one', async () => {
    t = await setUp({ maxWebhooksPerAccount: 2 });
    for (let i = 0; i < 2; i++) expect((await addHook(t, i)).status).toBe(201);
    const [first] = t.core.ctx.main.data.webhooks;
    for (let i = 0; i < WEBHOOK_FAILURE_LIMIT; i++) t.core.webhooks.record(first!, false);
    expect(first!.active).toBe(false);
    expect((await addHook(t, 2)).status).toBe(201);
    expect(t.core.ctx.main.data.webhooks.map((w) => w.id)).not.toContain(first!.id);
    expect(t.core.ctx.main.data.webhooks).toHaveLength(2);
    expectError(await addHook(t, 3), 400, 'limit_reached');
  });

  it('the default is 5,000: the 5,000th is added, the 5,001st refused', async () => {
    expect(DEFAULT_SETTINGS.maxWebhooksPerAccount).toBeGreaterThanOrEqual(5000);
    t = await setUp();
    expect(t.core.settings.maxWebhooksPerAccount).toBe(5000);
    const account = t.core.accounts.byKey(KEY)!;
    // The first 4,999 straight through the core (the route is what is under test, not the loop).
    for (let i = 0; i < 4999; i++) t.core.webhooks.create(account, { url: `https://hooks.example.com/${i}`, inbox: INBOX });
    expect((await addHook(t, 4999)).status).toBe(201);
    expectError(await addHook(t, 5000), 400, 'limit_reached');
    expect(t.core.ctx.main.data.webhooks).toHaveLength(5000);
  });

  it('the CLI shows the webhook hint, not the custom-domain one', async () => {
    cli = await cliEmulator();
    cli.emu.core.settings.maxWebhooksPerAccount = 1;
    expect((await cli.run(['inboxes', 'register', INBOX])).code).toBe(0);
    expect((await cli.run(['webhooks', 'add', INBOX, 'https://hooks.example.com/a'])).code).toBe(0);
    const r = await cli.run(['webhooks', 'add', INBOX, 'https://hooks.example.com/b']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('at most 1 webhooks');
    expect(r.stderr).toContain('inbox webhooks remove <id>');
    expect(r.stderr).not.toContain('custom domains');
  });
});
