// One emulator per data file: `<data>.lock` holds the pid of the emulator using it. A lock whose
// process is gone (killed, crashed), or that an earlier process with our own pid left, is stale and
// taken over.
import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { StoreError } from './errors.js';

export class DataLock {
  private constructor(readonly path: string) {}

  /** Takes the lock of the data file `dataPath`, or throws StoreError('data_locked'). */
  static take(dataPath: string): DataLock {
    const lockPath = `${dataPath}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(lockPath, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return new DataLock(lockPath);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const holder = Number.parseInt(safeRead(lockPath), 10);
        if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
          throw new StoreError(
            'data_locked',
            `another inbox emulator (pid ${holder}) is using ${dataPath}`,
            `Stop that emulator first, or start this one with another --data file.`,
          );
        }
        if (holder === process.pid && !lockPredatesProcess(lockPath)) {
          throw new StoreError('data_locked', `${dataPath} is already open in this process`, 'Use another --data file.');
        }
        try {
          unlinkSync(lockPath);
        } catch {
          /* raced with another starter; the next attempt decides */
        }
      }
    }
    throw new StoreError('data_locked', `could not lock ${dataPath}`, 'Another emulator is starting on the same file; try again.');
  }

  /** Lets the data file go (only when the lock is still ours). */
  release(): void {
    try {
      if (existsSync(this.path) && safeRead(this.path) === String(process.pid)) unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }
}

function safeRead(p: string): string {
  try {
    return readFileSync(p, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * A lock naming our own pid but written before this process started was left by an earlier process
 * that had the same pid (common in containers, where the emulator is often pid 1): it is stale.
 */
function lockPredatesProcess(lockPath: string): boolean {
  try {
    return statSync(lockPath).mtimeMs < performance.timeOrigin;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
