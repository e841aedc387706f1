// The GitHub Action (action.yml, issue 32), run the way the runner runs it: the committed bundle's
// main step with its inputs as INPUT_* variables and the GITHUB_ENV / GITHUB_OUTPUT / GITHUB_STATE
// files, then a job's steps using what it exported (a mail sent with `inbox send` through INBOX_SMTP
// and with nodemailer through INBOX_SMTP_HOST and INBOX_SMTP_PORT, its code read with `inbox wait`),
// then the post step with the state as STATE_* variables. Also: the committed bundle is what the
// sources give (npm run build:action), and action.yml declares what action/src/inputs.ts reads.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUTS, OUTPUTS } from '../../action/src/inputs.js';
// @ts-expect-error a plain .mjs script without declarations
import { staleActionFiles } from '../../scripts/build-action.mjs';
import { ROOT } from '../helpers/binary.js';

const DIST = join(ROOT, 'action/dist');
let dir: string;
const started: number[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-action-'));
});
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A file the runner gives a step, read back as the runner does: `name=value` lines and `name<<delimiter` blocks. */
function fileCommands(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const value: string[] = [];
      while (++i < lines.length && lines[i] !== heredoc[2]) value.push(lines[i]!);
      expect(lines[i], `the block of ${heredoc[1]} ends with its delimiter`).toBe(heredoc[2]);
      out[heredoc[1]!] = value.join('\n');
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function node(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A step's environment as the runner makes it: every input (its default when the workflow sets none), the files, RUNNER_TEMP. */
function runnerEnv(job: string, inputs: Partial<Record<keyof typeof INPUTS, string>>): Record<string, string> {
  const env: Record<string, string> = { RUNNER_TEMP: join(dir, job) };
  for (const [name, def] of Object.entries(INPUTS)) env[`INPUT_${name.toUpperCase()}`] = inputs[name as keyof typeof INPUTS] ?? def.default;
  for (const f of ['GITHUB_ENV', 'GITHUB_OUTPUT', 'GITHUB_STATE']) {
    env[f] = join(dir, `${job}-${f.toLowerCase()}`);
    writeFileSync(env[f], '');
  }
  rmSync(env.RUNNER_TEMP, { recursive: true, force: true });
  mkdirSync(env.RUNNER_TEMP, { recursive: true });
  return env;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the action', () => {
  it('action/dist/ is what the sources give (else: npm run build:action, and commit action/dist/)', { timeout: 60_000 }, async () => {
    expect(await staleActionFiles(ROOT)).toEqual([]);
  });

  it('action.yml: a node24 action with main and post, declaring the inputs and outputs the bundle uses', () => {
    const yml = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    expect(yml).toMatch(/^runs:\n {2}using: node24\n {2}main: action\/dist\/main\.js\n {2}post: action\/dist\/post\.js\n/m);
    expect(existsSync(join(DIST, 'main.js')) && existsSync(join(DIST, 'post.js'))).toBe(true);
    /** The entries of a top-level section: name → {field → value}, quotes removed. */
    const section = (name: string) => {
      const body = new RegExp(`^${name}:\\n((?: {2}.*\\n)+)`, 'm').exec(yml)![1]!;
      const entries: Record<string, Record<string, string>> = {};
      let current = '';
      for (const line of body.split('\n')) {
        const key = /^ {2}([\w-]+):$/.exec(line);
        const field = /^ {4}(\w+): (.*)$/.exec(line);
        if (key) entries[(current = key[1]!)] = {};
        else if (field) entries[current]![field[1]!] = field[2]!.replace(/^'(.*)'$|^"(.*)"$/, '$1$2');
      }
      return entries;
    };
    expect(section('inputs')).toEqual(Object.fromEntries(Object.entries(INPUTS).map(([k, v]) => [k, { description: v.description, default: v.default }])));
    expect(section('outputs')).toEqual(Object.fromEntries(Object.entries(OUTPUTS).map(([k, v]) => [k, { description: v }])));
  });

  it('main starts the emulator and exports its addresses; a job mails a code and reads it; post stops it and prints its log', { timeout: 60_000 }, async () => {
    const [port, smtpPort] = [await freePort(), await freePort()];
    const data = join(dir, 'state.json');
    const runner = runnerEnv('job', { port: String(port), 'smtp-port': String(smtpPort), 'catch-all': 'true', data, fsync: 'always' });
    // A flag with no input of its own, set as an INBOX_EMULATOR_* variable in the step's env.
    runner.INBOX_EMULATOR_CATCH_ALL_MAX_INBOXES = '7';
    const main = await node([join(DIST, 'main.js')], runner);
    expect(main.code, main.stdout + main.stderr).toBe(0);
    expect(main.stdout).toContain(`inbox emulator ready: API http://127.0.0.1:${port}, SMTP 127.0.0.1:${smtpPort}`);
    const state = fileCommands(runner.GITHUB_STATE!);
    const pid = Number(state.pid);
    started.push(pid);
    expect(alive(pid)).toBe(true);
    expect(state.log).toBe(join(runner.RUNNER_TEMP!, 'inbox-emulator.log'));
    // What later steps get in their environment.
    const env = fileCommands(runner.GITHUB_ENV!);
    expect(env).toEqual({
      INBOX_BASE_URL: `http://127.0.0.1:${port}`,
      INBOX_SMTP: `127.0.0.1:${smtpPort}`,
      INBOX_SMTP_HOST: '127.0.0.1',
      INBOX_SMTP_PORT: String(smtpPort),
    });
    expect(fileCommands(runner.GITHUB_OUTPUT!)).toEqual({
      'base-url': `http://127.0.0.1:${port}`,
      smtp: `127.0.0.1:${smtpPort}`,
      'smtp-host': '127.0.0.1',
      'smtp-port': String(smtpPort),
      log: state.log,
      pid: state.pid,
    });

    const catchAll = (await (await fetch(`${env.INBOX_BASE_URL}/_emulator/catch-all`)).json()) as { data: { enabled: boolean; maxInboxes: number } };
    expect(catchAll.data).toMatchObject({ enabled: true, maxInboxes: 7 });

    // The job's steps, with what main exported in their environment (and a config folder of their own).
    const stepEnv = { ...env, INBOX_CONFIG_DIR: join(dir, 'config') };
    const cli = join(DIST, 'inbox.js');
    const sent = await node([cli, 'send', '--to', 'signup-42@example.com', '--subject', 'Welcome', '--text', 'Your verification code is 583920'], stepEnv);
    expect(sent.code, sent.stderr).toBe(0);
    const smtp = nodemailer.createTransport({ host: env.INBOX_SMTP_HOST, port: Number(env.INBOX_SMTP_PORT), secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: 'app@example.test', to: 'reset-42@example.org', subject: 'Reset', text: 'Your password reset code: 771204' });
    smtp.close();
    const code = await node([cli, 'wait', 'signup-42@example.com', '--otp', '--existing', '--timeout', '10'], stepEnv);
    expect(code.code, code.stderr).toBe(0);
    expect(code.stdout).toBe('583920\n');
    const reset = await node([cli, 'wait', 'reset-42@example.org', '--otp', '--existing', '--timeout', '10'], stepEnv);
    expect(reset.stdout).toBe('771204\n');

    // The post step: the state comes back as STATE_* variables.
    const post = await node([join(DIST, 'post.js')], { STATE_pid: state.pid!, STATE_log: state.log! });
    expect(post.code, post.stdout + post.stderr).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(post.stdout).toContain(`::group::inbox emulator log (${state.log})`);
    expect(post.stdout).toMatch(/Data {3}.*state\.json .*\(fsync: always\)/);
    expect(post.stdout).toContain('signup-42@example.com');
    expect(post.stdout).toContain('SIGTERM: stopping');
    expect(post.stdout).toContain(`inbox emulator (pid ${pid}) stopped; its log is kept in ${state.log}`);
    expect(readFileSync(state.log!, 'utf8')).toContain('reset-42@example.org');
    // The data file kept what the job did (catch-all's inboxes).
    expect(readFileSync(data, 'utf8')).toContain('signup-42@example.com');
  });

  it('an emulator that cannot start fails the step with its log; the post step then has nothing to do', { timeout: 60_000 }, async () => {
    // A port held by another program (which drops whoever connects).
    const busy: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const env = runnerEnv('busy', { port: String(port), 'smtp-port': String(await freePort()) });
      const main = await node([join(DIST, 'main.js')], env);
      expect(main.code).toBe(1);
      expect(main.stdout).toContain('::group::inbox emulator log');
      expect(main.stdout).toContain(`address already in use 127.0.0.1:${port}`);
      expect(main.stdout).toMatch(/::error::inbox emulate stopped before it was ready \(exit code 10\)/);
      expect(readFileSync(env.GITHUB_ENV!, 'utf8')).toBe('');
      const post = await node([join(DIST, 'post.js')], { STATE_pid: '', STATE_log: '' });
      expect(post).toMatchObject({ code: 0, stdout: '' });
    } finally {
      await new Promise<void>((r) => busy.close(() => r()));
    }
    const bad = await node([join(DIST, 'main.js')], runnerEnv('bad', { port: 'http' }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('::error::input port: expected a port number from 1 to 65535, got "http"\n');
  });
});
