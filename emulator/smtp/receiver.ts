// The SMTP receiver: an smtp-server adapter over the core. RCPT is accepted only for registered
// inboxes; DATA streams into core.receive() and is answered 250 once the message is safe on disk.
// AUTH is offered and anything is accepted (no AUTH needed); STARTTLS only with a certificate.
// Limits (size, recipients, command length, idle time) are enforced by smtp-server before anything
// is buffered; a misbehaving client is dropped on its own without touching the others. Memory and
// time are bounded per server, not only per client: at most `maxConnections` clients at once (more
// get 421), at most `maxBufferedBytes` of message data held in memory across all transfers (a message
// that would pass it gets 452 and is not kept; the sender retries), and every DATA transfer must end
// within `dataTimeoutMs` (else 421 and the connection is closed: a client trickling bytes cannot hold
// a connection forever). Idle connections cannot lock senders out: when the server is full, a new
// client makes room by closing the connection that has waited longest without sending a command
// (at least `evictIdleAfterMs`; 421 with a retry hint), and one non-loopback peer holds at most
// `maxConnectionsPerPeer` connections (loopback is exempt: every local sender is 127.0.0.1).
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import type { EmulatorCore } from '../core/emulator.js';
import { ApiError } from '../core/errors.js';
import type { SmtpFaultHooks } from './faults.js';
import { guardPlainConnection } from './tls.js';

/** Bytes of one message counted against `maxBufferedBytes`. */
const COUNTED_PER_MESSAGE = 16 * 1024 * 1024;

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
  /** Implicit TLS (SMTPS, like port 465): the TLS handshake comes first; needs `tls`. */
  implicitTls?: boolean;
  /** On the plain port: the implicit-TLS port, named in the fix told to a client that starts with a TLS handshake (tls.ts). */
  smtpsPort?: () => number | null;
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
  /** Clients connected at once; one more gets 421 and is closed. Default 100. */
  maxConnections?: number;
  /**
   * Message bytes held in memory across all transfers in progress (each holds at most its first
   * 16 MiB; the rest streams to disk). A message that would pass it gets 452. Default 256 MiB.
   */
  maxBufferedBytes?: number;
  /** Time from the DATA command to the final dot; past it, 421 and the connection closes. Default 60 s. */
  dataTimeoutMs?: number;
  /**
   * When the server is full, a new client closes (421) the connection idle longest, if it has been
   * idle at least this long: no command, and in DATA no byte, for that time. A connection whose
   * message is being stored is never idle. Default 1 s.
   */
  evictIdleAfterMs?: number;
  /** Connections one non-loopback address may hold at once; one more gets 421. Loopback peers are exempt. Default half of maxConnections. */
  maxConnectionsPerPeer?: number;
  /** Fault rules at the SMTP stages (faults.ts): they wrap the handlers below and hook each connection. */
  faults?: SmtpFaultHooks;
}

export interface SmtpReceiver {
  host: string;
  /** The port actually bound. */
  port: number;
  /** Clients connected now, message bytes held in memory by transfers in progress, idle clients closed to make room. */
  stats(): { connections: number; bufferedBytes: number; evicted: number };
  close(): Promise<void>;
}

export const SMTP_DEFAULTS = {
  maxRecipients: 100,
  maxCommandLength: 4096,
  socketTimeoutMs: 30_000,
  closeTimeoutMs: 5_000,
  maxConnections: 100,
  maxBufferedBytes: 256 * 1024 * 1024,
  dataTimeoutMs: 60_000,
  evictIdleAfterMs: 1_000,
} as const;

/** The reply of a connection closed to make room for another client. */
export const IDLE_EVICTED_REPLY = 'Idle too long: closing to serve another client, the server is full; reconnect and retry when you have mail to send';

/** 127.0.0.0/8 and ::1, also IPv4-mapped: a sender on this machine. */
function isLoopbackPeer(address: string | undefined): boolean {
  const a = (address ?? '').toLowerCase().replace(/^::ffff:(?=\d)/, '');
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}

