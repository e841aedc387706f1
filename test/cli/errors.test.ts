// How the CLI fails: exit codes and hints for network trouble, rate limits, broken services.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { reportForcedExit } from '../../src/cli/report-error.js';
import { captureStream, runCli } from './helpers.js';

let server: Server;
let url: string;
let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
let dir: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'inbox-err-'));
  env = { INBOX_CONFIG_DIR: dir, INBOX_BASE_URL: url, INBOX_API_KEY: 'k', INBOX_PROFILE: undefined, INBOX_HTTP_TIMEOUT: undefined };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
const me = {
  success: true,
  data: { plan: 'free', credits: 0, rate_limits: { per_second: 1, per_month: 5000 }, features: {}, inbox_count: 0, inbox_limit: 10, custom_domain_count: 0 },
};

describe('network', () => {
  test('connection refused at the default emulator address: exit 7, suggests inbox emulate', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const r = await runCli(['me'], { ...env, INBOX_BASE_URL: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toContain(`cannot reach http://127.0.0.1:${port}: connection refused`);
    expect(r.stderr).toContain(`"inbox emulate --port ${port}"`);
    expect(r.stderr).toContain('--base-url');
    const j = await runCli(['me', '--json'], { ...env, INBOX_BASE_URL: `http://127.0.0.1:${port}` });
    expect(JSON.parse(j.stderr)).toMatchObject({ success: false, error: 'connection_refused', exit_code: EXIT.network });
  });

  test('a remote host that does not resolve: exit 7, names the settings to check', async () => {
    const r = await runCli(['me'], { ...env, INBOX_BASE_URL: 'https://no-such-host.invalid' });
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toContain('inbox config set base-url');
  });

  test('a service that does not answer: exit 7 after INBOX_HTTP_TIMEOUT', async () => {
    handler = () => undefined;
    const r = await runCli(['me'], { ...env, INBOX_HTTP_TIMEOUT: '0.3' });
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toContain('did not answer');
  });

  test('not the API (HTML): exit 7 with a --base-url hint', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    };
    const r = await runCli(['me'], env);
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toContain('--base-url');
  });

  test('a port that does not speak HTTP (an SMTP greeting): exit 7, says so, and names the HTTP port', async () => {
    const smtp = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.end('220 mx.example ESMTP ready\r\n');
      socket.destroySoon();
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const at = `http://127.0.0.1:${(smtp.address() as AddressInfo).port}`;
    try {
      const r = await runCli(['me', '--json'], { ...env, INBOX_BASE_URL: at });
      expect(r.code).toBe(EXIT.network);
      const body = JSON.parse(r.stderr);
      expect(body).toMatchObject({ error: 'not_http' });
      expect(body.message).toContain('answered, but not in HTTP');
      expect(body.hint).toContain("point --base-url at the emulator's HTTP port");
      expect(body.hint).not.toContain('Start the emulator');
    } finally {
      smtp.close();
    }
  });
});

