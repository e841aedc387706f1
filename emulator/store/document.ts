// A document on lowdb with coalesced writes: every change made before a write starts rides on that
// one write, and commit() resolves only once it is stored. At most one write runs and one waits.
import { Low, type Adapter } from 'lowdb';
import { StoreError } from './errors.js';

export class Doc<T> {
  readonly low: Low<T>;
  #scheduled: Promise<void> | null = null;
  #inflight: Promise<void> = Promise.resolve();
  writes = 0;

  constructor(adapter: Adapter<T>, initial: T) {
    this.low = new Low<T>(adapter, initial);
  }

  get data(): T {
    return this.low.data;
  }

  set data(v: T) {
    this.low.data = v;
  }

  /** Loads the stored document; true when there was one. */
  async read(): Promise<boolean> {
    const before = this.low.data;
    await this.low.read();
    return this.low.data !== before;
  }

  /**
   * Reads what is stored and gives it back as it was read (null when nothing is), leaving `live` as
   * the data: for a document whose stored shape is not what lives in memory. A damaged file is
   * refused with a StoreError that names `what` it held and gives `hint`.
   */
  async readStored(live: T, what: string, hint: string): Promise<unknown> {
    let saved: unknown = null;
    try {
      if (await this.read()) saved = this.data;
    } catch (e) {
      if (!(e instanceof StoreError)) throw e;
      throw new StoreError(e.code, `${e.message} (${what})`, hint);
    } finally {
      this.data = live;
    }
    return saved;
  }

  commit(): Promise<void> {
    if (this.#scheduled) return this.#scheduled;
    const prev = this.#inflight;
    const p = new Promise<void>((resolveP, rejectP) => {
      setImmediate(() => {
        prev
          .catch(() => undefined)
          .then(() => {
            this.#scheduled = null;
            this.writes++;
            const w = this.low.write();
            this.#inflight = w;
            w.then(resolveP, rejectP);
          });
      });
    });
    this.#scheduled = p;
    return p;
  }

  /** Resolves once every write asked for so far is done (fsynced as the sync mode says). */
  async flush(): Promise<void> {
    if (this.#scheduled) await this.#scheduled;
    await this.#inflight;
  }
}
