// What ingest reads of a message (headers, attachment count, code and link) and where that reading
// runs. Parsing and extraction need no state of the emulator, so they run on worker threads (a small
// pool, mail-reader-worker.ts) while the main thread goes on receiving the next message; the worker
// gets the buffered raw message (it cuts the attachment bodies out, parses and extracts) and sends
// back only the fields ingest keeps. Results are handed back in the order the messages were given,
// so one sender's messages are indexed in the order they arrived. A message too large to be
// buffered (parse-mail.ts streams it) is read on the main thread, as is everything when the pool is
// off (`workers: 0`) or a worker cannot run (a pool that failed falls back to the main thread; the
// reading is the same either way).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fileExists } from '../store/fs.js';
import { extract } from '../../src/extract/extract.js';
import { parseBuffer, type ParsedFields, type RawMessage } from './parse-mail.js';

/** The fields of a message that ingest keeps, with its code and link. */
export interface MessageReading {
  fields: Omit<ParsedFields, 'text' | 'html'>;
  otp: string | null;
  verificationLink: string | null;
  /** The extractor failed (the message keeps no code or link). */
  extractError: Error | null;
}

/** Code and link of parsed fields; a failing extractor costs the message its code, never the message. */
export function readingOf(parsed: ParsedFields): MessageReading {
  const { text, html, ...fields } = parsed;
  try {
    return { fields, ...extract({ subject: parsed.subject, text, html }), extractError: null };
  } catch (e) {
    return { fields, otp: null, verificationLink: null, extractError: e instanceof Error ? e : new Error(String(e)) };
  }
}

/** Parses and extracts a whole raw message held in memory, on the calling thread. */
export async function readBuffer(raw: Buffer): Promise<MessageReading> {
  return readingOf(await parseBuffer(raw));
}

function readChunks(chunks: Buffer[]): Promise<MessageReading> {
  return readBuffer(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
}

/**
 * Messages between the pool and a worker: where the raw blob is (written whole before the job is
 * sent; the main thread then copies nothing): a whole file, or `size` bytes from `offset` in a pack
 * segment; or the bytes themselves when blobs are in memory.
 */
export type ReadJob = { id: number; file: string; offset?: number; size: number; bytes?: undefined } | { id: number; bytes: Uint8Array; file?: undefined };

/** Where a raw blob's bytes are (emulator/store/blobs.ts BlobLocation). */
export interface RawLocation {
  file: string;
  /** Set for a range of a file (a pack segment); without it, the whole file. */
  offset?: number;
}
export interface ReadAnswer {
  id: number;
  reading?: WireReading;
  /** The worker could not read the message at all (the main thread reads it again). */
  failed?: string;
}
/** A MessageReading as it crosses threads: errors as plain objects. */
export interface WireReading extends Omit<MessageReading, 'fields' | 'extractError'> {
  fields: Omit<MessageReading['fields'], 'parseError'> & { parseError: WireError | null };
  extractError: WireError | null;
}
interface WireError {
  name: string;
  message: string;
  stack?: string;
}

function toWire(e: Error | null): WireError | null {
  return e ? { name: e.name, message: e.message, stack: e.stack } : null;
}
function fromWire(e: WireError | null): Error | null {
  if (!e) return null;
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}
export function readingToWire(r: MessageReading): WireReading {
  return { ...r, fields: { ...r.fields, parseError: toWire(r.fields.parseError) }, extractError: toWire(r.extractError) };
}
function readingFromWire(r: WireReading): MessageReading {
  return { ...r, fields: { ...r.fields, parseError: fromWire(r.fields.parseError) }, extractError: fromWire(r.extractError) };
}

/** Default pool size: one worker per core beside the main thread, at least one, at most four. */
export function defaultReaderWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * The worker's script: beside the bundle's entry points (scripts/build.mjs builds
 * `dist/mail-reader-worker.js`) or, when running from source, the TypeScript entry loaded through tsx.
 */
function workerScript(): string | null {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const file = fileURLToPath(new URL('./mail-reader-worker.dev.mjs', here));
    return fileExists(file) ? file : null;
  }
  for (const rel of ['./mail-reader-worker.js', '../mail-reader-worker.js']) {
    const file = fileURLToPath(new URL(rel, here));
    if (fileExists(file)) return file;
  }
  return null;
}

interface Pending {
  id: number;
  /** The buffered message, kept until answered so a worker's death costs nothing. */
  raw: Buffer[];
  /** Where its raw blob is, when it has one on disk. */
  at: RawLocation | null;
  worker: PoolWorker | null;
  done: boolean;
  reading: Promise<MessageReading> | null;
  resolve: (r: Promise<MessageReading>) => void;
}

interface PoolWorker {
  worker: Worker;
  busy: number;
}

export interface MailReaderOptions {
  /** Worker threads; 0 reads every message on the main thread. Default: defaultReaderWorkers(). */
  workers?: number;
  /** Told once when the pool gives up on its workers and reads on the main thread from then on. */
  onFallback?: (error: Error) => void;
  /**
   * The worker's script, when not the default (see workerScript()). The test suite runs from source
   * and gives a bundled entry: through tsx a worker takes several times the CPU to start.
   */
  script?: string;
}

/** Reads messages for ingest: on a pool of worker threads, or on the main thread (see the top). */
export class MailReader {
  readonly #size: number;
  readonly #onFallback: (error: Error) => void;
  readonly #script: string | undefined;
  #workers: PoolWorker[] = [];
  /** Jobs in the order they were given; answers are handed back from the front. */
  #queue: Pending[] = [];
  #byId = new Map<number, Pending>();
  #nextId = 1;
  #failures = 0;
  #off = false;
  #closed = false;

