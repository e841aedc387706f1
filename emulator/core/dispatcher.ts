// Webhook deliveries. For each new message, one POST per active webhook of its inbox: body exactly the
// `new_mail` summary, `X-Webhook-Secret`, a 2xx within 10 s (on the injected clock) or it counts as
// a failure; no retries. Each delivery runs on its own, off the path that stored the message, so a
// hanging receiver delays nothing else.
//
// Transport-free: public URLs go through an injected `post` function (emulator/outbound.ts in the
// server, anything in tests); tunnel URLs go through core/tunnel.ts, which tells it through the bus
// when a watcher connects ('tunnel.connected') and never calls it. A delivery is persisted in
// `webhookDeliveries` of the main document (with its charge, in the same write) before it is attempted and removed
// once its result is counted, so deliveries cut short by a stop are made after the restart, and
// deliveries for a tunnel wait there until its watcher connects. The message's file leaves its
// inbox's new/ folder only once that write is on disk ('message.received' hold): at least once
// across any crash.
// A tunnel holds at most `settings.maxTunnelQueue` deliveries: past it, and for a tunnel that has
// expired (no watcher for `settings.tunnelExpiryMs`), a delivery is not made: not queued, not
// charged, not counted as a failure. A sweep on the clock removes expired tunnels with their
// webhooks and queues. See docs/webhooks.md.
import { EVENT_COSTS } from '../../src/api/routes.js';
import type { DeliveryFrame } from '../../src/api/tunnel.js';
import type { Accounts } from './accounts.js';
import type { CoreContext } from './context.js';
import type { EmulatorEvents } from './events.js';
import { shortId } from './ids.js';
import { RetentionSweeper } from './retention.js';
import type { MainDoc, PendingDelivery, WebhookRecord } from './state.js';
import { TunnelInterrupted, type Tunnels } from './tunnel.js';
import { WEBHOOK_TIMEOUT_MS, type Webhooks } from './webhooks.js';

/** Makes one HTTP POST; resolves with the status code, rejects when there is no answer. */
export type PostFn = (url: string, body: string, headers: Record<string, string>, signal: AbortSignal) => Promise<number>;

/** How often (emulator time) expired tunnels are looked for and removed. */
export const TUNNEL_SWEEP_MS = 60_000;
export const WEBHOOK_USER_AGENT = 'inbox-emulator-webhooks/1';

export interface DispatcherOptions {
  post: PostFn;
  /** The acknowledgement window (default 10 s). */
  timeoutMs?: number;
}

/** The persisted deliveries not yet counted. */
export function pendingDeliveries(doc: MainDoc): PendingDelivery[] {
  return doc.webhookDeliveries;
}

/** Forgets what is queued for a tunnel (the tunnel was closed); the caller commits. */
export function dropTunnelDeliveries(doc: MainDoc, tunnelId: string): number {
  const before = doc.webhookDeliveries.length;
  doc.webhookDeliveries = doc.webhookDeliveries.filter((d) => d.tunnelId !== tunnelId);
  return before - doc.webhookDeliveries.length;
}

interface Attempt {
  done: Promise<void>;
  abort: AbortController;
}

type Result = { ok: boolean; status: number | null; error?: string };

