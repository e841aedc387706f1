// The CLI as a new user meets it: help with examples and global flags (every command's in-process,
// checked against the built binary's for the program's own), wait progress on a terminal (the binary
// through `script`, a real pseudo-terminal); shell completion scripts (in-process, run by the shells),
// profiles that must exist, the API key from stdin and hints that say the right next step in-process
// (main() with its own streams, environment and stdin), against an emulator in this process on real
// ports.
import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { commandPath } from '../../src/cli/help.js';
import type { Command } from 'commander';
import { BIN } from '../helpers/binary.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { runCli } from './helpers.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-rough-'));
  emu = await startEmulator({ port: 0, smtpPort: 0, data: null });
  env = { ...process.env, NO_COLOR: '1', INBOX_CONFIG_DIR: join(dir, 'config'), INBOX_BASE_URL: emu.url, INBOX_API_KEY: undefined, INBOX_PROFILE: undefined };
}, 60_000);

afterAll(async () => {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

function inbox(args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...env, ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.once('error', reject);
    p.once('close', (code) => resolve({ code, stdout, stderr }));
    p.stdin.end(opts.input ?? '');
  });
}

/** `inbox <args>` in this process, with the same environment the binary runs get. */
function inProcess(args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  const stdin = Readable.from(opts.input ? [opts.input] : []) as unknown as NodeJS.ReadStream;
  return runCli(args, { ...env, ...opts.env }, { stdin });
}

function allCommands(): string[] {
  const out: string[] = [];
  const visit = (c: Command) => {
    out.push(commandPath(c));
    c.commands.forEach(visit);
  };
  visit(buildProgram());
  return out;
}

