// The hosted service's MCP layer (/v1/mcp/*), as the core sees it: the plan gate (`mcpEnabled`,
// growth and up), the per-account operations per calendar minute, the units a route adds to the
// limiter's one, and what each route reads or waits for. No HTTP: emulator/http/routes/hosted-mcp.ts
// runs these in the hosted order (auth, limiter, gate, ops, route) and turns the answers into JSON.
import { createWaitSeconds, MCP_CREATE_WAIT, MCP_PLAN, MCP_PLAN_LIMITS, type McpPlanLimits } from '../../../src/api/mcp.js';
import { DETECTED, type PlanName } from '../../../src/api/plans.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Domains } from '../accounts/domains.js';
import type { Inboxes } from '../accounts/inboxes.js';
import type { CoreContext } from '../context.js';
import type { Waits } from '../delivery/wait.js';
import { ApiError } from '../errors.js';
import type { Messages } from '../mail/messages.js';
import type { StoredMailOutline } from '../mail/parse-mail.js';
import type { AccountRecord, InboxRecord, StoredMessage } from '../state.js';

const MINUTE_MS = 60_000;
/** What the hosted layer counts as no code: the masks of plans below growth. */
const NOT_A_CODE = new Set([DETECTED, '__UPGRADE_REQUIRED__']);

/**
 * The gate's 403: the hosted body has no `success` and says what is missing in `error`. The HTTP
 * status follows from the code (`plan_required`, 403); the body is the hosted server's own.
 */
export class McpGateError extends ApiError {
  constructor(pricingUrl: string, plan: PlanName) {
    super('plan_required', 'MCP not available on your plan', {
      upgrade: 'Growth required',
      upgrade_required: true,
      recommended_plan: MCP_PLAN,
      pricing_url: pricingUrl,
      plan,
    });
  }

  override body(): Record<string, unknown> {
    const { plan: _plan, ...rest } = this.extra;
    return { error: this.message, ...rest };
  }
}

export interface McpDeps {
  accounts: Accounts;
  inboxes: Inboxes;
  domains: Domains;
  messages: Messages;
  waits: Waits;
}

export type LatestAnswer = { rec: InboxRecord; message: null } | { rec: InboxRecord; message: StoredMessage; outline: StoredMailOutline; otp: string | null };

export class HostedMcp {
  /** Operations in the current calendar minute, per account id. */
  readonly #ops = new Map<string, { minute: number; count: number }>();

  constructor(
    private readonly ctx: CoreContext,
    private readonly deps: McpDeps,
    private readonly limits: Record<PlanName, McpPlanLimits> = MCP_PLAN_LIMITS,
  ) {}

  limitsOf(account: AccountRecord): McpPlanLimits {
    return this.limits[account.plan];
  }

