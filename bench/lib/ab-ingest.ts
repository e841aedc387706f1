// Developer aid (not part of `npm run bench`): compares the ingestion rate of two builds over SMTP
// (one connection unless --conns), fed in alternating blocks beside MailDev 3 and the bare
// smtp-server sink, so a change is judged against the same noise. AB_B_NODE_ARGS="--flag ..." starts
// build B's node with extra flags; AB_B_ARGS="--option ..." passes extra options to build B's
// `inbox emulate`; AB_B_ENV="NAME=value ..." sets environment variables for build B.
//   node --import tsx bench/lib/ab-ingest.ts [rounds] [--a=head] [--b=worktree|<built folder>]
//        [--conns=N] [--corpus=realistic|mixed] [--no-maildev] [--no-sink] [--store-sink] [--index-sink]
// --store-sink adds the sink that writes each message and a journal line before its 250
// (bench/lib/sink-server.ts --store); --index-sink the one that also reads and lists each message
// after its 250 (--store --index).
import { join } from 'node:path';
import { inboxNames, registerInboxes, unthrottle } from './api.js';
import { prepareBuild } from './build.js';
import { CORPORA, type CorpusName } from './corpus.js';
import { sendCorpus } from './load.js';
import { emulatorWithSmtp, procCpuMs, removeDir, startMailDev, startSink, tempDir, type Child } from './procs.js';
import { fmt, median, sleep } from './report.js';

