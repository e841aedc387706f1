// Webhook tunnels: an emulator-only way to receive webhook deliveries on localhost. A tunnel has a
// public-looking https URL (`https://tunnel.inbox.test/<id>`) that passes webhook URL validation like
// any public receiver; the dispatcher hands deliveries for such URLs to the tunnel instead of making
// an HTTP request, and the tunnel sends them over the watcher's connection (a WebSocket, see
// emulator/http/tunnel.ts), whose answer is the receiver's status. Tunnels are persisted in the
// main document, so a watcher reconnects to the same tunnel after an emulator restart. A tunnel
// belongs to the account whose key opened it: its deliveries carry that account's mail and webhook
// secrets, so only that key may list it, connect to it, close it or register a webhook at its URL.
// A tunnel no watcher has been connected to for `settings.tunnelExpiryMs` (24 h by default, emulator
// time) has expired: from that moment it reads as gone everywhere (get, owned, attach, webhook URL
// checks, the dispatcher), and the dispatcher's sweep removes it with its webhooks and queue.
// Transport-free: a connection is any TunnelLink.
import type { DeliveryFrame, SettledFrame, TunnelServerFrame } from '../../../src/api/tunnel.js';
import { parseClientFrame } from '../../../src/api/tunnel.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { shortId } from '../ids.js';
import type { AccountRecord, TunnelRecord } from '../state.js';

/** Host of tunnel URLs: a reserved .test name, never resolved; the dispatcher intercepts it. */
export const TUNNEL_HOST = 'tunnel.inbox.test';

/** One watcher connection. */
export interface TunnelLink {
  send(frame: TunnelServerFrame): void;
  close(code: number, reason: string): void;
}

/** The connection carrying a delivery went away before its answer: the delivery stays queued. */
export class TunnelInterrupted extends Error {
  constructor(message = 'the tunnel connection closed before the receiver answered') {
    super(message);
    this.name = 'TunnelInterrupted';
  }
}

/** How often the time a connected watcher was last seen is written down (a crash loses at most this). */
const SEEN_REFRESH_MS = 3_600_000;

interface Waiter {
  link: TunnelLink;
  resolve(status: number): void;
  reject(error: Error): void;
}

export class Tunnels {
  readonly #links = new Map<string, TunnelLink>();
  /** Delivery id -> the forward() waiting for the watcher's result frame. */
  readonly #waiting = new Map<string, Waiter>();

  constructor(
    private readonly ctx: CoreContext,
    /** The pending webhook deliveries (deliveries.ts), which the dispatcher keeps. */
    private readonly pending: { queued(tunnelId: string): number },
  ) {}

  /** Deliveries waiting for a tunnel's watcher. */
  queued(id: string): number {
    return this.pending.queued(id);
  }

