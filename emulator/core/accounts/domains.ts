// Platform domains and custom domains: add (idempotent, deterministic TXT token), list, verify
// against DNS, remove (with the inboxes at the domain).
import { createHmac } from 'node:crypto';
import type { CustomDomain, DnsRecord, PlatformDomainView } from '../../../src/api/schemas.js';
import { normaliseDomain } from './addresses.js';
import { isoTime } from '../clock.js';
import type { CoreContext } from '../context.js';
import { normaliseHost } from './dns.js';
import { ApiError } from '../errors.js';
import { requireFeature } from './plan-gate.js';
import type { AccountRecord, CustomDomainRecord } from '../state.js';
import type { PlatformDomain } from '../config.js';

const DAY_MS = 86_400_000;
/** A platform domain whose registration runs out within this many days is `expiring_soon`. */
export const EXPIRING_SOON_DAYS = 30;

export class Domains {
  constructor(private readonly ctx: CoreContext) {}

  /** Platform domains visible to a plan: `pro` ones from growth up. */
  platform(account: AccountRecord): PlatformDomain[] {
    const pro = this.ctx.settings.plans[account.plan].customDomains;
    return this.ctx.settings.platformDomains.filter((d) => d.tier === 'free' || pro);
  }

  /** Every platform domain, whatever the plan (`GET /v1/domains/all`). */
  allPlatform(): PlatformDomain[] {
    return this.ctx.settings.platformDomains;
  }

  /** A platform domain as listed: name, tier, tags and where its registration stands. */
  listed(d: PlatformDomain): PlatformDomainView {
    const now = this.ctx.clock.now();
    const at = d.expiresAt === undefined ? NaN : Date.parse(d.expiresAt);
    if (!Number.isFinite(at)) {
      return { domain: d.domain, tier: d.tier, tags: [...d.tags], expires_at: null, expires_in_days: null, expiring_soon: false, expired: false };
    }
    const days = Math.ceil((at - now) / DAY_MS);
    return {
      domain: d.domain,
      tier: d.tier,
      tags: [...d.tags],
      expires_at: isoTime(at),
      expires_in_days: Math.max(0, days),
      expiring_soon: at > now && days <= EXPIRING_SOON_DAYS,
      expired: at <= now,
    };
  }

  platformDomain(domain: string): PlatformDomain | undefined {
    return this.ctx.settings.platformDomains.find((d) => d.domain === domain);
  }

  requirePlan(account: AccountRecord): void {
    requireFeature(this.ctx.settings, account, (p) => p.customDomains, 'Custom domains');
  }

  ofAccount(account: AccountRecord): CustomDomainRecord[] {
    return this.ctx.main.data.customDomains.filter((d) => d.accountId === account.id);
  }

  find(account: AccountRecord, domain: string): CustomDomainRecord | undefined {
    const name = normaliseDomain(domain.trim().replace(/\.$/, '')) ?? domain.trim().toLowerCase();
    return this.ofAccount(account).find((d) => d.domain === name);
  }

  /** The account's custom domains that count toward `maxCustomDomains` (catch-all's do not). */
  counted(account: AccountRecord): number {
    let n = 0;
    for (const d of this.ctx.main.data.customDomains) if (d.accountId === account.id && !d.byCatchAll) n++;
    return n;
  }

  /** Whether some account added `domain` itself (catch-all's domains aside). */
  addedByAnyone(domain: string): boolean {
    return this.ctx.main.data.customDomains.some((d) => d.domain === domain && !d.byCatchAll);
  }

  /**
   * Gives the account `domain` as a custom domain the emulator marks verified, for catch-all
   * (catch-all.ts): not counted toward `maxCustomDomains`. Catch-all's domains with no inbox
   * registered at them are dropped first, so they never outnumber its inboxes by more than one.
   */
  addForCatchAll(account: AccountRecord, domain: string): CustomDomainRecord {
    const doc = this.ctx.main.data;
    const used = new Set<string>();
    for (const r of doc.inboxes) used.add(`${r.accountId}\n${r.domain}`);
    doc.customDomains = doc.customDomains.filter((d) => !d.byCatchAll || used.has(`${d.accountId}\n${d.domain}`));
    const now = this.ctx.clock.now();
    const rec: CustomDomainRecord = { accountId: account.id, domain, verified: true, addedAt: now, verifiedAt: now, byCatchAll: true };
    doc.customDomains.push(rec);
    return rec;
  }

  /** Takes back a domain `addForCatchAll` gave, when the inbox it was for could not be registered. */
  dropCatchAll(rec: CustomDomainRecord): void {
    const doc = this.ctx.main.data;
    doc.customDomains = doc.customDomains.filter((d) => d !== rec);
  }

  txtValue(account: AccountRecord, domain: string): string {
    const token = createHmac('sha256', this.ctx.main.data.secret).update(`${account.id}\n${domain}`).digest('hex').slice(0, 32);
    return `${this.ctx.settings.txtPrefix}=${token}`;
  }

