// Runs the built `inbox` binary (`node bin/inbox.js ...`) as a user would, for end-to-end tests.
// The bundle in dist/ is current: vitest's global setup (test/helpers/private-build.ts) builds it when
// it is stale, also for a single test file run by hand.
//
//   const emu = await startEmulatorBinary(['--data', file]);   // adds --port 0 --smtp-port 0
//   await fetch(`${emu.apiUrl}/me`, { headers: { authorization: 'Bearer emu_free' } });
//   const { code } = await emu.stop('SIGTERM');                // waits for the exit
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/inbox.js', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningBinary {
  proc: ChildProcess;
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  /** e.g. http://127.0.0.1:43123/v1 */
  apiUrl: string;
  /** The SMTP address printed in the banner, e.g. 127.0.0.1:2525. */
  smtp: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

const ENV = { ...process.env, NO_COLOR: '1', CI: '1', NODE_ENV: 'production' };

/** Runs `inbox <args>` to completion. */
export function runBinary(args: string[], opts: { timeoutMs?: number } = {}): Promise<Exit> {
  const proc = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  return collectExit(proc, opts.timeoutMs ?? 30_000);
}

function collectExit(proc: ChildProcess, timeoutMs: number, out = { stdout: '', stderr: '' }): Promise<Exit> {
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`inbox did not exit within ${timeoutMs} ms\nstdout: ${out.stdout}\nstderr: ${out.stderr}`));
    }, timeoutMs);
    proc.once('error', reject);
    proc.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: out.stdout, stderr: out.stderr });
    });
  });
}

/** The API URL and SMTP address of `inbox emulate`'s text banner, once it is whole (null before). */
export function bannerAddresses(stdout: string): { apiUrl: string; smtp: string } | null {
  const api = /^\s*API\s+(http:\/\/\S+)\s*$/m.exec(stdout);
  const smtp = /^\s*SMTP\s+(\S+)\s*$/m.exec(stdout);
  return api && smtp && /^\s*Keys\s/m.test(stdout) ? { apiUrl: api[1]!, smtp: smtp[1]! } : null;
}

/**
 * Starts `inbox emulate --port 0 --smtp-port 0 <args>` and resolves once the banner names the API URL.
 * Rejects with the output if the process ends first.
 */
export async function startEmulatorBinary(args: string[], opts: { timeoutMs?: number; env?: NodeJS.ProcessEnv; ports?: boolean } = {}): Promise<RunningBinary> {
  // `ports: false` leaves --port / --smtp-port out (for tests of the INBOX_EMULATOR_* variables).
  const ports = opts.ports === false ? [] : ['--port', '0', '--smtp-port', '0'];
  const proc = spawn(process.execPath, [BIN, 'emulate', ...ports, ...args], {
    cwd: ROOT,
    env: { ...ENV, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  const exited = collectExit(proc, 10 * 60_000, out);
  exited.catch(() => undefined);
  const banner = await new Promise<{ apiUrl: string; smtp: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner within ${opts.timeoutMs ?? 20_000} ms\n${out.stdout}\n${out.stderr}`)),
      opts.timeoutMs ?? 20_000,
    );
    const check = () => {
      const found = bannerAddresses(out.stdout);
      if (found) {
        clearTimeout(timer);
        proc.stdout!.off('data', check);
        resolve(found);
      }
    };
    proc.stdout!.on('data', check);
    exited.then((e) => {
      clearTimeout(timer);
      reject(new Error(`inbox emulate exited (code ${e.code}, signal ${e.signal}) before it was ready\nstdout: ${e.stdout}\nstderr: ${e.stderr}`));
    }, reject);
  });
  return {
    proc,
    url: banner.apiUrl.replace(/\/v1$/, ''),
    apiUrl: banner.apiUrl,
    smtp: banner.smtp,
    stdout: () => out.stdout,
    stderr: () => out.stderr,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}
