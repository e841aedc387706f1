// Durable state on lowdb. One main JSON document holds accounts, domains, inboxes, webhooks, DNS and
// usage; each inbox has its own small document (message summaries and timeline, bounded by
// retention); message bodies and attachments are blob files beside them. A write's cost therefore
// depends on the size of one small document, never on how much mail is stored.
//
// Writes are atomic (temp file, fsync, rename) and coalesced: every change made before a write starts
// is carried by that one write, and commit() resolves only once the change is stored (in the page
// cache at least; when it is fsynced follows the sync mode, durability.ts). A lock file keeps a
// second emulator off the same data. `path: null` keeps everything in memory.
import { mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync, closeSync, existsSync } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { Low, Memory, type Adapter } from 'lowdb';
import { DEFAULT_SYNC_MODE, Durability, fsyncFd, openFd, syncFolder, type SyncMode } from './durability.js';
import { Journal } from './journal.js';

export const STORE_FORMAT = 1;

export class StoreError extends Error {
  constructor(readonly code: 'data_locked' | 'data_format_newer' | 'data_corrupt', message: string, readonly hint: string) {
    super(message);
    this.name = 'StoreError';
  }
}

/** lowdb adapter that writes atomically and durably: temp file, fsync, rename, fsync of the folder. */
export class DurableJsonFile<T> implements Adapter<T> {
  readonly #file: string;
  readonly #tmp: string;
  readonly #fsync: boolean;

  constructor(file: string, opts: { fsync?: boolean } = {}) {
    this.#file = file;
    this.#tmp = join(dirname(file), `.${basename(file)}.tmp`);
    this.#fsync = opts.fsync ?? true;
  }

