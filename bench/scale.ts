// Benchmark 3: scale. The SMTP ingestion rate with 50,000 messages already stored (500 inboxes x 100,
// the enterprise retention) must be at least 80% of the rate on an empty store, and the main JSON
// document must not grow with the mail (inbox documents hold the summaries, blobs the bodies).
// The prefill calls the core's ingest function in process without fsync (falling back to the control
// route POST /_emulator/messages); the two stores are then measured side by side with the default
// sync mode, alternating rounds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_KEY, httpJson, inboxNames, registerInboxes, routeExists, unthrottle } from './lib/api.js';
import { buildCorpus, htmlMessage, textMessage } from './lib/corpus.js';
import { sendCorpus } from './lib/load.js';
import { emulatorWithSmtp, removeDir, sizeOf, startEmulatorChild, tempDir, type EmulatorChild } from './lib/procs.js';
import { fmt, fmtBytes, FeatureMissing, median, sleep, table, type Benchmark, type BenchContext, type BenchResult } from './lib/report.js';

const INBOXES = 500;
const PER_INBOX = 100;

interface Sizes {
  main: number;
  inboxDocs: number;
  inboxFiles: number;
  blobs: number;
}

function sizes(dataPath: string): Sizes {
  const d = dataPath.replace(/\.json$/, '') + '.d';
  const inboxes = sizeOf(join(d, 'inboxes'));
  return { main: sizeOf(dataPath).bytes, inboxDocs: inboxes.bytes, inboxFiles: inboxes.files, blobs: sizeOf(join(d, 'blobs')).bytes };
}

