// The agent tools' backend (src/mcp/backend.ts) straight over the core, for /mcp on `inbox emulate`:
// one account (the caller's key), the same plan rules and costs as the API routes each tool stands
// for (a list or a read 1 unit, a long-poll 10 units and the Wait API's plan), spent from the month's
// quota without the per-second window (an agent's call is several requests' worth at once). Core
// errors become ToolFailures that name the fix.
import { ROUTES } from '../../../src/api/routes.js';
import type { BackendDomain, BackendFullMessage, BackendMessage, BackendUsage, MailBackend, WaitRequest } from '../../../src/mcp/backend.js';
import { toolFailure } from '../../../src/mcp/fixes.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Domains } from '../accounts/domains.js';
import type { Inboxes } from '../accounts/inboxes.js';
import { requireFeature } from '../accounts/plan-gate.js';
import { isoTime, nextMonthStart } from '../clock.js';
import type { CoreContext } from '../context.js';
import type { Waits } from '../delivery/wait.js';
import { ApiError } from '../errors.js';
import type { Messages } from '../mail/messages.js';
import type { AccountRecord, StoredMessage } from '../state.js';

export interface AgentDeps {
  accounts: Accounts;
  inboxes: Inboxes;
  domains: Domains;
  messages: Messages;
  waits: Waits;
  /** Writes the main document (registrations and removals are on disk before the tool answers). */
  commit(): Promise<void>;
}

function summary(m: StoredMessage): BackendMessage {
  return { id: m.id, from: m.from, to: m.to, subject: m.subject, date: m.date, hasAttachment: m.hasAttachment };
}

export class AgentBackend implements MailBackend {
  readonly label: string;

  constructor(
    private readonly ctx: CoreContext,
    private readonly deps: AgentDeps,
    private readonly account: AccountRecord,
    where: string,
  ) {
    this.label = `the emulator at ${where}`;
  }

  /** Spends a route's units and runs the operation; core errors become ToolFailures. */
  async #op<T>(units: number, fn: () => T | Promise<T>): Promise<T> {
    try {
      if (!this.deps.accounts.spend(this.account, units)) throw this.deps.accounts.limitError(this.account, 'month');
      return await fn();
    } catch (e) {
      if (e instanceof ApiError) {
        const plan = e.extra.recommended_plan;
        throw toolFailure(e.code, e.message, { emulator: true, plan: typeof plan === 'string' ? plan : undefined });
      }
      throw e;
    }
  }

  #owned(inbox: string) {
    return this.deps.inboxes.owned(this.account, inbox);
  }

  listDomains(): Promise<BackendDomain[]> {
    return this.#op(ROUTES.listDomains.cost, () => [
      ...this.deps.domains.platform(this.account).map((d) => ({ domain: d.domain, kind: d.tier })),
      ...this.deps.domains.ofAccount(this.account).map((d) => ({ domain: d.domain, kind: 'custom' as const, verified: d.verified })),
    ]);
  }

  registerInbox(address: string) {
    return this.#op(ROUTES.registerInbox.cost, async () => {
      const { created, rec } = this.deps.inboxes.register(this.account, address);
      if (created) await this.deps.commit();
      return { inbox: rec.inbox, created };
    });
  }

  listInboxes(): Promise<string[]> {
    return this.#op(ROUTES.listInboxes.cost, () => this.deps.inboxes.ofAccount(this.account).map((r) => r.inbox));
  }

  listMessages(inbox: string): Promise<BackendMessage[]> {
    return this.#op(ROUTES.listMessages.cost, async () => (await this.deps.messages.list(this.#owned(inbox))).map(summary));
  }

  getMessage(inbox: string, id: string): Promise<BackendFullMessage> {
    return this.#op(ROUTES.getMessage.cost, async () => {
      const m = await this.deps.messages.get(this.#owned(inbox), id);
      const outline = await this.deps.messages.outline(m);
      const plan = this.deps.accounts.plan(this.account);
      const full: BackendFullMessage = { ...summary(m), text: outline.text, html: outline.html, attachments: null };
      if (plan.attachments || outline.attachments.length === 0) {
        full.attachments = outline.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size }));
      } else {
        full.attachmentsNote = `${outline.attachments.length} attachment(s) not returned on the ${plan.name} plan (the startup plan and up get them)`;
      }
      return full;
    });
  }

  /** As GET .../wait: the Wait API's plan, the inbox, then the next message (or one newer than `since`). */
  wait(inbox: string, req: WaitRequest): Promise<BackendMessage | null> {
    return this.#op(ROUTES.wait.cost, async () => {
      requireFeature(this.ctx.settings, this.account, (p) => p.wait, 'Waiting for mail');
      const rec = this.#owned(inbox);
      const stop = new AbortController();
      const signal = req.signal ? AbortSignal.any([stop.signal, req.signal]) : stop.signal;
      // Registered before the inbox is read, so a message stored meanwhile is not missed.
      const next = this.deps.waits.next(rec.inbox, req.seconds * 1000, signal);
      if (req.since) {
        const all = await this.deps.messages.current(rec);
        const i = all.findIndex((m) => m.id === req.since);
        if (i >= 0 && i < all.length - 1) {
          stop.abort();
          await next;
          return summary(all[all.length - 1]!);
        }
      }
      const m = await next;
      return m ? summary(m) : null;
    });
  }

  deleteMessage(inbox: string, id: string): Promise<boolean> {
    return this.#op(ROUTES.deleteMessage.cost, async () => {
      try {
        await this.deps.messages.delete(this.#owned(inbox), id);
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.code === 'not_found') return false;
        throw e;
      }
    });
  }

  removeInbox(inbox: string): Promise<void> {
    return this.#op(ROUTES.removeInbox.cost, async () => {
      // Only the caller's own inbox: another address is refused as unknown, so the agent hears of a typo.
      this.#owned(inbox);
      this.deps.inboxes.remove(this.account, inbox);
      await this.deps.commit();
    });
  }

  usage(): Promise<BackendUsage> {
    return this.#op(ROUTES.usage.cost, () => {
      const s = this.deps.accounts.state(this.account);
      return {
        plan: this.account.plan,
        used: this.account.usage.used,
        limit: s.limitMonth,
        remaining: s.remainingMonth,
        credits: this.account.credits,
        resets: isoTime(nextMonthStart(this.ctx.clock.now())),
      };
    });
  }
}