  constructor(opts: MailReaderOptions = {}) {
    this.#size = Math.max(0, Math.floor(opts.workers ?? defaultReaderWorkers()));
    this.#onFallback = opts.onFallback ?? (() => undefined);
    this.#script = opts.script;
  }

  /** How many worker threads read messages now (0: the main thread does). */
  get threads(): number {
    return this.#workers.length;
  }

  /**
   * Headers, attachment count, code and link of a message whose raw bytes are all in (and written to
   * its raw blob at `at`, a file or a place in one, when blobs are on disk). Never rejects.
   */
  read(raw: RawMessage, at: RawLocation | string | null = null): Promise<MessageReading> {
    const whole = raw.buffered();
    if (!whole) return raw.parse().then(readingOf); // streamed: its parser is already running here
    return this.readWhole(whole, at);
  }

  /** The same for a whole raw message in memory, in one piece or in chunks (recovery reads blobs this way). */
  readWhole(whole: Buffer | Buffer[], at: RawLocation | string | null = null): Promise<MessageReading> {
    const where = typeof at === 'string' ? { file: at } : at;
    const raw = Array.isArray(whole) ? whole : [whole];
    const worker = this.#pick();
    if (!worker && this.#queue.length === 0) return readChunks(raw);
    let resolve!: (r: Promise<MessageReading>) => void;
    const answer = new Promise<Promise<MessageReading>>((r) => (resolve = r));
    const job: Pending = { id: this.#nextId++, raw, at: where, worker, done: false, reading: null, resolve };
    this.#queue.push(job);
    this.#byId.set(job.id, job);
    if (!worker) {
      // The pool went off with messages still on a worker: read here, handed back in its turn.
      this.#settle(job, readChunks(raw));
      return answer.then((r) => r);
    }
    if (worker.busy++ === 0) worker.worker.ref(); // a message being read keeps the process alive
    // Sent once the current turn of the event loop is over: the SMTP 250 this message may be
    // getting right now goes out first, before a worker wakes up to compete with it for a core.
    setImmediate(() => {
      if (!job.done) this.#send(job, worker);
    });
    return answer.then((r) => r);
  }

  /** Ends the workers; messages still being read are read on the main thread. */
  async close(): Promise<void> {
    this.#closed = true;
    const workers = this.#workers;
    this.#workers = [];
    for (const p of this.#byId.values()) this.#settle(p, readChunks(p.raw));
    await Promise.all(workers.map((w) => w.worker.terminate().catch(() => undefined)));
  }

  #send(job: Pending, w: PoolWorker): void {
    let size = 0;
    for (const c of job.raw) size += c.length;
    try {
      if (job.at) {
        w.worker.postMessage({ id: job.id, file: job.at.file, offset: job.at.offset, size } satisfies ReadJob);
      } else {
        // A private copy whose memory moves to the worker (the raw chunks may share a pooled buffer).
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const c of job.raw) {
          bytes.set(c, at);
          at += c.length;
        }
        w.worker.postMessage({ id: job.id, bytes } satisfies ReadJob, [bytes.buffer]);
      }
    } catch (e) {
      if (--w.busy === 0) w.worker.unref();
      this.#settle(job, readChunks(job.raw));
      this.#lost(w, e as Error);
    }
  }

  /** The least busy worker, starting one while the pool is below its size; null: read here. */
  #pick(): PoolWorker | null {
    if (this.#off || this.#closed || this.#size === 0) return null;
    if (this.#workers.length < this.#size && this.#workers.every((w) => w.busy > 0)) {
      const w = this.#start();
      if (w) return w;
    }
    let best: PoolWorker | null = null;
    for (const w of this.#workers) if (!best || w.busy < best.busy) best = w;
    return best;
  }

  #start(): PoolWorker | null {
    const script = this.#script ?? workerScript();
    if (!script) {
      this.#giveUp(new Error('the mail reader worker script is missing'));
      return null;
    }
    let worker: Worker;
    try {
      worker = new Worker(script, { name: 'inbox mail reader' });
    } catch (e) {
      this.#giveUp(e as Error);
      return null;
    }
    // An idle worker never keeps the process alive on its own; close() ends it.
    worker.unref();
    const w: PoolWorker = { worker, busy: 0 };
    worker.on('message', (a: ReadAnswer) => {
      const p = this.#byId.get(a.id);
      if (!p) return;
      if (--w.busy === 0) w.worker.unref();
      this.#settle(p, a.reading ? Promise.resolve(readingFromWire(a.reading)) : readChunks(p.raw));
    });
    worker.on('error', (e) => this.#lost(w, e));
    worker.on('exit', (code) => this.#lost(w, new Error(`the mail reader worker exited with code ${code}`)));
    this.#workers.push(w);
    return w;
  }

  /** A worker died: its messages are read here, and after a few deaths the pool stays off. */
  #lost(w: PoolWorker, error: Error): void {
    const i = this.#workers.indexOf(w);
    if (i < 0) return;
    this.#workers.splice(i, 1);
    void w.worker.terminate().catch(() => undefined);
    for (const p of this.#byId.values()) if (p.worker === w) this.#settle(p, readChunks(p.raw));
    if (this.#closed) return;
    if (++this.#failures >= 3) this.#giveUp(error);
  }

  #giveUp(error: Error): void {
    if (this.#off) return;
    this.#off = true;
    this.#onFallback(error);
  }

  /** Records a job's reading and hands back, in order, every job at the front that has one. */
  #settle(p: Pending, reading: Promise<MessageReading>): void {
    if (p.done) return;
    p.done = true;
    p.reading = reading;
    p.worker = null;
    this.#byId.delete(p.id);
    while (this.#queue.length > 0 && this.#queue[0]!.done) {
      const front = this.#queue.shift()!;
      front.resolve(front.reading!);
    }
  }
}
