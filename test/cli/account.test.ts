// inbox me | usage | plans, against an in-process emulator: plain and --json output, exit codes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliEmulator, mask, type CliEmulator } from './helpers.js';

let t: CliEmulator;
beforeAll(async () => {
  t = await cliEmulator();
});
afterAll(() => t.close());

describe('inbox me', () => {
  test('plain: plan, limits, features; the key masked', async () => {
    const r = await t.run(['me']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('emu_…prise (env)');
    expect(r.stdout).not.toContain('emu_enterprise');
    expect(mask(r.stdout)).toMatchSnapshot();
  });

  test('--json: the API body, valid against the contract', async () => {
    const r = await t.run(['me', '--json']);
    expect(r.code).toBe(EXIT.ok);
    const body = JSON.parse(r.stdout);
    expect(responses.me.parse(body).data.plan).toBe('enterprise');
  });

  test('--api-key flag wins over INBOX_API_KEY', async () => {
    const r = await t.run(['--api-key', 'emu_free', 'me', '--json']);
    expect(JSON.parse(r.stdout).data.plan).toBe('free');
  });

  test('a wrong key: exit 3 with a hint naming the emulator keys; JSON error on stderr with --json', async () => {
    const r = await t.run(['me', '--api-key', 'nope']);
    expect(r.code).toBe(EXIT.auth);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: /);
    expect(r.stderr).toContain('inbox emulate');
    expect(r.stderr).toContain('emu_enterprise');
    const j = await t.run(['me', '--api-key', 'nope', '--json']);
    expect(j.code).toBe(EXIT.auth);
    expect(j.stdout).toBe('');
    const err = JSON.parse(j.stderr);
    expect(err).toMatchObject({ success: false, error: 'invalid_api_key', exit_code: EXIT.auth, status: 401 });
    expect(err.hint).toContain('--api-key');
  });
});

describe('inbox usage', () => {
  test('plain and --json', async () => {
    const r = await t.run(['usage']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/^Plan\s+enterprise$/m);
    expect(r.stdout).toMatch(/^Used\s+\d+/m);
    expect(r.stdout.replace(/^(Used|Remaining)(\s+).*$/gm, '$1$2N')).toMatchSnapshot();
    const j = await t.run(['usage', '--json']);
    expect(responses.usage.parse(JSON.parse(j.stdout)).data.requests_limit).toBe(10_000_000);
  });
});

describe('inbox plans', () => {
  test('plain table and --json', async () => {
    const r = await t.run(['plans']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatchSnapshot();
    expect(r.stdout).not.toMatch(/\x1b\[/);
    const j = await t.run(['plans', '--json']);
    expect(responses.plans.parse(JSON.parse(j.stdout)).count).toBe(5);
  });

  test('works without any key against a service', async () => {
    const r = await t.run(['plans', '--json'], { INBOX_API_KEY: undefined, INBOX_BASE_URL: t.emu.url.replace('127.0.0.1', 'localhost') });
    expect(r.code).toBe(EXIT.ok);
  });
});
