// Developer aid (not part of `npm run bench`): how long each step of an SMTP transaction waits for its
// reply at one connection, the emulator against the bare smtp-server sink. At one connection the rate
// is the sum of these waits; a step answered later than the sink's shows work of the server's main
// thread in between (the previous message's indexing and events run between the next one's commands).
//   node --import tsx bench/lib/smtp-phases.ts [messages] [--sink-only] [--corpus=realistic|mixed]
//        [-- <inbox emulate options>]
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inboxNames, registerInboxes, unthrottle } from './api.js';
import { CORPORA, type CorpusMessage, type CorpusName } from './corpus.js';
import { prepareBuild, raisePriority, removeDir, startEmulatorChild, startSink, tempDir } from './procs.js';
import { summarize } from './report.js';
import { SmtpConnection } from './smtp-client.js';

const dash = process.argv.indexOf('--');
const args = dash < 0 ? process.argv.slice(2) : process.argv.slice(2, dash);
const emulatorArgs = dash < 0 ? [] : process.argv.slice(dash + 1);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 1500);
const corpusName = (args.find((a) => a.startsWith('--corpus='))?.slice(9) ?? 'realistic') as CorpusName;
const kind = CORPORA[corpusName];
if (!kind) throw new Error(`--corpus takes ${Object.keys(CORPORA).join(' or ')}`);
raisePriority();

const STEPS = ['MAIL', 'RCPT', 'DATA', 'end of data (no attachment)', 'end of data (1 MB attachment)'] as const;
type Step = (typeof STEPS)[number];

/** Sends `corpus` over one connection and returns each step's reply waits in ms, and the whole rate. */
async function measure(port: number, corpus: CorpusMessage[]): Promise<{ rate: number; waits: Record<Step, number[]> }> {
  const c = await SmtpConnection.open('127.0.0.1', port);
  const waits = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
  const started = performance.now();
  for (const m of corpus) {
    let t = performance.now();
    const step = async (name: Step, run: () => Promise<unknown>) => {
      await run();
      const now = performance.now();
      waits[name].push(now - t);
      t = now;
    };
    await step('MAIL', () => c.command(`MAIL FROM:<${m.from}>`, 250));
    await step('RCPT', () => c.command(`RCPT TO:<${m.to}>`, 250));
    await step('DATA', () => c.command('DATA', 354));
    const r = await c.endData(m.payload);
    waits[m.attached ? 'end of data (1 MB attachment)' : 'end of data (no attachment)'].push(r.replied - r.dataEnd);
  }
  const rate = (corpus.length / (performance.now() - started)) * 1000;
  await c.quit();
  return { rate, waits };
}

function print(name: string, r: { rate: number; waits: Record<Step, number[]> }): void {
  console.log(`${name}: ${r.rate.toFixed(0)} msg/s (${(1000 / r.rate).toFixed(3)} ms per message)`);
  for (const s of STEPS) {
    const w = summarize(r.waits[s]);
    console.log(`  ${s.padEnd(31)} p50 ${w.p50.toFixed(3)}  p90 ${w.p90.toFixed(3)}  mean ${w.mean.toFixed(3)} ms`);
  }
}

const recipients = inboxNames('phase', kind.inboxes);
const corpus = kind.build({ count, recipients });
console.log(`${count} messages of the "${corpusName}" corpus over one connection`);

const sink = await startSink();
try {
  print('smtp-server sink', await measure(sink.port, corpus));
} finally {
  await sink.stop();
}

if (!args.includes('--sink-only')) {
  const build = prepareBuild('worktree', console.log);
  const dir = tempDir('phases');
  const emu = await startEmulatorChild({ bin: build.bin, data: join(dir, 'emulator.json'), extraArgs: emulatorArgs });
  try {
    await unthrottle(emu.url);
    await registerInboxes(emu.url, recipients);
    print(`emulator${emulatorArgs.length ? ` (${emulatorArgs.join(' ')})` : ''}`, await measure(emu.smtp.port, corpus));
  } finally {
    await emu.stop();
    removeDir(dir);
  }
}
