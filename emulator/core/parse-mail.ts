// One RFC 5322 message at ingest: receiveRaw() streams its raw bytes to a blob file, and parse()
// then gives headers and text parts as values, attachments only counted (their bytes are in the raw
// blob), so a 50 MB attachment never sits in memory. readStoredMail() parses a stored raw message
// again, in full, for GET .../messages/{id}.
import { Readable } from 'node:stream';
import type { AddressObject, AttachmentStream, MailParser, MessageText } from 'mailparser';
import { newMailParser } from './mailparser.js';
import { lightParse, MAX_HTML_TO_TEXT, type ParsedFields } from './light-parse.js';
import { withoutAttachmentBodies } from './mime-cut.js';
import type { BlobWriter } from '../store/blobs.js';

export type { ParsedFields };

export interface AttachmentInfo {
  filename: string;
  contentType: string;
  size: number;
  contentId?: string;
  inline?: boolean;
}

/** A message whose raw bytes are all in their blob. */
export interface RawMessage {
  /** Bytes of the raw message. */
  size: number;
  /** Resolves once the raw blob is as durable as the sync mode asks; rejects with what kept it from that. */
  durable: Promise<void>;
  /**
   * Headers, text parts and attachment count. Never rejects: a message MailParser cannot make sense
   * of comes back with empty fields and `parseError`, because it may have been acknowledged already.
   */
  parse(): Promise<ParsedFields>;
  /**
   * The raw message's chunks when it was small enough to be kept in memory (BUFFERED_PARSE_LIMIT), so
   * it can be read elsewhere (mail-reader.ts hands it to a worker thread); null when it was streamed
   * to the parser as it arrived (then only parse() reads it).
   */
  buffered(): Buffer[] | null;
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
  /** Opens the blob that receives the raw message. */
  open: () => BlobWriter;
  /** Removes that blob (the message failed while it came in). */
  discard: () => Promise<void>;
  /** Stop with MessageTooLarge once the raw message passes this many bytes. */
  maxBytes: number;
  /** A transport's own size verdict (smtp-server's stream.sizeExceeded). */
  oversized?: () => boolean;
}

const PARSER_OPTIONS = { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, checksumAlgo: false } as const;

/** What newParser() reaches of MailParser's parts tree (mailparser 3: `tree`, `getTextContent()`). */
interface TreeNode {
  contentType?: string;
  textContent?: string;
  children?: TreeNode[];
}

/** Characters of the HTML parts of a MailParser parts tree. */
function htmlTotal(node: TreeNode | false | undefined): number {
  if (!node) return 0;
  let n = node.contentType === 'text/html' && typeof node.textContent === 'string' ? node.textContent.length : 0;
  for (const child of node.children ?? []) n += htmlTotal(child);
  return n;
}

/**
 * A MailParser as every message here is read: no text made of HTML when the message's HTML parts
 * total more than MAX_HTML_TO_TEXT characters (light-parse.ts says why). The choice is made when all
 * parts are in, right before MailParser puts the text together.
 */
