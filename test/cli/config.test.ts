// inbox config set | get | unset | list | use, and the precedence flags > env > profile > defaults.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { maskKey, resolveTarget } from '../../src/config/resolve.js';
import { cliEmulator, runCli, type CliEmulator } from './helpers.js';

let dir: string;
let env: Record<string, string | undefined>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-config-'));
  env = { INBOX_CONFIG_DIR: dir, INBOX_API_KEY: undefined, INBOX_BASE_URL: undefined, INBOX_PROFILE: undefined };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('inbox config', () => {
  test('set / get / list / use / unset; the file is 0600 and keys are masked', async () => {
    expect((await runCli(['config', 'set', 'api-key', 'live_abcdefghijklmnop'], env)).code).toBe(EXIT.ok);
    expect((await runCli(['config', 'set', 'base-url', 'https://api.example.test/v1/'], env)).code).toBe(EXIT.ok);
    expect((await runCli(['config', 'set', 'inbox', 'me@inbox.test'], env)).code).toBe(EXIT.ok);
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { default: { apiKey: 'live_abcdefghijklmnop', baseUrl: 'https://api.example.test', inbox: 'me@inbox.test' } },
    });

    const key = await runCli(['config', 'get', 'api-key'], env);
    expect(key.stdout).toBe('live…lmnop\n');
    expect((await runCli(['config', 'get', 'base_url'], env)).stdout).toBe('https://api.example.test\n');

    expect((await runCli(['config', 'use', 'local'], env)).stdout).toContain('new');
    await runCli(['config', 'set', 'base-url', 'http://127.0.0.1:4580'], env);
    await runCli(['--profile', 'ci', 'config', 'set', 'api-key', 'emu_growth'], env);

    const list = await runCli(['config', 'list'], env);
    expect(list.stdout).toMatchSnapshot();
    expect(list.stdout).not.toContain('abcdefghijklmnop');
    const json = JSON.parse((await runCli(['config', 'list', '--json'], env)).stdout);
    expect(json).toMatchObject({ success: true, current: 'local', profiles: { default: { apiKey: 'live…lmnop' } } });

    const unset = await runCli(['config', 'unset', 'base-url'], env);
    expect(unset.stdout).toContain('removed');
    const missing = await runCli(['config', 'get', 'base-url'], env);
    expect(missing.code).toBe(EXIT.notFound);
    expect(missing.stderr).toContain('inbox config set base-url');
  });

  test('bad keys and values are usage errors (exit 2) with an example', async () => {
    const k = await runCli(['config', 'set', 'colour', 'red'], env);
    expect(k.code).toBe(EXIT.usage);
    expect(k.stderr).toContain('base-url, api-key, inbox');
    const u = await runCli(['config', 'set', 'base-url', 'ftp://x'], env);
    expect(u.code).toBe(EXIT.usage);
    expect(u.stderr).toContain('inbox config set base-url http://127.0.0.1:4580');
    const i = await runCli(['config', 'set', 'inbox', 'nobody'], env);
    expect(i.code).toBe(EXIT.usage);
    const p = await runCli(['config', 'use', '../evil'], env);
    expect(p.code).toBe(EXIT.usage);
  });

  test('an unreadable config file is a usage error naming the file', async () => {
    writeFileSync(join(dir, 'config.json'), '{ not json');
    const r = await runCli(['config', 'list'], env);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(join(dir, 'config.json'));
    expect(r.stderr).toContain('INBOX_CONFIG_DIR');
  });

  // /sys refuses new folders even to root, while reading a config there finds none (an empty config).
  test.skipIf(!existsSync('/sys/kernel'))('a config folder that cannot be written is a usage error, not a bug', async () => {
    for (const args of [
      ['config', 'set', 'inbox', 'me@inbox.test'],
      ['config', 'use', 'other'],
    ]) {
      const r = await runCli(args, { ...env, INBOX_CONFIG_DIR: '/sys/inbox-config-test' });
      expect([args, r.code]).toEqual([args, EXIT.usage]);
      expect(r.stderr).toContain('cannot write the config');
      expect(r.stderr).toContain('INBOX_CONFIG_DIR');
    }
  });
});

