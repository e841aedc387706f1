// End to end against the built binary, started as a user would: `node bin/inbox.js emulate --port 0
// --smtp-port 0 --data <file>`. Needs `npm run build` first (the helper builds once if dist/ is missing).
// Each start is a node process (most of this file's cost), so the cases that only need a running
// emulator share one, one case takes a data file through SIGTERM, restart, SIGKILL and takeover, and
// flags are checked on the starts it makes anyway.
// Refusals that come before anything listens (bad flag values, unreadable data files) run the same
// CLI in-process through main(); a real process's exit code 10 is the second-emulator case's.
import { request } from 'node:http';
import { connect } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { runBinary, startEmulatorBinary, type RunningBinary } from '../helpers/binary.js';
import { expectSchema } from '../helpers/emulator.js';
import { runCli } from '../cli/helpers.js';

const dirs: string[] = [];
/** Emulators started by the case running now, killed after it (one a failed case left would hold its lock). */
const running: RunningBinary[] = [];

/** A data file in a new temporary directory (removed after the file). */
function freshFile(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-bin-'));
  dirs.push(dir);
  return { dir, file: join(dir, 'emulator.json') };
}

afterEach(async () => {
  for (const r of running.splice(0)) await r.stop('SIGKILL').catch(() => undefined);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function start(args: string[]): Promise<RunningBinary> {
  const emu = await startEmulatorBinary(args);
  running.push(emu);
  return emu;
}

/** `inbox emulate --port 0 --smtp-port 0 <args>` in this process (for refusals before it listens). */
function emulateInProcess(args: string[]) {
  return runCli(['emulate', '--port', '0', '--smtp-port', '0', ...args], { NO_COLOR: '1' });
}

async function api(emu: RunningBinary, method: string, path: string, key?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${emu.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/** Sends a path exactly as written (fetch would normalise it). */
function rawRequest(emu: RunningBinary, method: string, path: string): Promise<{ status: number; text: string }> {
  const u = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, method, path, headers: { authorization: 'Bearer emu_enterprise' } }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (d: string) => (text += d))
        .on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function smtpGreets(address: string): Promise<string> {
  const [host, port] = [address.slice(0, address.lastIndexOf(':')), Number(address.slice(address.lastIndexOf(':') + 1))];
  return new Promise((resolve, reject) => {
    const s = connect({ host, port }, () => undefined);
    s.setEncoding('utf8').once('data', (d: string) => {
      s.end('QUIT\r\n');
      resolve(d);
    });
    s.on('error', reject);
  });
}

describe('inbox emulate (the built binary)', () => {
  describe('one emulator on a data file, shared by the cases that only need it running', () => {
    // The last case stops it (SIGTERM) and takes its file on through a restart, a SIGKILL and a
    // takeover. The others add accounts of their own and no inboxes (the second emulator changes
    // nothing), so what the last one counts and lists is its own.
    const { file } = freshFile();
    let emu: RunningBinary;
    beforeAll(async () => {
      emu = await startEmulatorBinary(['--data', file]);
    }, 60_000);
    afterAll(async () => {
      await emu?.stop('SIGKILL').catch(() => undefined);
    });

    it('prints the API URL, the SMTP address and the keys, and serves on them', async () => {
      expect(emu.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(emu.stdout()).toContain(`Data   ${file}  (fsync: interval)`);
      for (const key of ['emu_free', 'emu_developer', 'emu_startup', 'emu_growth', 'emu_enterprise']) expect(emu.stdout()).toContain(key);
      expect(emu.smtp).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(emu.smtp.endsWith(':0')).toBe(false);
      expect(await smtpGreets(emu.smtp)).toMatch(/^220 /);
      expect((await fetch(`${emu.url}/_emulator/health`)).status).toBe(200);
      const me = await api(emu, 'GET', '/v1/me', 'emu_startup');
      expect(me.status).toBe(200);
      expectSchema(responses.me, me.body);
      expect(me.headers.get('X-API-Plan')).toBe('startup');
    });

    it('over a real port: auth, limits, bad input and strange paths all get JSON 4xx answers', async () => {
      expect((await api(emu, 'GET', '/v1/me')).body.error).toBe('unauthorized');
      expect((await api(emu, 'GET', '/v1/me', 'emu_nobody')).body.error).toBe('invalid_api_key');
      expect((await api(emu, 'GET', '/v1/me?api_key=emu_growth')).body.data.plan).toBe('growth');
      expect((await api(emu, 'GET', '/v1/plans')).status).toBe(200);

      await api(emu, 'POST', '/_emulator/accounts', undefined, { apiKey: 'stuck', plan: 'free', limits: { perSecond: 0 } });
      const limited = await api(emu, 'GET', '/v1/me', 'stuck');
      expect([limited.status, limited.body.error, limited.headers.get('Retry-After')]).toEqual([429, 'rate_limit_exceeded', '1']);
      await api(emu, 'POST', '/_emulator/accounts', undefined, { apiKey: 'broke', plan: 'free', limits: { perMonth: 0 } });
      const quota = await api(emu, 'GET', '/v1/me', 'broke');
      expect([quota.status, quota.body.error, quota.headers.get('X-RateLimit-Remaining-Month')]).toEqual([429, 'monthly_quota_exceeded', '0']);
      expect(quota.body).toMatchObject({ upgrade_url: expect.stringContaining(emu.url), credits_url: expect.any(String), hint: expect.any(String) });

      const big = await fetch(`${emu.apiUrl}/inboxes`, {
        method: 'POST',
        headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
        body: JSON.stringify({ inbox: 'x'.repeat(3 * 1024 * 1024) }),
      });
      expect(big.status).toBe(413);
      expect((await big.json()).error).toBe('payload_too_large');
      const badJson = await fetch(`${emu.apiUrl}/inboxes`, {
        method: 'POST',
        headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
        body: '{',
      });
      expect([badJson.status, ((await badJson.json()) as { error: string }).error]).toEqual([400, 'invalid_json']);
      const text = await fetch(`${emu.apiUrl}/inboxes`, {
        method: 'POST',
        headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'text/plain' },
        body: '{}',
      });
      expect(text.status).toBe(415);
      expect((await fetch(`${emu.apiUrl}/me`, { method: 'PUT' })).status).toBe(405);

      for (const path of [
        '/v1/inboxes/%',
        '/v1/inboxes/%ZZ',
        '/v1/inboxes/%00',
        '/v1/inboxes/../../etc/passwd',
        `/v1/inboxes/${'a'.repeat(8000)}`,
        '/v1/inboxes/%F0%9F%98%80',
        '/%',
        '/v1//inboxes',
      ]) {
        const r = await rawRequest(emu, 'DELETE', path);
        expect(r.status, `${path}: ${r.text}`).toBeLessThan(500);
        if (r.status === 200) {
          // Unregistering answers 200 for any address; nothing of the caller's was there.
          expect(JSON.parse(r.text)).toMatchObject({ success: true, message: expect.stringContaining('not registered') });
          continue;
        }
        expect(r.status, `${path}: ${r.text}`).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(r.text)).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
      }
      expect((await fetch(`${emu.url}/_emulator/health`)).status).toBe(200); // still alive
      expect(emu.stderr()).toBe('');
    });

    it('a second emulator on the same data file exits 10 with a clear message; the first keeps running', async () => {
      const second = await runBinary(['emulate', '--port', '0', '--smtp-port', '0', '--data', file]);
      expect(second.code).toBe(10);
      expect(second.stderr).toContain(`another inbox emulator (pid ${emu.proc.pid}) is using ${file}`);
      expect(second.stderr).toMatch(/hint: .*--data/);
      expect((await fetch(`${emu.url}/_emulator/health`)).status).toBe(200);
      expect(readFileSync(`${file}.lock`, 'utf8').split('\n')[0]).toBe(String(emu.proc.pid));
    });

    // Last: it stops the shared emulator. One data file through SIGTERM, a restart, a SIGKILL and a
    // takeover; the two later starts also show the flags they are given.
    it('SIGTERM stops cleanly with every change on disk; a restart keeps accounts, domains, inboxes and usage; after a SIGKILL the stale lock is taken over and acknowledged changes are there; Ctrl-C is just as clean', async () => {
      expect((await api(emu, 'POST', '/_emulator/accounts', undefined, { apiKey: 'ci', plan: 'growth', credits: 12 })).status).toBe(201);
      const added = await api(emu, 'POST', '/v1/custom-domains', 'ci', { domain: 'mine.test' });
      expect(added.status).toBe(201);
      const txt = added.body.data.txt_record;
      await api(emu, 'POST', '/_emulator/dns', undefined, {
        domain: 'mine.test',
        records: [
          { type: 'MX', value: 'mx.inbox.test' },
          { type: 'TXT', value: txt },
        ],
      });
      expect((await api(emu, 'POST', '/v1/custom-domains/mine.test/verify', 'ci')).status).toBe(200);
      expect((await api(emu, 'POST', '/v1/inboxes', 'ci', { inbox: 'a@mine.test' })).status).toBe(201);
      expect((await api(emu, 'POST', '/v1/inboxes', 'emu_free', { inbox: 'b@inbox.test' })).status).toBe(201);
      const last = await api(emu, 'GET', '/v1/usage', 'ci');
      expect(last.body.data.requests_used).toBe(4);

      const exit = await emu.stop('SIGTERM');
      expect(exit.code).toBe(0);
      expect(exit.stdout).toContain('stopped.');
      expect(exit.stderr).toBe('');
      expect(existsSync(`${file}.lock`)).toBe(false);
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      expect(doc.accounts.find((a: { apiKey: string }) => a.apiKey === 'ci')).toMatchObject({ plan: 'growth', credits: 12, usage: { used: 4 } });
      expect(doc.customDomains).toEqual([expect.objectContaining({ domain: 'mine.test', verified: true })]);
      expect(doc.inboxes.map((i: { inbox: string }) => i.inbox).sort()).toEqual(['a@mine.test', 'b@inbox.test']);

      // The restart, with --no-fsync: nothing is fsynced, and a SIGKILL still loses nothing acknowledged.
      const again = await start(['--data', file, '--no-fsync']);
      expect(again.stdout()).toContain('(fsync: never)');
      const usage = await api(again, 'GET', '/v1/usage', 'ci');
      expect(usage.body.data).toMatchObject({ plan: 'growth', requests_used: 5, credits_remaining: 12 });
      const domains = await api(again, 'GET', '/v1/custom-domains', 'ci');
      expect(domains.body.data).toEqual([expect.objectContaining({ domain: 'mine.test', verified: true, txt_record: txt })]);
      expect((await api(again, 'GET', '/v1/inboxes', 'ci')).body.data.map((i: { inbox: string }) => i.inbox)).toEqual(['a@mine.test']);
      expect((await api(again, 'POST', '/v1/inboxes', 'emu_free', { inbox: 'b@inbox.test' })).status).toBe(200);

      expect((await api(again, 'POST', '/v1/inboxes', 'emu_developer', { inbox: 'survivor@inbox.test' })).status).toBe(201);
      const killed = await again.stop('SIGKILL');
      expect(killed.signal).toBe('SIGKILL');
      expect(existsSync(`${file}.lock`)).toBe(true);
      // The takeover also takes --host, --dns system, --allow-http-webhooks and --fsync always.
      const third = await start(['--data', file, '--host', '127.0.0.1', '--dns', 'system', '--allow-http-webhooks', '--fsync', 'always']);
      expect(third.apiUrl.startsWith('http://127.0.0.1:')).toBe(true);
      expect(third.stdout()).toContain('(fsync: always)');
      expect((await fetch(`${third.url}/_emulator/health`)).status).toBe(200);
      expect((await api(third, 'GET', '/v1/inboxes', 'emu_developer')).body.data.map((i: { inbox: string }) => i.inbox)).toEqual(['survivor@inbox.test']);
      expect(readFileSync(`${file}.lock`, 'utf8').split('\n')[0]).toBe(String(third.proc.pid));
      expect((await third.stop('SIGINT')).code).toBe(0); // Ctrl-C is just as clean
    });
  });

  it('a newer data format exits 10 and leaves the file as it was; so does a corrupt file (in-process)', async () => {
    const { file } = freshFile();
    const newer = JSON.stringify({ format: 99, accounts: [] });
    writeFileSync(file, newer);
    let r = await emulateInProcess(['--data', file]);
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('newer');
    expect(readFileSync(file, 'utf8')).toBe(newer);

    writeFileSync(file, '{"format":1,');
    r = await emulateInProcess(['--data', file]);
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('not valid JSON');
    expect(readFileSync(file, 'utf8')).toBe('{"format":1,');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('a --data it cannot use or a --host that is not this machine exits 10 with a hint, not as a bug (in-process)', async () => {
    const { dir } = freshFile();
    writeFileSync(join(dir, 'a-file'), '');
    for (const [args, code] of [
      [['--data', dir], 'data_path'], // a folder
      [['--data', join(dir, 'a-file', 'emulator.json')], 'data_path'], // under a file
      [['--memory', '--host', 'no-such-host.invalid'], 'bad_host'],
    ] as const) {
      const r = await emulateInProcess([...args, '--json']);
      expect([args, r.code]).toEqual([args, 10]);
      const err = JSON.parse(r.stderr.trim().split('\n').pop()!) as Record<string, unknown>;
      expect(err).toMatchObject({ error: code, exit_code: 10 });
      expect(String(err.hint)).toMatch(/--data|--host/);
    }
  });

  it('bad flag values exit 2 (in-process) and write nothing', async () => {
    const { dir } = freshFile();
    for (const args of [
      ['--dns', 'bogus'],
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--smtp-port', '-1'],
      ['--fsync', 'sometimes'],
    ]) {
      const r = await emulateInProcess(['--data', join(dir, 'unused.json'), ...args]);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stderr).toMatch(/error: /);
    }
    expect(existsSync(join(dir, 'unused.json'))).toBe(false);
  });
});