function newParser(): MailParser {
  const parser = newMailParser({ ...PARSER_OPTIONS });
  const inner = parser as unknown as { tree: TreeNode | false; options: { skipHtmlToText?: boolean }; getTextContent(): unknown };
  const getTextContent = inner.getTextContent;
  // A mailparser without it converts all HTML (test/mail/light-parse.test.ts then fails: the light
  // reader keeps the limit).
  if (typeof getTextContent !== 'function') return parser;
  inner.getTextContent = function (this: typeof inner) {
    if (htmlTotal(this.tree) > MAX_HTML_TO_TEXT) this.options.skipHtmlToText = true;
    return getTextContent.call(this);
  };
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

interface ParserRun {
  parser: MailParser;
  done: Promise<{ text: MessageText | null; attachments: number; error: Error | null }>;
  abort(): void;
}

/** A MailParser whose attachment streams are drained unread (only counted). */
function runParser(): ParserRun {
  const parser = newParser();
  const contents = new Set<Readable>();
  let text: MessageText | null = null;
  let attachments = 0;
  const done = new Promise<{ text: MessageText | null; attachments: number; error: Error | null }>((resolve) => {
    parser.on('data', (data: AttachmentStream | MessageText) => {
      if (data.type === 'text') {
        text = data;
        return;
      }
      attachments++;
      contents.add(data.content);
      const fin = () => {
        contents.delete(data.content);
        data.release?.();
      };
      data.content.once('end', fin);
      data.content.once('close', fin);
      data.content.once('error', fin);
      data.content.resume();
    });
    parser.once('end', () => resolve({ text, attachments, error: null }));
    parser.once('close', () => resolve({ text, attachments, error: new Error('the parser stopped') }));
    parser.once('error', (error: Error) => resolve({ text, attachments, error }));
  });
  return {
    parser,
    done,
    abort() {
      parser.destroy();
      for (const c of contents) c.destroy();
    },
  };
}

/**
 * Below this size a message is parsed as it is: decoding small attachments costs less than looking
 * for them (the cut pays off from some tens of kilobytes of attachment on).
 */
export const CUT_FROM = 64 * 1024;

function joined(chunks: Buffer[]): Buffer {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The buffered message as MailParser gets it: whole when small, else without attachment bodies. */
function forParse(whole: Buffer): Buffer {
  return whole.length < CUT_FROM ? whole : withoutAttachmentBodies(whole);
}

/** Messages up to this size are parsed from memory, without their attachment bodies. */
export const BUFFERED_PARSE_LIMIT = 16 * 1024 * 1024;

/**
 * Reads `source` to its end while writing it to the raw blob; resolves once it is all written (the
 * blob's sync, if any, has started: RawMessage.durable). A message up to BUFFERED_PARSE_LIMIT is
 * kept in memory and parsed by parse() once it is complete (parseBuffer()), its attachment bodies
 * never decoded: they are in the raw blob, and decoding them only to count them was most of the
 * cost of ingest. A larger one is fed to the parser while it streams, so memory stays bounded. The
 * source is always read to its end, because a transport needs that to answer. A failure while
 * receiving (too large, the stream broke, the blob could not be written) removes the blob and
 * throws; once the input is complete nothing fails any more.
 */
export async function receiveRaw(source: Readable | Buffer | string, opts: ParseOptions): Promise<RawMessage> {
  const input = toStream(source);
  let chunks: Buffer[] | null = [];
  let buffered = 0;
  let live = null as ParserRun | null;
  let liveFailed = false;
  let size = 0;
  let failure: Error | null = null;
  let writer: BlobWriter | null = null;

  const fail = (e: Error) => {
    if (failure) return;
    failure = e;
    chunks = null;
    writer?.abort();
    live?.abort();
    input.resume(); // keep draining so the transport sees the end of the message
  };
  try {
    writer = opts.open();
  } catch (e) {
    fail(e as Error);
  }

  await new Promise<void>((resolve) => {
    let ended = false;
    input.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (failure) return;
      if (size > opts.maxBytes || opts.oversized?.()) return fail(new MessageTooLarge(opts.maxBytes));
      try {
        writer!.write(chunk);
      } catch (e) {
        return fail(e as Error);
      }
      if (chunks) {
        chunks.push(chunk);
        buffered += chunk.length;
        if (buffered > BUFFERED_PARSE_LIMIT) {
          const run = (live = runParser());
          // A parser that gives up (a header block over its limit, say) never asks for more:
          // the input must not stay paused waiting for it, or the sender hears nothing until its
          // connection times out. The rest goes to the blob only.
          void run.done.then((r) => {
            if (r.error === null) return;
            liveFailed = true;
            input.resume();
          });
          for (const c of chunks) run.parser.write(c);
          chunks = null;
        }
      } else if (live && !liveFailed && !live.parser.write(chunk)) {
        input.pause();
        live.parser.once('drain', () => input.resume());
      }
    });
    input.once('end', () => {
      ended = true;
      resolve();
    });
    input.once('close', () => {
      if (!ended) fail(new Error('the message stream closed before its end'));
      resolve();
    });
    input.once('error', (e: Error) => {
      fail(e);
      resolve();
    });
  });

  if (failure || !writer) {
    await opts.discard().catch(() => undefined);
    throw failure ?? new Error('the raw message could not be written');
  }
  // The raw bytes are all written once the input ended; their sync (in `always` mode an fsync) runs
  // while the parser works.
  const durable = writer.end();
  durable.catch(() => undefined); // the caller awaits it; an early rejection is not unhandled
  const received = chunks;
  const streamed = live;
  return {
    size,
    durable,
    parse() {
      if (!streamed) return parseBuffer(joined(received ?? []));
      if (!liveFailed) streamed.parser.end();
      return fieldsOf(streamed);
    },
    buffered() {
      return streamed ? null : (received ?? []);
    },
  };
}

