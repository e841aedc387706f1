// Where ingest reads a message (headers, attachment count, code and link): on worker threads, so
// that the main thread goes on receiving the next message while MailParser reads this one. Each
// worker (reader-worker.ts) opens the message's file itself, reads it with MailParser, runs the
// extractor and sends back only what ingest indexes. One or two workers (one per core beside the
// main thread), started at the first message; idle, they do not keep the process alive. A worker
// that dies takes nothing with it: its messages go to a fresh one (twice at most, then the read fails
// and the message waits in new/ for the next start).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParsedFields } from './parse-mail.js';

/** What the worker reads of a message. */
export interface MailReading {
  fields: Omit<ParsedFields, 'text' | 'html' | 'parseError'>;
  /** MailParser gave up on the message (its fields are empty): why. */
  parseError: string | null;
  otp: string | null;
  verificationLink: string | null;
  /** The extractor failed (the message keeps no code or link): why. */
  extractError: string | null;
}

/** A job: the message's file (the first of `paths` that exists) and the bytes of trace header to skip. */
export interface ReadJob {
  id: number;
  paths: string[];
  skip: number;
}

export type ReadAnswer = { id: number; reading: MailReading } | { id: number; error: string };

interface Job extends ReadJob {
  tries: number;
  worker: Worker | null;
  resolve(r: MailReading): void;
  reject(e: Error): void;
}

/**
 * The worker's script: `mail-reader.js` at the top of the bundle (scripts/build.mjs), beside the
 * entry or one folder up from a chunk. Running from source (the test suite), INBOX_MAIL_READER names
 * a build of it, else the checkout's dist/ has one. In the single executable (scripts/build-sea.mjs)
 * no file is beside it: the worker's bundle is its asset `mail-reader.js`, started as a data: URL.
 */
export function readerScript(here = import.meta.url): string | URL {
  const embedded = seaAsset('mail-reader.js');
  if (embedded) return new URL(`data:text/javascript;base64,${Buffer.from(embedded).toString('base64')}`);
  if (here.endsWith('.ts')) return process.env.INBOX_MAIL_READER || fileURLToPath(new URL('../../../dist/mail-reader.js', here));
  return fileURLToPath(new URL(here.includes('/chunks/') ? '../mail-reader.js' : './mail-reader.js', here));
}

/** An asset of the single executable this process is, if it is one and has it. (node:sea is looked up, not imported.) */
function seaAsset(key: string): ArrayBuffer | null {
  const sea = process.getBuiltinModule?.('node:sea');
  if (!sea?.isSea()) return null;
  try {
    return sea.getAsset(key);
  } catch {
    return null;
  }
}

export class MailReader {
  readonly #size = Math.max(1, Math.min(2, availableParallelism() - 1));
  readonly #workers = new Map<Worker, Set<Job>>();
  #next = 1;
  #closed = false;

  constructor(private readonly script: string | URL = readerScript()) {}

  /** Reads a message file (see ReadJob); rejects only when no worker could read it. */
  read(paths: string[], skip: number): Promise<MailReading> {
    if (this.#closed) return Promise.reject(new Error('the mail reader is closed'));
    return new Promise((resolve, reject) => this.#send({ id: this.#next++, paths, skip, tries: 0, worker: null, resolve, reject }));
  }

  /** Ends the workers (a message still being read fails; it is read again at the next start). */
  async close(): Promise<void> {
    this.#closed = true;
    const workers = [...this.#workers.keys()];
    await Promise.all(workers.map((w) => w.terminate()));
  }

  #send(job: Job): void {
    const worker = this.#pick();
    job.worker = worker;
    job.tries++;
    const jobs = this.#workers.get(worker)!;
    if (jobs.size === 0) worker.ref(); // a message being read keeps the process alive
    jobs.add(job);
    worker.postMessage({ id: job.id, paths: job.paths, skip: job.skip } satisfies ReadJob);
  }

  /** The least busy worker, starting one while there are fewer than #size and all are busy. */
  #pick(): Worker {
    let best: Worker | null = null;
    for (const [w, jobs] of this.#workers) if (!best || jobs.size < this.#workers.get(best)!.size) best = w;
    if (best && (this.#workers.get(best)!.size === 0 || this.#workers.size >= this.#size)) return best;
    const worker = new Worker(this.script, { name: 'inbox mail reader' });
    worker.unref();
    const jobs = new Set<Job>();
    this.#workers.set(worker, jobs);
    worker.on('message', (a: ReadAnswer) => {
      const job = [...jobs].find((j) => j.id === a.id);
      if (!job) return;
      jobs.delete(job);
      if (jobs.size === 0) worker.unref();
      if ('reading' in a) job.resolve(a.reading);
      else job.reject(new Error(a.error));
    });
    const lost = (error: Error) => {
      if (!this.#workers.delete(worker)) return;
      void worker.terminate();
      for (const job of jobs) {
        if (this.#closed || job.tries >= 3) job.reject(error);
        else this.#send(job);
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the mail reader's worker stopped (exit code ${code})`)));
    return worker;
  }
}
