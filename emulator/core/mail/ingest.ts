// THE way in for mail: the SMTP receiver, the `/_emulator/messages` control route, tests and the
// start after a crash all come through here, and every message takes the same steps:
//
//   write     the recipients are resolved and one copy (inbox, id, file name) planned per inbox; the
//             bytes stream into `tmp/` of the first inbox's Maildir (a Return-Path trace header
//             first when there is an envelope sender), synced as the sync mode asks, and are linked
//             into each inbox's `new/`. Then the message is acknowledged (the SMTP 250).
//   read      a worker reads the first copy's file with MailParser and finds code and link (reader.ts)
//   index     each copy goes into its inbox's index ('message.indexing': the timeline's events ride
//             on it); a read of an inbox waits for the copies acknowledged before it (mailbox.ts)
//   announce  'message.received' per copy: wait, push, webhooks and the terminal line follow it;
//             once what listeners hold (pending webhook deliveries) is recorded, each file moves to
//             `cur/`
//
// Messages are indexed and announced in the order they were acknowledged. Everything after the
// write is redone at the next start for files still in `new/` (recover()): indexed if missing,
// announced again, moved to `cur/`. Errors travel one way: they are thrown.
import type { Readable } from 'node:stream';
import type { NewMailEvent } from '../../../src/api/schemas.js';
import { type MailFile, mailFileName, parseMailFile } from '../../store/maildir.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Inboxes } from '../accounts/inboxes.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { shortId } from '../ids.js';
import type { InboxRecord, StoredMessage } from '../state.js';
import { type Mailbox, readAll } from './mailbox.js';
import { messageSummary, type Messages } from './messages.js';
import { parseFields } from './parse-mail.js';
import type { MailReader, MailReading } from './reader.js';

export interface IngestInput {
  /** The raw message (RFC 5322), as a stream (read to its end in every case) or in one piece. */
  source: Readable | Buffer | string;
  /** Envelope recipients. Without them, the registered inboxes among the To and Cc headers. */
  recipients?: string[];
  /** SMTP: recipients whose inbox went away since RCPT are skipped instead of failing the message. */
  skipUnknown?: boolean;
  /** Envelope sender (MAIL FROM): a Return-Path trace header, and `from` when the message has no From header. */
  envelopeFrom?: string;
  /** Largest raw message accepted (default: settings.maxMessageBytes). */
  maxBytes?: number;
  /** A transport's own size verdict (smtp-server's stream.sizeExceeded). */
  oversized?: () => boolean;
}

/** A message on its way in (receive()). */
export interface Ingestion {
  /**
   * Resolves with the ids of the copies once the message is in each inbox's `new/` as durable as
   * the sync mode asks (the SMTP 250). Rejects when it never got that far (nothing kept).
   */
  acknowledged: Promise<string[]>;
  /** Resolves once every copy is indexed and announced. */
  stored: Promise<IngestedMessage[]>;
}

export interface IngestedMessage {
  inbox: string;
  id: string;
  message: StoredMessage;
}

interface Copy {
  rec: InboxRecord;
  message: StoredMessage;
}

/** A message written and acknowledged: its copies, as planned before the write. */
interface Written {
  /** `generation`: the inbox's (mailbox.generation()) when the copy was written. */
  copies: Array<{ rec: InboxRecord; id: string; name: string; generation: number }>;
  at: number;
  size: number;
  envelopeFrom?: string;
}

/** What ingest reads of a message file. */
interface Reading {
  fields: MailReading['fields'];
  otp: string | null;
  verificationLink: string | null;
  parsedAt: number;
}

/** The `new_mail` event of a stored copy, in the API's field order (webhook body and push frame). */
export function newMailEvent(account: { plan: NewMailEvent['plan'] }, inbox: string, message: StoredMessage): NewMailEvent {
  return { type: 'new_mail', mailbox: inbox, plan: account.plan, ...messageSummary(message) };
}

/** Files a start reads at once when it indexes what an index lacks (recover()). */
const RECOVERY_BATCH = 16;

export class MessageTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`message exceeds the maximum size of ${limit} bytes`);
    this.name = 'MessageTooLarge';
  }
}

export class Ingest {
  /** The index step of the message acknowledged last: each message's waits for the one before. */
  #tail: Promise<unknown> = Promise.resolve();

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

