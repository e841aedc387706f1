// The files of one data file, opened together: the main document (a lowdb JSON file, rewritten
// whole and atomically), one append-only log per inbox, the blobs, the journal, the durability
// policy they share, and the lock. `path: null` keeps everything in memory. What the documents mean
// is the core's business; in the core only the mailbox (core/mailbox.ts) uses inbox logs, blobs and
// the journal.
//
//   <data>.json               main document          json-file.ts, document.ts
//   <data>.json.lock          pid of the owner       lock.ts
//   <data>.d/inboxes/*.json   one log per inbox      inbox-log.ts
//   <data>.d/blobs/           raw messages           blobs.ts
//   <data>.d/journal/         acknowledged, not yet indexed   journal.ts
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Memory } from 'lowdb';
import { FileBlobs, MemoryBlobs, type BlobStore } from './blobs.js';
import { Doc } from './document.js';
import { DEFAULT_SYNC_MODE, Durability, type RoundTimer, type SyncMode } from './durability.js';
import { StoreError } from './errors.js';
import { InboxLogFile, type LogDoc } from './inbox-log.js';
import { DurableJsonFile } from './json-file.js';
import { Journal } from './journal.js';
import { DataLock } from './lock.js';

/** The newest data format this build reads and writes. */
export const STORE_FORMAT = 1;

export interface StoreOptions {
  /** The main JSON file; null keeps all state in memory. */
  path: string | null;
  /** When writes reach the disk (durability.ts); default `interval`. */
  sync?: SyncMode;
  /** A background fsync failed (`interval` mode). */
  onSyncError?: (error: Error, path: string) => void;
  /** Times the background rounds of `interval` mode (the emulator's clock; default real time). */
  timer?: RoundTimer;
}

/** A versioned document: the store refuses files written by a newer format. */
export interface Versioned {
  format: number;
}

/** The folders beside the main file. */
interface Folders {
  data: string;
  inboxes: string;
  blobs: string;
  journal: string;
}

function foldersOf(path: string): Folders {
  const data = path.replace(/\.json$/i, '') + '.d';
  return { data, inboxes: join(data, 'inboxes'), blobs: join(data, 'blobs'), journal: join(data, 'journal') };
}

export class Store<Main extends Versioned, Inbox extends LogDoc> {
  readonly main: Doc<Main>;
  readonly blobs: BlobStore;
  /** Records of acknowledged work still being done (journal.ts). */
  readonly journal: Journal;
  /** When writes reach the disk, and the background syncs of `interval` mode. */
  readonly durability: Durability;
  readonly path: string | null;
  readonly #folders: Folders | null;
  readonly #inboxes = new Map<string, Doc<Inbox>>();
  #lock: DataLock | null = null;