type SMTPConnection = SMTPServer['connections'] extends Set<infer C> ? C : never;

/** What the receiver knows of one connection to tell how long it has been idle. */
interface Activity {
  conn: SMTPConnection;
  /** The last command received or answered, or (in DATA) the last message bytes. */
  last: number;
  /** 'storing' from the final dot to the reply: the client waits for us, it is not idle. */
  phase: 'commands' | 'data' | 'storing';
  /** In DATA: the transfer gives up its reply (the eviction's 421 is the reply). */
  abandon?: () => void;
}

function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtp(core: EmulatorCore, opts: SmtpOptions): Promise<SmtpReceiver> {
  const maxBytes = opts.maxBytes ?? core.settings.maxMessageBytes;
  /** Sessions with a message being stored: close() lets them finish. */
  const busy = new Set<string>();
  const reject = (reason: string, session: SMTPServerSession) => core.bus.emit('smtp.rejected', { reason, remote: session.remoteAddress });
  const maxBuffered = opts.maxBufferedBytes ?? SMTP_DEFAULTS.maxBufferedBytes;
  const dataTimeoutMs = opts.dataTimeoutMs ?? SMTP_DEFAULTS.dataTimeoutMs;
  /** Message bytes held in memory by transfers in progress (what parseMail buffers of each). */
  let buffered = 0;
  const maxConnections = opts.maxConnections ?? SMTP_DEFAULTS.maxConnections;
  const evictIdleAfterMs = opts.evictIdleAfterMs ?? SMTP_DEFAULTS.evictIdleAfterMs;
  const maxPerPeer = opts.maxConnectionsPerPeer ?? Math.max(1, Math.floor(maxConnections / 2));
  /** Open connections by id (the session's id), with when each last did something. */
  const activity = new Map<string, Activity>();
  let evicted = 0;
  /** Ends a client's connection with a 421 (smtp-server closes after sending it). */
  const drop = (sessionId: string, text: string) => {
    for (const conn of server.connections) {
      if ((conn.session?.id ?? conn.id) !== sessionId) continue;
      conn.send(421, text);
      // A client that stops reading cannot keep the socket half-open either.
      const socket = (conn as unknown as { _socket?: { destroy(): void } })._socket;
      setTimeout(() => socket?.destroy(), 1_000).unref();
    }
  };

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
    secure: opts.implicitTls === true && opts.tls !== undefined,
    hide8BITMIME: false,
    hidePIPELINING: false,
    hideSMTPUTF8: false,
    disableReverseLookup: true,
    // smtp-server's strict syntax refuses a dot at either end of the local part or two in a row (501);
    // the hosted server registers such addresses (a..b@), so RCPT judges them by the inbox rule
    // (core/accounts/addresses.ts) and the registry instead.
    lenientAddressParsing: true,
    maxRecipients: opts.maxRecipients ?? SMTP_DEFAULTS.maxRecipients,
    maxCommandLength: opts.maxCommandLength ?? SMTP_DEFAULTS.maxCommandLength,
    socketTimeout: opts.socketTimeoutMs ?? SMTP_DEFAULTS.socketTimeoutMs,
    closeTimeout: opts.closeTimeoutMs ?? SMTP_DEFAULTS.closeTimeoutMs,
    maxClients: maxConnections,
    logger: false,

    onConnect(session, cb) {
      // Loopback is exempt: every sender on this machine comes from 127.0.0.1.
      if (isLoopbackPeer(session.remoteAddress)) return cb();
      let same = 0;
      for (const conn of server.connections) if (conn.remoteAddress === session.remoteAddress) same++;
      if (same <= maxPerPeer) return cb();
      reject(`more than ${maxPerPeer} connections from ${session.remoteAddress}`, session);
      cb(smtpError(421, `Too many connections from your address (at most ${maxPerPeer} at once); close one and try again`));
    },

    onClose(session) {
      activity.delete(session.id);
    },

    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username || 'anonymous' });
    },

    onRcptTo(address, session, cb) {
      if (core.inboxes.find(address.address)) return cb();
      // Not registered: catch-all may register it; otherwise refused, with the reason and the fix logged.
      core.catchAll.admit(address.address).then(
        (a) => {
          if (a.ok) return cb();
          const shown = address.address.slice(0, 320);
          reject(`RCPT to ${shown}: ${a.reason}`, session);
          core.bus.emit('smtp.recipient_refused', { address: shown, reason: a.reason, hint: a.hint, remote: session.remoteAddress });
          cb(
            smtpError(
              550,
              `Mailbox unavailable: <${shown}> ${a.code === 'not_registered' ? 'is not a registered inbox of this emulator' : `refused (${a.reason})`}; fix: ${a.hint}`,
            ),
          );
        },
        (e: unknown) => {
          core.bus.emit('error', { where: 'smtp catch-all', error: e });
          cb(smtpError(451, 'Local error while registering the inbox; try again'));
        },
      );
    },

    onData(stream: SMTPServerDataStream, session, cb) {
      busy.add(session.id);
      /** This connection's idle clock (makeRoom below). */
      const act = activity.get(session.id);
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
      // The reply goes out once: 250 as soon as the message is safe (its file in each recipient's new/,
      // as durable as --fsync asks), before it is parsed and indexed; an error reply if it never got
      // that far; or the 421 of the DATA deadline.
      let answered = false;
      const reply = (...args: Parameters<typeof cb>) => {
        if (answered) return false;
        answered = true;
        clearTimeout(deadline);
        if (act) {
          act.phase = 'commands';
          act.last = Date.now();
          act.abandon = undefined;
        }
        cb(...args);
        return true;
      };
      const deadline = setTimeout(() => {
        if (answered) return;
        answered = true;
        reject(`DATA not finished within ${dataTimeoutMs} ms`, session);
        drop(session.id, `Timeout: the message did not end within ${Math.ceil(dataTimeoutMs / 1000)} s; closing connection`);
      }, dataTimeoutMs);
      deadline.unref();
      // The deadline is for the transfer: once the final dot is in, storing it may take its time.
      stream.once('end', () => clearTimeout(deadline));
      // For the idle eviction: in DATA the connection is busy while bytes arrive (count() below), and
      // from the final dot to the reply it waits for us; the reply hands the turn back to the client.
      if (act) {
        act.phase = 'data';
        act.last = Date.now();
        act.abandon = () => {
          answered = true;
          clearTimeout(deadline);
        };
        stream.once('end', () => {
          if (act.phase === 'data') act.phase = 'storing';
        });
      }

      // This transfer's share of the budget of message data in transfer (its first 16 MiB count).
      let held = 0;
      let received = 0;
      let overBudget = false;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (act?.phase === 'data') act.last = Date.now();
        if (overBudget || held >= COUNTED_PER_MESSAGE) return;
        const more = Math.min(chunk.length, COUNTED_PER_MESSAGE - held);
        if (buffered + more > maxBuffered) {
          overBudget = true;
          return;
        }
        held += more;
        buffered += more;
      };

      const ingestion = core.receive({
        source: stream,
        recipients,
        skipUnknown: true,
        envelopeFrom: from,
        maxBytes,
        // Over the shared memory budget the transfer stops like an oversized one (drained, not
        // kept) and is answered 452 below.
        oversized: () => stream.sizeExceeded || overBudget,
      });
      // Attached after ingest's own reader (receive() attaches it before it returns), so it sees
      // every chunk without starting the stream early.
      stream.on('data', count);
      let acked = false;
      ingestion.acknowledged.then(
        (ids) => {
          acked = true;
          reply(null, `OK: stored as ${ids.join(', ')}`);
        },
        (e: unknown) => {
          if (!stream.readableEnded) stream.resume();
          if (answered) return; // the DATA deadline closed the connection, and the message went with it
          const tooLarge = e instanceof ApiError && e.code === 'payload_too_large';
          if (tooLarge && overBudget && !stream.sizeExceeded && received <= maxBytes) {
            reject(`message data over the memory budget of ${maxBuffered} bytes`, session);
            return reply(smtpError(452, 'Insufficient system resources: too much mail in transfer at once; try again later'));
          }
          if (tooLarge) {
            reject(`message over ${maxBytes} bytes`, session);
            return reply(smtpError(552, `Message exceeds fixed maximum message size of ${maxBytes} bytes`));
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
          // a disk error leaves its files in new/, redone at the next start).
          if (acked && !(e instanceof ApiError && e.code === 'inbox_not_found')) core.bus.emit('error', { where: 'smtp ingest (after the 250)', error: e });
        })
        .finally(() => {
          clearTimeout(deadline);
          stream.off('data', count);
          buffered -= held;
          busy.delete(session.id);
        });
    },
  };

  const server = new SMTPServer(opts.faults ? opts.faults.options(options) : options);

  /**
   * Makes room for a new client when the server is full: the connection that has waited longest for
   * its client (no command, or in DATA no byte, for at least evictIdleAfterMs) gets 421 and is closed.
   * None idle that long: nothing is closed and the new client gets smtp-server's 421.
   */
  const makeRoom = () => {
    if (server.connections.size < maxConnections) return;
    const now = Date.now();
    let idlest: Activity | null = null;
    for (const a of activity.values()) {
      if (!server.connections.has(a.conn)) {
        activity.delete(a.conn.id); // closing already
        continue;
      }
      if (a.phase === 'storing' || now - a.last < evictIdleAfterMs) continue;
      if (!idlest || a.last < idlest.last) idlest = a;
    }
    if (!idlest) return;
    activity.delete(idlest.conn.id);
    evicted++;
    core.bus.emit('smtp.rejected', {
      reason: `idle ${now - idlest.last} ms while the server was full: closed for another client`,
      remote: idlest.conn.remoteAddress,
    });
    // A stalled message transfer goes with it: this 421 is its reply, and nothing of it is kept.
    idlest.abandon?.();
    drop(idlest.conn.id, IDLE_EVICTED_REPLY);
  };
  // Every accepted socket comes through connect(); the new connection is counted against
  // maxConnections in it, so room is made just before.
  const connect = server.connect.bind(server);
  server.connect = (socket, socketOptions) => {
    // A non-loopback peer over its own limit is refused (onConnect) and must not close anyone's connection.
    const peer = socket.remoteAddress;
    let fromPeer = 0;
    if (!isLoopbackPeer(peer)) for (const conn of server.connections) if (conn.remoteAddress === peer?.replace(/^::ffff:(?=\d)/, '')) fromPeer++;
    if (fromPeer < maxPerPeer) makeRoom();
    connect(socket, socketOptions);
    let conn: SMTPConnection | undefined;
    for (const c of server.connections) if (c.id === socketOptions?.id) conn = c;
    if (!conn) return; // refused at once (too many clients)
    const act: Activity = { conn, last: Date.now(), phase: 'commands' };
    // Every command line passes _onCommand (the TLS session's parser too); its callback runs once the
    // command is answered. smtp-server has no public hook for commands without a handler (EHLO, NOOP, RSET).
    const hooked = conn as unknown as { _onCommand?: (command: Buffer, callback?: () => void) => unknown };
    const onCommand = hooked._onCommand;
    if (typeof onCommand === 'function') {
      hooked._onCommand = (command, callback) => {
        act.last = Date.now();
        return onCommand.call(conn, command, () => {
          act.last = Date.now();
          callback?.();
        });
      };
    }
    activity.set(conn.id, act);
    if (!opts.implicitTls) guardPlainConnection(conn, socket, { starttls: opts.tls !== undefined, smtpsPort: opts.smtpsPort ?? (() => null), bus: core.bus });
  };
  opts.faults?.attach(server);
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
    stats: () => ({ connections: server.connections.size, bufferedBytes: buffered, evicted }),
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