  /** Takes a message in (SMTP): see Ingestion. */
  receive(input: IngestInput): Ingestion {
    const written = this.#write(input);
    const stored = written.then((w) => this.#store(w));
    const acknowledged = written.then((w) => w.copies.map((c) => c.id));
    // Either may be all a caller awaits; the other's rejection is not an unhandled one.
    acknowledged.catch(() => undefined);
    stored.catch(() => undefined);
    return { acknowledged, stored };
  }

  /** Takes a message in and resolves once every copy is indexed and announced (control route, tests). */
  async ingest(input: IngestInput): Promise<IngestedMessage[]> {
    return this.#store(await this.#write(input));
  }

  /** Resolves once every message acknowledged so far is indexed (a clean stop). */
  idle(): Promise<unknown> {
    return this.#tail;
  }

  /** The write step; resolves once the message may be acknowledged (its index step is queued by then). */
  async #write(input: IngestInput): Promise<Written> {
    const { ctx } = this;
    // Synchronous up to the write: a stream's first chunks must find its reader.
    const at = ctx.clock.now();
    const maxBytes = input.maxBytes ?? ctx.settings.maxMessageBytes;
    let source = input.source;
    let recipients: InboxRecord[];
    if (input.recipients) recipients = this.#recipients(input.recipients, input.skipUnknown ?? false);
    else {
      if (!Buffer.isBuffer(source) && typeof source !== 'string') source = await readAll(source);
      recipients = this.#recipients((await parseFields(source)).headerRecipients, true);
    }
    const trace = input.envelopeFrom ? `Return-Path: <${input.envelopeFrom.replace(/[\r\n<>]/g, '')}>\r\n` : '';
    const skip = Buffer.byteLength(trace);
    const copies = recipients.map((rec) => {
      const id = shortId(ctx.random);
      return { rec, id, name: mailFileName(at, id, skip), generation: this.mailbox.generation(rec.inbox) };
    });
    const writer = this.mailbox.create(
      copies.map((c) => ({ inbox: c.rec.inbox, name: c.name })),
      at,
      trace,
    );
    let size: number;
    try {
      size = await spool(source, (chunk) => writer.write(chunk), maxBytes, input.oversized);
    } catch (e) {
      writer.abort();
      if (e instanceof MessageTooLarge) throw new ApiError('payload_too_large', `The message is larger than the limit of ${maxBytes} bytes.`);
      throw e;
    }
    await writer.end();
    return { copies, at, size, envelopeFrom: input.envelopeFrom };
  }

