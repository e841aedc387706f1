// Helpers for the mail tests: the in-process app with the mail routes, and a raw SMTP client over a
// real socket (net.Socket) that reads multi-line replies, for the protocol-level cases.
import { connect, type Socket } from 'node:net';
import type { CoreOptions } from '../../emulator/core/emulator.js';
import { makeApp } from '../helpers/emulator.js';

export { T0, expectError, expectSchema } from '../helpers/emulator.js';

/** makeApp() with the mail routes, plus shortcuts to register inboxes and inject mail. */
export async function mailApp(opts: Partial<CoreOptions> & { start?: number } = {}) {
  const t = await makeApp(opts);
  return {
    ...t,
    /** Registers an inbox for a key; one clock second per call keeps the per-second window clear. */
    async register(key: string, inbox: string): Promise<void> {
      t.clock.advance(1000);
      const r = await t.call('POST', '/v1/inboxes', { key, body: { inbox } });
      if (r.status !== 201 && r.status !== 200) throw new Error(`register ${inbox}: ${r.status} ${r.text}`);
    },
    /** Injects mail through POST /_emulator/messages; returns the new ids. */
    async inject(body: Record<string, unknown>): Promise<string[]> {
      const r = await t.call('POST', '/_emulator/messages', { body });
      if (r.status !== 201) throw new Error(`inject: ${r.status} ${r.text}`);
      return r.body.data.ids as string[];
    },
    /** A GET with the per-second window cleared first (the clock moves a second). */
    get(path: string, key: string) {
      t.clock.advance(1000);
      return t.call('GET', path, { key });
    },
  };
}

export type MailApp = Awaited<ReturnType<typeof mailApp>>;

export function inboxPath(inbox: string, rest = ''): string {
  return `/v1/inboxes/${encodeURIComponent(inbox)}${rest}`;
}

export interface Reply {
  code: number;
  lines: string[];
  text: string;
}

/** A raw SMTP client: one reply at a time, in order, multi-line replies joined. */
export class RawSmtp {
  readonly socket: Socket;
  #buf = '';
  #replies: Reply[] = [];
  #waiting: Array<(r: Reply) => void> = [];
  #partial: string[] = [];
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => this.#onData(d));
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async open(port: number, host = '127.0.0.1'): Promise<RawSmtp> {
    const socket = connect(port, host);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    const c = new RawSmtp(socket);
    const greeting = await c.reply();
    if (greeting.code !== 220) throw new Error(`greeting: ${greeting.text}`);
    return c;
  }

  #onData(d: string): void {
    this.#buf += d;
    let i: number;
    while ((i = this.#buf.indexOf('\r\n')) >= 0) {
      const line = this.#buf.slice(0, i);
      this.#buf = this.#buf.slice(i + 2);
      this.#partial.push(line);
      if (line[3] === '-') continue;
      const lines = this.#partial;
      this.#partial = [];
      const reply = { code: Number(line.slice(0, 3)), lines, text: lines.join('\n') };
      const w = this.#waiting.shift();
      if (w) w(reply);
      else this.#replies.push(reply);
    }
  }

  /** The next reply; rejects when the connection closes first. */
  reply(): Promise<Reply> {
    const r = this.#replies.shift();
    if (r) return Promise.resolve(r);
    return new Promise((resolve, reject) => {
      this.#waiting.push(resolve);
      void this.closed.then(() => {
        const i = this.#waiting.indexOf(resolve);
        if (i >= 0) {
          this.#waiting.splice(i, 1);
          reject(new Error('connection closed before a reply'));
        }
      });
    });
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  async command(line: string): Promise<Reply> {
    this.write(`${line}\r\n`);
    return this.reply();
  }

  /** DATA, then the message (dot-stuffed here) and the final dot; returns the reply after the dot. */
  async data(message: string | Buffer): Promise<Reply> {
    const go = await this.command('DATA');
    if (go.code !== 354) return go;
    const text = Buffer.isBuffer(message) ? message.toString('latin1') : message;
    const stuffed = text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    this.write(Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1'));
    return this.reply();
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A small RFC 5322 message. */
export function rfc822(fields: { from?: string; to: string; subject?: string; body?: string; headers?: string[] }): string {
  return [
    `From: ${fields.from ?? 'Sender <sender@example.test>'}`,
    `To: ${fields.to}`,
    `Subject: ${fields.subject ?? 'Hello'}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...(fields.headers ?? []),
    '',
    fields.body ?? 'Hello there.',
    '',
  ].join('\r\n');
}
