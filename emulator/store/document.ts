// A document on lowdb with coalesced writes: every change made before a write starts rides on that
// one write, and commit() resolves only once it is stored. At most one write runs and one waits.
import { Low, type Adapter } from 'lowdb';

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
