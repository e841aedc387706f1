// `inbox faults add|list|clear` and what the project's own CLI (and so its client) does with injected
// failures, against an emulator on real sockets: a 429 is retried after its Retry-After and ends in
// exit 6 when it persists, a 503 with Retry-After is retried, a 5xx without one is exit 1, a monthly
// 429 is exit 6 at once, a reset connection is exit 7. The list shows each rule's hits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runCli } from '../cli/helpers.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';

let emu: RunningEmulator;
let clock: EmulatorClock;
let configDir: string;
let sleeps: number[];

function inbox(args: string[], env: Record<string, string> = {}) {
  clock.advance(1000);
  return runCli(
    args,
    { INBOX_BASE_URL: emu.url, INBOX_API_KEY: 'emu_growth', INBOX_CONFIG_DIR: configDir, ...env },
    {
      // The client's waits between retries: recorded, and passed on the emulator's clock at once.
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.advance(ms);
      },
    },
  );
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock });
  configDir = mkdtempSync(join(tmpdir(), 'inbox-faults-'));
});
afterEach(() => {
  emu.faults.clear();
});
afterAll(async () => {
  await emu?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('inbox faults add | list | clear', () => {
  test('a preset, a rule written with flags, one as JSON; the list shows hits; clear by id and all', async () => {
    const preset = await inbox(['faults', 'add', '--preset', 'greylisting']);
    expect(preset.code, preset.stderr).toBe(EXIT.ok);
    expect(preset.stdout).toContain('Added 1 fault rule: greylisting');
    expect(preset.stdout).toMatch(/greylisting\s+smtp\.rcpt\s+first try\s+451 4\.7\.1 Greylisted/);

    const flags = await inbox(['faults', 'add', '--id', 'me-fails', '--where', 'api.me', '--status', '500', '--times', '1']);
    expect(flags.code, flags.stderr).toBe(EXIT.ok);
    const json = await inbox(['faults', 'add', '{"where":"smtp.rcpt","when":{"recipient":"gone@inbox.test"},"what":{"reply":"550 5.1.1 Gone"}}', '--json']);
    expect(json.code, json.stderr).toBe(EXIT.ok);
    expect(JSON.parse(json.stdout).data[0]).toMatchObject({ id: 'f1', where: ['smtp.rcpt'], what: { reply: { code: 550, enhanced: '5.1.1', text: 'Gone' } } });

    const file = join(configDir, 'rules.json');
    writeFileSync(
      file,
      JSON.stringify({
        rules: [
          { id: 'slow', where: 'smtp.connect', what: { delayMs: 10 } },
          { preset: 'mailbox-full', recipient: 'full@inbox.test' },
        ],
      }),
    );
    const fromFile = await inbox(['faults', 'add', '--file', file]);
    expect(fromFile.code, fromFile.stderr).toBe(EXIT.ok);
    expect(fromFile.stdout).toContain('Added 2 fault rules: slow, mailbox-full');
    expect((await inbox(['faults', 'clear', 'slow', 'mailbox-full'])).code).toBe(EXIT.ok);

    expect((await inbox(['me'])).code).toBe(EXIT.error);
    const list = await inbox(['faults', 'list', '--hits']);
    expect(list.code).toBe(EXIT.ok);
    expect(list.stdout).toMatch(/me-fails\s+api\.me\s+1 time\s+500\s+1\s+\d{4}-/);
    expect(list.stdout).toMatch(/greylisting .* 0\s+-/);
    expect(list.stdout).toMatch(/\d{4}-\S+Z {2}me-fails {2}api\.me {2}500 {2}account=emu_growth route=me/);
    const listed = JSON.parse((await inbox(['faults', 'list', '--json'])).stdout);
    expect(listed.data.map((r: { id: string; hits: number }) => [r.id, r.hits])).toEqual([
      ['greylisting', 0],
      ['me-fails', 1],
      ['f1', 0],
    ]);

    expect((await inbox(['faults', 'clear', 'me-fails', 'f1'])).stdout).toContain('Removed 2 fault rules.');
    const missing = await inbox(['faults', 'clear', 'nope']);
    expect(missing.code).toBe(EXIT.notFound);
    expect(missing.stderr).toContain('inbox faults list');
    // An id a URL resolves away: refused before any request (`clear .` would ask another route).
    const dot = await inbox(['faults', 'clear', '.']);
    expect(dot.code).toBe(EXIT.usage);
    expect(dot.stderr).toContain('"." cannot be used as the rule');
    expect(dot.stderr).toContain('inbox faults list');
    expect((await inbox(['faults', 'clear'])).stdout).toContain('Removed 1 fault rule.');
    expect((await inbox(['faults', 'list'])).stderr).toContain('no fault rules');
  });

  test('bad rules: the emulator says what is wrong (exit 9); bad flags are usage errors (exit 2)', async () => {
    const bad = await inbox(['faults', 'add', '--where', 'smtp.rcpt', '--status', '503']);
    expect(bad.code).toBe(EXIT.rejected);
    expect(bad.stderr).toContain('rule.what.status: "status" is not an effect at smtp.rcpt');
    const param = await inbox(['faults', 'add', '--preset', 'bounce']);
    expect(param.code).toBe(EXIT.rejected);
    expect(param.stderr).toContain('the bounce preset needs the recipients it refuses');
    expect((await inbox(['faults', 'add', '--preset', 'nope'])).code).toBe(EXIT.usage);
    expect((await inbox(['faults', 'add', '--where', 'api.me', '--status', '500', '--delay', 'soon'])).code).toBe(EXIT.usage);
    expect((await inbox(['faults', 'add', '--times', '2'])).code).toBe(EXIT.usage);
    expect(emu.faults.list()).toEqual([]);
  });

  test('against something that is not the emulator: said so', async () => {
    const other: Server = createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"error":"not_found","message":"no"}'),
    );
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const r = await inbox(['faults', 'list'], { INBOX_BASE_URL: `http://127.0.0.1:${(other.address() as AddressInfo).port}` });
      expect(r.code).toBe(EXIT.rejected);
      expect(r.stderr).toContain('not an inbox emulator');
    } finally {
      other.close();
    }
  });
});

