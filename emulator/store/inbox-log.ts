// An inbox document on disk as JSON lines: a snapshot line, then one line per change since it
// (message added or removed, timeline event added or removed). A write appends only what changed
// since the last write (synced as the sync mode asks, durability.ts), on a descriptor kept open
// (fs.ts OpenFiles), so storing a message costs the same whether its inbox holds one message or a
// hundred; the file is rewritten as a fresh snapshot (temp file, fsync, rename, folder fsync) once
// the appended lines outnumber the document twice over, and when the document's other fields (its
// owner) changed. A torn last line (a crash in the middle of an append that was never acknowledged)
// is ignored when reading.
//
// Messages and timeline events are never changed in place once stored; only added and removed. So
// the change since the last write is found by walking the two lists side by side comparing objects
// (the ones kept are the same objects, in the same order), with no sets built over the inbox. A
// file holding one plain JSON object (the DurableJsonFile format) reads as a snapshot. What a
// message or an event holds is the core's business (core/state.ts): the log knows ids, times, and
// the blob a message names, which it reports as it reads and writes (the reclaim of pack segments,
// blobs.ts).
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import type { Durability } from './durability.js';
import { StoreError } from './errors.js';
import { OpenFiles, readIfExists, syncFolder, writeAllSync, writeFileDurably } from './fs.js';

/** The shape of an inbox document, as far as the log needs to know it. */
export interface LogDoc {
  inbox: string;
  messages: Array<{ id: string; blob?: string }>;
  timeline: Array<{ id: string; timestamp: string }>;
}

type Line<D extends LogDoc> = { s: D } | { 'm+': D['messages'][number] } | { 'm-': string[] } | { 't+': D['timeline'][number] } | { 't-': string[] };

function isDoc<D extends LogDoc>(v: unknown): v is D {
  const d = v as D;
  return typeof v === 'object' && v !== null && Array.isArray(d.messages) && Array.isArray(d.timeline);
}

/** Applies one line to the document being rebuilt. */
function apply<D extends LogDoc>(doc: D | null, line: Record<string, unknown>): D | null {
  if ('s' in line && isDoc<D>(line.s)) return { ...line.s, messages: [...line.s.messages], timeline: [...line.s.timeline] };
  if (isDoc<D>(line)) return { ...line, messages: [...line.messages], timeline: [...line.timeline] };
  if (!doc) throw new Error('a change before any snapshot');
  if ('m+' in line) doc.messages.push(line['m+'] as D['messages'][number]);
  else if ('m-' in line) {
    const gone = new Set(line['m-'] as string[]);
    doc.messages = doc.messages.filter((m) => !gone.has(m.id));
  } else if ('t+' in line) doc.timeline.push(line['t+'] as D['timeline'][number]);
  else if ('t-' in line) {
    const gone = new Set(line['t-'] as string[]);
    doc.timeline = doc.timeline.filter((e) => !gone.has(e.id));
  } else throw new Error('an unknown kind of line');
  return doc;
}

/** What changed from `before` to `now` when kept elements are the same objects in the same order. */
function changes<T>(before: readonly T[], now: readonly T[]): { gone: T[]; added: T[]; moved: boolean } {
  const gone: T[] = [];
  let j = 0;
  for (const x of before) {
    if (j < now.length && now[j] === x) j++;
    else gone.push(x);
  }
  // Replayed, the removals come first, then the additions at the end: an element that moved (an
  // event put in time order, or a message that is not new at the end) is removed and added again.
  const added = now.slice(j);
  let moved = false;
  if (gone.length > 0 && added.length > 0) {
    const was = new Set(gone);
    moved = added.some((x) => was.has(x));
  }
  return { gone, added, moved };
}

/** The document's other fields (the inbox, its owner) as JSON: a change to them is written as a snapshot. */
function restOf(doc: LogDoc): string {
  const { messages: _messages, timeline: _timeline, ...rest } = doc;
  return JSON.stringify(rest);
}

const blobsOf = (messages: ReadonlyArray<{ blob?: string }>): string[] => messages.flatMap((m) => (typeof m.blob === 'string' ? [m.blob] : []));

export interface InboxLogOptions {
  /** Where append descriptors are kept open (default: one of its own). */
  files?: OpenFiles;
  /** Messages naming these blobs were read or are being written (`added`), or were removed by a completed write. */
  onBlobs?: (added: string[], removed: string[]) => void;
}

export class InboxLogFile<D extends LogDoc> implements Adapter<D> {
  readonly #file: string;
  readonly #tmp: string;
  readonly #durability: Durability;
  readonly #files: OpenFiles;
  readonly #onBlobs: (added: string[], removed: string[]) => void;
  /** The lists as of the last write that completed (or the read). */
  #written: { messages: D['messages']; timeline: D['timeline'] } = { messages: [], timeline: [] };
  /** The other fields as the last write that started took them (a failed write makes the next a snapshot anyway). */
  #rest = '';
  /** The next write is a snapshot (nothing read yet, a torn line, or a write that failed). */
  #snapshotNext = true;
  /** Lines in the file. */
  #lines = 0;
  /** Let go by a reset: writes are dropped (the file is in the old state's folder, or gone). */
  #detached = false;

