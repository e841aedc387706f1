// Reading RFC 5322 messages, always with MailParser and always from a stream (a stored message is
// read from its file): parseFields() gives what ingest indexes (headers, text parts, attachments counted, not kept);
// outlineStoredMail() (text, HTML, attachment sizes and first bytes, the content of the attachments
// asked for) and storedAttachmentBytes() (every attachment's bytes, at the reader's pace) give a stored
// message back, each in one pass over a stream.
import { Readable } from 'node:stream';
import type { AddressObject, AttachmentStream, MailParser, MessageText } from 'mailparser';

export interface AttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
  contentId?: string;
  inline?: boolean;
}

/** What ingest reads of a message. */
export interface ParsedFields {
  subject: string;
  /** The From header as text (`"Name" <addr>` or `addr`), '' when absent. */
  from: string;
  /** Date header, when present and valid. */
  date: Date | null;
  /** Addresses of To and Cc (for messages without an envelope). */
  headerRecipients: string[];
  text: string | null;
  html: string | null;
  /** How many attachments MailParser sees. */
  attachments: number;
  /** MailParser gave up on the message: the fields above are empty, the raw message is kept. */
  parseError: Error | null;
}

const PARSER_OPTIONS = { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, checksumAlgo: false } as const;
/**
 * MailParser's options per use. Ingest needs no text made from HTML (the extractor reads HTML
 * itself, within its own bounds), so it skips that conversion; reading a stored message back makes
 * the text of an HTML-only message from at most 256 Ki characters of HTML (a longer one gets an
 * empty text: converting it would hold the thread about a second per MB).
 */
const INGEST_OPTIONS = { ...PARSER_OPTIONS, skipHtmlToText: true } as const;
const READ_OPTIONS = { ...PARSER_OPTIONS, maxHtmlLengthToParse: 256 * 1024 } as const;
type ParserOptions = typeof INGEST_OPTIONS | typeof READ_OPTIONS;

function toStream(source: Readable | Buffer | string): Readable {
  if (typeof source === 'string' || Buffer.isBuffer(source)) return Readable.from([Buffer.from(source)]);
  return source;
}

/**
 * Feeds a message to a MailParser; a read error of the source ends the parser with it, even one
 * raised while MailParser loads (at the first read, not at start: a third of the emulator's start).
 */
