// THE ingestion path: the SMTP receiver, the `/_emulator/messages` control route and tests all hand
// a raw RFC 5322 message to Ingest.ingest(). The message streams to a blob file while the streaming
// parser reads it; then the code and link are extracted, one copy per registered recipient is
// appended to that inbox's document (further copies hard-link the blob) with its timeline events,
// retention is applied, and everything is written. Only once it is all written (and fsynced as the
// sync mode says, durability.ts) does it emit 'message.received' and return. An SMTP 250 comes
// earlier, once the raw blob and a journal record are written: a crash after it is redone from the
// journal at the next start (recover()). Either way the message survives the emulator being killed.
import type { Readable } from 'node:stream';
import type { Accounts } from './accounts.js';
import type { CoreContext } from './context.js';
import { ApiError } from './errors.js';
import { extract } from './extract.js';
import { shortId } from './ids.js';
import type { Inboxes } from './inboxes.js';
import { blobKey, blobKeyOf, rawBlob, type Mailbox } from './mailbox.js';
import type { Messages } from './messages.js';
import { MessageTooLarge, parseBuffer, parseMail, type ParsedMail } from './parse-mail.js';
import type { JournalEntry } from '../store/journal.js';
import type { InboxRecord, StoredMessage } from './state.js';
import type { Timeline } from './timeline.js';

export interface IngestInput {
  /** The raw message (RFC 5322), as a stream (read to its end in every case) or in one piece. */
  source: Readable | Buffer | string;
  /** Envelope recipients. Without them, the registered inboxes among the To and Cc headers. */
  recipients?: string[];
  /** SMTP: recipients whose inbox went away since RCPT are skipped instead of failing the message. */
  skipUnknown?: boolean;
  /** Envelope sender (MAIL FROM), used as `from` when the message has no From header. */
  envelopeFrom?: string;
  /** Largest raw message accepted (default: settings.maxMessageBytes). */
  maxBytes?: number;
  /** A transport's own size verdict (smtp-server's stream.sizeExceeded). */
  oversized?: () => boolean;

  /**
   * With envelope recipients: called once the message is safe (its raw blob and a journal record
   * naming its copies are written, and fsynced in `always` mode), before it is parsed and indexed. The SMTP receiver answers 250
   * here. The returned promise still settles once the message is indexed; should that fail, the
   * journal record makes the next start redo it (Ingest.recover()).
   */
  onSafe?: (ids: string[]) => void;
}

/** What the journal keeps of a message until it is indexed. */
interface IngestRecord {
  k: 'ingest';
  /** The raw blob of the first copy, and its size in bytes. */
  blob: string;
  size: number;
  /** Time of arrival (emulator clock, ms) and envelope sender. */
  at: number;
  from: string | null;
  to: Array<{ inbox: string; id: string }>;
}

function isIngestRecord(r: unknown): r is IngestRecord {
  const x = r as IngestRecord;
  return typeof r === 'object' && r !== null && x.k === 'ingest' && typeof x.blob === 'string' && typeof x.size === 'number' &&
    typeof x.at === 'number' && Array.isArray(x.to) && x.to.every((c) => typeof c?.inbox === 'string' && typeof c?.id === 'string');
}

interface PlannedCopy {
  rec: InboxRecord;
  id: string;
}

interface Copy {
  rec: InboxRecord;
  message: StoredMessage;
}

export interface IngestedMessage {
  inbox: string;
  id: string;
  message: StoredMessage;
}

export class Ingest {
  constructor(
    private readonly ctx: CoreContext,
    private readonly inboxes: Inboxes,
    private readonly accounts: Accounts,
    private readonly messages: Messages,
    private readonly mailbox: Mailbox,
    private readonly timeline: Timeline,
  ) {}

  /** Which registered inboxes a list of addresses names (each once), and which it names in vain. */
  resolve(addresses: string[]): { found: InboxRecord[]; unknown: string[] } {
    const found = new Map<string, InboxRecord>();
    const unknown: string[] = [];
    for (const a of addresses) {
      const rec = this.inboxes.find(a);
      if (rec) found.set(rec.inbox, rec);
      else unknown.push(a);
    }
    return { found: [...found.values()], unknown };
  }

