// The sync modes (emulator/store/durability.ts): what each one syncs, when, and what an emulator in
// each mode leaves for the background rounds (the `--fsync` flag itself: test/emulator/binary.test.ts;
// SIGKILL in each mode: test/mail/durability.test.ts).
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { Durability } from '../../emulator/store/durability.js';
import { syncPath } from '../../emulator/store/fs.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { folderOf } from '../../emulator/store/maildir.js';
import { rfc822, T0 } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-sync-modes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file in the test folder, written now. */
function file(name: string): string {
  const f = join(dir, name);
  writeFileSync(f, name);
  return f;
}

describe('Durability', () => {
  it('interval: notes files and folders, then syncs each once in one round', async () => {
    const d = new Durability('interval');
    const a = file('a.txt');
    const b = file('b.txt');
    d.laterFolder(dir);
    d.later(a);
    d.later(b);
    d.later(a);
    expect(d.pending.sort()).toEqual([dir, a, b].sort());
    expect(d.syncs).toBe(0);
    await d.flush();
    expect(d.syncs).toBe(3);
    expect(d.pending).toEqual([]);
    await d.flush();
    expect(d.syncs).toBe(3);
    await d.close();
  });

  it('interval: a round runs by itself once the interval has passed', async () => {
    const clock = new EmulatorClock({ mode: 'manual', start: T0 });
    const d = new Durability('interval', { intervalMs: 30, timer: clock });
    d.later(file('timed.txt'));
    clock.advance(29);
    expect([d.syncs, d.pending.length]).toEqual([0, 1]);
    clock.advance(1);
    await d.idle();
    expect([d.syncs, d.pending]).toEqual([1, []]);
    await d.close();
  });

  it('interval: settle() answers at once and leaves the file for the round', async () => {
    const d = new Durability('interval');
    const f = file('log.txt');
    await d.settle(999_999, f, true); // no such descriptor: syncing it now would fail
    expect([d.syncs, d.pending]).toEqual([0, [f]]);
    await d.close();
    expect([d.syncs, d.pending]).toEqual([1, []]);
  });

  it('a failed background sync is reported, even by a reporter that throws, and later rounds still run', async () => {
    const errors: string[] = [];
    const d = new Durability('interval', {
      onError: (e, p) => {
        errors.push(`${p}: ${(e as NodeJS.ErrnoException).code}`);
        throw new Error('a broken reporter');
      },
    });
    const notADir = file('plain.txt');
    d.later(join(notADir, 'inside')); // ENOTDIR on open
    d.later(join(dir, 'gone.txt')); // ENOENT: removed since, nothing to sync
    await d.flush();
    expect(errors).toEqual([`${join(notADir, 'inside')}: ENOTDIR`]);
    d.later(file('after.txt'));
    await d.flush();
    expect(d.pending).toEqual([]);
    await d.close();
  });

  it('always syncs in settle() and notes nothing; never does neither', async () => {
    const always = new Durability('always');
    const f = file('now.txt');
    const fd = openSync(f, 'r+');
    try {
      await always.settle(fd, f);
      await always.settle(fd, f, true);
    } finally {
      closeSync(fd);
    }
    await always.settlePath(f);
    always.later(f);
    always.laterFolder(dir);
    expect([always.syncs, always.pending]).toEqual([3, []]);
    await expect(always.settle(999_999, f)).rejects.toMatchObject({ code: 'EBADF' });

    const never = new Durability('never');
    await never.settle(999_999, f);
    await never.settlePath(f);
    never.later(f);
    await never.syncNow([f], [dir]);
    await never.close();
    expect([never.syncs, never.pending]).toEqual([0, []]);
  });

  it('rewrites are synced in always and interval, not in never', () => {
    expect(new Durability('always').syncsRewrites).toBe(true);
    expect(new Durability('interval').syncsRewrites).toBe(true);
    expect(new Durability('never').syncsRewrites).toBe(false);
  });

  it('syncPath syncs real files and folders, and skips a name that is gone', async () => {
    await expect(syncPath(file('real.txt'))).resolves.toBeUndefined();
    await expect(syncPath(dir)).resolves.toBeUndefined();
    await expect(syncPath(join(dir, 'gone.txt'))).resolves.toBeUndefined();
  });
});

