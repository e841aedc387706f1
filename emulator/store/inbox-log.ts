// An inbox document on disk as JSON lines: a snapshot line, then one line per change since it
// (message added or removed, timeline event added or removed). A write appends only what changed
// since the last write (synced as the sync mode asks, durability.ts), so storing a message costs
// the same whether its inbox holds one message or a hundred; the file is rewritten as a fresh snapshot (temp file, fsync, rename,
// folder fsync) once the appended lines outnumber the document twice over. A torn last line (a
// crash in the middle of an append that was never acknowledged) is ignored when reading.
//
// Messages and timeline events are never changed in place once stored; only added and removed.
// A file holding one plain JSON object (the DurableJsonFile format) reads as a snapshot. What a
// message or an event holds is the core's business (core/state.ts): the log knows ids and times.
import { closeSync, openSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import type { Durability } from './durability.js';
import { StoreError } from './errors.js';
import { FILE_MODE, readIfExists, syncFolder, writeAllSync, writeFileDurably } from './fs.js';

/** The shape of an inbox document, as far as the log needs to know it. */
export interface LogDoc {
  inbox: string;
  messages: Array<{ id: string }>;
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

export class InboxLogFile<D extends LogDoc> implements Adapter<D> {
  readonly #file: string;
  readonly #tmp: string;
  readonly #durability: Durability;
  /** Ids as of the last write; null: the next write is a snapshot. */
  #messages: Set<string> | null = null;
  #events: Set<string> | null = null;
  /** Lines in the file. */
  #lines = 0;
  /** Let go by a reset: writes are dropped (the file is in the old state's folder, or gone). */
  #detached = false;

  constructor(file: string, durability: Durability) {
    this.#file = file;
    this.#tmp = join(dirname(file), `.${basename(file)}.tmp`);
    this.#durability = durability;
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
    // After a torn line the next write is a snapshot: an append would continue the torn line.
    if (!torn) this.#remember(doc);
    this.#lines = lines.length;
    return doc;
  }

  /** The store was reset: this document belongs to the old state, and no write of it may land in the new one. */
  detach(): void {
    this.#detached = true;
  }

  async write(doc: D): Promise<void> {
    if (this.#detached) return;
    // The change is worked out synchronously, before any await, like a snapshot would be taken.
    const delta = this.#delta(doc);
    this.#remember(doc);
    const size = doc.messages.length + doc.timeline.length;
    try {
      if (delta === null || this.#lines + delta.length > Math.max(64, 2 * size + 2)) {
        const sync = this.#durability.syncsRewrites;
        await writeFileDurably(this.#tmp, `${JSON.stringify({ s: doc })}\n`, sync);
        if (this.#detached) return void (await unlink(this.#tmp).catch(() => undefined));
        await rename(this.#tmp, this.#file);
        if (sync) await syncFolder(dirname(this.#file));
        this.#lines = 1;
        return;
      }
      if (delta.length === 0 || this.#detached) return;
      // Opened on the main thread: opening an existing file for append takes microseconds, less than
      // a round trip through the thread pool (docs/benchmarks.md).
      const fd = openSync(this.#file, 'a', FILE_MODE);
      try {
        writeAllSync(fd, delta.map((l) => JSON.stringify(l)).join('\n') + '\n');
        await this.#durability.settle(fd, this.#file, true);
      } finally {
        closeSync(fd);
      }
      this.#lines += delta.length;
    } catch (e) {
      // Whatever reached the file is unknown now: the next write starts from a snapshot.
      this.#messages = null;
      this.#events = null;
      throw e;
    }
  }

  #remember(doc: D): void {
    this.#messages = new Set(doc.messages.map((m) => m.id));
    this.#events = new Set(doc.timeline.map((e) => e.id));
  }

  /** The lines that turn the last written document into `doc`; null when only a snapshot will do. */
  #delta(doc: D): Line<D>[] | null {
    if (!this.#messages || !this.#events) return null;
    const lines: Line<D>[] = [];
    const msgNow = new Set(doc.messages.map((m) => m.id));
    const evNow = new Set(doc.timeline.map((e) => e.id));
    const msgGone = [...this.#messages].filter((id) => !msgNow.has(id));
    const evGone = [...this.#events].filter((id) => !evNow.has(id));
    if (msgGone.length > 0) lines.push({ 'm-': msgGone });
    if (evGone.length > 0) lines.push({ 't-': evGone });
    for (const m of doc.messages) if (!this.#messages.has(m.id)) lines.push({ 'm+': m });
    for (const e of doc.timeline) if (!this.#events.has(e.id)) lines.push({ 't+': e });
    // Messages keep their order only if new ones came at the end.
    if (lines.some((l) => 'm+' in l) && !this.#appendedAtEnd(doc.messages)) return null;
    return lines;
  }

  #appendedAtEnd(messages: D['messages']): boolean {
    let seenNew = false;
    for (const m of messages) {
      const isNew = !this.#messages!.has(m.id);
      if (seenNew && !isNew) return false;
      seenNew ||= isNew;
    }
    return true;
  }
}
