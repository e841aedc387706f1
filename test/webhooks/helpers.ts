// Helpers for the webhook suites: real HTTP receivers on loopback (node:http), a message fixture, an
// in-process app with the webhook routes and a dispatcher on the real outbound transport, and a
// queue of 'webhook.delivery' events to await. No sleeping: every wait is on an event.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PostFn } from '../../emulator/core/delivery/dispatcher.js';
import type { EmulatorCore } from '../../emulator/core/emulator.js';
import type { EmulatorEvents } from '../../emulator/core/events.js';
import { newMailEvent } from '../../emulator/core/mail/ingest.js';
import type { StoredMessage } from '../../emulator/core/state.js';
import { createOutbound } from '../../emulator/outbound.js';
import { makeApp } from '../helpers/emulator.js';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Behaviour = { status: number } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  /** How the next requests are answered (default 200). */
  behave(b: Behaviour): void;
  /** Answers the requests left hanging so far with `status`. */
  release(status: number): void;
  /** Resolves with the n-th request (1-based) once it has arrived. */
  nth(n: number): Promise<Received>;
  /** How many client connections are open (a killed client's close once every request it sent is read). */
  connections(): Promise<number>;
  close(): Promise<void>;
}

export async function startReceiver(initial: Behaviour = { status: 200 }): Promise<Receiver> {
  let behaviour = initial;
  const requests: Received[] = [];
  const waiters: Array<{ n: number; resolve(r: Received): void }> = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(r);
      for (const w of waiters.filter((x) => x.n <= requests.length)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(requests[w.n - 1]!);
      }
      if (behaviour === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    behave: (b) => (behaviour = b),
    release: (status) => {
      for (const res of hanging) res.writeHead(status).end();
      hanging.clear();
    },
    nth: (n) => (requests.length >= n ? Promise.resolve(requests[n - 1]!) : new Promise((resolve) => waiters.push({ n, resolve }))),
    connections: () => new Promise((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n)))),
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** A loopback URL on which nothing listens (connection refused). */
export async function refusedUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}/hook`;
}

let seq = 0;
export function message(over: Partial<StoredMessage> = {}): StoredMessage {
  seq += 1;
  return {
    id: `msg${seq}x`,
    from: 'sender@example.com',
    to: 'a@inbox.test',
    subject: `Hello ${seq}`,
    date: '2026-01-01T00:00:00.000Z',
    receivedAt: Date.UTC(2026, 0, 1),
    hasAttachment: false,
    otp: null,
    verificationLink: null,
    size: 100,
    file: `1767225600000.m${seq}.0.inbox`,
    ...over,
  };
}

/** Announces a stored message the way the mail path does (`message.received`). */
export function deliverMail(core: EmulatorCore, inbox: string, msg: StoredMessage): void {
  const rec = core.inboxes.find(inbox);
  if (!rec) throw new Error(`inbox ${inbox} is not registered`);
  const account = core.accounts.byId(rec.accountId)!;
  const message = { ...msg, to: rec.inbox };
  core.bus.emit('message.received', { account, inbox: rec, message, newMail: newMailEvent(account, rec.inbox, message) });
}

type Delivery = EmulatorEvents['webhook.delivery'];

/** Collects 'webhook.delivery' events; next() awaits the next one not yet read. */
export function deliveryEvents(core: EmulatorCore) {
  const seen: Delivery[] = [];
  const waiters: Array<(d: Delivery) => void> = [];
  let read = 0;
  core.bus.on('webhook.delivery', (d) => {
    seen.push(d);
    const w = waiters.shift();
    if (w) {
      read++;
      w(d);
    }
  });
  return {
    all: seen,
    next(): Promise<Delivery> {
      if (read < seen.length) return Promise.resolve(seen[read++]!);
      return new Promise((r) => waiters.push(r));
    },
    unread: () => seen.length - read,
  };
}

/** An in-process app with the webhook routes, two registered inboxes and a started dispatcher. */
export async function makeWebhookApp(opts: { allowHttp?: boolean; post?: PostFn; dataPath?: string | null } = {}) {
  const outbound = createOutbound();
  const t = await makeApp({ dataPath: opts.dataPath ?? null, post: opts.post ?? outbound.post });
  t.core.webhooks.allowHttp = opts.allowHttp ?? true;
  const dispatcher = t.core.dispatcher;
  dispatcher.start();
  const events = deliveryEvents(t.core);
  return {
    ...t,
    dispatcher,
    events,
    async register(key: string, inbox: string) {
      const r = await t.call('POST', '/v1/inboxes', { key, body: { inbox } });
      if (r.status !== 201 && r.status !== 200) throw new Error(`register ${inbox}: ${r.status} ${r.text}`);
    },
    async addWebhook(key: string, inbox: string, url: string) {
      const r = await t.call('POST', '/v1/webhooks', { key, body: { inbox, url } });
      if (r.status !== 201) throw new Error(`add webhook: ${r.status} ${r.text}`);
      return r.body as { id: string; secret: string; url: string; inbox: string };
    },
    async close() {
      await dispatcher.stop();
      await outbound.close();
      await t.close();
    },
  };
}
