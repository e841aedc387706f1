// The lowdb adapter of whole-file JSON documents (the main document): atomic and durable writes
// (temp file, fsync, rename, fsync of the folder), so a reader or a crash sees the old file or the
// new one, never half of one.
import { rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { StoreError } from './errors.js';
import { readIfExists, syncFolder, writeFileDurably } from './fs.js';

export class DurableJsonFile<T> implements Adapter<T> {
  readonly #file: string;
  readonly #tmp: string;
  readonly #fsync: boolean;

  constructor(file: string, opts: { fsync?: boolean } = {}) {
    this.#file = file;
    this.#tmp = join(dirname(file), `.${basename(file)}.tmp`);
    this.#fsync = opts.fsync ?? true;
  }

  async read(): Promise<T | null> {
    const text = await readIfExists(this.#file, 'utf8');
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new StoreError('data_corrupt', `${this.#file} is not valid JSON`, 'Restore it from a backup, or start with another --data file.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new StoreError('data_corrupt', `${this.#file} does not hold a JSON object`, 'Restore it from a backup, or start with another --data file.');
    }
    return value as T;
  }

  async write(data: T): Promise<void> {
    const text = JSON.stringify(data); // snapshot taken synchronously, before any await
    await writeFileDurably(this.#tmp, text, this.#fsync);
    await rename(this.#tmp, this.#file);
    if (this.#fsync) await syncFolder(dirname(this.#file));
  }
}