describe('precedence', () => {
  const file = {
    current: 'work',
    profiles: {
      work: { baseUrl: 'https://work.example.test', apiKey: 'key_work_123456', inbox: 'w@inbox.test' },
      other: { baseUrl: 'https://other.example.test', apiKey: 'key_other_123456' },
    },
  };

  test('flags > env > profile > defaults, per setting', () => {
    expect(resolveTarget({}, {}, file)).toMatchObject({
      baseUrl: 'https://work.example.test',
      apiKey: 'key_work_123456',
      inbox: 'w@inbox.test',
      profile: 'work',
    });
    expect(resolveTarget({}, { INBOX_PROFILE: 'other' }, file)).toMatchObject({ baseUrl: 'https://other.example.test', profile: 'other' });
    expect(resolveTarget({ profile: 'work' }, { INBOX_PROFILE: 'other' }, file).profile).toBe('work');
    const envWins = resolveTarget({}, { INBOX_API_KEY: 'env_key', INBOX_BASE_URL: 'http://env.test/' }, file);
    expect(envWins).toMatchObject({ apiKey: 'env_key', baseUrl: 'http://env.test', sources: { apiKey: 'env', baseUrl: 'env' } });
    const flagWins = resolveTarget({ apiKey: 'flag_key', baseUrl: 'http://flag.test/v1' }, { INBOX_API_KEY: 'env_key' }, file);
    expect(flagWins).toMatchObject({ apiKey: 'flag_key', baseUrl: 'http://flag.test', sources: { apiKey: 'flag', baseUrl: 'flag' } });
  });

  test('nothing configured: the local emulator with its enterprise key; a remote URL gets no default key', () => {
    expect(resolveTarget({}, {}, { profiles: {} })).toMatchObject({
      baseUrl: 'http://127.0.0.1:4580',
      apiKey: 'emu_enterprise',
      usedDefaultKey: true,
      profile: 'default',
    });
    expect(resolveTarget({ baseUrl: 'https://api.example.test' }, {}, { profiles: {} })).toMatchObject({ apiKey: undefined, usedDefaultKey: false });
  });

  test('maskKey never shows a whole key', () => {
    expect(maskKey('emu_enterprise')).toBe('emu_…prise');
    expect(maskKey('emu_free')).toBe('emu_…ee');
    expect(maskKey('emu_growth')).toBe('emu_…th');
    expect(maskKey('abcdef')).toBe('abcd…');
    expect(maskKey('abc')).toBe('…');
    expect(maskKey(undefined)).toBe('(none)');
  });
});

describe('the default target against a running emulator', () => {
  let t: CliEmulator;
  beforeAll(async () => {
    t = await cliEmulator();
  });
  afterAll(() => t.close());

  test('no key configured: uses emu_enterprise and says so once, on stderr', async () => {
    const noKey = { ...t.env, INBOX_API_KEY: undefined };
    const first = await t.run(['me', '--json'], noKey);
    expect(first.code).toBe(EXIT.ok);
    expect(JSON.parse(first.stdout).data.plan).toBe('enterprise');
    expect(first.stderr).toContain('emu_…prise');
    expect(first.stderr).not.toContain('emu_enterprise');
    const second = await t.run(['me', '--json'], noKey);
    expect(second.stderr).toBe('');
  });

  test('a profile supplies the key', async () => {
    await t.run(['config', 'set', 'api-key', 'emu_growth'], { ...t.env, INBOX_API_KEY: undefined });
    const r = await t.run(['me', '--json'], { ...t.env, INBOX_API_KEY: undefined });
    expect(JSON.parse(r.stdout).data.plan).toBe('growth');
    const me = await t.run(['me'], { ...t.env, INBOX_API_KEY: undefined });
    expect(me.stdout).toMatch(/^Key\s+emu_…th \(profile "default"\)$/m);
  });
});
