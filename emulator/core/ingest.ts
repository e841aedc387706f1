// THE way in for mail: the SMTP receiver, the `/_emulator/messages` control route, tests and the
// recovery at start all come through here, and every message takes the same stages:
//
//   receive      the recipients are resolved and one copy (inbox, id) planned per registered inbox
//   store raw    the message streams to its raw blob (parse-mail.ts), appended to a pack segment
//   acknowledge  receive() only: a journal record names the copies; once the blob and the record
//                are as durable as the sync mode asks, `acknowledged` resolves (the SMTP 250), and
//                reads of those inboxes wait for the message until it is indexed
//   parse        headers, text parts, attachment count     } on a worker thread for a buffered message
//   extract      one-time code and verification link       } (mail-reader.ts), so the main thread
//                (extract/)                                 } receives the next message meanwhile
//   index        each copy is appended to its inbox log (further copies name the same blob);
//                'message.indexing' lets the timeline add its events to that same write
//   announce     'message.received' per copy: wait, push, webhooks and the terminal line follow it
//
// One staged object (Staged) carries what was promised between the stages: ack() says whether the
// message is safe, release() retires its journal record (or keeps it to be redone at the next
// start) and lets reads of its inboxes go. Errors travel one way: they are thrown.
import type { Readable } from 'node:stream';
import type { NewMailEvent } from '../../src/api/schemas.js';
import type { JournalEntry } from '../store/journal.js';
import type { Accounts } from './accounts.js';
import type { CoreContext } from './context.js';
import { ApiError } from './errors.js';
import { shortId } from './ids.js';
import type { Inboxes } from './inboxes.js';
import { blobKey, blobKeyOf, rawBlob, type Mailbox } from './mailbox.js';
import type { MailReader, MessageReading } from './mail-reader.js';
import { messageSummary, type Messages } from './messages.js';
import { MessageTooLarge, receiveRaw } from './parse-mail.js';
import { MAX_HEADER_BYTES, MAX_MIME_PARTS, MimeLimitScan, type LimitBroken } from './mime-limits.js';
import type { StoredBlobWriter } from '../store/blobs.js';
import type { InboxRecord, StoredMessage } from './state.js';

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
}

/** A message on its way in (receive()). */
export interface Ingestion {
  /**
   * Resolves with the ids of the copies once the message is safe: with envelope recipients, as soon
   * as its raw blob and a journal record naming its copies are as durable as the sync mode asks
   * (before it is parsed and indexed); without them, once it is stored. Rejects when it never got
   * that far (nothing was kept).
   */
  acknowledged: Promise<string[]>;
  /**
   * Resolves once every copy is indexed and announced. A failure after the acknowledgement (a disk
   * error) leaves the journal record for the next start to redo (recover()).
   */
  stored: Promise<IngestedMessage[]>;
}

export interface IngestedMessage {
  inbox: string;
  id: string;
  message: StoredMessage;
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
  /** The copies: inbox, the account it was registered to (absent in records of older versions), id. */
  to: Array<{ inbox: string; account?: string; id: string }>;
}

function isIngestRecord(r: unknown): r is IngestRecord {
  const x = r as IngestRecord;
  return (
    typeof r === 'object' &&
    r !== null &&
    x.k === 'ingest' &&
    typeof x.blob === 'string' &&
    typeof x.size === 'number' &&
    typeof x.at === 'number' &&
    Array.isArray(x.to) &&
    x.to.every((c) => typeof c?.inbox === 'string' && typeof c?.id === 'string')
  );
}

interface PlannedCopy {
  rec: InboxRecord;
  id: string;
}

interface Copy {
  rec: InboxRecord;
  message: StoredMessage;
}

/** The `new_mail` event of a stored copy, in the API's field order (webhook body and push frame). */
export function newMailEvent(account: { plan: NewMailEvent['plan'] }, inbox: string, message: StoredMessage): NewMailEvent {
  return { type: 'new_mail', mailbox: inbox, plan: account.plan, ...messageSummary(message) };
}

/**
 * A message between the moment its raw bytes are written and the end of its ingest: whether it is
 * safe (ack()), and what it holds until it is indexed (release()).
 */
class Staged {
  #safe: Promise<void>;
  #entry: JournalEntry | null = null;
  #unhold: (() => void) | null = null;
  #released = false;