async function parserOver(source: Readable | Buffer | string, options: ParserOptions): Promise<MailParser> {
  const input = toStream(source);
  let failed: Error | null = null;
  const early = (e: Error) => (failed = e);
  input.once('error', early);
  const { MailParser } = await import('mailparser');
  input.off('error', early);
  const parser = new MailParser({ ...options });
  if (failed) {
    parser.destroy(failed);
    return parser;
  }
  input.once('error', (e) => parser.destroy(e));
  // A parser stopped early (it gave up, or its reader did) lets the source go.
  parser.once('close', () => input.destroy());
  input.pipe(parser);
  return parser;
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

function textOf(t: MessageText | null): { text: string | null; html: string | null } {
  return { text: t && typeof t.text === 'string' ? t.text : null, html: t && typeof t.html === 'string' ? t.html : null };
}

/**
 * Reads a message through MailParser: the text part, and each attachment handed to `each` (which
 * reads or drains its content) in message order. Rejects when the parser gives up.
 */
async function walk(source: Readable | Buffer | string, each: (data: AttachmentStream, index: number) => Promise<void>, options: ParserOptions = READ_OPTIONS) {
  const parser = await parserOver(source, options);
  let text: MessageText | null = null;
  let index = 0;
  try {
    for await (const data of parser as AsyncIterable<AttachmentStream | MessageText>) {
      if (data.type === 'text') text = data;
      else {
        await each(data, index++);
        data.release?.();
      }
    }
  } finally {
    parser.destroy();
  }
  return { parser, ...textOf(text) };
}

async function drain(content: Readable, chunk: (c: Buffer) => void = () => undefined): Promise<void> {
  for await (const c of content as AsyncIterable<Buffer>) chunk(c);
}

/**
 * Headers, text parts and attachment count of a message (attachment bodies are read and dropped).
 * Never rejects: a message MailParser cannot read comes back with empty fields and `parseError`.
 */
export async function parseFields(source: Readable | Buffer | string): Promise<ParsedFields> {
  let attachments = 0;
  try {
    const { parser, text, html } = await walk(
      source,
      (data) => {
        attachments++;
        return drain(data.content);
      },
      INGEST_OPTIONS,
    );
    const date = parser.date instanceof Date && Number.isFinite(parser.date.getTime()) ? parser.date : null;
    const headerRecipients = [...addresses(parser.to), ...addresses(parser.cc)];
    // An HTML-only message has no text here (its conversion was skipped): null, not ''.
    return {
      subject: (parser.subject ?? '').toString(),
      from: parser.from?.text ?? '',
      date,
      headerRecipients,
      text: text || null,
      html,
      attachments,
      parseError: null,
    };
  } catch (e) {
    const parseError = e instanceof Error ? e : new Error(String(e));
    return { subject: '', from: '', date: null, headerRecipients: [], text: null, html: null, attachments: 0, parseError };
  }
}

/** An attachment of a stored message: its metadata, decoded size and first bytes; its content only when asked for. */
export interface StoredAttachment extends AttachmentInfo {
  /** The first HEAD_BYTES decoded bytes (enough to tell an image's type). */
  head: Buffer;
  content?: Buffer;
}

/** What a stored message holds, read from a stream: attachment bodies only where asked for. */
export interface StoredMailOutline {
  text: string | null;
  html: string | null;
  /** In message order, with their decoded sizes. */
  attachments: StoredAttachment[];
}

const HEAD_BYTES = 16;

/**
 * Text, HTML and attachment metadata (sizes and first bytes included) of a stored message, read from
 * a stream: attachment bodies are decoded and counted, and kept only for the attachments `keep`
 * names (the viewer's inline images, one download). The first of the two passes behind a streamed
 * GET .../messages/{id}; storedAttachmentBytes() is the second.
 */
export async function outlineStoredMail(source: Readable, keep: (a: AttachmentInfo, index: number) => boolean = () => false): Promise<StoredMailOutline> {
  const attachments: StoredAttachment[] = [];
  try {
    const { text, html } = await walk(source, async (data, i) => {
      const att: StoredAttachment = { ...info(data, i), head: Buffer.alloc(0) };
      const kept: Buffer[] | null = keep(att, i) ? [] : null;
      await drain(data.content, (c) => {
        if (att.head.length < HEAD_BYTES) att.head = Buffer.concat([att.head, c.subarray(0, HEAD_BYTES - att.head.length)]);
        att.size += c.length;
        kept?.push(c);
      });
      if (kept) att.content = Buffer.concat(kept);
      attachments.push(att);
    });
    return { text, html, attachments };
  } finally {
    source.destroy();
  }
}

export type AttachmentPiece = { type: 'start'; index: number } | { type: 'bytes'; index: number; chunk: Buffer } | { type: 'end'; index: number };

/**
 * The decoded bytes of each attachment of a stored message, in message order, as the parser
 * produces them: the consumer's pace is the parser's (a slow HTTP client holds a few chunks, not
 * the attachment). Stopping the iteration early stops the parse and closes the source.
 */
export async function* storedAttachmentBytes(source: Readable): AsyncGenerator<AttachmentPiece> {
  const parser = await parserOver(source, READ_OPTIONS);
  let index = 0;
  try {
    for await (const data of parser as AsyncIterable<AttachmentStream | MessageText>) {
      if (data.type === 'text') continue;
      yield { type: 'start', index };
      for await (const chunk of data.content as AsyncIterable<Buffer>) yield { type: 'bytes', index, chunk };
      yield { type: 'end', index };
      data.release?.();
      index++;
    }
  } finally {
    parser.destroy();
    source.destroy();
  }
}
