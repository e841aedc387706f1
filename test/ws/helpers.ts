// Helpers for the WebSocket push suites: a real `ws` client whose frames queue up until read, plus
// small HTTP calls against a running emulator. No sleeping: every wait is on an event.
import { WebSocket } from 'ws';
import type { RunningEmulator } from '../../emulator/server.js';
import { newMailEvent } from '../../emulator/core/mail/ingest.js';
import type { StoredMessage } from '../../emulator/core/state.js';

export interface Closed {
  code: number;
  reason: string;
}

export interface Client {
  ws: WebSocket;
  /** Response headers of the 101 (empty when the upgrade was refused). */
  headers: Record<string, string | string[] | undefined>;
  /** The next frame, parsed; rejects if the socket closes first. */
  next(): Promise<any>;
  /** Frames received and not read yet. */
  pending(): any[];
  closed: Promise<Closed>;
  send(data: unknown): void;
  close(): Promise<Closed>;
}

export function wsUrl(emu: RunningEmulator, query: Record<string, string | string[]> = {}): string {
  const u = new URL('/v1/ws', emu.url.replace(/^http/, 'ws'));
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) u.searchParams.append(k, one);
  return u.toString();
}

/** Opens a client; resolves once the upgrade happened (or rejects with the refusal's status). */
export function connect(emu: RunningEmulator, query: Record<string, string | string[]> = {}, headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(wsUrl(emu, query), { headers });
  const queue: any[] = [];
  const waiters: Array<{ resolve(v: any): void; reject(e: Error): void }> = [];
  let done: Closed | null = null;
  let upgradeHeaders: Client['headers'] = {};
  ws.on('upgrade', (res) => {
    upgradeHeaders = res.headers;
  });
  ws.on('message', (data, isBinary) => {
    const frame = isBinary ? { binary: true } : JSON.parse(data.toString());
    const w = waiters.shift();
    if (w) w.resolve(frame);
    else queue.push(frame);
  });
  const closed = new Promise<Closed>((resolve) => {
    ws.on('close', (code, reason) => {
      done = { code, reason: reason.toString() };
      for (const w of waiters.splice(0)) w.reject(new Error(`socket closed (${code} ${done.reason}) before the next frame`));
      resolve(done);
    });
  });
  return new Promise<Client>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`upgrade refused with ${res.statusCode}`), { status: res.statusCode, headers: res.headers }));
      ws.terminate();
    });
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        get headers() {
          return upgradeHeaders;
        },
        next() {
          if (queue.length > 0) return Promise.resolve(queue.shift());
          if (done) return Promise.reject(new Error(`socket closed (${done.code}) before the next frame`));
          return new Promise((res, rej) => waiters.push({ resolve: res, reject: rej }));
        },
        pending: () => [...queue],
        closed,
        send: (data) => ws.send(typeof data === 'string' || Buffer.isBuffer(data) ? data : JSON.stringify(data)),
        close: () => {
          ws.close();
          return closed;
        },
      }),
    );
  });
}

/** Opens a client expected to be refused: returns the error frame and the close. */
export async function refused(
  emu: RunningEmulator,
  query: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<{ frame: any; closed: Closed; pending: any[] }> {
  const c = await connect(emu, query, headers);
  const closed = await c.closed;
  const frames = c.pending();
  return { frame: frames[0], closed, pending: frames.slice(1) };
}

export async function api(
  emu: RunningEmulator,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = {};
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export async function registerInbox(emu: RunningEmulator, key: string, inbox: string): Promise<void> {
  const r = await api(emu, 'POST', '/v1/inboxes', { key, body: { inbox } });
  if (r.status !== 201 && r.status !== 200) throw new Error(`register ${inbox}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Request units used this month, read through GET /v1/usage (which itself costs 1). */
export async function usedUnits(emu: RunningEmulator, key: string): Promise<number> {
  const r = await api(emu, 'GET', '/v1/usage', { key });
  if (r.status !== 200) throw new Error(`usage: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.requests_used as number;
}

export async function remainingMonth(emu: RunningEmulator, key: string): Promise<number> {
  const r = await api(emu, 'GET', '/v1/usage', { key });
  return Number(r.headers.get('x-ratelimit-remaining-month'));
}

let seq = 0;

/** A stored message as the mail path would keep it (for tests that publish the event directly). */
export function storedMessage(to: string, over: Partial<StoredMessage> = {}): StoredMessage {
  seq++;
  return {
    id: `Msg${seq}x${Math.random().toString(36).slice(2, 8)}`,
    from: 'Sender <noreply@service.example>',
    to,
    subject: `Your code #${seq}`,
    date: '2026-01-01T00:00:00.000Z',
    receivedAt: Date.UTC(2026, 0, 1),
    hasAttachment: false,
    otp: null,
    verificationLink: null,
    size: 512,
    file: `1767225600000.m${seq}.0.inbox`,
    ...over,
  };
}

/** Publishes 'message.received' as the core does once a message is stored. */
export function publish(emu: RunningEmulator, key: string, inbox: string, message: StoredMessage): void {
  const account = emu.core.accounts.byKey(key);
  const rec = emu.core.inboxes.find(inbox);
  if (!account || !rec) throw new Error(`no account ${key} or inbox ${inbox}`);
  emu.core.bus.emit('message.received', { account, inbox: rec, message, newMail: newMailEvent(account, rec.inbox, message) });
}

/** Mail through the emulator's real ingest path (POST /_emulator/messages); returns the message id. */
export async function ingestMail(
  emu: RunningEmulator,
  to: string,
  fields: { from?: string; subject?: string; text?: string; html?: string } = {},
): Promise<string> {
  const r = await api(emu, 'POST', '/_emulator/messages', {
    body: { from: 'Service <noreply@service.example>', subject: 'Hello', text: 'Nothing to see here.', ...fields, to },
  });
  if (r.status !== 201) throw new Error(`ingest to ${to}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.ids[0] as string;
}

export const OTP_TEXT = 'Your verification code is 482913.\nOr confirm here: https://service.example/verify?token=abc123';
