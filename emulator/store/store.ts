// The files of one data file, opened together: the main document (a lowdb JSON file, rewritten
// whole and atomically), one Maildir per inbox with its JSON index (maildir.ts), the durability
// policy they share, and the lock. `path: null` (`--memory`) is the same store in a temporary folder,
// fsync off, removed when it closes. What the documents mean is the core's business.
//
//   <data>.json                    main document              json-file.ts, document.ts
//   <data>.json.lock               pid of the owner           lock.ts
//   <data>.d/mail/<inbox>/{tmp,new,cur}/   raw messages       maildir.ts
//   <data>.d/mail/<inbox>/index.json       its summaries (a cache of the folder)
//   <data>.d.trash-*               a reset's old folder, being deleted
//
// Files are created 0600 and folders 0700 (fs.ts): they hold mail, API keys and webhook secrets.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Doc } from './document.js';
import { DEFAULT_SYNC_MODE, Durability, type RoundTimer, type SyncMode } from './durability.js';
import { StoreError } from './errors.js';
import { DIR_MODE, FILE_MODE } from './fs.js';
import { DurableJsonFile } from './json-file.js';
import { DataLock } from './lock.js';
import { Maildirs } from './maildir.js';
import { migrateV2, removeV2 } from './migrate-v2.js';

/**
 * The newest data format this build reads and writes. 3: a Maildir per inbox (maildir.ts); data of
 * format 2 (pack segments, inbox logs, a journal) is migrated at the first start (migrate-v2.ts).
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
}

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
    const store = new Store<M>(path, temporary, seed(), opts);
    if (temporary) process.once('exit', store.#removeAtExit);
    mkdirSync(dirname(path), { recursive: true, mode: DIR_MODE });
    try {
      store.#lock = DataLock.take(path);
      mkdirSync(store.mail.root, { recursive: true, mode: DIR_MODE });
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
   * Replaces everything with a fresh document (the control surface's reset), at once: the loaded
   * indexes are let go, the folder of Maildirs is renamed away to a trash name and a fresh one made
   * in the same synchronous step, so mail arriving meanwhile writes either into the old folder or the
   * new one, never into a folder being deleted; the old one is deleted in the background (and at the
   * next start if that is cut short). Then the fresh main document is written.
   */
  async reset(seed: () => Main): Promise<void> {
    this.mail.forget();
    this.main.data = seed();
    const trash = `${this.#data}.trash-${randomBytes(6).toString('hex')}`;
    let moved = true;
    try {
      renameSync(this.#data, trash);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      moved = false;
    }
    mkdirSync(this.mail.root, { recursive: true, mode: DIR_MODE });
    if (moved) this.#removeTrash(trash);
    await this.main.commit();
  }

  async flush(): Promise<void> {
    await this.main.flush();
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
