// memoryTmp() (scripts/test-tmp.mjs): the folder in memory that `npm test` gives the tests for their
// temporary files. Checked on a folder of this test's own inside /dev/shm, standing for /dev/shm.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { memoryTmp } from '../../scripts/test-tmp.mjs';
import { ROOT } from '../helpers/binary.js';

const TMPFS_MAGIC = 0x01021994;
const isTmpfs = (path: string) => {
  try {
    return statfsSync(path).type === TMPFS_MAGIC;
  } catch {
    return false;
  }
};

const shmThere = isTmpfs('/dev/shm');
const shm = shmThere ? mkdtempSync('/dev/shm/inbox-test-tmp-') : '';
afterAll(() => {
  if (shm) rmSync(shm, { recursive: true, force: true });
});

describe.skipIf(!shmThere)('memoryTmp', () => {
  test("makes this process's folder on a tmpfs, after removing those of runs whose process is gone", async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], { stdio: 'ignore' });
    try {
      for (const name of [`inbox-test-${gone}`, `inbox-test-${running.pid}`, 'inbox-test-notapid', 'other'])
        mkdirSync(join(shm, name, 'inside'), { recursive: true });
      const dir = memoryTmp({ shm, room: 1 });
      expect(dir).toBe(join(shm, `inbox-test-${process.pid}`));
      expect(readdirSync(dir)).toEqual([]); // the probe of exec is gone
      expect(readdirSync(shm).sort()).toEqual([`inbox-test-${process.pid}`, `inbox-test-${running.pid}`, 'inbox-test-notapid', 'other'].sort());
    } finally {
      running.kill();
    }
  });

  test('gives nothing (and makes nothing) when the file system has less room than asked, or is not a tmpfs', () => {
    const empty = mkdtempSync(join(shm, 'small-'));
    expect(memoryTmp({ shm: empty, room: Number.MAX_SAFE_INTEGER })).toBeNull();
    expect(readdirSync(empty)).toEqual([]);
    if (!isTmpfs(ROOT)) {
      expect(memoryTmp({ shm: ROOT, room: 1 })).toBeNull();
      expect(existsSync(join(ROOT, `inbox-test-${process.pid}`))).toBe(false);
    }
    expect(memoryTmp({ shm: join(shm, 'missing'), room: 1 })).toBeNull();
  });
});