  async ingest(input: IngestInput): Promise<IngestedMessage[]> {
    const { ctx } = this;
    const receivedAt = ctx.clock.now();
    const maxBytes = input.maxBytes ?? ctx.settings.maxMessageBytes;
    const skipUnknown = input.skipUnknown ?? false;
    const planned = input.recipients ? this.#plan(this.#recipients(input.recipients, skipUnknown)) : null;
    const firstId = planned?.[0]?.id ?? shortId(ctx.random);
    const key = blobKey(firstId);
    /**
     * Only for a caller that answers early (onSafe): the journal record and its sync, and the hold on
     * reads of the inboxes. Everyone else gets an answer once the message is indexed, which needs
     * neither.
     */
    const early: { entry: JournalEntry | null; safe: Promise<Error | null> | null; release: (() => void) | null } = { entry: null, safe: null, release: null };
    const onSafe = input.onSafe;
    let parsed: ParsedMail;
    try {
      parsed = await parseMail(input.source, {
        open: () => this.mailbox.writeRaw(key),
        discard: () => this.mailbox.removeRaw(key),
        maxBytes,
        oversized: input.oversized,
        // With an envelope the copies (inbox and id each) are known before the message arrives, so
        // the journal record can be written as soon as it is complete, beside the raw blob's sync.
        onInputEnd: ({ size, durable }) => {
          if (!planned || !onSafe) return;
          // From now on reads of these inboxes wait for this message (a few ms), so whoever got
          // the 250 finds it through the API at once.
          early.release = this.mailbox.hold(planned.map((c) => c.rec.inbox));
          const record: IngestRecord = { k: 'ingest', blob: rawBlob(key), size, at: receivedAt, from: input.envelopeFrom ?? null, to: planned.map(({ rec, id }) => ({ inbox: rec.inbox, id })) };
          try {
            const entry = (early.entry = this.mailbox.journal(record));
            const journaled = entry.durable.then(() => null, (e: unknown) => (e instanceof Error ? e : new Error('journal sync failed')));
            early.safe = Promise.all([durable, journaled]).then(([a, b]) => a ?? b);
          } catch (e) {
            early.safe = Promise.resolve(e as Error);
          }
          void early.safe.then((e) => e === null && onSafe(planned.map((c) => c.id)));
        },
      });
    } catch (e) {
      early.release?.();
      if (e instanceof MessageTooLarge) {
        throw new ApiError('payload_too_large', `The message is larger than the limit of ${maxBytes} bytes.`);
      }
      throw e;
    }
    const parsedAt = ctx.clock.now();
    if (parsed.parseError) ctx.bus.emit('error', { where: 'message parse (kept with empty fields)', error: parsed.parseError });
    const settle = (): Promise<Error | null> => early.safe ?? parsed.durable;
    let anyStored = false;
    try {
      // Recipients are checked again now: an inbox may have gone while the message streamed.
      // Header recipients name other people's addresses too: only registered ones count.
      const present = planned ?? this.#plan(this.#recipients(parsed.headerRecipients, true), firstId);
      const copies = this.#copies(present, parsed, receivedAt, input.envelopeFrom);
      const { kept, failed } = await this.#index(copies, parsed, parsedAt, key);
      anyStored = kept.length > 0;
      const syncError = await settle();
      if (syncError) throw syncError;
      // Every copy is indexed as durably as the sync mode asks (or its inbox is gone): the journal
      // record has served.
      if (!failed) early.entry?.done();
      this.#announce(kept);
      if (failed) throw failed;
      if (kept.length === 0) {
        throw new ApiError('inbox_not_found', 'No recipient of the message is a registered inbox (any more).');
      }
      return kept.map(({ rec, message }) => ({ inbox: rec.inbox, id: message.id, message }));
    } catch (e) {
      const syncError = await settle();
      // A safe message that could not be stored (a disk error) keeps its blob and journal record:
      // it may have been acknowledged, and the next start stores it. Anything else is let go.
      if (syncError !== null || e instanceof ApiError) {
        if (!anyStored) await this.mailbox.removeRaw(key);
        early.entry?.done();
      }
      throw e;
    } finally {
      early.release?.();
    }
  }

