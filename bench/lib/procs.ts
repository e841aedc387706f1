// Child processes for the benchmarks: the emulator (the built binary, as users run it), MailDev 3 and
// a bare smtp-server sink. Each runs in its own process so it does not share an event loop with the
// load generator; every child is stopped by its own pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FeatureMissing } from './report.js';
import { SmtpConnection, waitForSmtp } from './smtp-client.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export { prepareBuild, type Build } from './build.js';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `inbox-bench-${prefix}-`));
}

export interface Child {
  proc: ChildProcess;
  pid: number;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Raised scheduling priority for the benchmark's own processes (load generator and every server alike),
 * so that other work on a shared machine disturbs the figures less. Needs root; ignored otherwise.
 */
export const BENCH_PRIORITY = -10;

export function raisePriority(pid = 0): boolean {
  try {
    setPriority(pid, BENCH_PRIORITY);
    return true;
  } catch {
    return false;
  }
}

function wrap(proc: ChildProcess): Child {
  raisePriority(proc.pid);
  let err = '';
  proc.stderr?.setEncoding('utf8');
  proc.stderr?.on('data', (d: string) => {
    err = (err + d).slice(-8000);
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    pid: proc.pid!,
    stderr: () => err,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolvePort(port));
    });
  });
}

export interface EmulatorChild extends Child {
  url: string;
  smtp: { host: string; port: number };
  dataPath: string | null;
}

export interface EmulatorChildOptions {
  /** bin/inbox.js of the build under test (see prepareBuild). */
  bin: string;
  /** JSON data file; null runs with --memory. */
  data: string | null;
  /** --fsync mode; unset: the build's default. `never` is passed as --no-fsync, which every build knows. */
  sync?: 'always' | 'interval' | 'never';
  allowHttpWebhooks?: boolean;
  extraArgs?: string[];
  nodeArgs?: string[];
  env?: Record<string, string>;
}

/** Starts `node bin/inbox.js emulate` on free ports and waits for its JSON ready line. */
export async function startEmulatorChild(opts: EmulatorChildOptions): Promise<EmulatorChild> {
  const args = [
    ...(opts.nodeArgs ?? []),
    opts.bin,
    'emulate',
    '--port',
    '0',
    '--smtp-port',
    '0',
    '--host',
    '127.0.0.1',
    '--json',
    '--quiet',
    ...(opts.data ? ['--data', opts.data] : ['--memory']),
    ...(opts.sync === 'never' ? ['--no-fsync'] : opts.sync ? ['--fsync', opts.sync] : []),
    ...(opts.allowHttpWebhooks ? ['--allow-http-webhooks'] : []),
    ...(opts.extraArgs ?? []),
  ];
  const proc = spawn(process.execPath, args, {
    cwd: dirname(dirname(opts.bin)),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
  });
  const child = wrap(proc);
  const lines = createInterface({ input: proc.stdout! });
  const ready = await new Promise<Record<string, unknown>>((resolveReady, reject) => {
    const t = setTimeout(() => reject(new Error(`emulator did not start within 30 s: ${child.stderr()}`)), 30_000);
    proc.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`emulator exited with ${code}: ${child.stderr()}`));
    });
    lines.on('line', (line) => {
      try {
        const o = JSON.parse(line) as Record<string, unknown>;
        if (o.type === 'ready') {
          clearTimeout(t);
          resolveReady(o);
        }
      } catch {
        /* not JSON */
      }
    });
  });
  // Keep draining stdout so the child never blocks on a full pipe.
  lines.on('line', () => undefined);
  const [host, port] = String(ready.smtp).split(/:(?=\d+$)/);
  return { ...child, url: String(ready.url), smtp: { host: host!, port: Number(port) }, dataPath: opts.data };
}

/** Starts an emulator child and checks its SMTP receiver answers; null when SMTP has not landed. */
export async function emulatorWithSmtp(opts: EmulatorChildOptions): Promise<EmulatorChild | null> {
  const emu = await startEmulatorChild(opts);
  if (!emu.smtp.port) {
    await emu.stop();
    return null;
  }
  try {
    const c = await SmtpConnection.open(emu.smtp.host, emu.smtp.port);
    await c.quit();
  } catch {
    await emu.stop();
    return null;
  }
  return emu;
}

/**
 * An emulator child with a working SMTP receiver on a data file in `dir`, for one benchmark: the
 * folder is removed when starting fails, and a build without SMTP ends the benchmark as skipped.
 */
export async function benchEmulator(dir: string, opts: Omit<EmulatorChildOptions, 'data'>): Promise<EmulatorChild> {
  const emu = await emulatorWithSmtp({ ...opts, data: join(dir, 'emulator.json') }).catch((e: unknown) => {
    removeDir(dir);
    throw e;
  });
  if (!emu) {
    removeDir(dir);
    throw new FeatureMissing('SMTP receiver');
  }
  return emu;
}

export interface SmtpChild extends Child {
  port: number;
}

