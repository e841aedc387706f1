// The documents beside the main one. Usage counters (emulator/core/accounts/usage.ts): a GET rewrites
// nothing, the charges reach `<data>.usage.json` within a second of emulator time and at a clean stop,
// a start reads whichever copy (that file or the main document) is newer, a reset's fresh state never
// reads the old counters. Pending webhook deliveries (emulator/core/delivery/deliveries.ts): a reset's fresh
// state never takes the old ones. Data of format 2 keeps its counts and its pending deliveries.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USAGE_WRITE_MS } from '../../emulator/core/accounts/usage.js';
import { makeApp } from '../helpers/emulator.js';
import { makeWebhookApp, startReceiver } from '../webhooks/helpers.js';
import { rfc822 } from '../mail/helpers.js';

let dir: string;
let file: string;
let usageFile: string;
const open: Array<{ close(): Promise<void> }> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-usage-'));
  file = join(dir, 'emulator.json');
  usageFile = join(dir, 'emulator.usage.json');
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function openApp(path = file, start?: number) {
  const t = await makeApp({ dataPath: path, ...(start === undefined ? {} : { start }) });
  open.push(t);
  return t;
}

const json = (path: string): any => JSON.parse(readFileSync(path, 'utf8'));
/** What the usage file says an account used. */
const usedIn = (doc: any, id: string): number => doc.accounts[id].used;

describe('usage counters', () => {
  it('GET requests rewrite nothing; their charges are written to the usage file once its second has passed', async () => {
    const t = await openApp();
    const before = readFileSync(file);
    const writes = t.core.store.main.writes;
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.call('GET', '/v1/me', { key: 'emu_enterprise' })));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/v1/usage', { key: 'emu_enterprise' })).status).toBe(200);
    await t.core.store.flush();
    expect(t.core.store.main.writes).toBe(writes);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(usageFile)).toBe(false);

    t.clock.advance(USAGE_WRITE_MS);
    await t.core.store.flush();
    expect(usedIn(json(usageFile), 'acct_enterprise')).toBe(35);
    expect(t.core.store.main.writes).toBe(writes);
  });

  it('a clean stop writes them and a start reads them: requests used and credits spent past the quota', async () => {
    const a = await openApp();
    expect((await a.call('POST', '/_emulator/accounts', { body: { apiKey: 'k', plan: 'growth', credits: 10, limits: { perMonth: 3 } } })).status).toBe(201);
    for (let i = 0; i < 7; i++) {
      expect((await a.call('GET', '/v1/me', { key: 'k' })).status).toBe(200);
      a.clock.advance(10); // within one second: nothing is written before the stop
    }
    await a.close();
    open.splice(0);

    const b = await openApp();
    const usage = await b.call('GET', '/v1/usage', { key: 'k' });
    // 7 before the stop (3 from the quota, then 4 credits) and this one (1 more credit)
    expect(usage.body.data).toMatchObject({ requests_used: 3, credits_remaining: 5 });
    expect(json(usageFile).accounts[b.core.accounts.byKey('k')!.id]).toEqual({ period: expect.any(String), used: 3, credits: 6 });
  });

  it('after a crash the newer copy is read: the main document when an account change came after the last usage write, else the usage file', async () => {
    const t = await openApp();
    for (let i = 0; i < 4; i++) await t.call('GET', '/v1/me', { key: 'emu_growth' });
    t.clock.advance(USAGE_WRITE_MS);
    await t.core.store.flush();
    expect(usedIn(json(usageFile), 'acct_growth')).toBe(4);
    // Credits set through the control surface: written with the main document before the answer.
    expect((await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'emu_growth', plan: 'growth', credits: 77 } })).status).toBe(200);
    const crash1 = join(dir, 'crash1');
    cpSync(file, join(crash1, 'emulator.json'));
    cpSync(usageFile, join(crash1, 'emulator.usage.json'));

    // More charges, written to the usage file only.
    for (let i = 0; i < 6; i++) await t.call('GET', '/v1/me', { key: 'emu_growth' });
    t.clock.advance(USAGE_WRITE_MS);
    await t.core.store.flush();
    const crash2 = join(dir, 'crash2');
    cpSync(file, join(crash2, 'emulator.json'));
    cpSync(usageFile, join(crash2, 'emulator.usage.json'));
    await t.close();
    open.splice(0);

    const one = await openApp(join(crash1, 'emulator.json'));
    expect((await one.call('GET', '/v1/usage', { key: 'emu_growth' })).body.data).toMatchObject({ requests_used: 5, credits_remaining: 77 });
    const two = await openApp(join(crash2, 'emulator.json'));
    expect((await two.call('GET', '/v1/usage', { key: 'emu_growth' })).body.data).toMatchObject({ requests_used: 11, credits_remaining: 77 });
  });

  it("a reset's fresh state does not read the counters written before it, at the next start either", async () => {
    const t = await openApp();
    for (let i = 0; i < 9; i++) await t.call('GET', '/v1/me', { key: 'emu_enterprise' });
    t.clock.advance(USAGE_WRITE_MS);
    await t.core.store.flush();
    expect(usedIn(json(usageFile), 'acct_enterprise')).toBe(9);
    expect((await t.call('POST', '/_emulator/reset')).status).toBe(200);
    await t.close();
    open.splice(0);

    const b = await openApp();
    expect((await b.call('GET', '/v1/usage', { key: 'emu_enterprise' })).body.data.requests_used).toBe(1);
  });
});