  constructor(
    private readonly mailbox: Mailbox,
    /** The raw blob's key, pinned until the record is retired. */
    private readonly raw: string,
    rawDurable: Promise<void>,
  ) {
    this.#safe = rawDurable;
  }

  /**
   * Writes the journal record of the planned copies, beside the raw blob's sync, and makes reads of
   * their inboxes wait for this message until release(), so whoever was told it is kept finds it.
   */
  journal(record: IngestRecord): void {
    this.#unhold = this.mailbox.hold(record.to.map((c) => c.inbox));
    try {
      const entry = (this.#entry = this.mailbox.journal(record));
      this.#safe = Promise.all([this.#safe, entry.durable]).then(() => undefined);
    } catch (e) {
      this.#safe = Promise.reject(e);
    }
    this.#safe.catch(() => undefined); // awaited by the pipeline; not unhandled meanwhile
  }

  /** Resolves once the raw blob (and the journal record) are as durable as the sync mode asks. */
  ack(): Promise<void> {
    return this.#safe;
  }

  /** Whether it is safe, without throwing. */
  safe(): Promise<boolean> {
    return this.#safe.then(
      () => true,
      () => false,
    );
  }

  /**
   * The ingest is over: `retire` the journal record (the message is indexed and its announcement's
   * durable work done, or it was given up for good) or `keep` it for the next start to redo; reads
   * of its inboxes stop waiting. Once only.
   */
  release(record: 'retire' | 'keep'): void {
    if (this.#released) return;
    this.#released = true;
    if (record === 'retire') {
      this.#entry?.done();
      this.mailbox.releaseRaw(this.raw);
    }
    this.#unhold?.();
  }

  /** Reads of its inboxes stop waiting (it is indexed); the journal record stays until release(). */
  unhold(): void {
    this.#unhold?.();
  }
}

export class Ingest {
  constructor(
    private readonly ctx: CoreContext,
    private readonly inboxes: Inboxes,
    private readonly accounts: Accounts,
    private readonly messages: Messages,
    private readonly mailbox: Mailbox,
    private readonly reader: MailReader,
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

  /** Takes a message in and acknowledges it as early as it is safe (SMTP): see Ingestion. */
  receive(input: IngestInput): Ingestion {
    let ack!: (ids: string[]) => void;
    let refuse!: (e: unknown) => void;
    const acknowledged = new Promise<string[]>((resolve, reject) => {
      ack = resolve;
      refuse = reject;
    });
    const stored = this.#pipeline(input, true, ack).then(
      (kept) => {
        ack(kept.map((k) => k.id));
        return kept;
      },
      (e: unknown) => {
        refuse(e);
        throw e;
      },
    );
    // Either may be all a caller awaits; the other's rejection is not an unhandled one.
    acknowledged.catch(() => undefined);
    stored.catch(() => undefined);
    return { acknowledged, stored };
  }

  /** Takes a message in and resolves once every copy is indexed and announced (control route, tests). */
  ingest(input: IngestInput): Promise<IngestedMessage[]> {
    return this.#pipeline(input, false, () => undefined);
  }

  async #pipeline(input: IngestInput, early: boolean, acknowledge: (ids: string[]) => void): Promise<IngestedMessage[]> {
    const { ctx } = this;
    // receive
    const receivedAt = ctx.clock.now();
    const maxBytes = input.maxBytes ?? ctx.settings.maxMessageBytes;
    const planned = input.recipients ? this.#plan(this.#recipients(input.recipients, input.skipUnknown ?? false)) : null;
    const firstId = planned?.[0]?.id ?? shortId(ctx.random);
    const key = blobKey(firstId);

