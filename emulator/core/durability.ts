// When writes reach the disk. Every acknowledged write is in the operating system's page cache
// before the acknowledgement goes out, so it survives the emulator being killed (SIGKILL, a crash,
// an OOM kill) in every mode. The modes differ in what survives the machine going down:
//
//   always    each acknowledgement also waits for an fsync: nothing acknowledged is lost on power loss.
//   interval  (the default) files written for an acknowledgement are fsynced together in the
//             background, at most SYNC_INTERVAL_MS later; power loss can lose about the last second.
//   never     no fsync at all; the operating system writes back when it likes (tmpfs, throwaway CI).
//
// Rare whole-file rewrites (the main document, an inbox log's snapshot) are synced in `always` and
// `interval`: they are replaced by rename, and a rename of an unsynced file can leave an empty one
// after a power loss. This module knows nothing of what the files hold.
import { closeSync, fdatasync as fdatasyncCb, fsync as fsyncCb, open as openCb } from 'node:fs';

export type SyncMode = 'always' | 'interval' | 'never';
export const SYNC_MODES: readonly SyncMode[] = ['always', 'interval', 'never'];
export const DEFAULT_SYNC_MODE: SyncMode = 'interval';
/** The longest time, in `interval` mode, between an acknowledgement and the fsync of its files. */
export const SYNC_INTERVAL_MS = 1000;
/** Files synced at the same time in one background round (the thread pool has four threads). */
const ROUND_CONCURRENCY = 2;

export const fsyncFd = (fd: number): Promise<void> =>
  new Promise((resolve, reject) => fsyncCb(fd, (e) => (e ? reject(e) : resolve())));
export const fdatasyncFd = (fd: number): Promise<void> =>
  new Promise((resolve, reject) => fdatasyncCb(fd, (e) => (e ? reject(e) : resolve())));
export const openFd = (path: string, flags: string): Promise<number> =>
  new Promise((resolve, reject) => openCb(path, flags, (e, fd) => (e ? reject(e) : resolve(fd))));

/** fsync of a file or folder by name. A name that is gone needs no sync (it was removed since). */
export async function syncPath(path: string): Promise<void> {
  let fd: number;
  try {
    fd = await openFd(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    await fsyncFd(fd);
  } catch (e) {
    // Some file systems refuse fsync on a folder; a file's own fsync carried its entry there.
    if ((e as NodeJS.ErrnoException).code !== 'EINVAL' && (e as NodeJS.ErrnoException).code !== 'EISDIR') throw e;
  } finally {
    closeSync(fd);
  }
}

export interface DurabilityOptions {
  intervalMs?: number;
  /** A background fsync failed (the data may not be on disk). Default: ignored. */
  onError?: (error: Error, path: string) => void;
  /** How a name is synced (tests observe it); default syncPath. */
  sync?: (path: string) => Promise<void>;
}

export class Durability {
  readonly intervalMs: number;
  readonly #onError: NonNullable<DurabilityOptions['onError']>;
  readonly #sync: (path: string) => Promise<void>;
  /** Files written, and folders whose entries changed, since the last background round (interval mode). */
  #files = new Set<string>();
  #folders = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    readonly mode: SyncMode,
    opts: DurabilityOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? SYNC_INTERVAL_MS;
    this.#onError = opts.onError ?? (() => undefined);
    this.#sync = opts.sync ?? syncPath;
  }

  /** Whether whole-file rewrites (temp file and rename) sync the file and its folder. */
  get syncsRewrites(): boolean {
    return this.mode !== 'never';
  }

  /**
   * Written bytes that an acknowledgement will stand for, in the open file `fd` named `path`:
   * `always` resolves after the fsync (fdatasync with `dataOnly`), `interval` notes the name for the
   * next background round and resolves at once, `never` resolves at once.
   */
  settle(fd: number, path: string, dataOnly = false): Promise<void> {
    if (this.mode === 'always') return dataOnly ? fdatasyncFd(fd) : fsyncFd(fd);
    this.later(path);
    return Promise.resolve();
  }

  /** In `interval` mode, the file `path` is synced in the next round. */
  later(path: string): void {
    if (this.mode !== 'interval' || this.#closed) return;
    this.#files.add(path);
    this.#arm();
  }

  /** In `interval` mode, the folder `dir` (an entry was added or removed) is synced in the next round. */
  laterFolder(dir: string): void {
    if (this.mode !== 'interval' || this.#closed) return;
    this.#folders.add(dir);
    this.#arm();
  }

  #arm(): void {
    if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        void this.flush();
      }, this.intervalMs);
      this.#timer.unref();
    }
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
    const next = this.#round.then(() => this.#runRound());
    this.#round = next;
    return next;
  }

  /** Stops the timer after a last round. */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #runRound(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const files = [...this.#files];
    const folders = [...this.#folders];
    this.#files = new Set();
    this.#folders = new Set();
    // Files first, then the folders naming them.
    await this.#syncAll(files);
    await this.#syncAll(folders);
  }

  async #syncAll(names: string[]): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < names.length) {
        const name = names[next++]!;
        try {
          await this.#sync(name);
        } catch (e) {
          this.#onError(e as Error, name);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(ROUND_CONCURRENCY, names.length) }, worker));
  }
}