describe('pending webhook deliveries', () => {
  it("a reset's fresh state does not take those of the old one, even when the crash left their file from before it", async () => {
    const rx = await startReceiver('hang');
    const t = await makeWebhookApp({ dataPath: file });
    open.push({ close: () => t.close().finally(() => rx.close()) });
    await t.register('emu_enterprise', 'held@inbox.test');
    await t.addWebhook('emu_enterprise', 'held@inbox.test', rx.url);
    await t.core.ingest({ source: rfc822({ to: 'held@inbox.test', subject: 'held' }), recipients: ['held@inbox.test'] });
    await rx.nth(1);
    const deliveriesFile = join(dir, 'emulator.deliveries.json');
    expect(json(deliveriesFile).deliveries).toHaveLength(1);
    // A crash after the reset's main document, before the deliveries' own write.
    const image = join(dir, 'image');
    cpSync(deliveriesFile, join(image, 'emulator.deliveries.json'));
    expect((await t.call('POST', '/_emulator/reset')).status).toBe(200);
    cpSync(file, join(image, 'emulator.json'));

    const b = await openApp(join(image, 'emulator.json'));
    expect(b.core.deliveries.all()).toEqual([]);
  });
});

describe('data of format 2', () => {
  const fixture = join(import.meta.dirname, '..', 'fixtures', 'store-v2', 'clean');
  const expected = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'store-v2', 'expected.json'), 'utf8'));

  it('keeps the usage counts and the pending deliveries its main document held, and moves the deliveries to their own file', async () => {
    cpSync(fixture, dir, { recursive: true });
    const old = json(file);
    const pending = old.webhookDeliveries as Array<{ id: string; messageId: string }>;
    expect(pending.length).toBeGreaterThan(0);
    const t = await openApp(file, expected.clean.startAt);
    for (const a of old.accounts) {
      const rec = t.core.accounts.byId(a.id)!;
      expect({ used: rec.usage.used, credits: rec.credits }).toEqual({ used: a.usage.used, credits: a.credits });
    }
    expect(t.core.deliveries.all().map((d) => d.id)).toEqual(pending.map((d) => d.id));
    await t.core.store.flush();
    expect(json(file)).not.toHaveProperty('webhookDeliveries');
    const moved = json(join(dir, 'emulator.deliveries.json'));
    expect(moved.deliveries.map((d: { id: string }) => d.id)).toEqual(pending.map((d) => d.id));
  });
});

describe('a damaged side document', () => {
  it.each([
    ['usage', /usage counters/, /start with the counters as the main data file last saved them/],
    ['deliveries', /pending webhook deliveries/, /start without the webhook deliveries it held/],
  ])('%s: the start is refused, naming what the file held and what deleting it means', async (name, what, hint) => {
    const t = await openApp();
    await t.close();
    open.length = 0;
    writeFileSync(join(dir, `emulator.${name}.json`), '{"format": 1, "secret": ');
    const refused = await makeApp({ dataPath: file }).then(
      (app) => {
        open.push(app);
        return null;
      },
      (e: { code?: string; message: string; hint?: string }) => e,
    );
    expect(refused?.code).toBe('data_corrupt');
    expect(refused?.message).toMatch(what);
    expect(refused?.hint).toMatch(hint);
  });
});
