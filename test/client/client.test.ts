// InboxClient against the emulator in this process over app.request (contract shapes, errors, 429s on
// the manual clock) and against small fake servers on real sockets (timeouts, deadline, bad answers).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EmulatorClock } from '../../emulator/core/clock.js';
import { inProcessEmulator } from '../helpers/emulator.js';
import { responses } from '../../src/api/schemas.js';
import { InboxApiError, InboxClient, InboxNetworkError, parseRetryAfter, type RetryInfo } from '../../src/client/index.js';

let emu: Awaited<ReturnType<typeof inProcessEmulator>>;
let clock: EmulatorClock;
let client: InboxClient;
beforeAll(async () => {
  emu = await inProcessEmulator();
  clock = emu.clock;
  client = new InboxClient({ baseUrl: `${emu.url}/v1`, apiKey: emu.keys.enterprise, fetch: emu.fetch });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

function raw(text: string, to: string): string {
  return `From: app@example.test\r\nTo: ${to}\r\nSubject: Sign in\r\n\r\n${text}\r\n`;
}

describe('one method per route, answers match the contract', () => {
  test('account, domains, inboxes, messages, otp, wait, timeline, insights, webhooks', async () => {
    const A = 'contract@inbox.test';
    responses.plans.parse(await client.plans());
    responses.me.parse(await client.me());
    responses.usage.parse(await client.usage());
    responses.listDomains.parse(await client.listDomains());
    responses.addCustomDomain.parse(await client.addCustomDomain('contract.example'));
    responses.listCustomDomains.parse(await client.listCustomDomains());
    const custom = (await client.listCustomDomains()).data[0]!;
    responses.registerInbox.parse(await client.registerInbox(A));
    responses.registerInboxExisting.parse(await client.registerInbox(A));
    // The view keeps `data` and `count`; the hosted server's api_inboxes/app_inboxes copies are not read.
    responses.listInboxes.pick({ success: true, count: true, data: true }).parse(await client.listInboxes());
    await client.emulatorSetDns(custom.domain, [
      { type: 'MX', value: custom.mx_record, priority: 10 },
      { type: 'TXT', value: custom.txt_record },
    ]);
    responses.verifyCustomDomain.parse(await client.verifyCustomDomain('contract.example'));
    responses.removeCustomDomain.parse(await client.removeCustomDomain('contract.example'));

    const [stored] = await emu.core.ingest({ source: raw('Your code is 909090', A), recipients: [A] });
    const list = responses.listMessages.parse(await client.listMessages(A));
    expect(list.data[0]!.id).toBe(stored!.id);
    responses.getMessage.parse(await client.getMessage(A, stored!.id));
    expect(responses.otp.parse(await client.otp(A))).toMatchObject({ otp: '909090' });
    const waiting = client.wait(A, { timeout: 10 });
    await emu.core.waits.whenPending();
    clock.advance(10_000);
    expect(responses.wait.parse(await waiting)).toEqual({ success: false, message: 'Timeout reached' });
    // The client reads the wire's ms timestamps into ISO 8601 (the one form its callers print).
    const tl = await client.timeline(A);
    expect(tl.data.length).toBeGreaterThan(0);
    for (const e of tl.data) expect(e.timestamp).toBe(new Date(Date.parse(e.timestamp)).toISOString());
    // An event inside a test run keeps the run's id.
    await client.startTest(A, 'run-1');
    await emu.core.ingest({ source: raw('no code here', A), recipients: [A] });
    expect((await client.timeline(A)).data.at(-1)!.test_run_id).toBe('run-1');
    responses.insights.parse(await client.insights(A));
    const hook = responses.addWebhook.parse(await client.addWebhook(A, 'https://hooks.example.test/x'));
    responses.listWebhooks.parse(await client.listWebhooks());
    responses.removeWebhook.parse(await client.removeWebhook(hook.id));
    responses.deleteMessage.parse(await client.deleteMessage(A, stored!.id));
    responses.removeInbox.parse(await client.removeInbox(A));
    expect(client.lastRateLimit).toMatchObject({ plan: 'enterprise', limitSecond: 100 });
  }, 30_000);

  test('wait returns the message newer than `since` at once', async () => {
    const A = 'since@inbox.test';
    await client.registerInbox(A);
    const [m1] = await emu.core.ingest({ source: raw('one', A), recipients: [A] });
    const [m2] = await emu.core.ingest({ source: raw('two', A), recipients: [A] });
    const res = responses.wait.parse(await client.wait(A, { since: m1!.id }));
    expect(res).toMatchObject({ success: true, data: { id: m2!.id } });
  });

  test('API errors carry status, code and body', async () => {
    const err = await client.removeWebhook('nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InboxApiError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', retries: 0 });
    const anon = new InboxClient({ baseUrl: emu.url, fetch: emu.fetch });
    const e401 = await anon.me().catch((e: unknown) => e);
    expect(e401).toMatchObject({ status: 401, code: 'unauthorized' });
    const free = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.free, fetch: emu.fetch });
    const e403 = await free.listCustomDomains().catch((e: unknown) => e);
    expect(e403).toMatchObject({ status: 403, code: 'plan_required' });
    expect((e403 as InboxApiError).body?.upgrade_url).toBeTypeOf('string');
    await Promise.all([anon.close(), free.close()]);
  });
});

