// Raw messages on disk, under `<data>.d/blobs/`, written piece by piece so a large one never sits in
// memory; in memory for an emulator without a data file.
//
// Pack segments. A message is appended to a segment file (`seg-<n>.raw`) kept open on the main
// thread, so storing one costs writes into the page cache and no file created, opened or closed;
// its blob name says where it is: `p<n>_<offset>_<length>`. One writer holds a segment at a time
// (messages received at the same time go to different segments); a segment takes no new message
// once it holds SEGMENT_BYTES, nor one of an earlier run (each run starts new ones), nor one coming
// back from its writer while IDLE_SEGMENTS others wait open (a burst of simultaneous messages
// leaves a bounded number of descriptors open). A message that
// fails while streaming is cut off again (the segment is truncated back, and removed if it was its
// only content). Copies of a message for several inboxes name the same bytes.
//
// Reclaim. A segment is deleted once no inbox log on disk names a message in it: the inbox logs
// report what they wrote (referenced()), ingest pins a message's segment until it is indexed, and a
// segment is removed when its count falls to zero, it takes no more messages, and the census is
// complete (every inbox log of the data folder loaded since the start: store.ts). Until then
// nothing is removed. Space is reclaimed per segment, not per message: a deleted message's bytes
// stay in its segment until the segment's last message is gone.
//
// Blob files of the earlier format (`m<hex>.eml`, one file per message, a hard link per further
// copy) are still read, linked and removed by name.
import { closeSync, ftruncateSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import { copyFile, link, open, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { Durability } from './durability.js';
import { FILE_MODE, readIfExists, readIfExistsSync, readRange, replaceFileSync, writeAtSync } from './fs.js';

/** A blob being written by BlobStore.create(). */
export interface BlobWriter {
  /** Appends bytes (synchronously; throws on a write error). */
  write(chunk: Uint8Array): void;
  /** No more bytes: resolves once they are stored as the sync mode asks. */
  end(): Promise<void>;
  /** Drops what was written, unless end() came first (the caller then forgets the blob). */
  abort(): void;
}

/** A blob being written into the store. */
export interface StoredBlobWriter extends BlobWriter {
  /** The blob's name; final once end() was called (a pack names the place and length). */
  readonly name: string;
}

/** Where a blob's bytes are, for a reader on another thread: a whole file, or a range of one. */
export interface BlobLocation {
  file: string;
  /** Set for a message in a pack segment: its bytes are `size` bytes from here. */
  offset?: number;
}

export interface BlobStore {
  /**
   * Starts a new blob written piece by piece. `name` is its name where each blob has one of its own
   * (in memory); a pack chooses the name itself (writer.name). Writes go straight to the file (page
   * cache) on the caller's thread; `end()` then makes them durable as the sync mode asks. The blob
   * is pinned until release().
   */
  create(name: string): StoredBlobWriter;
  /** Whether copies of a message name this same blob (a pack entry) instead of a link each. */
  shares(name: string): boolean;
  /**
   * A second name for the same content (a hard link where possible, else a copy), for a blob that
   * is not shared. A name that is already there is left as it is: names are unique, so it is this
   * content (a link made before a crash, say).
   */
  link(from: string, to: string): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  /** The blob as a stream (read piece by piece: a large one never sits in memory), or null when absent. */
  openRead(name: string): Promise<Readable | null>;
  /** Removes a blob of its own; a pack entry goes with its segment (see the top). */
  remove(name: string): Promise<void>;
  /** The file holding a blob (null in memory, or for a name that is not a blob name). */
  pathOf(name: string): string | null;
  /** Where a blob's bytes are (null in memory, or for a name that is not a blob name). */
  locate(name: string): BlobLocation | null;
  /** Keeps a blob's segment until release() (a journal record that may be redone names it). */
  pin(name: string): void;
  /** Drops a pin taken by create() or pin(). */
  release(name: string): void;
  /** Inbox logs wrote (or loaded) messages naming `added` and dropped ones naming `removed`. */
  referenced(added: readonly string[], removed: readonly string[]): void;
  /** Every inbox log of the folder has been loaded: counts are whole, and segments may go. */
  censusDone(): void;
  /** The folder was swapped for a fresh one (a reset): open segments are let go, counts start over. */
  reset(): void;
  /** Closes open segments (shutdown). */
  close(): void;
}

/** A segment takes no new message once it holds this much. */
export const SEGMENT_BYTES = 16 * 1024 * 1024;
/**
 * Open segments kept for the next writers: one more coming back is sealed (closed), so a burst of
 * messages received at the same time leaves no more than this many descriptors open.
 */
export const IDLE_SEGMENTS = 64;
const SEGMENT_FILE = /^seg-(\d+)\.raw$/;
/** Segment numbers are reserved this many at a time, in RESERVED_FILE (see #reserve()). */
export const RESERVE_SEGMENTS = 64;
export const RESERVED_FILE = 'segments.next';
const PACK_NAME = /^p(\d+)_(\d+)_(\d+)$/;

interface Entry {
  n: number;
  offset: number;
  length: number;
}

function entryOf(name: string): Entry | null {
  const m = PACK_NAME.exec(name);
  return m ? { n: Number(m[1]), offset: Number(m[2]), length: Number(m[3]) } : null;
}

interface Segment {
  n: number;
  file: string;
  /** -1 once closed. */
  fd: number;
  size: number;
  /** Messages stored in it (ended). */
  entries: number;
  /** A writer holds it. */
  writing: boolean;
  /** Syncs running on its descriptor (it is closed only once they are over). */
  syncs: number;
  /** No full fsync has completed yet (its folder entry may not be durable; `always` mode). */
  fresh: boolean;
  /** Takes no more messages. */
  sealed: boolean;
}

export class FileBlobs implements BlobStore {
  /** Segments of this folder (those of earlier runs are sealed from the start). */
  readonly #segments = new Map<number, Segment>();
  /** Open segments without a writer, the last used first. */
  #idle: Segment[] = [];
  /** References per segment: messages in loaded inbox logs, and pins. */
  readonly #refs = new Map<number, number>();
  #census = false;
  #next = 1;
  /** Numbers below this are recorded as taken in RESERVED_FILE. */
  #reserved = 0;

  constructor(
    readonly dir: string,
    readonly durability: Durability,
  ) {
    this.#scan();
  }

  #path(name: string): string {
    if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) throw new Error(`bad blob name ${name}`);
    const e = entryOf(name);
    return e ? this.#segmentFile(e.n) : join(this.dir, name);
  }

  #segmentFile(n: number): string {
    return join(this.dir, `seg-${n}.raw`);
  }

  /** The segments an earlier run left: sealed, and numbered past. */
  #scan(): void {
    let names: string[] = [];
    try {
      names = readdirSync(this.dir);
    } catch {
      /* a fresh folder */
    }
    for (const name of names) {
      const m = SEGMENT_FILE.exec(name);
      if (!m) continue;
      const n = Number(m[1]);
      this.#next = Math.max(this.#next, n + 1);
      this.#segments.set(n, { n, file: join(this.dir, name), fd: -1, size: 0, entries: 0, writing: false, syncs: 0, fresh: false, sealed: true });
    }
    const reserved = Number(readIfExistsSync(join(this.dir, RESERVED_FILE))?.toString('utf8').trim());
    if (Number.isSafeInteger(reserved) && reserved > 0) this.#next = Math.max(this.#next, reserved);
  }

  /**
   * Records on disk, before any of them is used, that the numbers below `upTo` are taken: a later
   * run numbers past them even when the highest segment file is gone (removed once its messages
   * were, or its folder entry lost to a power cut) while an inbox log still names a message in it.
   * A number used twice would give that message another message's bytes. Written as a new file
   * renamed into place, synced at once in `always` mode and in the next round in `interval` mode.
   */
  #reserve(upTo: number): void {
    const file = join(this.dir, RESERVED_FILE);
    replaceFileSync(file, `${upTo}\n`, this.durability.mode === 'always');
    // `interval`: in the same background round as the inbox-log lines that will name the segment.
    this.durability.later(file);
    this.durability.laterFolder(this.dir);
    this.#reserved = upTo;
  }

  #take(): Segment {
    const idle = this.#idle.pop();
    if (idle) {
      idle.writing = true;
      return idle;
    }
    const n = this.#next++;
    if (n >= this.#reserved) this.#reserve(n + RESERVE_SEGMENTS);
    const file = this.#segmentFile(n);
    const fd = openSync(file, 'wx', FILE_MODE);
    this.durability.laterFolder(this.dir);
    const seg: Segment = { n, file, fd, size: 0, entries: 0, writing: true, syncs: 0, fresh: true, sealed: false };
    this.#segments.set(n, seg);
    return seg;
  }

  /** The writer is done with `seg`: back to the idle ones, or sealed when full. */
  #put(seg: Segment): void {
    seg.writing = false;
    if (!seg.sealed && (seg.size >= SEGMENT_BYTES || this.#idle.length >= IDLE_SEGMENTS)) seg.sealed = true;
    if (seg.sealed) this.#closeIfIdle(seg);
    else this.#idle.push(seg);
  }

  #closeIfIdle(seg: Segment): void {
    if (seg.fd < 0 || seg.writing || seg.syncs > 0 || !seg.sealed) return;
    try {
      closeSync(seg.fd);
    } catch {
      /* already closed */
    }
    seg.fd = -1;
    this.#reclaim(seg.n);
  }

  create(): StoredBlobWriter {
    const seg = this.#take();
    const start = seg.size;
    this.#add(seg.n, 1); // the writer's pin
    const { durability } = this;
    let state: 'writing' | 'ended' | 'aborted' = 'writing';
    let length = 0;
    const put = () => this.#put(seg);
    const closeIfIdle = () => this.#closeIfIdle(seg);
    return {
      get name() {
        return `p${seg.n}_${start}_${length}`;
      },
      write(chunk) {
        if (state !== 'writing') throw new Error(`a blob in segment ${seg.n} is ${state}`);
        writeAtSync(seg.fd, chunk, start + length);
        length += chunk.byteLength;
        seg.size = start + length;
      },
      end() {
        if (state !== 'writing') return Promise.reject(new Error(`a blob in segment ${seg.n} is ${state}`));
        state = 'ended';
        seg.entries++;
        // `always`: until one full fsync of the segment is over, it also commits the file's entry.
        seg.syncs++;
        const fresh = seg.fresh;
        const synced = durability.settle(seg.fd, seg.file, !fresh).then(() => {
          if (fresh && durability.mode === 'always') seg.fresh = false;
        });
        put();
        return synced.finally(() => {
          seg.syncs--;
          closeIfIdle();
        });
      },
      abort: () => {
        if (state !== 'writing') return;
        state = 'aborted';
        // Cut off again: the segment ends where it did before this message.
        try {
          ftruncateSync(seg.fd, start);
          seg.size = start;
        } catch {
          seg.sealed = true; // what it holds past `start` is unknown: no message is appended after it
        }
        if (seg.entries === 0 && !seg.sealed && seg.syncs === 0) {
          // It held only this message: the file goes.
          closeSync(seg.fd);
          seg.fd = -1;
          this.#segments.delete(seg.n);
          try {
            unlinkSync(seg.file);
          } catch {
            /* gone already */
          }
          durability.laterFolder(this.dir);
        } else {
          put();
        }
        this.release(`p${seg.n}_${start}_0`);
      },
    };
  }

  shares(name: string): boolean {
    return PACK_NAME.test(name);
  }

  async link(from: string, to: string): Promise<void> {
    if (this.shares(from)) throw new Error(`the blob ${from} is shared, not linked`);
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
    const e = entryOf(name);
    if (e) return readRange(this.#segmentFile(e.n), e.offset, e.length);
    return readIfExists(this.#path(name));
  }

  async openRead(name: string): Promise<Readable | null> {
    const e = entryOf(name);
    try {
      // Opened first so a missing blob is null here rather than an error on the stream later.
      const handle = await open(this.#path(name), 'r');
      if (!e) return handle.createReadStream({ highWaterMark: 64 * 1024 });
      if (e.length === 0) {
        await handle.close();
        return Readable.from([]);
      }
      return handle.createReadStream({ highWaterMark: 64 * 1024, start: e.offset, end: e.offset + e.length - 1 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    if (this.shares(name)) return;
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

  locate(name: string): BlobLocation | null {
    const file = this.pathOf(name);
    if (!file) return null;
    const e = entryOf(name);
    return e ? { file, offset: e.offset } : { file };
  }

  pin(name: string): void {
    const e = entryOf(name);
    if (e) this.#add(e.n, 1);
  }

  release(name: string): void {
    const e = entryOf(name);
    if (e) this.#add(e.n, -1);
  }

  referenced(added: readonly string[], removed: readonly string[]): void {
    for (const name of added) {
      const e = entryOf(name);
      if (e) this.#add(e.n, 1);
    }
    for (const name of removed) {
      const e = entryOf(name);
      if (e) this.#add(e.n, -1);
    }
  }

  censusDone(): void {
    if (this.#census) return;
    this.#census = true;
    for (const n of [...this.#segments.keys()]) this.#reclaim(n);
  }

  reset(): void {
    // The segments are in the old folder now: the open ones are closed once their writers are done.
    for (const seg of this.#segments.values()) {
      seg.sealed = true;
      this.#closeIfIdle(seg);
    }
    this.#idle = [];
    this.#segments.clear();
    this.#refs.clear();
    // The fresh folder has no inbox logs yet; numbers go on, so a name never means two messages.
    this.#census = true;
  }

  close(): void {
    for (const seg of this.#segments.values()) {
      seg.sealed = true;
      if (seg.fd >= 0 && seg.syncs === 0) {
        try {
          closeSync(seg.fd);
        } catch {
          /* already closed */
        }
        seg.fd = -1;
      }
    }
    this.#idle = [];
  }

  #add(n: number, by: number): void {
    const count = (this.#refs.get(n) ?? 0) + by;
    if (count === 0) this.#refs.delete(n);
    else this.#refs.set(n, count);
    if (count <= 0) this.#reclaim(n);
  }

  /** Deletes segment `n` if nothing names it any more and it takes no more messages. */
  #reclaim(n: number): void {
    if (!this.#census || (this.#refs.get(n) ?? 0) > 0) return;
    const seg = this.#segments.get(n);
    if (!seg || !seg.sealed || seg.fd >= 0 || seg.writing) return;
    this.#segments.delete(n);
    try {
      unlinkSync(seg.file);
    } catch {
      /* gone already */
    }
    this.durability.laterFolder(this.dir);
  }
}

export class MemoryBlobs implements BlobStore {
  #m = new Map<string, Buffer>();
  create(name: string): StoredBlobWriter {
    const chunks: Buffer[] = [];
    return {
      name,
      write: (chunk) => void chunks.push(Buffer.from(chunk)),
      end: async () => void this.#m.set(name, Buffer.concat(chunks)),
      abort: () => undefined,
    };
  }
  shares(): boolean {
    return false;
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
  locate(): null {
    return null;
  }
  pin(): void {}
  release(): void {}
  referenced(): void {}
  censusDone(): void {}
  reset(): void {}
  close(): void {}
}
