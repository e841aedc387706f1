// The files of one data file, opened together: the main document (a lowdb JSON file, rewritten
// whole and atomically), one append-only log per inbox, the blobs, the journal, the durability
// policy they share, and the lock. `path: null` keeps everything in memory. What the documents mean
// is the core's business; in the core only the mailbox (core/mailbox.ts) uses inbox logs, blobs and
// the journal.
//
//   <data>.json               main document          json-file.ts, document.ts
//   <data>.json.lock          pid of the owner       lock.ts
//   <data>.<name>.json        side documents         side(): the core's usage counters and pending webhook deliveries
//   <data>.d/inboxes/*.json   one log per inbox      inbox-log.ts
//   <data>.d/blobs/           raw messages (pack segments; one file each in the earlier format)   blobs.ts
//   <data>.d/journal/         acknowledged, not yet indexed   journal.ts
//   <data>.d/generation       which main document the folder belongs to (absent before any reset)
//   <data>.d.old-*            a folder a reset set aside: put back at start if the reset never committed
//   <data>.d.new-*            a fresh folder a reset is making, before it is put in place
//   <data>.d.trash-*          a folder that belongs to no document, being deleted
//
// A reset (reset()) commits at one atomic rename, that of the fresh main document, which names the
// generation its fresh folder is marked with; a start after a crash puts the folder of the
// document's generation in place and deletes the others (settleFolders()).
//
// Files are created 0600 and folders 0700 (fs.ts): they hold mail, API keys and webhook secrets.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Memory } from 'lowdb';
import { FileBlobs, MemoryBlobs, type BlobStore } from './blobs.js';
import { Doc } from './document.js';
import { DEFAULT_SYNC_MODE, Durability, type RoundTimer, type SyncMode } from './durability.js';
import { StoreError } from './errors.js';
import { DIR_MODE, FILE_MODE, OpenFiles, readIfExistsSync, replaceFileSync, syncFolderSync } from './fs.js';
import { InboxLogFile, type LogDoc } from './inbox-log.js';
import { DurableJsonFile } from './json-file.js';
import { Journal } from './journal.js';
import { DataLock } from './lock.js';

/**
 * The newest data format this build reads and writes. 2: raw messages in pack segments (blobs.ts);
 * data of format 1 (a blob file per message) is read as it is, and marked 2 when opened, so an older
 * build, which cannot read the segments, refuses it instead of answering messages without bodies.
 * 3: the core keeps usage counters and pending webhook deliveries in side documents (side()), which
 * a build of format 2 would not read; data of format 1 or 2 is marked 3 when opened, and the core
 * moves what it kept in the main document.
 */
export const STORE_FORMAT = 3;

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
  /**
   * Set by the store: the mark of the mail folder this document belongs to (written by a reset,
   * absent before the first one); a folder with another mark is never paired with it.
   */
  generation?: string;
}

