// A write-ahead journal of small JSON records, for work that is acknowledged before it is finished.
// A record is appended and made durable as the sync mode asks (durability.ts; in `always` mode,
// appends waiting at the same moment share one fdatasync); once the work it stands for is itself
// stored, done() retires it, writing a retirement line (`{"x": id}`) after it, not synced: a process
// crash keeps it (the page cache outlives the process), a power loss may not, and then the record is
// redone once more. Records of a run that ended before retiring them (a crash) are read back at the
// next start, handed to whoever redoes the work, then dropped. Knows nothing of what the records mean.
//
// Lines: `{"j": id, "r": record}` for a record, `{"x": id}` for its retirement (ids count up within a
// file); a line of an older version (the record alone) is a record that was never retired.
//
// Files: <dir>/journal-<generation>.jsonl. A file is emptied (truncated) when none of its records
// is pending once it holds 256 KiB, and a new generation starts once a file passes MAX_FILE_BYTES,
// so under steady load no file grows without bound; an old generation's file is deleted when its
// last record is retired. Emptying needs no sync: a record that reappears after a crash is one whose
// work was done, and redoing it must be a no-op for the caller (see Ingest.recover()).
import { closeSync, ftruncateSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Durability } from './durability.js';
import { FILE_MODE, writeAllSync } from './fs.js';

const MAX_FILE_BYTES = 1 << 20;
/** A file is emptied when nothing in it is pending and it holds at least this much. */
const EMPTY_FROM_BYTES = 256 * 1024;
const FILE = /^journal-(\d+)\.jsonl$/;

export interface JournalEntry {
  /** Resolves once the record is stored as the sync mode asks (at once without a folder). */
  durable: Promise<void>;
  /** The work is stored itself (as the sync mode asks): the record may go. Call once, also when it was abandoned. */
  done(): void;
}

interface Generation {
  n: number;
  file: string;
  fd: number;
  bytes: number;
  pending: number;
  /** The id of the next record in this file. */
  seq: number;
  /** A sync asked for and not started yet (later appends join it), and the one running. */
  next: Promise<void> | null;
  running: Promise<void>;
}

export class Journal {
  #current: Generation | null = null;
  readonly #old = new Set<Generation>();
  #nextGeneration = 1;
  /** Deletions of retired files still waiting for a sync that runs on them. */
  readonly #tidying = new Set<Promise<void>>();
  /** Generations of this run whose files are being deleted. */
  readonly #retired = new Set<number>();

  constructor(
    readonly dir: string | null,
    readonly durability: Durability,
  ) {}