const args = process.argv.slice(2);
const opt = (name: string, def: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const conns = Number(opt('conns', '1'));
const builds = [prepareBuild(opt('a', 'head'), console.log), prepareBuild(opt('b', 'worktree'), console.log)];
const corpusName = opt('corpus', 'realistic') as CorpusName;
const kind = CORPORA[corpusName];
if (!kind) throw new Error(`--corpus takes ${Object.keys(CORPORA).join(' or ')}`);
const perRound = corpusName === 'realistic' ? 300 : 1000;
const dir = tempDir('ab');
const recipients = inboxNames('ab', kind.inboxes);
const servers: Array<{ label: string; host: string; port: number; child: Child }> = [];
try {
  for (const [i, b] of builds.entries()) {
    const nodeArgs = i === 1 && process.env.AB_B_NODE_ARGS ? process.env.AB_B_NODE_ARGS.split(' ') : [];
    const extraArgs = i === 1 && process.env.AB_B_ARGS ? process.env.AB_B_ARGS.split(' ') : [];
    const env = i === 1 && process.env.AB_B_ENV ? Object.fromEntries(process.env.AB_B_ENV.split(' ').map((kv) => kv.split('=') as [string, string])) : {};
    const emu = await emulatorWithSmtp({ bin: b.bin, data: join(dir, `e${i}`, 'emulator.json'), nodeArgs, extraArgs, env });
    if (!emu) throw new Error(`build ${b.label} has no SMTP receiver`);
    await unthrottle(emu.url);
    await registerInboxes(emu.url, recipients);
    servers.push({ label: i === 0 ? 'A' : 'B', host: emu.smtp.host, port: emu.smtp.port, child: emu });
  }
  if (!args.includes('--no-maildev')) {
    const md = await startMailDev(join(dir, 'maildev'));
    servers.push({ label: 'MailDev', host: '127.0.0.1', port: md.port, child: md });
  }
  if (!args.includes('--no-sink')) {
    const sink = await startSink();
    servers.push({ label: 'sink', host: '127.0.0.1', port: sink.port, child: sink });
  }
  if (args.includes('--store-sink')) {
    const storeSink = await startSink(join(dir, 'store-sink'));
    servers.push({ label: 'store-sink', host: '127.0.0.1', port: storeSink.port, child: storeSink });
  }
  if (args.includes('--index-sink')) {
    const indexSink = await startSink(join(dir, 'index-sink'), true);
    servers.push({ label: 'index-sink', host: '127.0.0.1', port: indexSink.port, child: indexSink });
  }
  console.log(`corpus ${corpusName}: ${kind.describe}; ${rounds} rounds of ${perRound}, ${conns} connection(s)`);
  const warm = kind.build({ count: 100, recipients, start: 900_000 });
  for (const s of servers) await sendCorpus(s.host, s.port, warm, 2);
  const rates = new Map<string, number[]>(servers.map((s) => [s.label, []]));
  const cpu = new Map<string, number[]>(servers.map((s) => [s.label, []]));
  for (let r = 0; r < rounds; r++) {
    const corpus = kind.build({ count: perRound, recipients, start: r * 10_000 });
    const ms = new Map<string, number>(servers.map((s) => [s.label, 0]));
    const cpu0 = new Map<string, number>(servers.map((s) => [s.label, procCpuMs(s.child.pid)]));
    for (let b = 0, k = 0; b < corpus.length; b += 100, k++) {
      for (let j = 0; j < servers.length; j++) {
        const s = servers[(j + k + r) % servers.length]!;
        await sleep(30);
        const res = await sendCorpus(s.host, s.port, corpus.slice(b, b + 100), conns);
        if (res.failed) console.log(`${s.label}: ${res.failed} failed (${res.firstError})`);
        ms.set(s.label, ms.get(s.label)! + res.ms);
      }
    }
    const line: string[] = [];
    for (const s of servers) {
      const rate = (corpus.length / ms.get(s.label)!) * 1000;
      rates.get(s.label)!.push(rate);
      cpu.get(s.label)!.push((procCpuMs(s.child.pid) - cpu0.get(s.label)!) / corpus.length);
      line.push(`${s.label} ${fmt(rate)}`);
    }
    const md = rates.get('MailDev')?.at(-1);
    const sk = rates.get('sink')?.at(-1);
    const a = rates.get('A')!.at(-1)!;
    const b = rates.get('B')!.at(-1)!;
    console.log(
      `round ${r + 1}: ${line.join('  ')}${md ? `  A/MD ${fmt(a / md, 2)}x  B/MD ${fmt(b / md, 2)}x` : ''}` +
        `${sk ? `  A/sink ${fmt((a / sk) * 100, 0)}%  B/sink ${fmt((b / sk) * 100, 0)}%` : ''}  B/A ${fmt(b / a, 3)}`,
    );
  }
  for (const s of servers) console.log(`${s.label}: median ${fmt(median(rates.get(s.label)!))} msg/s, CPU ${fmt(median(cpu.get(s.label)!), 2)} ms/msg`);
  const ratio = (x: string, y: string) => median(rates.get(x)!.map((v, i) => v / rates.get(y)![i]!));
  console.log(
    `median of ratios: B/A ${fmt(ratio('B', 'A'), 3)}${rates.has('MailDev') ? `, A/MailDev ${fmt(ratio('A', 'MailDev'), 2)}, B/MailDev ${fmt(ratio('B', 'MailDev'), 2)}` : ''}` +
      `${rates.has('sink') ? `, A/sink ${fmt(ratio('A', 'sink') * 100, 0)}%, B/sink ${fmt(ratio('B', 'sink') * 100, 0)}%` : ''}` +
      `${rates.has('store-sink') ? `, B/store-sink ${fmt(ratio('B', 'store-sink') * 100, 0)}%` : ''}` +
      `${rates.has('store-sink') && rates.has('sink') ? `, store-sink/sink ${fmt(ratio('store-sink', 'sink') * 100, 0)}%` : ''}` +
      `${rates.has('index-sink') ? `, B/index-sink ${fmt(ratio('B', 'index-sink') * 100, 0)}%` : ''}` +
      `${rates.has('index-sink') && rates.has('sink') ? `, index-sink/sink ${fmt(ratio('index-sink', 'sink') * 100, 0)}%` : ''}`,
  );
} finally {
  for (const s of servers) await s.child.stop();
  removeDir(dir);
}
