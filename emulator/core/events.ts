// The core's event stream. The core publishes; wait, WebSocket push, webhooks, the timeline and the
// terminal view subscribe. Listeners run synchronously and must not throw into the publisher.
import type { FaultHit } from '../../src/api/faults.js';
import type { NewMailEvent } from '../../src/api/schemas.js';
import type { AccountRecord, InboxRecord, StoredMessage } from './state.js';

export interface EmulatorEvents {
  /**
   * A copy of a message is being written into its inbox's document (ingest.ts, index stage): what a
   * listener adds to that loaded document now rides on the same write (the timeline's mail events).
   */
  'message.indexing': { inbox: InboxRecord; message: StoredMessage; parsedAt: number; attachments: number };
  /**
   * A copy is stored and indexed: wait, push, webhooks and the terminal line follow it. `newMail` is
   * its `new_mail` event, built once for the webhook body and the push frame.
   */
  'message.received': {
    account: AccountRecord;
    inbox: InboxRecord;
    message: StoredMessage;
    newMail: NewMailEvent;
    /**
     * A listener with durable work of its own for this message (the dispatcher's pending deliveries)
     * hands it over: the message's file moves from new/ to cur/ only once it is done, so a crash in
     * between redoes the announcement (ingest.ts). Absent when nothing waits.
     */
    hold?: (work: Promise<unknown>) => void;
    /**
     * Set when a start announces a copy a killed run left in new/ (acknowledged before the crash,
     * perhaps announced already): listeners that act only on new mail may skip it.
     */
    again?: boolean;
  };
  'message.deleted': { inbox: string; id: string };
  'inbox.registered': { inbox: InboxRecord };
  'inbox.removed': { inbox: string };
  'webhook.delivery': {
    webhookId: string;
    /** The account of the webhook. */
    accountId: string;
    inbox: string;
    messageId: string;
    url: string;
    ok: boolean;
    status: number | null;
    latencyMs: number;
    error?: string;
    disabled: boolean;
  };
  /** A watcher connected to a webhook tunnel (core/delivery/tunnel.ts): deliveries queued for it go now. */
  'tunnel.connected': { tunnelId: string };
  /**
   * A tunnel no watcher had connected to for `tunnelExpiryMs` was removed (dispatcher.ts), with the
   * webhooks that pointed at it and the deliveries queued for it.
   */
  'tunnel.expired': { tunnelId: string; accountId?: string; idleMs: number; webhooks: string[]; dropped: number };
  /** A WebSocket `new_mail` frame went out (the timeline records `websocket_sent`). */
  'push.sent': { inbox: string; accountId: string; messageId: string; connections: number };
  'smtp.rejected': { reason: string; remote?: string };
  /** RCPT refused: the address, why, and what to do (the terminal view prints it). */
  'smtp.recipient_refused': { address: string; reason: string; hint: string; remote?: string };
  /**
   * A client wanted TLS where the SMTP port `port` has none: a TLS handshake on the plain port, or
   * STARTTLS where it is not offered (emulator/smtp/tls.ts). What happened and the fix; the terminal view prints it.
   */
  'smtp.tls_mismatch': { port: number; problem: string; hint: string; remote?: string };
  /** A fault rule fired (core/faults/faults.ts): the terminal line and the viewer show it. */
  'fault.hit': FaultHit;
  /** Catch-all registered an inbox for mail that arrived for it. */
  'catchall.registered': { inbox: string; apiKey: string };
  /** Catch-all gave its account a domain nobody had, marked verified, for mail that arrived for it. */
  'catchall.domain': { domain: string; apiKey: string };
  error: { where: string; error: unknown };
}

type Listener<T> = (payload: T) => void;

export class EventBus {
  #listeners = new Map<keyof EmulatorEvents, Set<Listener<never>>>();

  on<K extends keyof EmulatorEvents>(name: K, fn: Listener<EmulatorEvents[K]>): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(fn as Listener<never>);
    return () => set!.delete(fn as Listener<never>);
  }

  emit<K extends keyof EmulatorEvents>(name: K, payload: EmulatorEvents[K]): void {
    const set = this.#listeners.get(name);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        (fn as Listener<EmulatorEvents[K]>)(payload);
      } catch (error) {
        if (name !== 'error') this.emit('error', { where: `listener of ${name}`, error });
      }
    }
  }
}