  /**
   * The gate, then one operation counted against the minute's cap (past the gate every request is
   * one, whatever it answers). Throws the gate's 403 or `mcp_rate_limit_exceeded`.
   */
  admit(account: AccountRecord): { used: number; limit: number } {
    const limits = this.limitsOf(account);
    if (!limits.enabled) throw new McpGateError(this.ctx.settings.upgradeUrl, account.plan);
    const now = this.ctx.clock.now();
    const minute = Math.floor(now / MINUTE_MS);
    let slot = this.#ops.get(account.id);
    if (!slot || slot.minute !== minute) {
      slot = { minute, count: 0 };
      this.#ops.set(account.id, slot);
    }
    slot.count++;
    if (slot.count > limits.opsPerMinute) {
      throw new ApiError(
        'mcp_rate_limit_exceeded',
        `MCP limit of ${limits.opsPerMinute} ops/min exceeded.`,
        { upgrade_required: true, recommended_plan: 'enterprise', pricing_url: this.ctx.settings.upgradeUrl },
        { retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000)) },
      );
    }
    return { used: slot.count, limit: limits.opsPerMinute };
  }

  /** Operations counted for the account in the current minute. */
  opsUsed(account: AccountRecord): number {
    const slot = this.#ops.get(account.id);
    return slot && slot.minute === Math.floor(this.ctx.clock.now() / MINUTE_MS) ? slot.count : 0;
  }

  /** Units a route adds to the limiter's one (quota, then credits; no per-second window). */
  charge(account: AccountRecord, units: number): void {
    if (units > 0) this.deps.accounts.spend(account, units);
  }

  /** The caller's inbox (403 `inbox_not_owned` otherwise); the path's address is lower-cased first. */
  owned(account: AccountRecord, inbox: string): InboxRecord {
    return this.deps.inboxes.owned(account, inbox.toLowerCase());
  }

  /** The newest message of the inbox with its text and its code (a mask counts as none), or none. */
  async latest(rec: InboxRecord): Promise<LatestAnswer> {
    const all = await this.deps.messages.current(rec);
    const m = all[all.length - 1];
    if (!m) return { rec, message: null };
    const outline = await this.deps.messages.outline(m);
    return { rec, message: m, outline, otp: realCode(m.otp) };
  }

  /** The newest message that carries a real code. */
  async newestCode(rec: InboxRecord): Promise<(StoredMessage & { otp: string }) | undefined> {
    const all = await this.deps.messages.current(rec);
    for (let i = all.length - 1; i >= 0; i--) {
      const m = all[i]!;
      if (realCode(m.otp) !== null) return m as StoredMessage & { otp: string };
    }
    return undefined;
  }

  /**
   * create-and-wait-otp after its charge, first half: the domain checked (a platform domain, any
   * tier; custom domains refused), then a random address of up to 8 [0-9a-z] registered to the
   * account, where it stays. The caller writes the registration, then holds with waitForCode().
   */
  createInbox(account: AccountRecord, body: Record<string, unknown>): { rec: InboxRecord; seconds: number } {
    const domainInput = body.domain === undefined || body.domain === null ? MCP_CREATE_WAIT.defaultDomain : body.domain;
    const domain = typeof domainInput === 'string' ? domainInput.trim().toLowerCase() : '';
    if (!this.deps.domains.platformDomain(domain)) {
      throw new ApiError('invalid_domain', `Use standard provided domain like ${MCP_CREATE_WAIT.defaultDomain}`, {
        hint: 'create-and-wait-otp takes a platform domain (GET /v1/domains/all); custom domains are refused.',
      });
    }
    const seconds = createWaitSeconds(body.timeout);
    const { rec } = this.deps.inboxes.register(account, `${this.#randomLocal()}@${domain}`);
    return { rec, seconds };
  }

  /**
   * The second half: holds until mail to the inbox carries a code (other mail is passed over), or
   * for `seconds` of emulator time, or until `signal` (the client went away).
   */
  async waitForCode(rec: InboxRecord, seconds: number, signal?: AbortSignal): Promise<StoredMessage | null> {
    const end = this.ctx.clock.now() + seconds * 1000;
    for (;;) {
      const left = end - this.ctx.clock.now();
      if (left <= 0 || signal?.aborted) return null;
      const m = await this.deps.waits.next(rec.inbox, left, signal);
      if (!m) return null;
      if (realCode(m.otp) !== null) return m;
    }
  }

  /**
   * watch-email, as GET /v1/inboxes/{inbox}/wait: with `since` an id that is not the newest, the
   * newest message at once; otherwise the next message, or null after `seconds` (emulator time).
   */
  async watch(rec: InboxRecord, seconds: number, since: string | undefined, signal?: AbortSignal): Promise<StoredMessage | null> {
    const stop = new AbortController();
    const next = this.deps.waits.next(rec.inbox, seconds * 1000, signal ? AbortSignal.any([stop.signal, signal]) : stop.signal);
    if (since) {
      const all = await this.deps.messages.current(rec);
      const i = all.findIndex((m) => m.id === since);
      if (i >= 0 && i < all.length - 1) {
        stop.abort();
        await next;
        return all[all.length - 1]!;
      }
    }
    return next;
  }

  #randomLocal(): string {
    const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
    // Up to 8 characters, as the hosted server's (a random number in base 36).
    const bytes = this.ctx.random(MCP_CREATE_WAIT.localChars);
    const length = 6 + (bytes[0]! % 3);
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % 36];
    return out;
  }
}

/** A detected code, or null for none and for the masks of lower plans. */
export function realCode(otp: string | null): string | null {
  return otp !== null && !NOT_A_CODE.has(otp) ? otp : null;
}
