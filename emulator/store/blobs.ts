// Blob files: one raw message each, under `<data>.d/blobs/`, written piece by piece so a large one
// never sits in memory; in memory for an emulator without a data file.
import { closeSync, openSync } from 'node:fs';
import { copyFile, link, open, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { Durability } from './durability.js';
import { FILE_MODE, readIfExists, writeAllSync } from './fs.js';

/** A blob being written by BlobStore.create(). */
export interface BlobWriter {
  /** Appends bytes (synchronously; throws on a write error). */
  write(chunk: Uint8Array): void;
  /** No more bytes: resolves once they are stored as the sync mode asks and the file is closed. */
  end(): Promise<void>;
  /** Closes the file without syncing, unless end() came first (the caller removes the blob). */
  abort(): void;
}

export interface BlobStore {
  /**
   * Starts a new blob written piece by piece. Meant for fresh names: the file is written in place,
   * no temp file. Writes go straight to the file (page cache) on the caller's thread; `end()` then
   * makes them durable as the sync mode asks.
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
  /** The file of a blob (null in memory, or for a name that is not a blob name). */
  pathOf(name: string): string | null;
}

export class FileBlobs implements BlobStore {
  constructor(
    readonly dir: string,
    readonly durability: Durability,
  ) {}

  #path(name: string): string {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) throw new Error(`bad blob name ${name}`);
    return join(this.dir, name);
  }

  create(name: string): BlobWriter {
    const path = this.#path(name);
    const fd = openSync(path, 'w', FILE_MODE);
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

  pathOf(name: string): string | null {
    try {
      return this.#path(name);
    } catch {
      return null;
    }
  }
}

export class MemoryBlobs implements BlobStore {
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
  pathOf(): null {
    return null;
  }
}