/**
 * Headers, text and attachment count of a complete raw message held in memory (no blob written):
 * read by lightParse() when it covers the message (the common small message, read without
 * MailParser's streams, with the same result), else by MailParser.
 */
export async function parseBuffer(raw: Buffer): Promise<ParsedFields> {
  return lightParse(raw) ?? parseWithMailParser(raw);
}

/** parseBuffer() always through MailParser (what lightParse() is held to). */
export function parseWithMailParser(raw: Buffer): Promise<ParsedFields> {
  const run = runParser();
  run.parser.end(forParse(raw));
  return fieldsOf(run);
}

async function fieldsOf(run: ParserRun): Promise<ParsedFields> {
  const { text: t, attachments, error } = await run.done;
  if (error) {
    run.abort();
    return { subject: '', from: '', date: null, headerRecipients: [], text: null, html: null, attachments: 0, parseError: error };
  }
  const { parser } = run;
  const date = parser.date instanceof Date && Number.isFinite(parser.date.getTime()) ? parser.date : null;
  return {
    subject: (parser.subject ?? '').toString(),
    from: parser.from?.text ?? '',
    date,
    headerRecipients: [...addresses(parser.to), ...addresses(parser.cc)],
    text: t && typeof t.text === 'string' ? t.text : null,
    html: t && typeof t.html === 'string' ? t.html : null,
    attachments,
    parseError: null,
  };
}

/** Text, HTML and attachments (with their content) of a stored raw message. */
export async function readStoredMail(raw: Buffer): Promise<StoredMail> {
  const parser = newParser();
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

/** What a stored message holds, without attachment bodies: read from a stream in bounded memory. */
export interface StoredMailOutline {
  text: string | null;
  html: string | null;
  /** In message order, with their decoded sizes. */
  attachments: AttachmentInfo[];
}

/** Feeds a stored raw message to a MailParser; a read error of the source ends the parser with it. */
function parserOver(source: Readable): MailParser {
  const parser = newParser();
  source.once('error', (e) => parser.destroy(e));
  source.pipe(parser);
  return parser;
}

/**
 * Text, HTML and attachment metadata (sizes included) of a stored raw message, read from a stream:
 * attachment bodies are decoded and counted, never kept. The first of the two passes behind a
 * streamed GET .../messages/{id}; storedAttachmentBytes() is the second.
 */
export async function outlineStoredMail(source: Readable): Promise<StoredMailOutline> {
  const parser = parserOver(source);
  const attachments: AttachmentInfo[] = [];
  let text: MessageText | null = null;
  try {
    for await (const data of parser as AsyncIterable<AttachmentStream | MessageText>) {
      if (data.type === 'text') {
        text = data;
        continue;
      }
      const att = info(data, attachments.length);
      for await (const chunk of data.content as AsyncIterable<Buffer>) att.size += chunk.length;
      attachments.push(att);
      data.release?.();
    }
  } finally {
    parser.destroy();
    source.destroy();
  }
  const t = text as MessageText | null;
  return {
    text: t && typeof t.text === 'string' ? t.text : null,
    html: t && typeof t.html === 'string' ? t.html : null,
    attachments,
  };
}

export type AttachmentPiece = { type: 'start'; index: number } | { type: 'bytes'; index: number; chunk: Buffer } | { type: 'end'; index: number };

/**
 * The decoded bytes of each attachment of a stored raw message, in message order, as the parser
 * produces them: the consumer's pace is the parser's (a slow HTTP client holds a few chunks, not
 * the attachment). Stopping the iteration early stops the parse and closes the source.
 */
export async function* storedAttachmentBytes(source: Readable): AsyncGenerator<AttachmentPiece> {
  const parser = parserOver(source);
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
