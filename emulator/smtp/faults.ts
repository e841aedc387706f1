// Fault rules at the SMTP stages (docs/faults.md), around the receiver's own handlers: the greeting
// (onConnect), EHLO/HELO and DATA (each connection's command hook), MAIL FROM, RCPT TO, and the reply
// to the message data (onData). A rule's answer comes before the receiver's own checks at that stage:
// a reply (code, enhanced code, text naming the rule), a dropped connection, or, for rules that only
// add time, the receiver's own reply later and/or written a byte at a time.
//
// Faults never corrupt state: a recipient refused at RCPT gets no copy; a message answered at the end
// of data by a rule (a reply or a drop) is read to its end and never handed to the core, so nothing of
// it is stored and a dropped one is never acknowledged. When no rule names a stage, the wrappers pass
// straight through (one Map lookup), so a message costs nothing more.
import { PassThrough, type Readable } from 'node:stream';
import type { SMTPServer, SMTPServerDataStream, SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import type { FaultPlace } from '../../src/api/faults.js';
import type { FaultDecision, FaultSubject, Faults } from '../core/faults/faults.js';

type SMTPConnection = SMTPServer['connections'] extends Set<infer C> ? C : never;

/** What the receiver calls (receiver.ts): its options wrapped, then each new connection hooked. */
export interface SmtpFaultHooks {
  options(options: SMTPServerOptions): SMTPServerOptions;
  attach(server: SMTPServer): void;
}

/** The most of a message read to find its header block for `header` conditions. */
const MAX_HEAD_BYTES = 64 * 1024;
/** Most separate writes of one trickled reply (a longer reply goes a few bytes at a time). */
const MAX_TRICKLE_WRITES = 200;

interface RawSocket {
  write: (...args: unknown[]) => boolean;
  end: (...args: unknown[]) => unknown;
  destroyed: boolean;
  destroy(): void;
}

function socketOf(conn: SMTPConnection | undefined): RawSocket | undefined {
  return (conn as unknown as { _socket?: RawSocket } | undefined)?._socket;
}

function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

function later(ms: number, fn: () => void): void {
  if (ms > 0) setTimeout(fn, ms);
  else fn();
}

/** The connection's next write (a reply) goes out a byte or a few at a time over `ms`; later writes wait behind it. */
function trickleNext(conn: SMTPConnection | undefined, ms: number): void {
  const socket = socketOf(conn);
  if (!socket || ms <= 0) return;
  const write = socket.write;
  const end = socket.end;
  const waiting: Array<() => void> = [];
  let started = false;
  const restore = () => {
    socket.write = write;
    socket.end = end;
    for (const w of waiting.splice(0)) w();
  };
  socket.end = (...args: unknown[]) => {
    waiting.push(() => end.apply(socket, args));
    return socket;
  };
  socket.write = (...args: unknown[]) => {
    if (started) {
      waiting.push(() => write.apply(socket, args));
      return true;
    }
    started = true;
    const bytes = Buffer.from(args[0] as string | Uint8Array);
    const writes = Math.min(bytes.length, MAX_TRICKLE_WRITES);
    const per = Math.ceil(bytes.length / Math.max(1, writes));
    let at = 0;
    const step = () => {
      if (socket.destroyed) return restore();
      write.call(socket, bytes.subarray(at, at + per));
      at += per;
      if (at >= bytes.length) return restore();
      setTimeout(step, ms / writes);
    };
    step();
    return true;
  };
}

/** The header fields of a message's header block, by lower-case name (folded lines joined). */
function headerFields(head: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const lines = head.split(/\r?\n/);
  let current: { name: string; value: string } | null = null;
  const flush = () => {
    if (!current) return;
    const list = out.get(current.name) ?? [];
    list.push(current.value.trim());
    out.set(current.name, list);
    current = null;
  };
  for (const line of lines) {
    if (/^[ \t]/.test(line) && current) {
      (current as { value: string }).value += ` ${line.trim()}`;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    if (colon > 0) current = { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) };
  }
  flush();
  return out;
}

function senderOf(session: SMTPServerSession): string {
  return session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
}

export function smtpFaults(faults: Faults): SmtpFaultHooks {
  let server: SMTPServer | null = null;
  const connOf = (sessionId: string): SMTPConnection | undefined => {
    if (!server) return undefined;
    for (const c of server.connections) if (c.id === sessionId) return c;
    return undefined;
  };
  const drop = (conn: SMTPConnection | undefined) => socketOf(conn)?.destroy();

  /**
   * Applies a decision at a command stage: after its delay, the rule's reply (or a drop), else the
   * receiver's own handling; a trickle applies to whichever reply goes out.
   */
  const apply = (sessionId: string, d: FaultDecision, reply: (err: Error & { responseCode: number }) => void, passOn: () => void) => {
    later(d.delayMs, () => {
      const conn = connOf(sessionId);
      const a = d.answer;
      if (a?.what.drop) return drop(conn);
      trickleNext(conn, d.trickleMs);
      if (a?.reply) return reply(smtpError(a.reply.code, a.reply.message));
      passOn();
    });
  };

  /** The reply to the message data, for a decision made once the envelope (and headers) are known. */
  const endOfData = (
    inner: NonNullable<SMTPServerOptions['onData']>,
    stream: Readable,
    session: SMTPServerSession,
    cb: Parameters<NonNullable<SMTPServerOptions['onData']>>[2],
    d: FaultDecision | null,
  ) => {
    if (!d) return inner(stream as SMTPServerDataStream, session, cb);
    if (!d.answer) {
      // Only time: the receiver stores the message; its reply waits (and trickles).
      return inner(stream as SMTPServerDataStream, session, (err, message) =>
        later(d.delayMs, () => {
          trickleNext(connOf(session.id), d.trickleMs);
          cb(err, message);
        }),
      );
    }
    // The rule answers: the message is read to its end and never reaches the core (nothing kept).
    const answer = () =>
      apply(
        session.id,
        d,
        (err) => cb(err),
        () => cb(null),
      );
    if (stream.readableEnded) return answer();
    stream.once('end', answer);
    stream.resume();
  };

  const wrap = (options: SMTPServerOptions): SMTPServerOptions => {
    const onConnect = options.onConnect ?? ((_s, cb) => cb());
    const onMailFrom = options.onMailFrom ?? ((_a, _s, cb) => cb());
    const onRcptTo = options.onRcptTo ?? ((_a, _s, cb) => cb());
    const onData = options.onData ?? ((stream, _s, cb) => stream.on('end', () => cb(null)).resume());
    return {
      ...options,
      onConnect(session, cb) {
        if (!faults.has('smtp.connect')) return onConnect(session, cb);
        const d = faults.decide('smtp.connect', { remote: session.remoteAddress });
        if (!d) return onConnect(session, cb);
        apply(session.id, d, cb, () => onConnect(session, cb));
      },
      onMailFrom(address, session, cb) {
        if (!faults.has('smtp.mail')) return onMailFrom(address, session, cb);
        const d = faults.decide('smtp.mail', { remote: session.remoteAddress, sender: address.address });
        if (!d) return onMailFrom(address, session, cb);
        apply(session.id, d, cb, () => onMailFrom(address, session, cb));
      },
      onRcptTo(address, session, cb) {
        if (!faults.has('smtp.rcpt')) return onRcptTo(address, session, cb);
        const d = faults.decide('smtp.rcpt', { remote: session.remoteAddress, sender: senderOf(session), recipients: [address.address] });
        if (!d) return onRcptTo(address, session, cb);
        apply(session.id, d, cb, () => onRcptTo(address, session, cb));
      },
      onData(stream, session, cb) {
        if (!faults.has('smtp.end_of_data')) return onData(stream, session, cb);
        const subject: FaultSubject = {
          remote: session.remoteAddress,
          sender: senderOf(session),
          recipients: session.envelope.rcptTo.map((r) => r.address),
        };
        if (!faults.needsHeaders('smtp.end_of_data')) return endOfData(onData, stream, session, cb, faults.decide('smtp.end_of_data', subject));
        // A rule looks at header fields: read up to the end of the header block first, then hand
        // the receiver a stream that replays what was read and goes on with the rest.
        const head: Buffer[] = [];
        let size = 0;
        let decided = false;
        const decide = (ended: boolean) => {
          if (decided) return;
          decided = true;
          stream.off('data', onChunk);
          stream.off('end', onEnd);
          const fields = headerFields(
            Buffer.concat(head)
              .toString('latin1')
              .split(/\r?\n\r?\n/)[0] ?? '',
          );
          const d = faults.decide('smtp.end_of_data', { ...subject, header: (name) => fields.get(name.toLowerCase()) ?? [] });
          const replay = new PassThrough();
          // What the receiver reads of smtp-server's stream besides its bytes.
          Object.defineProperty(replay, 'sizeExceeded', { get: () => (stream as SMTPServerDataStream).sizeExceeded });
          Object.defineProperty(replay, 'byteLength', { get: () => (stream as SMTPServerDataStream).byteLength });
          for (const chunk of head) replay.write(chunk);
          if (ended) replay.end();
          else stream.pipe(replay);
          endOfData(onData, replay, session, cb, d);
        };
        const onChunk = (chunk: Buffer) => {
          head.push(chunk);
          size += chunk.length;
          const text = Buffer.concat(head).toString('latin1');
          if (size >= MAX_HEAD_BYTES || /\r?\n\r?\n/.test(text)) decide(false);
        };
        const onEnd = () => decide(true);
        stream.on('data', onChunk);
        stream.once('end', onEnd);
      },
    };
  };

  /** EHLO/HELO and DATA have no handler of the receiver's: they are met in the connection's command hook. */
  const stageOf = (conn: SMTPConnection, command: Buffer): FaultPlace | null => {
    const c = conn as unknown as { _nextHandler?: unknown; _upgrading?: boolean; _ready?: boolean };
    if (c._nextHandler || c._upgrading || !c._ready) return null;
    const name = command.toString('latin1').split(' ')[0]!.trim().toUpperCase();
    if (name === 'EHLO' || name === 'HELO') return 'smtp.ehlo';
    if (name === 'DATA' && conn.session.envelope?.rcptTo?.length) return 'smtp.data';
    return null;
  };

  const attach = (s: SMTPServer) => {
    server = s;
    const connect = s.connect.bind(s);
    s.connect = (socket, socketOptions) => {
      connect(socket, socketOptions);
      let conn: SMTPConnection | undefined;
      for (const c of s.connections) if (c.id === socketOptions?.id) conn = c;
      const hooked = conn as unknown as { _onCommand?: (command: Buffer, callback?: () => void) => unknown } | undefined;
      const onCommand = hooked?._onCommand;
      if (!conn || !hooked || typeof onCommand !== 'function') return;
      hooked._onCommand = (command, callback) => {
        if (!faults.has('smtp.ehlo') && !faults.has('smtp.data')) return onCommand.call(conn, command, callback);
        const stage = stageOf(conn, command);
        if (!stage || !faults.has(stage)) return onCommand.call(conn, command, callback);
        const subject: FaultSubject =
          stage === 'smtp.data'
            ? { remote: conn.remoteAddress, sender: senderOf(conn.session), recipients: conn.session.envelope.rcptTo.map((r) => r.address) }
            : { remote: conn.remoteAddress };
        const d = faults.decide(stage, subject);
        if (!d) return onCommand.call(conn, command, callback);
        apply(
          conn.id,
          d,
          (err) => {
            conn.send(err.responseCode, err.message, false);
            callback?.();
          },
          () => onCommand.call(conn, command, callback),
        );
      };
    };
  };

  return { options: wrap, attach };
}