/** The file in the mail folder that holds its generation. */
const GENERATION_FILE = 'generation';

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
  /** Documents of their own beside the main one (side()), by name. */
  readonly #sides = new Map<string, Doc<unknown>>();

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
    if (!path) return new Store<M, I>(null, seed(), opts);
    mkdirSync(dirname(path), { recursive: true, mode: DIR_MODE });
    const lock = DataLock.take(path);
    let store: Store<M, I>;
    try {
      settleFolders(path, foldersOf(path).data, (opts.sync ?? DEFAULT_SYNC_MODE) !== 'never');
      store = new Store<M, I>(path, seed(), opts);
    } catch (e) {
      lock.release();
      throw e;
    }
    store.#lock = lock;
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
   * A document of its own beside the main one, `<data>.<name>.json` (in memory without a data
   * file), rewritten whole and atomically as the main one is: for what changes too often to ride on
   * the main document's writes, or is too large to. Not read yet (read() does); flush() and close()
   * wait for its writes. What it means, and what becomes of it at a reset, is the caller's business.
   */
  side<T>(name: string, initial: T): Doc<T> {
    if (!/^[a-z][a-z-]*$/.test(name) || this.#sides.has(name)) throw new Error(`side document "${name}": a new lower-case name`);
    const doc = this.path
      ? new Doc<T>(new DurableJsonFile<T>(`${this.path.replace(/\.json$/i, '')}.${name}.json`, { fsync: this.durability.syncsRewrites }), initial)
      : new Doc<T>(new Memory<T>(), initial);
    this.#sides.set(name, doc as Doc<unknown>);
    return doc;
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
   * Replaces everything with a fresh document (the control surface's reset), at once. In one
   * synchronous step the loaded inbox logs are let go (a write still coming to one is dropped), the
   * folder of logs, blobs and journal is set aside whole (renamed to `.old-*`), and a fresh one is
   * made, marked with a new generation, which the fresh document in memory names; mail arriving
   * meanwhile writes into the old folder or the new one. The commit point is the fresh document's
   * write (a temp file renamed over the old one): a crash before it leaves the old document, and
   * the next start puts the set-aside folder back (settleFolders()); a crash after it leaves the
   * fresh document with the fresh folder. Only once it is written is the old folder deleted.
   */
  async reset(seed: () => Main): Promise<void> {
    this.#epoch++;
    for (const doc of this.#inboxes.values()) {
      const adapter = doc.low.adapter;
      if (adapter instanceof InboxLogFile) adapter.detach();
    }
    this.#inboxes.clear();
    this.#logFiles.closeAll();
    const fresh = seed();
    let aside: string | null = null;
    if (this.#folders) {
      this.journal.close();
      this.blobs.reset();
      this.#census = true;
      const data = this.#folders.data;
      const sync = this.durability.syncsRewrites;
      const generation = randomBytes(8).toString('hex');
      // The fresh folder is made whole, marked, under a name no start takes for a mail folder.
      const made = `${data}.new-${generation}`;
      for (const sub of ['inboxes', 'blobs', 'journal']) mkdirSync(join(made, sub), { recursive: true, mode: DIR_MODE });
      replaceFileSync(join(made, GENERATION_FILE), `${generation}\n`, sync);
      aside = `${data}.old-${generation}`;
      try {
        renameSync(data, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        aside = null;
      }
      renameSync(made, data);
      // The folders are in place on disk before the document that names them can be.
      if (sync) syncFolderSync(dirname(data));
      fresh.generation = generation;
    }
    this.main.data = fresh;
    await this.main.commit();
    if (aside) {
      const trash = `${this.#folders!.data}.trash-${basename(aside).slice(-16)}`;
      try {
        renameSync(aside, trash);
      } catch (e) {
        // The reset is done; the next start deletes the folder (it is not the document's).
        return this.#onError(e as Error, aside);
      }
      this.#removeTrash(trash);
    }
  }

  async flush(): Promise<void> {
    await this.main.flush();
    await Promise.all([...this.#sides.values()].map((d) => d.flush()));
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

/** The generation a mail folder is marked with: null when there is no folder, '' when it has no mark. */
function generationOf(folder: string): string | null {
  if (!existsSync(folder)) return null;
  return readIfExistsSync(join(folder, GENERATION_FILE))?.toString('utf8').trim() ?? '';
}

/**
 * At start, under the lock: puts in place the mail folder of the main document's generation and
 * moves every other one to a trash name (Store.#removeOldTrash() deletes them). A reset cut short
 * before its commit point left the fresh folder in place and the document's set aside (`.old-*`):
 * the two change places. No folder of the document's generation (the folder was deleted, or the
 * document or folder copied in by hand): the folder in place, if any, is kept, marked as the
 * document's, as before generations were written. A document that cannot be read is left to
 * Store.open() to refuse.
 */
function settleFolders(path: string, data: string, sync: boolean): void {
  let wanted = '';
  try {
    const doc = JSON.parse(readIfExistsSync(path)?.toString('utf8') ?? '{}') as Versioned | null;
    if (typeof doc?.generation === 'string') wanted = doc.generation;
  } catch {
    return;
  }
  const parent = dirname(data);
  const names = readdirSync(parent);
  const named = (infix: string) => names.filter((n) => n.startsWith(`${basename(data)}.${infix}-`)).map((n) => join(parent, n));
  const aside = named('old');
  const trash = (dir: string) => renameSync(dir, `${data}.trash-${randomBytes(8).toString('hex')}`);
  // A fresh folder a reset had not put in place yet: that reset never committed.
  for (const dir of named('new')) trash(dir);
  const live = generationOf(data);
  if (live !== wanted) {
    const match = aside.find((dir) => generationOf(dir) === wanted);
    if (match) {
      if (live !== null) trash(data);
      renameSync(match, data);
      aside.splice(aside.indexOf(match), 1);
    } else {
      mkdirSync(data, { recursive: true, mode: DIR_MODE });
      if (wanted) replaceFileSync(join(data, GENERATION_FILE), `${wanted}\n`, sync);
      else rmSync(join(data, GENERATION_FILE), { force: true });
    }
  }
  for (const dir of aside) trash(dir);
  if (sync) syncFolderSync(parent);
}

/** A loaded log that is not kept (a reset or another load came first): what it counted is let go. */
function forget<D extends LogDoc>(doc: Doc<D>): void {
  const adapter = doc.low.adapter;
  if (adapter instanceof InboxLogFile) adapter.forget();
}