    // store raw (a failure here has removed the blob already); a message past the parser's limits
    // is refused here, before any acknowledgement (mime-limits.ts)
    const limits = new MimeLimitScan();
    let writer = null as StoredBlobWriter | null;
    const raw = await receiveRaw(input.source, {
      open: () => withLimits((writer = this.mailbox.writeRaw(key)), limits),
      discard: () => (writer ? this.mailbox.removeRaw(blobKeyOf(writer.name)) : Promise.resolve()),
      maxBytes,
      oversized: input.oversized,
    }).catch((e: unknown) => {
      if (e instanceof MessageTooLarge) throw new ApiError('payload_too_large', `The message is larger than the limit of ${maxBytes} bytes.`);
      if (e instanceof LimitError) throw tooComplex(e.broken);
      throw e;
    });
    // Its key as stored (a pack names where the bytes went).
    const first = blobKeyOf(writer!.name);
    const staged = new Staged(this.mailbox, first, raw.durable);
    let anyStored = false;
    try {
      // acknowledge (with an envelope the copies are known before the message arrives)
      if (early && planned) {
        staged.journal({
          k: 'ingest',
          blob: rawBlob(first),
          size: raw.size,
          at: receivedAt,
          from: input.envelopeFrom ?? null,
          to: planned.map(({ rec, id }) => ({ inbox: rec.inbox, account: rec.accountId, id })),
        });
        staged.ack().then(
          () => acknowledge(planned.map((c) => c.id)),
          () => undefined,
        );
      }

      // parse and extract (on a worker thread when the message was buffered)
      const reading = await this.reader.read(raw, this.mailbox.rawLocation(first));
      const parsedAt = ctx.clock.now();
      const parsed = this.#fields(reading);
      const found = { otp: reading.otp, verificationLink: reading.verificationLink };

      // index (recipients are checked again: an inbox may have gone while the message streamed;
      // header recipients name other people's addresses too, so only registered ones count)
      const present = planned ?? this.#plan(this.#recipients(parsed.headerRecipients, true), firstId);
      const copies = this.#copies(present, first, parsed, found, raw.size, receivedAt, input.envelopeFrom);
      const { kept, failure } = await this.#index(copies, first, parsedAt, parsed.attachments);
      anyStored = kept.length > 0;
      await staged.ack();

      // announce; the journal record goes once what listeners recorded for it (pending webhook
      // deliveries) is on disk: a crash before that announces the message again at the next start
      const held = this.#announce(kept);
      staged.unhold();
      const recorded = await allDone(held);
      staged.release(failure === undefined && recorded ? 'retire' : 'keep');
      if (failure !== undefined) throw failure;
      if (kept.length === 0) {
        throw new ApiError('inbox_not_found', 'No recipient of the message is a registered inbox (any more).');
      }
      return kept.map(({ rec, message }) => ({ inbox: rec.inbox, id: message.id, message }));
    } catch (e) {
      // A safe message that could not be stored (a disk error) keeps its blob and journal record:
      // it may have been acknowledged, and the next start stores it. Anything else is let go.
      if (!(await staged.safe()) || e instanceof ApiError) {
        if (!anyStored) await this.mailbox.removeRaw(first);
        staged.release('retire');
      } else {
        staged.release('keep');
      }
      throw e;
    }
  }

