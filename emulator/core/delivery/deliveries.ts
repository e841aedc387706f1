// The pending webhook deliveries: made (charged and recorded) and not yet counted (dispatcher.ts).
// They are kept in a document of their own (`<data>.deliveries.json`, a side document of the store),
// not in the main one, whose inboxes and webhooks make it large: a fan-out to 5,000 webhooks then
// rewrites a list of deliveries, not every inbox, each time deliveries are recorded or done. The
// deliveries of one message carry the same body: the document writes each body text once and the
// deliveries name it by its place. Writes are coalesced (document.ts): while one is under way, every
// change made meanwhile rides on the next one. It names the main document's secret, which a reset renews, so
// the deliveries of a state that was reset are never made in the fresh one. Data of format 2 kept
// them in the main document's `webhookDeliveries`: load() takes those in (see EmulatorCore.open()).
import type { Doc } from '../../store/document.js';
import type { CoreContext } from '../context.js';
import type { PendingDelivery } from '../state.js';

/** A delivery as the document writes it: its body is the index of its text in `bodies`. */
type StoredDelivery = Omit<PendingDelivery, 'body'> & { body: number };

/** `<data>.deliveries.json`. */
export interface DeliveriesFile {
  format: 1;
  /** The main document's secret when this was written. */
  secret: string;
  bodies: string[];
  deliveries: StoredDelivery[];
}

/** What the document holds in memory: the pending list, laid out when it is written. */
export interface LiveDeliveries {
  toJSON(): DeliveriesFile;
}

function isStored(v: unknown, bodies: number): v is StoredDelivery {
  const d = v as StoredDelivery;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.id === 'string' &&
    typeof d.webhookId === 'string' &&
    typeof d.messageId === 'string' &&
    Number.isInteger(d.body) &&
    d.body >= 0 &&
    d.body < bodies
  );
}

export class PendingDeliveries {
  /** By id, oldest first. */
  readonly #byId = new Map<string, PendingDelivery>();
  /** How many pending deliveries each "webhookId messageId" has (one, but for hand-made data). */
  readonly #pairs = new Map<string, number>();
  readonly #perTunnel = new Map<string, number>();
  readonly #live: LiveDeliveries;
  /** Counts clear()s: work begun before one belongs to the old state. */
  generation = 0;

  constructor(
    private readonly ctx: CoreContext,
    private readonly doc: Doc<DeliveriesFile | LiveDeliveries>,
  ) {
    this.#live = { toJSON: () => this.#layout() };
  }

  /**
   * At start: reads the document (unless it belongs to a state that was reset since), and takes in
   * `legacy` (a format-2 main document's list) but for ids it holds already. True when `legacy`
   * added any: the caller then writes this document before dropping them from the main one.
   */
  async load(legacy: PendingDelivery[] = []): Promise<boolean> {
    const saved = await this.doc.readStored(
      this.#live,
      'the pending webhook deliveries',
      'Delete that file to start without the webhook deliveries it held (they are then not made).',
    );
    const file = saved as Partial<DeliveriesFile> | null;
    if (file && typeof file === 'object' && file.secret === this.ctx.main.data.secret && Array.isArray(file.bodies) && Array.isArray(file.deliveries)) {
      const bodies = file.bodies;
      for (const d of file.deliveries) {
        if (isStored(d, bodies.length) && typeof bodies[d.body] === 'string') this.add({ ...d, body: bodies[d.body]! });
      }
    }
    let added = false;
    for (const d of legacy) {
      if (this.#byId.has(d.id)) continue;
      this.add(d);
      added = true;
    }
    return added;
  }

  #layout(): DeliveriesFile {
    const index = new Map<string, number>();
    const bodies: string[] = [];
    const deliveries: StoredDelivery[] = [];
    for (const d of this.#byId.values()) {
      let at = index.get(d.body);
      if (at === undefined) {
        at = bodies.push(d.body) - 1;
        index.set(d.body, at);
      }
      deliveries.push({ ...d, body: at });
    }
    return { format: 1, secret: this.ctx.main.data.secret, bodies, deliveries };
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Every pending delivery, oldest first. */
  all(): PendingDelivery[] {
    return [...this.#byId.values()];
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** Whether a delivery of this message to this webhook is pending. */
  hasPair(webhookId: string, messageId: string): boolean {
    return this.#pairs.has(`${webhookId} ${messageId}`);
  }

  /** Deliveries waiting for a tunnel. */
  queued(tunnelId: string): number {
    return this.#perTunnel.get(tunnelId) ?? 0;
  }

  /** Pending deliveries per webhook id. */
  perWebhook(): Map<string, number> {
    const out = new Map<string, number>();
    for (const d of this.#byId.values()) out.set(d.webhookId, (out.get(d.webhookId) ?? 0) + 1);
    return out;
  }

  /** Adds a delivery (the caller commits). */
  add(d: PendingDelivery): void {
    if (this.#byId.has(d.id)) return;
    this.#byId.set(d.id, d);
    bump(this.#pairs, `${d.webhookId} ${d.messageId}`, 1);
    if (d.tunnelId) bump(this.#perTunnel, d.tunnelId, 1);
  }

  /** Forgets a delivery (the caller commits); false when it was not pending. */
  remove(id: string): boolean {
    const d = this.#byId.get(id);
    if (!d) return false;
    this.#byId.delete(id);
    bump(this.#pairs, `${d.webhookId} ${d.messageId}`, -1);
    if (d.tunnelId) bump(this.#perTunnel, d.tunnelId, -1);
    return true;
  }

  /** Forgets what is queued for a tunnel (it was closed or expired; the caller commits). How many. */
  dropTunnel(tunnelId: string): number {
    let dropped = 0;
    for (const d of [...this.#byId.values()]) if (d.tunnelId === tunnelId && this.remove(d.id)) dropped++;
    return dropped;
  }

  /** Forgets the deliveries of an account's webhooks (a reset of that account; the caller commits). */
  dropAccount(accountId: string): void {
    for (const d of [...this.#byId.values()]) if (d.accountId === accountId) this.remove(d.id);
  }

  /** Forgets every delivery (a reset; the caller commits). */
  clear(): void {
    this.generation++;
    this.#byId.clear();
    this.#pairs.clear();
    this.#perTunnel.clear();
  }

  /** Writes the list (coalesced with other writes asked for meanwhile); resolves once it is stored. */
  commit(): Promise<void> {
    return this.doc.commit();
  }

  /** Resolves once every write asked for so far is done. */
  flush(): Promise<void> {
    return this.doc.flush();
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
