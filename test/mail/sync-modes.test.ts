// The sync modes (emulator/core/durability.ts): what each one syncs, when, and what an emulator in
// each mode leaves for the background rounds; and the `--fsync` flag of `inbox emulate`.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { Durability, syncPath, type SyncMode } from '../../emulator/core/durability.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { rfc822, T0 } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-sync-modes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Durability whose syncs are recorded instead of run. */
function recorded(mode: SyncMode, intervalMs = 1000) {
  const synced: string[] = [];
  const errors: string[] = [];
  const d = new Durability(mode, {
    intervalMs,
    sync: async (p) => {
      if (p.includes('broken')) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      synced.push(p);
    },
    onError: (e, p) => errors.push(`${p}: ${e.message}`),
  });
  return { d, synced, errors };
}

describe('Durability', () => {
  it('interval: notes files and folders, syncs each once per round, files before folders', async () => {
    const { d, synced } = recorded('interval');
    d.laterFolder('/data/blobs');
    d.later('/data/blobs/a');
    d.later('/data/blobs/b');
    d.later('/data/blobs/a');
    expect(d.pending.sort()).toEqual(['/data/blobs', '/data/blobs/a', '/data/blobs/b']);
    await d.flush();
    expect(synced.slice(0, 2).sort()).toEqual(['/data/blobs/a', '/data/blobs/b']);
    expect(synced[2]).toBe('/data/blobs');
    expect(synced).toHaveLength(3);
    expect(d.pending).toEqual([]);
    await d.flush();
    expect(synced).toHaveLength(3);
    await d.close();
  });

  it('interval: a round runs by itself once the interval has passed', async () => {
    const { d, synced } = recorded('interval', 30);
    d.later('/data/x');
    expect(synced).toEqual([]);
    await new Promise((r) => setTimeout(r, 120));
    expect(synced).toEqual(['/data/x']);
    await d.close();
  });

  it('interval: settle() answers at once and leaves the file for the round', async () => {
    const { d, synced } = recorded('interval');
    await d.settle(999_999, '/data/log', true); // no such descriptor: syncing it now would fail
    expect(d.pending).toEqual(['/data/log']);
    await d.close();
    expect(synced).toEqual(['/data/log']);
  });

  it('a failed background sync is reported and does not stop the others', async () => {
    const { d, synced, errors } = recorded('interval');
    d.later('/data/broken');
    d.later('/data/fine');
    await d.flush();
    expect(synced).toEqual(['/data/fine']);
    expect(errors).toEqual(['/data/broken: EIO: i/o error']);
    await d.close();
  });

  it('always and never note nothing for later; always syncs in settle()', async () => {
    for (const mode of ['always', 'never'] as const) {
      const { d, synced } = recorded(mode);
      d.later('/data/a');
      d.laterFolder('/data');
      expect(d.pending).toEqual([]);
      await d.close();
      expect(synced).toEqual([]);
    }
    // always: settle() is the fsync itself, so a bad descriptor fails it.
    await expect(new Durability('always').settle(999_999, '/nowhere')).rejects.toMatchObject({ code: 'EBADF' });
    await expect(new Durability('never').settle(999_999, '/nowhere')).resolves.toBeUndefined();
  });

  it('rewrites are synced in always and interval, not in never', () => {
    expect(new Durability('always').syncsRewrites).toBe(true);
    expect(new Durability('interval').syncsRewrites).toBe(true);
    expect(new Durability('never').syncsRewrites).toBe(false);
  });

  it('syncPath syncs real files and folders, and skips a name that is gone', async () => {
    const f = join(dir, 'real.txt');
    writeFileSync(f, 'x');
    await expect(syncPath(f)).resolves.toBeUndefined();
    await expect(syncPath(dir)).resolves.toBeUndefined();
    await expect(syncPath(join(dir, 'gone.txt'))).resolves.toBeUndefined();
  });
});

describe('an emulator in interval mode', () => {
  it('answers before any fsync and leaves the blob, its folder, the inbox log and the journal for the round', async () => {
    const dataPath = join(dir, 'interval', 'emulator.json');
    const core = await EmulatorCore.open({ dataPath, clock: new EmulatorClock({ mode: 'manual', start: T0 }), sync: 'interval' });
    const inbox = 'sync@inbox.test';
    core.inboxes.register(core.accounts.byKey('emu_growth')!, inbox);
    await core.commit();
    await core.store.durability.flush();
    let safe: string[] = [];
    const [stored] = await core.ingest({ source: rfc822({ to: inbox, subject: 'lazy', body: 'code 123456' }), recipients: [inbox], onSafe: (ids) => (safe = ids) });
    expect(safe).toEqual([stored!.id]);
    const dataDir = join(dirname(dataPath), 'emulator.d');
    const pending = core.store.durability.pending;
    const blobs = readdirSync(join(dataDir, 'blobs'));
    expect(blobs.length).toBeGreaterThan(0);
    for (const b of blobs) expect(pending).toContain(join(dataDir, 'blobs', b));
    expect(pending).toContain(join(dataDir, 'blobs'));
    expect(pending.some((p) => p.startsWith(join(dataDir, 'inboxes')))).toBe(true);
    expect(pending.some((p) => p.startsWith(join(dataDir, 'journal', 'journal-')))).toBe(true);
    await core.close();
    // A clean stop runs the last round.
    expect(core.store.durability.pending).toEqual([]);
  });

  it('always mode leaves nothing for later', async () => {
    const dataPath = join(dir, 'always', 'emulator.json');
    const core = await EmulatorCore.open({ dataPath, clock: new EmulatorClock({ mode: 'manual', start: T0 }), sync: 'always' });
    const inbox = 'sync@inbox.test';
    core.inboxes.register(core.accounts.byKey('emu_growth')!, inbox);
    await core.commit();
    const [stored] = await core.ingest({ source: rfc822({ to: inbox, subject: 'eager' }), recipients: [inbox], onSafe: () => undefined });
    expect(stored).toMatchObject({ id: expect.any(String) });
    expect(core.store.durability.pending).toEqual([]);
    await core.close();
  });
});
