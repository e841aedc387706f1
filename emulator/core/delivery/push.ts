// WebSocket push without the WebSocket: who listens to which inboxes, how many connections an
// account may hold, the frames they get, and what each pushed frame costs the inbox owner. The
// HTTP adapter (emulator/http/ws.ts) gives each connection a PushSink and forwards what it hears.
import { lowestPlanWith } from '../../../src/api/plans.js';
import { EVENT_COSTS } from '../../../src/api/routes.js';
import type { ConnectedFrame, ErrorFrame, NewMailFrame, PongFrame } from '../../../src/api/push.js';
import { WS_CLOSE } from '../../../src/api/push.js';
import type { NewMailEvent } from '../../../src/api/schemas.js';
import type { Accounts } from '../accounts/accounts.js';
import { isoTime, nextMonthStart } from '../clock.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { requireFeature, upgradeFields } from '../accounts/plan-gate.js';
import type { Inboxes } from '../accounts/inboxes.js';
import { capSummary } from '../field-caps.js';
import { maskForPlan } from '../mail/messages.js';
import type { AccountRecord, InboxRecord, StoredMessage } from '../state.js';

/** One open connection as the core sees it. */
export interface PushSink {
  /** False once the connection is closing or closed: nothing is sent or charged then. */
  isOpen(): boolean;
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface Subscription {
  readonly id: number;
  readonly accountId: string;
  /**
   * The inboxes followed, fixed when the connection opened (as on the hosted service): those named
   * with `mailbox`, or without it every inbox the account had then. An inbox registered later is not
   * followed; one unregistered meanwhile stays in the set (the connection stays open) and is followed
   * again if the account registers it again.
   */
  readonly inboxes: ReadonlySet<string>;
  /** The `connected` frame, already sent. */
  readonly connected: ConnectedFrame;
  close(): void;
}

interface Sub {
  id: number;
  accountId: string;
  inboxes: ReadonlySet<string>;
  sink: PushSink;
}

export function errorFrame(err: ApiError): ErrorFrame {
  const { success: _s, error: _e, message: _m, ...extra } = err.body();
  return { type: 'error', code: err.code, message: err.message, ...extra };
}

/** Refusals told in an error frame before the close: the plan and the connection cap. */
const TOLD_IN_A_FRAME = new Set<string>(['plan_required', 'connection_limit']);

/** A close reason is at most 123 bytes of UTF-8 (RFC 6455); longer messages are cut. */
export function closeReason(message: string): string {
  let out = message;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1);
  return out;
}

/**
 * Ends a connection by policy (1008) with the message as the close reason. A missing or bad key, or
 * an inbox that is not the caller's at the handshake, gets the close alone, as on the hosted service;
 * the official clients turn any extra frame into an error event. A plan too low and the connection
 * cap are told in an `error` frame first, then closed the same way.
 */
export function refuse(sink: Pick<PushSink, 'send' | 'close'>, err: ApiError): void {
  if (TOLD_IN_A_FRAME.has(err.code)) sink.send(JSON.stringify(errorFrame(err)));
  sink.close(WS_CLOSE.policy, closeReason(err.message));
}

export class Push {
  /** Open subscriptions per account id. */
  readonly #subs = new Map<string, Map<number, Sub>>();
  #seq = 0;