/** Stores `total` small messages through the control ingestion route, `concurrency` at a time. */
async function prefill(emu: EmulatorChild, inboxes: string[], total: number, log: (s: string) => void): Promise<number> {
  let next = 0;
  const start = performance.now();
  // Consecutive messages go to the same inbox, so concurrent requests share its document writes.
  const perInbox = Math.ceil(total / inboxes.length);
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const to = inboxes[Math.floor(i / perInbox)]!;
      const raw = i % 2 ? htmlMessage(i, 'prefill@bench.localhost', to) : textMessage(i, 'prefill@bench.localhost', to);
      const r = await httpJson(emu.url, 'POST', '/_emulator/messages', { key: null, body: { raw, to: [to] } }).catch((e: Error) => {
        throw new Error(`POST /_emulator/messages: ${e.message}; emulator stderr: ${emu.stderr().slice(-2000)}`);
      });
      if (r.status >= 300) throw new Error(`POST /_emulator/messages: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      if (i > 0 && i % 10_000 === 0) log(`  prefill: ${i} messages (${fmt((i / (performance.now() - start)) * 1000, 0)} msg/s)`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return (performance.now() - start) / 1000;
}

/** The slice of the core's API the in-process prefill uses (loaded from the build under test). */
interface CoreLike {
  accounts: { byKey(key: string): unknown };
  inboxes: { register(account: unknown, inbox: string): unknown };
  ingest(input: { source: string; recipients: string[] }): Promise<unknown>;
  commit(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Registers the inboxes and stores `perInbox` small messages in each by calling the core's one ingest
 * function in this process (no HTTP, no fsync); the messages of one inbox go in together so they
 * share its document writes. Returns null when the build's core cannot be loaded that way.
 */
export async function prefillInProcess(root: string, dataPath: string, inboxes: string[], perInbox: number, log: (s: string) => void) {
  let core: CoreLike;
  try {
    const mod = (await import(pathToFileURL(join(root, 'emulator', 'core', 'emulator.ts')).href)) as {
      EmulatorCore: { open(o: { dataPath: string; sync: string }): Promise<CoreLike> };
    };
    core = await mod.EmulatorCore.open({ dataPath, sync: 'never' });
  } catch (e) {
    log(`  (in-process prefill unavailable: ${(e as Error).message}; using the control route)`);
    return null;
  }
  try {
    const account = core.accounts.byKey(BENCH_KEY);
    for (const inbox of inboxes) core.inboxes.register(account, inbox);
    await core.commit();
    const registered = sizes(dataPath);
    const start = performance.now();
    let done = 0;
    let next = 0;
    const worker = async () => {
      while (next < inboxes.length) {
        const to = inboxes[next++]!;
        await Promise.all(
          Array.from({ length: perInbox }, (_, k) => {
            const i = done + k;
            const raw = i % 2 ? htmlMessage(i, 'prefill@bench.localhost', to) : textMessage(i, 'prefill@bench.localhost', to);
            return core.ingest({ source: raw, recipients: [to] });
          }),
        );
        done += perInbox;
        if (done % 10_000 === 0) log(`  prefill: ${done} messages (${fmt((done / (performance.now() - start)) * 1000, 0)} msg/s)`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return { registered, seconds: (performance.now() - start) / 1000 };
  } finally {
    await core.close();
  }
}

/** Sends `perRun` messages per series and round, in blocks that alternate between the series. */
async function alternate(
  ctx: BenchContext,
  series: Array<[string, EmulatorChild, string[]]>,
  rounds: number,
  perRun: number,
  start: number,
): Promise<number[][]> {
  const block = 100;
  const rates: number[][] = series.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const corpora = series.map(([, , to]) => buildCorpus({ count: perRun, recipients: to, start: start + r * perRun }));
    const ms = series.map(() => 0);
    for (let b = 0, k = 0; b < perRun; b += block, k++) {
      for (let j = 0; j < series.length; j++) {
        const x = (j + k + r) % series.length;
        const [name, emu] = series[x]!;
        await sleep(50);
        const res = await sendCorpus(emu.smtp.host, emu.smtp.port, corpora[x]!.slice(b, b + block), 1);
        if (res.failed) ctx.log(`  ${name}: ${res.failed} failed (${res.firstError})`);
        ms[x]! += res.ms;
      }
    }
    series.forEach(([name], x) => {
      rates[x]!.push((perRun / ms[x]!) * 1000);
      ctx.log(`  round ${r + 1}: ${name.padEnd(18)} ${fmt((perRun / ms[x]!) * 1000)} msg/s`);
    });
  }
  return rates;
}

export const scale: Benchmark = {
  name: 'scale',
  title: 'Ingestion rate with 50,000 messages stored vs an empty store',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const perRun = ctx.quick ? 200 : 500;
    const rounds = ctx.quick ? 1 : 3;
    const dir = tempDir('scale');
    const emptyPath = join(dir, 'empty', 'emulator.json');
    const fullPath = join(dir, 'full', 'emulator.json');
    const recipients = inboxNames('scale', INBOXES);
    const running: EmulatorChild[] = [];
    try {
      // Prefill the "full" store quickly (in process, no fsync), then serve it with the default durability.
      ctx.log(`prefilling ${INBOXES * PER_INBOX} messages (${INBOXES} inboxes x ${PER_INBOX})...`);
      let pre = await prefillInProcess(ctx.build.root, fullPath, recipients, PER_INBOX, ctx.log);
      if (!pre) {
        const filler = await startEmulatorChild({ bin: ctx.build.bin, data: fullPath, sync: 'never' });
        running.push(filler);
        if (!(await routeExists(filler.url, 'POST', '/_emulator/messages', {}))) throw new FeatureMissing('POST /_emulator/messages (control ingestion)');
        await unthrottle(filler.url);
        await registerInboxes(filler.url, recipients);
        const registered = sizes(fullPath);
        const seconds = await prefill(filler, recipients, INBOXES * PER_INBOX, ctx.log);
        await filler.stop();
        pre = { registered, seconds };
      }
      const { registered } = pre;
      const filled = sizes(fullPath);
      ctx.log(`  prefill took ${fmt(pre.seconds)} s`);

      const full = await emulatorWithSmtp({ bin: ctx.build.bin, data: fullPath });
      if (!full) throw new FeatureMissing('SMTP receiver');
      running.push(full);
      const empty = await emulatorWithSmtp({ bin: ctx.build.bin, data: emptyPath });
      if (!empty) throw new FeatureMissing('SMTP receiver');
      running.push(empty);
      await unthrottle(empty.url);
      await unthrottle(full.url);
      await registerInboxes(empty.url, recipients);

      // Warm-up, then the comparison: empty and full store in alternating blocks (as in the ingest
      // benchmark), so load from elsewhere on the machine and idle time hit both alike.
      await sendCorpus(empty.smtp.host, empty.smtp.port, buildCorpus({ count: 50, recipients, start: 800_000 }), 1);
      await sendCorpus(full.smtp.host, full.smtp.port, buildCorpus({ count: 50, recipients, start: 800_000 }), 1);
      const main = await alternate(
        ctx,
        [
          ['empty', empty, recipients],
          ['full', full, recipients],
        ],
        rounds,
        perRun,
        700_000,
      );
      // Then mail to 500 new inboxes in each store: separates the cost of the store's total size from
      // the cost of appending to full (100-message) inbox documents and evicting.
      const fresh = inboxNames('fresh', INBOXES);
      await registerInboxes(full.url, fresh);
      await registerInboxes(empty.url, fresh);
      const side = await alternate(
        ctx,
        [
          ['empty, new inboxes', empty, fresh],
          ['full, new inboxes', full, fresh],
        ],
        1,
        perRun,
        600_000,
      );
      const emptyRate = median(main[0]!);
      const fullRate = median(main[1]!);
      const freshEmptyRate = median(side[0]!);
      const freshRate = median(side[1]!);
      await full.stop();
      const after = sizes(fullPath);
      ctx.log('');
      ctx.log(
        table([
          ['store (mixed corpus, 1 connection)', 'msg/s', 'vs empty store'],
          ['empty store', fmt(emptyRate), '1.00x'],
          [`${INBOXES * PER_INBOX} stored, mail to those full inboxes (evicting)`, fmt(fullRate), `${fmt(fullRate / emptyRate, 2)}x`],
          ['empty store, mail to 500 new inboxes', fmt(freshEmptyRate), '1.00x'],
          [`${INBOXES * PER_INBOX} stored, mail to 500 new inboxes`, fmt(freshRate), `${fmt(freshRate / freshEmptyRate, 2)}x`],
        ]),
      );
      ctx.log('');
      const stored = INBOXES * PER_INBOX;
      ctx.log(
        table([
          ['files of the full store', 'main doc', 'inbox docs (total)', 'per inbox doc', 'blobs'],
          [
            '500 inboxes, no mail',
            fmtBytes(registered.main),
            fmtBytes(registered.inboxDocs),
            fmtBytes(registered.inboxDocs / Math.max(1, registered.inboxFiles)),
            fmtBytes(registered.blobs),
          ],
          [
            `after ${stored} messages`,
            fmtBytes(filled.main),
            fmtBytes(filled.inboxDocs),
            fmtBytes(filled.inboxDocs / Math.max(1, filled.inboxFiles)),
            fmtBytes(filled.blobs),
          ],
          [
            'after the measured rounds',
            fmtBytes(after.main),
            fmtBytes(after.inboxDocs),
            fmtBytes(after.inboxDocs / Math.max(1, after.inboxFiles)),
            fmtBytes(after.blobs),
          ],
        ]),
      );
      const mainGrowth = (filled.main - registered.main) / stored;
      const inboxPerMsg = (filled.inboxDocs - registered.inboxDocs) / stored;
      return {
        status: 'done',
        summary: [
          `empty store ${fmt(emptyRate)} msg/s; ${stored} stored: ${fmt(fullRate)} msg/s to the full inboxes (${fmt((fullRate / emptyRate) * 100, 0)}%), new inboxes: ${fmt(freshRate)} vs ${fmt(freshEmptyRate)} msg/s (${fmt((freshRate / freshEmptyRate) * 100, 0)}%)`,
          `main doc ${fmtBytes(registered.main)} -> ${fmtBytes(filled.main)} (${fmt(mainGrowth, 2)} B per stored message); inbox docs ${fmt(inboxPerMsg, 0)} B per message (summary + timeline)`,
        ],
        targets: [
          { name: 'rate with 50,000 stored (mail to the full inboxes) / empty store', value: fullRate / emptyRate, limit: 0.8, op: '>=', unit: 'x' },
          { name: 'main JSON doc growth per stored message', value: mainGrowth, limit: 1, op: '<=', unit: ' B' },
        ],
      };
    } finally {
      for (const e of running) await e.stop();
      removeDir(dir);
    }
  },
};
