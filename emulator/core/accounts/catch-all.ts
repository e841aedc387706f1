// Catch-all mode (`inbox emulate --catch-all [account-key]`, POST /_emulator/catch-all), as Mailpit
// accepts every recipient: mail to an address that is not registered, on a platform domain or on one
// of the catch-all account's verified custom domains, registers that inbox for the account on the fly
// (through the ordinary registration, so plan rules and inbox limits hold) and is then accepted.
// Off by default: the hosted service refuses unregistered recipients, and so does the emulator.
// Bounded: catch-all keeps at most `maxInboxes` inboxes of its own making registered at once
// (`--catch-all-max-inboxes`, default 1,000), so a sender cannot grow the state without end by
// mailing fresh addresses; past it a new address is refused like any unregistered one. The inboxes it
// made are marked in their records (`byCatchAll`), so the count survives a restart; one removed, or
// a reset, frees its place. Inboxes registered through the API never count.
import type { Accounts } from './accounts.js';
import type { Domains } from './domains.js';
import { ApiError } from '../errors.js';
import type { EventBus } from '../events.js';
import type { Inboxes } from './inboxes.js';
import type { InboxRecord } from '../state.js';
import { normaliseAddress, normaliseDomain } from './addresses.js';

export interface CatchAllState {
  enabled: boolean;
  /** The API key whose account gets the inboxes (while enabled). */
  account: string | null;
  /** Most inboxes catch-all keeps registered at once (its own, of every account). */
  maxInboxes: number;
  /** Inboxes catch-all registered that are still registered. */
  inboxes: number;
}

/**
 * Default of `--catch-all-max-inboxes`: ten times the largest plan cap below enterprise (growth, 100),
 * more fresh addresses than a test run mails between resets, few enough that the main document, which
 * every request rewrites, stays small (about 150 KB of inbox records instead of megabytes).
 */
export const DEFAULT_CATCH_ALL_MAX_INBOXES = 1_000;
/** Largest value `--catch-all-max-inboxes` takes (a bound must stay one). */
export const CATCH_ALL_MAX_INBOXES_LIMIT = 1_000_000;
/** The refusal code of an address catch-all would register past its cap. */
export const CATCH_ALL_LIMIT_CODE = 'catch_all_limit';

export type Admission = { ok: true; inbox: InboxRecord; registered: boolean } | { ok: false; code: string; reason: string; hint: string };

/** `n` as a cap of catch-all's inboxes, or 400 `invalid_parameter` unless a whole number from 1 to 1,000,000. */
export function checkMaxInboxes(n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > CATCH_ALL_MAX_INBOXES_LIMIT) {
    throw new ApiError(
      'invalid_parameter',
      `"maxInboxes" must be a whole number from 1 to ${CATCH_ALL_MAX_INBOXES_LIMIT}; got ${String(JSON.stringify(n)).slice(0, 50)}.`,
      {
        hint: `The default is ${DEFAULT_CATCH_ALL_MAX_INBOXES}; give a larger number, not 0, for more.`,
      },
    );
  }
  return n;
}

export class CatchAll {
  #key: string | null = null;
  #max = DEFAULT_CATCH_ALL_MAX_INBOXES;

  constructor(
    private readonly deps: { accounts: Accounts; domains: Domains; inboxes: Inboxes; bus: EventBus; commit(): Promise<void>; all(): readonly InboxRecord[] },
  ) {}

  get state(): CatchAllState {
    return { enabled: this.#key !== null, account: this.#key, maxInboxes: this.#max, inboxes: this.#made() };
  }

  /** Inboxes catch-all registered that are still registered (a removal or reset frees their places). */
  #made(): number {
    let n = 0;
    for (const r of this.deps.all()) if (r.byCatchAll) n++;
    return n;
  }

  /** Sets the cap (400 `invalid_parameter` unless a whole number from 1 to 1,000,000). */
  setMaxInboxes(n: unknown): CatchAllState {
    this.#max = checkMaxInboxes(n);
    return this.state;
  }

  /** Turns catch-all on for the account of `apiKey` (404 not_found if there is none), or off with null. */
  set(apiKey: string | null): CatchAllState {
    if (apiKey !== null && !this.deps.accounts.byKey(apiKey)) {
      throw new ApiError('not_found', `No account has the API key "${apiKey.slice(0, 200)}".`, {
        hint: 'Use a seeded key (emu_free ... emu_enterprise) or create the account with POST /_emulator/accounts first.',
      });
    }
    this.#key = apiKey;
    return this.state;
  }