describe('429: Retry-After honoured, a bounded number of times', () => {
  test('a per-second limit never surfaces when a retry succeeds (sleep drives the manual clock)', async () => {
    const retries: RetryInfo[] = [];
    const free = new InboxClient({
      baseUrl: emu.url,
      apiKey: emu.keys.free,
      onRetry: (r) => retries.push(r),
      fetch: emu.fetch,
      sleep: async (ms) => void clock.advance(ms),
    });
    clock.advance(5_000);
    const results = await Promise.all([free.me(), free.me(), free.me()]);
    expect(results.every((r) => r.success)).toBe(true);
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries[0]).toMatchObject({ status: 429, code: 'rate_limit_exceeded', delayMs: 1000, maxRetries: 3 });
    await free.close();
  });

  test('the monthly quota is not retried', async () => {
    await emu.fetch(`${emu.url}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'tiny_quota_key', plan: 'developer', limits: { perMonth: 1 } }),
    });
    const retries: RetryInfo[] = [];
    const c = new InboxClient({ baseUrl: emu.url, apiKey: 'tiny_quota_key', onRetry: (r) => retries.push(r), fetch: emu.fetch });
    await c.me();
    const e = await c.me().catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 429, code: 'monthly_quota_exceeded' });
    expect(retries).toEqual([]);
    await c.close();
  });
});

describe('fake servers: retries exhausted, timeouts, deadline, bad answers', () => {
  let server: Server;
  let url: string;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      handler(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const limited = (retryAfter: string) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
    res.end(JSON.stringify({ success: false, error: 'rate_limit_exceeded', message: 'Slow down.' }));
  };

  test('gives up after maxRetries, reporting each retry', async () => {
    handler = limited('0');
    hits = 0;
    const seen: number[] = [];
    const c = new InboxClient({ baseUrl: url, apiKey: 'k', onRetry: (r) => seen.push(r.attempt) });
    const e = await c.me().catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 429, code: 'rate_limit_exceeded', retries: 3 });
    expect(seen).toEqual([1, 2, 3]);
    expect(hits).toBe(4);
    await c.close();
  });

  test('a Retry-After beyond maxRetryAfterMs, or past the deadline, is not waited for', async () => {
    handler = limited('120');
    hits = 0;
    const c = new InboxClient({ baseUrl: url, apiKey: 'k' });
    await expect(c.me()).rejects.toMatchObject({ status: 429, retries: 0 });
    handler = limited('2');
    const d = new InboxClient({ baseUrl: url, apiKey: 'k', deadlineMs: 1500 });
    await expect(d.me()).rejects.toMatchObject({ status: 429, retries: 0 });
    expect(hits).toBe(2);
    await Promise.all([c.close(), d.close()]);
  });

  test('no answer: the per-request timeout, then the overall deadline', async () => {
    handler = () => undefined; // never answers
    const c = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 200 });
    const e = await c.me().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InboxNetworkError);
    expect(e).toMatchObject({ kind: 'timeout' });
    const d = new InboxClient({ baseUrl: url, apiKey: 'k', timeoutMs: 60_000, deadlineMs: 200 });
    await expect(d.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'deadline' });
    await Promise.all([c.close(), d.close()]);
  });

  test('a 200 that is not JSON, and a 500 without a JSON body', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    };
    const c = new InboxClient({ baseUrl: url, apiKey: 'k' });
    await expect(c.me()).rejects.toMatchObject({ kind: 'invalid_response' });
    handler = (_req, res) => {
      res.writeHead(502);
      res.end('Bad Gateway');
    };
    await expect(c.me()).rejects.toMatchObject({ name: 'InboxApiError', status: 502, code: 'http_502' });
    await c.close();
  });

  test('connection refused and unknown host', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const c = new InboxClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' });
    await expect(c.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'connection_refused' });
    const d = new InboxClient({ baseUrl: 'http://no-such-host.invalid', apiKey: 'k' });
    await expect(d.me()).rejects.toMatchObject({ name: 'InboxNetworkError', kind: 'dns' });
    await Promise.all([c.close(), d.close()]);
  });

  test('bearer header, JSON body, URL-encoded path parameters', async () => {
    let seen: { url?: string; auth?: string; body?: string; type?: string } = {};
    handler = (req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen = { url: req.url, auth: req.headers.authorization, body, type: req.headers['content-type'] };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"success":true}');
      });
    };
    const c = new InboxClient({ baseUrl: url + '/', apiKey: 'secret_key' });
    await c.getMessage('a+b@inbox.test', 'id/1');
    expect(seen).toMatchObject({ url: '/v1/inboxes/a%2Bb%40inbox.test/messages/id%2F1', auth: 'Bearer secret_key' });
    await c.addWebhook('a@inbox.test', 'https://x.test');
    expect(JSON.parse(seen.body!)).toEqual({ url: 'https://x.test', inbox: 'a@inbox.test' });
    expect(seen.type).toBe('application/json');
    await c.wait('a@inbox.test', { timeout: 15, since: 'abc' });
    expect(seen.url).toBe('/v1/inboxes/a%40inbox.test/wait?timeout=15&since=abc');
    await c.close();
  });
});

test('parseRetryAfter: seconds and HTTP dates', () => {
  expect(parseRetryAfter('1')).toBe(1000);
  expect(parseRetryAfter('0.5')).toBe(500);
  expect(parseRetryAfter(undefined)).toBeUndefined();
  expect(parseRetryAfter('soon')).toBeUndefined();
  expect(parseRetryAfter(new Date(10_000).toUTCString(), 5_000)).toBe(5_000);
});
