// Inbox registration: the hosted service's checks in their order, listing, ownership, removal.
import { lowestPlanWith } from '../../../src/api/plans.js';
import { normaliseAddress } from './addresses.js';
import type { CoreContext } from '../context.js';
import type { Domains } from './domains.js';
import { ApiError } from '../errors.js';
import { upgradeFields } from './plan-gate.js';
import type { AccountRecord, InboxRecord } from '../state.js';

export class Inboxes {
  /** Index by address; rebuilt lazily when the document is replaced (reset, load). */
  #index = new Map<string, InboxRecord>();
  #indexed: InboxRecord[] | null = null;

  constructor(
    private readonly ctx: CoreContext,
    private readonly domains: Domains,
  ) {}

  #byAddress(): Map<string, InboxRecord> {
    const list = this.ctx.main.data.inboxes;
    if (this.#indexed !== list || this.#index.size !== list.length) {
      this.#index = new Map(list.map((r) => [r.inbox, r]));
      this.#indexed = list;
    }
    return this.#index;
  }

  /** The registration of an address, whoever owns it (the SMTP receiver's RCPT check). */
  find(address: string): InboxRecord | undefined {
    const a = normaliseAddress(address, { lookup: true });
    return a ? this.#byAddress().get(a.inbox) : undefined;
  }

  ofAccount(account: AccountRecord): InboxRecord[] {
    return this.ctx.main.data.inboxes.filter((r) => r.accountId === account.id);
  }

  /** 403 `inbox_not_owned` unless the caller registered the inbox. */
  owned(account: AccountRecord, address: string): InboxRecord {
    const rec = this.find(address);
    if (!rec || rec.accountId !== account.id) {
      throw new ApiError('inbox_not_owned', `Inbox "${address.slice(0, 320)}" is not registered on your account.`, {
        hint: 'Register it first with POST /v1/inboxes, or check the address.',
      });
    }
    return rec;
  }

  register(account: AccountRecord, input: unknown): { created: boolean; rec: InboxRecord } {
    if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
      throw new ApiError('missing_field', 'Field "inbox" is required.');
    }
    const addr = typeof input === 'string' ? normaliseAddress(input) : null;
    if (!addr) {
      throw new ApiError(
        'invalid_inbox',
        typeof input === 'string' ? `"${input.slice(0, 320)}" is not a valid e-mail address.` : 'Field "inbox" must be a string holding an e-mail address.',
      );
    }
    const plan = this.ctx.settings.plans[account.plan];
    const platform = this.domains.platformDomain(addr.domain);
    if (platform) {
      if (platform.tier === 'pro' && !plan.customDomains) {
        throw new ApiError('plan_restriction', `${addr.domain} is a pro domain; it needs the ${lowestPlanWith((p) => p.customDomains)} plan or above.`, {
          upgrade_url: this.ctx.settings.upgradeUrl,
        });
      }
    } else {
      const custom = this.domains.ofAccount(account).find((d) => d.domain === addr.domain);
      if (!custom) {
        if (!plan.customDomains) {
          throw new ApiError(
            'domain_not_allowed',
            `${addr.domain} is not one of the platform domains; inboxes at other domains need the ${lowestPlanWith((p) => p.customDomains)} plan or above and a verified custom domain.`,
            {
              ...upgradeFields(this.ctx.settings, (p) => p.customDomains),
              provided_domains_example: this.domains.platform(account).map((d) => d.domain),
              hint: 'Use a domain from GET /v1/domains.',
            },
          );
        }
        throw new ApiError('domain_not_verified', `${addr.domain} is neither a platform domain nor one of your custom domains.`, {
          hint: `Add it with POST /v1/custom-domains and verify it, or use a domain from GET /v1/domains.`,
        });
      }
      if (!plan.customDomains) {
        // A custom domain kept from a higher plan (the account was moved down).
        throw new ApiError(
          'plan_required',
          `Inboxes at custom domains need the ${lowestPlanWith((p) => p.customDomains)} plan or above.`,
          upgradeFields(this.ctx.settings, (p) => p.customDomains),
        );
      }
      if (!custom.verified) {
        throw new ApiError('domain_not_verified', `${addr.domain} is not verified yet.`, {
          hint: `Publish its MX and TXT records, then call POST /v1/custom-domains/${addr.domain}/verify.`,
        });
      }
    }
    const existing = this.#byAddress().get(addr.inbox);
    if (existing) {
      if (existing.accountId === account.id) return { created: false, rec: existing };
      throw new ApiError('inbox_not_owned', `${addr.inbox} is registered by another account.`, {
        hint: 'Pick another local part.',
      });
    }
    if (plan.maxInboxes !== null && this.ofAccount(account).length >= plan.maxInboxes) {
      throw new ApiError('inbox_limit_reached', `The ${account.plan} plan allows ${plan.maxInboxes} inboxes.`, {
        upgrade_url: this.ctx.settings.upgradeUrl,
        hint: 'Remove an inbox you no longer need, or upgrade.',
      });
    }
    const rec: InboxRecord = {
      accountId: account.id,
      inbox: addr.inbox,
      local: addr.local,
      domain: addr.domain,
      registeredAt: this.ctx.clock.now(),
    };
    // The index is current (looked up above): the new record is added to it, not rebuilt around it.
    const index = this.#byAddress();
    this.ctx.main.data.inboxes.push(rec);
    index.set(rec.inbox, rec);
    this.ctx.bus.emit('inbox.registered', { inbox: rec });
    return { created: true, rec };
  }

  /**
   * Unregisters the caller's inbox. Any other address (unknown, invalid, another account's) is left
   * alone and answered the same way, as the hosted service does: null then. The mail stays stored.
   */
  remove(account: AccountRecord, address: string): InboxRecord | null {
    const rec = this.find(address);
    if (!rec || rec.accountId !== account.id) return null;
    this.#drop([rec]);
    return rec;
  }

  /** Unregisters every inbox of an account (a reset of that account). */
  removeAll(account: AccountRecord): InboxRecord[] {
    const gone = this.ofAccount(account);
    this.#drop(gone);
    return gone;
  }

  /** Unregisters every inbox at a domain of an account (custom-domain removal). */
  removeAtDomain(account: AccountRecord, domain: string): InboxRecord[] {
    const gone = this.ofAccount(account).filter((r) => r.domain === domain);
    this.#drop(gone);
    return gone;
  }

  #drop(recs: InboxRecord[]): void {
    if (recs.length === 0) return;
    const set = new Set(recs);
    const doc = this.ctx.main.data;
    doc.inboxes = doc.inboxes.filter((r) => !set.has(r));
    for (const r of recs) this.ctx.bus.emit('inbox.removed', { inbox: r.inbox });
  }
}