describe('rate limits and failures', () => {
  test('429 then 200: retried, said on stderr, exit 0', async () => {
    let n = 0;
    handler = (_req, res) =>
      ++n === 1 ? json(res, 429, { success: false, error: 'rate_limit_exceeded', message: 'Too many requests.' }, { 'retry-after': '0' }) : json(res, 200, me);
    const r = await runCli(['me', '--json'], env);
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.stdout).data.plan).toBe('free');
    expect(JSON.parse(r.stderr)).toMatchObject({ retry: 1, max_retries: 3 });
    n = 0;
    const p = await runCli(['me'], env);
    expect(p.stderr).toMatch(/^note: rate limited \(rate_limit_exceeded\); retrying GET \/v1\/me in 0 s \(1\/3\)$/m);
  });

  test('429 that persists: exit 6 after 3 retries; monthly quota: exit 6 naming credits', async () => {
    handler = (_req, res) => json(res, 429, { success: false, error: 'rate_limit_exceeded', message: 'Too many requests.' }, { 'retry-after': '0' });
    const r = await runCli(['me'], env);
    expect(r.code).toBe(EXIT.rateLimited);
    expect(r.stderr.match(/^note: rate limited/gm)).toHaveLength(3);
    expect(r.stderr).toContain('after 3 retries');
    handler = (_req, res) =>
      json(res, 429, {
        success: false,
        error: 'monthly_quota_exceeded',
        message: 'Monthly quota used up.',
        hint: 'Buy credits.',
        credits_url: 'https://x.test/credits',
        upgrade_url: 'https://x.test/upgrade',
      });
    const q = await runCli(['usage'], env);
    expect(q.code).toBe(EXIT.rateLimited);
    expect(q.stderr).toContain('https://x.test/credits');
    expect(q.stderr).not.toContain('note: rate limited');
  });

  test('a 5xx: exit 1 with a try-again hint; usage errors: exit 2', async () => {
    handler = (_req, res) => json(res, 503, { success: false, error: 'service_unavailable', message: 'Down for maintenance.' });
    const r = await runCli(['me'], env);
    expect(r.code).toBe(EXIT.error);
    expect(r.stderr).toContain('Try again');
    const u = await runCli(['wait', 'a@inbox.test', '--timeout', 'soon'], env);
    expect(u.code).toBe(EXIT.usage);
    expect(u.stderr).toContain('seconds');
    const c = await runCli(['nosuchcommand'], env);
    expect(c.code).toBe(EXIT.usage);
    const both = await runCli(['wait', 'a@inbox.test', '--otp', '--link'], env);
    expect(both.code).toBe(EXIT.usage);
  });

  test('a timeout past what a timer holds is a usage error, not a busy loop: --timeout and INBOX_HTTP_TIMEOUT', async () => {
    let requests = 0;
    handler = (_req, res) => {
      requests++;
      json(res, 200, { success: true, data: { plan: 'growth' } });
    };
    for (const t of ['3000000', '99999999999999']) {
      const r = await runCli(['wait', 'a@inbox.test', '--timeout', t], env);
      expect(r.code, t).toBe(EXIT.usage);
      expect(r.stderr).toContain('up to 2147483');
    }
    for (const v of ['99999999999', '1e99', 'abc', '-5', '0']) {
      const r = await runCli(['me'], { ...env, INBOX_HTTP_TIMEOUT: v });
      expect(r.code, v).toBe(EXIT.usage);
      expect(r.stderr).toContain('INBOX_HTTP_TIMEOUT');
      expect(r.stderr).toContain('hint:');
    }
    expect(requests).toBe(0);
    // Blank counts as unset; a plain number of seconds is taken.
    for (const v of ['', ' ', '2.5']) expect((await runCli(['me'], { ...env, INBOX_HTTP_TIMEOUT: v })).code, JSON.stringify(v)).toBe(EXIT.ok);
    expect(requests).toBe(3);
  });

  test('an empty --base-url, --api-key or --profile (an unset variable) is a usage error, not a fall back to the next source', async () => {
    let requests = 0;
    handler = (_req, res) => {
      requests++;
      json(res, 200, me);
    };
    for (const [flag, args] of [
      ['--base-url', ['me', '--base-url', '']],
      ['--api-key', ['me', '--api-key=']],
      ['--profile', ['--profile', '', 'config', 'set', 'inbox', 'x@inbox.test']],
    ] as const) {
      const r = await runCli([...args, '--json'], env);
      expect([flag, r.code]).toEqual([flag, EXIT.usage]);
      expect(JSON.parse(r.stderr)).toMatchObject({
        error: 'empty_flag',
        flag,
        message: `${flag} was given an empty value.`,
        hint: expect.stringContaining(`${flag} "$VAR"`),
      });
    }
    expect(requests).toBe(0);
    // Nothing was written to the default profile in place of the empty one.
    expect((await runCli(['config', 'get', 'inbox', '--json'], env)).stdout).not.toContain('x@inbox.test');
    // Without the flags the same environment reaches the server.
    expect((await runCli(['me'], env)).code).toBe(EXIT.ok);
    expect(requests).toBe(1);
  });

  test('a blank base URL or an API key that cannot go in a header is a usage error; a key is trimmed', async () => {
    const seen: string[] = [];
    handler = (req, res) => {
      seen.push(String(req.headers.authorization));
      json(res, 200, { success: true, data: { plan: 'growth' } });
    };
    for (const [args, code] of [
      [['me', '--base-url', ' '], 'invalid_url'],
      [['me', '--api-key', 'ключ'], 'invalid_api_key_format'],
      [['me', '--api-key', 'two words'], 'invalid_api_key_format'],
    ] as const) {
      const r = await runCli([...args, '--json'], env);
      expect([args, r.code]).toEqual([args, EXIT.usage]);
      expect(JSON.parse(r.stderr)).toMatchObject({ error: code, hint: expect.any(String) });
    }
    expect(seen).toEqual([]);
    expect((await runCli(['me'], { ...env, INBOX_API_KEY: 'emu_growth\n' })).code).toBe(EXIT.ok);
    expect(seen).toEqual(['Bearer emu_growth']);
  });

  test('a 404 page that is not the API: exit 7 with a --base-url hint; every refusal has a hint that fits it', async () => {
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    };
    const page = await runCli(['me', '--json'], env);
    expect(page.code).toBe(EXIT.network);
    expect(JSON.parse(page.stderr)).toMatchObject({ error: 'invalid_response', hint: expect.stringContaining('--base-url') });

    const refusal = async (status: number, body: Record<string, unknown>, args: string[]) => {
      handler = (_req, res) => json(res, status, { success: false, ...body });
      const r = await runCli([...args, '--json'], env);
      return { code: r.code, error: JSON.parse(r.stderr) as { hint?: string } };
    };
    const taken = await refusal(403, { error: 'inbox_not_owned', message: 'x@inbox.test is registered by another account.' }, [
      'inboxes',
      'register',
      'x@inbox.test',
    ]);
    expect(taken.code).toBe(EXIT.rejected);
    expect(taken.error.hint).toContain('another account');
    expect(taken.error.hint).not.toContain('register x@inbox.test');
    const full = await refusal(403, { error: 'inbox_limit_reached', message: 'The free plan allows 10 inboxes.' }, ['inboxes', 'register', 'f11@inbox.test']);
    expect(full.error.hint).toContain('inbox inboxes list');
    expect(full.error.hint).not.toContain('f11@inbox.test');
    const domains = await refusal(400, { error: 'limit_reached', message: 'At most 10 custom domains.' }, ['domains', 'add', 'd10.example.com']);
    expect(domains.error.hint).toContain('inbox domains custom');
    expect(domains.error.hint).not.toContain('d10.example.com');
    const unknown = await refusal(400, { error: 'invalid_parameter', message: '"test_id" must be a string of 1 to 128 characters.' }, ['me']);
    expect(unknown.code).toBe(EXIT.rejected);
    expect(unknown.error.hint).toContain('--help');
  });

  test('a command group without its subcommand: help and exit 2; with --json only a JSON error on stderr', async () => {
    const plain = await runCli(['messages'], env);
    expect(plain.code).toBe(EXIT.usage);
    expect(plain.stderr).toContain('Usage: inbox messages');
    const j = await runCli(['messages', '--json'], env);
    expect(j.code).toBe(EXIT.usage);
    expect(j.stdout).toBe('');
    expect(JSON.parse(j.stderr)).toMatchObject({ success: false, error: 'missing_command', exit_code: EXIT.usage });
    expect(JSON.parse(j.stderr).hint).toContain('--help');
  });
});

describe('a forced exit (a second Ctrl-C while a command cleans up)', () => {
  test('says what was left undone, as a line of text or as a JSON error, and gives 130', () => {
    const text = captureStream();
    expect(reportForcedExit('pending writes may be lost.', false, text)).toBe(130);
    expect(text.text).toBe('Forced exit; pending writes may be lost.\n');
    const json = captureStream();
    expect(reportForcedExit('pending writes may be lost.', true, json)).toBe(130);
    expect(JSON.parse(json.text)).toEqual({ success: false, error: 'forced_exit', message: 'Forced exit; pending writes may be lost.', exit_code: 130 });
  });
});
