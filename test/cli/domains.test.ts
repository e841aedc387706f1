// inbox domains list | add | verify [--wait] | custom | remove | publish-dns
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliEmulator, mask, runCli, type CliEmulator } from './helpers.js';

let t: CliEmulator;
beforeAll(async () => {
  t = await cliEmulator();
});
afterAll(() => t.close());

const maskTxt = (s: string) => mask(s).replace(/inbox-verification=[0-9a-f]+/g, 'inbox-verification=TOKEN');

describe('inbox domains', () => {
  test('list: the platform domains of the plan', async () => {
    const r = await t.run(['domains', 'list']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatchSnapshot();
    expect(r.stderr).toContain('note: ');
    const free = await t.run(['domains', 'list', '--api-key', 'emu_free', '--json']);
    const body = responses.listDomains.parse(JSON.parse(free.stdout));
    expect(body.data.every((d) => d.tier === 'free')).toBe(true);
  });

  test('add shows the records as a table; verify fails until published; publish-dns; verify; register', async () => {
    const add = await t.run(['domains', 'add', 'Acme.Example']);
    expect(add.code).toBe(EXIT.ok);
    expect(maskTxt(add.stdout)).toMatchSnapshot();
    const again = await t.run(['domains', 'add', 'acme.example', '--json']);
    expect(responses.addCustomDomain.parse(JSON.parse(again.stdout)).data.verified).toBe(false);

    const fail = await t.run(['domains', 'verify', 'acme.example']);
    expect(fail.code).toBe(EXIT.rejected);
    expect(fail.stderr).toContain('inbox domains publish-dns acme.example');
    const failJson = await t.run(['domains', 'verify', 'acme.example', '--json']);
    expect(JSON.parse(failJson.stderr)).toMatchObject({ error: 'verification_failed', exit_code: EXIT.rejected, status: 422 });

    const reg = await t.run(['inboxes', 'register', 'team@acme.example']);
    expect(reg.code).toBe(EXIT.rejected);
    expect(reg.stderr).toContain('inbox domains verify acme.example --wait');

    const pub = await t.run(['domains', 'publish-dns', 'acme.example']);
    expect(pub.code).toBe(EXIT.ok);
    expect(maskTxt(pub.stdout)).toMatchSnapshot();
    const ok = await t.run(['domains', 'verify', 'acme.example']);
    expect(ok).toMatchObject({ code: EXIT.ok, stdout: 'acme.example is verified; you can now register inboxes at it.\n' });
    expect((await t.run(['inboxes', 'register', 'team@acme.example'])).code).toBe(EXIT.ok);

    const custom = await t.run(['domains', 'custom']);
    expect(maskTxt(custom.stdout)).toMatchSnapshot();
    const customJson = await t.run(['domains', 'custom', '--json']);
    expect(responses.listCustomDomains.parse(JSON.parse(customJson.stdout)).count).toBe(1);

    const rm = await t.run(['domains', 'remove', 'acme.example', '--yes']);
    expect(rm).toMatchObject({ code: EXIT.ok, stdout: 'Domain acme.example removed. Inboxes removed: 1 (team@acme.example).\n' });
    const rm2 = await t.run(['domains', 'remove', 'acme.example', '--yes']);
    expect(rm2.code).toBe(EXIT.notFound);
    expect(rm2.stderr).toContain('inbox domains custom');
  });

  /**
   * `domains verify --wait` with the command's sleeps and clock in the test's hands: each sleep moves
   * the command's time and the emulator's manual clock on by its length and calls `onSleep` first.
   */
  function verifyWaiting(args: string[], onSleep: (n: number) => Promise<void> | void = () => undefined) {
    let now = 0;
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      await onSleep(slept.length);
      now += ms;
      t.clock.advance(ms);
    };
    t.clock.advance(1000);
    const run = runCli(['domains', 'verify', ...args], t.env, { fetch: t.fetch, sleep, now: () => now });
    return { run, slept };
  }

  test('verify --wait checks again after each interval until the records appear', async () => {
    await t.client.addCustomDomain('later.example');
    // The first check fails (nothing published); the records appear during the first interval.
    const { run, slept } = verifyWaiting(['later.example', '--wait', '--interval', '5', '--timeout', '120'], async (n) => {
      if (n === 1) expect((await t.run(['domains', 'publish-dns', 'later.example'])).code).toBe(EXIT.ok);
    });
    const r = await run;
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toContain('later.example is verified');
    expect(slept).toEqual([5000]);
  });

  test('verify --wait times out with exit 8', async () => {
    await t.client.addCustomDomain('never.example');
    const { run, slept } = verifyWaiting(['never.example', '--wait', '--interval', '0.05', '--timeout', '0.3']);
    const r = await run;
    expect(r.code).toBe(EXIT.timeout);
    expect(r.stderr).toContain('publish-dns never.example');
    expect(slept).toEqual([50, 50, 50, 50, 50, 50]); // 0.3 s in checks 0.05 s apart, then it gives up
  });

  test('verify --wait given a sleep but no clock waits on real timers (the two go together)', async () => {
    await t.client.addCustomDomain('real-time.example');
    const given: number[] = [];
    const r = await runCli(['domains', 'verify', 'real-time.example', '--wait', '--interval', '0.05', '--timeout', '0.1'], t.env, {
      fetch: t.fetch,
      sleep: async (ms) => void given.push(ms),
    });
    expect(r.code).toBe(EXIT.timeout);
    expect(given).toEqual([]);
  });

  test('plan and not-found refusals', async () => {
    const free = await t.run(['domains', 'add', 'x.example', '--api-key', 'emu_free']);
    expect(free.code).toBe(EXIT.plan);
    expect(free.stderr).toContain('growth plan');
    expect(free.stderr).toContain('--api-key emu_growth');
    const unknown = await t.run(['domains', 'verify', 'unknown.example']);
    expect(unknown.code).toBe(EXIT.notFound);
    expect(unknown.stderr).toContain('inbox domains add unknown.example');
    const pub = await t.run(['domains', 'publish-dns', 'unknown.example']);
    expect(pub.code).toBe(EXIT.notFound);
  });

  test('publish-dns refuses a target that is not an emulator', async () => {
    const server: Server = createServer((req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'not_found', message: 'nope' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await t.run(['domains', 'publish-dns', 'acme.example', '--base-url', url]);
      expect(r.code).toBe(EXIT.rejected);
      expect(r.stderr).toContain('is not an inbox emulator');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
