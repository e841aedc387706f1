// THE way in for mail: the SMTP receiver, the `/_emulator/messages` control route, tests and the
// start after a crash all come through here, and every message takes the same stages:
//
//   receive   the recipients are resolved and one copy (inbox, id, file name) planned per inbox
//   write     the bytes stream into `tmp/` of the first inbox's Maildir (a Return-Path trace header
//             first when there is an envelope sender), synced as the sync mode asks, linked into
//             each inbox's `new/`
//   parse     MailParser reads the first copy's file (parse-mail.ts); a message past its limits is
//             refused here, its files removed; extract/ finds code and link
//   index     each copy goes into its inbox's index ('message.indexing': the timeline's events ride
//             on the same write); then the message is acknowledged (the SMTP 250)
//   announce  'message.received' per copy: wait, push, webhooks and the terminal line follow it;
//             once what listeners hold (pending webhook deliveries) is recorded, each file moves to
//             `cur/`
//
// Everything after the write is redone at the next start for files still in `new/` (recover()):
// indexed if missing, announced again, moved to `cur/`. Errors travel one way: they are thrown.
import type { Readable } from 'node:stream';
import type { NewMailEvent } from '../../../src/api/schemas.js';
import { type MailFile, mailFileName } from '../../store/maildir.js';
import type { Accounts } from '../accounts/accounts.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { extract } from '../../../src/extract/extract.js';
import { shortId } from '../ids.js';
import type { Inboxes } from '../accounts/inboxes.js';
import { readAll, type Mailbox } from './mailbox.js';
import { messageSummary, type Messages } from './messages.js';
import { MessageTooLarge, type ParsedFields, parseFields, spool } from './parse-mail.js';
import type { InboxRecord, StoredMessage } from '../state.js';

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
   * Resolves with the ids of the copies once the message is in each inbox's Maildir as durable as
   * the sync mode asks, and indexed (the SMTP 250). Rejects when it never got that far (nothing kept).
   */
  acknowledged: Promise<string[]>;
  /** Resolves once every copy is announced. */
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

/** What ingest reads of a message file. */
interface Reading {
  fields: ParsedFields;
  otp: string | null;
  verificationLink: string | null;
  parsedAt: number;
}

/** The `new_mail` event of a stored copy, in the API's field order (webhook body and push frame). */
export function newMailEvent(account: { plan: NewMailEvent['plan'] }, inbox: string, message: StoredMessage): NewMailEvent {
  return { type: 'new_mail', mailbox: inbox, plan: account.plan, ...messageSummary(message) };
}