  async read(): Promise<T | null> {
    const text = await readIfExists(this.#file, 'utf8');
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new StoreError('data_corrupt', `${this.#file} is not valid JSON`, 'Restore it from a backup, or start with another --data file.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new StoreError('data_corrupt', `${this.#file} does not hold a JSON object`, 'Restore it from a backup, or start with another --data file.');
    }
    return value as T;
  }

  async write(data: T): Promise<void> {
    const text = JSON.stringify(data); // snapshot taken synchronously, before any await
    await writeFileDurably(this.#tmp, text, this.#fsync);
    await rename(this.#tmp, this.#file);
    if (this.#fsync) await syncFolder(dirname(this.#file));
  }
}

/** A file's contents, or null when it does not exist. */
export async function readIfExists(file: string): Promise<Buffer | null>;
export async function readIfExists(file: string, encoding: 'utf8'): Promise<string | null>;
export async function readIfExists(file: string, encoding?: 'utf8'): Promise<Buffer | string | null> {
  try {
    return encoding ? await readFile(file, encoding) : await readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

// File writes use plain file descriptors. fsync (which waits for the disk) goes to the thread pool;
// writing a buffer into the page cache, closing, and opening a file on the ingest path (a blob, an
// inbox log) are synchronous: they take microseconds, and a thread-pool round trip for each cost a
// quarter of a millisecond on the way to the SMTP reply. The promise FileHandle API costs several
// times the CPU per call, which showed in the ingestion rate.
export function writeAllSync(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  let off = 0;
  while (off < buf.byteLength) off += writeSync(fd, buf, off, buf.byteLength - off);
}

export async function writeFileDurably(file: string, data: string | Uint8Array, fsync: boolean): Promise<void> {
  const fd = await openFd(file, 'w');
  try {
    writeAllSync(fd, data);
    if (fsync) await fsyncFd(fd);
  } finally {
    closeSync(fd);
  }
}


/**
 * A lowdb document with coalesced writes: all commit() calls made before the write starts share it.
 * At most one write runs at a time and at most one more waits.
 */
export class Doc<T> {
  readonly low: Low<T>;
  #scheduled: Promise<void> | null = null;
  #inflight: Promise<void> = Promise.resolve();
  writes = 0;

  constructor(adapter: Adapter<T>, initial: T) {
    this.low = new Low<T>(adapter, initial);
  }

  get data(): T {
    return this.low.data;
  }

  set data(v: T) {
    this.low.data = v;
  }

  async read(): Promise<boolean> {
    const before = this.low.data;
    await this.low.read();
    return this.low.data !== before;
  }

  commit(): Promise<void> {
    if (this.#scheduled) return this.#scheduled;
    const prev = this.#inflight;
    const p = new Promise<void>((resolveP, rejectP) => {
      setImmediate(() => {
        prev.catch(() => undefined).then(() => {
          this.#scheduled = null;
          this.writes++;
          const w = this.low.write();
          this.#inflight = w;
          w.then(resolveP, rejectP);
        });
      });
    });
    this.#scheduled = p;
    return p;
  }

  /** Resolves once every write asked for so far is done (fsynced as the sync mode says). */
  async flush(): Promise<void> {
    if (this.#scheduled) await this.#scheduled;
    await this.#inflight;
  }
}

/** A blob being written by BlobStore.create(). */
export interface BlobWriter {
  /** Appends bytes (synchronously; throws on a write error). */
  write(chunk: Uint8Array): void;
  /** No more bytes: resolves once they are stored as the sync mode asks and the file is closed. */
  end(): Promise<void>;
  /** Closes the file without syncing, unless end() came first (the caller removes the blob). */
  abort(): void;
}

/** Blob files (message bodies, attachments) beside the documents. */
export interface BlobStore {
  /**
   * Starts a new blob written piece by piece, so a large one never sits in memory. Meant for fresh
   * names: the file is written in place, no temp file. Writes go straight to the file (page cache)
   * on the caller's thread; `end()` then starts making them durable.
   */
  create(name: string): BlobWriter;
  /**
   * A second name for the same content (a hard link where possible, else a copy). A name that is
   * already there is left as it is: names are unique, so it is this content (a link made before a
   * crash, say).
   */
  link(from: string, to: string): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  /** The blob as a stream (read piece by piece: a large one never sits in memory), or null when absent. */
  openRead(name: string): Promise<Readable | null>;
  remove(name: string): Promise<void>;
}

class FileBlobs implements BlobStore {
  constructor(
    readonly dir: string,
    readonly durability: Durability,
  ) {}

  #path(name: string): string {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) throw new Error(`bad blob name ${name}`);
    return join(this.dir, name);
  }

  create(name: string): BlobWriter {
    // Opened and written on the main thread: a thread-pool round trip per call cost more than the call.
    const path = this.#path(name);
    const fd = openSync(path, 'w');
    const { durability, dir } = this;
    let state: 'writing' | 'ended' | 'aborted' = 'writing';
    return {
      write(chunk) {
        if (state !== 'writing') throw new Error(`the blob ${name} is ${state}`);
        writeAllSync(fd, chunk);
      },
      end() {
        if (state !== 'writing') return Promise.reject(new Error(`the blob ${name} is ${state}`));
        state = 'ended';
        // `always`: the file's fsync also commits its new entry on journaling file systems.
        durability.laterFolder(dir);
        return durability.settle(fd, path).finally(() => closeSync(fd));
      },
      abort() {
        if (state !== 'writing') return;
        state = 'aborted';
        closeSync(fd);
      },
    };
  }

  async link(from: string, to: string): Promise<void> {
    try {
      await link(this.#path(from), this.#path(to));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw e;
      if (code === 'EEXIST') return;
      // No hard links here: a copy, whose bytes need their own sync (a link shares the original's).
      await copyFile(this.#path(from), this.#path(to));
      await this.durability.settlePath(this.#path(to));
    } finally {
      this.durability.laterFolder(this.dir);
    }
  }

  read(name: string): Promise<Buffer | null> {
    return readIfExists(this.#path(name));
  }

  async openRead(name: string): Promise<Readable | null> {
    try {
      // Opened first so a missing blob is null here rather than an error on the stream later.
      const handle = await open(this.#path(name), 'r');
      return handle.createReadStream({ highWaterMark: 64 * 1024 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await unlink(this.#path(name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    } finally {
      this.durability.laterFolder(this.dir);
    }
  }

  pathOf(name: string): string {
    return this.#path(name);
  }
}

class MemoryBlobs implements BlobStore {
  #m = new Map<string, Buffer>();
  create(name: string): BlobWriter {
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => void chunks.push(Buffer.from(chunk)),
      end: async () => void this.#m.set(name, Buffer.concat(chunks)),
      abort: () => undefined,
    };
  }
  async link(from: string, to: string): Promise<void> {
    const buf = this.#m.get(from);
    if (!buf) throw Object.assign(new Error(`no blob ${from}`), { code: 'ENOENT' });
    this.#m.set(to, buf);
  }
  async read(name: string): Promise<Buffer | null> {
    return this.#m.get(name) ?? null;
  }
  async openRead(name: string): Promise<Readable | null> {
    const buf = this.#m.get(name);
    return buf ? Readable.from([buf]) : null;
  }
  async remove(name: string): Promise<void> {
    this.#m.delete(name);
  }
}

export interface StoreOptions {
  /** The main JSON file; null keeps all state in memory. */
  path: string | null;
  /** When writes reach the disk (durability.ts); default `interval`. */
  sync?: SyncMode;
  /** A background fsync failed (`interval` mode). */
  onSyncError?: (error: Error, path: string) => void;
  /** How a per-inbox document is kept on disk (default: DurableJsonFile, rewritten whole). */
  sideAdapter?: (file: string, durability: Durability) => Adapter<any>;
}

/** A versioned document: the store refuses files written by a newer format. */
export interface Versioned {
  format: number;
}

/**
 * Owns the files: the main document, the per-inbox documents and the blobs, plus the lock.
 * It knows nothing of what the documents mean.
 */
export class Store<Main extends Versioned, Side> {
  readonly main: Doc<Main>;
  readonly blobs: BlobStore;
  /** Records of acknowledged work still being done (journal.ts). */
  readonly journal: Journal;
  /** When writes reach the disk, and the background syncs of `interval` mode. */
  readonly durability: Durability;
  readonly path: string | null;
  readonly #sideDir: string | null;
  readonly #sides = new Map<string, Doc<Side>>();
  readonly #sideAdapter: StoreOptions['sideAdapter'];
  #lockPath: string | null = null;

  private constructor(path: string | null, initial: Main, opts: StoreOptions) {
    this.path = path;
    this.#sideAdapter = opts.sideAdapter;
    if (path) {
      this.durability = new Durability(opts.sync ?? DEFAULT_SYNC_MODE, { onError: opts.onSyncError });
      const dataDir = path.replace(/\.json$/i, '') + '.d';
      this.#sideDir = join(dataDir, 'inboxes');
      this.main = new Doc<Main>(new DurableJsonFile<Main>(path, { fsync: this.durability.syncsRewrites }), initial);
      this.blobs = new FileBlobs(join(dataDir, 'blobs'), this.durability);
      this.journal = new Journal(join(dataDir, 'journal'), this.durability);
    } else {
      this.durability = new Durability('never');
      this.#sideDir = null;
      this.main = new Doc<Main>(new Memory<Main>(), initial);
      this.blobs = new MemoryBlobs();
      this.journal = new Journal(null, this.durability);
    }
  }

  /**
   * Opens (and locks) the store; `seed` builds the document of a fresh file; `check` names what is
   * wrong with a loaded document of a readable format (null: nothing), which is then refused.
   */
  static async open<M extends Versioned, S>(
    opts: StoreOptions,
    seed: () => M,
    check: (doc: M) => string | null = () => null,
  ): Promise<Store<M, S>> {
    const path = opts.path ? resolve(opts.path) : null;
    const store = new Store<M, S>(path, seed(), opts);
    if (!path) return store;
    mkdirSync(dirname(path), { recursive: true });
    store.#lock(path);
    try {
      await mkdir(store.#sideDir!, { recursive: true });
      await mkdir((store.blobs as FileBlobs).dir, { recursive: true });
      await mkdir(store.journal.dir!, { recursive: true });
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

  /** The small document of one inbox (created empty on first use). */
  async side(key: string, initial: () => Side): Promise<Doc<Side>> {
    let doc = this.#sides.get(key);
    if (doc) return doc;
    if (this.#sideDir) {
      const file = this.#sideFile(key);
      const adapter = this.#sideAdapter?.(file, this.durability) ?? new DurableJsonFile<Side>(file, { fsync: this.durability.syncsRewrites });
      doc = new Doc<Side>(adapter, initial());
      await doc.read();
    } else {
      doc = new Doc<Side>(new Memory<Side>(), initial());
    }
    const raced = this.#sides.get(key);
    if (raced) return raced;
    this.#sides.set(key, doc);
    return doc;
  }

  /**
   * Syncs blobs and inbox documents that an earlier run wrote and may never have synced (its
   * background round died with it), and everything noted so far; a no-op in memory and `never` mode.
   */
  async syncWrittenBefore(blobNames: string[], sideKeys: string[]): Promise<void> {
    if (!this.#sideDir || !(this.blobs instanceof FileBlobs)) return;
    const blobs = this.blobs;
    const blobPaths = blobNames.flatMap((n) => {
      try {
        return [blobs.pathOf(n)];
      } catch {
        return []; // not a blob name (a damaged record): nothing of ours to sync
      }
    });
    const files = [...new Set([...blobPaths, ...sideKeys.map((k) => this.#sideFile(k))])];
    await this.durability.syncNow(files, [blobs.dir, this.#sideDir]);
  }

  #sideFile(key: string): string {
    return join(this.#sideDir!, `${createHash('sha1').update(key).digest('hex').slice(0, 20)}.json`);
  }

  /** Already-loaded side document, if any. */
  peekSide(key: string): Doc<Side> | undefined {
    return this.#sides.get(key);
  }

  async dropSide(key: string): Promise<void> {
    const doc = this.#sides.get(key);
    this.#sides.delete(key);
    if (doc) await doc.flush().catch(() => undefined);
    if (this.#sideDir) await unlink(this.#sideFile(key)).catch(() => undefined);
  }

  /** Replaces everything with a fresh document (the control surface's reset). */
  async reset(seed: () => Main): Promise<void> {
    for (const key of [...this.#sides.keys()]) await this.dropSide(key);
    if (this.#sideDir) {
      const dataDir = dirname(this.#sideDir);
      this.journal.close();
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(this.#sideDir, { recursive: true });
      await mkdir((this.blobs as FileBlobs).dir, { recursive: true });
      await mkdir(this.journal.dir!, { recursive: true });
    }
    this.main.data = seed();
    await this.main.commit();
  }

  async flush(): Promise<void> {
    await this.main.flush();
    await Promise.all([...this.#sides.values()].map((d) => d.flush()));
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

  #lock(path: string): void {
    const lockPath = `${path}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(lockPath, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        this.#lockPath = lockPath;
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const holder = Number.parseInt(safeRead(lockPath), 10);
        if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
          throw new StoreError(
            'data_locked',
            `another inbox emulator (pid ${holder}) is using ${path}`,
            `Stop that emulator first, or start this one with another --data file.`,
          );
        }
        if (holder === process.pid && !lockPredatesProcess(lockPath)) {
          throw new StoreError('data_locked', `${path} is already open in this process`, 'Use another --data file.');
        }
        // Stale lock from a process that is gone (killed, crashed): take it over.
        try {
          unlinkSync(lockPath);
        } catch {
          /* raced with another starter; the next attempt decides */
        }
      }
    }
    throw new StoreError('data_locked', `could not lock ${path}`, 'Another emulator is starting on the same file; try again.');
  }

  #unlock(): void {
    if (!this.#lockPath) return;
    try {
      if (existsSync(this.#lockPath) && safeRead(this.#lockPath) === String(process.pid)) unlinkSync(this.#lockPath);
    } catch {
      /* already gone */
    }
    this.#lockPath = null;
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