  private constructor(path: string | null, initial: Main, opts: StoreOptions) {
    this.path = path;
    if (path) {
      const folders = (this.#folders = foldersOf(path));
      this.durability = new Durability(opts.sync ?? DEFAULT_SYNC_MODE, { onError: opts.onSyncError, timer: opts.timer });
      this.main = new Doc<Main>(new DurableJsonFile<Main>(path, { fsync: this.durability.syncsRewrites }), initial);
      this.blobs = new FileBlobs(folders.blobs, this.durability);
      this.journal = new Journal(folders.journal, this.durability);
    } else {
      this.#folders = null;
      this.durability = new Durability('never');
      this.main = new Doc<Main>(new Memory<Main>(), initial);
      this.blobs = new MemoryBlobs();
      this.journal = new Journal(null, this.durability);
    }
  }

  /**
   * Opens (and locks) the store; `seed` builds the document of a fresh file; `check` names what is
   * wrong with a loaded document of a readable format (null: nothing), which is then refused.
   */
  static async open<M extends Versioned, I extends LogDoc>(
    opts: StoreOptions,
    seed: () => M,
    check: (doc: M) => string | null = () => null,
  ): Promise<Store<M, I>> {
    const path = opts.path ? resolve(opts.path) : null;
    const store = new Store<M, I>(path, seed(), opts);
    if (!path) return store;
    mkdirSync(dirname(path), { recursive: true });
    store.#lock = DataLock.take(path);
    try {
      await store.#makeFolders();
      const existed = await store.main.read();
      const format = store.main.data.format;
      if (typeof format !== 'number') {
        throw new StoreError('data_corrupt', `${path} is not an inbox emulator data file`, 'Point --data at another file.');
      }
      if (format > STORE_FORMAT) {
        throw new StoreError(
          'data_format_newer',
          `${path} was written by a newer inbox (data format ${format}; this one reads up to ${STORE_FORMAT})`,
          'Upgrade inbox, or start with another --data file. The file was left untouched.',
        );
      }
      const problem = existed ? check(store.main.data) : null;
      if (problem) {
        throw new StoreError('data_corrupt', `${path} is damaged: ${problem}`, 'Restore it from a backup, or start with another --data file.');
      }
      if (!existed) await store.main.commit();
    } catch (e) {
      store.#unlock();
      throw e;
    }
    return store;
  }

  /** The log of one inbox, loaded (created empty on first use). */
  async inbox(key: string, initial: () => Inbox): Promise<Doc<Inbox>> {
    let doc = this.#inboxes.get(key);
    if (doc) return doc;
    if (this.#folders) {
      doc = new Doc<Inbox>(new InboxLogFile<Inbox>(this.#inboxFile(key), this.durability), initial());
      await doc.read();
    } else {
      doc = new Doc<Inbox>(new Memory<Inbox>(), initial());
    }
    const raced = this.#inboxes.get(key);
    if (raced) return raced;
    this.#inboxes.set(key, doc);
    return doc;
  }

  /** The log of an inbox when it is loaded already. */
  loadedInbox(key: string): Doc<Inbox> | undefined {
    return this.#inboxes.get(key);
  }

  /** Forgets an inbox's log and removes its file. */
  async dropInbox(key: string): Promise<void> {
    const doc = this.#inboxes.get(key);
    this.#inboxes.delete(key);
    if (doc) await doc.flush().catch(() => undefined);
    if (this.#folders) await unlink(this.#inboxFile(key)).catch(() => undefined);
  }

  /**
   * Syncs blobs and inbox logs that an earlier run wrote and may never have synced (its background
   * round died with it), and everything noted so far; a no-op in memory and `never` mode.
   */
  async syncWrittenBefore(blobNames: string[], inboxKeys: string[]): Promise<void> {
    const folders = this.#folders;
    if (!folders) return;
    const blobPaths = blobNames.map((n) => this.blobs.pathOf(n)).filter((p): p is string => p !== null);
    const files = [...new Set([...blobPaths, ...inboxKeys.map((k) => this.#inboxFile(k))])];
    await this.durability.syncNow(files, [folders.blobs, folders.inboxes]);
  }

  /** Replaces everything with a fresh document (the control surface's reset). */
  async reset(seed: () => Main): Promise<void> {
    for (const key of [...this.#inboxes.keys()]) await this.dropInbox(key);
    if (this.#folders) {
      this.journal.close();
      await rm(this.#folders.data, { recursive: true, force: true });
      await this.#makeFolders();
    }
    this.main.data = seed();
    await this.main.commit();
  }

  async flush(): Promise<void> {
    await this.main.flush();
    await Promise.all([...this.#inboxes.values()].map((d) => d.flush()));
  }

  /** Writes what is pending and syncs it (in every mode but `never`), then lets the files go. */
  async close(): Promise<void> {
    try {
      await this.flush();
      await this.durability.close();
    } finally {
      this.journal.close();
      this.#unlock();
    }
  }

  async #makeFolders(): Promise<void> {
    const f = this.#folders!;
    for (const dir of [f.inboxes, f.blobs, f.journal]) await mkdir(dir, { recursive: true });
  }

  #inboxFile(key: string): string {
    return join(this.#folders!.inboxes, `${createHash('sha1').update(key).digest('hex').slice(0, 20)}.json`);
  }

  #unlock(): void {
    this.#lock?.release();
    this.#lock = null;
  }
}
