// The files of one data file, opened together: the main document (a lowdb JSON file, rewritten
// whole and atomically), one Maildir per inbox with its JSON index (maildir.ts), the durability
// policy they share, and the lock. `path: null` (`--memory`) is the same store in a temporary folder,
// fsync off, removed when it closes. What the documents mean is the core's business.
//
//   <data>.json                    main document              json-file.ts, document.ts
//   <data>.json.lock               pid of the owner           lock.ts
//   <data>.<name>.json             side documents             side(): the core's usage counters and pending webhook deliveries
//   <data>.d/mail/<inbox>/{tmp,new,cur}/   raw messages       maildir.ts
//   <data>.d/mail/<inbox>/index.json       its summaries (a cache of the folder)
//   <data>.d/generation            which main document the folder belongs to (absent before any reset)
//   <data>.d.old-*                 a folder a reset set aside: put back at start if the reset never committed
//   <data>.d.new-*                 a fresh folder a reset is making, before it is put in place
//   <data>.d.trash-*               a folder that belongs to no document, being deleted
//
// A reset (reset()) commits at one atomic rename, that of the fresh main document, which names the
// generation its fresh folder is marked with; a start after a crash puts the folder of the
// document's generation in place and deletes the others (settleFolders()).
//
// Files are created 0600 and folders 0700 (fs.ts): they hold mail, API keys and webhook secrets.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Doc } from './document.js';
import { DEFAULT_SYNC_MODE, Durability, type RoundTimer, type SyncMode } from './durability.js';
import { StoreError } from './errors.js';
import { DIR_MODE, FILE_MODE, readIfExistsSync, replaceFileSync, syncFolderSync } from './fs.js';
import { DurableJsonFile } from './json-file.js';
import { DataLock } from './lock.js';
import { Maildirs } from './maildir.js';
import { migrateV2, removeV2 } from './migrate-v2.js';

/**
 * The newest data format this build reads and writes. 3: a Maildir per inbox (maildir.ts), and
 * the core's usage counters and pending webhook deliveries in side documents (side()); data of
 * format 2 (pack segments, inbox logs, a journal, all in one main document) is migrated at the first
 * start: the mail here (migrate-v2.ts), what the main document kept by the core.
 */
export const STORE_FORMAT = 3;

export interface StoreOptions {
  /** The main JSON file; null: a temporary folder, removed at close. */
  path: string | null;
  /** When writes reach the disk (durability.ts); default `interval` (`never` without a path). */
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

export class Store<Main extends Versioned> {
  readonly main: Doc<Main>;
  /** One Maildir per inbox, with its index (maildir.ts). */
  readonly mail: Maildirs;
  /** When writes reach the disk, and the background syncs of `interval` mode. */
  readonly durability: Durability;
  /** The main file (in the temporary folder for `--memory`). */
  readonly path: string;
  /** Set for `--memory`: the temporary folder removed at close. */
  readonly #temporary: string | null;
  readonly #data: string;
  #lock: DataLock | null = null;
  /** Old folders of resets being deleted in the background. */
  readonly #trash = new Set<Promise<void>>();
  readonly #onError: (error: Error, path: string) => void;
  readonly #removeAtExit = () => this.#removeTemporary();
  /** Documents of their own beside the main one (side()), by name. */
  readonly #sides = new Map<string, Doc<unknown>>();

