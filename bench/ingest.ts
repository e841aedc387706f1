// Benchmark 1: ingestion rate over loopback SMTP (messages/s) with 1 and 8 connections, mixed corpus,
// against MailDev 3 persisting to a folder (target: ours >= 1.5x MailDev's), plus a bare smtp-server
// that discards mail (the ceiling of this stack) and our emulator with --fsync always (an fsync before
// every reply) as extra lines. The target is checked on the default sync mode (`interval`).
import { join } from 'node:path';
import { inboxNames, registerInboxes, unthrottle } from './lib/api.js';
import { buildCorpus, corpusBytes } from './lib/corpus.js';
import { sendCorpus } from './lib/load.js';
import { emulatorWithSmtp, mailDevAvailable, procCpuMs, removeDir, startMailDev, startSink, tempDir, type Child } from './lib/procs.js';
import { fmt, median, sleep, table, type Benchmark, type BenchContext, type BenchResult, type TargetCheck } from './lib/report.js';

interface Server {
  label: string;
  host: string;
  port: number;
  child: Child;
  role: 'ours' | 'ours-always' | 'maildev' | 'sink';
}

const CONNS = [1, 8] as const;

export const ingest: Benchmark = {
  name: 'ingest',
  title: 'Ingestion rate over loopback SMTP',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const perRun = ctx.quick ? 200 : 1000;
    const rounds = ctx.quick ? 1 : 5;
    const recipients = inboxNames('ingest', 500);
    const dir = tempDir('ingest');
    const servers: Server[] = [];
    let emulatorMissing = false;
    try {
      for (const always of [false, true]) {
        const emu = await emulatorWithSmtp({ bin: ctx.build.bin, data: join(dir, always ? 'always' : 'default', 'emulator.json'), sync: always ? 'always' : undefined });
        if (!emu) {
          emulatorMissing = true;
          break;
        }
        await unthrottle(emu.url);
        await registerInboxes(emu.url, recipients);
        servers.push({
          label: always ? 'inbox emulate --fsync always' : 'inbox emulate (JSON store, defaults)',
          host: emu.smtp.host,
          port: emu.smtp.port,
          child: emu,
          role: always ? 'ours-always' : 'ours',
        });
      }
      if (mailDevAvailable()) {
        const md = await startMailDev(join(dir, 'maildev'));
        servers.push({ label: 'MailDev 3 (--mail-directory)', host: '127.0.0.1', port: md.port, child: md, role: 'maildev' });
      }
      const sink = await startSink();
      servers.push({ label: 'smtp-server sink (discards mail)', host: '127.0.0.1', port: sink.port, child: sink, role: 'sink' });

      ctx.log(`corpus: ${perRun} messages per run (text / HTML with code and link, every 20th with a 1 MB attachment), ${rounds} round(s), 500 recipients`);
      const warm = buildCorpus({ count: 100, recipients, start: 900_000 });
      for (const s of servers) await sendCorpus(s.host, s.port, warm, 2);

      const rates = new Map<string, number[]>();
      /** Server CPU time per message (user + system), robust against load from elsewhere. */
      const cpu = new Map<string, number[]>();
      let bytes = 0;
      // Each run is cut into blocks that alternate between the servers, so a burst of load from
      // elsewhere on the machine hits every server alike instead of whichever ran at that moment.
      const block = ctx.quick ? 100 : 200;
      for (let r = 0; r < rounds; r++) {
        for (const conns of CONNS) {
          const corpus = buildCorpus({ count: perRun, recipients, start: (r * CONNS.length + conns) * 10_000 });
          bytes = corpusBytes(corpus);
          const ms = new Map<Server, number>(servers.map((s) => [s, 0]));
          const cpuStart = new Map<Server, number>(servers.map((s) => [s, procCpuMs(s.child.pid)]));
          for (let b = 0, k = 0; b < perRun; b += block, k++) {
            const part = corpus.slice(b, b + block);
            // Rotate the order each block so no server always runs first (or right after the slowest).
            for (let j = 0; j < servers.length; j++) {
              const s = servers[(j + k + r) % servers.length]!;
              await sleep(50);
              const res = await sendCorpus(s.host, s.port, part, conns);
              if (res.failed) ctx.log(`  ${s.label}: ${res.failed} failed (${res.firstError})`);
              ms.set(s, ms.get(s)! + res.ms);
            }
          }
          for (const s of servers) {
            const rate = (perRun / ms.get(s)!) * 1000;
            const key = `${s.role}/${conns}`;
            rates.set(key, [...(rates.get(key) ?? []), rate]);
            cpu.set(key, [...(cpu.get(key) ?? []), (procCpuMs(s.child.pid) - cpuStart.get(s)!) / perRun]);
            ctx.log(`  round ${r + 1}, ${conns} conn: ${s.label.padEnd(42)} ${fmt(rate)} msg/s (${fmt(ms.get(s)! / 1000, 2)} s)`);
          }
        }
      }
      const med = (role: Server['role'], conns: number) => median(rates.get(`${role}/${conns}`) ?? []);
      /**
       * Our rate over MailDev's in each round. The servers share every round's blocks, so a burst of
       * load from elsewhere moves both sides of a round's ratio; the median of these paired ratios is
       * the figure checked against the target (a ratio of the two medians would pair rounds that did
       * not run at the same time).
       */
      const roundRatios = (conns: number, role: Server['role'] = 'ours') => {
        const ours = rates.get(`${role}/${conns}`) ?? [];
        const md = rates.get(`maildev/${conns}`) ?? [];
        return ours.map((r, i) => r / md[i]!).filter((x) => Number.isFinite(x));
      };
      const cpuMed = (role: Server['role'], conns: number) => median(cpu.get(`${role}/${conns}`) ?? []);
      const rows = [['server', ...CONNS.map((c) => `${c} conn msg/s`), ...CONNS.map((c) => `${c} conn MB/s`), ...CONNS.map((c) => `${c} conn CPU ms/msg`)]];
      for (const s of servers) {
        rows.push([
          s.label,
          ...CONNS.map((c) => fmt(med(s.role, c))),
          ...CONNS.map((c) => fmt((med(s.role, c) * bytes) / perRun / 1e6)),
          ...CONNS.map((c) => fmt(cpuMed(s.role, c), 2)),
        ]);
      }
      ctx.log('');
      ctx.log(`median of ${rounds} round(s), ${perRun} messages each (${fmt(bytes / 1e6)} MB per run):`);
      ctx.log(table(rows));
      if (emulatorMissing) return { status: 'skipped', reason: 'SMTP receiver not available (baselines above were measured)' };

      const targets: TargetCheck[] = [];
      const summary: string[] = [];
      for (const c of CONNS) {
        const ours = med('ours', c);
        const md = med('maildev', c);
        const sink = med('sink', c);
        const paired = roundRatios(c);
        if (paired.length > 0) targets.push({ name: `ingest ${c} conn: emulator / MailDev (median of per-round ratios)`, value: median(paired), limit: 1.5, op: '>=', unit: 'x' });
        summary.push(
          `${c} conn: emulator ${fmt(ours)} msg/s, --fsync always ${fmt(med('ours-always', c))}, MailDev ${fmt(md)}, sink ${fmt(sink)} (emulator = ${fmt((ours / sink) * 100, 0)}% of sink); server CPU per message: emulator ${fmt(cpuMed('ours', c), 2)} ms, MailDev ${fmt(cpuMed('maildev', c), 2)} ms`,
          `${c} conn: emulator / MailDev per round ${paired.map((x) => fmt(x, 2)).join(', ')}; ratio of the medians ${Number.isFinite(md) ? fmt(ours / md, 2) : '-'}`,
          `${c} conn: --fsync always / MailDev per round ${roundRatios(c, 'ours-always').map((x) => fmt(x, 2)).join(', ')} (median ${fmt(median(roundRatios(c, 'ours-always')), 2)})`,
        );
      }
      return { status: 'done', targets, summary };
    } finally {
      for (const s of servers) await s.child.stop();
      removeDir(dir);
    }
  },
};