function describe(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const code = typeof err?.code === 'string' ? err.code : typeof err?.cause?.code === 'string' ? err.cause.code : '';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

export class WebhookDispatcher {
  readonly #post: PostFn;
  readonly #timeoutMs: number;
  readonly #attempts = new Map<string, Attempt>();
  /** Work between a new message and its attempts (the durable write of the pending list). */
  readonly #busy = new Set<Promise<void>>();
  #unsubscribe: (() => void) | null = null;
  #sweeper: RetentionSweeper | null = null;
  #stopping = false;
  /** "webhook message" of the deliveries pending at start: a message announced again is not delivered twice. */
  readonly #pendingAtStart = new Set<string>();

  constructor(
    private readonly ctx: CoreContext,
    private readonly accounts: Accounts,
    private readonly webhooks: Webhooks,
    private readonly tunnels: Tunnels,
    opts: DispatcherOptions,
  ) {
    this.#post = opts.post;
    this.#timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  /** Subscribes to new mail and makes the deliveries left over from the last run. */
  start(): void {
    if (this.#unsubscribe) return;
    this.#stopping = false;
    const { bus } = this.ctx;
    const offMail = bus.on('message.received', (e) => this.#onMessage(e));
    // A watcher connected to a tunnel: what is queued for it goes now.
    const offTunnel = bus.on('tunnel.connected', ({ tunnelId }) => {
      for (const d of this.#pending().filter((p) => p.tunnelId === tunnelId)) this.#attempt(d);
    });
    this.#unsubscribe = () => {
      offMail();
      offTunnel();
    };
    this.#sweeper = new RetentionSweeper(this.ctx.clock, async () => void this.sweepTunnels(), TUNNEL_SWEEP_MS);
    this.#sweeper.start();
    for (const d of this.#pending()) this.#pendingAtStart.add(`${d.webhookId} ${d.messageId}`);
    for (const d of [...this.#pending()]) this.#attempt(d);
  }

  /** Stops: attempts in flight are abandoned and stay pending for the next start. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#sweeper?.stop();
    this.#sweeper = null;
    for (const a of this.#attempts.values()) a.abort.abort();
    await this.idle();
    // When the tunnels' watchers were let go (Tunnels.closeAll) is written down with the rest.
    await this.ctx.main.commit().catch((error) => this.ctx.bus.emit('error', { where: 'webhook delivery state', error }));
  }

  /**
   * Removes the tunnels that have expired, with their webhooks and queued deliveries, and notes the
   * connected watchers as seen; runs every minute of emulator time while started. Returns the ids
   * removed.
   */
  sweepTunnels(): string[] {
    let changed = this.tunnels.refreshSeen();
    const removed: string[] = [];
    for (const t of this.tunnels.lapsed()) {
      this.#expire(t.id);
      removed.push(t.id);
      changed = true;
    }
    if (changed) this.#commit();
    return removed;
  }

  /** Removes an expired tunnel, its webhooks and its queue (the caller commits). */
  #expire(tunnelId: string): void {
    const rec = this.tunnels.all.find((t) => t.id === tunnelId);
    if (!rec) return;
    const idleMs = this.ctx.clock.now() - this.tunnels.idleSince(rec);
    this.tunnels.remove(tunnelId); // no watcher is connected, so no delivery of it is in flight
    const hooks = this.webhooks.removeForTunnel(tunnelId);
    const dropped = dropTunnelDeliveries(this.ctx.main.data, tunnelId);
    this.ctx.bus.emit('tunnel.expired', {
      tunnelId,
      ...(rec.accountId ? { accountId: rec.accountId } : {}),
      idleMs,
      webhooks: hooks.map((w) => w.id),
      dropped,
    });
  }

  /** Resolves once no delivery is being written or attempted (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#attempts.size > 0 || this.#busy.size > 0) {
      await Promise.allSettled([...this.#busy, ...[...this.#attempts.values()].map((a) => a.done)]);
    }
  }

  /** Deliveries persisted and not yet counted. */
  #pending(): PendingDelivery[] {
    return pendingDeliveries(this.ctx.main.data);
  }

  #drop(id: string): void {
    const doc = this.ctx.main.data;
    doc.webhookDeliveries = doc.webhookDeliveries.filter((d) => d.id !== id);
  }

  #commit(): void {
    this.ctx.main.commit().catch((error) => this.ctx.bus.emit('error', { where: 'webhook delivery state', error }));
  }

  #onMessage({ inbox, message, newMail, hold, again }: EmulatorEvents['message.received']): void {
    const { webhooks, accounts } = this;
    const { settings } = this.ctx;
    const created: PendingDelivery[] = [];
    for (const hook of webhooks.forInbox(inbox)) {
      const owner = accounts.byId(hook.accountId);
      if (!owner) continue;
      // Announced again after a crash: a delivery already recorded is not made (or charged) twice.
      if (again && (this.#pendingAtStart.has(`${hook.id} ${message.id}`) || this.#pending().some((p) => p.webhookId === hook.id && p.messageId === message.id)))
        continue;
      if (again && !settings.plans[owner.plan].webhooks) continue;
      if (hook.tunnelId && !this.#tunnelTakes(hook, message.id)) continue;
      const cost = message.otp ? EVENT_COSTS.webhookOtp : EVENT_COSTS.webhookBasic;
      if (!settings.plans[owner.plan].webhooks) {
        this.#notSent(hook, message.id, `not sent: the ${owner.plan} plan has no webhooks`);
        continue;
      }
      if (!accounts.spend(owner, cost)) {
        this.#notSent(hook, message.id, `not sent: monthly_quota_exceeded (the owner cannot pay the ${cost} units)`);
        continue;
      }
      const d: PendingDelivery = {
        id: `dlv_${shortId(this.ctx.random, 12)}`,
        webhookId: hook.id,
        accountId: hook.accountId,
        inbox: inbox.inbox,
        messageId: message.id,
        url: hook.url,
        ...(hook.tunnelId ? { tunnelId: hook.tunnelId } : {}),
        body: JSON.stringify(newMail),
        cost,
        createdAt: this.ctx.clock.now(),
      };
      this.#pending().push(d);
      created.push(d);
    }
    if (created.length === 0) return;
    // The charge and the pending list reach the disk together before anything is sent, and before
    // the message's file moves to cur/ (hold): a crash in between announces it again.
    const recorded = this.ctx.main.commit();
    hold?.(recorded);
    const work = recorded
      .then(() => {
        for (const d of created) if (this.#pending().some((p) => p.id === d.id)) this.#attempt(d);
      })
      .catch((error) => this.ctx.bus.emit('error', { where: 'webhook delivery state', error }))
      .finally(() => this.#busy.delete(work));
    this.#busy.add(work);
  }

  /**
   * Whether a delivery for the tunnel webhook `hook` may be made. Not for a tunnel that has expired
   * (it is removed now, with its webhooks and queue) or whose queue is full: such a delivery is
   * reported as not sent, and neither charged nor counted as a failure.
   */
  #tunnelTakes(hook: WebhookRecord, messageId: string): boolean {
    const tunnelId = hook.tunnelId!;
    const { tunnelExpiryMs, maxTunnelQueue } = this.ctx.settings;
    if (!this.tunnels.get(tunnelId)) {
      const recorded = this.tunnels.all.some((t) => t.id === tunnelId);
      const hours = Math.round((tunnelExpiryMs / 3_600_000) * 100) / 100;
      const why = recorded ? `expired (no watcher for ${hours} h)` : 'is closed';
      this.#notSent(hook, messageId, `not sent: tunnel ${tunnelId} ${why}; run "inbox webhooks watch" again`);
      if (recorded) {
        this.#expire(tunnelId);
        this.#commit();
      }
      return false;
    }
    const held = this.tunnels.queued(tunnelId);
    if (held >= maxTunnelQueue) {
      this.#notSent(hook, messageId, `not sent: ${held} deliveries already wait for tunnel ${tunnelId} (at most ${maxTunnelQueue}); start its watcher`);
      return false;
    }
    return true;
  }

  #attempt(d: PendingDelivery): void {
    const { webhooks, tunnels } = this;
    const { clock } = this.ctx;
    if (this.#stopping || this.#attempts.has(d.id)) return;
    const hook = webhooks.byId(d.webhookId);
    if (!hook || !hook.active || (d.tunnelId && !tunnels.get(d.tunnelId))) {
      // The webhook was removed or disabled, or its tunnel closed: nothing left to deliver to.
      this.#drop(d.id);
      this.#commit();
      return;
    }
    if (d.tunnelId && !tunnels.isConnected(d.tunnelId)) return; // waits for the watcher

    const started = clock.now();
    const abort = new AbortController();
    let finished = false;
    let settle!: () => void;
    const attempt: Attempt = { done: new Promise<void>((r) => (settle = r)), abort };
    this.#attempts.set(d.id, attempt);
    const end = (): void => {
      finished = true;
      timer.cancel();
      this.#attempts.delete(d.id);
      settle();
    };
    const finish = (r: Result): void => {
      if (finished) return;
      end();
      abort.abort();
      this.#complete(d, hook, r, clock.now() - started);
    };
    const timer = clock.setTimer(this.#timeoutMs, () => finish({ ok: false, status: null, error: `no answer within ${this.#timeoutMs / 1000} s` }));
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      'X-Webhook-Secret': hook.secret,
    };
    const sending = d.tunnelId ? tunnels.forward(d.tunnelId, this.#frame(d, headers), abort.signal) : this.#post(d.url, d.body, headers, abort.signal);
    sending.then(
      (status) => finish({ ok: status >= 200 && status < 300, status, ...(status >= 200 && status < 300 ? {} : { error: `HTTP ${status}` }) }),
      (error) => {
        if (finished) return;
        // Cut short by a dropped tunnel connection or a stop: not an attempt; it stays pending.
        if (error instanceof TunnelInterrupted || this.#stopping) return end();
        finish({ ok: false, status: null, error: describe(error) });
      },
    );
  }

  #frame(d: PendingDelivery, headers: Record<string, string>): DeliveryFrame {
    return {
      type: 'delivery',
      id: d.id,
      webhookId: d.webhookId,
      inbox: d.inbox,
      messageId: d.messageId,
      url: d.url,
      headers,
      body: d.body,
      createdAt: d.createdAt,
    };
  }

  /** Counts a result, forgets the delivery, and tells the listeners. */
  #complete(d: PendingDelivery, hook: WebhookRecord, r: Result, latencyMs: number): void {
    const { webhooks, tunnels } = this;
    const { bus } = this.ctx;
    this.#drop(d.id);
    const current = webhooks.byId(hook.id);
    const outcome = current ? webhooks.record(current, r.ok) : { failureCount: hook.failureCount, disabled: false };
    this.#commit();
    bus.emit('webhook.delivery', {
      webhookId: hook.id,
      accountId: hook.accountId,
      inbox: d.inbox,
      messageId: d.messageId,
      url: d.url,
      ok: r.ok,
      status: r.status,
      latencyMs,
      ...(r.error ? { error: r.error } : {}),
      disabled: outcome.disabled,
    });
    if (d.tunnelId) {
      tunnels.settled(d.tunnelId, {
        type: 'settled',
        id: d.id,
        ok: r.ok,
        status: r.status,
        ...(r.error ? { error: r.error } : {}),
        failureCount: outcome.failureCount,
        disabled: outcome.disabled,
      });
    }
  }

  /** A delivery that was not made (plan or quota): reported, not counted against the receiver. */
  #notSent(hook: WebhookRecord, messageId: string, error: string): void {
    this.ctx.bus.emit('webhook.delivery', {
      webhookId: hook.id,
      accountId: hook.accountId,
      inbox: hook.inbox,
      messageId,
      url: hook.url,
      ok: false,
      status: null,
      latencyMs: 0,
      error,
      disabled: false,
    });
  }
}
