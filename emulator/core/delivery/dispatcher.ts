// Webhook deliveries. For each new message, one POST per active webhook of its inbox: body exactly the
// `new_mail` summary, `X-Webhook-Secret`, a 2xx within 10 s (on the injected clock) or it counts as
// a failure; no retries. Each delivery runs on its own, off the path that stored the message, so a
// hanging receiver delays no other (but for the bound on deliveries in flight, below).
//
// Transport-free: public URLs go through an injected `post` function (emulator/outbound.ts in the
// server, anything in tests); tunnel URLs go through core/delivery/tunnel.ts, which tells it through the bus
// when a watcher connects ('tunnel.connected') and never calls it. A delivery is persisted in the
// pending list (deliveries.ts, a document of its own) before it is attempted and removed once its
// result is counted, so deliveries cut short by a stop are made after the restart, and deliveries for
// a tunnel wait there until its watcher connects. The message's file leaves its inbox's new/ folder
// only once the list is on disk with all of the message's deliveries ('message.received' hold): at
// least once across any crash. The charge goes to the usage counters (usage.ts: written within a second).
// A message to an inbox with many webhooks is fanned out in slices of FANOUT_SLICE webhooks: each
// slice's deliveries are made, charged and recorded (one write of the list for the slice, or for
// several when they come while a write is under way) and attempted once that write is done, and the
// event loop serves other work between slices, so 5,000 webhooks do not hold the API for seconds.
// For the same reason at most MAX_IN_FLIGHT deliveries are sent at once, STARTS_PER_TURN started per
// turn, the rest waiting in order; a delivery with no answer after SLOW_ATTEMPT_MS (emulator time)
// gives its place to the next one and goes on, so a receiver that hangs delays the others by at most
// that long for every MAX_IN_FLIGHT deliveries it holds.
// A tunnel holds at most `settings.maxTunnelQueue` deliveries: past it, and for a tunnel that has
// expired (no watcher for `settings.tunnelExpiryMs`), a delivery is not made: not queued, not
// charged, not counted as a failure. A sweep on the clock removes expired tunnels with their
// webhooks and queues. See docs/webhooks.md.
// A `webhook` fault rule (core/faults/, docs/faults.md) may keep a delivery from being made (reported
// as not sent; not charged, not a failure) or hold it back on the emulator's clock before it is sent.
import { EVENT_COSTS } from '../../../src/api/routes.js';
import type { DeliveryFrame } from '../../../src/api/tunnel.js';
import type { Accounts } from '../accounts/accounts.js';
import type { CoreContext } from '../context.js';
import type { PendingDeliveries } from './deliveries.js';
import type { Faults } from '../faults/faults.js';
import type { EmulatorEvents } from '../events.js';
import { shortId } from '../ids.js';
import { RetentionSweeper } from '../mail/retention.js';
import type { InboxRecord, PendingDelivery, StoredMessage, WebhookRecord } from '../state.js';
import { TunnelInterrupted, type Tunnels } from './tunnel.js';
import { WEBHOOK_TIMEOUT_MS, type Webhooks } from './webhooks.js';

/** Makes one HTTP POST; resolves with the status code, rejects when there is no answer. */
export type PostFn = (url: string, body: string, headers: Record<string, string>, signal: AbortSignal) => Promise<number>;

/** How often (emulator time) expired tunnels are looked for and removed. */
export const TUNNEL_SWEEP_MS = 60_000;
export const WEBHOOK_USER_AGENT = 'inbox-emulator-webhooks/1';
/** Webhooks of one message handled per turn of the event loop (see the top of this file). */
export const FANOUT_SLICE = 100;
/** Deliveries being sent at once (a slow one stops counting after SLOW_ATTEMPT_MS). */
export const MAX_IN_FLIGHT = 32;
/** Deliveries started per turn of the event loop. */
export const STARTS_PER_TURN = 8;
/** After this long without an answer (emulator time) a delivery no longer holds one of the MAX_IN_FLIGHT places. */
export const SLOW_ATTEMPT_MS = 1000;

export interface DispatcherOptions {
  post: PostFn;
  /** The acknowledgement window (default 10 s). */
  timeoutMs?: number;
}

/** A fan-out that stopped because the dispatcher stopped or the state was reset: not an error. */
class FanOutCut extends Error {}