describe('injected failures, as the CLI meets them', () => {
  test('a 429 once: retried after its Retry-After, then it succeeds', async () => {
    emu.faults.add({ where: 'api.me', when: { times: 1 }, what: { status: 429 } });
    sleeps = [];
    const r = await inbox(['me']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(sleeps).toEqual([1000]);
    expect(r.stderr).toContain('rate limited (rate_limit_exceeded); retrying GET /v1/me in 1 s (1/3)');
  });

  test('a 429 that persists: three retries a second apart, then exit 6', async () => {
    emu.faults.add({ where: 'api.me', what: { status: 429 } });
    sleeps = [];
    const r = await inbox(['me']);
    expect(r.code).toBe(EXIT.rateLimited);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expect(r.stderr).toContain('Still limited after 3 retries');
    expect(emu.faults.list()[0]!.hits).toBe(4);
  });

  test('a monthly 429: not retried, exit 6 with where to buy credits', async () => {
    emu.faults.add({ where: 'api.usage', what: { status: 429, error: 'monthly_quota_exceeded' } });
    sleeps = [];
    const r = await inbox(['usage']);
    expect(r.code).toBe(EXIT.rateLimited);
    expect(sleeps).toEqual([]);
    expect(r.stderr).toContain('Buy credits at');
  });

  test('a 503 with Retry-After: retried after it; a 500 or a 503 without one: exit 1', async () => {
    emu.faults.add({ id: 'maint', where: 'api.me', when: { times: 1 }, what: { status: 503, retryAfter: 2 } });
    sleeps = [];
    const retried = await inbox(['me']);
    expect(retried.code, retried.stderr).toBe(EXIT.ok);
    expect(sleeps).toEqual([2000]);
    expect(retried.stderr).toContain('service unavailable (service_unavailable); retrying GET /v1/me in 2 s (1/3)');

    emu.faults.add({ where: 'api.me', when: { times: 1 }, what: { status: 503 } });
    const bare = await inbox(['me']);
    expect(bare.code).toBe(EXIT.error);
    expect(bare.stderr).toContain('the service failed');
    emu.faults.add({ where: 'api.listInboxes', what: { status: 500 } });
    expect((await inbox(['inboxes', 'list'])).code).toBe(EXIT.error);
  });

  test('a reset connection: exit 7, the call charged', async () => {
    emu.faults.add({ where: 'api.listInboxes', when: { times: 1 }, what: { reset: true } });
    const before = emu.core.accounts.byKey('emu_growth')!.usage.used;
    const r = await inbox(['inboxes', 'list']);
    expect(r.code).toBe(EXIT.network);
    expect(emu.core.accounts.byKey('emu_growth')!.usage.used).toBe(before + 1);
    expect((await inbox(['inboxes', 'list'])).code).toBe(EXIT.ok);
  });
});