  dnsRecords(account: AccountRecord, domain: string): DnsRecord[] {
    return [
      { type: 'MX', hostname: '@', value: this.ctx.settings.mxHost, priority: '10', ttl: 'Auto' },
      { type: 'TXT', hostname: '@', value: this.txtValue(account, domain), priority: 'N/A', ttl: 'Auto' },
    ];
  }

  view(account: AccountRecord, rec: CustomDomainRecord): CustomDomain {
    return {
      domain: rec.domain,
      verified: rec.verified,
      mx_record: this.ctx.settings.mxHost,
      txt_record: this.txtValue(account, rec.domain),
      added_at: isoTime(rec.addedAt),
    };
  }

  /** Checks in the hosted service's order. `created` false: the 200 idempotent answer. */
  add(account: AccountRecord, input: unknown): { created: boolean; data: CustomDomain } {
    this.requirePlan(account);
    if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
      throw new ApiError('missing_field', 'Field "domain" is required.');
    }
    const domain = typeof input === 'string' ? normaliseDomain(input) : null;
    if (!domain) {
      const shown = typeof input === 'string' ? `"${input.slice(0, 100)}"` : `A ${Array.isArray(input) ? 'list' : typeof input}`;
      throw new ApiError('invalid_domain', `${shown} is not a valid domain name.`, {
        hint: 'Use a name like mail.example.com: two or more labels of letters, digits and hyphens.',
      });
    }
    const existing = this.ofAccount(account).find((d) => d.domain === domain);
    // A domain catch-all made becomes the account's own when added: it counts from then on, stays
    // verified, and is no longer dropped with its last inbox.
    if (existing && !existing.byCatchAll) return { created: false, data: this.view(account, existing) };
    if (this.counted(account) >= this.ctx.settings.maxCustomDomains) {
      throw new ApiError('limit_reached', `An account may hold at most ${this.ctx.settings.maxCustomDomains} custom domains.`, {
        hint: 'Remove a domain you no longer use with DELETE /v1/custom-domains/{domain}.',
      });
    }
    if (existing) {
      delete existing.byCatchAll;
      return { created: false, data: this.view(account, existing) };
    }
    const rec: CustomDomainRecord = { accountId: account.id, domain, verified: false, addedAt: this.ctx.clock.now() };
    this.ctx.main.data.customDomains.push(rec);
    return {
      created: true,
      data: {
        ...this.view(account, rec),
        dns_records: this.dnsRecords(account, domain),
        next_step: `Create both DNS records at your registrar, then call POST /v1/custom-domains/${domain}/verify`,
      },
    };
  }

  async verify(account: AccountRecord, domainParam: string): Promise<{ already: boolean; rec: CustomDomainRecord }> {
    this.requirePlan(account);
    const rec = this.find(account, domainParam);
    if (!rec) throw new ApiError('domain_not_found', `Domain "${domainParam}" is not on your account.`);
    if (rec.verified) return { already: true, rec };
    const wantMx = normaliseHost(this.ctx.settings.mxHost);
    const wantTxt = this.txtValue(account, rec.domain);
    let mx: string[];
    let txt: string[];
    try {
      [mx, txt] = await Promise.all([this.ctx.dns.mx(rec.domain), this.ctx.dns.txt(rec.domain)]);
    } catch (e) {
      // The resolver failed (timeout, SERVFAIL, unreachable): not verified, and the message says why.
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      throw new ApiError('verification_failed', `DNS lookup for ${rec.domain} failed (${why}); the records could not be checked.`, {
        verified: false,
        hint: 'The name servers did not answer; try again later, or check the resolver the emulator uses (--dns).',
        dns_records_needed: this.dnsRecords(account, rec.domain),
      });
    }
    const mxOk = mx.some((h) => normaliseHost(h) === wantMx);
    const txtOk = txt.some((v) => v === wantTxt);
    if (!mxOk || !txtOk) {
      const missing = [!mxOk && `MX record pointing to ${wantMx}`, !txtOk && `TXT record "${wantTxt}"`].filter(Boolean);
      throw new ApiError('verification_failed', `DNS verification failed for ${rec.domain}: missing ${missing.join(' and ')}.`, {
        verified: false,
        hint: 'DNS changes can take a while to propagate; check the records at your registrar and try again.',
        dns_records_needed: this.dnsRecords(account, rec.domain),
      });
    }
    rec.verified = true;
    rec.verifiedAt = this.ctx.clock.now();
    return { already: false, rec };
  }

  remove(account: AccountRecord, domainParam: string): CustomDomainRecord {
    this.requirePlan(account);
    const rec = this.find(account, domainParam);
    if (!rec) throw new ApiError('domain_not_found', `Domain "${domainParam}" is not on your account.`);
    const doc = this.ctx.main.data;
    doc.customDomains = doc.customDomains.filter((d) => d !== rec);
    return rec;
  }
}