/** The next turn of the event loop, after I/O waiting meanwhile. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
  /** Deliveries waiting for a place to be sent, oldest first from #head (ids in #queued). */
  #queue: PendingDelivery[] = [];
  #head = 0;
  readonly #queued = new Set<string>();
  /** Attempts holding one of the MAX_IN_FLIGHT places. */
  #placed = 0;
  #pumpScheduled = false;
  /** Work between a new message and its attempts (the durable write of the pending list). */
  readonly #busy = new Set<Promise<void>>();
  #unsubscribe: (() => void) | null = null;
  #sweeper: RetentionSweeper | null = null;
  #stopping = false;
  /** "webhook message" of the deliveries pending at start: a message announced again is not delivered twice. */
  readonly #pendingAtStart = new Set<string>();
  /** Fault rules of `webhook` (docs/faults.md): a delivery not made, or made later. */
  #faults: Pick<Faults, 'has' | 'decide'> | null = null;
  /** Deliveries a fault rule delayed: not sent before this time (emulator clock; this run only). */
  readonly #notBefore = new Map<string, number>();

  constructor(
    private readonly ctx: CoreContext,
    private readonly accounts: Accounts,
    private readonly webhooks: Webhooks,
    private readonly tunnels: Tunnels,
    private readonly pending: PendingDeliveries,
    opts: DispatcherOptions,
  ) {
    this.#post = opts.post;
    this.#timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  /** Fault rules to consult for each delivery made from now on (null: none). */
  setFaults(faults: Pick<Faults, 'has' | 'decide'> | null): void {
    this.#faults = faults;
  }

  /** Subscribes to new mail and makes the deliveries left over from the last run. */
  start(): void {
    if (this.#unsubscribe) return;
    this.#stopping = false;
    const { bus } = this.ctx;
    const offMail = bus.on('message.received', (e) => this.#onMessage(e));
    // A watcher connected to a tunnel: what is queued for it goes now.
    const offTunnel = bus.on('tunnel.connected', ({ tunnelId }) => {
      for (const d of this.pending.all()) if (d.tunnelId === tunnelId) this.#attempt(d);
    });
    this.#unsubscribe = () => {
      offMail();
      offTunnel();
    };
    this.#sweeper = new RetentionSweeper(this.ctx.clock, async () => void this.sweepTunnels(), TUNNEL_SWEEP_MS);
    this.#sweeper.start();
    const left = this.pending.all();
    for (const d of left) this.#pendingAtStart.add(`${d.webhookId} ${d.messageId}`);
    for (const d of left) this.#attempt(d);
  }

  /** Stops: attempts in flight are abandoned and stay pending for the next start. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#sweeper?.stop();
    this.#sweeper = null;
    this.#queue = [];
    this.#head = 0;
    this.#queued.clear();
    for (const a of this.#attempts.values()) a.abort.abort();
    await this.idle();
    // When the tunnels' watchers were let go (Tunnels.closeAll) is written down with the rest.
    await Promise.all([this.ctx.main.commit(), this.pending.commit()]).catch((error) => this.ctx.bus.emit('error', { where: 'webhook delivery state', error }));
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
    if (changed) {
      this.#commitMain();
      this.#commitPending();
    }
    return removed;
  }

  /** Removes an expired tunnel, its webhooks and its queue (the caller commits). */
  #expire(tunnelId: string): void {
    const rec = this.tunnels.all.find((t) => t.id === tunnelId);
    if (!rec) return;
    const idleMs = this.ctx.clock.now() - this.tunnels.idleSince(rec);
    this.tunnels.remove(tunnelId); // no watcher is connected, so no delivery of it is in flight
    const hooks = this.webhooks.removeForTunnel(tunnelId);
    const dropped = this.pending.dropTunnel(tunnelId);
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
    while (this.#attempts.size > 0 || this.#busy.size > 0 || this.#head < this.#queue.length) {
      const waits = [...this.#busy, ...[...this.#attempts.values()].map((a) => a.done)];
      if (waits.length > 0) await Promise.allSettled(waits);
      else await nextTurn(); // only queued ones: the next pump starts them
    }
  }

  /** Writes the main document (webhook failure counts, tunnels) in the background. */
  #commitMain(): void {
    this.ctx.main.commit().catch((error) => this.ctx.bus.emit('error', { where: 'webhook delivery state', error }));
  }

  /** Writes the pending list in the background. */
  #commitPending(): void {
    this.pending.commit().catch((error) => this.ctx.bus.emit('error', { where: 'webhook delivery state', error }));
  }

  #onMessage({ inbox, message, newMail, hold, again }: EmulatorEvents['message.received']): void {
    const hooks = this.webhooks.forInbox(inbox);
    if (hooks.length === 0) return;
    // The charge and the pending list are recorded before anything is sent, and the list is on disk
    // before the message's file leaves its inbox's new/ folder (hold): a crash in between announces it again.
    const recorded = this.#fanOut(hooks, inbox, message, JSON.stringify(newMail), again === true);
    hold?.(recorded);
    const work = recorded
      .catch((error) => {
        if (!(error instanceof FanOutCut)) this.ctx.bus.emit('error', { where: 'webhook delivery state', error });
      })
      .finally(() => this.#busy.delete(work));
    this.#busy.add(work);
  }

  /**
   * Makes the deliveries of one message to `hooks`, FANOUT_SLICE at a time with a turn of the event
   * loop between slices; each slice's deliveries are attempted once the write that records them is
   * done (or failed). Resolves once every delivery is recorded on disk; rejects when a write failed, or with
   * FanOutCut when a stop or a reset came first (the message stays in new/ to be announced again at the next start).
   */
  async #fanOut(hooks: WebhookRecord[], inbox: InboxRecord, message: StoredMessage, body: string, again: boolean): Promise<void> {
    const generation = this.pending.generation;
    const writes: Array<Promise<void>> = [];
    for (let at = 0; at < hooks.length; at += FANOUT_SLICE) {
      if (at > 0) await nextTurn();
      if (this.#stopping || generation !== this.pending.generation) throw new FanOutCut('the dispatcher stopped or the state was reset');
      const created: PendingDelivery[] = [];
      for (const listed of hooks.slice(at, at + FANOUT_SLICE)) {
        const d = this.#make(listed, inbox, message, body, again);
        if (d) created.push(d);
      }
      if (created.length === 0) continue;
      const written = this.pending.commit();
      writes.push(written);
      // Attempted once recorded; also when the record failed (the failure is reported, and the
      // message, not moved to cur/, is announced again at the next start: at least once).
      const attempt = () => {
        for (const d of created) if (this.pending.has(d.id)) this.#attempt(d);
      };
      written.then(attempt, attempt);
    }
    await Promise.all(writes);
  }

  /** One delivery of a message to a webhook, charged and added to the pending list; null when none is made. */
  #make(listed: WebhookRecord, inbox: InboxRecord, message: StoredMessage, body: string, again: boolean): PendingDelivery | null {
    const { accounts } = this;
    const { settings } = this.ctx;
    // Removed or disabled since the fan-out began (it spans turns of the event loop).
    const hook = this.webhooks.byId(listed.id);
    if (!hook?.active) return null;
    const owner = accounts.byId(hook.accountId);
    if (!owner) return null;
    // Announced again after a crash: a delivery already recorded is not made (or charged) twice.
    if (again && (this.#pendingAtStart.has(`${hook.id} ${message.id}`) || this.pending.hasPair(hook.id, message.id))) return null;
    if (again && !settings.plans[owner.plan].webhooks) return null;
    if (hook.tunnelId && !this.#tunnelTakes(hook, message.id)) return null;
    const cost = message.otp ? EVENT_COSTS.webhookOtp : EVENT_COSTS.webhookBasic;
    if (!settings.plans[owner.plan].webhooks) {
      this.#notSent(hook, message.id, `not sent: the ${owner.plan} plan has no webhooks`);
      return null;
    }
    // A fault rule may keep the delivery from being made (not charged, not a failure) or delay it.
    const fault = this.#faults?.has('webhook')
      ? this.#faults.decide('webhook', {
          inboxes: [inbox.inbox],
          accounts: [{ apiKey: owner.apiKey, id: owner.id }],
          about: { webhook: hook.id, url: hook.url },
        })
      : null;
    if (fault?.answer) {
      this.#notSent(hook, message.id, `not sent: fault rule ${fault.answer.rule}`);
      return null;
    }
    if (!accounts.spend(owner, cost)) {
      this.#notSent(hook, message.id, `not sent: monthly_quota_exceeded (the owner cannot pay the ${cost} units)`);
      return null;
    }
    const d: PendingDelivery = {
      id: `dlv_${shortId(this.ctx.random, 12)}`,
      webhookId: hook.id,
      accountId: hook.accountId,
      inbox: inbox.inbox,
      messageId: message.id,
      url: hook.url,
      ...(hook.tunnelId ? { tunnelId: hook.tunnelId } : {}),
      body,
      cost,
      createdAt: this.ctx.clock.now(),
    };
    this.pending.add(d);
    if (fault && fault.delayMs > 0) this.#notBefore.set(d.id, this.ctx.clock.now() + fault.delayMs);
    return d;
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
        this.#commitMain();
        this.#commitPending();
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

  /** Queues a delivery to be sent once a place is free (see the top of this file). */
  #attempt(d: PendingDelivery): void {
    if (this.#stopping || this.#attempts.has(d.id) || this.#queued.has(d.id)) return;
    const due = this.#notBefore.get(d.id);
    if (due !== undefined) {
      const wait = due - this.ctx.clock.now();
      if (wait > 0) {
        this.ctx.clock.setTimer(wait, () => this.#attempt(d));
        return;
      }
      this.#notBefore.delete(d.id);
    }
    this.#queued.add(d.id);
    this.#queue.push(d);
    this.#pump();
  }

  /** Starts queued deliveries while places are free, STARTS_PER_TURN per turn of the event loop. */
  #pump(): void {
    if (this.#pumpScheduled) return;
    let started = 0;
    while (this.#head < this.#queue.length && this.#placed < MAX_IN_FLIGHT && started < STARTS_PER_TURN) {
      const d = this.#queue[this.#head++]!;
      this.#queued.delete(d.id);
      if (this.#send(d)) started++;
    }
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head >= 4096) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    if (this.#head < this.#queue.length && this.#placed < MAX_IN_FLIGHT) {
      this.#pumpScheduled = true;
      setImmediate(() => {
        this.#pumpScheduled = false;
        this.#pump();
      });
    }
  }

  /** Sends one delivery; false when it was not sent (nothing to deliver to, or its watcher is away). */
  #send(d: PendingDelivery): boolean {
    const { webhooks, tunnels } = this;
    const { clock } = this.ctx;
    if (this.#stopping || this.#attempts.has(d.id) || !this.pending.has(d.id)) return false;
    const hook = webhooks.byId(d.webhookId);
    if (!hook || !hook.active || (d.tunnelId && !tunnels.get(d.tunnelId))) {
      // The webhook was removed or disabled, or its tunnel closed: nothing left to deliver to.
      if (this.pending.remove(d.id)) this.#commitPending();
      return false;
    }
    if (d.tunnelId && !tunnels.isConnected(d.tunnelId)) return false; // waits for the watcher

    const started = clock.now();
    const abort = new AbortController();
    let finished = false;
    let settle!: () => void;
    const attempt: Attempt = { done: new Promise<void>((r) => (settle = r)), abort };
    this.#attempts.set(d.id, attempt);
    this.#placed++;
    let placed = true;
    const release = (): void => {
      if (!placed) return;
      placed = false;
      slow.cancel();
      this.#placed--;
      this.#pump();
    };
    const slow = clock.setTimer(SLOW_ATTEMPT_MS, release);
    const end = (): void => {
      finished = true;
      timer.cancel();
      this.#attempts.delete(d.id);
      release();
      settle();
    };
    const finish = (r: Result): void => {
      if (finished) return;
      end();
      this.#complete(d, hook, r, clock.now() - started);
    };
    const timer = clock.setTimer(this.#timeoutMs, () => {
      // The request is still out: it is given up (an answer that settled it needs no abort).
      abort.abort();
      finish({ ok: false, status: null, error: `no answer within ${this.#timeoutMs / 1000} s` });
    });
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
    return true;
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
    this.#notBefore.delete(d.id);
    this.pending.remove(d.id);
    this.#commitPending();
    const current = webhooks.byId(hook.id);
    const before = current ? `${current.failureCount} ${current.active}` : '';
    const outcome = current ? webhooks.record(current, r.ok) : { failureCount: hook.failureCount, disabled: false };
    // The webhook's record is written only when the result changed it (a success after a success does not).
    if (current && `${current.failureCount} ${current.active}` !== before) this.#commitMain();
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