describe('--help', () => {
  test('every command shows 1 to 3 examples and the global flags', async () => {
    const paths = allCommands();
    expect(paths.length).toBeGreaterThan(30);
    // In-process (main(argv, io)) for each command; the built binary prints the same for the program's own.
    const viaBinary = await inbox(['--help']);
    expect(viaBinary.code).toBe(0);
    expect((await runCli(['--help'], { NO_COLOR: '1', INBOX_CONFIG_DIR: join(dir, 'config') })).stdout).toBe(viaBinary.stdout);
    for (const path of paths) {
      const r = await runCli([...(path ? path.split(' ') : []), '--help'], { NO_COLOR: '1', INBOX_CONFIG_DIR: join(dir, 'config') });
      expect(r.code, path).toBe(0);
      const examples = /\nExamples:\n((?: {2}\$ .*\n)+)/.exec(r.stdout)?.[1]?.trim().split('\n') ?? [];
      expect(examples.length, `${path}: ${r.stdout}`).toBeGreaterThanOrEqual(1);
      expect(examples.length, path).toBeLessThanOrEqual(3);
      for (const e of examples) expect(e, path).toMatch(/^\s*\$ (CODE=\$\(|printf .*\| |INBOX_EMULATOR\S+ .*)?inbox /);
      // Global flags: in the program's own Options, or under Global Options of a subcommand.
      const globals = path ? (/\nGlobal Options:\n([\s\S]*?)\n\n/.exec(r.stdout)?.[1] ?? '') : r.stdout;
      for (const flag of ['--json', '--profile <name>', '--base-url <url>', '--api-key <key>']) expect(globals, `${path}: ${flag}`).toContain(flag);
    }
  }, 120_000);
});

describe('inbox completion', () => {
  let bash: string;
  beforeAll(async () => {
    bash = (await inProcess(['completion', 'bash'])).stdout;
  });

  function complete(words: string[]): string[] {
    const script = `source ${JSON.stringify(join(dir, 'c.bash'))}\nCOMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')})\nCOMP_CWORD=${words.length - 1}\n_inbox\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
    writeFileSync(join(dir, 'c.bash'), bash);
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split('\n').filter(Boolean);
  }

  test('bash: commands, subcommands, flags (own and global) and flag values', () => {
    expect(complete(['inbox', 'in'])).toEqual(['inboxes', 'insights']);
    expect(complete(['inbox', 'inboxes', ''])).toEqual(['register', 'list', 'remove', 'test']);
    expect(complete(['inbox', '--profile', 'ci', 'domains', 've'])).toEqual(['verify']);
    expect(complete(['inbox', 'wait', '--o'])).toEqual(['--otp']);
    expect(complete(['inbox', 'messages', 'list', '--pro'])).toEqual(['--profile']);
    expect(complete(['inbox', 'emulate', '--fsync', ''])).toEqual(['always', 'interval', 'never']);
    expect(complete(['inbox', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  test('zsh and fish: the scripts parse, and fish completes from them', async (ctx) => {
    const zsh = (await inProcess(['completion', 'zsh'])).stdout;
    const fish = (await inProcess(['completion', 'fish'])).stdout;
    expect(zsh).toMatch(/^#compdef inbox\n/);
    expect(zsh).toContain("'wait:wait for the next message");
    expect(fish).toContain("complete -c inbox -n '__fish_seen_subcommand_from wait' -l otp");
    const haveZsh = spawnSync('zsh', ['--version']).status === 0;
    const haveFish = spawnSync('fish', ['--version']).status === 0;
    if (haveZsh) {
      writeFileSync(join(dir, '_inbox'), zsh);
      expect(spawnSync('zsh', ['-n', join(dir, '_inbox')], { encoding: 'utf8' }).stderr).toBe('');
    }
    if (haveFish) {
      writeFileSync(join(dir, 'inbox.fish'), fish);
      const r = spawnSync('fish', ['-c', `source ${join(dir, 'inbox.fish')}; complete -C 'inbox inboxes '; complete -C 'inbox wait --ot'`], {
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      const got = r.stdout.split('\n').map((l) => l.split('\t')[0]);
      expect(got).toEqual(expect.arrayContaining(['register', 'list', 'remove', 'test', '--otp']));
      expect(got).not.toContain('messages');
    }
    if (!haveZsh && !haveFish) ctx.skip();
  });
});

describe('profiles and the API key', () => {
  test('an unknown --profile or INBOX_PROFILE is an error (exit 2), not a silent fallback', async () => {
    const a = await inProcess(['--profile', 'nosuch', 'me']);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/no profile named "nosuch" \(from --profile\)/);
    expect(a.stderr).toMatch(/hint: .*inbox --profile nosuch config set api-key <key>/);
    const b = await inProcess(['me'], { env: { INBOX_PROFILE: 'nosuch' } });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('(from INBOX_PROFILE)');
    const j = await inProcess(['--profile', 'nosuch', 'otp', 'a@inbox.test', '--json']);
    expect(JSON.parse(j.stderr)).toMatchObject({ error: 'unknown_profile', exit_code: 2 });
    // config set creates it; then it is known.
    expect((await inProcess(['--profile', 'ci', 'config', 'set', 'base-url', emu.url])).code).toBe(0);
    const me = await inProcess(['--profile', 'ci', 'me', '--json']);
    expect(me.code, me.stderr).toBe(0);
  });

  test('config set api-key - reads the key from stdin (never a literal "-"); the file stays 0600', async () => {
    const r = await inProcess(['--profile', 'ci', 'config', 'set', 'api-key', '-'], { input: 'emu_growth\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('emu_growth');
    const file = join(dir, 'config', 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.ci.apiKey).toBe('emu_growth');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const me = await inProcess(['--profile', 'ci', 'me', '--json'], { env: { INBOX_BASE_URL: undefined } });
    expect(JSON.parse(me.stdout)).toMatchObject({ success: true });
    expect(me.stdout).toContain('growth');
    // Nothing on stdin, or no value and no terminal to ask on: a usage error, nothing stored.
    expect((await inProcess(['--profile', 'ci', 'config', 'set', 'api-key', '-'], { input: '' })).code).toBe(2);
    const none = await inProcess(['--profile', 'ci', 'config', 'set', 'api-key']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/pass "-" to read it from stdin/);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.ci.apiKey).toBe('emu_growth');
  });
});

describe('hints', () => {
  test('an unknown domain says add; removing an unknown inbox does not say register', async () => {
    const reg = await inProcess(['inboxes', 'register', 'a@not-added.example']);
    expect(reg.code).toBe(9);
    expect(reg.stderr).toMatch(/hint: Add it first: inbox domains add not-added\.example/);
    // Removing an address that is not registered is not an error (as on the hosted service), and
    // nothing tells the user to register it first.
    const rm = await inProcess(['inboxes', 'remove', 'never@inbox.test']);
    expect(rm.code).toBe(0);
    expect(rm.stdout).toMatch(/nothing to remove/);
    expect(rm.stdout + rm.stderr).not.toMatch(/register (it|the inbox) first|inbox inboxes register/i);
  });

  test('a used-up monthly quota says when it resets, not "inbox usage" (which is refused too)', async () => {
    await fetch(`${emu.url}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'quota_gone', plan: 'growth', credits: 0, limits: { perMonth: 1 } }),
    });
    await inProcess(['--api-key', 'quota_gone', 'me']);
    const r = await inProcess(['--api-key', 'quota_gone', 'usage']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/hint: .*the quota starts again on \d{4}-\d{2}-01 \(UTC\)/);
    expect(r.stderr).not.toContain('"inbox usage"');
  });
});