  /**
   * The registered inbox of `address`, registering it for the catch-all account when catch-all is on.
   * An address at a domain no account added becomes an inbox of the catch-all account on a domain
   * the emulator gives it, marked verified (Domains.addForCatchAll; not counted toward the account's
   * custom domains); a domain an account added keeps that account's rules.
   * A refusal says why and what to do (the receiver logs it and answers 550).
   */
  async admit(address: string): Promise<Admission> {
    const found = this.deps.inboxes.find(address);
    if (found) return { ok: true, inbox: found, registered: false };
    const account = this.#key === null ? undefined : this.deps.accounts.byKey(this.#key);
    if (!account) return { ok: false, ...this.diagnose(address) };
    const d = this.diagnose(address);
    // A domain nobody added: catch-all gives it to its account, when the plan allows custom domains.
    const fresh = d.code === 'unknown_domain' ? normaliseAddress(address) : null;
    if (d.code === 'unknown_domain') {
      if (!fresh || !normaliseDomain(fresh.domain)) {
        return {
          ok: false,
          code: 'invalid_address',
          reason: 'not a valid address for an inbox',
          hint: 'send to name@domain, a domain of letters, digits and hyphens',
        };
      }
      try {
        this.deps.domains.requirePlan(account);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        return {
          ok: false,
          code: e.code,
          reason: `catch-all's account ${this.#key} is on the ${account.plan} plan, which has no custom domains, so it cannot take mail for ${fresh.domain}`,
          hint: 'turn catch-all on for an account with custom domains: --catch-all (emu_enterprise) or POST /_emulator/catch-all {"account": "emu_growth"}; or send to a platform domain (inbox domains list)',
        };
      }
    } else if (d.code !== 'not_registered' && d.code !== 'domain_not_verified') {
      return { ok: false, ...d };
    }
    if (this.#made() >= this.#max) {
      // An address catch-all could take is refused for the cap; one it could not keeps its own reason.
      if (d.code === 'domain_not_verified') return { ok: false, ...d };
      return {
        ok: false,
        code: CATCH_ALL_LIMIT_CODE,
        reason: `catch-all has registered its limit of ${this.#max} inboxes`,
        hint: `remove inboxes it registered (inbox inboxes remove <address>), reset the emulator (POST /_emulator/reset), or raise the limit: --catch-all-max-inboxes <n> or POST /_emulator/catch-all {"maxInboxes": n}`,
      };
    }
    const domain = fresh ? this.deps.domains.addForCatchAll(account, fresh.domain) : null;
    try {
      const { rec, created } = this.deps.inboxes.register(account, address);
      if (created) {
        rec.byCatchAll = true;
        await this.deps.commit();
        if (domain) this.deps.bus.emit('catchall.domain', { domain: domain.domain, apiKey: this.#key! });
        this.deps.bus.emit('catchall.registered', { inbox: rec.inbox, apiKey: this.#key! });
      }
      return { ok: true, inbox: rec, registered: created };
    } catch (e) {
      if (domain) this.deps.domains.dropCatchAll(domain);
      if (!(e instanceof ApiError)) throw e;
      return {
        ok: false,
        code: e.code,
        reason: `catch-all could not register it: ${e.message}`,
        hint: d.code === 'not_registered' || fresh ? hintOf(e) : d.hint,
      };
    }
  }

  /** Why mail to an unregistered `address` is refused, and the fix. */
  diagnose(address: string): { code: string; reason: string; hint: string } {
    const at = address.lastIndexOf('@');
    const domain = at > 0 ? address.slice(at + 1).toLowerCase() : '';
    const shown = address.slice(0, 320);
    if (!domain) return { code: 'invalid_address', reason: 'not an e-mail address', hint: 'send to name@domain' };
    if (this.deps.domains.platformDomain(domain)) {
      return { code: 'not_registered', reason: 'not registered', hint: `inbox inboxes register ${shown} (or start the emulator with --catch-all)` };
    }
    // Catch-all's own domains are no one's: another address there is a domain catch-all may take.
    const owners = this.deps.accounts.all.filter((a) => {
      const d = this.deps.domains.find(a, domain);
      return d !== undefined && (!d.byCatchAll || a.apiKey === this.#key);
    });
    if (owners.length === 0) {
      return {
        code: 'unknown_domain',
        reason: `${domain} is neither a platform domain nor anyone's custom domain`,
        hint:
          `add the domain, publish its DNS, verify it, register the inbox (growth plan or above): inbox domains add ${domain} && ` +
          `inbox domains publish-dns ${domain} && inbox domains verify ${domain} && inbox inboxes register ${shown}; ` +
          'or start the emulator with --catch-all to accept any address',
      };
    }
    if (!owners.some((a) => this.deps.domains.find(a, domain)!.verified)) {
      return {
        code: 'domain_not_verified',
        reason: `custom domain ${domain} is not verified`,
        hint: `inbox domains publish-dns ${domain} && inbox domains verify ${domain}, then inbox inboxes register ${shown}`,
      };
    }
    return {
      code: 'not_registered',
      reason: 'not registered',
      hint: `inbox inboxes register ${shown} (or start the emulator with --catch-all <key of the domain's account>)`,
    };
  }
}

function hintOf(e: ApiError): string {
  const h = e.extra.hint;
  return typeof h === 'string' ? h : 'register the inbox with inbox inboxes register, or use another address';
}
