// File primitives of the store: reading a file that may not exist, writing a whole buffer to a
// descriptor, writing a file durably, and fsync of files and folders. Nothing here decides WHEN to
// sync (durability.ts does). Writes into the page cache are synchronous (microseconds); fsync, which
// waits for the disk, goes to the thread pool.
import { closeSync, fdatasync as fdatasyncCb, fsync as fsyncCb, fsyncSync, open as openCb, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Files of the store are the user's own: mail, keys and secrets (0600); its folders 0700. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

export const fsyncFd = (fd: number): Promise<void> => new Promise((resolve, reject) => fsyncCb(fd, (e) => (e ? reject(e) : resolve())));
export const fdatasyncFd = (fd: number): Promise<void> => new Promise((resolve, reject) => fdatasyncCb(fd, (e) => (e ? reject(e) : resolve())));
/** Opens a file; one it creates gets FILE_MODE. */
const openFd = (path: string, flags: string): Promise<number> =>
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
export async function readIfExists(file: string, encoding: 'utf8'): Promise<string | null> {
  try {
    return await readFile(file, encoding);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
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

/** A file's contents read on the calling thread, or null when it does not exist (a start's checks). */
export function readIfExistsSync(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * Replaces a small file whole on the calling thread (a temp file renamed over it), for a step that
 * must not go on before it (a reset). With `sync` the file and its folder are fsynced first.
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
  if (sync) syncFolderSync(dirname(file));
}
