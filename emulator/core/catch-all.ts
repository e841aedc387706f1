// Catch-all mode (`inbox emulate --catch-all [account-key]`, POST /_emulator/catch-all), as Mailpit
// accepts every recipient: mail to an address that is not registered, on a platform domain or on one
// of the catch-all account's verified custom domains, registers that inbox for the account on the fly
// (through the ordinary registration, so plan rules and inbox limits hold) and is then accepted.
// Off by default: the hosted service refuses unregistered recipients, and so does the emulator.
import type { Accounts } from './accounts.js';
import type { Domains } from './domains.js';
import { ApiError } from './errors.js';
import type { EventBus } from './events.js';
import type { Inboxes } from './inboxes.js';
import type { InboxRecord } from './state.js';

export interface CatchAllState {
  enabled: boolean;
  /** The API key whose account gets the inboxes (while enabled). */
  account: string | null;
}

export type Admission = { ok: true; inbox: InboxRecord; registered: boolean } | { ok: false; code: string; reason: string; hint: string };

export class CatchAll {
  #key: string | null = null;

  constructor(private readonly deps: { accounts: Accounts; domains: Domains; inboxes: Inboxes; bus: EventBus; commit(): Promise<void> }) {}

  get state(): CatchAllState {
    return { enabled: this.#key !== null, account: this.#key };
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
   * A refusal says why and what to do (the receiver logs it and answers 550).
   */
  async admit(address: string): Promise<Admission> {
    const found = this.deps.inboxes.find(address);
    if (found) return { ok: true, inbox: found, registered: false };
    const account = this.#key === null ? undefined : this.deps.accounts.byKey(this.#key);
    if (!account) return { ok: false, ...this.diagnose(address) };
    try {
      const { rec, created } = this.deps.inboxes.register(account, address);
      if (created) {
        await this.deps.commit();
        this.deps.bus.emit('catchall.registered', { inbox: rec.inbox, apiKey: this.#key! });
      }
      return { ok: true, inbox: rec, registered: created };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const d = this.diagnose(address);
      return { ok: false, code: e.code, reason: `catch-all could not register it: ${e.message}`, hint: d.code === 'not_registered' ? hintOf(e) : d.hint };
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
    const owners = this.deps.accounts.all.filter((a) => this.deps.domains.find(a, domain));
    if (owners.length === 0) {
      return {
        code: 'unknown_domain',
        reason: `${domain} is neither a platform domain nor anyone's custom domain`,
        hint: `use a platform domain (inbox domains list), or add it: inbox domains add ${domain}`,
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