  #list(): TunnelRecord[] {
    return this.ctx.main.data.tunnels;
  }

  /** Every tunnel record, expired ones included (the sweep's view). */
  get all(): TunnelRecord[] {
    return this.#list();
  }

  /** The tunnel `id`, unless there is none or it has expired. */
  get(id: string): TunnelRecord | undefined {
    const rec = this.#list().find((t) => t.id === id);
    return rec && !this.expired(rec) ? rec : undefined;
  }

  /** The account's tunnels that have not expired, oldest first. */
  ofAccount(account: AccountRecord): TunnelRecord[] {
    return this.#list().filter((t) => t.accountId === account.id && !this.expired(t));
  }

  /** Emulator time from which a tunnel's idle time counts: its watcher's last sighting, else its opening. */
  idleSince(rec: TunnelRecord): number {
    return rec.lastSeenAt ?? rec.createdAt;
  }

  /** True once no watcher has been connected to the tunnel for `tunnelExpiryMs`. */
  expired(rec: TunnelRecord, now = this.ctx.clock.now()): boolean {
    return !this.#links.has(rec.id) && now - this.idleSince(rec) >= this.ctx.settings.tunnelExpiryMs;
  }

  /** The tunnels that have expired and are still recorded (the dispatcher's sweep removes them). */
  lapsed(): TunnelRecord[] {
    const now = this.ctx.clock.now();
    return this.#list().filter((t) => this.expired(t, now));
  }

  /**
   * Notes that the connected watchers are still there, at most once an hour per tunnel, so a crash
   * of the emulator does not make a tunnel look idle since its watcher connected. Returns whether
   * anything changed (the caller commits).
   */
  refreshSeen(): boolean {
    const now = this.ctx.clock.now();
    const every = Math.min(SEEN_REFRESH_MS, this.ctx.settings.tunnelExpiryMs / 4);
    let changed = false;
    for (const id of this.#links.keys()) {
      const rec = this.#list().find((t) => t.id === id);
      if (rec && now - (rec.lastSeenAt ?? 0) >= every) {
        rec.lastSeenAt = now;
        changed = true;
      }
    }
    return changed;
  }

  /** A watcher was on tunnel `id` now (it connected or left); written down unless `commit` is false. */
  #seen(id: string, commit = true): void {
    const rec = this.#list().find((t) => t.id === id);
    if (!rec) return;
    rec.lastSeenAt = this.ctx.clock.now();
    if (commit) this.ctx.main.commit().catch((error) => this.ctx.bus.emit('error', { where: 'tunnel state', error }));
  }

  /**
   * The account's tunnel `id`; 404 `not_found` when there is none, including another account's
   * (whose existence is not revealed).
   */
  owned(account: AccountRecord, id: string): TunnelRecord {
    const rec = this.get(id);
    if (!rec || rec.accountId !== account.id) {
      throw new ApiError('not_found', `No tunnel "${id.slice(0, 64)}" of this API key.`, {
        hint: 'Tunnels are opened by "inbox webhooks watch" with the same key (POST /_emulator/tunnels).',
      });
    }
    return rec;
  }

  /** A new tunnel of the account; the caller commits. */
  create(account: AccountRecord): TunnelRecord {
    const id = shortId(this.ctx.random, 16);
    const rec: TunnelRecord = { id, url: `https://${TUNNEL_HOST}/${id}`, createdAt: this.ctx.clock.now(), accountId: account.id };
    this.#list().push(rec);
    return rec;
  }

  /** The tunnel id named by a URL on the tunnel host (whether or not it exists), else null. */
  idFromUrl(url: URL): string | null {
    if (url.hostname.toLowerCase() !== TUNNEL_HOST) return null;
    const m = /^\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname);
    return m ? m[1]! : '';
  }

  /** Removes a tunnel and closes its connection; the caller drops its webhooks and commits. */
  remove(id: string): boolean {
    const doc = this.ctx.main.data;
    const before = doc.tunnels.length;
    doc.tunnels = doc.tunnels.filter((t) => t.id !== id);
    const link = this.#links.get(id);
    if (link) {
      this.#links.delete(id);
      this.#interrupt(link);
      link.close(1000, 'tunnel removed');
    }
    return doc.tunnels.length !== before;
  }

  isConnected(id: string): boolean {
    return this.#links.has(id);
  }

  /**
   * A watcher connected to tunnel `id`. A newer connection replaces an older one. Returns the
   * handlers the transport calls with each text frame and when the connection closes.
   */
  attach(id: string, link: TunnelLink): { message(text: string): void; closed(): void } {
    const rec = this.get(id);
    if (!rec) throw new ApiError('not_found', `No tunnel "${id.slice(0, 64)}"; start one with "inbox webhooks watch".`);
    const old = this.#links.get(id);
    if (old) {
      this.#links.delete(id);
      this.#interrupt(old);
      old.close(4001, 'replaced by a newer connection');
    }
    this.#links.set(id, link);
    this.#seen(id);
    link.send({ type: 'hello', tunnel: id, url: rec.url, queued: this.queued(id) });
    // The dispatcher sends what is queued (the hello frame went first).
    this.ctx.bus.emit('tunnel.connected', { tunnelId: id });
    return {
      message: (text) => this.#onMessage(link, text),
      closed: () => {
        if (this.#links.get(id) === link) {
          this.#links.delete(id);
          this.#seen(id); // the tunnel's idle time starts now
        }
        this.#interrupt(link);
      },
    };
  }

  /**
   * Sends a delivery over the tunnel's connection; resolves with the receiver's status, rejects
   * with the watcher's error, or with TunnelInterrupted when the connection goes first.
   */
  forward(tunnelId: string, frame: DeliveryFrame, signal: AbortSignal): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const link = this.#links.get(tunnelId);
      if (!link) return reject(new TunnelInterrupted('no watcher is connected to the tunnel'));
      const waiter: Waiter = { link, resolve, reject };
      this.#waiting.set(frame.id, waiter);
      signal.addEventListener(
        'abort',
        () => {
          if (this.#waiting.get(frame.id) === waiter) this.#waiting.delete(frame.id);
          reject(new Error('aborted'));
        },
        { once: true },
      );
      try {
        link.send(frame);
      } catch {
        this.#waiting.delete(frame.id);
        reject(new TunnelInterrupted());
      }
    });
  }

  /** Tells the watcher how a delivery was counted (best effort). */
  settled(tunnelId: string, frame: SettledFrame): void {
    try {
      this.#links.get(tunnelId)?.send(frame);
    } catch {
      /* the watcher is gone; it only loses a status line */
    }
  }

  /**
   * Closes every connection (emulator shutdown or reset); their deliveries stay queued. The time is
   * noted without a write of its own: the store's close writes it, and a reset drops it.
   */
  closeAll(reason = 'emulator stopping'): void {
    for (const [id, link] of [...this.#links]) {
      this.#links.delete(id);
      this.#seen(id, false);
      this.#interrupt(link);
      link.close(1001, reason);
    }
  }

  #onMessage(link: TunnelLink, text: string): void {
    const frame = parseClientFrame(text);
    if (!frame) return;
    const waiter = this.#waiting.get(frame.id);
    if (!waiter || waiter.link !== link) return; // late answer for a delivery already counted
    this.#waiting.delete(frame.id);
    if (frame.status !== null) waiter.resolve(frame.status);
    else waiter.reject(new Error(frame.error ?? 'the local target did not answer'));
  }

  #interrupt(link: TunnelLink): void {
    for (const [id, w] of [...this.#waiting]) {
      if (w.link !== link) continue;
      this.#waiting.delete(id);
      w.reject(new TunnelInterrupted());
    }
  }
}
