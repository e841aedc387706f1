// One emulator per data file: `<data>.lock` names the emulator using it (its pid on the first line,
// a random claim id on the second). Exactly one starter wins, however starters and stale locks
// interleave:
//
// - A lock is only ever CREATED whole: the claim is written to a file of its own, then hard-linked
//   to the lock's name, which fails when a lock is there (an exclusive create that never shows a
//   half-written lock to a reader).
// - A lock whose process is gone (killed, crashed), or that an earlier process with our own pid left,
//   is stale. It is never deleted, only REPLACED (an atomic rename of a fresh claim over it), and
//   only by the starter that won the right to replace that very claim: an exclusive create of
//   `<lock>.replace-<claim id>.<level>`. The winner reads the lock again and replaces it only when it
//   still holds the stale claim it judged; a starter that finds another claim backs off and looks
//   again. Nobody else can change a lock that exists (its live owner only removes its own), so two
//   starters can never both win. A replacer that died in the middle leaves its right behind; once its
//   pid is gone the next level is open.
// - Files are created 0600: the lock names a process of the user who owns the mail.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { StoreError } from './errors.js';
import { FILE_MODE } from './fs.js';

/** Rounds of looking again after backing off (another starter was replacing a stale lock). */
const ROUNDS = 50;
/** Levels of replacers that died while replacing one stale lock; past it the lock is left alone. */
const MAX_LEVELS = 8;

interface Holder {
  pid: number;
  /** The claim id; for a lock written by an older version (a pid only), its text and inode. */
  claim: string;
}

export class DataLock {
  private constructor(
    readonly path: string,
    private readonly claim: string,
  ) {}

  /** Takes the lock of the data file `dataPath`, or throws StoreError('data_locked'). */
  static take(dataPath: string): DataLock {
    const lockPath = `${dataPath}.lock`;
    const claim = randomBytes(9).toString('hex');
    const claimFile = `${lockPath}.${process.pid}.${claim}.claim`;
    writeClaim(claimFile, claim);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        if (create(claimFile, lockPath)) return new DataLock(lockPath, claim);
        const holder = readHolder(lockPath);
        if (!holder) continue; // released in between: create again
        if (!isStale(holder, lockPath)) throw locked(dataPath, holder);
        const outcome = replace(lockPath, holder, claimFile);
        if (outcome === 'won') return new DataLock(lockPath, claim);
        if (outcome === 'busy') sleepBriefly(round);
      }
    } finally {
      try {
        unlinkSync(claimFile);
      } catch {
        /* renamed into place, or gone */
      }
    }
    throw new StoreError('data_locked', `could not lock ${dataPath}`, 'Another emulator is starting on the same file; try again.');
  }

  /** Lets the data file go (only when the lock is still ours). */
  release(): void {
    try {
      if (readHolder(this.path)?.claim === this.claim) unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }
}

function locked(dataPath: string, holder: Holder): StoreError {
  if (holder.pid === process.pid) return new StoreError('data_locked', `${dataPath} is already open in this process`, 'Use another --data file.');
  return new StoreError(
    'data_locked',
    `another inbox emulator (pid ${holder.pid}) is using ${dataPath}`,
    'Stop that emulator first, or start this one with another --data file.',
  );
}

function writeClaim(file: string, claim: string): void {
  const fd = openSync(file, 'wx', FILE_MODE);
  try {
    writeSync(fd, `${process.pid}\n${claim}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Creates the lock from the claim file unless a lock is there. */
function create(claimFile: string, lockPath: string): boolean {
  try {
    linkSync(claimFile, lockPath);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
  }
  // No hard links on this file system: an exclusive create, written at once.
  try {
    const fd = openSync(lockPath, 'wx', FILE_MODE);
    try {
      writeSync(fd, readFileSync(claimFile));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/**
 * Replaces the stale lock `stale` by the claim, if this starter wins the right to: 'won', 'busy'
 * (another live starter is replacing it: look again shortly), or 'changed' (the lock is another one
 * now: look again).
 */
function replace(lockPath: string, stale: Holder, claimFile: string): 'won' | 'busy' | 'changed' {
  for (let level = 1; level <= MAX_LEVELS; level++) {
    const right = `${lockPath}.replace-${stale.claim}.${level}`;
    try {
      linkSync(claimFile, right);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const replacer = readHolder(right);
      // Being written (cannot be: links are whole), or its replacer still running: wait for it.
      if (replacer && isAlive(replacer.pid) && replacer.pid !== process.pid) return 'busy';
      continue; // that replacer died: the next level
    }
    try {
      const now = readHolder(lockPath);
      if (!now || now.claim !== stale.claim) return 'changed';
      renameSync(claimFile, lockPath);
      removeRights(lockPath, stale.claim);
      return 'won';
    } finally {
      try {
        unlinkSync(right);
      } catch {
        /* removed with the others */
      }
    }
  }
  return 'busy';
}

/** Deletes the replace rights of a claim that is replaced (left-overs of replacers that died). */
function removeRights(lockPath: string, claim: string): void {
  const prefix = `${basename(lockPath)}.replace-${claim}.`;
  try {
    for (const name of readdirSync(dirname(lockPath))) {
      if (name.startsWith(prefix)) unlinkSync(join(dirname(lockPath), name));
    }
  } catch {
    /* best effort: a left-over right names a claim that no longer exists */
  }
}

function readHolder(path: string): Holder | null {
  let text: string;
  let ino: number;
  try {
    text = readFileSync(path, 'utf8');
    ino = statSync(path).ino;
  } catch {
    return null;
  }
  const [first = '', second = ''] = text.split('\n');
  const pid = Number.parseInt(first.trim(), 10);
  const claim = /^[0-9a-f]{18}$/.test(second.trim()) ? second.trim() : `old${ino}-${Buffer.from(text).toString('hex').slice(0, 40)}`;
  return { pid: Number.isInteger(pid) && pid > 0 ? pid : 0, claim };
}

/** Whether the lock's owner is gone (or it names no process at all). */
function isStale(holder: Holder, lockPath: string): boolean {
  if (holder.pid === 0) return true;
  if (holder.pid === process.pid) return lockPredatesProcess(lockPath);
  return !isAlive(holder.pid);
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

/** A short synchronous pause (the lock is taken once, at start). */
function sleepBriefly(round: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(5 + round * 5, 50));
}
