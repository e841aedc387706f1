// The viewer's own push channel and what it remembers. GET /_viewer/events is a Server-Sent Events
// stream (loopback peers only, like every viewer route; guard.ts): the page learns of new mail,
// deletions, inboxes and emulator changes the moment the core's bus publishes them, and fetches what
// changed. It is not the API's /v1/ws (no key, no plan, no charge). The delivery log keeps the webhook
// deliveries seen since this emulator started (the bus's 'webhook.delivery'), a bounded number per
// webhook.
import type { EmulatorEvents, EventBus } from '../../core/events.js';
import { capField } from '../../core/field-caps.js';

export type LiveEvent =
  | { type: 'mail'; inbox: string; id: string; subject: string }
  | { type: 'deleted'; inbox: string; id: string }
  | { type: 'inboxes' }
  | { type: 'webhook'; webhookId: string }
  | { type: 'changed' }
  | { type: 'reset' };

type Sink = (event: LiveEvent) => void;

/** Fan-out of bus events to the open viewer pages. */
export class LiveChannel {
  readonly #sinks = new Set<Sink>();
  readonly #off: Array<() => void> = [];

  constructor(bus: EventBus) {
    this.#off.push(
      bus.on('message.received', ({ inbox, message }) =>
        this.publish({ type: 'mail', inbox: inbox.inbox, id: message.id, subject: capField(message.subject) }),
      ),
      bus.on('message.deleted', ({ inbox, id }) => this.publish({ type: 'deleted', inbox, id })),
      bus.on('inbox.registered', () => this.publish({ type: 'inboxes' })),
      bus.on('inbox.removed', () => this.publish({ type: 'inboxes' })),
      bus.on('webhook.delivery', ({ webhookId }) => this.publish({ type: 'webhook', webhookId })),
    );
  }

  get size(): number {
    return this.#sinks.size;
  }

  subscribe(sink: Sink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  publish(event: LiveEvent): void {
    for (const sink of [...this.#sinks]) {
      try {
        sink(event);
      } catch {
        this.#sinks.delete(sink);
      }
    }
  }

  close(): void {
    for (const off of this.#off) off();
    this.#sinks.clear();
  }
}

/** One webhook delivery as the viewer lists it: the bus event's facts, when, and how many results were seen. */
export type DeliveryEntry = Omit<EmulatorEvents['webhook.delivery'], 'webhookId' | 'accountId' | 'disabled'> & {
  at: number;
  /** Results seen for this webhook and message (a tunnel watcher that reconnects can cause more). */
  attempts: number;
};

const PER_WEBHOOK = 100;

export class DeliveryLog {
  readonly #byHook = new Map<string, DeliveryEntry[]>();
  readonly #off: () => void;

  constructor(bus: EventBus, now: () => number) {
    this.#off = bus.on('webhook.delivery', (d) => {
      let list = this.#byHook.get(d.webhookId);
      if (!list) this.#byHook.set(d.webhookId, (list = []));
      const earlier = list.findIndex((e) => e.messageId === d.messageId);
      const attempts = earlier >= 0 ? list[earlier]!.attempts + 1 : 1;
      if (earlier >= 0) list.splice(earlier, 1);
      list.unshift({
        at: now(),
        inbox: d.inbox,
        messageId: d.messageId,
        url: d.url,
        ok: d.ok,
        status: d.status,
        latencyMs: d.latencyMs,
        attempts,
        ...(d.error ? { error: d.error } : {}),
      });
      if (list.length > PER_WEBHOOK) list.length = PER_WEBHOOK;
    });
  }

  /** Newest first. */
  of(webhookId: string): DeliveryEntry[] {
    return this.#byHook.get(webhookId) ?? [];
  }

  clear(): void {
    this.#byHook.clear();
  }

  close(): void {
    this.#off();
  }
}
