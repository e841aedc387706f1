// The mail on disk: one Maildir per inbox under `<data>.d/mail/`, any Maildir tool can open it
// (mutt, Python's mailbox.Maildir). A message's raw bytes are written once into `tmp/` of its first
// recipient, synced as the sync mode asks, hard-linked into each recipient's `new/` (a copy where
// links fail), and never changed; it moves to `cur/` once everything its arrival set off is recorded.
// What the bytes cannot tell is in the file's name, `<arrival ms>.<copy id>.<trace bytes>.inbox`: the
// arrival time on the emulator's clock, the copy's id, and how many bytes of trace header
// (`Return-Path:`, the envelope sender) were put before the bytes that were sent. Beside each Maildir,
// `index.json` holds the inbox's summaries: a cache, checked against the folder at start (Ingest.recover(), core/mail/ingest.ts).
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { readdir, rename, rm, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { Doc } from './document.js';
import type { Durability } from './durability.js';
import { DIR_MODE, FILE_MODE, writeAllSync } from './fs.js';
import { DurableJsonFile } from './json-file.js';

/** Bytes read from a message file at a time. */
const CHUNK = 64 * 1024;

/** A message file of one inbox, as its name tells it. */
export interface MailFile {
  /** The unique part of the name (without `:2,` and flags): the same in `new/` and `cur/`. */
  name: string;
  at: number;
  id: string;
  /** Bytes of trace header before the message as it was sent. */
  skip: number;
}

const NAME = /^(\d+)\.([A-Za-z0-9_-]+)\.(\d+)\.inbox$/;

export function mailFileName(at: number, id: string, skip: number): string {
  return `${at}.${id}.${skip}.inbox`;
}

/** The file a name stands for (flags after `:` dropped), or null for a name this store did not write. */
export function parseMailFile(fileName: string): MailFile | null {
  const name = fileName.split(':')[0]!;
  const m = NAME.exec(name);
  return m ? { name, at: Number(m[1]), id: m[2]!, skip: Number(m[3]) } : null;
}

/** The name of a folder discard() set aside, being deleted (a dot: never an inbox's). */
const TRASH = '.trash-';

/** Longest folder name spelled out from its address; file systems allow 255 bytes. */
const MAX_FOLDER = 200;
/** In a folder whose name is a digest: the address it holds. */
const ADDRESS_FILE = 'address';

/**
 * The folder of an address: lower-case letters, digits and `._@+-` as they are, every other byte of
 * its UTF-8 (upper-case letters too, so two addresses never meet on a case-insensitive file system)
 * as `%XX`. Reversible (addressOf()). An address whose spelling would pass MAX_FOLDER bytes (a long
 * local part on a long domain) gets `~` and the SHA-256 of the address instead, and the address is
 * written in the folder's `address` file.
 */
export function folderOf(address: string): string {
  let out = '';
  for (const byte of Buffer.from(address, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[a-z0-9._@+-]/.test(c) && !(out === '' && c === '.') ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out.length <= MAX_FOLDER ? out : `~${createHash('sha256').update(address).digest('hex')}`;
}

/** The address of a folder name spelled out from it (not a digest); null for a name this store did not make. */
export function addressOf(folder: string): string | null {
  try {
    const address = decodeURIComponent(folder);
    return folderOf(address) === folder ? address : null;
  } catch {
    return null;
  }
}

/** A message being written: its bytes go to `tmp/`; end() puts a link in each recipient's `new/`. */
export interface MailWriter {
  write(chunk: Uint8Array): void;
  /** Resolves once the message is in each `new/`, as durable as the sync mode asks. */
  end(): Promise<void>;
  /** The message failed while it came in: nothing of it stays. */
  abort(): void;
}

export interface InboxIndex {
  inbox: string;
  messages: Array<{ file: string }>;
}

export class Maildirs {
  readonly #indexes = new Map<string, Doc<InboxIndex & Record<string, unknown>>>();
  /** Counts resets (forget()): an index read across one belongs to the old state. */
  #epoch = 0;
  /** Per inbox, how many times it was emptied (discard()). */
  readonly #discards = new Map<string, number>();
  /** Inboxes whose folders were made (since the last reset). */
  readonly #made = new Set<string>();

  constructor(
    readonly root: string,
    private readonly durability: Durability,
  ) {}

  #dir(inbox: string, sub?: 'tmp' | 'new' | 'cur'): string {
    const dir = join(this.root, folderOf(inbox));
    return sub ? join(dir, sub) : dir;
  }

  #make(inbox: string): void {
    if (this.#made.has(inbox)) return;
    for (const sub of ['tmp', 'new', 'cur'] as const) mkdirSync(this.#dir(inbox, sub), { recursive: true, mode: DIR_MODE });
    if (folderOf(inbox).startsWith('~')) writeFileSync(join(this.#dir(inbox), ADDRESS_FILE), inbox, { mode: FILE_MODE });
    this.#made.add(inbox);
  }

  /**
   * Starts a message for these copies (inbox and name each), its bytes preceded by `trace`. The file
   * is written on the calling thread as the chunks come (the page cache takes them).
   */
  create(copies: Array<{ inbox: string; name: string }>, at: number, trace: string): MailWriter {
    const first = copies[0]!;
    this.#make(first.inbox);
    const tmp = join(this.#dir(first.inbox, 'tmp'), first.name);
    const fd = openSync(tmp, 'wx', FILE_MODE);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      closeSync(fd);
    };
    if (trace) {
      try {
        writeAllSync(fd, trace);
      } catch (e) {
        close();
        unlinkQuietly(tmp);
        throw e;
      }
    }
    return {
      write: (chunk) => writeAllSync(fd, chunk),
      abort: () => {
        close();
        unlinkQuietly(tmp);
      },
      end: async () => {
        try {
          if (this.durability.mode === 'always') await this.durability.settle(fd, tmp);
          close();
          const when = new Date(at);
          utimesSync(tmp, when, when);
        } catch (e) {
          close();
          unlinkQuietly(tmp);
          throw e;
        }
        const made: string[] = [];
        try {
          // The first copy takes the file by rename; the others are hard links to it (copies where
          // the file system has none).
          for (const [i, c] of copies.entries()) {
            this.#make(c.inbox);
            const to = join(this.#dir(c.inbox, 'new'), c.name);
            if (i === 0) renameSync(tmp, to);
            else {
              try {
                linkSync(made[0]!, to);
              } catch (e) {
                if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw e;
                copyFileSync(made[0]!, to);
                await this.durability.settlePath(to);
              }
            }
            made.push(to);
          }
          // In `interval` mode the round syncs it (by its name in cur/ once settle() moved it).
          this.durability.later(made[0]!);
          for (const c of new Set(copies.map((x) => x.inbox))) await this.durability.settleFolder(this.#dir(c, 'new'));
        } catch (e) {
          for (const path of [...made, tmp]) unlinkQuietly(path);
          throw e;
        }
      },
    };
  }

  /** A message a migration or a copy brings in whole: written to `tmp/`, then moved to `new/` or `cur/`. */
  async put(inbox: string, name: string, bytes: Uint8Array, at: number, where: 'new' | 'cur'): Promise<void> {
    this.#make(inbox);
    const tmp = join(this.#dir(inbox, 'tmp'), name);
    const fd = openSync(tmp, 'w', FILE_MODE);
    try {
      writeAllSync(fd, bytes);
      await this.durability.settle(fd, tmp);
    } finally {
      closeSync(fd);
    }
    utimesSync(tmp, new Date(at), new Date(at));
    await rename(tmp, join(this.#dir(inbox, where), where === 'cur' ? `${name}:2,` : name));
    await this.durability.settleFolder(this.#dir(inbox, where));
  }

  /**
   * Syncs copies an earlier run left in `new/` (its background round may have died with it) and
   * their folder, before the start settles them (every mode but `never`).
   */
  async syncLeftovers(inbox: string, names: string[]): Promise<void> {
    await this.durability.syncNow(
      names.map((n) => join(this.#dir(inbox, 'new'), n)),
      [this.#dir(inbox, 'new')],
    );
  }

  /** Everything its arrival set off is recorded: the copy moves from `new/` to `cur/`. */
  settle(inbox: string, name: string): void {
    const from = join(this.#dir(inbox, 'new'), name);
    const to = join(this.#dir(inbox, 'cur'), `${name}:2,`);
    try {
      renameSync(from, to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      return;
    }
    this.durability.moved(from, to);
  }

  /**
   * Removes a copy (from `new/` or `cur/`). `new/` first: a copy only ever moves from `new/` to
   * `cur/` (settle()), so one that moves while this runs is still found in `cur/`.
   */
  async remove(inbox: string, name: string): Promise<void> {
    for (const path of [join(this.#dir(inbox, 'new'), name), join(this.#dir(inbox, 'cur'), `${name}:2,`)]) {
      try {
        await unlink(path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    this.durability.laterFolder(this.#dir(inbox, 'cur'));
  }

  /** Where a copy's file is: in `new/` until it is settled, then in `cur/` (in that order). */
  paths(inbox: string, name: string): string[] {
    return [join(this.#dir(inbox, 'new'), name), join(this.#dir(inbox, 'cur'), `${name}:2,`)];
  }

  /** The message as it was sent (trace header skipped), streamed; null when its file is gone. */
  open(inbox: string, file: MailFile, withTrace = false): Promise<Readable | null> {
    return openMessageFile(this.paths(inbox, file.name), withTrace ? 0 : file.skip);
  }

  /** The inboxes that have a folder. */
  inboxes(): string[] {
    let names: string[] = [];
    try {
      names = readdirSync(this.root);
    } catch {
      return [];
    }
    const out: string[] = [];
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const address = name.startsWith('~') ? readAddress(join(this.root, name)) : addressOf(name);
      if (address !== null) out.push(address);
    }
    return out;
  }

  /**
   * At start, under the lock, with nothing in flight: what a killed run left half-written in a
   * `tmp/` (a message cut off mid-DATA) is deleted, and so are the folders of emptied inboxes
   * (discard()) that it had not deleted yet.
   */
  clearTmp(): void {
    let names: string[] = [];
    try {
      names = readdirSync(this.root);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(TRASH)) {
        rmSync(join(this.root, name), { recursive: true, force: true });
        continue;
      }
      const dir = join(this.root, name, 'tmp');
      let files: string[] = [];
      try {
        files = readdirSync(dir);
      } catch {
        continue;
      }
      for (const f of files) unlinkQuietly(join(dir, f));
    }
  }

  /** The copies of an inbox: those in `new/` (still to be settled) and in `cur/`. */
  async listing(inbox: string): Promise<{ fresh: MailFile[]; kept: MailFile[] }> {
    const read = async (sub: 'new' | 'cur') => {
      try {
        return (await readdir(this.#dir(inbox, sub))).map(parseMailFile).filter((f): f is MailFile => f !== null);
      } catch {
        return [];
      }
    };
    return { fresh: await read('new'), kept: await read('cur') };
  }

  /** The index of an inbox, read once (a missing or unreadable one reads as `initial`). */
  async index<T extends InboxIndex>(inbox: string, initial: () => T): Promise<{ doc: Doc<T>; readable: boolean }> {
    const had = this.#indexes.get(inbox) as Doc<T> | undefined;
    if (had) return { doc: had, readable: true };
    const epoch = this.#epoch;
    this.#make(inbox);
    const doc = new Doc<T>(new IndexFile<T>(join(this.#dir(inbox), 'index.json'), this.durability), initial());
    let readable = true;
    try {
      await doc.read();
      if (!Array.isArray(doc.data.messages) || doc.data.inbox !== inbox) throw new Error('not an index');
    } catch {
      readable = false;
      doc.data = initial();
    }
    if (epoch !== this.#epoch) return this.index(inbox, initial);
    const raced = this.#indexes.get(inbox) as Doc<T> | undefined;
    if (raced) return { doc: raced, readable: true };
    this.#indexes.set(inbox, doc as unknown as Doc<InboxIndex & Record<string, unknown>>);
    return { doc, readable };
  }

  loaded<T extends InboxIndex>(inbox: string): Doc<T> | undefined {
    return this.#indexes.get(inbox) as Doc<T> | undefined;
  }

  /**
   * Empties an inbox at once (a scoped reset): its folder is renamed out of the way in one step, so a
   * crash leaves it whole or gone, never half; then it is deleted. Its loaded index is let go (a
   * write still coming to it is dropped), and the next message makes a fresh folder.
   */
  async discard(inbox: string): Promise<void> {
    this.#epoch++;
    this.#discards.set(inbox, this.discards(inbox) + 1);
    const doc = this.#indexes.get(inbox);
    if (doc) (doc.low.adapter as IndexFile<unknown>).detach();
    this.#indexes.delete(inbox);
    this.#made.delete(inbox);
    const trash = join(this.root, `${TRASH}${randomBytes(8).toString('hex')}`);
    try {
      renameSync(this.#dir(inbox), trash);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    await this.durability.settleFolder(this.root);
    await rm(trash, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }

  /** How many times the inbox was emptied (discard()): a copy written before one belongs to no index after it. */
  discards(inbox: string): number {
    return this.#discards.get(inbox) ?? 0;
  }

  /** Lets every loaded index go (a reset). */
  forget(): void {
    this.#epoch++;
    this.#made.clear();
    for (const doc of this.#indexes.values()) (doc.low.adapter as IndexFile<unknown>).detach();
    this.#indexes.clear();
  }

  /** Writes every index with a change pending. */
  async flush(): Promise<void> {
    await Promise.all(
      [...this.#indexes.values()].map(async (d) => {
        await d.flush().catch(() => undefined);
        const file = d.low.adapter as IndexFile<unknown>;
        try {
          file.writeNow();
        } catch (e) {
          // A cache: the start rebuilds it from the folder.
          this.durability.failed(e as Error, file.path);
        }
      }),
    );
  }
}

/** How long after a change an inbox's index is written (and at flush()). */
export const INDEX_WRITE_MS = 1000;

/**
 * An index file, written behind: a change is written INDEX_WRITE_MS later (changes meanwhile ride
 * on the same write), whole, beside the file and renamed over it, so a killed process leaves the old
 * index or the new one, never half of one. Never fsynced. A stale, torn or missing index is rebuilt
 * from the folder at start: the index is a cache of the folder (its timeline, which the folder
 * cannot tell, loses what changed in the last second). A detached one (a reset) writes nothing.
 */
class IndexFile<T> extends DurableJsonFile<T> {
  detached = false;
  readonly path: string;
  #pending: T | null = null;
  #timer: { cancel(): void } | null = null;

  constructor(
    file: string,
    private readonly durability: Durability,
  ) {
    super(file, { fsync: false });
    this.path = file;
  }

  override async write(data: T): Promise<void> {
    if (this.detached) return;
    this.#pending = data;
    this.#timer ??= this.durability.timer.setTimer(INDEX_WRITE_MS, () => {
      try {
        this.writeNow();
      } catch (e) {
        // Kept for the next change or flush(); the start rebuilds the index if it never lands.
        this.#pending ??= data;
        this.durability.failed(e as Error, this.path);
      }
    });
  }

  /** Writes a pending change now (throws when the write fails). */
  writeNow(): void {
    this.#timer?.cancel();
    this.#timer = null;
    const data = this.#pending;
    this.#pending = null;
    if (data === null || this.detached) return;
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(data), { mode: FILE_MODE });
    renameSync(tmp, this.path);
  }

  detach(): void {
    this.detached = true;
    this.#timer?.cancel();
    this.#timer = null;
    this.#pending = null;
  }
}

/** The address a digest-named folder holds; null when it says none. */
function readAddress(dir: string): string | null {
  try {
    const address = readFileSync(join(dir, ADDRESS_FILE), 'utf8');
    return folderOf(address) === basename(dir) ? address : null;
  } catch {
    return null;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* gone already */
  }
}

/**
 * The first of `paths` that exists (a copy moves from `new/` to `cur/`, never back), streamed from
 * byte `skip`; null when none does.
 */
export async function openMessageFile(paths: string[], skip: number): Promise<Readable | null> {
  for (const path of paths) {
    const stream = await openStream(path, skip);
    if (stream) return stream;
  }
  return null;
}

/**
 * A message file as a stream, read with synchronous reads (the page cache answers in microseconds,
 * and a round through the thread pool for each piece would cost more than the read); null when the
 * file is not there.
 */
function openStream(path: string, start: number): Promise<Readable | null> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return Promise.resolve(null);
    return Promise.reject(e);
  }
  let position = start;
  const stream = new Readable({
    highWaterMark: CHUNK,
    read() {
      try {
        const buf = Buffer.allocUnsafe(CHUNK);
        const n = readSync(fd, buf, 0, CHUNK, position);
        position += n;
        this.push(n > 0 ? buf.subarray(0, n) : null);
      } catch (e) {
        this.destroy(e as Error);
      }
    },
    destroy(error, done) {
      closeSync(fd);
      done(error);
    },
  });
  return Promise.resolve(stream);
}
