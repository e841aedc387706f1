// The built binary (`node bin/inbox.js`, built from the current sources into a private folder) as a
// CI job runs it: child processes, pipes, exit codes. The steps around them that only check a
// command's output or exit status run in-process through main() (runCli), against the same emulator
// and environment: a real process is kept where the process is the point (the version, a wait held
// open while mail is sent, its piped stdout, a listing piped without escape codes, a failing exit).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { ROOT } from '../helpers/binary.js';
import { privateCopy, runCli } from './helpers.js';

let emu: RunningEmulator;
let dir: string;
let env: NodeJS.ProcessEnv;
let build: ReturnType<typeof privateCopy>;

beforeAll(async () => {
  build = privateCopy();
  emu = await startEmulator({ port: 0, smtpPort: 0 });
  dir = mkdtempSync(join(tmpdir(), 'inbox-bin-'));
  env = { ...process.env, INBOX_CONFIG_DIR: dir, INBOX_BASE_URL: emu.url, INBOX_API_KEY: emu.keys.enterprise, INBOX_PROFILE: '', NO_COLOR: '1' };
  delete env.INBOX_PROFILE;
});
afterAll(async () => {
  await emu?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  build?.close();
});

function inbox(args: string[], extra: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [build.bin, ...args], { cwd: ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`inbox ${args.join(' ')} did not exit\n${stdout}\n${stderr}`));
    }, 60_000);
    proc.once('error', reject);
    proc.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The same command in this process, with the environment the binary gets (over PATH and HOME). */
function inProcess(args: string[], extra: Record<string, string> = {}) {
  return runCli(args, { INBOX_CONFIG_DIR: dir, INBOX_BASE_URL: emu.url, INBOX_API_KEY: emu.keys.enterprise, NO_COLOR: '1', ...extra });
}

describe('node bin/inbox.js', () => {
  test('a reader that closes the pipe early ends the command quietly (exit 0, no EPIPE trace)', async () => {
    // `inbox emulate --help | head -1`: the read end is closed before the command writes its help.
    const proc = spawn(process.execPath, [build.bin, 'emulate', '--help'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.destroy();
    let stderr = '';
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => proc.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  test.skipIf(!existsSync('/dev/full'))('output that cannot be written (a full disk) is one error line and exit 1, not a stack trace', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const proc = spawn(process.execPath, [build.bin, 'emulate', '--help'], { cwd: ROOT, env, stdio: ['ignore', full, 'pipe'] });
      let stderr = '';
      proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => proc.once('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(/^error: cannot write the output: ENOSPC.*\nhint: .*\n$/);
    } finally {
      closeSync(full);
    }
  });

  test('a failing command keeps its exit code when the reader of its stderr goes away (2>&1 | grep -q)', async () => {
    const proc = spawn(process.execPath, [build.bin, 'messages', 'list', 'a@inbox.test'], {
      cwd: ROOT,
      env: { ...env, INBOX_BASE_URL: 'http://127.0.0.1:9' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stderr.destroy();
    proc.stdout.resume();
    const code = await new Promise<number | null>((resolve) => proc.once('close', resolve));
    expect(code).toBe(EXIT.network);
  });

  test('--version', async () => {
    const r = await inbox(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const j = await inbox(['--json', '--version']);
    expect(JSON.parse(j.stdout)).toEqual({ success: true, version: r.stdout.trim() });
  });

  test('the CI flow: register, send over SMTP, wait --otp, otp --json; piped output has no escape codes', async () => {
    const A = 'ci@inbox.test';
    expect((await inProcess(['inboxes', 'register', A])).stdout).toBe(`Registered ${A}\n`);
    const waiting = inbox(['wait', A, '--otp', '--timeout', '60']);
    // The wait is held by the emulator before the mail is sent.
    await emu.core.waits.whenPending();
    // No --smtp: send asks the emulator behind INBOX_BASE_URL for its (here random) SMTP port.
    const sent = await inProcess(['send', '--to', A, '--subject', 'Your code', '--text', 'Your verification code is 604221', '--json']);
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ success: true, smtp: `${emu.smtp.host}:${emu.smtp.port}` });
    const r = await waiting;
    expect(r).toMatchObject({ code: 0, stdout: '604221\n', stderr: '' });
    const j = await inProcess(['otp', A, '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ success: true, otp: '604221' });
    const list = await inbox(['messages', 'list', A]);
    expect(list.stdout).toContain('604221');
    expect(list.stdout + list.stderr).not.toMatch(/\x1b/);
  });

  test('exit codes: wait timeout 8 (the process), auth 3, network 7, usage 2', async () => {
    expect((await inProcess(['inboxes', 'register', 'quiet@inbox.test'])).code).toBe(0);
    expect((await inbox(['wait', 'quiet@inbox.test', '--timeout', '0.5'])).code).toBe(EXIT.timeout);
    expect((await inProcess(['me', '--api-key', 'wrong'])).code).toBe(EXIT.auth);
    const net = await inProcess(['me', '--json'], { INBOX_BASE_URL: 'http://127.0.0.1:1' });
    expect(net.code).toBe(EXIT.network);
    expect(JSON.parse(net.stderr)).toMatchObject({ error: 'connection_refused' });
    expect((await inProcess(['otp', '--bogus'])).code).toBe(EXIT.usage);
  });

  test('the extractor stays out of the start-up path: only --explain loads its chunk, and it works from the build', async () => {
    // The files dist/cli.js imports statically, transitively; dynamic import()s are left out.
    const dist = join(build.dir, 'dist');
    const closure = new Set<string>();
    const visit = (file: string) => {
      if (closure.has(file)) return;
      closure.add(file);
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)";|^import\s*"(\.[^"]+)";/gm))
        visit(join(dirname(file), (m[1] ?? m[2]) as string));
    };
    visit(join(dist, 'cli.js'));
    // A string only the extractor's explain() holds.
    const MARK = 'names another kind of code';
    const chunks = readdirSync(join(dist, 'chunks'))
      .map((f) => join(dist, 'chunks', f))
      .filter((f) => f.endsWith('.js'));
    expect(chunks.filter((f) => readFileSync(f, 'utf8').includes(MARK)).length).toBeGreaterThan(0);
    expect([...closure].filter((f) => readFileSync(f, 'utf8').includes(MARK))).toEqual([]);

    const to = 'bin-explain@inbox.test';
    expect((await inProcess(['inboxes', 'register', to])).code).toBe(EXIT.ok);
    const res = await fetch(`${emu.url}/_emulator/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, from: 'app@example.test', subject: 'Sign in', text: 'Your verification code is 135790.' }),
    });
    expect(res.status).toBeLessThan(300);
    const r = await inbox(['otp', to, '--explain']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1. chosen 135790 (score 5; text; num)');
  });
});
