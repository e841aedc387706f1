// The files of one data file, opened together: the main document (a lowdb JSON file, rewritten
// whole and atomically), one append-only log per inbox, the blobs, the journal, the durability
// policy they share, and the lock. `path: null` keeps everything in memory. What the documents mean
// is the core's business; in the core only the mailbox (core/mailbox.ts) uses inbox logs, blobs and
// the journal.
//
//   <data>.json               main document          json-file.ts, document.ts
//   <data>.json.lock          pid of the owner       lock.ts
//   <data>.d/inboxes/*.json   one log per inbox      inbox-log.ts
//   <data>.d/blobs/           raw messages (pack segments; one file each in the earlier format)   blobs.ts
//   <data>.d/journal/         acknowledged, not yet indexed   journal.ts
//   <data>.d.trash-*          a reset's old folder, being deleted
//
// Files are created 0600 and folders 0700 (fs.ts): they hold mail, API keys and webhook secrets.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Memory } from 'lowdb';
import { FileBlobs, MemoryBlobs, type BlobStore } from './blobs.js';
import { Doc } from './document.js';
import { DEFAULT_SYNC_MODE, Durability, type RoundTimer, type SyncMode } from './durability.js';
import { StoreError } from './errors.js';
import { DIR_MODE, FILE_MODE, OpenFiles } from './fs.js';
import { InboxLogFile, type LogDoc } from './inbox-log.js';
import { DurableJsonFile } from './json-file.js';
import { Journal } from './journal.js';
import { DataLock } from './lock.js';

/**
 * The newest data format this build reads and writes. 2: raw messages in pack segments (blobs.ts);
 * data of format 1 (a blob file per message) is read as it is, and marked 2 when opened, so an older
 * build, which cannot read the segments, refuses it instead of answering messages without bodies.
 */
