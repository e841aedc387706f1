// A bare smtp-server that accepts any envelope and discards the message (read to the end, no parsing,
// no storage): the ceiling for an SMTP receiver built on this stack. Run as a child process by
// bench/lib/procs.ts; prints {"port": N} once listening on 127.0.0.1.
//
// With `--store <dir>` it keeps what the emulator's 250 promises and nothing more: the raw message
// appended to a segment file and a journal line naming it, both written (not synced) before the
// reply, and a background fsync of both about once a second, as `--fsync interval` does. The distance
// between this and the discarding sink is the price of the promise itself; the rest of the distance
// to the emulator is its parsing, indexing and announcing.
import { fsync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

const at = process.argv.indexOf('--store');
const store = at < 0 ? null : openStore(process.argv[at + 1]!);

function openStore(dir: string) {
  mkdirSync(dir, { recursive: true });
  const segment = openSync(join(dir, 'seg-0.raw'), 'a');
  const journal = openSync(join(dir, 'journal.log'), 'a');
  let offset = 0;
  let count = 0;
  let dirty = false;
  setInterval(() => {
    if (!dirty) return;
    dirty = false;
    fsync(segment, () => undefined);
    fsync(journal, () => undefined);
  }, 1000).unref();
  return (raw: Buffer, session: SMTPServerSession) => {
    writeSync(segment, raw);
    const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
    const to = session.envelope.rcptTo.map((r) => ({ inbox: r.address, id: `m${++count}` }));
    writeSync(journal, `${JSON.stringify({ k: 'ingest', blob: `seg-0:${offset}:${raw.length}`, size: raw.length, at: Date.now(), from, to })}\n`);
    offset += raw.length;
    dirty = true;
  };
}

function onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
  if (!store) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (c: Buffer) => {
    chunks.push(c);
    size += c.length;
  });
  stream.on('end', () => {
    store(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), session);
    callback();
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
