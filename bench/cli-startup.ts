// Benchmark 6: CLI start-up. Cold runs of `node bin/inbox.js --version` against `node -e 0` (target
// <= 2x) and of `node bin/inbox.js otp <inbox> --json` against a running emulator (target <= 3x),
// interleaved so that drift hits all three alike; each run is a fresh process timed from spawn to exit.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { registerInboxes, routeExists, unthrottle, BENCH_KEY } from './lib/api.js';
import { htmlMessage } from './lib/corpus.js';
import { removeDir, startEmulatorChild, tempDir } from './lib/procs.js';
import { fmt, mean, median, table, type Benchmark, type BenchContext, type BenchResult, type TargetCheck } from './lib/report.js';
import { SmtpConnection, toDataPayload } from './lib/smtp-client.js';

interface Timed {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

function timeRun(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const p = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.once('error', reject);
    p.once('close', (code) => resolve({ ms: performance.now() - start, code, stdout, stderr }));
  });
}

export const cliStartup: Benchmark = {
  name: 'cli',
  title: 'CLI start-up: --version and otp vs `node -e 0`',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const runs = ctx.quick ? 10 : 40;
    const dir = tempDir('cli');
    const emu = await startEmulatorChild({ bin: ctx.build.bin, data: null }).catch((e: unknown) => {
      removeDir(dir);
      throw e;
    });
    try {
      const inbox = 'cli@inbox.test';
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        INBOX_BASE_URL: emu.url,
        INBOX_API_KEY: BENCH_KEY,
        INBOX_CONFIG_DIR: join(dir, 'config'),
        NO_COLOR: '1',
      };
      await unthrottle(emu.url);
      await registerInboxes(emu.url, [inbox]);
      // A message with a code, so `otp` has something to find (SMTP if it has landed, else nothing).
      if (emu.smtp.port) {
        try {
          const c = await SmtpConnection.open(emu.smtp.host, emu.smtp.port);
          await c.send('sender@bench.localhost', [inbox], toDataPayload(Buffer.from(htmlMessage(1, 'sender@bench.localhost', inbox))));
          await c.quit();
        } catch (e) {
          ctx.log(`(could not send the message with a code: ${(e as Error).message})`);
        }
      }
      const BIN = ctx.build.bin;
      const cwd = ctx.build.root;
      const otpArgs = [BIN, 'otp', inbox, '--json'];
      const probe = await timeRun(otpArgs, env, cwd);
      const otpOk = probe.code === 0 && (await routeExists(emu.url, 'GET', `/v1/inboxes/${encodeURIComponent(inbox)}/otp`));
      if (!otpOk) ctx.log(`otp not measured: \`inbox otp\` exited ${probe.code}: ${(probe.stderr || probe.stdout).trim().slice(0, 300)}`);
      else ctx.log(`inbox otp --json printed: ${probe.stdout.trim().slice(0, 200)}`);
      const version = await timeRun([BIN, '--version'], env, cwd);
      if (version.code !== 0) throw new Error(`inbox --version exited ${version.code}: ${version.stderr}`);

      const cmds: Array<{ label: string; args: string[] }> = [
        { label: 'node -e 0', args: ['-e', '0'] },
        { label: 'node bin/inbox.js --version', args: [BIN, '--version'] },
        ...(otpOk ? [{ label: `node bin/inbox.js otp ${inbox} --json`, args: otpArgs }] : []),
      ];
      const times = new Map<string, number[]>(cmds.map((c) => [c.label, []]));
      for (const c of cmds) await timeRun(c.args, env, cwd); // warm the file cache
      for (let i = 0; i < runs; i++) {
        for (const c of cmds) {
          const t = await timeRun(c.args, env, cwd);
          if (t.code !== 0) throw new Error(`${c.label} exited ${t.code}: ${t.stderr.slice(0, 300)}`);
          times.get(c.label)!.push(t.ms);
        }
      }
      const base = times.get('node -e 0')!;
      const rows = [['command', 'runs', 'mean ms', 'median ms', 'min ms', 'x node (median)', 'x node (mean)']];
      for (const c of cmds) {
        const t = times.get(c.label)!;
        rows.push([
          c.label,
          String(t.length),
          fmt(mean(t)),
          fmt(median(t)),
          fmt(Math.min(...t)),
          fmt(median(t) / median(base), 2),
          fmt(mean(t) / mean(base), 2),
        ]);
      }
      ctx.log(table(rows));
      const ratio = (label: string) => median(times.get(label)!) / median(base);
      const targets: TargetCheck[] = [{ name: 'inbox --version vs node -e 0 (median)', value: ratio(cmds[1]!.label), limit: 2, op: '<=', unit: 'x' }];
      const summary = [`node -e 0 ${fmt(median(base))} ms, --version ${fmt(median(times.get(cmds[1]!.label)!))} ms (median of ${runs})`];
      if (otpOk) {
        targets.push({ name: 'inbox otp --json vs node -e 0 (median)', value: ratio(cmds[2]!.label), limit: 3, op: '<=', unit: 'x' });
        summary.push(`otp --json ${fmt(median(times.get(cmds[2]!.label)!))} ms (median of ${runs})`);
      }
      const notes = otpOk ? [] : ['skipped: `inbox otp` not available (only --version measured)'];
      return { status: 'done', targets, summary, notes };
    } finally {
      await emu.stop();
      removeDir(dir);
    }
  },
};
