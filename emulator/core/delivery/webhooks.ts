// Webhook subscriptions: creation with the hosted service's checks in their order, listing, removal,
// and the failure count that disables a webhook after ten failed deliveries in a row. Deliveries
// themselves are made by dispatcher.ts.
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { requireFeature } from '../accounts/plan-gate.js';
import { hexSecret } from '../ids.js';
import type { Inboxes } from '../accounts/inboxes.js';
import type { AccountRecord, InboxRecord, WebhookRecord } from '../state.js';
import type { Tunnels } from './tunnel.js';

/** Consecutive failed deliveries that disable a webhook (API document, "Limits"). */
export const WEBHOOK_FAILURE_LIMIT = 10;
/** A delivery needs a 2xx answer within this window (API document, "Events"). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type LocalTarget = 'loopback' | 'link-local' | 'unspecified' | 'this-machine';

/** "a loopback address", "an address of this machine", … for refusals. */
export function describeLocal(kind: LocalTarget): string {
  return kind === 'this-machine' ? 'an address of this machine' : kind === 'unspecified' ? 'an unspecified address' : `a ${kind} address`;
}

/**
 * This machine's interface addresses (as `os.networkInterfaces()` lists them, injected by the
 * adapters) spelled as `new URL().hostname` spells them: dotted IPv4, bracketed lower-case IPv6,
 * without a zone. Entries that are not addresses are left out.
 */
export function machineHosts(addresses: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const raw of addresses) {
    const a = raw.replace(/%.*$/, '');
    try {
      out.add(new URL(`http://${a.includes(':') ? `[${a}]` : a}/`).hostname);
    } catch {
      // not an address
    }
  }
  return out;
}

/**
 * Why a webhook host needs `--allow-http-webhooks` even over https: it names this machine (loopback,
 * the unspecified address, or any address of its interfaces given in `machine`, see machineHosts())
 * or its link-local network (cloud metadata at 169.254.169.254), not a receiver on the internet. Works
 * on WHATWG-normalised host names (`new URL().hostname`), which spell IPv4 in dotted decimal and IPv6
 * in brackets, lower case. Names are not resolved here; deliveries check where a name leads
 * (outbound.ts).
 */
export function localTarget(hostname: string, machine: ReadonlySet<string> = new Set()): LocalTarget | null {
  const host = hostname.replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const v4 = (a: string) => {
    const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(a);
    if (!m) return null;
    const [x, y] = [Number(m[1]), Number(m[2])];
    if (x === 127) return 'loopback';
    if (x === 169 && y === 254) return 'link-local';
    if (x === 0) return 'unspecified';
    return machine.has(a) ? 'this-machine' : null;
  };
  if (!host.startsWith('[')) return v4(host);
  if (machine.has(host)) return 'this-machine';
  const v6 = host.slice(1, -1);
  if (v6 === '::1') return 'loopback';
  if (v6 === '::') return 'unspecified';
  if (/^fe[89ab][0-9a-f]:/.test(v6)) return 'link-local';
  // IPv4-mapped (::ffff:7f00:1, or ::ffff:127.0.0.1 as resolvers write it, is 127.0.0.1).
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (dotted) return v4(dotted[1]!);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return v4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return null;
}

export interface DeliveryOutcome {
  failureCount: number;
  /** True when this failure was the tenth in a row and disabled the webhook. */
  disabled: boolean;
}

export class Webhooks {
  /**
   * Accept http:// URLs, and loopback or link-local hosts over either scheme (`inbox emulate
   * --allow-http-webhooks`).
   */
  allowHttp = false;

  /**
   * This machine's own addresses (injected by the emulator: `os.networkInterfaces()`); a URL naming
   * one of them needs `--allow-http-webhooks`, as loopback does. Read at each registration.
   */
  machineAddresses: () => Iterable<string> = () => [];

  /**
   * The list by id and by inbox, for the dispatcher's lookups (one per delivery): rebuilt when the
   * list was replaced (a removal, a reset, a load) or grew other than through create().
   */
  #indexed: WebhookRecord[] | null = null;
  #indexedLength = 0;
  #ids = new Map<string, WebhookRecord>();
  #inboxes = new Map<string, WebhookRecord[]>();

