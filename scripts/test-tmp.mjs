// The folder that `npm test` (scripts/test.mjs) gives the tests for their temporary files.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { freemem } from 'node:os';
import { join } from 'node:path';

// The tests' temporary files (emulator data files and segments, packed installs, browser profiles,
// CI job folders) go to a folder on a memory file system when the machine has one with room: the
// seven test files that write most spend about a tenth more CPU on the disk's ext4 (journal, fsync,
// unlink; docs/benchmarks.md). No test needs the disk: the crash tests kill processes, which the page
// cache survives on either.
const TMPFS_MAGIC = 0x01021994;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** The file system of `path`, or null when it cannot be read. */
function statfsOf(path) {
  try {
    return statfsSync(path);
  } catch {
    return null;
  }
}

/** Whether `path` is on a tmpfs (false when it cannot be read). */
export function isTmpfs(path) {
  return statfsOf(path)?.type === TMPFS_MAGIC;
}

/**
 * Whether `shm` is a tmpfs with `room` bytes free on a machine with as much memory free (a tmpfs's
 * free space is not memory that is free: both must have the room).
 */
export function memoryHasRoom({ shm = '/dev/shm', room = 2 * 1024 ** 3, memory = freemem() } = {}) {
  const fs = memory >= room ? statfsOf(shm) : null;
  return fs?.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= room;
}

/**
 * A new folder `<shm>/inbox-test-<pid>` for this process (the caller removes it), or null when
 * memoryHasRoom() says no or `shm` does not let programs run. Folders of earlier runs whose process is
 * gone are removed first.
 */
export function memoryTmp(opts = {}) {
  const { shm = '/dev/shm' } = opts;
  try {
    if (!memoryHasRoom(opts)) return null;
    // Folders of runs that were killed before they could remove theirs (memory until the next boot),
    // and one of an earlier process with this process's id. A folder that cannot be removed (another
    // user's) is left alone. Runs in other pid namespaces that share /dev/shm look gone from here.
    for (const name of readdirSync(shm)) {
      const pid = Number(/^inbox-test-(\d+)$/.exec(name)?.[1]);
      if (pid && (pid === process.pid || !alive(pid))) {
        try {
          rmSync(join(shm, name), { recursive: true, force: true });
        } catch {
          // not ours to remove
        }
      }
    }
    const dir = join(shm, `inbox-test-${process.pid}`);
    mkdirSync(dir);
    // Tests run scripts they write there (the CI job's npx stand-in, an installed package's bin):
    // a mount with noexec would fail them.
    const probe = join(dir, 'exec-probe.sh');
    writeFileSync(probe, '#!/bin/sh\nexit 0\n');
    chmodSync(probe, 0o755);
    if (spawnSync(probe).status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      return null;
    }
    rmSync(probe);
    return dir;
  } catch {
    return null;
  }
}
