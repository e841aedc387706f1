// THE ingestion path: the SMTP receiver, the `/_emulator/messages` control route and tests all hand
// a raw RFC 5322 message to Ingest.ingest(). The message streams to a blob file while the streaming
// parser reads it; then the code and link are extracted, one copy per registered recipient is
// appended to that inbox's document (further copies hard-link the blob) with its timeline events,
// retention is applied, and everything is written. Only once it is all on disk does it emit
// 'message.received' and return, so an SMTP 250 or an HTTP 201 means the message survives a crash.
import type { Readable } from 'node:stream';
import type { Accounts } from './accounts.js';
import type { CoreContext } from './context.js';
import { ApiError } from './errors.js';
import { extract } from './extract.js';
import { shortId } from './ids.js';
import type { Inboxes } from './inboxes.js';
import { blobKey, rawBlob, type Messages } from './messages.js';
import { MessageTooLarge, parseMail, type ParsedMail } from './parse-mail.js';
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
    if (input.recipients) this.#recipients(input.recipients, input.skipUnknown ?? false);

    const firstId = shortId(ctx.random);
    const key = blobKey(firstId);
    let parsed: ParsedMail;
    try {
      parsed = await parseMail(input.source, {
        blobs: ctx.store.blobs,
        rawBlob: rawBlob(key),
        maxBytes,
        oversized: input.oversized,
      });
    } catch (e) {
      if (e instanceof MessageTooLarge) {
        throw new ApiError('payload_too_large', `The message is larger than the limit of ${maxBytes} bytes.`);
      }
      throw e;
    }
    const parsedAt = ctx.clock.now();
    const firstBlobs = [rawBlob(key)];
    let anyStored = false;
    /** Durability of the raw blob (its fsync started when the message ended): an error or null. */
    const settle = () => parsed.durable;
    try {
      // Recipients are checked again now: an inbox may have gone while the message streamed.
      // Header recipients name other people's addresses too: only registered ones count.
      const recipients = input.recipients
        ? this.#recipients(input.recipients, input.skipUnknown ?? false)
        : this.#recipients(parsed.headerRecipients, true);
      const found = this.#extract(parsed);

      const copies = recipients.map((rec, i) => {
        const id = i === 0 ? firstId : shortId(ctx.random);
        const message: StoredMessage = {
          id,
          from: parsed.from || input.envelopeFrom || '',
          to: rec.inbox,
          subject: parsed.subject,
          date: messageDate(parsed.date, receivedAt),
          receivedAt,
          hasAttachment: parsed.attachments > 0,
          otp: found.otp,
          verificationLink: found.verificationLink,
          size: parsed.size,
          blob: i === 0 ? key : blobKey(id),
        };
        return { rec, message };
      });
      // Further copies share the content: a hard link each (a copy where links do not work).
      await Promise.all(copies.slice(1).map(({ message }) => ctx.store.blobs.link(rawBlob(key), rawBlob(message.blob))));
      // The raw blob's fsync and the inbox documents' appends run side by side; the reply waits for
      // both. (A process crash cannot tear this apart: the bytes were written before any document
      // referred to them. Only a power loss in the middle could leave an unacknowledged message with
      // a short body; an acknowledged one is always whole.) The blob's folder entry is not synced on
      // its own: on journaling file systems (ext4, xfs) the fsync of a new file, and the document's
      // fdatasync after its creation, commit the journal that holds it. See docs/mail.md.
      const settled = settle();
      const results = await Promise.allSettled(copies.map(({ rec, message }) => this.#store(rec, message, parsedAt, parsed.attachments)));
      const syncError = await settled;
      const kept = copies.filter((_, i) => results[i]!.status === 'fulfilled' && (results[i] as PromiseFulfilledResult<boolean>).value);
      const lost = copies.filter((c) => !kept.includes(c));
      if (kept.length > 0) anyStored = true;
      if (lost.length > 0) this.messages.discard(lost.map((c) => c.message).filter((m) => m.blob !== key));
      if (kept.length > 0 && !kept.some((c) => c.message.blob === key)) {
        await Promise.all(firstBlobs.map((b) => ctx.store.blobs.remove(b)));
      }
      if (syncError) throw syncError;
      for (const { rec, message } of kept) {
        const account = this.accounts.byId(rec.accountId);
        if (account) ctx.bus.emit('message.received', { account, inbox: rec, message });
      }
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      if (kept.length === 0) {
        throw new ApiError('inbox_not_found', 'No recipient of the message is a registered inbox (any more).');
      }
      return kept.map(({ rec, message }) => ({ inbox: rec.inbox, id: message.id, message }));
    } catch (e) {
      await settle();
      // Nothing refers to the blobs unless a copy was stored.
      if (!anyStored) await Promise.all(firstBlobs.map((b) => ctx.store.blobs.remove(b).catch(() => undefined)));
      throw e;
    }
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
    const doc = await this.messages.doc(rec.inbox);
    if (this.inboxes.find(rec.inbox) !== rec || this.ctx.store.peekSide(rec.inbox) !== doc) return false;
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
    this.messages.discard(removed);
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