  /**
   * Read, index and announce a written message. Queued at once (the reads of its inboxes wait for
   * it from then on); an inbox that went away while the message came in loses its copy.
   */
  #store(w: Written): Promise<IngestedMessage[]> {
    const first = w.copies[0]!;
    const reading = this.#read(first.rec.inbox, first.name).catch((e: unknown) => e as Error);
    const indexed = this.#tail.then(async () => {
      const r = await reading;
      if (r instanceof Error) throw r;
      const kept: Copy[] = [];
      for (const c of w.copies) {
        const message = this.#message(c.rec.inbox, c.id, c.name, r, w.size, w.at, w.envelopeFrom);
        if (await this.#index(c.rec, message, r, c.generation)) kept.push({ rec: c.rec, message });
        else await this.mailbox.removeFiles([message]);
      }
      return { kept, held: this.#announce(kept, false) };
    });
    this.#tail = indexed.catch(() => undefined);
    this.mailbox.arriving(
      w.copies.map((c) => ({ inbox: c.rec.inbox, id: c.id })),
      this.#tail,
    );
    return indexed.then(async ({ kept, held }) => {
      await held;
      if (kept.length === 0) throw new ApiError('inbox_not_found', 'No recipient of the message is a registered inbox (any more).');
      return kept.map(({ rec, message }) => ({ inbox: rec.inbox, id: message.id, message }));
    });
  }

  /**
   * The start: every inbox's index is checked against its Maildir (entries whose file is gone are
   * dropped, files without an entry are read and indexed), then every file still in `new/` is
   * announced (again, if it was indexed before) and moved to `cur/`. Run before the SMTP port opens,
   * with the listeners (webhooks) in place. Returns how many copies of `new/` it indexed (acknowledged
   * before the last run ended, not indexed by then).
   */
  async recover(): Promise<number> {
    let redone = 0;
    for (const inbox of this.mailbox.folders()) {
      try {
        const rec = this.inboxes.find(inbox);
        const registered = rec && rec.inbox === inbox ? rec : undefined;
        const { doc, readable } = await this.mailbox.read(inbox);
        const { fresh, kept } = await this.mailbox.listing(inbox);
        const onDisk = new Set([...fresh, ...kept].map((f) => f.name));
        const messages = doc.data.messages.filter((m) => onDisk.has(m.file));
        const indexed = new Set(messages.map((m) => m.file));
        const missing = [...kept, ...fresh].filter((f) => !indexed.has(f.name)).sort((a, b) => a.at - b.at);
        let changed = !readable || messages.length !== doc.data.messages.length;
        doc.data.messages = messages;
        // Indexed as at its arrival (its parse is dated then too: the index is a cache of the folder).
        // Read RECOVERY_BATCH at a time: the workers get the next ones without waiting for each
        // answer, and the files open at once stay few.
        const read: Array<PromiseSettledResult<[Reading, { size: number; envelopeFrom?: string }]>> = [];
        for (let at = 0; at < missing.length; at += RECOVERY_BATCH) {
          const batch = missing.slice(at, at + RECOVERY_BATCH);
          read.push(...(await Promise.allSettled(batch.map((f) => Promise.all([this.#read(inbox, f.name), this.#describe(inbox, f)])))));
        }
        for (const [i, f] of missing.entries()) {
          const r = read[i]!;
          if (r.status === 'rejected') throw r.reason;
          const [reading, { size, envelopeFrom }] = r.value;
          const message = this.#message(inbox, f.id, f.name, reading, size, f.at, envelopeFrom);
          doc.data.messages.push(message);
          if (registered) this.ctx.bus.emit('message.indexing', { inbox: registered, message, parsedAt: f.at, attachments: reading.fields.attachments });
          changed = true;
        }
        if (missing.length > 0) doc.data.messages.sort((a, b) => a.receivedAt - b.receivedAt);
        if (changed) await doc.commit();
        redone += missing.filter((f) => fresh.includes(f)).length;
        if (fresh.length === 0) continue;
        await this.mailbox.syncLeftovers(
          inbox,
          fresh.map((f) => f.name),
        );
        if (!registered) {
          for (const f of fresh) this.mailbox.settle(inbox, f.name);
          continue;
        }
        // Its owner checked: mail of an account that no longer has the address is not announced.
        // Each may have been announced before the crash (its index entry is written behind).
        const owned = await this.mailbox.doc(inbox);
        const copies = fresh.flatMap((f) => {
          const message = owned.data.messages.find((m) => m.file === f.name);
          return message ? [{ rec: registered, message }] : [];
        });
        await this.#announce(copies, true);
      } catch (error) {
        this.ctx.bus.emit('error', { where: `start (mail of ${inbox})`, error });
      }
    }
    return redone;
  }

  /**
   * Reads a message file on the mail reader's workers (reader.ts). A message MailParser cannot read
   * is kept with empty fields; a failing extractor costs the message its code, never the message.
   */
  async #read(inbox: string, file: string): Promise<Reading> {
    const r = await this.reader.read(this.mailbox.paths(inbox, file), parseMailFile(file)?.skip ?? 0);
    const parsedAt = this.ctx.clock.now();
    if (r.parseError) this.ctx.bus.emit('error', { where: `message parse of ${file} (kept with empty fields)`, error: new Error(r.parseError) });
    if (r.extractError) this.ctx.bus.emit('error', { where: 'code extraction', error: new Error(r.extractError) });
    return { fields: r.fields, otp: r.otp, verificationLink: r.verificationLink, parsedAt };
  }

  /** The size a file's message was sent with, and the envelope sender its trace header names. */
  async #describe(inbox: string, f: MailFile): Promise<{ size: number; envelopeFrom?: string }> {
    const stream = await this.mailbox.open(inbox, f.name, true);
    const all = stream ? await readAll(stream) : Buffer.alloc(0);
    const trace = all.subarray(0, f.skip).toString('utf8');
    const envelopeFrom = /^Return-Path: <([^>]*)>/i.exec(trace)?.[1] || undefined;
    return { size: Math.max(0, all.length - f.skip), envelopeFrom };
  }

  #message(inbox: string, id: string, file: string, r: Reading, size: number, at: number, envelopeFrom: string | undefined): StoredMessage {
    return {
      id,
      from: r.fields.from || envelopeFrom || '',
      to: inbox,
      subject: r.fields.subject,
      date: messageDate(r.fields.date, at),
      receivedAt: at,
      hasAttachment: r.fields.attachments > 0,
      otp: r.otp,
      verificationLink: r.verificationLink,
      size,
      file,
    };
  }

  /**
   * Adds a copy to its inbox's index, in order of arrival (written behind: store/maildir.ts); false
   * when the inbox went away, or was emptied since the copy was written (a reset).
   */
  async #index(rec: InboxRecord, message: StoredMessage, reading: Reading, generation: number): Promise<boolean> {
    const doc = await this.mailbox.current(rec.inbox);
    if (this.inboxes.find(rec.inbox) !== rec || this.mailbox.loaded(rec.inbox) !== doc || this.mailbox.generation(rec.inbox) !== generation) return false;
    const list = doc.data.messages;
    let i = list.length;
    while (i > 0 && list[i - 1]!.receivedAt > message.receivedAt) i--;
    list.splice(i, 0, message);
    // Listeners that add to the inbox's index now (the timeline) ride on its write.
    this.ctx.bus.emit('message.indexing', { inbox: rec, message, parsedAt: reading.parsedAt, attachments: reading.fields.attachments });
    const removed = this.messages.prune(doc.data, rec);
    this.mailbox.removeThenCommit(doc, removed);
    return true;
  }

  /**
   * 'message.received' for each copy, with its `new_mail` event built once for all listeners. The
   * returned promise resolves once the durable work listeners hold (pending webhook deliveries) is
   * done and each file moved to `cur/` (if it is not, the files stay in `new/` and the next start
   * announces them again). `again`: copies announced before a crash.
   */
  #announce(copies: Copy[], again: boolean): Promise<void> {
    const held: Array<Promise<unknown>> = [];
    const hold = (work: Promise<unknown>) => void held.push(work);
    for (const { rec, message } of copies) {
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
    return Promise.allSettled(held).then((results) => {
      if (results.some((r) => r.status === 'rejected')) return;
      for (const { rec, message } of copies) this.mailbox.settle(rec.inbox, message.file);
    });
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
}

/**
 * Reads `source` to its end (a transport needs that to answer), handing each chunk to `write`.
 * Resolves with the size; rejects with MessageTooLarge past `maxBytes` (or the transport's own
 * verdict), with what `write` threw, or when the stream broke; the caller then drops what was written.
 */
function spool(source: Readable | Buffer | string, write: (chunk: Buffer) => void, maxBytes: number, oversized?: () => boolean): Promise<number> {
  if (typeof source === 'string' || Buffer.isBuffer(source)) {
    const bytes = Buffer.from(source);
    if (bytes.length > maxBytes) return Promise.reject(new MessageTooLarge(maxBytes));
    write(bytes);
    return Promise.resolve(bytes.length);
  }
  let size = 0;
  let failure: Error | null = null;
  return new Promise((resolve, reject) => {
    let ended = false;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (failure) return;
      try {
        if (size > maxBytes || oversized?.()) throw new MessageTooLarge(maxBytes);
        write(chunk);
      } catch (e) {
        failure = e as Error;
      }
    });
    source.once('end', () => {
      ended = true;
      if (failure) reject(failure);
      else resolve(size);
    });
    source.once('close', () => {
      if (!ended) reject(failure ?? new Error('the message stream closed before its end'));
    });
    source.once('error', (e: Error) => reject(failure ?? e));
  });
}

/** The Date header when it is a usable date, else the time of receipt (ISO, ms, UTC). */
function messageDate(date: Date | null, receivedAt: number): string {
  if (date) {
    const y = date.getUTCFullYear();
    if (y >= 1970 && y <= 9999) return date.toISOString();
  }
  return new Date(receivedAt).toISOString();
}
