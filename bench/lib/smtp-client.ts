// A minimal raw-socket SMTP client for the benchmarks: no MIME work and no parsing beyond reply
// codes, so on a 2-core machine the client takes as little CPU from the server as possible, and the
// moment the final ".\r\n" of DATA is written is known exactly.
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

const REPLY_TIMEOUT_MS = 60_000;

export interface SmtpReply {
  code: number;
  text: string;
}

export interface SendTiming {
  reply: SmtpReply;
  /** performance.now() right after the last DATA bytes (ending in ".\r\n") were handed to the socket. */
  dataEnd: number;
  /** performance.now() when the final reply (250) arrived. */
  replied: number;
}

export class SmtpError extends Error {
  constructor(
    readonly reply: SmtpReply,
    readonly stage: string,
  ) {
    super(`SMTP ${stage}: ${reply.code} ${reply.text}`);
  }
}

/** Turns a CRLF message into DATA payload: dot-stuffed and terminated by CRLF.CRLF. */
export function toDataPayload(message: Buffer): Buffer {
  let body = message;
  // Dot-stuffing: only needed when some line starts with "." (rare in generated corpora).
  if (body[0] === 0x2e || body.includes('\r\n.')) {
    const s = body.toString('latin1').replace(/(^|\r\n)\./g, '$1..');
    body = Buffer.from(s, 'latin1');
  }
  const endsWithCrlf = body.length >= 2 && body[body.length - 2] === 0x0d && body[body.length - 1] === 0x0a;
  return Buffer.concat([body, Buffer.from(endsWithCrlf ? '.\r\n' : '\r\n.\r\n', 'latin1')]);
}

export class SmtpConnection {
  readonly #socket: Socket;
  #buf = '';
  #lines: string[] = [];
  #waiters: Array<{ resolve: (r: SmtpReply) => void; reject: (e: Error) => void }> = [];
  #replies: SmtpReply[] = [];
  #closed: Error | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.#onData(chunk));
    const fail = (e: Error) => {
      this.#closed = e;
      for (const w of this.#waiters.splice(0)) w.reject(e);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('SMTP connection closed')));
  }

  static async open(host: string, port: number, helo = 'bench.localhost'): Promise<SmtpConnection> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ host, port }, () => {
        s.off('error', reject);
        resolve(s);
      });
      s.once('error', reject);
    });
    const c = new SmtpConnection(socket);
    const greeting = await c.#reply();
    if (greeting.code !== 220) throw new SmtpError(greeting, 'greeting');
    await c.command(`EHLO ${helo}`, 250);
    return c;
  }

  #onData(chunk: string): void {
    this.#buf += chunk;
    let i: number;
    while ((i = this.#buf.indexOf('\n')) >= 0) {
      const line = this.#buf.slice(0, i).replace(/\r$/, '');
      this.#buf = this.#buf.slice(i + 1);
      this.#lines.push(line);
      // "250-..." continues a multi-line reply; "250 ..." ends it.
      if (line.length < 4 || line[3] !== '-') {
        const reply: SmtpReply = { code: Number.parseInt(line.slice(0, 3), 10), text: this.#lines.map((l) => l.slice(4)).join('\n') };
        this.#lines = [];
        const w = this.#waiters.shift();
        if (w) w.resolve(reply);
        else this.#replies.push(reply);
      }
    }
  }

  #reply(): Promise<SmtpReply> {
    const ready = this.#replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.#closed) return Promise.reject(this.#closed);
    return new Promise((resolve, reject) => {
      // Every benchmark is bounded in time: a server that stops answering ends the connection.
      const t = setTimeout(() => this.#socket.destroy(new Error(`no SMTP reply within ${REPLY_TIMEOUT_MS / 1000} s`)), REPLY_TIMEOUT_MS);
      this.#waiters.push({
        resolve: (r) => {
          clearTimeout(t);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(t);
          reject(e);
        },
      });
    });
  }

  async command(line: string, expect: number): Promise<SmtpReply> {
    this.#socket.write(`${line}\r\n`);
    const r = await this.#reply();
    if (r.code !== expect) throw new SmtpError(r, line.split(' ')[0]!);
    return r;
  }

  /** Sends one message; `payload` comes from toDataPayload(). Rejects on any non-2xx/3xx step. */
  async send(from: string, to: string[], payload: Buffer): Promise<SendTiming> {
    await this.command(`MAIL FROM:<${from}>`, 250);
    for (const rcpt of to) await this.command(`RCPT TO:<${rcpt}>`, 250);
    await this.command('DATA', 354);
    return this.endData(payload);
  }

  /** After DATA's 354: writes `payload` (from toDataPayload()) and waits for the final reply. */
  async endData(payload: Buffer): Promise<SendTiming> {
    this.#socket.write(payload);
    const dataEnd = performance.now();
    const reply = await this.#reply();
    const replied = performance.now();
    if (reply.code !== 250) throw new SmtpError(reply, 'end of DATA');
    return { reply, dataEnd, replied };
  }

  async quit(): Promise<void> {
    try {
      if (!this.#closed) await this.command('QUIT', 221);
    } catch {
      /* closing anyway */
    }
    this.#socket.destroy();
  }
}

/** Resolves when something answers on host:port with an SMTP greeting (or rejects after timeoutMs). */
export async function waitForSmtp(host: string, port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const c = await SmtpConnection.open(host, port);
      await c.quit();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
