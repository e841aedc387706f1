// When writes reach the disk. Every acknowledged write is in the operating system's page cache
// before the acknowledgement goes out, so it survives the emulator being killed (SIGKILL, a crash,
// an OOM kill) in every mode. The modes differ in what survives the machine going down:
//
//   always    each acknowledgement also waits for an fsync: nothing acknowledged is lost on power loss.
//   interval  (the default) files written for an acknowledgement are noted, and fsynced together in
//             a background round that starts SYNC_INTERVAL_MS after the first note; power loss can
//             lose about the last second (a little more while a long round runs).
//   never     no fsync at all; the operating system writes back when it likes (tmpfs, throwaway CI).
//
// Rare whole-file rewrites (the main document) are synced in `always` and
// `interval`: they are replaced by rename, and a rename of an unsynced file can leave an empty one
// after a power loss. Rounds are timed on the clock it is given (the emulator's). This module knows
// nothing of what the files hold.
import { fdatasyncFd, fsyncFd, syncFolder, syncPath } from './fs.js';

export type SyncMode = 'always' | 'interval' | 'never';
export const DEFAULT_SYNC_MODE: SyncMode = 'interval';
/** In `interval` mode, the time from the first write noted to the start of the round that syncs it. */
export const SYNC_INTERVAL_MS = 1000;
/** Files synced at the same time in one background round (the thread pool has four threads). */
const ROUND_CONCURRENCY = 2;

/**
 * Where rounds are timed: the emulator's clock (core/clock.ts fits this shape), so a test moves
 * time instead of sleeping. Without one, real time (a timer that does not keep the process alive).
 */
export interface RoundTimer {
  setTimer(ms: number, fn: () => void): { cancel(): void };
}

const realTime: RoundTimer = {
  setTimer(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};

export interface DurabilityOptions {
  intervalMs?: number;
  /** When rounds start (default: real time). */
  timer?: RoundTimer;
  /** A background fsync failed (the data may not be on disk). Default: ignored. */
  onError?: (error: Error, path: string) => void;
}

export class Durability {
  readonly intervalMs: number;
  readonly #onError: NonNullable<DurabilityOptions['onError']>;
  /** Files written, and folders whose entries changed, since the last background round (interval mode). */
  #files = new Set<string>();
  /** The files the running round took (moved() hands a renamed one to the next round). */
  #roundFiles = new Set<string>();
  #folders = new Set<string>();
  /** Where rounds are timed (also lends itself to other writes of the store). */
  readonly timer: RoundTimer;
  #timer: { cancel(): void } | null = null;
  #round: Promise<void> = Promise.resolve();
  #closed = false;
  #syncs = 0;

  constructor(
    readonly mode: SyncMode,
    opts: DurabilityOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? SYNC_INTERVAL_MS;
    this.#onError = opts.onError ?? (() => undefined);
    this.timer = opts.timer ?? realTime;
  }

  /** Reports a write of the store that failed in the background (as a failed round's fsync is). */
  failed(error: Error, path: string): void {
    try {
      this.#onError(error, path);
    } catch {
      /* a reporter that throws must not stop the caller */
    }
  }

  /** Whether whole-file rewrites (temp file and rename) sync the file and its folder. */
  get syncsRewrites(): boolean {
    return this.mode !== 'never';
  }

  /** fsync and fdatasync calls made so far, before replies and in background rounds alike. */
  get syncs(): number {
    return this.#syncs;
  }

  /**
   * Written bytes that an acknowledgement will stand for, in the open file `fd` named `path`:
   * `always` resolves after the fsync (fdatasync with `dataOnly`), `interval` notes the name for the
   * next background round and resolves at once, `never` resolves at once.
   */
  settle(fd: number, path: string, dataOnly = false): Promise<void> {
    if (this.mode === 'always') {
      this.#syncs++;
      return dataOnly ? fdatasyncFd(fd) : fsyncFd(fd);
    }
    this.later(path);
    return Promise.resolve();
  }

  /** As settle(), for a file written and closed already (by name). */
  settlePath(path: string): Promise<void> {
    if (this.mode === 'always') {
      this.#syncs++;
      return syncPath(path);
    }
    this.later(path);
    return Promise.resolve();
  }

  /**
   * A file noted for a round was renamed: a round syncs it by its new name (the next one, also when
   * the running round took the old name and may have found it gone).
   */
  moved(from: string, to: string): void {
    if (this.#files.delete(from) || this.#roundFiles.has(from)) {
      this.#files.add(to);
      this.#arm();
    }
  }

  /** As settle(), for a folder whose entries an acknowledgement stands for. */
  async settleFolder(dir: string): Promise<void> {
    if (this.mode === 'always') {
      this.#syncs++;
      await syncFolder(dir);
    } else this.laterFolder(dir);
  }

  /**
   * Syncs these files and folders now, with whatever was noted for the next round (every mode but
   * `never`). For files an earlier run wrote and may never have synced (recovery after a crash).
   */
  async syncNow(files: string[], folders: string[]): Promise<void> {
    if (this.mode === 'never') return;
    await this.#syncAll(files, syncPath);
    await this.#syncAll(folders, syncFolder);
    await this.flush();
  }

  /** In `interval` mode, the file `path` is synced in the next round. */
  later(path: string): void {
    if (this.mode !== 'interval' || this.#closed) return;
    this.#files.add(path);
    this.#arm();
  }

  /**
   * In `interval` mode, the folder `dir` is synced in the next round. Call it once the entry was
   * added or removed: a round running in between would otherwise use up the note too early.
   */
  laterFolder(dir: string): void {
    if (this.mode !== 'interval' || this.#closed) return;
    this.#folders.add(dir);
    this.#arm();
  }

  /** Files and folders waiting for the next round. */
  get pending(): string[] {
    return [...this.#files, ...this.#folders];
  }

  /**
   * Syncs every name noted so far; resolves once they are on disk (failures go to onError). Rounds
   * do not overlap: a flush during a round waits for it, then syncs what was noted since.
   */
  flush(): Promise<void> {
    const next = this.#round.then(() => this.#runRound()).catch(() => undefined);
    this.#round = next;
    return next;
  }

  /** Resolves once the round running now (if any) is done, without starting one. */
  idle(): Promise<void> {
    return this.#round;
  }

  /** Runs rounds until nothing is noted (notes made during a round included), then stops. */
  async close(): Promise<void> {
    for (let i = 0; i < 5 && (i === 0 || this.pending.length > 0); i++) await this.flush();
    this.#closed = true;
    this.#timer?.cancel();
    this.#timer = null;
  }

  #arm(): void {
    if (this.#timer) return;
    this.#timer = this.timer.setTimer(this.intervalMs, () => {
      this.#timer = null;
      void this.flush();
    });
  }

  async #runRound(): Promise<void> {
    this.#timer?.cancel();
    this.#timer = null;
    const files = [...this.#files];
    const folders = [...this.#folders];
    this.#files = new Set();
    this.#folders = new Set();
    this.#roundFiles = new Set(files);
    // Files first, then the folders naming them.
    try {
      await this.#syncAll(files, syncPath);
    } finally {
      this.#roundFiles = new Set();
    }
    await this.#syncAll(folders, syncFolder);
  }

  async #syncAll(names: string[], sync: (name: string) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < names.length) {
        const name = names[next++]!;
        try {
          this.#syncs++;
          await sync(name);
        } catch (e) {
          try {
            this.#onError(e as Error, name);
          } catch {
            /* a reporter that throws must not stop the round */
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(ROUND_CONCURRENCY, names.length) }, worker));
  }
}