describe('an emulator in interval mode', () => {
  it('answers before any fsync and leaves the message file and its folder for the round', async () => {
    const dataPath = join(dir, 'interval', 'emulator.json');
    const core = await EmulatorCore.open({ dataPath, clock: new EmulatorClock({ mode: 'manual', start: T0 }), sync: 'interval' });
    const inbox = 'sync@inbox.test';
    core.inboxes.register(core.accounts.byKey('emu_growth')!, inbox);
    await core.commit();
    await core.store.durability.flush();
    let safe: string[] = [];
    const ingestion = core.receive({ source: rfc822({ to: inbox, subject: 'lazy', body: 'code 123456' }), recipients: [inbox] });
    void ingestion.acknowledged.then((ids) => (safe = ids));
    const [stored] = await ingestion.stored;
    expect(safe).toEqual([stored!.id]);
    expect(core.store.durability.syncs).toBe(0);
    const dataDir = join(dirname(dataPath), 'emulator.d');
    const pending = core.store.durability.pending;
    const box = join(dataDir, 'mail', folderOf(inbox));
    const files = readdirSync(join(box, 'cur'));
    expect(files.length).toBe(1);
    expect(pending).toContain(join(box, 'cur', files[0]!));
    expect(pending).toContain(join(box, 'new'));
    await core.close();
    // A clean stop runs the last round.
    expect(core.store.durability.pending).toEqual([]);
    expect(core.store.durability.syncs).toBeGreaterThanOrEqual(pending.length);
  });

  it.each([
    ['always', 2], // the message file and its new/ folder
    ['never', 0],
  ] as const)('%s mode leaves nothing for later and makes %i syncs for a message', async (sync, syncs) => {
    const dataPath = join(dir, sync, 'emulator.json');
    const core = await EmulatorCore.open({ dataPath, clock: new EmulatorClock({ mode: 'manual', start: T0 }), sync });
    const inbox = 'sync@inbox.test';
    core.inboxes.register(core.accounts.byKey('emu_growth')!, inbox);
    await core.commit();
    const [stored] = await core.receive({ source: rfc822({ to: inbox, subject: 'eager' }), recipients: [inbox] }).stored;
    expect(stored).toMatchObject({ id: expect.any(String) });
    expect([core.store.durability.syncs, core.store.durability.pending]).toEqual([syncs, []]);
    await core.close();
    expect(core.store.durability.syncs).toBe(syncs);
  });

  it('the start syncs what a killed run left in new/ before it settles it', async () => {
    const dataPath = join(dir, 'recover', 'emulator.json');
    const d = join(dirname(dataPath), 'emulator.d');
    const open = () => EmulatorCore.open({ dataPath, clock: new EmulatorClock({ mode: 'manual', start: T0 }), sync: 'interval' });
    const inbox = 'rec@inbox.test';
    const first = await open();
    first.inboxes.register(first.accounts.byKey('emu_growth')!, inbox);
    await first.commit();
    await first.close();
    // What a run killed right after its 250 leaves (its background round never ran): a file in new/.
    const raw = rfc822({ to: inbox, subject: 'left over', body: 'sign-in code 246810' });
    const box = join(d, 'mail', folderOf(inbox));
    mkdirSync(join(box, 'new'), { recursive: true });
    writeFileSync(join(box, 'new', `${T0}.Left000001.0.inbox`), raw);

    const second = await open();
    expect(await second.recover()).toBe(1);
    expect(readdirSync(join(box, 'new'))).toEqual([]);
    expect(readdirSync(join(box, 'cur'))).toEqual([`${T0}.Left000001.0.inbox:2,`]);
    // The file and its folder were synced before it was settled.
    expect(second.store.durability.syncs).toBeGreaterThanOrEqual(2);
    expect((await second.mailbox.doc(inbox)).data.messages.map((m) => [m.id, m.otp])).toEqual([['Left000001', '246810']]);
    await second.close();
  });
});
