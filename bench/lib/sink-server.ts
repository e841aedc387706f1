// A bare smtp-server that accepts any envelope and discards the message (read to the end, no parsing,
// no storage): the ceiling for an SMTP receiver built on this stack. Run as a child process by
// bench/lib/procs.ts; prints {"port": N} once listening on 127.0.0.1.
//
// With `--store <dir>` it keeps what the emulator's 250 promises and nothing more: the raw message
// appended to a segment file as it arrives and a journal line naming it, both written (not synced)
// before the reply, and a background fsync of both about once a second, as `--fsync interval` does.
// (The emulator also scans each chunk for the parser's MIME limits on that path; the store-sink
// does not.) The distance between this and the discarding sink is the price of the promise itself;
// the rest of the distance to the emulator is its parsing, indexing and announcing.
//
// With `--store <dir> --index`, the index-sink: with the emulator's reader, the least work for its
// messages to be listed with their code and link. Right after each 250, on the same thread, the
// message is read by the emulator's own reader (MailParser, parse-mail.ts) and extractor,
// and one JSON line per recipient is appended to that recipient's log (descriptors kept open) and
// kept in memory. Nothing else: no limits scan, no journal retirement, no events, no worker thread.
// The distance between this and the sink is what writing, reading and listing cost on this stack in
// the best case; between this and the store-sink, what reading and listing cost.
import { fstatSync, fsync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ParsedFields } from '../../emulator/core/mail/parse-mail.js';

/** What the index-sink keeps of a message: the emulator's fields, code and link. */
interface MessageReading {
  fields: ParsedFields;
  otp: string | null;
  verificationLink: string | null;
}

/** The emulator's reading of a message: MailParser and the extractor. */
async function reader(): Promise<(raw: Buffer) => Promise<MessageReading>> {
  const { parseFields } = await import('../../emulator/core/mail/parse-mail.js');
  const { extract } = await import('../../src/extract/extract.js');
  return async (raw) => {
    const fields = await parseFields(raw);
    return { fields, ...extract({ subject: fields.subject, text: fields.text, html: fields.html }) };
  };
}

const at = process.argv.indexOf('--store');
const store = at < 0 ? null : openStore(process.argv[at + 1]!);
// The reader (and MailParser behind it) is loaded only by the index-sink: the other two stay bare.
const index = store && process.argv.includes('--index') ? openIndex(process.argv[at + 1]!, await reader()) : null;

/** Writes all of `bytes` (a write may take fewer than asked). */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
}

function openStore(dir: string) {
  mkdirSync(dir, { recursive: true });
  const segment = openSync(join(dir, 'seg-0.raw'), 'a');
  const journal = openSync(join(dir, 'journal.log'), 'a');
  let offset = fstatSync(segment).size;
  let count = 0;
  let dirty = false;
  setInterval(() => {
    if (!dirty) return;
    dirty = false;
    fsync(segment, () => undefined);
    fsync(journal, () => undefined);
  }, 1000).unref();
  return {
    chunk(bytes: Buffer): void {
      writeAll(segment, bytes);
    },
    /** After a failed message: the next one starts where the segment now ends. */
    resync(): void {
      offset = fstatSync(segment).size;
    },
    /** The message's journal line, once its `size` bytes (ending at the segment's end) are written. */
    record(size: number, session: SMTPServerSession): void {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
      const to = session.envelope.rcptTo.map((r) => ({ inbox: r.address, id: `m${++count}` }));
      writeAll(journal, Buffer.from(`${JSON.stringify({ k: 'ingest', blob: `seg-0:${offset}:${size}`, size, at: Date.now(), from, to })}\n`));
      offset += size;
      dirty = true;
    },
  };
}

/** The index-sink's inbox logs and lists: one line per recipient of each message read. */
function openIndex(dir: string, readBuffer: (raw: Buffer) => Promise<MessageReading>) {
  const logs = new Map<string, number>();
  const lists = new Map<string, object[]>();
  let count = 0;
  const add = (reading: MessageReading, size: number, to: string[]) => {
    for (const inbox of to) {
      let fd = logs.get(inbox);
      if (fd === undefined) logs.set(inbox, (fd = openSync(join(dir, `${encodeURIComponent(inbox)}.log`), 'a')));
      const message = {
        id: `m${++count}`,
        from: reading.fields.from,
        to: inbox,
        subject: reading.fields.subject,
        date: reading.fields.date?.toISOString() ?? null,
        receivedAt: Date.now(),
        hasAttachment: reading.fields.attachments > 0,
        otp: reading.otp,
        verificationLink: reading.verificationLink,
        size,
      };
      writeAll(fd, Buffer.from(`${JSON.stringify(message)}\n`));
      let list = lists.get(inbox);
      if (!list) lists.set(inbox, (list = []));
      list.push(message);
    }
  };
  return {
    /** Reads a message whose 250 went out and indexes it. */
    read(chunks: Buffer[], size: number, to: string[]): void {
      readBuffer(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
        .then((reading) => add(reading, size, to))
        .catch((e: unknown) => process.stderr.write(`index-sink: ${String(e)}\n`));
    },
  };
}

function onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
  if (!store) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
    return;
  }
  let size = 0;
  let failed: Error | null = null;
  const chunks: Buffer[] | null = index ? [] : null;
  stream.on('data', (c: Buffer) => {
    if (failed) return;
    try {
      chunks?.push(c);
      store.chunk(c);
      size += c.length;
    } catch (e) {
      failed = e as Error;
    }
  });
  stream.on('end', () => {
    if (!failed) {
      try {
        store.record(size, session);
      } catch (e) {
        failed = e as Error;
      }
    }
    // A failed write is refused (smtp-server answers 4xx/5xx) instead of ending the process. Bytes
    // of a refused message may stay in the segment unnamed, as the emulator's pack segments allow.
    if (failed) {
      store.resync();
      return callback(failed);
    }
    if (!index || !chunks) return callback();
    // The envelope is reset for the next transaction once the reply is given.
    const to = session.envelope.rcptTo.map((r) => r.address);
    callback();
    index.read(chunks, size, to);
  });
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  disableReverseLookup: true,
  size: 60 * 1024 * 1024,
  onData,
});

server.listen(0, '127.0.0.1', () => {
  const addr = server.server.address() as { port: number };
  process.stdout.write(JSON.stringify({ port: addr.port }) + '\n');
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
