// The action's main step: starts `inbox emulate` (the single-file bundle beside this one, inbox.js) in
// the background with the inputs, its output going to a log file; waits until GET /_emulator/health
// answers; then exports INBOX_BASE_URL, INBOX_SMTP, INBOX_SMTP_HOST and INBOX_SMTP_PORT for the steps
// after it, sets the outputs, and hands the process id and the log's path to the post step
// (post.ts), which stops it. An emulator that exits or is not ready in time fails the step with its
// log shown.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InputName, settingsOf } from './inputs.js';
import { type Env, error, fileCommand, group, input } from './runner.js';

/** Between two health checks while it starts. */
const POLL_MS = 100;

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/_emulator/health`, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json().catch(() => null)) as { success?: unknown } | null;
    return res.ok && body?.success === true;
  } catch {
    return false;
  }
}

/** Waits until the emulator answers its health check: null then, else why not (it stopped, or the time ran out). */
async function waitReady(baseUrl: string, deadline: number, exited: () => string | null): Promise<string | null> {
  // A health check's socket may be the only thing left while it is refused (fetch does not hold the
  // process open): this timer does, until the wait is over.
  const hold = setInterval(() => undefined, 1_000);
  try {
    for (;;) {
      const stopped = exited();
      if (stopped) return `inbox emulate stopped before it was ready (${stopped})`;
      if (await healthy(baseUrl)) return null;
      if (Date.now() >= deadline) return `inbox emulate was not ready at ${baseUrl} in time`;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    clearInterval(hold);
  }
}

export async function run(env: Env = process.env): Promise<number> {
  let settings: ReturnType<typeof settingsOf>;
  try {
    settings = settingsOf((name: InputName) => input(env, name));
  } catch (e) {
    error((e as Error).message);
    return 1;
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const cli = join(here, 'inbox.js');
  if (!existsSync(cli)) {
    error(`${cli} is missing: the action's bundle is incomplete (npm run build:action writes it)`);
    return 1;
  }
  const log = resolve(settings.log ?? join(env.RUNNER_TEMP || tmpdir(), 'inbox-emulator.log'));
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [cli, ...settings.args], {
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...env, NO_COLOR: '1' } as NodeJS.ProcessEnv,
  });
  closeSync(out);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = signal ? `signal ${signal}` : `exit code ${code}`));
  const spawned = await new Promise<Error | null>((ok) => {
    child.once('spawn', () => ok(null));
    child.once('error', (e) => ok(e));
  });
  if (spawned) {
    error(`could not start ${process.execPath} ${cli}: ${spawned.message}`);
    return 1;
  }
  const urlHost = settings.connectHost.includes(':') ? `[${settings.connectHost}]` : settings.connectHost;
  const baseUrl = `http://${urlHost}:${settings.port}`;
  const smtp = `${urlHost}:${settings.smtpPort}`;
  const failed = await waitReady(baseUrl, Date.now() + settings.timeoutMs, () => exited);
  if (failed) {
    if (!exited) child.kill('SIGTERM');
    group('inbox emulator log', readLog(log));
    error(`${failed}${exited ? '' : ` (input timeout: ${settings.timeoutMs / 1000} s)`}; its log is above and in ${log}`);
    return 1;
  }
  child.unref();
  const pid = String(child.pid);
  fileCommand(env, 'GITHUB_STATE', 'pid', pid);
  fileCommand(env, 'GITHUB_STATE', 'log', log);
  const exported: Record<string, string> = {
    INBOX_BASE_URL: baseUrl,
    INBOX_SMTP: smtp,
    INBOX_SMTP_HOST: settings.connectHost,
    INBOX_SMTP_PORT: String(settings.smtpPort),
  };
  for (const [name, value] of Object.entries(exported)) fileCommand(env, 'GITHUB_ENV', name, value);
  const outputs: Record<string, string> = {
    'base-url': baseUrl,
    smtp,
    'smtp-host': settings.connectHost,
    'smtp-port': String(settings.smtpPort),
    log,
    pid,
  };
  for (const [name, value] of Object.entries(outputs)) fileCommand(env, 'GITHUB_OUTPUT', name, value);
  process.stdout.write(
    `inbox emulator ready: API ${baseUrl}, SMTP ${smtp} (pid ${pid}, log ${log})\n` +
      `exported INBOX_BASE_URL=${baseUrl} INBOX_SMTP=${smtp} INBOX_SMTP_HOST=${settings.connectHost} INBOX_SMTP_PORT=${settings.smtpPort}\n`,
  );
  return 0;
}

process.exitCode = await run();