  constructor(
    private readonly ctx: CoreContext,
    private readonly inboxes: Inboxes,
    private readonly tunnels: Tunnels,
  ) {
    // An inbox that goes away takes its webhooks with it: they could never fire again, and a
    // later registration of the address by someone else must not reach the old receiver.
    ctx.bus.on('inbox.removed', ({ inbox }) => {
      const doc = ctx.main.data;
      doc.webhooks = doc.webhooks.filter((w) => w.inbox !== inbox);
    });
  }

  get #all(): WebhookRecord[] {
    return this.ctx.main.data.webhooks;
  }

  #index(): void {
    const list = this.#all;
    if (this.#indexed === list && this.#indexedLength === list.length) return;
    this.#ids = new Map();
    this.#inboxes = new Map();
    this.#indexed = list;
    this.#indexedLength = 0;
    for (const w of list) this.#indexOne(w);
  }

  #indexOne(w: WebhookRecord): void {
    if (!this.#ids.has(w.id)) this.#ids.set(w.id, w);
    const of = this.#inboxes.get(w.inbox);
    if (of) of.push(w);
    else this.#inboxes.set(w.inbox, [w]);
    this.#indexedLength++;
  }

  /** Below growth: 403 `plan_required` with `upgrade_url`. */
  requirePlan(account: AccountRecord): void {
    requireFeature(this.ctx.settings, account, (p) => p.webhooks, 'Webhooks');
  }

  /**
   * POST /v1/webhooks: plan, then both fields present, then the URL, then inbox ownership. The
   * caller commits.
   */
  create(account: AccountRecord, body: Record<string, unknown>): WebhookRecord {
    this.requirePlan(account);
    const missing = (['url', 'inbox'] as const).filter((f) => typeof body[f] !== 'string' || (body[f] as string).trim() === '');
    if (missing.length > 0) {
      throw new ApiError('missing_fields', `Fields "url" and "inbox" are required (missing: ${missing.join(', ')}).`);
    }
    const { url, tunnelId } = this.#checkUrl(account, (body.url as string).trim());
    const inbox = this.inboxes.owned(account, (body.inbox as string).trim());
    this.#makeRoom(account);
    const rec: WebhookRecord = {
      // 24 hex digits, as the hosted server's ids (its database's object ids).
      id: hexSecret(this.ctx.random, 12),
      accountId: account.id,
      inbox: inbox.inbox,
      url,
      secret: hexSecret(this.ctx.random, 32),
      createdAt: this.ctx.clock.now(),
      failureCount: 0,
      active: true,
      ...(tunnelId ? { tunnelId } : {}),
    };
    this.#index();
    this.#all.push(rec);
    this.#indexOne(rec);
    return rec;
  }

  /**
   * 400 `limit_reached` when the account holds `settings.maxWebhooksPerAccount` webhooks. Disabled
   * ones (ten failed deliveries: they never fire again and GET /v1/webhooks does not list them) count
   * until a new webhook needs their place, and are then deleted to make it.
   */
  #makeRoom(account: AccountRecord): void {
    const max = this.ctx.settings.maxWebhooksPerAccount;
    let held = 0;
    let disabled = 0;
    for (const w of this.#all) {
      if (w.accountId !== account.id) continue;
      held++;
      if (!w.active) disabled++;
    }
    if (held < max) return;
    if (held - disabled < max) {
      this.ctx.main.data.webhooks = this.#all.filter((w) => w.accountId !== account.id || w.active);
      return;
    }
    throw new ApiError('limit_reached', `An account may hold at most ${max} webhooks; yours has ${held - disabled}.`, {
      limit: max,
      hint: 'Remove webhooks you no longer need: GET /v1/webhooks lists them, DELETE /v1/webhooks/{id} removes one (inbox webhooks list / inbox webhooks remove <id>).',
    });
  }

  #checkUrl(account: AccountRecord, input: string): { url: string; tunnelId?: string } {
    const shown = JSON.stringify(input.slice(0, 200));
    const https = this.allowHttp ? 'an absolute http:// or https://' : 'an absolute https://';
    const hint = this.allowHttp
      ? 'Use a full URL such as https://example.com/hooks/inbox.'
      : 'Use a full https URL. For a receiver on localhost, run "inbox webhooks watch <inbox> --forward-to <url>", or start the emulator with --allow-http-webhooks.';
    if (input.length > MAX_WEBHOOK_URL_LENGTH) {
      throw new ApiError('invalid_url', `"url" is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`, { hint });
    }
    let parsed: URL;
    try {
      parsed = new URL(input);
    } catch {
      throw new ApiError('invalid_url', `"url" must be ${https} URL; got ${shown}.`, { hint });
    }
    const okProtocol = parsed.protocol === 'https:' || (this.allowHttp && parsed.protocol === 'http:');
    if (!okProtocol || parsed.hostname === '') {
      throw new ApiError('invalid_url', `"url" must be ${https} URL; got ${shown}.`, { hint });
    }
    const local = this.allowHttp ? null : localTarget(parsed.hostname, machineHosts(this.machineAddresses()));
    if (local) {
      throw new ApiError(
        'invalid_url',
        `"url" points at ${describeLocal(local)} (${JSON.stringify(parsed.host)}); such receivers need the emulator to run with --allow-http-webhooks.`,
        {
          hint: 'For a receiver on this machine, run "inbox webhooks watch <inbox> --forward-to <url>", or start the emulator with --allow-http-webhooks.',
        },
      );
    }
    const tunnelId = this.tunnels.idFromUrl(parsed);
    if (tunnelId !== null) {
      // Another account's tunnel reads as no tunnel: its watcher must not get this account's mail.
      if (parsed.protocol !== 'https:' || !tunnelId || this.tunnels.get(tunnelId)?.accountId !== account.id) {
        throw new ApiError('invalid_url', `${shown} is not an open tunnel of this emulator.`, {
          hint: 'Tunnel URLs are made by "inbox webhooks watch"; use the URL it prints.',
        });
      }
      return { url: parsed.href, tunnelId };
    }
    return { url: parsed.href };
  }

  /** The account's active webhooks, oldest first (GET /v1/webhooks). */
  ofAccount(account: AccountRecord): WebhookRecord[] {
    return this.#all.filter((w) => w.accountId === account.id && w.active);
  }

  /** Active webhooks that receive the mail of an inbox (its owner's only), oldest first. */
  forInbox(inbox: InboxRecord): WebhookRecord[] {
    this.#index();
    return (this.#inboxes.get(inbox.inbox) ?? []).filter((w) => w.active && w.accountId === inbox.accountId);
  }

  byId(id: string): WebhookRecord | undefined {
    this.#index();
    return this.#ids.get(id);
  }

  /** DELETE /v1/webhooks/{id}: 404 `not_found` for unknown ids and other accounts' webhooks. */
  remove(account: AccountRecord, id: string): WebhookRecord {
    const rec = this.#all.find((w) => w.id === id && w.accountId === account.id);
    if (!rec) throw new ApiError('not_found', `No webhook with id "${id.slice(0, 100)}" on your account.`);
    this.ctx.main.data.webhooks = this.#all.filter((w) => w !== rec);
    return rec;
  }

  /** Removes the webhooks pointing at a tunnel (the tunnel was closed). */
  removeForTunnel(tunnelId: string): WebhookRecord[] {
    const gone = this.#all.filter((w) => w.tunnelId === tunnelId);
    if (gone.length > 0) this.ctx.main.data.webhooks = this.#all.filter((w) => w.tunnelId !== tunnelId);
    return gone;
  }

  /**
   * Counts one delivery result: a success resets the count, a failure adds one, and the tenth in a
   * row disables the webhook. The caller commits.
   */
  record(rec: WebhookRecord, ok: boolean): DeliveryOutcome {
    if (ok) {
      rec.failureCount = 0;
      return { failureCount: 0, disabled: false };
    }
    rec.failureCount += 1;
    const disabled = rec.active && rec.failureCount >= WEBHOOK_FAILURE_LIMIT;
    if (disabled) rec.active = false;
    return { failureCount: rec.failureCount, disabled };
  }
}