  constructor(
    private readonly ctx: CoreContext,
    private readonly accounts: Accounts,
    private readonly inboxes: Inboxes,
  ) {
    ctx.bus.on('message.received', ({ account, inbox, message, newMail }) => this.#deliver(account, inbox, message, newMail));
  }

  /** Open connections of an account. */
  count(accountId: string): number {
    return this.#subs.get(accountId)?.size ?? 0;
  }

  /** Open connections in all. */
  get total(): number {
    let n = 0;
    for (const m of this.#subs.values()) n += m.size;
    return n;
  }

  /**
   * Subscribes a freshly opened connection, after the adapter authenticated and charged the
   * handshake. Checks, in order: the plan has push, every mailbox is the account's, the account
   * has a free connection slot. Throws ApiError (nothing registered) or sends `connected`.
   */
  open(account: AccountRecord, mailboxes: readonly string[] | null, sink: PushSink): Subscription {
    const plan = this.accounts.plan(account);
    if (!plan.websocket || plan.maxWebsocketConnections <= 0) {
      requireFeature(this.ctx.settings, account, (p) => p.websocket && p.maxWebsocketConnections > 0, 'WebSocket push');
    }
    const inboxes = new Set<string>();
    if (mailboxes !== null) {
      for (const m of mailboxes) {
        if (m.trim() === '') {
          throw new ApiError('invalid_inbox', 'Query parameter "mailbox" is empty; leave it out to follow all your inboxes.');
        }
        inboxes.add(this.inboxes.owned(account, m).inbox);
      }
    } else {
      for (const r of this.inboxes.ofAccount(account)) inboxes.add(r.inbox);
      if (inboxes.size === 0) {
        throw new ApiError('inbox_not_owned', 'This account has no inboxes to follow; register one first, or name it with ?mailbox=.');
      }
    }
    const mine = this.#subs.get(account.id) ?? new Map<number, Sub>();
    if (mine.size >= plan.maxWebsocketConnections) {
      throw new ApiError(
        'connection_limit',
        `The ${account.plan} plan allows ${plan.maxWebsocketConnections} WebSocket connection(s) at once; close one first.`,
        { max_connections: plan.maxWebsocketConnections, upgrade_url: this.ctx.settings.upgradeUrl },
      );
    }
    const sub: Sub = { id: ++this.#seq, accountId: account.id, inboxes, sink };
    mine.set(sub.id, sub);
    this.#subs.set(account.id, mine);
    const connected: ConnectedFrame = {
      type: 'connected',
      plan: account.plan,
      subscribed_inboxes: [...inboxes],
      connection_count: mine.size,
      max_connections: plan.maxWebsocketConnections,
      features: { otp_extraction: plan.otp, attachments: plan.attachments },
    };
    sink.send(JSON.stringify(connected));
    return {
      id: sub.id,
      accountId: account.id,
      inboxes,
      connected,
      close: () => this.#drop(sub),
    };
  }

  /** The reply to a client frame: pong for ping, an error frame for anything else. */
  reply(raw: string | null): ErrorFrame | PongFrame {
    if (raw === null) return { type: 'error', code: 'bad_request', message: 'Binary frames are not understood; send JSON text such as {"type":"ping"}.' };
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return { type: 'error', code: 'invalid_json', message: 'Frames must be JSON text such as {"type":"ping"}.' };
    }
    const type = typeof frame === 'object' && frame !== null ? (frame as { type?: unknown }).type : undefined;
    if (type === 'ping') return { type: 'pong', ts: this.ctx.clock.now() };
    return {
      type: 'error',
      code: 'bad_request',
      message: `Unknown frame type ${JSON.stringify(type ?? null)?.slice(0, 60)}; the only client frame is {"type":"ping"}.`,
    };
  }

  /** Closes every connection (emulator shutdown). */
  closeAll(code: number = WS_CLOSE.goingAway, reason = 'emulator shutting down'): void {
    for (const mine of [...this.#subs.values()]) {
      for (const sub of [...mine.values()]) {
        this.#drop(sub);
        sub.sink.close(code, reason);
      }
    }
  }

  /** Closes the connections of one account (a reset of that account). */
  closeAccount(accountId: string, code: number, reason: string): void {
    for (const sub of [...(this.#subs.get(accountId)?.values() ?? [])]) {
      this.#drop(sub);
      sub.sink.close(code, reason);
    }
  }

  #drop(sub: Sub): void {
    const mine = this.#subs.get(sub.accountId);
    if (!mine) return;
    mine.delete(sub.id);
    if (mine.size === 0) this.#subs.delete(sub.accountId);
  }

  #refuse(sub: Sub, err: ApiError): void {
    this.#drop(sub);
    if (sub.sink.isOpen()) refuse(sub.sink, err);
  }

  #deliver(account: AccountRecord, inbox: InboxRecord, message: StoredMessage, newMail: NewMailEvent): void {
    const mine = this.#subs.get(account.id);
    if (!mine) return;
    const targets = [...mine.values()].filter((s) => s.inboxes.has(inbox.inbox));
    if (targets.length === 0) return;
    const plan = this.accounts.plan(account);
    if (!plan.websocket) {
      // The plan changed under open connections (control surface): they end here.
      const err = new ApiError(
        'plan_required',
        `WebSocket push needs the ${lowestPlanWith((p) => p.websocket)} plan or above; this account is now on ${account.plan}.`,
        upgradeFields(this.ctx.settings, (p) => p.websocket),
      );
      for (const sub of targets) this.#refuse(sub, err);
      return;
    }
    const frame = this.newMailFrame(account, newMail);
    const text = JSON.stringify(frame);
    // OTP present and parsed, and shown: the frame carries the code itself.
    const cost = plan.otp && message.otp !== null ? EVENT_COSTS.websocketOtp : EVENT_COSTS.websocketBasic;
    let sent = 0;
    let spent = false;
    for (const sub of targets) {
      if (!sub.sink.isOpen()) continue;
      if (!this.accounts.spend(account, cost)) {
        const resets = isoTime(nextMonthStart(this.ctx.clock.now()));
        sub.sink.send(
          JSON.stringify({
            type: 'error',
            code: 'monthly_quota_exceeded',
            message: `Message ${message.id} in ${inbox.inbox} was not pushed: the monthly quota is used up and no credits are left (a frame costs ${cost}).`,
            mailbox: inbox.inbox,
            message_id: message.id,
            upgrade_url: this.ctx.settings.upgradeUrl,
            credits_url: this.ctx.settings.creditsUrl,
            hint: `Fetch it with GET /v1/inboxes/{inbox}/messages; buy credits or upgrade; the quota resets at ${resets}.`,
          } satisfies ErrorFrame),
        );
        continue;
      }
      spent = true;
      sub.sink.send(text);
      sent++;
    }
    if (spent) {
      void this.ctx.main.commit().catch((error: unknown) => this.ctx.bus.emit('error', { where: 'push usage commit', error }));
    }
    if (sent > 0) this.ctx.bus.emit('push.sent', { inbox: inbox.inbox, accountId: inbox.accountId, messageId: message.id, connections: sent });
  }

  /**
   * The `new_mail` frame of a message: its event, masked as the owner's plan requires (messages.ts),
   * with its header fields capped as in list answers (field-caps.ts).
   */
  newMailFrame(account: AccountRecord, newMail: NewMailEvent): NewMailFrame {
    return maskForPlan(capSummary(newMail), this.accounts.plan(account));
  }
}
