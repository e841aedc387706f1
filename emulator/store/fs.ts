// File primitives of the store: reading a file that may not exist, writing a whole buffer to a
// descriptor, writing a file durably, and fsync of files and folders. Nothing here decides WHEN to
// sync (durability.ts does).
//
// File writes use plain file descriptors. fsync (which waits for the disk) goes to the thread pool;
// writing a buffer into the page cache, closing, and opening a file on the ingest path (a blob, an
// inbox log) are synchronous: they take microseconds, while a thread-pool round trip for each costs
// a good share of the time to an SMTP reply (docs/benchmarks.md).
import {
  existsSync,
  closeSync,
  fdatasync as fdatasyncCb,
  fsync as fsyncCb,
  fsyncSync,
  open as openCb,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Files of the store are the user's own: mail, keys and secrets (0600); its folders 0700. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

export const fsyncFd = (fd: number): Promise<void> => new Promise((resolve, reject) => fsyncCb(fd, (e) => (e ? reject(e) : resolve())));
export const fdatasyncFd = (fd: number): Promise<void> => new Promise((resolve, reject) => fdatasyncCb(fd, (e) => (e ? reject(e) : resolve())));
/** Opens a file; one it creates gets FILE_MODE. */
export const openFd = (path: string, flags: string): Promise<number> =>
  new Promise((resolve, reject) => openCb(path, flags, FILE_MODE, (e, fd) => (e ? reject(e) : resolve(fd))));

/** fsync of a file by name. A name that is gone needs no sync (it was removed since). */
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
  } finally {
    closeSync(fd);
  }
}

/**
 * fsync of a folder, so entries added or removed in it last. Failures are not errors: some systems
 * cannot open or fsync a folder at all (Windows), and a rename or link stays atomic without it.
 */
export const syncFolder = (dir: string): Promise<void> => syncPath(dir).catch(() => undefined);

/** As syncFolder(), on the calling thread: for the rare step that must not go on before it (a reset). */
export function syncFolderSync(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* as syncFolder() */
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

/** Whether a file is there (the mail reader looks for its worker's script). */
export function fileExists(file: string): boolean {
  return existsSync(file);
}

/**
 * A file's contents read on the calling thread, or null when it does not exist. For a thread of
 * its own (the mail reader's workers): one read costs less there than a round through the thread pool.
 */
export function readIfExistsSync(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * `length` bytes of a file from `offset` (fewer when the file ends before), or null when the file
 * does not exist.
 */
export async function readRange(file: string, offset: number, length: number): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await handle.read(buf, got, length - got, offset + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === length ? buf : buf.subarray(0, got);
  } finally {
    await handle.close();
  }
}

/** As readRange(), on the calling thread (the mail reader's workers: see readIfExistsSync()). */
export function readRangeSync(file: string, offset: number, length: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, buf, got, length - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    return got === length ? buf : buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** Writes all of `data` at byte `position` of the file (synchronously; throws on a write error). */
export function writeAtSync(fd: number, data: Uint8Array, position: number): void {
  let off = 0;
  while (off < data.byteLength) off += writeSync(fd, data, off, data.byteLength - off, position + off);
}

/** Writes all of `data` at the descriptor's position (synchronously; throws on a write error). */
export function writeAllSync(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  let off = 0;
  while (off < buf.byteLength) off += writeSync(fd, buf, off, buf.byteLength - off);
}

/** Writes a whole file, fsynced before it is closed when `fsync` is set. */
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
 * Replaces a small file whole on the calling thread (a temp file renamed over it), for a write the
 * ingest path needs before it goes on. With `sync` the file and its folder are fsynced first;
 * a folder that cannot be synced is no error (see syncFolder()).
 */
export function replaceFileSync(file: string, data: string, sync: boolean): void {
  const fd = openSync(`${file}.tmp`, 'w', FILE_MODE);
  try {
    writeAllSync(fd, data);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(`${file}.tmp`, file);
  if (!sync) return;
  try {
    const dir = openSync(dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    /* as syncFolder() */
  }
}

/**
 * Descriptors kept open for appending, at most `max` of them not in use (the least recently used
 * closes first), so appending to a file costs no open and close each time.
 */
export class OpenFiles {
  readonly #open = new Map<string, { fd: number; busy: number; dropped: boolean }>();

  constructor(readonly max = 64) {}

  /** A descriptor appending to `file` (created FILE_MODE), in use until `release()`. */
  acquire(file: string): { fd: number; release: () => void } {
    let e = this.#open.get(file);
    if (e)
      this.#open.delete(file); // to the most recently used end
    else e = { fd: openSync(file, 'a', FILE_MODE), busy: 0, dropped: false };
    this.#open.set(file, e);
    e.busy++;
    const entry = e;
    this.#trim();
    let released = false;
    return {
      fd: entry.fd,
      release: () => {
        if (released) return;
        released = true;
        entry.busy--;
        if (entry.dropped && entry.busy === 0) closeQuietly(entry.fd);
        else this.#trim();
      },
    };
  }

  /** Closes the descriptor of `file` (once no one uses it): the file is replaced, or let go. */
  drop(file: string): void {
    const e = this.#open.get(file);
    if (!e) return;
    this.#open.delete(file);
    e.dropped = true;
    if (e.busy === 0) closeQuietly(e.fd);
  }

  /** Closes every descriptor (those in use once they are released). */
  closeAll(): void {
    for (const file of [...this.#open.keys()]) this.drop(file);
  }

  #trim(): void {
    if (this.#open.size <= this.max) return;
    for (const [file, e] of this.#open) {
      if (this.#open.size <= this.max) break;
      if (e.busy === 0) this.drop(file);
    }
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    /* already closed */
  }
}