  constructor(file: string, durability: Durability, opts: InboxLogOptions = {}) {
    this.#file = file;
    this.#tmp = join(dirname(file), `.${basename(file)}.tmp`);
    this.#durability = durability;
    this.#files = opts.files ?? new OpenFiles(1);
    this.#onBlobs = opts.onBlobs ?? (() => undefined);
  }

  async read(): Promise<D | null> {
    const text = await readIfExists(this.#file, 'utf8');
    if (text === null) return null;
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    let doc: D | null = null;
    let torn = false;
    for (let i = 0; i < lines.length; i++) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(lines[i]!) as Record<string, unknown>;
        doc = apply<D>(doc, parsed);
      } catch (e) {
        // A torn last append: it was never acknowledged.
        if (i === lines.length - 1 && doc) {
          torn = true;
          break;
        }
        throw new StoreError(
          'data_corrupt',
          `${this.#file} is damaged (line ${i + 1}: ${(e as Error).message})`,
          'Remove that file to start the inbox empty, or restore it from a backup.',
        );
      }
    }
    if (!doc) return null;
    // Appends of concurrent writers may be out of time order; the document keeps it.
    doc.timeline.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    this.#written = { messages: [...doc.messages], timeline: [...doc.timeline] };
    this.#rest = restOf(doc);
    this.#onBlobs(blobsOf(doc.messages), []);
    // After a torn line the next write is a snapshot: an append would continue the torn line.
    this.#snapshotNext = torn;
    this.#lines = lines.length;
    return doc;
  }

  /** The store was reset: this document belongs to the old state, and no write of it may land in the new one. */
  detach(): void {
    this.#detached = true;
    this.#files.drop(this.#file);
  }

  /** The file was removed: no write lands any more, and the blobs its messages named are no longer named. */
  forget(): void {
    this.detach();
    this.#onBlobs([], blobsOf(this.#written.messages));
    this.#written = { messages: [], timeline: [] };
    this.#rest = '';
  }

  async write(doc: D): Promise<void> {
    if (this.#detached) return;
    // The change is worked out synchronously, before any await, like a snapshot would be taken.
    const msgs = changes(this.#written.messages, doc.messages);
    const events = changes(this.#written.timeline, doc.timeline);
    const now = { messages: [...doc.messages], timeline: [...doc.timeline] };
    const rest = restOf(doc);
    const restChanged = rest !== this.#rest;
    this.#rest = rest;
    // Blobs named by new messages count from now (a failed write then over-counts: nothing is
    // reclaimed too early); those of removed messages once the file no longer names them.
    if (msgs.added.length > 0) this.#onBlobs(blobsOf(msgs.added), []);
    const delta: Line<D>[] = [];
    if (msgs.gone.length > 0) delta.push({ 'm-': msgs.gone.map((m) => m.id) });
    if (events.gone.length > 0) delta.push({ 't-': events.gone.map((e) => e.id) });
    for (const m of msgs.added) delta.push({ 'm+': m });
    for (const e of events.added) delta.push({ 't+': e });
    const size = doc.messages.length + doc.timeline.length;
    const done = () => {
      this.#written = now;
      if (msgs.gone.length > 0) this.#onBlobs([], blobsOf(msgs.gone));
    };
    try {
      // Messages keep their order in appends only if new ones came at the end.
      if (this.#snapshotNext || msgs.moved || restChanged || this.#lines + delta.length > Math.max(64, 2 * size + 2)) {
        const sync = this.#durability.syncsRewrites;
        this.#snapshotNext = true;
        await writeFileDurably(this.#tmp, `${JSON.stringify({ s: doc })}\n`, sync);
        if (this.#detached) return void (await unlink(this.#tmp).catch(() => undefined));
        // The descriptor kept open would append to the file being replaced.
        this.#files.drop(this.#file);
        await rename(this.#tmp, this.#file);
        if (sync) await syncFolder(dirname(this.#file));
        this.#lines = 1;
        this.#snapshotNext = false;
        done();
        return;
      }
      if (delta.length === 0) return done();
      const { fd, release } = this.#files.acquire(this.#file);
      try {
        // Counted before the sync: whatever reached the file is there whether the sync works or not.
        this.#snapshotNext = true;
        writeAllSync(fd, delta.map((l) => JSON.stringify(l)).join('\n') + '\n');
        this.#lines += delta.length;
        await this.#durability.settle(fd, this.#file, true);
        this.#snapshotNext = false;
      } finally {
        release();
      }
      done();
    } catch (e) {
      // Whatever reached the file is unknown now: the next write starts from a snapshot.
      this.#snapshotNext = true;
      throw e;
    }
  }
}
