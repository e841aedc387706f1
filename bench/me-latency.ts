// Benchmark: does one request cost in proportion to itself? GET /v1/me p50/p99, probed one at a time
// (5 ms apart, keep-alive) with a key of its own, on three emulators' worth of state:
//   empty     a fresh data file;
//   loaded    20,000 inboxes and 5,000 webhooks (all on one of those inboxes) on one account;
//   fan-out   the loaded one while a message to that inbox is delivered to its 5,000 webhooks
//             (targets: a node:http receiver in a process of its own, --allow-http-webhooks).
// Targets (issue 28): loaded p99 at most 2x empty p99; fan-out p99 under 50 ms. The probe's account
// is not the loaded one, since GET /v1/me lists the caller's inboxes: 20,000 addresses are a 600 KB
// answer, whose size is the answer's cost, not the state's. The loaded state is written by the build's
// own core in this process (no HTTP, no fsync), then served by `inbox emulate` in a child process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { BENCH_KEY, httpJson, unthrottle } from './lib/api.js';
import { htmlMessage } from './lib/corpus.js';
import { benchEmulator, procCpuMs, removeDir, ROOT, tempDir, type EmulatorChild } from './lib/procs.js';
import { fmt, FeatureMissing, sleep, summarize, table, type Benchmark, type BenchContext, type BenchResult, type LatencySummary } from './lib/report.js';
import { SmtpConnection, toDataPayload } from './lib/smtp-client.js';

const PROBE_KEY = 'bench_probe';
const INBOXES = 20_000;
const WEBHOOKS = 5_000;
const FAN_INBOX = 'fan@inbox.test';
const GAP_MS = 5;

interface CountLine {
  count: number;
  distinct: number;
  firstAt: number;
  lastAt: number;
}

/** The receiver child: its port, and a wait for the count to reach a number. */
async function startReceiver(): Promise<{ port: number; reached(n: number, timeoutMs: number): Promise<CountLine>; stop(): void }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'lib', 'count-receiver.ts'), '--every', '500'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const lines = createInterface({ input: proc.stdout! });
  let last: CountLine = { count: 0, distinct: 0, firstAt: 0, lastAt: 0 };
  const waiters = new Set<() => void>();
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`receiver exited with ${code}: ${err}`)));
    lines.once('line', (l) => resolve((JSON.parse(l) as { port: number }).port));
  });
  lines.on('line', (l) => {
    last = JSON.parse(l) as CountLine;
    for (const w of waiters) w();
  });
  return {
    port,
    reached(n, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (last.count < n) return;
          clearTimeout(t);
          waiters.delete(check);
          resolve(last);
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver had ${last.count} of ${n} webhook POSTs after ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => void proc.kill('SIGTERM'),
  };
}

/** The slice of the build's core the prefill uses. */
interface CoreLike {
  accounts: { byKey(key: string): unknown };
  inboxes: { register(account: unknown, inbox: string): unknown };
  webhooks: { allowHttp: boolean; create(account: unknown, body: Record<string, unknown>): unknown };
  commit(): Promise<void>;
  close(): Promise<void>;
}

/** Writes the loaded state with the build's core, in this process. */
async function prefill(root: string, dataPath: string, receiverPort: number, log: (s: string) => void): Promise<void> {
  let core: CoreLike;
  try {
    const mod = (await import(pathToFileURL(join(root, 'emulator', 'core', 'emulator.ts')).href)) as {
      EmulatorCore: { open(o: { dataPath: string; sync: string }): Promise<CoreLike> };
    };
    core = await mod.EmulatorCore.open({ dataPath, sync: 'never' });
  } catch (e) {
    throw new FeatureMissing(`the build's core in process (${(e as Error).message})`);
  }
  try {
    const start = performance.now();
    const account = core.accounts.byKey(BENCH_KEY);
    core.inboxes.register(account, FAN_INBOX);
    for (let i = 1; i < INBOXES; i++) {
      core.inboxes.register(account, `load${i}@inbox.test`);
      // Each registration writes the inbox's first timeline event in the background: a pause now
      // and then keeps the files being written at once under the limit of open files.
      if (i % 500 === 0) await sleep(50);
    }
    core.webhooks.allowHttp = true;
    for (let i = 0; i < WEBHOOKS; i++) core.webhooks.create(account, { url: `http://127.0.0.1:${receiverPort}/hook${i}`, inbox: FAN_INBOX });
    await core.commit();
    log(`  prefill: ${INBOXES} inboxes and ${WEBHOOKS} webhooks in ${fmt((performance.now() - start) / 1000)} s`);
  } finally {
    await core.close();
  }
}

/**
 * Waits until the emulator has been quiet (under 5% of a core over half a second): after a start it
 * loads every inbox's log in the background, which is not what the probes measure. The time taken.
 */
async function quiet(emu: EmulatorChild, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  let before = procCpuMs(emu.pid);
  while (performance.now() - start < timeoutMs) {
    await sleep(500);
    const now = procCpuMs(emu.pid);
    if (now - before <= 25) break;
    before = now;
  }
  return performance.now() - start;
}