  /**
   * Redoes the journal records a crash left behind: each copy that is not in its inbox yet, whose
   * raw blob is whole (the size the record names; a shorter one was never acknowledged) and still
   * there (a message deleted after it was stored has lost its blob), is parsed from the blob and
   * stored as it would have been, with its id and time of arrival, and 'message.received' is
   * emitted for it (webhooks included). Run before the SMTP port opens. Returns how many copies it
   * stored.
   */
  async recover(): Promise<number> {
    const { ctx } = this;
    let stored = 0;
    const written = { blobs: new Set<string>(), inboxes: new Set<string>() };
    for (const r of await this.mailbox.leftovers()) {
      if (!isIngestRecord(r)) continue;
      written.blobs.add(blobKeyOf(r.blob));
      for (const c of r.to) {
        written.blobs.add(blobKey(c.id));
        written.inboxes.add(c.inbox);
      }
      try {
        const todo: PlannedCopy[] = [];
        for (const c of r.to) {
          const rec = this.inboxes.find(c.inbox);
          if (!rec || rec.inbox !== c.inbox) continue;
          const doc = await this.mailbox.doc(rec.inbox);
          if (!doc.data.messages.some((m) => m.id === c.id)) todo.push({ rec, id: c.id });
        }
        if (todo.length === 0) continue;
        const raw = await this.mailbox.readRaw(blobKeyOf(r.blob));
        if (!raw || raw.length !== r.size) continue;
        const fields = await parseBuffer(raw);
        const parsed: ParsedMail = { ...fields, size: r.size, durable: Promise.resolve(null) };
        const first = blobKeyOf(r.blob);
        const copies = this.#copies(todo, parsed, r.at, r.from ?? undefined);
        const { kept, failed } = await this.#index(copies, parsed, r.at, first);
        if (failed) throw failed;
        this.#announce(kept);
        stored += kept.length;
      } catch (error) {
        ctx.bus.emit('error', { where: 'journal recovery', error });
      }
    }
    // The records go only once what they stand for is on disk: the last run's background round (or,
    // in `always` mode, an inbox document's sync) may not have happened before it died.
    await this.mailbox.retireLeftovers([...written.blobs], [...written.inboxes]);
    return stored;
  }

