// Accounts, plans, and request accounting: a sliding one-second window per account (in memory) and a
// monthly quota per UTC calendar month with credits spent past it (persisted: each change is told to
// the usage book, usage.ts, which writes the counters apart from the main document).
import { isPlanName, type Plan, type PlanName } from '../../../src/api/plans.js';
import { isoTime, monthKey, nextMonthStart } from '../clock.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { AccountRecord } from '../state.js';

export interface LimitState {
  plan: PlanName;
  limitSecond: number;
  remainingSecond: number;
  limitMonth: number;
  remainingMonth: number;
}

export interface AccountInput {
  apiKey: string;
  plan: PlanName;
  credits?: number;
  limits?: { perSecond?: number; perMonth?: number };
}

export class Accounts {
  /** Request timestamps inside the last second, per account id. */
  readonly #windows = new Map<string, number[]>();

  constructor(
    private readonly ctx: CoreContext,
    /** Told of every change to an account's `usage` or `credits`. */
    private readonly usage: { changed(): void },
  ) {}

  get all(): AccountRecord[] {
    return this.ctx.main.data.accounts;
  }

  byKey(apiKey: string): AccountRecord | undefined {
    return this.all.find((a) => a.apiKey === apiKey);
  }

  byId(id: string): AccountRecord | undefined {
    return this.all.find((a) => a.id === id);
  }

  plan(account: AccountRecord): Plan {
    return this.ctx.settings.plans[account.plan];
  }

  perSecond(account: AccountRecord): number {
    return account.limits?.perSecond ?? this.plan(account).perSecond;
  }

  perMonth(account: AccountRecord): number {
    return account.limits?.perMonth ?? this.plan(account).perMonth;
  }

  /** Authenticates a key: 401 `unauthorized` without one, `invalid_api_key` for an unknown one. */
  authenticate(apiKey: string | null | undefined): AccountRecord {
    if (!apiKey) {
      throw new ApiError('unauthorized', 'Missing API key. Send "Authorization: Bearer <key>" or ?api_key=<key>.', { docs: this.ctx.settings.docsUrl });
    }
    const account = this.byKey(apiKey);
    if (!account) throw new ApiError('invalid_api_key', 'Invalid or revoked API key.');
    return account;
  }

  /** Control surface: create or update an account. */
  upsert(input: AccountInput): { account: AccountRecord; created: boolean } {
    if (!isPlanName(input.plan)) throw new ApiError('invalid_parameter', `Unknown plan "${String(input.plan)}".`);
    let account = this.byKey(input.apiKey);
    const created = !account;
    if (!account) {
      account = {
        id: `acct_${this.ctx.random(6).toString('hex')}`,
        apiKey: input.apiKey,
        plan: input.plan,
        credits: 0,
        createdAt: this.ctx.clock.now(),
        usage: { period: monthKey(this.ctx.clock.now()), used: 0 },
      };
      this.all.push(account);
    }
    account.plan = input.plan;
    if (input.credits !== undefined) account.credits = input.credits;
    if (input.limits !== undefined) account.limits = { ...input.limits };
    // Written with the main document (the caller commits), and named newer than the usage document.
    if (created || input.credits !== undefined) this.usage.changed();
    return { account, created };
  }

  /**
   * A reset of one account: it gets a new id (whatever is filed under the old one belongs to no
   * account from now on), its month starts unused and its window empty; key, plan, credits and
   * limits stay. The caller removes what it owned and commits.
   */
  renew(account: AccountRecord): void {
    this.#windows.delete(account.id);
    account.id = `acct_${this.ctx.random(6).toString('hex')}`;
    account.createdAt = this.ctx.clock.now();
    account.usage = { period: monthKey(this.ctx.clock.now()), used: 0 };
    this.usage.changed();
  }

  /** Forgets every per-second window (the control surface's reset). */
  clearWindows(): void {
    this.#windows.clear();
  }

  #rollMonth(account: AccountRecord): void {
    const period = monthKey(this.ctx.clock.now());
    if (account.usage.period === period) return;
    account.usage = { period, used: 0 };
    this.usage.changed();
  }

  #window(account: AccountRecord): number[] {
    const now = this.ctx.clock.now();
    const w = (this.#windows.get(account.id) ?? []).filter((t) => t > now - 1000 && t <= now);
    this.#windows.set(account.id, w);
    return w;
  }

  /** The headers' numbers, without charging anything. */
  state(account: AccountRecord): LimitState {
    this.#rollMonth(account);
    const limitSecond = this.perSecond(account);
    const limitMonth = this.perMonth(account);
    return {
      plan: account.plan,
      limitSecond,
      remainingSecond: Math.max(0, limitSecond - this.#window(account).length),
      limitMonth,
      remainingMonth: Math.max(0, limitMonth - account.usage.used),
    };
  }

  /**
   * Charges one request of `cost` units: per-second window first, then the monthly quota, then
   * credits. Throws 429 without charging anything when either limit says no.
   */
  charge(account: AccountRecord, cost: number): LimitState {
    this.#rollMonth(account);
    const window = this.#window(account);
    if (window.length >= this.perSecond(account)) throw this.limitError(account, 'second');
    if (!this.spend(account, cost)) throw this.limitError(account, 'month');
    window.push(this.ctx.clock.now());
    return this.state(account);
  }

  /**
   * The limiter's refusal of the account: the per-second cap (`rate_limit_exceeded`, Retry-After 1)
   * or the monthly quota with no credits left (`monthly_quota_exceeded`, Retry-After until the month
   * ends). charge() throws it; a fault rule's 429 is this same answer (core/faults/).
   */
  limitError(account: AccountRecord, which: 'second' | 'month'): ApiError {
    if (which === 'second') {
      const perSecond = this.perSecond(account);
      return new ApiError(
        'rate_limit_exceeded',
        `Rate limit of ${perSecond} request(s) per second exceeded on the ${account.plan} plan.`,
        { upgrade_url: this.ctx.settings.upgradeUrl },
        { retryAfterSeconds: 1 },
      );
    }
    const resets = isoTime(nextMonthStart(this.ctx.clock.now()));
    return new ApiError(
      'monthly_quota_exceeded',
      `Monthly quota of ${this.perMonth(account)} request units used up and no credits left.`,
      {
        upgrade_url: this.ctx.settings.upgradeUrl,
        credits_url: this.ctx.settings.creditsUrl,
        hint: `Buy credits or upgrade your plan; the quota resets at ${resets}.`,
      },
      { retryAfterSeconds: Math.ceil((nextMonthStart(this.ctx.clock.now()) - this.ctx.clock.now()) / 1000) },
    );
  }

  /**
   * Spends `cost` units from the month's quota, then from credits. Used by charge() and by pushed
   * events (webhook deliveries, WebSocket frames), which have no per-second limit. False: nothing
   * was spent because quota and credits together do not cover the cost.
   */
  spend(account: AccountRecord, cost: number): boolean {
    this.#rollMonth(account);
    const fromQuota = Math.min(cost, Math.max(0, this.perMonth(account) - account.usage.used));
    const fromCredits = cost - fromQuota;
    if (fromCredits > account.credits) return false;
    account.usage.used += fromQuota;
    account.credits -= fromCredits;
    if (cost !== 0) this.usage.changed();
    return true;
  }
}