/**
 * The MailDev baseline is not a dependency of the project (it needs a newer Node than this project and
 * brings 185 packages): the benchmarks install it on first use into .cache/bench-maildev/ (ignored by
 * git), pinned to MAILDEV_SPEC, and reuse it afterwards. Set INBOX_BENCH_MAILDEV=0 to skip it.
 */
export const MAILDEV_SPEC = 'maildev@3';
export const MAILDEV_DIR = join(ROOT, '.cache', 'bench-maildev');
const MAILDEV_BIN = join(MAILDEV_DIR, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/** The path of MailDev's start script, installing it first if needed; null (with the reason on stderr) if that fails. */
export function ensureMailDev(): string | null {
  if (process.env.INBOX_BENCH_MAILDEV === '0') return null;
  if (existsSync(MAILDEV_BIN)) return MAILDEV_BIN;
  mkdirSync(MAILDEV_DIR, { recursive: true });
  writeFileSync(join(MAILDEV_DIR, 'package.json'), JSON.stringify({ name: 'bench-maildev', private: true }) + '\n');
  process.stderr.write(`installing the ${MAILDEV_SPEC} baseline into ${MAILDEV_DIR} (once)...\n`);
  const r = spawnSync('npm', ['install', MAILDEV_SPEC, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: MAILDEV_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (r.status === 0 && existsSync(MAILDEV_BIN)) return MAILDEV_BIN;
  process.stderr.write(
    `MailDev baseline unavailable (npm install ${MAILDEV_SPEC} failed: ${(r.stderr || r.error?.message || '').trim().split('\n').pop()}); its rows are left out.\n`,
  );
  return null;
}

/** MailDev 3 with its web UI off and mail persisted to `dir` (the same corpus goes to it). */
export async function startMailDev(dir: string): Promise<SmtpChild> {
  const port = await freePort();
  const bin = ensureMailDev();
  if (!bin) throw new Error(`MailDev is not installed and could not be installed (npm install ${MAILDEV_SPEC} in ${MAILDEV_DIR}).`);
  const proc = spawn(process.execPath, [bin, '--smtp', String(port), '--ip', '127.0.0.1', '--disable-web', '--mail-directory', dir, '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const child = wrap(proc);
  try {
    await waitForSmtp('127.0.0.1', port);
  } catch (e) {
    await child.stop();
    throw new Error(`MailDev did not start: ${(e as Error).message} ${child.stderr()}`);
  }
  return { ...child, port };
}

/** Whether the MailDev baseline can run (installing it on first use). */
export function mailDevAvailable(): boolean {
  return ensureMailDev() !== null;
}

/**
 * A bare smtp-server that reads and discards every message: the ceiling of this SMTP stack. With
 * `storeDir`, the store-sink: it also writes each message and a journal line there before its 250,
 * which is all the emulator's 250 promises; with `index` as well, the index-sink: it then reads each
 * message and appends its listing to a log (bench/lib/sink-server.ts). `index` needs `storeDir`.
 */
export async function startSink(storeDir?: string, index = false): Promise<SmtpChild> {
  const script = [join(ROOT, 'bench', 'lib', 'sink-server.ts'), ...(storeDir ? ['--store', storeDir, ...(index ? ['--index'] : [])] : [])];
  const proc = spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = wrap(proc);
  const lines = createInterface({ input: proc.stdout! });
  const port = await new Promise<number>((resolvePort, reject) => {
    proc.once('exit', (code) => reject(new Error(`sink exited with ${code}: ${child.stderr()}`)));
    lines.once('line', (l) => resolvePort((JSON.parse(l) as { port: number }).port));
  });
  return { ...child, port };
}

export interface ProcMemory {
  rss: number;
  hwm: number;
}

/** VmRSS and VmHWM (peak RSS) of a process, in bytes (Linux /proc). */
export function procMemory(pid: number): ProcMemory {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, clock ticks of 10 ms). */
export function procCpuMs(pid: number): number {
  return cpuMsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** utime + stime of a /proc stat line, in ms (clock ticks of 10 ms). */
function cpuMsOf(stat: string): number {
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (user + system, ms) of each thread of a process, by thread id (Linux /proc). The main
 * thread's id is the process id; node names every thread "node", so the others are told apart by
 * what they do: V8's compiler and GC helpers start with the process, libuv's pool and worker threads
 * later.
 */
export function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(Number(tid), cpuMsOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** Resets the peak-RSS counter of a process (Linux: "5" into clear_refs); false if not permitted. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Size of a file, or of all files under a folder. */
export function sizeOf(path: string): { bytes: number; files: number } {
  let st;
  try {
    st = statSync(path);
  } catch {
    return { bytes: 0, files: 0 };
  }
  if (!st.isDirectory()) return { bytes: st.size, files: 1 };
  let bytes = 0;
  let files = 0;
  for (const e of readdirSync(path)) {
    const s = sizeOf(join(path, e));
    bytes += s.bytes;
    files += s.files;
  }
  return { bytes, files };
}
