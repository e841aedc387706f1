// Long-poll waiting for the next message of an inbox. Waiters are resolved straight from the
// 'message.received' event, so a waiting request answers within the same tick; a message
// acknowledged before the wait began (its 250 comes before it is announced) is not the next one.
// Timeouts run on the emulator's clock, so tests advance time instead of sleeping.
import type { CoreContext } from '../context.js';
import type { StoredMessage } from '../state.js';

interface Waiter {
  (m: StoredMessage | null): void;
  /** Ids of messages acknowledged before the wait began: not the next message. */
  skip: ReadonlySet<string>;
}

export class Waits {
  readonly #waiters = new Map<string, Set<Waiter>>();
  readonly #watchers = new Set<{ n: number; resolve: () => void }>();

  constructor(
    private readonly ctx: CoreContext,
    /** The ids of the messages of an inbox acknowledged and not announced yet. */
    private readonly arriving: (inbox: string) => ReadonlySet<string> = () => new Set(),
  ) {
    ctx.bus.on('message.received', ({ inbox, message }) => {
      const set = this.#waiters.get(inbox.inbox);
      if (!set) return;
      for (const w of [...set]) if (!w.skip.has(message.id)) w(message);
    });
    ctx.bus.on('inbox.removed', ({ inbox }) => this.#end(inbox));
  }

  /** Every waiting request answers now, without a message (the control surface's reset). */
  endAll(): void {
    for (const inbox of [...this.#waiters.keys()]) this.#end(inbox);
  }

  #end(inbox: string): void {
    const set = this.#waiters.get(inbox);
    if (!set) return;
    this.#waiters.delete(inbox);
    for (const w of [...set]) w(null);
  }

  /** Waiting requests right now (all inboxes). */
  get pending(): number {
    let n = 0;
    for (const s of this.#waiters.values()) n += s.size;
    return n;
  }

  /** Resolves once at least `n` requests wait (a test's way to know a long-poll is parked, without polling). */
  whenPending(n = 1): Promise<void> {
    if (this.pending >= n) return Promise.resolve();
    return new Promise((resolve) => this.#watchers.add({ n, resolve }));
  }

  #parked(): void {
    if (this.#watchers.size === 0) return;
    const now = this.pending;
    for (const w of [...this.#watchers]) {
      if (now >= w.n) {
        this.#watchers.delete(w);
        w.resolve();
      }
    }
  }

  /**
   * The next message stored in `inbox`, or null after `timeoutMs` of emulator time, when the inbox
   * is removed, or when `signal` aborts (the client went away).
   */
  next(inbox: string, timeoutMs: number, signal?: AbortSignal): Promise<StoredMessage | null> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(null);
      let set = this.#waiters.get(inbox);
      if (!set) this.#waiters.set(inbox, (set = new Set()));
      const done: Waiter = Object.assign(
        (m: StoredMessage | null) => {
          timer.cancel();
          signal?.removeEventListener('abort', onAbort);
          const s = this.#waiters.get(inbox);
          if (s) {
            s.delete(done);
            if (s.size === 0) this.#waiters.delete(inbox);
          }
          resolve(m);
        },
        { skip: this.arriving(inbox) },
      );
      const onAbort = () => done(null);
      const timer = this.ctx.clock.setTimer(timeoutMs, () => done(null));
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(done);
      this.#parked();
    });
  }
}
