// Usage counters (each account's requests this month, and its credits) change at every API request,
// while the main document they live in holds every inbox and webhook. So they are written apart: to a
// small document of their own (`<data>.usage.json`, a side document of the store) within
// USAGE_WRITE_MS of the emulator's clock after a change, and at a clean stop, instead of the whole
// main document after each request. A crash (SIGKILL, power loss) loses at most the charges of that
// last second; a clean stop loses none. The main document still carries the counters as they were at
// its own last write (an account change, an inbox, a webhook...; at a clean stop it is written too,
// so a data file stopped cleanly holds the same counters in both), and both carry `rev`, the number of
// counter changes made so far: at start, whichever of the two is newer is read. The usage document
// also names the main document's secret, which a reset renews, so counters of a state that was reset
// are never read into the fresh one.
import type { Doc } from '../../store/document.js';
import type { CoreContext } from '../context.js';

/** How long after a change the usage document is written (emulator time): the loss window of a crash. */
export const USAGE_WRITE_MS = 1000;

export interface UsageCounters {
  period: string;
  used: number;
  credits: number;
}

/** `<data>.usage.json`. */
export interface UsageFile {
  format: 1;
  /** The main document's secret when this was written. */
  secret: string;
  /** MainDoc.usageRev when this was written. */
  rev: number;
  /** By account id. */
  accounts: Record<string, UsageCounters>;
}

/** What the usage document holds in memory: a view of the accounts, taken when it is written. */
export interface LiveUsage {
  toJSON(): UsageFile;
}

function isCounters(v: unknown): v is UsageCounters {
  const c = v as UsageCounters;
  return typeof c === 'object' && c !== null && typeof c.period === 'string' && Number.isFinite(c.used) && Number.isFinite(c.credits);
}

export class UsageBook {
  #timer: { cancel(): void } | null = null;
  /** Counters changed since the usage document's last write began. */
  #dirty = false;
  /** Counters changed in this run: the main document's copy may be older. */
  #changedInRun = false;
  readonly #live: LiveUsage;

  constructor(
    private readonly ctx: CoreContext,
    private readonly doc: Doc<UsageFile | LiveUsage>,
  ) {
    this.#live = { toJSON: () => this.snapshot() };
  }

  /** The counters as the usage document writes them. */
  snapshot(): UsageFile {
    const main = this.ctx.main.data;
    const accounts: Record<string, UsageCounters> = {};
    for (const a of main.accounts) accounts[a.id] = { period: a.usage.period, used: a.usage.used, credits: a.credits };
    return { format: 1, secret: main.secret, rev: main.usageRev ?? 0, accounts };
  }

  /**
   * At start, once the main document is read: takes the counters of the usage document when it
   * belongs to this state and is newer than the main document's copy. True when it did.
   */
  async load(): Promise<boolean> {
    const saved = await this.doc.readStored(
      this.#live,
      'the usage counters',
      'Delete that file to start with the counters as the main data file last saved them (a few requests may then be counted again as unused).',
    );
    const main = this.ctx.main.data;
    const file = saved as Partial<UsageFile> | null;
    if (!file || typeof file !== 'object' || file.secret !== main.secret || typeof file.accounts !== 'object' || file.accounts === null) return false;
    if (!(typeof file.rev === 'number' && file.rev > (main.usageRev ?? 0))) return false;
    for (const a of main.accounts) {
      const c = file.accounts[a.id];
      if (!isCounters(c)) continue;
      a.usage = { period: c.period, used: c.used };
      a.credits = c.credits;
    }
    main.usageRev = file.rev;
    return true;
  }

  /** A counter changed (a charge, a new month, credits set): written within USAGE_WRITE_MS. */
  changed(): void {
    const main = this.ctx.main.data;
    main.usageRev = (main.usageRev ?? 0) + 1;
    this.#dirty = true;
    this.#changedInRun = true;
    this.#timer ??= this.ctx.clock.setTimer(USAGE_WRITE_MS, () => {
      this.#timer = null;
      void this.#write();
    });
  }

  #write(): Promise<void> {
    this.#dirty = false;
    return this.doc.commit().catch((error) => {
      this.#dirty = true;
      this.ctx.bus.emit('error', { where: 'usage counters', error });
    });
  }

  /**
   * A clean stop: writes now what changed since the last write, to the usage document and to the
   * main document's copy, and waits for the writes.
   */
  async flush(): Promise<void> {
    this.#timer?.cancel();
    this.#timer = null;
    if (this.#dirty) await this.#write();
    if (this.#changedInRun) {
      this.#changedInRun = false;
      await this.ctx.main.commit().catch((error) => this.ctx.bus.emit('error', { where: 'usage counters', error }));
    }
    await this.doc.flush().catch(() => undefined);
  }
}
