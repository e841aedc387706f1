// The emulator's time: every time the API shows or decides by. The core and the store ask a Clock for
// the time and for timers (wait timeouts, retention sweeps, webhook windows, tunnel expiry, the
// store's background sync rounds), so tests and the `/_emulator/clock` route can move time forward
// and timers due by then fire at once; emulator/core reads no other clock. Connection upkeep stays on
// real time, outside the core: the SMTP receiver's DATA deadline, idle eviction and the cut of a
// dropped connection (smtp/receiver.ts), the WebSocket close grace (http/ws.ts), the viewer stream's
// keep-alive (http/viewer/routes.tsx), the outbound agent's backstop timeouts (outbound.ts), and the
// sync rounds of a store opened without a clock (store/durability.ts).

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  /** Runs fn once the clock has moved `ms` forward, by real time passing or by advance(). */
  setTimer(ms: number, fn: () => void): TimerHandle;
  /** Moves time forward by ms; fires due timers in order. */
  advance(ms: number): number;
  /** Total offset added by advance() so far (persisted so a restart keeps the emulated date). */
  readonly offsetMs: number;
}

interface Timer {
  due: number;
  seq: number;
  fn: () => void;
  real: ReturnType<typeof setTimeout> | null;
  done: boolean;
}

/**
 * A clock that follows real time plus an offset (mode "system"), or stands still until advanced
 * (mode "manual", for tests). Timers fire on real time in system mode and on advance() in both.
 */
export class EmulatorClock implements Clock {
  #offset: number;
  #manualNow: number;
  #timers = new Set<Timer>();
  #seq = 0;
  readonly mode: 'system' | 'manual';

  constructor(opts: { mode?: 'system' | 'manual'; offsetMs?: number; start?: number } = {}) {
    this.mode = opts.mode ?? 'system';
    this.#offset = opts.offsetMs ?? 0;
    this.#manualNow = opts.start ?? Date.UTC(2026, 0, 1);
  }

  get offsetMs(): number {
    return this.#offset;
  }

  now(): number {
    return (this.mode === 'manual' ? this.#manualNow : Date.now()) + this.#offset;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const t: Timer = { due: this.now() + Math.max(0, ms), seq: this.#seq++, fn, real: null, done: false };
    this.#timers.add(t);
    if (this.mode === 'system') {
      t.real = setTimeout(() => this.#fire(t), Math.max(0, ms));
      t.real.unref?.();
    }
    return { cancel: () => this.#cancel(t) };
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance takes a non-negative number of ms');
    this.#offset += ms;
    const due = [...this.#timers].filter((t) => t.due <= this.now()).sort((a, b) => a.due - b.due || a.seq - b.seq);
    for (const t of due) this.#fire(t);
    return this.now();
  }

  /** Cancels every pending timer (used on shutdown). */
  clear(): void {
    for (const t of this.#timers) this.#cancel(t);
  }

  #fire(t: Timer): void {
    if (t.done) return;
    this.#cancel(t);
    t.fn();
  }

  #cancel(t: Timer): void {
    t.done = true;
    if (t.real) clearTimeout(t.real);
    this.#timers.delete(t);
  }
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** "2026-11" for the UTC calendar month of ms. */
export function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** Start of the next UTC calendar month. */
export function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
