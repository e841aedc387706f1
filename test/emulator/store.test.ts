// The durable JSON store: restarts keep everything, writes are atomic and coalesced, a change is
// acknowledged only once on disk, one emulator per data file (stale locks taken over), newer formats
// and damaged files refused without touching them.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { Doc } from '../../emulator/store/document.js';
import { StoreError } from '../../emulator/store/errors.js';
import { DurableJsonFile } from '../../emulator/store/json-file.js';
import { folderOf } from '../../emulator/store/maildir.js';
import { STORE_FORMAT, Store } from '../../emulator/store/store.js';
import { createApp } from '../../emulator/http/app.js';
import { deadPid } from '../helpers/dead-pid.js';
import { call, expectError, makeApp, T0 } from '../helpers/emulator.js';

let dir: string;
let file: string;
const open: Array<{ close(): Promise<void> }> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-store-'));
  file = join(dir, 'emulator.json');
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function openFileApp(path = file, start = T0) {
  const t = await makeApp({ dataPath: path, start });
  open.push(t);
  return t;
}

function onDisk(path = file): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('mail kept at an address that changes hands', () => {
  const inbox = 'handed@inbox.test';
  const path = `/v1/inboxes/${encodeURIComponent(inbox)}`;
  async function step(t: Awaited<ReturnType<typeof openFileApp>>, method: string, url: string, key?: string, body?: unknown) {
    t.clock.advance(1000);
    const r = await t.call(method, url, { key, body });
    expect(r.status, `${method} ${url}`).toBeLessThan(300);
    return r.body;
  }
  const subjects = async (t: Awaited<ReturnType<typeof openFileApp>>, key: string) =>
    ((await step(t, 'GET', `${path}/messages`, key)).data as Array<{ subject: string }>).map((m) => m.subject);
  const timeline = async (t: Awaited<ReturnType<typeof openFileApp>>, key: string) =>
    ((await step(t, 'GET', `${path}/timeline`, key)).data as Array<{ type: string }>).map((e) => e.type);

  it('is shown to the account that had it, not to another that registers the address, across restarts', async () => {
    const a = await openFileApp();
    await step(a, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    await step(a, 'POST', '/_emulator/messages', undefined, { to: inbox, subject: 'private reset code', text: 'your code 123456' });
    await step(a, 'DELETE', path, 'emu_growth');
    // The same account again: its mail is kept.
    await step(a, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    expect(await subjects(a, 'emu_growth')).toEqual(['private reset code']);
    await step(a, 'DELETE', path, 'emu_growth');
    await a.close();

    // Another account, after a restart: the address starts empty, and the earlier mail is gone.
    const b = await openFileApp();
    await step(b, 'POST', '/v1/inboxes', 'emu_enterprise', { inbox });
    expect(await subjects(b, 'emu_enterprise')).toEqual([]);
    expect(await timeline(b, 'emu_enterprise')).toEqual(['inbox_created']);
    await step(b, 'POST', '/_emulator/messages', undefined, { to: inbox, subject: 'for the new owner', text: 'hi' });
    await step(b, 'DELETE', path, 'emu_enterprise');
    await b.close();

    // The owner is on disk: the new owner finds its own mail after a restart, the first one does not.
    const c = await openFileApp();
    await step(c, 'POST', '/v1/inboxes', 'emu_enterprise', { inbox });
    expect(await subjects(c, 'emu_enterprise')).toEqual(['for the new owner']);
    await step(c, 'DELETE', path, 'emu_enterprise');
    await step(c, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    expect(await subjects(c, 'emu_growth')).toEqual([]);
    expect(c.bugs).toEqual([]);
  });

  /** The index of `inbox` on disk. */
  const indexFile = () => join(dir, 'emulator.d', 'mail', folderOf(inbox), 'index.json');

  /** Rewrites the index as an older version wrote it, or as a rebuild from its folder makes it: without its owner. */
  const asWrittenBeforeOwners = () => {
    const doc = JSON.parse(readFileSync(indexFile(), 'utf8')) as Record<string, unknown>;
    delete doc.owner;
    writeFileSync(indexFile(), JSON.stringify(doc));
  };

  it("an index written before owners were recorded is its registered account's: kept for it", async () => {
    const a = await openFileApp();
    await step(a, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    await step(a, 'POST', '/_emulator/messages', undefined, { to: inbox, subject: 'from before', text: 'hi' });
    await a.close();
    asWrittenBeforeOwners();

    const b = await openFileApp();
    expect(await subjects(b, 'emu_growth')).toEqual(['from before']);
    await step(b, 'DELETE', path, 'emu_growth');
    await b.close();
    const c = await openFileApp();
    await step(c, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    expect(await subjects(c, 'emu_growth')).toEqual(['from before']);
  });

  it('an index read while another account registers the address is claimed, not adopted (written before owners)', async () => {
    const a = await openFileApp();
    await step(a, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    await step(a, 'POST', '/_emulator/messages', undefined, { to: inbox, subject: 'growth private', text: 'code 123456' });
    await step(a, 'DELETE', path, 'emu_growth');
    await a.close();
    asWrittenBeforeOwners();

    const b = await openFileApp();
    // Something reads the unregistered address (the viewer, say); enterprise registers it meanwhile.
    const reading = b.core.mailbox.doc(inbox);
    b.core.inboxes.register(b.core.accounts.byKey('emu_enterprise')!, inbox);
    await reading;
    expect(await subjects(b, 'emu_enterprise')).toEqual([]);
  });

  it('a registration whose claim was cut short (the owner on disk is another account) is completed at the next start', async () => {
    const a = await openFileApp();
    await step(a, 'POST', '/v1/inboxes', 'emu_growth', { inbox });
    await step(a, 'POST', '/_emulator/messages', undefined, { to: inbox, subject: 'growth private', text: 'code 123456' });
    await a.close();
    // The main document says another account registered the address; the index still holds growth's mail.
    const main = JSON.parse(readFileSync(file, 'utf8')) as { inboxes: Array<{ inbox: string; accountId: string }> };
    main.inboxes.find((r) => r.inbox === inbox)!.accountId = 'acct_enterprise';
    writeFileSync(file, JSON.stringify(main));

    const b = await openFileApp();
    expect(await subjects(b, 'emu_enterprise')).toEqual([]);
    expect(b.bugs).toEqual([]);
  });
});

describe('restarts', () => {
  it('a fresh file is created with the seed, in a folder that did not exist', async () => {
    const nested = join(dir, 'a', 'b', 'state.json');
    await openFileApp(nested);
    const doc = onDisk(nested);
    expect(doc.format).toBe(STORE_FORMAT);
    expect(doc.accounts.map((a: { apiKey: string }) => a.apiKey)).toEqual(['emu_free', 'emu_developer', 'emu_startup', 'emu_growth', 'emu_enterprise']);
    expect(existsSync(`${nested}.lock`)).toBe(true);
  });

  it('keeps accounts, custom domains (and their TXT values), inboxes, DNS and usage counters', async () => {
    const a = await openFileApp();
    await a.call('POST', '/_emulator/accounts', { body: { apiKey: 'kept', plan: 'growth', credits: 9 } });
    const txt = (await a.call('POST', '/v1/custom-domains', { key: 'kept', body: { domain: 'mine.test' } })).body.data.txt_record;
    await a.call('POST', '/_emulator/dns', {
      body: {
        domain: 'mine.test',
        records: [
          { type: 'MX', value: 'mx.inbox.test' },
          { type: 'TXT', value: txt },
        ],
      },
    });
    expect((await a.call('POST', '/v1/custom-domains/mine.test/verify', { key: 'kept' })).status).toBe(200);
    await a.call('POST', '/v1/inboxes', { key: 'kept', body: { inbox: 'x@mine.test' } });
    await a.call('POST', '/v1/inboxes', { key: 'emu_free', body: { inbox: 'y@inbox.test' } });
    await a.close();
    expect(existsSync(`${file}.lock`)).toBe(false);

    const b = await openFileApp();
    const me = await b.call('GET', '/v1/me', { key: 'kept' });
    expect(me.body.data).toMatchObject({ plan: 'growth', credits: 9, api_inbox_count: 1, custom_domain_count: 1 });
    expect(me.headers.get('X-RateLimit-Remaining-Month')).toBe(String(2_000_000 - 4)); // 3 before the restart + this one
    const domains = await b.call('GET', '/v1/custom-domains', { key: 'kept' });
    expect(domains.body.data).toEqual([expect.objectContaining({ domain: 'mine.test', verified: true, txt_record: txt })]);
    // Same secret after the restart: adding the domain again shows the same TXT value.
    expect((await b.call('POST', '/v1/custom-domains', { key: 'kept', body: { domain: 'mine.test' } })).body.data.txt_record).toBe(txt);
    expect((await b.call('GET', '/v1/inboxes', { key: 'emu_free' })).body.data.map((i: { inbox: string }) => i.inbox)).toEqual(['y@inbox.test']);
    expect((await b.call('GET', '/_emulator/dns')).body.data['mine.test']).toHaveLength(2);
    expect((await b.call('POST', '/v1/inboxes', { key: 'kept', body: { inbox: 'x@mine.test' } })).status).toBe(200);
  });

  it('keeps the emulated clock offset of a system clock', async () => {
    const a = await EmulatorCore.open({ dataPath: file });
    await a.advanceClock(3 * 24 * 3600 * 1000);
    await a.close();
    const b = await EmulatorCore.open({ dataPath: file });
    open.push(b);
    expect(b.clock.mode).toBe('system');
    expect(b.clock.offsetMs).toBe(3 * 24 * 3600 * 1000);
  });

  it('a file that kept tunnels and pending deliveries under "ext" opens with them in their own fields', async () => {
    const a = await EmulatorCore.open({ dataPath: file });
    await a.close();
    const doc = onDisk();
    delete doc.tunnels;
    delete doc.webhookDeliveries;
    doc.ext = { tunnels: [{ id: 'tun1', url: 'https://tunnel.inbox.test/tun1', createdAt: 1 }], webhookDeliveries: [] };
    writeFileSync(file, JSON.stringify(doc));
    const b = await EmulatorCore.open({ dataPath: file });
    open.push(b);
    // (all, not get(): a tunnel opened in 1970 with no watcher since has long expired.)
    expect(b.tunnels.all.find((t) => t.id === 'tun1')).toMatchObject({ url: 'https://tunnel.inbox.test/tun1' });
    expect(b.deliveries.all()).toEqual([]);
    await b.commit();
    expect(onDisk()).not.toHaveProperty('ext');
    expect(onDisk().tunnels).toHaveLength(1);
  });

  it('close() writes what was changed but not yet committed', async () => {
    const { core } = await openFileApp();
    core.accounts.upsert({ apiKey: 'late', plan: 'startup' });
    void core.commit();
    await core.close();
    expect(onDisk().accounts.some((a: { apiKey: string }) => a.apiKey === 'late')).toBe(true);
  });
});

describe('acknowledged writes', () => {
  it('a response is sent only after its change (and its usage) is in the file', async () => {
    const t = await openFileApp();
    const r = await t.call('POST', '/v1/inboxes', { key: 'emu_free', body: { inbox: 'acked@inbox.test' } });
    expect(r.status).toBe(201);
    const doc = onDisk(); // read synchronously, right after the answer
    expect(doc.inboxes.map((i: { inbox: string }) => i.inbox)).toContain('acked@inbox.test');
    expect(doc.accounts.find((a: { apiKey: string }) => a.apiKey === 'emu_free').usage.used).toBe(1);
    // A refused request is charged too, and that is on disk before its answer.
    t.clock.advance(1000);
    expectError(await t.call('POST', '/v1/inboxes', { key: 'emu_free', body: {} }), 400, 'missing_field');
    expect(onDisk().accounts.find((a: { apiKey: string }) => a.apiKey === 'emu_free').usage.used).toBe(2);
  });

  it('a write that fails is not acknowledged (503) and leaves the file as it was', async () => {
    const t = await openFileApp();
    const errors: string[] = [];
    t.core.bus.on('error', ({ where }) => errors.push(where));
    const before = readFileSync(file);
    mkdirSync(join(dir, '.emulator.json.tmp')); // the temp file cannot be created: the write fails
    const r = await t.call('POST', '/v1/inboxes', { key: 'emu_free', body: { inbox: 'lost@inbox.test' } });
    expectError(r, 503, 'service_unavailable');
    expect(errors).toEqual(['store write']);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(JSON.parse(before.toString()).format).toBe(STORE_FORMAT);
    // Once the disk is fine again, the next write carries the change as well.
    rmSync(join(dir, '.emulator.json.tmp'), { recursive: true });
    t.clock.advance(1000);
    expect((await t.call('POST', '/v1/inboxes', { key: 'emu_free', body: { inbox: 'next@inbox.test' } })).status).toBe(201);
    expect(onDisk().inboxes.map((i: { inbox: string }) => i.inbox)).toEqual(['lost@inbox.test', 'next@inbox.test']);
  });

  it('a reader never sees a half-written file while writes go on (temp file + rename)', async () => {
    const doc = new Doc<{ format: number; n: number; pad: string[] }>(new DurableJsonFile(file, { fsync: false }), { format: 1, n: 0, pad: [] });
    doc.data.pad = Array.from({ length: 2000 }, (_, i) => `${i}`.padEnd(500, 'x')); // about 1 MB
    await doc.commit();
    let stop = false;
    const seen = new Set<number>();
    const reader = (async () => {
      while (!stop) {
        const text = await readFile(file, 'utf8');
        const parsed = JSON.parse(text); // throws on a torn file
        expect(parsed.pad).toHaveLength(2000);
        seen.add(parsed.n);
      }
    })();
    const inodes = new Set<number>([statSync(file).ino]);
    for (let i = 1; i <= 40; i++) {
      doc.data.n = i;
      await doc.commit();
      inodes.add(statSync(file).ino);
    }
    stop = true;
    await reader;
    // Each write put a new file in place (rename), never rewrote the one a reader may have open...
    expect(inodes.size).toBeGreaterThan(1);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    // ...and the reader read while the writes went on (it saw more than one version), each one whole.
    expect(seen.size).toBeGreaterThan(1);
    expect(onDisk().n).toBe(40);
  });
});

describe('coalesced writes', () => {
  it('a burst of changes committed together costs one file write; every commit resolves', async () => {
    const store = await Store.open<{ format: number; items: number[] }>({ path: file }, () => ({ format: 1, items: [] }));
    open.push(store);
    const before = store.main.writes;
    const commits: Array<Promise<void>> = [];
    for (let i = 0; i < 100; i++) {
      store.main.data.items.push(i);
      commits.push(store.main.commit());
    }
    await Promise.all(commits);
    expect(store.main.writes - before).toBe(1);
    expect(onDisk().items).toHaveLength(100);
    // Committed one after the other, each is its own write.
    for (let i = 0; i < 5; i++) {
      store.main.data.items.push(i);
      await store.main.commit();
    }
    expect(store.main.writes - before).toBe(6);
  });

  it('changes made while a write is running ride on the next single write', async () => {
    const store = await Store.open<{ format: number; items: number[] }>({ path: file }, () => ({ format: 1, items: [] }));
    open.push(store);
    const before = store.main.writes;
    store.main.data.items.push(0);
    const first = store.main.commit();
    await new Promise((r) => setImmediate(r)); // the first write has started
    const later: Array<Promise<void>> = [];
    for (let i = 1; i <= 50; i++) {
      store.main.data.items.push(i);
      later.push(store.main.commit());
    }
    await Promise.all([first, ...later]);
    expect(store.main.writes - before).toBe(2);
    expect(onDisk().items).toHaveLength(51);
  });

  it('concurrent API requests share writes', async () => {
    const t = await openFileApp();
    const before = t.core.store.main.writes;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call('POST', '/v1/inboxes', { key: 'emu_enterprise', body: { inbox: `shared${i}@inbox.test` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(t.core.store.main.writes - before).toBeLessThanOrEqual(2);
    expect(onDisk().inboxes).toHaveLength(30);
    expect(onDisk().accounts.find((a: { apiKey: string }) => a.apiKey === 'emu_enterprise').usage.used).toBe(30);
  });
});

describe('one emulator per data file', () => {
  it('a second open of the same file in this process is refused with a clear message', async () => {
    const a = await EmulatorCore.open({ dataPath: file, clock: new EmulatorClock({ mode: 'manual' }) });
    open.push(a);
    const err = await EmulatorCore.open({ dataPath: file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('data_locked');
    expect((err as StoreError).message).toContain(file);
    expect((err as StoreError).hint).toMatch(/another --data/);
    await a.close();
    const b = await EmulatorCore.open({ dataPath: file });
    open.push(b);
  });

  it('a lock held by another live process is refused, naming its pid', async () => {
    const livePid = process.ppid; // the test runner's main process: alive, and not us
    expect(livePid).not.toBe(process.pid);
    writeFileSync(`${file}.lock`, String(livePid));
    const err = await Store.open({ path: file }, () => ({ format: 1 })).catch((e: unknown) => e);
    expect((err as StoreError).code).toBe('data_locked');
    expect((err as StoreError).message).toContain(`pid ${livePid}`);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(livePid)); // not taken
    expect(existsSync(file)).toBe(false);
  });

  it('a stale lock from a process that is gone is taken over', async () => {
    writeFileSync(`${file}.lock`, String(deadPid()));
    const store = await Store.open({ path: file }, () => ({ format: 1 }));
    open.push(store);
    expect(readFileSync(`${file}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
  });

  it('a lock naming our pid but older than this process (a container restart) is taken over', async () => {
    writeFileSync(`${file}.lock`, String(process.pid));
    const old = new Date(performance.timeOrigin - 60_000);
    utimesSync(`${file}.lock`, old, old);
    const store = await Store.open({ path: file }, () => ({ format: 1 }));
    open.push(store);
    // A fresh lock with our pid is one this process holds: refused.
    const err = await Store.open({ path: file }, () => ({ format: 1 })).catch((e: unknown) => e);
    expect((err as StoreError).code).toBe('data_locked');
  });

  it('garbage in the lock file counts as stale', async () => {
    writeFileSync(`${file}.lock`, 'not a pid');
    const store = await Store.open({ path: file }, () => ({ format: 1 }));
    open.push(store);
  });
});

describe('files the store refuses', () => {
  async function refused(content: string, code: StoreError['code']): Promise<StoreError> {
    writeFileSync(file, content);
    const err = await EmulatorCore.open({ dataPath: file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe(code);
    expect(readFileSync(file, 'utf8')).toBe(content); // untouched
    expect(existsSync(`${file}.lock`)).toBe(false); // and not left locked
    return err as StoreError;
  }

  it('a newer data format is refused, the file left byte for byte', async () => {
    const newer = JSON.stringify({ format: STORE_FORMAT + 1, somethingNew: [1, 2, 3], accounts: 'changed shape' }, null, 2);
    const err = await refused(newer, 'data_format_newer');
    expect(err.message).toContain(`format ${STORE_FORMAT + 1}`);
    expect(err.hint).toMatch(/untouched/);
  });

  it('corrupt JSON is refused with a clear message', async () => {
    const err = await refused('{"format": 1, "accounts": [', 'data_corrupt');
    expect(err.message).toContain('not valid JSON');
    expect(err.message).toContain(file);
    await refused('', 'data_corrupt');
  });

  it('JSON that is not an emulator document is refused', async () => {
    expect((await refused('null', 'data_corrupt')).message).toContain('JSON object');
    expect((await refused('[1,2]', 'data_corrupt')).message).toContain('JSON object');
    expect((await refused('{"hello": "world"}', 'data_corrupt')).message).toContain('not an inbox emulator data file');
    expect((await refused('{"format": 1}', 'data_corrupt')).message).toContain('"accounts"');
    const good = onDiskSeed();
    good.accounts[0] = { plan: 'free' };
    expect((await refused(JSON.stringify(good), 'data_corrupt')).message).toContain('account');
  });

  function onDiskSeed(): any {
    return {
      format: 1,
      secret: 'abc',
      clockOffsetMs: 0,
      accounts: [{ id: 'a', apiKey: 'k', plan: 'free', credits: 0, createdAt: 0, usage: { period: '2026-01', used: 0 } }],
      customDomains: [],
      inboxes: [],
      webhooks: [],
      dns: {},
      ext: {},
    };
  }

  it('a well-formed hand-written file is accepted', async () => {
    writeFileSync(file, JSON.stringify(onDiskSeed()));
    const core = await EmulatorCore.open({ dataPath: file, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    open.push(core);
    const app = createApp(core, {
      onBug: (e) => {
        throw e;
      },
    });
    expect((await call(app, 'GET', '/v1/me', { key: 'k' })).status).toBe(200);
  });
});

describe('the index of an inbox is a cache of its Maildir', () => {
  const inbox = 'cache@inbox.test';
  const list = async (t: Awaited<ReturnType<typeof openFileApp>>) => {
    const r = await t.call('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages`, { key: 'emu_growth' });
    expect(r.status).toBe(200);
    return (r.body.data as Array<{ subject: string; otp: string | null }>).map((m) => [m.subject, m.otp]);
  };

  it('is rebuilt from the folder at start when it is damaged, missing or stale', async () => {
    const a = await openFileApp();
    expect((await a.call('POST', '/v1/inboxes', { key: 'emu_growth', body: { inbox } })).status).toBe(201);
    for (const n of [1, 2, 3]) {
      a.clock.advance(1000);
      const r = await a.call('POST', '/_emulator/messages', { body: { to: inbox, subject: `m${n}`, text: `verification code ${n}${n}${n}${n}${n}${n}` } });
      expect(r.status).toBe(201);
    }
    const [, second] = (await a.call('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages`, { key: 'emu_growth' })).body.data;
    expect((await a.call('DELETE', `/v1/inboxes/${encodeURIComponent(inbox)}/messages/${second.id}`, { key: 'emu_growth' })).status).toBe(200);
    const before = await list(a);
    expect(before).toEqual([
      ['m3', '333333'],
      ['m1', '111111'],
    ]);
    await a.close();
    const box = join(dir, 'emulator.d', 'mail', folderOf(inbox));

    // Torn: rebuilt, the same list.
    writeFileSync(join(box, 'index.json'), '{"inbox": "cache@inb');
    const b = await openFileApp();
    await b.core.recover();
    expect(await list(b)).toEqual(before);
    await b.close();

    // Missing, and a file gone behind its back: the list is what the folder holds.
    rmSync(join(box, 'index.json'));
    const [oldest] = readdirSync(join(box, 'cur')).sort();
    rmSync(join(box, 'cur', oldest!));
    const c = await openFileApp();
    await c.core.recover();
    expect(await list(c)).toEqual([['m3', '333333']]);
    expect(c.bugs).toEqual([]);
  });
});
