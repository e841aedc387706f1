// The client's fetch seam over real sockets: the default fetch (node:http) and Node's global fetch
// give the same answers, and the client's own header and body timeouts, the caller's abort and the
// network error kinds hold over both (a stalled body is a timeout, not a hang).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InboxClient } from '../../src/client/client.js';
import type { FetchFn } from '../../src/client/fetch.js';
import { nodeFetch } from '../../src/client/node-http.js';
import { send } from '../../src/client/transport.js';

let server: Server;
let url: string;
let handler: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const fetches: Array<[string, () => { fetch: FetchFn; close(): void }]> = [
  ['the default fetch (node:http)', () => nodeFetch({ connectTimeoutMs: 5_000 })],
  ["Node's global fetch", () => ({ fetch: globalThis.fetch as unknown as FetchFn, close: () => undefined })],
];

describe.each(fetches)('over %s', (_name, make) => {
  test('sends the body with its byte length and returns status, lower-cased headers and text', async () => {
    let got = '';
    handler = (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got = `${req.method} ${req.url} ${req.headers['content-length']} ${Buffer.concat(chunks).toString('utf8')}`;
        res.writeHead(201, { 'X-Thing': 'a', 'Set-Cookie': ['x=1', 'y=2'] });
        res.end('{"é":1}');
      });
    };
    const f = make();
    const res = await send(f.fetch, {
      method: 'POST',
      url: `${url}/v1/x?y=1`,
      headers: { 'content-type': 'application/json' },
      body: '{"a":"é"}',
      timeoutMs: 5_000,
    });
    f.close();
    expect(got).toBe('POST /v1/x?y=1 10 {"a":"é"}');
    expect(res).toMatchObject({ status: 201, text: '{"é":1}' });
    expect(res.headers['x-thing']).toBe('a');
    expect(res.headers['set-cookie']).toBe('x=1, y=2');
  });

  test('a body that stalls after the headers ends with a timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    };
    const f = make();
    const c = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 200, fetch: f.fetch });
    await expect(c.me()).rejects.toMatchObject({
      name: 'InboxNetworkError',
      kind: 'timeout',
      message: expect.stringMatching(/within 0\.2 s \(the body stalled\)/),
    });
    f.close();
  });

  test('no response headers in time is a timeout; the caller signal aborts', async () => {
    handler = () => undefined;
    const f = make();
    const c = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 150, fetch: f.fetch });
    await expect(c.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'timeout', message: expect.stringMatching(/no response headers/) });
    const slow = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 60_000, fetch: f.fetch });
    const ac = new AbortController();
    const p = slow.wait('a@inbox.test', { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'aborted' });
    f.close();
  });

  test('the overall deadline ends a call whatever the per-request timeout', async () => {
    handler = () => undefined;
    const f = make();
    const c = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 60_000, deadlineMs: 150, fetch: f.fetch });
    await expect(c.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'deadline' });
    f.close();
  });

  test('nothing listening is connection_refused (the error code of the socket, mapped)', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const f = make();
    const c = new InboxClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', fetch: f.fetch });
    await expect(c.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'connection_refused' });
    f.close();
  });
});
