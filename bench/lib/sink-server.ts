// A bare smtp-server that accepts any envelope and discards the message (read to the end, no parsing,
// no storage): the ceiling for an SMTP receiver built on this stack. Run as a child process by
// bench/lib/procs.ts; prints {"port": N} once listening on 127.0.0.1.
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  disableReverseLookup: true,
  size: 60 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
  },
});

server.listen(0, '127.0.0.1', () => {
  const addr = server.server.address() as { port: number };
  process.stdout.write(JSON.stringify({ port: addr.port }) + '\n');
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
