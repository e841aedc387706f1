// Benchmark 3: scale. The SMTP ingestion rate with 50,000 messages already stored (500 inboxes x 100,
// the enterprise retention) must be at least 80% of the rate on an empty store, and the main JSON
// document must not grow with the mail (inbox documents hold the summaries, blobs the bodies).
// The prefill goes through the control route POST /_emulator/messages on a --no-fsync run; the two
// stores are then measured side by side with fsync on, alternating rounds.
import { join } from 'node:path';
import { httpJson, inboxNames, registerInboxes, routeExists, unthrottle } from './lib/api.js';
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
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const to = inboxes[i % inboxes.length]!;
      const raw = i % 2 ? htmlMessage(i, 'prefill@bench.localhost', to) : textMessage(i, 'prefill@bench.localhost', to);
      const r = await httpJson(emu.url, 'POST', '/_emulator/messages', { key: null, body: { raw, to: [to] } });
      if (r.status >= 300) throw new Error(`POST /_emulator/messages: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      if (i > 0 && i % 10_000 === 0) log(`  prefill: ${i} messages (${fmt((i / (performance.now() - start)) * 1000, 0)} msg/s)`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return (performance.now() - start) / 1000;
}

export const scale: Benchmark = {
  name: 'scale',
  title: 'Ingestion rate with 50,000 messages stored vs an empty store',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const perRun = ctx.quick ? 300 : 1000;
    const rounds = ctx.quick ? 1 : 3;
    const dir = tempDir('scale');
    const emptyPath = join(dir, 'empty', 'emulator.json');
    const fullPath = join(dir, 'full', 'emulator.json');
    const recipients = inboxNames('scale', INBOXES);
    const running: EmulatorChild[] = [];
    try {
      // Prefill the "full" store quickly (no fsync), then restart it with the default durability.
      const filler = await startEmulatorChild({ bin: ctx.build.bin, data: fullPath, fsync: false });
      running.push(filler);
      if (!(await routeExists(filler.url, 'POST', '/_emulator/messages', {}))) throw new FeatureMissing('POST /_emulator/messages (control ingestion)');
      await unthrottle(filler.url);
      await registerInboxes(filler.url, recipients);
      await filler.stop();
      const registered = sizes(fullPath);
      const again = await startEmulatorChild({ bin: ctx.build.bin, data: fullPath, fsync: false });
      running.push(again);
      ctx.log(`prefilling ${INBOXES * PER_INBOX} messages (${INBOXES} inboxes x ${PER_INBOX}) through POST /_emulator/messages...`);
      const prefillSeconds = await prefill(again, recipients, INBOXES * PER_INBOX, ctx.log);
      await again.stop();
      const filled = sizes(fullPath);
      ctx.log(`  prefill took ${fmt(prefillSeconds)} s`);

      const full = await emulatorWithSmtp({ bin: ctx.build.bin, data: fullPath });
      if (!full) throw new FeatureMissing('SMTP receiver');
      running.push(full);
      const empty = await emulatorWithSmtp({ bin: ctx.build.bin, data: emptyPath });
      if (!empty) throw new FeatureMissing('SMTP receiver');
      running.push(empty);
      await unthrottle(empty.url);
      await unthrottle(full.url);
      await registerInboxes(empty.url, recipients);

      const warm = buildCorpus({ count: 50, recipients, start: 800_000 });
      await sendCorpus(empty.smtp.host, empty.smtp.port, warm, 1);
      await sendCorpus(full.smtp.host, full.smtp.port, warm, 1);
      const rates = { empty: [] as number[], full: [] as number[] };
      for (let r = 0; r < rounds; r++) {
        const corpus = buildCorpus({ count: perRun, recipients, start: 700_000 + r * perRun });
        const order: Array<['empty' | 'full', EmulatorChild]> = r % 2 ? [['full', full], ['empty', empty]] : [['empty', empty], ['full', full]];
        for (const [name, emu] of order) {
          await sleep(300);
          const res = await sendCorpus(emu.smtp.host, emu.smtp.port, corpus, 1);
          if (res.failed) ctx.log(`  ${name}: ${res.failed} failed (${res.firstError})`);
          rates[name].push(res.rate);
          ctx.log(`  round ${r + 1}: ${name.padEnd(5)} store ${fmt(res.rate)} msg/s`);
        }
      }
      await full.stop();
      const after = sizes(fullPath);
      const emptyRate = median(rates.empty);
      const fullRate = median(rates.full);
      ctx.log('');
      ctx.log(table([
        ['store', 'msg/s (1 conn, median)'],
        ['empty (500 inboxes registered)', fmt(emptyRate)],
        [`${INBOXES * PER_INBOX} messages stored`, fmt(fullRate)],
      ]));
      ctx.log('');
      const stored = INBOXES * PER_INBOX;
      ctx.log(table([
        ['files of the full store', 'main doc', 'inbox docs (total)', 'per inbox doc', 'blobs'],
        ['500 inboxes, no mail', fmtBytes(registered.main), fmtBytes(registered.inboxDocs), fmtBytes(registered.inboxDocs / Math.max(1, registered.inboxFiles)), fmtBytes(registered.blobs)],
        [`after ${stored} messages`, fmtBytes(filled.main), fmtBytes(filled.inboxDocs), fmtBytes(filled.inboxDocs / Math.max(1, filled.inboxFiles)), fmtBytes(filled.blobs)],
        ['after the measured rounds', fmtBytes(after.main), fmtBytes(after.inboxDocs), fmtBytes(after.inboxDocs / Math.max(1, after.inboxFiles)), fmtBytes(after.blobs)],
      ]));
      const mainGrowth = (filled.main - registered.main) / stored;
      const inboxPerMsg = (filled.inboxDocs - registered.inboxDocs) / stored;
      return {
        status: 'done',
        summary: [
          `empty store ${fmt(emptyRate)} msg/s, ${stored} stored ${fmt(fullRate)} msg/s (${fmt((fullRate / emptyRate) * 100, 0)}%)`,
          `main doc ${fmtBytes(registered.main)} -> ${fmtBytes(filled.main)} (${fmt(mainGrowth, 2)} B per stored message); inbox docs ${fmt(inboxPerMsg, 0)} B per message (summary + timeline)`,
        ],
        targets: [
          { name: 'rate with 50,000 stored / empty store', value: fullRate / emptyRate, limit: 0.8, op: '>=', unit: 'x' },
          { name: 'main JSON doc growth per stored message', value: mainGrowth, limit: 1, op: '<=', unit: ' B' },
        ],
      };
    } finally {
      for (const e of running) await e.stop();
      removeDir(dir);
    }
  },
};