  private constructor(path: string, temporary: string | null, initial: Main, opts: StoreOptions) {
    this.path = path;
    this.#temporary = temporary;
    this.#onError = opts.onSyncError ?? (() => undefined);
    this.#data = path.replace(/\.json$/i, '') + '.d';
    this.durability = new Durability(temporary ? 'never' : (opts.sync ?? DEFAULT_SYNC_MODE), { onError: opts.onSyncError, timer: opts.timer });
    this.main = new Doc<Main>(new DurableJsonFile<Main>(path, { fsync: this.durability.syncsRewrites }), initial);
    this.mail = new Maildirs(join(this.#data, 'mail'), this.durability);
  }

  /** Whether the store lives in a temporary folder (`--memory`). */
  get temporary(): boolean {
    return this.#temporary !== null;
  }

  /**
   * Opens (and locks) the store; `seed` builds the document of a fresh file; `check` names what is
   * wrong with a loaded document of a readable format (null: nothing), which is then refused. Data
   * of format 2 is migrated first.
   */
  static async open<M extends Versioned>(opts: StoreOptions, seed: () => M, check: (doc: M) => string | null = () => null): Promise<Store<M>> {
    const temporary = opts.path ? null : mkdtempSync(join(tmpdir(), 'inbox-emulator-'));
    const path = opts.path ? resolve(opts.path) : join(temporary!, 'emulator.json');
    mkdirSync(dirname(path), { recursive: true, mode: DIR_MODE });
    const lock = DataLock.take(path);
    let store: Store<M>;
    try {
      settleFolders(path, path.replace(/\.json$/i, '') + '.d', !temporary && (opts.sync ?? DEFAULT_SYNC_MODE) !== 'never');
      store = new Store<M>(path, temporary, seed(), opts);
    } catch (e) {
      lock.release();
      if (temporary) rmSync(temporary, { recursive: true, force: true });
      throw e;
    }
    store.#lock = lock;
    if (temporary) process.once('exit', store.#removeAtExit);
    try {
      mkdirSync(store.mail.root, { recursive: true, mode: DIR_MODE });
      store.mail.clearTmp();
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
        await migrateV2(store.#data, store.main.data as unknown as Parameters<typeof migrateV2>[1], store.mail);
        store.main.data.format = STORE_FORMAT;
        await store.main.commit();
        removeV2(store.#data);
      }
    } catch (e) {
      store.#unlock();
      store.#removeTemporary();
      throw e;
    }
    return store;
  }

  /**
   * A document of its own beside the main one, `<data>.<name>.json` (in memory without a data
   * file), rewritten whole and atomically as the main one is: for what changes too often to ride on
   * the main document's writes, or is too large to. Not read yet (read() does); flush() and close()
   * wait for its writes. What it means, and what becomes of it at a reset, is the caller's business.
   */
  side<T>(name: string, initial: T): Doc<T> {
    if (!/^[a-z][a-z-]*$/.test(name) || this.#sides.has(name)) throw new Error(`side document "${name}": a new lower-case name`);
    const doc = new Doc<T>(new DurableJsonFile<T>(`${this.path.replace(/\.json$/i, '')}.${name}.json`, { fsync: this.durability.syncsRewrites }), initial);
    this.#sides.set(name, doc as Doc<unknown>);
    return doc;
  }

  /**
   * Replaces everything with a fresh document (the control surface's reset), at once. In one
   * synchronous step the loaded indexes are let go (a write still coming to one is dropped), the
   * folder of Maildirs is set aside whole (renamed to `.old-*`), and a fresh one is made, marked with
   * a new generation, which the fresh document in memory names; mail arriving meanwhile writes into
   * the old folder or the new one. The commit point is the fresh document's write (a temp file
   * renamed over the old one): a crash before it leaves the old document, and the next start puts
   * the set-aside folder back (settleFolders()); a crash after it leaves the fresh document with the
   * fresh folder. Only once it is written is the old folder deleted.
   */
  async reset(seed: () => Main): Promise<void> {
    this.mail.forget();
    const fresh = seed();
    const data = this.#data;
    const sync = this.durability.syncsRewrites;
    const generation = randomBytes(8).toString('hex');
    // The fresh folder is made whole, marked, under a name no start takes for a mail folder.
    const made = `${data}.new-${generation}`;
    mkdirSync(join(made, 'mail'), { recursive: true, mode: DIR_MODE });
    replaceFileSync(join(made, GENERATION_FILE), `${generation}\n`, sync);
    let aside: string | null = `${data}.old-${generation}`;
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
    this.main.data = fresh;
    await this.main.commit();
    if (aside) {
      const trash = `${data}.trash-${generation}`;
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
    await this.mail.flush();
  }

  /** Writes what is pending and syncs it (in every mode but `never`), then lets the files go. */
  async close(): Promise<void> {
    try {
      await this.flush();
      await this.durability.close();
      await this.trashed();
    } finally {
      this.#unlock();
      this.#removeTemporary();
    }
  }

  /** Resolves once the old folders of resets are deleted (tests, shutdown). */
  async trashed(): Promise<void> {
    while (this.#trash.size > 0) await Promise.all([...this.#trash]);
  }

  /** Files and folders of an earlier version (0644, 0755) are made the user's own. */
  #tighten(): void {
    const chmod = (p: string, mode: number) => {
      try {
        chmodSync(p, mode);
      } catch {
        /* not there yet, or not ours to change */
      }
    };
    chmod(this.path, FILE_MODE);
    for (const dir of [this.#data, this.mail.root]) chmod(dir, DIR_MODE);
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
    const prefix = `${basename(this.#data)}.trash-`;
    let names: string[] = [];
    try {
      names = readdirSync(dirname(this.#data));
    } catch {
      return;
    }
    for (const name of names) if (name.startsWith(prefix)) this.#removeTrash(join(dirname(this.#data), name));
  }

  #removeTemporary(): void {
    if (!this.#temporary) return;
    process.removeListener('exit', this.#removeAtExit);
    rmSync(this.#temporary, { recursive: true, force: true });
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