  /** Records left by an earlier run, oldest first (torn or unreadable lines skipped). */
  async leftovers(): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const { n, file } of this.#files()) {
      this.#nextGeneration = Math.max(this.#nextGeneration, n + 1);
      const text = await readFile(file, 'utf8').catch(() => '');
      const records = new Map<number | string, unknown>();
      let legacy = 0;
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch {
          continue; // A torn line: its append was never acknowledged (or a torn retirement: redone).
        }
        const x = v as { j?: unknown; r?: unknown; x?: unknown };
        if (typeof x === 'object' && x !== null && typeof x.j === 'number' && 'r' in x) records.set(x.j, x.r);
        else if (typeof x === 'object' && x !== null && typeof x.x === 'number' && Object.keys(x).length === 1) records.delete(x.x);
        else records.set(`old${legacy++}`, v);
      }
      out.push(...records.values());
    }
    return out;
  }

  /** Whether files of earlier runs are still there (their records not redone and dropped yet). */
  hasLeftovers(): boolean {
    const ours = this.#ours();
    return this.#files().some(({ n }) => !ours.has(n));
  }

  /** Deletes the files of earlier runs (after their records were redone). */
  dropLeftovers(): void {
    const live = this.#live();
    for (const { n, file } of this.#files()) {
      if (live.has(n)) continue;
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  }

  append(record: unknown): JournalEntry {
    if (!this.dir) return { durable: Promise.resolve(), done: () => undefined };
    const gen = this.#writable();
    const id = gen.seq++;
    const line = `${JSON.stringify({ j: id, r: record })}\n`;
    try {
      writeAllSync(gen.fd, line);
    } catch (e) {
      // Part of the line may be in the file (a full disk): later records go to a new file, so none
      // of them is glued to the torn one.
      this.#current = null;
      this.#old.add(gen);
      this.#tidy(gen);
      throw e;
    }
    gen.bytes += Buffer.byteLength(line);
    gen.pending++;
    let retired = false;
    return {
      durable: this.durability.mode === 'always' ? this.#sync(gen) : this.durability.settle(gen.fd, gen.file, true),
      done: () => {
        if (retired) return;
        retired = true;
        this.#retire(gen, id);
        gen.pending--;
        this.#tidy(gen);
      },
    };
  }

  /** Resolves once files whose records are all retired are deleted (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#tidying.size > 0) await Promise.all([...this.#tidying]);
  }

  /** Closes the files; pending records stay on disk for the next start, a file without any is removed. */
  close(): void {
    for (const g of [this.#current, ...this.#old]) {
      if (!g) continue;
      this.#close(g);
      if (g.pending === 0) {
        try {
          unlinkSync(g.file);
        } catch {
          /* already gone */
        }
      }
    }
    this.#current = null;
    this.#old.clear();
  }

  /** Generations of this run. */
  #live(): Set<number> {
    return new Set([this.#current, ...this.#old].filter((g): g is Generation => g !== null).map((g) => g.n));
  }

  /** Generations of this run, those whose files are being deleted too. */
  #ours(): Set<number> {
    const ours = this.#live();
    for (const n of this.#retired) ours.add(n);
    return ours;
  }

  #files(): Array<{ n: number; file: string }> {
    if (!this.dir) return [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names
      .map((name) => ({ m: FILE.exec(name), name }))
      .filter((x): x is { m: RegExpExecArray; name: string } => x.m !== null)
      .map(({ m, name }) => ({ n: Number(m[1]), file: join(this.dir!, name) }))
      .sort((a, b) => a.n - b.n);
  }

  #writable(): Generation {
    let gen = this.#current;
    if (gen && gen.bytes >= MAX_FILE_BYTES) {
      this.#old.add(gen);
      this.#current = gen = null;
    }
    if (!gen) {
      // Never append to (and later empty) a file of an earlier run that nobody has read yet.
      for (const f of this.#files()) this.#nextGeneration = Math.max(this.#nextGeneration, f.n + 1);
      const n = this.#nextGeneration++;
      const file = join(this.dir!, `journal-${n}.jsonl`);
      const fd = openSync(file, 'a', FILE_MODE);
      this.durability.laterFolder(this.dir!);
      gen = { n, file, fd, bytes: 0, pending: 0, seq: 1, next: null, running: Promise.resolve() };
      this.#current = gen;
    }
    return gen;
  }

  /** Writes the retirement line of record `id` (not synced; a failure only means it is redone). */
  #retire(gen: Generation, id: number): void {
    if (gen.fd < 0) return;
    const line = `{"x":${id}}\n`;
    try {
      writeAllSync(gen.fd, line);
      gen.bytes += line.length;
    } catch {
      /* a full disk or a closed file: the record comes back at the next start, and redoing it is a no-op */
    }
  }

  #sync(gen: Generation): Promise<void> {
    if (gen.next) return gen.next;
    const p = gen.running
      .catch(() => undefined)
      .then(() => {
        gen.next = null;
        const run = this.durability.settle(gen.fd, gen.file, true);
        gen.running = run;
        return run;
      });
    gen.next = p;
    return p;
  }

  #tidy(gen: Generation): void {
    if (gen.pending > 0) return;
    if (gen === this.#current) {
      // Nothing pending: empty the file (a sync still running covers retired records only). Not after
      // every record: emptying and growing the file again costs the file system more than the space.
      if (gen.bytes >= EMPTY_FROM_BYTES) {
        try {
          ftruncateSync(gen.fd, 0);
          gen.bytes = 0;
        } catch {
          /* kept; emptied later or dropped at the next start */
        }
      }
      return;
    }
    if (!this.#old.delete(gen)) return;
    this.#retired.add(gen.n);
    // After any sync still running on it.
    const tidy = gen.running
      .catch(() => undefined)
      .then(() => {
        this.#close(gen);
        try {
          unlinkSync(gen.file);
        } catch {
          /* already gone */
        }
      });
    this.#tidying.add(tidy);
    void tidy.finally(() => {
      this.#tidying.delete(tidy);
      this.#retired.delete(gen.n);
    });
  }

  #close(gen: Generation): void {
    if (gen.fd < 0) return;
    try {
      closeSync(gen.fd);
    } catch {
      /* already closed */
    }
    gen.fd = -1;
  }
}