export const STORE_FORMAT = 2;

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
  /** Append descriptors of inbox logs, kept open. */
  readonly #logFiles = new OpenFiles(128);
  /** Every inbox log of the folder was loaded (census()). */
  #census = false;
  #lock: DataLock | null = null;
  /** Counts resets: an inbox log loaded across one belongs to the old state. */
  #epoch = 0;
  /** Old folders of resets being deleted in the background. */
  readonly #trash = new Set<Promise<void>>();
  readonly #onError: (error: Error, path: string) => void;

  private constructor(path: string | null, initial: Main, opts: StoreOptions) {
    this.path = path;
    this.#onError = opts.onSyncError ?? (() => undefined);
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
    mkdirSync(dirname(path), { recursive: true, mode: DIR_MODE });
    store.#lock = DataLock.take(path);
    try {
      store.#makeFolders();
      store.#tighten();
      store.#removeOldTrash();
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
      else if (format < STORE_FORMAT) {
        store.main.data.format = STORE_FORMAT;
        await store.main.commit();
      }
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
    const epoch = this.#epoch;
    if (this.#folders) {
      doc = new Doc<Inbox>(this.#logFile(this.#inboxFile(key)), initial());
      await doc.read();
    } else {
      doc = new Doc<Inbox>(new Memory<Inbox>(), initial());
    }
    // A reset came while the log was read: what was read belongs to the old state.
    if (epoch !== this.#epoch) {
      forget(doc);
      return this.inbox(key, initial);
    }
    const raced = this.#inboxes.get(key);
    if (raced) {
      forget(doc);
      return raced;
    }
    this.#inboxes.set(key, doc);
    return doc;
  }

  /** The log of an inbox when it is loaded already. */
  loadedInbox(key: string): Doc<Inbox> | undefined {
    return this.#inboxes.get(key);
  }

  /**
   * Loads every inbox log of the folder not loaded yet (those of inboxes no longer registered too),
   * once: then the blobs know every message that names them, and pack segments no message names
   * any more are deleted (blobs.ts). Stops at a reset, or at a log it cannot read (nothing is
   * reclaimed in this run then). Not run while the journal holds records of an earlier run: the
   * blobs they name are only kept once they are handed out to be redone (Ingest.recover()).
   */
  async census(initial: (key: string) => Inbox): Promise<void> {
    const folders = this.#folders;
    if (!folders || this.#census || this.journal.hasLeftovers()) return;
    const epoch = this.#epoch;
    let names: string[];
    try {
      names = await readdir(folders.inboxes);
    } catch {
      return;
    }
    const loaded = new Set([...this.#inboxes.keys()].map((k) => this.#inboxFile(k)));
    for (const name of names) {
      if (!name.endsWith('.json') || name.startsWith('.')) continue;
      const file = join(folders.inboxes, name);
      // Loaded already (one loaded meanwhile is found by its key below, once read).
      if (loaded.has(file)) continue;
      const doc = new Doc<Inbox>(this.#logFile(file), initial(''));
      try {
        if (!(await doc.read())) continue;
      } catch {
        return;
      }
      if (epoch !== this.#epoch) return forget(doc);
      const key = doc.data.inbox;
      if (typeof key !== 'string' || this.#inboxFile(key) !== file) return; // not where its inbox's log goes: counts stay (nothing is reclaimed)
      if (this.#inboxes.has(key)) forget(doc);
      else this.#inboxes.set(key, doc);
    }
    if (epoch !== this.#epoch) return;
    this.#census = true;
    this.blobs.censusDone();
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

  /**
   * Replaces everything with a fresh document (the control surface's reset), at once: the loaded
   * inbox logs are let go (a write still coming to one is dropped), the folder of logs, blobs and
   * journal is renamed away to a trash name and a fresh one made in the same synchronous step, so
   * mail arriving meanwhile writes either into the old folder or the new one, never into a folder
   * being deleted; the old one is deleted in the background (and at the next start if that is cut
   * short). Then the fresh main document is written.
   */
  async reset(seed: () => Main): Promise<void> {
    this.#epoch++;
    for (const doc of this.#inboxes.values()) {
      const adapter = doc.low.adapter;
      if (adapter instanceof InboxLogFile) adapter.detach();
    }
    this.#inboxes.clear();
    this.#logFiles.closeAll();
    this.main.data = seed();
    if (this.#folders) {
      this.journal.close();
      this.blobs.reset();
      this.#census = true;
      const data = this.#folders.data;
      const trash = `${data}.trash-${randomBytes(6).toString('hex')}`;
      let moved = true;
      try {
        renameSync(data, trash);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        moved = false;
      }
      this.#makeFolders();
      if (moved) this.#removeTrash(trash);
    }
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
      await this.trashed();
    } finally {
      this.journal.close();
      this.blobs.close();
      this.#logFiles.closeAll();
      this.#unlock();
    }
  }

  /** Resolves once the old folders of resets are deleted (tests, shutdown). */
  async trashed(): Promise<void> {
    while (this.#trash.size > 0) await Promise.all([...this.#trash]);
  }

  #makeFolders(): void {
    const f = this.#folders!;
    for (const dir of [f.inboxes, f.blobs, f.journal]) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  }

  /** Files and folders of an earlier version (0644, 0755) are made the user's own. */
  #tighten(): void {
    const f = this.#folders!;
    const chmod = (p: string, mode: number) => {
      try {
        chmodSync(p, mode);
      } catch {
        /* not there yet, or not ours to change */
      }
    };
    chmod(this.path!, FILE_MODE);
    for (const dir of [f.data, f.inboxes, f.blobs, f.journal]) chmod(dir, DIR_MODE);
  }

  /** Deletes an old folder in the background; a deletion cut short is redone at the next start. */
  #removeTrash(dir: string): void {
    const p = rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
      .catch((e: Error) => this.#onError(e, dir))
      .finally(() => this.#trash.delete(p));
    this.#trash.add(p);
  }

  /** The trash of resets an earlier run did not finish deleting. */
  #removeOldTrash(): void {
    const data = this.#folders!.data;
    const prefix = `${basename(data)}.trash-`;
    let names: string[] = [];
    try {
      names = readdirSync(dirname(data));
    } catch {
      return;
    }
    for (const name of names) if (name.startsWith(prefix)) this.#removeTrash(join(dirname(data), name));
  }

  #logFile(file: string): InboxLogFile<Inbox> {
    return new InboxLogFile<Inbox>(file, this.durability, { files: this.#logFiles, onBlobs: (added, removed) => this.blobs.referenced(added, removed) });
  }

  #inboxFile(key: string): string {
    return join(this.#folders!.inboxes, `${createHash('sha1').update(key).digest('hex').slice(0, 20)}.json`);
  }

  #unlock(): void {
    this.#lock?.release();
    this.#lock = null;
  }
}

/** A loaded log that is not kept (a reset or another load came first): what it counted is let go. */
function forget<D extends LogDoc>(doc: Doc<D>): void {
  const adapter = doc.low.adapter;
  if (adapter instanceof InboxLogFile) adapter.forget();
}