describe('inbox wait in a terminal', () => {
  const haveScript = spawnSync('script', ['--version']).status === 0;

  /**
   * Runs `inbox wait --timeout 1` with stderr on a pseudo-terminal of the given size and stdout in a
   * file, as CODE=$(...) does. Not spawnSync: the emulator it asks runs in this process.
   */
  async function waitInPty(size: string): Promise<{ code: number | null; tty: string; stdout: string }> {
    const out = join(dir, `wait-${size.replace(/\W/g, '')}.txt`);
    const address = `nobody-${size.replace(/\W/g, '')}@inbox.test`;
    expect((await inProcess(['inboxes', 'register', address])).code).toBe(0);
    const cmd = `stty ${size}; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} wait ${address} --otp --timeout 1 > ${JSON.stringify(out)}`;
    const p = spawn('script', ['-qec', cmd, '/dev/null'], { env: { ...env, NO_COLOR: '1', TERM: 'xterm' }, stdio: ['ignore', 'pipe', 'ignore'] });
    let tty = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (tty += d));
    const code = await new Promise<number | null>((resolve, reject) => {
      const t = setTimeout(() => p.kill('SIGKILL'), 30_000);
      p.once('error', reject);
      p.once('close', (c) => (clearTimeout(t), resolve(c)));
    });
    let stdout = '';
    try {
      stdout = readFileSync(out, 'utf8');
    } catch {
      /* not written */
    }
    return { code, tty, stdout };
  }

  test('progress with the time left goes to stderr while stdout is captured; the timeout wording reads right', async (ctx) => {
    if (!haveScript) ctx.skip();
    const r = await waitInPty('rows 24 cols 100');
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
    expect(r.tty).toMatch(/waiting for a one-time code at nobody-\w+@inbox\.test .*1 s left/);
    expect(r.tty).toMatch(/error: no one-time code arrived at nobody-\w+@inbox\.test within 1 s\./);
  });

  test('Ctrl-C: exit 130, and the spinner line is erased before the process ends', async (ctx) => {
    if (!haveScript) ctx.skip();
    const address = 'ctrl-c@inbox.test';
    expect((await inProcess(['inboxes', 'register', address])).code).toBe(0);
    const cmd = `stty rows 24 cols 100; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} wait ${address} --otp --timeout 30`;
    const p = spawn('script', ['-qec', cmd, '/dev/null'], { env: { ...env, NO_COLOR: '1', TERM: 'xterm' }, stdio: ['pipe', 'pipe', 'ignore'] });
    let tty = '';
    let sent = false;
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      tty += d;
      if (!sent && /s left/.test(tty)) {
        sent = true;
        p.stdin.write('\x03'); // the terminal's Ctrl-C: SIGINT to the command
      }
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      const t = setTimeout(() => p.kill('SIGKILL'), 20_000);
      p.once('error', reject);
      p.once('close', (c) => (clearTimeout(t), resolve(c)));
    });
    expect(code).toBe(130);
    // After the last frame drawn, the line is erased (Ink's erase-line), not left above the prompt.
    expect(tty.slice(tty.lastIndexOf('s left'))).toContain('\x1b[2K');
  });

  test('a terminal that reports no size gets nothing drawn (no spinner, no clearing)', async (ctx) => {
    if (!haveScript) ctx.skip();
    const r = await waitInPty('rows 0 cols 0');
    expect(r.code).toBe(8);
    expect(r.tty).not.toContain('s left');
    expect(r.tty).not.toMatch(/\x1b\[(2J|3J|H)|\x1bc/);
    expect(r.tty).toMatch(/error: no one-time code arrived/);
  });
});
