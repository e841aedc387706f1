// The action's post step (run when the job ends, also after a failed step): stops the emulator that
// main.ts started (SIGTERM, for a clean stop that writes what a data file keeps; SIGKILL after 10 s)
// and prints its log into the job's log. The log file stays where it is (the `log` output), for an
// upload step.
import { readFileSync } from 'node:fs';
import { type Env, group, warning } from './runner.js';

const STOP_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

export async function run(env: Env = process.env): Promise<number> {
  const pid = Number(env.STATE_pid);
  const log = env.STATE_log ?? '';
  // The main step failed before the emulator was up: it stopped it and showed the log already.
  if (!Number.isInteger(pid) || pid <= 0) return 0;
  let how: string;
  if (!alive(pid)) {
    how = 'it had stopped before the end of the job';
    warning(`the inbox emulator (pid ${pid}) had stopped before the end of the job; its log follows`);
  } else {
    process.kill(pid, 'SIGTERM');
    if (await gone(pid, STOP_MS)) how = 'stopped';
    else {
      process.kill(pid, 'SIGKILL');
      await gone(pid, 2_000);
      how = `killed: it did not stop within ${STOP_MS / 1000} s of SIGTERM`;
    }
  }
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch (e) {
    text = `(could not read ${log}: ${(e as Error).message})`;
  }
  group(`inbox emulator log (${log})`, text);
  process.stdout.write(`inbox emulator (pid ${pid}) ${how}; its log is kept in ${log}\n`);
  return 0;
}

process.exitCode = await run();
