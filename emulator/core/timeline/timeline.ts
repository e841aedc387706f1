// The timeline of an inbox: what happened to it and
// its mail, kept 24 hours on the emulator's clock and at most MAX_TIMELINE_EVENTS long, in the
// inbox's document. Every event comes from the bus: the mail events from 'message.indexing', so they
// ride on the same write as the message; inbox creation, webhook deliveries and WebSocket pushes
// from theirs, each written on its own.
import type { Plan } from '../../../src/api/plans.js';
import type { TimelineEvent } from '../../../src/api/schemas.js';
import { isoTime } from '../clock.js';
import type { CoreContext } from '../context.js';
import { shortId } from '../ids.js';
import type { Inboxes } from '../accounts/inboxes.js';
import type { Mailbox } from '../mail/mailbox.js';
import { DETECTED } from '../../../src/api/plans.js';
import { heldByOther, type InboxDoc, type InboxRecord, type StoredMessage } from '../state.js';
import { capField } from '../field-caps.js';

export const TIMELINE_HOURS = 24;
export const TIMELINE_KEEP_MS = TIMELINE_HOURS * 3_600_000;
/** Bound on the events kept per inbox, whatever happens within 24 hours. */
export const MAX_TIMELINE_EVENTS = 100;

export type TimelineType = TimelineEvent['type'];

export interface TimelineView {
  inbox: string;
  events: TimelineEvent[];
  duration_hours: number;
  event_count: number;
}

/** Metadata keys that carry a detected value, masked below growth. */
const DETECTED_KEYS = ['otp', 'verification_link'];

export class Timeline {
  /** Random bytes fetched in batches: three or four event ids per message add up. */
  #pool: Buffer = Buffer.alloc(0);

  constructor(
    private readonly ctx: CoreContext,
    private readonly inboxes: Inboxes,
    private readonly mailbox: Mailbox,
  ) {
    const { bus } = ctx;
    bus.on('message.indexing', ({ inbox, message, parsedAt, attachments }) => {
      const doc = this.mailbox.loaded(inbox.inbox);
      if (doc) this.#recordMail(doc.data, message, parsedAt, attachments);
    });
    bus.on('inbox.registered', ({ inbox }) => {
      void this.add(inbox.inbox, inbox.accountId, 'inbox_created', { inbox: inbox.inbox }, inbox.registeredAt);
    });
    bus.on('webhook.delivery', (d) => {
      const meta = { webhook_id: d.webhookId, message_id: d.messageId, url: d.url, status: d.status, duration_ms: d.latencyMs };
      if (d.ok) void this.add(d.inbox, d.accountId, 'webhook_sent', meta);
      else void this.add(d.inbox, d.accountId, 'error', { source: 'webhook', ...meta, error: d.error ?? `HTTP ${d.status}`, disabled: d.disabled });
    });
    bus.on('push.sent', (p) => {
      void this.add(p.inbox, p.accountId, 'websocket_sent', { message_id: p.messageId, connections: p.connections });
    });
  }

  /** email_received, email_parsed and otp_extracted of a copy being indexed (no write: ingest's carries them). */
  #recordMail(d: InboxDoc, message: StoredMessage, parsedAt: number, attachments: number): void {
    const id = message.id;
    const received = { message_id: id, from: capField(message.from), subject: capField(message.subject), size: message.size };
    this.record(d, 'email_received', received, message.receivedAt);
    this.record(
      d,
      'email_parsed',
      {
        message_id: id,
        has_attachment: message.hasAttachment,
        attachments,
        otp_found: message.otp !== null,
        verification_link_found: message.verificationLink !== null,
      },
      parsedAt,
    );
    if (message.otp !== null) {
      this.record(d, 'otp_extracted', { message_id: id, otp: message.otp, verification_link: message.verificationLink }, parsedAt);
    }
  }

  /** Appends an event to a loaded document (no write); the caller commits. */
  record(doc: InboxDoc, type: TimelineType, metadata: Record<string, unknown>, at = this.ctx.clock.now()): void {
    const t = doc.timeline;
    t.push({ id: shortId((n) => this.#bytes(n)), type, timestamp: isoTime(at), latency_ms: 0, metadata });
    // Events recorded by concurrent writers may arrive out of order; keep the list by time.
    if (t.length > 1 && t[t.length - 2]!.timestamp > t[t.length - 1]!.timestamp) {
      t.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    }
    this.#prune(doc, this.ctx.clock.now());
  }

  /**
   * Records an event of `account` for a registered inbox and writes it in the background. It is dropped
   * once the address belongs to another account (a webhook call or a push that ended late).
   */
  async add(inbox: string, account: string, type: TimelineType, metadata: Record<string, unknown>, at?: number): Promise<void> {
    try {
      if (!this.inboxes.find(inbox)) return;
      const doc = await this.mailbox.doc(inbox);
      if (heldByOther(doc.data, account)) return;
      this.record(doc.data, type, metadata, at);
      await doc.commit();
    } catch (error) {
      this.ctx.bus.emit('error', { where: 'timeline', error });
    }
  }

  /**
   * The events of the last 24 hours as the hosted server sends them: `timestamp` in ms, the inbox,
   * latency counted from the first of them, and `test_run_id` for an event inside a test run of
   * `rec` (a run lasts until the next one starts).
   */
  view(doc: InboxDoc, plan: Plan, rec?: InboxRecord): TimelineView {
    this.#prune(doc, this.ctx.clock.now());
    const first = doc.timeline.length > 0 ? Date.parse(doc.timeline[0]!.timestamp) : 0;
    const runs = rec?.tests ?? [];
    const events = doc.timeline.map((e): TimelineEvent => {
      const at = Date.parse(e.timestamp);
      const out: TimelineEvent = {
        id: e.id,
        inbox: doc.inbox,
        type: e.type,
        timestamp: at,
        latency_ms: at - first,
        metadata: plan.otp ? e.metadata : maskMetadata(e.metadata),
      };
      const run = runAt(runs, at);
      if (run) out.test_run_id = run;
      return out;
    });
    return { inbox: doc.inbox, events, duration_hours: TIMELINE_HOURS, event_count: events.length };
  }

  #bytes(n: number): Buffer {
    if (this.#pool.length < n) this.#pool = this.ctx.random(Math.max(n, 320));
    const out = this.#pool.subarray(0, n);
    this.#pool = this.#pool.subarray(n);
    return out;
  }

  #prune(doc: InboxDoc, now: number): void {
    const t = doc.timeline;
    let drop = 0;
    while (drop < t.length && now - Date.parse(t[drop]!.timestamp) >= TIMELINE_KEEP_MS) drop++;
    drop = Math.max(drop, t.length - MAX_TIMELINE_EVENTS);
    if (drop > 0) t.splice(0, drop);
  }
}

/** The id of the test run whose window holds `at` (runs are kept oldest first), if any. */
function runAt(runs: readonly { id: string; startedAt: number }[], at: number): string | undefined {
  for (let i = runs.length - 1; i >= 0; i--) {
    if (runs[i]!.startedAt <= at) return runs[i]!.id;
  }
  return undefined;
}

function maskMetadata(meta: Record<string, unknown>): Record<string, unknown> {
  if (!DETECTED_KEYS.some((k) => meta[k] !== undefined && meta[k] !== null)) return meta;
  const out = { ...meta };
  for (const k of DETECTED_KEYS) if (out[k] !== undefined && out[k] !== null) out[k] = DETECTED;
  return out;
}
