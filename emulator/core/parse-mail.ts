// Streaming parse of one RFC 5322 message. While the message streams in, its raw bytes go to a blob
// file and the streaming MailParser reads the same bytes: headers and text parts come back as values,
// attachments are only measured (their bytes are in the raw blob), so a 50 MB attachment never sits
// in memory. readStoredMail() parses a stored raw message again for GET .../messages/{id}.
import { PassThrough, Readable } from 'node:stream';
import { MailParser } from 'mailparser';
import type { AddressObject, AttachmentStream, MessageText } from 'mailparser';
import type { BlobStore, WrittenBlob } from './store.js';

export interface AttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
  contentId?: string;
  inline?: boolean;
}

export interface ParsedMail {
  subject: string;
  /** The From header as text (`"Name" <addr>` or `addr`), '' when absent. */
  from: string;
  /** Date header, when present and valid. */
  date: Date | null;
  /** Addresses of To and Cc (for messages without an envelope). */
  headerRecipients: string[];
  text: string | null;
  html: string | null;
  attachments: AttachmentInfo[];
  /** Bytes of the raw message. */
  size: number;
  /** The raw blob, written but not yet durable: settle() it (exactly once) before acknowledging. */
  raw: WrittenBlob;
}

export interface StoredMail {
  text: string | null;
  html: string | null;
  attachments: Array<AttachmentInfo & { content: Buffer }>;
}

export class MessageTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`message exceeds the maximum size of ${limit} bytes`);
    this.name = 'MessageTooLarge';
  }
}

export interface ParseOptions {
  blobs: BlobStore;
  /** Blob that receives the raw message. */
  rawBlob: string;
  /** Stop with MessageTooLarge once the raw message passes this many bytes. */
  maxBytes: number;
  /** A transport's own size verdict (smtp-server's stream.sizeExceeded). */
  oversized?: () => boolean;
}

const PARSER_OPTIONS = { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, checksumAlgo: false } as const;

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

function info(data: AttachmentStream, i: number): AttachmentInfo {
  const a: AttachmentInfo = {
    filename: data.filename ?? `attachment-${i + 1}`,
    contentType: data.contentType || 'application/octet-stream',
    size: 0,
  };
  if (data.cid) a.contentId = data.cid;
  if (data.related) a.inline = true;
  return a;
}

/**
 * Parses `source` to its end while writing it to `rawBlob` (written, not yet durable: see
 * ParsedMail.raw). On failure the blob is removed and the error thrown; the source is always read to
 * its end, because a transport needs that to answer.
 */
export async function parseMail(source: Readable | Buffer | string, opts: ParseOptions): Promise<ParsedMail> {
  const input = toStream(source);
  const parser = new MailParser(PARSER_OPTIONS);
  const raw = new PassThrough();
  // Settled at once into a value, so a failure while the parse still runs is never unhandled.
  const rawWritten = opts.blobs.writeStream(opts.rawBlob, raw).then(
    (blob) => ({ blob, error: null }),
    (error: Error) => ({ blob: null, error }),
  );
  const attachments: AttachmentInfo[] = [];
  const streaming = new Set<Readable>();
  let size = 0;
  let failure: Error | null = null;
  let text: MessageText | null = null;

  const fail = (e: Error) => {
    if (failure) return;
    failure = e;
    input.unpipe(parser);
    input.unpipe(raw);
    parser.destroy();
    raw.destroy(e);
    for (const s of streaming) s.destroy();
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
      const att = info(data, attachments.length);
      attachments.push(att);
      streaming.add(data.content);
      data.content.on('data', (chunk: Buffer) => (att.size += chunk.length));
      const done = () => {
        streaming.delete(data.content);
        data.release?.();
      };
      data.content.once('end', done);
      data.content.once('close', done);
      data.content.once('error', done);
    });
    parser.once('end', () => resolve());
    parser.once('close', () => resolve());
    parser.once('error', (e: Error) => {
      fail(e);
      resolve();
    });
  });

  input.pipe(parser);
  input.pipe(raw);
  await Promise.all([inputDone, parsed]);
  const { blob: written, error: writeError } = await rawWritten;
  if (writeError) fail(writeError);
  if (failure || !written) {
    await written?.settle().catch(() => undefined);
    await opts.blobs.remove(opts.rawBlob).catch(() => undefined);
    throw failure ?? new Error('the raw message could not be written');
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
    raw: written,
  };
}

/** Text, HTML and attachments (with their content) of a stored raw message. */
export async function readStoredMail(raw: Buffer): Promise<StoredMail> {
  const parser = new MailParser(PARSER_OPTIONS);
  const attachments: StoredMail['attachments'] = [];
  let text: MessageText | null = null;
  await new Promise<void>((resolve, reject) => {
    parser.on('data', (data: AttachmentStream | MessageText) => {
      if (data.type === 'text') {
        text = data;
        return;
      }
      const chunks: Buffer[] = [];
      const att = info(data, attachments.length);
      data.content.on('data', (c: Buffer) => chunks.push(c));
      data.content.once('end', () => {
        const content = Buffer.concat(chunks);
        attachments.push({ ...att, size: content.length, content });
        data.release?.();
      });
    });
    parser.once('end', () => resolve());
    parser.once('error', reject);
    parser.end(raw);
  });
  const t = text as MessageText | null;
  return {
    text: t && typeof t.text === 'string' ? t.text : null,
    html: t && typeof t.html === 'string' ? t.html : null,
    attachments,
  };
}