export class Ingest {
  constructor(
    private readonly ctx: CoreContext,
    private readonly inboxes: Inboxes,
    private readonly accounts: Accounts,
    private readonly messages: Messages,
    private readonly mailbox: Mailbox,
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

  /** Takes a message in and acknowledges it once it is written and indexed (SMTP): see Ingestion. */
  receive(input: IngestInput): Ingestion {
    let ack!: (ids: string[]) => void;
    const acknowledged = new Promise<string[]>((resolve) => (ack = resolve));
    const stored = this.#pipeline(input, ack);
    const refused = stored.then(
      () => new Promise<string[]>(() => undefined),
      (e: unknown) => Promise.reject(e),
    );
    const first = Promise.race([acknowledged, refused]);
    // Either may be all a caller awaits; the other's rejection is not an unhandled one.
    first.catch(() => undefined);
    stored.catch(() => undefined);
    return { acknowledged: first, stored };
  }

  /** Takes a message in and resolves once every copy is indexed and announced (control route, tests). */
  ingest(input: IngestInput): Promise<IngestedMessage[]> {
    return this.#pipeline(input, () => undefined);
  }

  async #pipeline(input: IngestInput, acknowledge: (ids: string[]) => void): Promise<IngestedMessage[]> {
    const { ctx } = this;
    // receive (synchronously up to the write: a stream's first chunks must find its reader)
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
    const planned = recipients.map((rec) => {
      const id = shortId(ctx.random);
      return { rec, id, name: mailFileName(at, id, skip) };
    });

    // write
    const writer = this.mailbox.create(
      planned.map((p) => ({ inbox: p.rec.inbox, name: p.name })),
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

    // parse (a message the parser cannot serve is refused before its acknowledgement) and index (an
    // inbox may have gone while the message streamed: its copy goes)
    const files = planned.map((p) => ({ to: p.rec.inbox, file: p.name }));
    const kept: Copy[] = [];
    try {
      const reading = await this.#read(planned[0]!.rec.inbox, planned[0]!.name);
      const limit = tooComplex(reading.fields.parseError);
      if (limit) throw limit;
      for (const p of planned) {
        const message = this.#message(p.rec.inbox, p.id, p.name, reading, size, at, input.envelopeFrom);
        if (await this.#index(p.rec, message, reading)) kept.push({ rec: p.rec, message });
        else await this.mailbox.removeFiles([message]);
      }
    } catch (e) {
      // Refused before its acknowledgement (past the parser's limits, or a disk error): nothing of it
      // may come back at the next start, or a sender that retried would have it twice.
      if (kept.length === 0) await this.mailbox.removeFiles(files).catch(() => undefined);
      throw e;
    }
    if (kept.length === 0) throw new ApiError('inbox_not_found', 'No recipient of the message is a registered inbox (any more).');
    acknowledge(kept.map((c) => c.message.id));

    // announce
    await this.#announce(kept, false);
    return kept.map(({ rec, message }) => ({ inbox: rec.inbox, id: message.id, message }));
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
        for (const f of missing) {
          const reading = await this.#read(inbox, f.name);
          const { size, envelopeFrom } = await this.#describe(inbox, f);
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
        const owned = await this.mailbox.doc(inbox);
        const again = new Set(fresh.filter((f) => indexed.has(f.name)).map((f) => f.name));
        const copies = fresh.flatMap((f) => {
          const message = owned.data.messages.find((m) => m.file === f.name);
          return message ? [{ rec: registered, message }] : [];
        });
        await this.#announce(
          copies.filter((c) => !again.has(c.message.file)),
          false,
        );
        await this.#announce(
          copies.filter((c) => again.has(c.message.file)),
          true,
        );
      } catch (error) {
        this.ctx.bus.emit('error', { where: `start (mail of ${inbox})`, error });
      }
    }
    return redone;
  }

  /** Parses a message file and finds its code and link; a failing extractor costs the message its code, never the message. */
  async #read(inbox: string, file: string): Promise<Reading> {
    const stream = await this.mailbox.open(inbox, file);
    if (!stream) throw new Error(`the file of message ${file} in ${inbox} is gone`);
    const fields = await parseFields(stream);
    const parsedAt = this.ctx.clock.now();
    if (fields.parseError && !tooComplex(fields.parseError))
      this.ctx.bus.emit('error', { where: 'message parse (kept with empty fields)', error: fields.parseError });
    try {
      return { fields, ...extract({ subject: fields.subject, text: fields.text, html: fields.html }), parsedAt };
    } catch (error) {
      this.ctx.bus.emit('error', { where: 'code extraction', error });
      return { fields, otp: null, verificationLink: null, parsedAt };
    }
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
   * Adds a copy to its inbox's index and writes it (not synced: a lost index is rebuilt from the
   * folder); false when the inbox went away.
   */
  async #index(rec: InboxRecord, message: StoredMessage, reading: Reading): Promise<boolean> {
    const doc = await this.mailbox.doc(rec.inbox);
    if (this.inboxes.find(rec.inbox) !== rec || this.mailbox.loaded(rec.inbox) !== doc) return false;
    doc.data.messages.push(message);
    // Listeners that add to the inbox's index now (the timeline) ride on the write below.
    this.ctx.bus.emit('message.indexing', { inbox: rec, message, parsedAt: reading.parsedAt, attachments: reading.fields.attachments });
    const removed = this.messages.prune(doc.data, rec);
    await this.mailbox.removeFiles(removed);
    await doc.commit();
    return true;
  }

  /**
   * 'message.received' for each copy, with its `new_mail` event built once for all listeners; once
   * the durable work listeners hold (pending webhook deliveries) is done, each file moves to `cur/`
   * (if it is not, the files stay in `new/` and the next start announces them again). `again`: copies
   * announced before a crash.
   */
  async #announce(copies: Copy[], again: boolean): Promise<void> {
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
    const results = await Promise.allSettled(held);
    if (results.some((r) => r.status === 'rejected')) return;
    for (const { rec, message } of copies) this.mailbox.settle(rec.inbox, message.file);
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
 * The refusal of a message past MailParser's limits (a MIME part's header block over 1 MiB, more
 * than 1,000 MIME parts; SMTP: 552 for a header block, 554 for parts), or null for any other outcome.
 */
function tooComplex(error: Error | null): ApiError | null {
  if ((error as NodeJS.ErrnoException | null)?.code !== 'EMAXLEN') return null;
  return /header/i.test(error!.message)
    ? new ApiError('message_too_complex', "A MIME part's header block is larger than 1 MB; the message was not kept.", { limit: 'header' })
    : new ApiError('message_too_complex', 'The message has more than 1000 MIME parts; the message was not kept.', { limit: 'parts' });
}

/** The Date header when it is a usable date, else the time of receipt (ISO, ms, UTC). */
function messageDate(date: Date | null, receivedAt: number): string {
  if (date) {
    const y = date.getUTCFullYear();
    if (y >= 1970 && y <= 9999) return date.toISOString();
  }
  return new Date(receivedAt).toISOString();
}
