// The data stays the user's own: the main file, the lock, message files and inbox indexes are
// created 0600 and the folders 0700 (whatever the umask lets through less), and files an older
// version left 0644/0755 are tightened when the emulator opens them.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { rfc822 } from '../mail/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-modes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mode = (p: string) => statSync(p).mode & 0o777;
const INBOX = 'modes@inbox.test';

describe.skipIf(process.platform === 'win32')('file modes of the data', () => {
  it('creates files 0600 and folders 0700', async () => {
    const data = join(dir, 'fresh', '.inbox', 'emulator.json');
    const core = await EmulatorCore.open({ dataPath: data, clock: new EmulatorClock({ mode: 'manual' }) });
    core.inboxes.register(core.accounts.byKey('emu_growth')!, INBOX);
    await core.commit();
    const { acknowledged, stored } = core.receive({ source: rfc822({ to: INBOX, subject: 'private' }), recipients: [INBOX] });
    await acknowledged;
    await stored;
    const d = join(dir, 'fresh', '.inbox', 'emulator.d');
    await core.store.flush();
    const box = join(d, 'mail', INBOX);
    const files = [data, `${data}.lock`, join(box, 'index.json'), ...readdirSync(join(box, 'cur')).map((n) => join(box, 'cur', n))];
    expect(files.length).toBe(4); // main, lock, the inbox's index, its message
    for (const f of files) expect(mode(f).toString(8), f).toBe('600');
    const folders = [join(dir, 'fresh', '.inbox'), d, join(d, 'mail'), box, join(box, 'tmp'), join(box, 'new'), join(box, 'cur')];
    for (const f of folders) expect(mode(f).toString(8), f).toBe('700');
    await core.close();
  });

  it('tightens the main file and folders an older version left readable by others', async () => {
    const base = join(dir, 'old');
    const d = join(base, 'emulator.d');
    mkdirSync(join(d, 'mail'), { recursive: true, mode: 0o755 });
    const data = join(base, 'emulator.json');
    const first = await EmulatorCore.open({ dataPath: data, clock: new EmulatorClock({ mode: 'manual' }) });
    await first.close();
    chmodSync(data, 0o644);
    for (const f of [d, join(d, 'mail')]) chmodSync(f, 0o755);
    writeFileSync(join(base, 'unrelated.txt'), 'not ours');
    const core = await EmulatorCore.open({ dataPath: data, clock: new EmulatorClock({ mode: 'manual' }) });
    expect(mode(data).toString(8)).toBe('600');
    for (const f of [d, join(d, 'mail')]) expect(mode(f).toString(8), f).toBe('700');
    expect(mode(join(base, 'unrelated.txt')).toString(8)).toBe('644'); // the folder around it is the user's
    await core.close();
  });
});