  /**
   * Redoes the journal records a crash left behind: each copy that is not in its inbox yet, whose
   * raw blob is whole (the size the record names; a shorter one was never acknowledged) and still
   * there (a message deleted after it was stored has lost its blob), is parsed from the blob and
   * stored as it would have been, with its id and time of arrival, and announced (webhooks
   * included). Run before the SMTP port opens. Returns how many copies it stored.
   */
  async recover(): Promise<number> {
    let stored = 0;
    const held: Array<Promise<unknown>> = [];
    const written = { raws: new Set<string>(), inboxes: new Set<string>() };
    for (const r of await this.mailbox.leftovers()) {
      if (!isIngestRecord(r)) continue;
      const first = blobKeyOf(r.blob);
      written.raws.add(first);
      // Kept while its record may be redone (at the next start, if this one cannot finish).
      this.mailbox.pinRaw(first);
      const shared = this.mailbox.sharesRaw(first);
      for (const c of r.to) {
        if (!shared) written.raws.add(blobKey(c.id));
        written.inboxes.add(c.inbox);
      }
      try {
        const todo: PlannedCopy[] = [];
        const indexed: Copy[] = [];
        for (const c of r.to) {
          const rec = this.inboxes.find(c.inbox);
          if (!rec || rec.inbox !== c.inbox) continue;
          // The address changed hands since: the copy was the earlier account's, not the new one's.
          if (c.account !== undefined && c.account !== rec.accountId) continue;
          const doc = await this.mailbox.doc(rec.inbox);
          const message = doc.data.messages.find((m) => m.id === c.id);
          if (message) indexed.push({ rec, message });
          else todo.push({ rec, id: c.id });
        }
        // Stored, but the record was not retired: its announcement may have been cut short before
        // its webhook deliveries were recorded. Announced again (a delivery already recorded is not
        // made twice).
        if (indexed.length > 0) held.push(...this.#announce(indexed, true));
        if (todo.length === 0) continue;
        const raw = await this.mailbox.readRaw(first);
        if (!raw || raw.length !== r.size) continue;
        const reading = await this.reader.readWhole(raw);
        const parsed = this.#fields(reading);
        const copies = this.#copies(todo, first, parsed, reading, r.size, r.at, r.from ?? undefined);
        const { kept, failure } = await this.#index(copies, first, r.at, parsed.attachments);
        if (failure !== undefined) throw failure;
        held.push(...this.#announce(kept));
        stored += kept.length;
      } catch (error) {
        this.ctx.bus.emit('error', { where: 'journal recovery', error });
      }
    }
    // The records go only once what they stand for is on disk: the last run's background round (or,
    // in `always` mode, an inbox log's sync) may not have happened before it died, and the webhook
    // deliveries of what was announced must be recorded. If they could not be, the records stay.
    if (!(await allDone(held))) return stored;
    await this.mailbox.retireLeftovers([...written.raws], [...written.inboxes]);
    for (const raw of written.raws) this.mailbox.releaseRaw(raw);
    return stored;
  }

  /**
   * 'message.received' for each stored copy, with its `new_mail` event built once for all listeners;
   * returns the durable work listeners handed over (hold). `again`: copies stored before a crash.
   */
  #announce(kept: Copy[], again = false): Array<Promise<unknown>> {
    const held: Array<Promise<unknown>> = [];
    const hold = (work: Promise<unknown>) => void held.push(work);
    for (const { rec, message } of kept) {
      const account = this.accounts.byId(rec.accountId);
      if (!account) continue;
      this.ctx.bus.emit('message.received', {
        account,
        inbox: rec,
        message,
        newMail: newMailEvent(account, rec.inbox, message),
        hold,
        ...(again ? { again } : {}),
      });
    }
    return held;
  }

  /** Inbox and id of each copy; the first copy gets `firstId`. */
  #plan(recipients: InboxRecord[], firstId?: string): PlannedCopy[] {
    return recipients.map((rec, i) => ({ rec, id: i === 0 && firstId ? firstId : shortId(this.ctx.random) }));
  }

