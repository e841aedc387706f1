// The default node:http path of the client's Transport, over real sockets: body, headers and
// timeouts reported with the codes errors.ts maps (a stalled body is a timeout, not a hang).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NodeHttp } from '../../src/client/node-http.js';
import { InboxClient } from '../../src/client/client.js';

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

describe('NodeHttp', () => {
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
    const h = new NodeHttp(5_000);
    const res = await h.send({ method: 'POST', url: `${url}/v1/x?y=1`, headers: { 'content-type': 'application/json' }, body: '{"a":"é"}', timeoutMs: 5_000 });
    h.close();
    expect(got).toBe('POST /v1/x?y=1 10 {"a":"é"}');
    expect(res).toMatchObject({ status: 201, text: '{"é":1}' });
    expect(res.headers['x-thing']).toBe('a');
    expect(res.headers['set-cookie']).toBe('x=1, y=2');
  });

  test('a body that stalls after the headers ends with a body timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    };
    const h = new NodeHttp(5_000);
    const e = await h.send({ method: 'GET', url: `${url}/`, headers: {}, timeoutMs: 200 }).catch((x: unknown) => x);
    h.close();
    expect(e).toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    const c = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 200 });
    await expect(c.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'timeout' });
    await c.close();
  });

  test('no response headers in time is a headers timeout; the caller signal aborts', async () => {
    handler = () => undefined;
    const h = new NodeHttp(5_000);
    await expect(h.send({ method: 'GET', url: `${url}/`, headers: {}, timeoutMs: 150 })).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    const ac = new AbortController();
    const p = h.send({ method: 'GET', url: `${url}/`, headers: {}, timeoutMs: 60_000, signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    h.close();
  });
});
