// Streaming parse of one RFC 5322 message: headers and text parts come back as values, every
// attachment is written to its own blob while it streams, so a 50 MB attachment never sits in memory.
// Used by ingest.ts only.
import { Readable } from 'node:stream';
import { MailParser } from 'mailparser';
import type { AddressObject, AttachmentStream, MessageText } from 'mailparser';
import type { BlobStore } from './store.js';

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  size: number;
  blob: string;
  contentId?: string;
  inline?: boolean;
}

export interface ParsedMail {
  subject: string;
  /** The From header as text (`Name <addr>` or `addr`), '' when absent. */
  from: string;
  /** Date header, when present and valid. */
  date: Date | null;
  /** Addresses of To and Cc (for messages without an envelope). */
  headerRecipients: string[];
  text: string | null;
  html: string | null;
  attachments: ParsedAttachment[];
  /** Bytes of the raw message. */
  size: number;
}

export class MessageTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`message exceeds the maximum size of ${limit} bytes`);
    this.name = 'MessageTooLarge';
  }
}

export interface ParseOptions {
  blobs: BlobStore;
  /** Blob name of attachment i. */
  attachmentBlob: (i: number) => string;
  /** Stop with MessageTooLarge once the raw message passes this many bytes. */
  maxBytes: number;
  /** Set by a transport that enforces the size itself (smtp-server's stream.sizeExceeded). */
  oversized?: () => boolean;
}

function addresses(h: AddressObject | AddressObject[] | undefined): string[] {
  const out: string[] = [];
  const walk = (list: AddressObject['value']) => {
    for (const a of list) {
      if (a.address) out.push(a.address);
      if (a.group) walk(a.group);
    }
  };
  for (const o of h === undefined ? [] : Array.isArray(h) ? h : [h]) walk(o.value);
  return out;
}

function toStream(source: Readable | Buffer | string): Readable {
  if (typeof source === 'string' || Buffer.isBuffer(source)) return Readable.from([Buffer.from(source)]);
  return source;
}

/**
 * Parses `source` to the end. On failure every blob written so far is removed and the error is
 * thrown; the source is always read to its end (a transport needs that to answer).
 */
export async function parseMail(source: Readable | Buffer | string, opts: ParseOptions): Promise<ParsedMail> {
  const input = toStream(source);
  const parser = new MailParser({ skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, checksumAlgo: false });
  const attachments: ParsedAttachment[] = [];
  const writes: Array<Promise<unknown>> = [];
  const streaming = new Set<Readable>();
  let size = 0;
  let failure: Error | null = null;
  let text: MessageText | null = null;

  const fail = (e: Error) => {
    if (failure) return;
    failure = e;
    input.unpipe(parser);
    parser.destroy();
    for (const s of streaming) s.destroy(e);
    input.resume(); // keep draining so the transport sees the end of the message
  };

  const inputDone = new Promise<void>((resolve) => {
    input.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!failure && (size > opts.maxBytes || opts.oversized?.())) fail(new MessageTooLarge(opts.maxBytes));
    });
    input.once('end', () => resolve());
    input.once('close', () => resolve());
    input.once('error', (e: Error) => {
      fail(e);
      resolve();
    });
  });

  const parsed = new Promise<void>((resolve) => {
    parser.on('data', (data: AttachmentStream | MessageText) => {
      if (data.type === 'text') {
        text = data;
        return;
      }
      const i = attachments.length;
      const att: ParsedAttachment = {
        filename: data.filename ?? `attachment-${i + 1}`,
        contentType: data.contentType || 'application/octet-stream',
        size: 0,
        blob: opts.attachmentBlob(i),
      };
      if (data.cid) att.contentId = data.cid;
      if (data.related) att.inline = true;
      attachments.push(att);
      streaming.add(data.content);
      const w = opts.blobs.writeStream(att.blob, data.content).then(
        (n) => {
          streaming.delete(data.content);
          att.size = n;
          data.release?.();
        },
        (e: Error) => {
          streaming.delete(data.content);
          data.release?.();
          fail(e);
        },
      );
      writes.push(w);
    });
    parser.once('end', () => resolve());
    parser.once('close', () => resolve());
    parser.once('error', (e: Error) => {
      fail(e);
      resolve();
    });
  });

  input.pipe(parser);
  await Promise.all([inputDone, parsed]);
  await Promise.all(writes);
  if (failure) {
    await Promise.all(attachments.map((a) => opts.blobs.remove(a.blob).catch(() => undefined)));
    throw failure;
  }
  const t = text as MessageText | null;
  const date = parser.date instanceof Date && Number.isFinite(parser.date.getTime()) ? parser.date : null;
  return {
    subject: (parser.subject ?? '').toString(),
    from: parser.from?.text ?? '',
    date,
    headerRecipients: [...addresses(parser.to), ...addresses(parser.cc)],
    text: t && typeof t.text === 'string' ? t.text : null,
    html: t && typeof t.html === 'string' ? t.html : null,
    attachments,
    size,
  };
}