  /**
   * The summary of each copy. The first names the raw blob `first`; the others name it too when it
   * is shared (a pack entry), else a blob of their own named after their id (linked by #index()).
   */
  #copies(
    planned: PlannedCopy[],
    first: string,
    parsed: MessageReading['fields'],
    found: { otp: string | null; verificationLink: string | null },
    size: number,
    receivedAt: number,
    envelopeFrom: string | undefined,
  ): Copy[] {
    const shared = this.mailbox.sharesRaw(first);
    return planned.map(({ rec, id }, i) => ({
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
        size,
        blob: shared || i === 0 ? first : blobKey(id),
      },
    }));
  }

  /**
   * Links the further copies' blobs to the first where they are not shared (a hard link each; a copy
   * where links do not work)
   * and appends every copy to its inbox log. The copies kept (an inbox may have gone meanwhile: its
   * copy is dropped), and the first error of a copy that could not be stored: the others are kept
   * and announced all the same.
   */
  async #index(copies: Copy[], key: string, parsedAt: number, attachments: number): Promise<{ kept: Copy[]; failure: unknown }> {
    const linked = await Promise.allSettled(copies.filter((c) => c.message.blob !== key).map(({ message }) => this.mailbox.linkRaw(key, message.blob)));
    const linkError = linked.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (linkError) throw linkError.reason;
    // The raw blob's sync and the inbox logs' appends run side by side; the pipeline then waits for
    // both (in `always` mode each is an fsync; in `interval` mode the files are left for the
    // background round). A process crash cannot tear this apart: the bytes were written before any
    // document referred to them. See docs/mail.md.
    const results = await Promise.allSettled(copies.map((copy) => this.#store(copy, parsedAt, attachments)));
    const kept = copies.filter((_, i) => results[i]!.status === 'fulfilled' && (results[i] as PromiseFulfilledResult<boolean>).value);
    const lost = copies.filter((c) => !kept.includes(c));
    if (lost.length > 0) this.mailbox.discard(lost.map((c) => c.message).filter((m) => m.blob !== key));
    if (kept.length > 0 && !kept.some((c) => c.message.blob === key)) await this.mailbox.removeRaw(key);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    return { kept, failure: failed?.reason };
  }

  /**
   * The fields of a reading; what went wrong in it is told on the bus: a message MailParser cannot
   * read is kept with empty fields, a failing extractor costs the message its code, never the message.
   */
  #fields(reading: MessageReading): MessageReading['fields'] {
    if (reading.fields.parseError) this.ctx.bus.emit('error', { where: 'message parse (kept with empty fields)', error: reading.fields.parseError });
    if (reading.extractError) this.ctx.bus.emit('error', { where: 'code extraction', error: reading.extractError });
    return reading.fields;
  }

  #recipients(addresses: string[], skipUnknown: boolean): InboxRecord[] {
    const { found, unknown } = this.resolve(addresses);
    if (found.length === 0 || (unknown.length > 0 && !skipUnknown)) {
      const names = (unknown.length > 0 ? unknown : addresses).slice(0, 10).map((a) => a.slice(0, 320));
      throw new ApiError(
        'inbox_not_found',
        names.length > 0 ? `Not a registered inbox: ${names.join(', ')}.` : 'The message names no recipient (give "to", or To/Cc headers).',
        { hint: 'Register the inbox first with POST /v1/inboxes.', ...(unknown.length > 0 ? { unknown } : {}) },
      );
    }
    return found;
  }

  /** Appends one copy to its inbox log and writes it; false when the inbox went away. */
  async #store({ rec, message }: Copy, parsedAt: number, attachments: number): Promise<boolean> {
    const doc = await this.mailbox.docToIndex(rec.inbox);
    if (this.inboxes.find(rec.inbox) !== rec || this.mailbox.loaded(rec.inbox) !== doc) return false;
    doc.data.messages.push(message);
    // Listeners that add to the inbox's document now (the timeline) ride on the write below.
    this.ctx.bus.emit('message.indexing', { inbox: rec, message, parsedAt, attachments });
    const removed = this.messages.prune(doc.data, rec);
    await doc.commit();
    this.mailbox.discard(removed);
    return true;
  }
}

class LimitError extends Error {
  constructor(readonly broken: LimitBroken) {
    super(`the message breaks the ${broken} limit`);
  }
}

/** The raw blob's writer, scanning each piece for the parser's limits before it is written. */
function withLimits(writer: StoredBlobWriter, scan: MimeLimitScan): StoredBlobWriter {
  return {
    write(chunk) {
      scan.write(chunk);
      if (scan.broken) throw new LimitError(scan.broken);
      writer.write(chunk);
    },
    end: () => writer.end(),
    abort: () => writer.abort(),
    get name() {
      return writer.name;
    },
  };
}

/** The refusal of a message past the parser's limits (SMTP: 552 for a header block, 554 for parts). */
function tooComplex(broken: LimitBroken): ApiError {
  return broken === 'header'
    ? new ApiError('message_too_complex', `A MIME part's header block is larger than ${MAX_HEADER_BYTES / 1048576} MB; the message was not kept.`, {
        limit: 'header',
      })
    : new ApiError('message_too_complex', `The message has more than ${MAX_MIME_PARTS} MIME parts; the message was not kept.`, { limit: 'parts' });
}

/** Whether every piece of held work succeeded (false: a write failed; the record is kept). */
async function allDone(held: Array<Promise<unknown>>): Promise<boolean> {
  if (held.length === 0) return true;
  return (await Promise.allSettled(held)).every((r) => r.status === 'fulfilled');
}

/** The Date header when it is a usable date, else the time of receipt (ISO, ms, UTC). */
function messageDate(date: Date | null, receivedAt: number): string {
  if (date) {
    const y = date.getUTCFullYear();
    if (y >= 1970 && y <= 9999) return date.toISOString();
  }
  return new Date(receivedAt).toISOString();
}