/** One GET /v1/me; its time from the request to the whole answer. */
async function probe(emu: EmulatorChild, key = PROBE_KEY): Promise<number> {
  const t0 = performance.now();
  const r = await httpJson(emu.url, 'GET', '/v1/me', { key, timeoutMs: 60_000 });
  if (r.status !== 200) throw new Error(`GET /v1/me answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.at - t0;
}

/** `count` probes one after another, after `warm` not counted. */
async function probes(emu: EmulatorChild, count: number, warm = 50, key = PROBE_KEY): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < warm + count; i++) {
    const ms = await probe(emu, key);
    if (i >= warm) out.push(ms);
    await sleep(GAP_MS);
  }
  return out;
}

function row(label: string, s: LatencySummary): string[] {
  return [label, String(s.n), fmt(s.p50, 2), fmt(s.p90, 2), fmt(s.p99, 2), fmt(s.max, 2)];
}

export const meLatency: Benchmark = {
  name: 'me',
  title: 'GET /v1/me p50/p99: empty, 20,000 inboxes + 5,000 webhooks on one account, during a 5,000-webhook fan-out',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const count = ctx.quick ? 300 : 1000;
    const rounds = ctx.quick ? 1 : 3;
    const receiver = await startReceiver();
    const dirs: string[] = [];
    let emu: EmulatorChild | null = null;
    let smtp: SmtpConnection | null = null;
    try {
      // empty
      const emptyDir = tempDir('me-empty');
      dirs.push(emptyDir);
      emu = await benchEmulator(emptyDir, { bin: ctx.build.bin, allowHttpWebhooks: true });
      await unthrottle(emu.url, PROBE_KEY);
      const empty = summarize(await probes(emu, count));
      await emu.stop();
      emu = null;

      // loaded
      const loadedDir = tempDir('me-loaded');
      dirs.push(loadedDir);
      await prefill(ctx.build.root, join(loadedDir, 'emulator.json'), receiver.port, ctx.log);
      emu = await benchEmulator(loadedDir, { bin: ctx.build.bin, allowHttpWebhooks: true });
      await unthrottle(emu.url, PROBE_KEY);
      await unthrottle(emu.url);
      const settling = await quiet(emu);
      const loaded = summarize(await probes(emu, count));
      const own = summarize(await probes(emu, 20, 5, BENCH_KEY));

      // fan-out: probes from each message's 250 until its 5,000th POST has arrived
      smtp = await SmtpConnection.open(emu.smtp.host, emu.smtp.port);
      const during: number[] = [];
      const spans: number[] = [];
      let distinct = 0;
      for (let r = 1; r <= rounds; r++) {
        const raw = htmlMessage(r, 'sender@bench.localhost', FAN_INBOX).replace(/^Subject: .*$/m, `Subject: fan-out ${r}`);
        await smtp.send('sender@bench.localhost', [FAN_INBOX], toDataPayload(Buffer.from(raw, 'utf8')));
        const ackedAt = performance.timeOrigin + performance.now();
        let done = false;
        const all = receiver.reached(r * WEBHOOKS, 180_000).finally(() => (done = true));
        all.catch(() => undefined); // awaited below; a probe that throws first must not leave it unhandled
        while (!done) {
          during.push(await probe(emu));
          await sleep(GAP_MS);
        }
        const line = await all;
        spans.push(line.lastAt - ackedAt);
        distinct = line.distinct;
        await sleep(1000);
      }
      const fan = summarize(during);
      const fanSpan = summarize(spans);

      ctx.log(
        table([
          ['GET /v1/me, probe account', 'n', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
          row('empty emulator', empty),
          row(`${INBOXES} inboxes, ${WEBHOOKS} webhooks`, loaded),
          row(`same, during the fan-out`, fan),
          row('(the loaded account itself)', own),
        ]),
      );
      const ratio = loaded.p99 / empty.p99;
      const fanRatio = fan.p99 / empty.p99;
      return {
        status: 'done',
        summary: [
          `GET /v1/me p99: empty ${fmt(empty.p99, 2)} ms, loaded ${fmt(loaded.p99, 2)} ms (${fmt(ratio, 2)}x), during the fan-out ${fmt(fan.p99, 2)} ms (${fmt(fanRatio, 2)}x; max ${fmt(fan.max, 1)} ms)`,
          `fan-out of one message to ${WEBHOOKS} webhooks: SMTP 250 to the last POST ${fmt(fanSpan.p50, 0)} ms (median of ${rounds}); ${distinct} distinct deliveries of ${rounds * WEBHOOKS}`,
        ],
        notes: [
          `the loaded account's own GET /v1/me (20,000 addresses listed): p50 ${fmt(own.p50, 1)} ms`,
          `after its start the loaded emulator was busy for ${fmt(settling / 1000)} s (inbox logs loaded in the background); probed once quiet`,
        ],
        targets: [
          { name: 'GET /v1/me p99 loaded / empty', value: ratio, limit: 2, op: '<=', unit: 'x' },
          { name: 'GET /v1/me p99 during a 5,000-webhook fan-out', value: fan.p99, limit: 50, op: '<', unit: ' ms' },
        ],
      };
    } finally {
      await smtp?.quit().catch(() => undefined);
      await emu?.stop();
      receiver.stop();
      for (const d of dirs) removeDir(d);
    }
  },
};