  /** 'message.received' for each stored copy (wait, push, webhooks, the terminal log follow it). */
  #announce(kept: Copy[]): void {
    for (const { rec, message } of kept) {
      const account = this.accounts.byId(rec.accountId);
      if (account) this.ctx.bus.emit('message.received', { account, inbox: rec, message });
    }
  }

  /** Inbox and id of each copy; the first copy gets `firstId`. */
  #plan(recipients: InboxRecord[], firstId?: string): PlannedCopy[] {
    return recipients.map((rec, i) => ({ rec, id: i === 0 && firstId ? firstId : shortId(this.ctx.random) }));
  }

  /** The summary of each copy; each copy's blob is named after its id (the first is the raw blob). */
  #copies(planned: PlannedCopy[], parsed: ParsedMail, receivedAt: number, envelopeFrom: string | undefined): Copy[] {
    const found = this.#extract(parsed);
    return planned.map(({ rec, id }) => ({
      rec,
      message: {
        id,
        from: parsed.from || envelopeFrom || '',
        to: rec.inbox,
        subject: parsed.subject,
        date: messageDate(parsed.date, receivedAt),
        receivedAt,
        hasAttachment: parsed.attachments > 0,
        otp: found.otp,
        verificationLink: found.verificationLink,
        size: parsed.size,
        blob: blobKey(id),
      },
    }));
  }

  /**
   * Links the further copies' blobs to the first (a hard link each; a copy where links do not work)
   * and appends every copy to its inbox document, durably. Returns the copies kept (an inbox may have
   * gone meanwhile: its copy is dropped) and the first error of a copy that could not be stored.
   */
  async #index(copies: Copy[], parsed: ParsedMail, parsedAt: number, key: string): Promise<{ kept: Copy[]; failed: unknown }> {
    const { ctx } = this;
    const linked = await Promise.allSettled(
      copies.filter((c) => c.message.blob !== key).map(({ message }) => this.mailbox.linkRaw(key, message.blob)),
    );
    const linkError = linked.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (linkError) return { kept: [], failed: linkError.reason };
    // The raw blob's sync and the inbox documents' appends run side by side; the caller waits for
    // both (in `always` mode each is an fsync; in `interval` mode the files are left for the
    // background round, durability.ts). A process crash cannot tear this apart: the bytes were
    // written before any document referred to them. See docs/mail.md.
    const results = await Promise.allSettled(copies.map(({ rec, message }) => this.#store(rec, message, parsedAt, parsed.attachments)));
    const kept = copies.filter((_, i) => results[i]!.status === 'fulfilled' && (results[i] as PromiseFulfilledResult<boolean>).value);
    const lost = copies.filter((c) => !kept.includes(c));
    if (lost.length > 0) this.mailbox.discard(lost.map((c) => c.message).filter((m) => m.blob !== key));
    if (kept.length > 0 && !kept.some((c) => c.message.blob === key)) {
      await this.mailbox.removeRaw(key);
    }
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    return { kept, failed: failed?.reason };
  }

  /** Code and link; a failing extractor costs the message its code, never the message itself. */
  #extract(parsed: ParsedMail): { otp: string | null; verificationLink: string | null } {
    try {
      return extract({ subject: parsed.subject, text: parsed.text, html: parsed.html });
    } catch (error) {
      this.ctx.bus.emit('error', { where: 'code extraction', error });
      return { otp: null, verificationLink: null };
    }
  }

  #recipients(addresses: string[], skipUnknown: boolean): InboxRecord[] {
    const { found, unknown } = this.resolve(addresses);
    if (found.length === 0 || (unknown.length > 0 && !skipUnknown)) {
      const names = (unknown.length > 0 ? unknown : addresses).slice(0, 10).map((a) => a.slice(0, 320));
      throw new ApiError(
        'inbox_not_found',
        names.length > 0
          ? `Not a registered inbox: ${names.join(', ')}.`
          : 'The message names no recipient (give "to", or To/Cc headers).',
        { hint: 'Register the inbox first with POST /v1/inboxes.', ...(unknown.length > 0 ? { unknown } : {}) },
      );
    }
    return found;
  }

  /** Appends one copy to its inbox and writes the document; false when the inbox went away. */
  async #store(rec: InboxRecord, message: StoredMessage, parsedAt: number, attachments: number): Promise<boolean> {
    const doc = await this.mailbox.docToIndex(rec.inbox);
    if (this.inboxes.find(rec.inbox) !== rec || this.mailbox.loaded(rec.inbox) !== doc) return false;
    const d = doc.data;
    d.messages.push(message);
    const id = message.id;
    this.timeline.record(d, 'email_received', { message_id: id, from: message.from, subject: message.subject, size: message.size }, message.receivedAt);
    this.timeline.record(d, 'email_parsed', {
      message_id: id,
      has_attachment: message.hasAttachment,
      attachments: attachments,
      otp_found: message.otp !== null,
      verification_link_found: message.verificationLink !== null,
    }, parsedAt);
    if (message.otp !== null) {
      this.timeline.record(d, 'otp_extracted', { message_id: id, otp: message.otp, verification_link: message.verificationLink }, parsedAt);
    }
    const removed = this.messages.prune(d, rec);
    await doc.commit();
    this.mailbox.discard(removed);
    return true;
  }
}

/** The Date header when it is a usable date, else the time of receipt (ISO, ms, UTC). */
function messageDate(date: Date | null, receivedAt: number): string {
  if (date) {
    const y = date.getUTCFullYear();
    if (y >= 1970 && y <= 9999) return date.toISOString();
  }
  return new Date(receivedAt).toISOString();
}
