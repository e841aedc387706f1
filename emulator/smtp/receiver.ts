// The SMTP receiver: an smtp-server adapter over the core. RCPT is accepted only for registered
// inboxes; DATA streams into core.receive() and is answered 250 once the message is safe on disk.
// AUTH is offered and anything is accepted (no AUTH needed); STARTTLS only with a certificate.
// Limits (size, recipients, command length, idle time) are enforced by smtp-server before anything
// is buffered; a misbehaving client is dropped on its own without touching the others.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import type { EmulatorCore } from '../core/emulator.js';
import { ApiError } from '../core/errors.js';

export interface SmtpTls {
  key: string | Buffer;
  cert: string | Buffer;
}

export interface SmtpOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Enables STARTTLS with this certificate; without it STARTTLS is not offered. */
  tls?: SmtpTls;
  /** Largest message (SIZE); default settings.maxMessageBytes. */
  maxBytes?: number;
  /** Recipients per transaction; more get 452. Default 100. */
  maxRecipients?: number;
  /** Longest command line in bytes; longer ones end the connection (421). Default 4096. */
  maxCommandLength?: number;
  /** Idle time before a client is dropped. Default 30 s. */
  socketTimeoutMs?: number;
  /** On close, how long a message in transfer may take to finish. Default 5 s. */
  closeTimeoutMs?: number;
}

export interface SmtpReceiver {
  host: string;
  /** The port actually bound. */
  port: number;
  close(): Promise<void>;
}

export const SMTP_DEFAULTS = {
  maxRecipients: 100,
  maxCommandLength: 4096,
  socketTimeoutMs: 30_000,
  closeTimeoutMs: 5_000,
} as const;

function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtp(core: EmulatorCore, opts: SmtpOptions): Promise<SmtpReceiver> {
  const maxBytes = opts.maxBytes ?? core.settings.maxMessageBytes;
  /** Sessions with a message being stored: close() lets them finish. */
  const busy = new Set<string>();
  const reject = (reason: string, session: SMTPServerSession) =>
    core.bus.emit('smtp.rejected', { reason, remote: session.remoteAddress });

  const options: SMTPServerOptions = {
    name: core.settings.mxHost,
    banner: 'inbox emulator ESMTP ready',
    size: maxBytes,
    rejectOversized: true,
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: opts.tls ? [] : ['STARTTLS'],
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : {}),
    hide8BITMIME: false,
    hidePIPELINING: false,
    hideSMTPUTF8: false,
    disableReverseLookup: true,
    maxRecipients: opts.maxRecipients ?? SMTP_DEFAULTS.maxRecipients,
    maxCommandLength: opts.maxCommandLength ?? SMTP_DEFAULTS.maxCommandLength,
    socketTimeout: opts.socketTimeoutMs ?? SMTP_DEFAULTS.socketTimeoutMs,
    closeTimeout: opts.closeTimeoutMs ?? SMTP_DEFAULTS.closeTimeoutMs,
    logger: false,

    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username || 'anonymous' });
    },

    onRcptTo(address, session, cb) {
      if (core.inboxes.find(address.address)) return cb();
      const shown = address.address.slice(0, 320);
      reject(`RCPT to ${shown}: not a registered inbox`, session);
      cb(smtpError(550, `Mailbox unavailable: <${shown}> is not a registered inbox of this emulator (register it with POST /v1/inboxes)`));
    },

    onData(stream: SMTPServerDataStream, session, cb) {
      busy.add(session.id);
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
      // The reply goes out once: 250 as soon as the message is safe (raw bytes and a journal record
      // on disk), before it is parsed and indexed; an error reply if it never got that far.
      let answered = false;
      const reply = (...args: Parameters<typeof cb>) => {
        if (answered) return false;
        answered = true;
        cb(...args);
        return true;
      };
      const ingestion = core.receive({
        source: stream,
        recipients,
        skipUnknown: true,
        envelopeFrom: from,
        maxBytes,
        oversized: () => stream.sizeExceeded,
      });
      let acked = false;
      ingestion.acknowledged.then(
        (ids) => {
          acked = true;
          reply(null, `OK: stored as ${ids.join(', ')}`);
        },
        (e: unknown) => {
          if (!stream.readableEnded) stream.resume();
          if (e instanceof ApiError && e.code === 'payload_too_large') {
            reject(`message over ${maxBytes} bytes`, session);
            return reply(smtpError(552, `Message exceeds fixed maximum message size of ${maxBytes} bytes`));
          }
          if (e instanceof ApiError && e.code === 'message_too_complex') {
            reject(e.message, session);
            return reply(smtpError(e.extra.limit === 'header' ? 552 : 554, e.message));
          }
          if (e instanceof ApiError && e.code === 'inbox_not_found') {
            reject('no registered recipient left', session);
            return reply(smtpError(550, 'Mailbox unavailable: no recipient is a registered inbox any more'));
          }
          core.bus.emit('error', { where: 'smtp ingest', error: e });
          reply(smtpError(451, 'Local error while storing the message; nothing was kept, try again'));
        },
      );
      ingestion.stored
        .catch((e: unknown) => {
          // Acknowledged already: the message is kept (an inbox that went meanwhile drops its copy;
          // a disk error leaves it to the journal, redone at the next start).
          if (acked && !(e instanceof ApiError && e.code === 'inbox_not_found')) core.bus.emit('error', { where: 'smtp ingest (after the 250)', error: e });
        })
        .finally(() => busy.delete(session.id));
    },
  };

  const server = new SMTPServer(options);
  server.on('error', (error) => {
    // Socket-level errors of one client (resets, garbage, TLS failures) end that client only.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT') return;
    core.bus.emit('smtp.rejected', { reason: error.message });
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.server.once('error', onError);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    host: opts.host,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle clients go at once; a message being stored gets closeTimeout to finish.
        for (const conn of server.connections) {
          if (busy.has(conn.session?.id ?? conn.id)) continue;
          conn.send(421, 'Server shutting down');
          conn.close();
        }
      });
      return closing;
    },
  };
}
