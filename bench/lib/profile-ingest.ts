// Developer aid (not part of `npm run bench`): sends the ingest corpus to the emulator and shows where
// its time goes. Always printed: the CPU time per message of each of the server's threads while the
// messages are sent and 1.5 s after (the work after the last 250), from /proc, which shows how much
// runs beside the main thread (the parse workers, V8's compiler and GC helpers, libuv's pool), and
// the load generator's own CPU per message. `--cpu` also runs the emulator under --cpu-prof and
// prints the functions and packages with the most self time; `--fs` times every file-system call per
// message (bench/lib/fs-timing.cjs; at one connection the calls are sequential, so their sum per
// message is what a message waits on disk). Either one slows the emulator: the thread figures of such
// a run are not the plain ones. `--target=sink`, `store-sink` or `index-sink` measures the threads of
// a baseline server (bench/lib/sink-server.ts) fed the same way instead.
//   node --import tsx bench/lib/profile-ingest.ts [messages] [connections] [--cpu] [--fs]
//        [--fsync=always|interval|never] [--corpus=realistic|mixed] [--parse-workers=N]
//        [--no-attachments] [--build=worktree|head|<folder>] [--cpu-out=<file.cpuprofile>]
//        [--node-args="<flags for the emulator's node>"] [--target=emulator|sink|store-sink|index-sink]
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inboxNames, registerInboxes, unthrottle } from './api.js';
import { CORPORA, type CorpusName } from './corpus.js';
import { sendCorpus } from './load.js';
import { prepareBuild, removeDir, startEmulatorChild, startSink, tempDir, threadCpuMs, type EmulatorChildOptions } from './procs.js';
import { sleep } from './report.js';

interface ProfNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

const args = process.argv.slice(2);
const nums = args.filter((a) => /^\d+$/.test(a)).map(Number);
const count = nums[0] ?? 1000;
const conns = nums[1] ?? 1;
const target = args.find((a) => a.startsWith('--target='))?.slice(9) ?? 'emulator';
if (!['emulator', 'sink', 'store-sink', 'index-sink'].includes(target)) throw new Error('--target takes emulator, sink, store-sink or index-sink');
const baseline = target !== 'emulator';
const cpu = args.includes('--cpu') && !baseline;
const fsTiming = args.includes('--fs') && !baseline;
const build = baseline ? null : prepareBuild(args.find((a) => a.startsWith('--build='))?.slice(8) ?? 'head', console.log);
const dir = tempDir('profile');
const profDir = join(dir, 'prof');
const fsOut = join(dir, 'fs.json');
const corpusName = (args.find((a) => a.startsWith('--corpus='))?.slice(9) ?? 'realistic') as CorpusName;
const kind = CORPORA[corpusName];
if (!kind) throw new Error(`--corpus takes ${Object.keys(CORPORA).join(' or ')}`);
const workers = args.find((a) => a.startsWith('--parse-workers='))?.slice(16);
const emu: { pid: number; smtp: { host: string; port: number }; url: string; stop(): Promise<void> } = baseline
  ? await startSink(target === 'sink' ? undefined : join(dir, target), target === 'index-sink').then((s) => ({
      ...s,
      smtp: { host: '127.0.0.1', port: s.port },
      url: '',
    }))
  : await startEmulatorChild({
      extraArgs: workers === undefined ? [] : ['--parse-workers', workers],
      bin: build!.bin,
      data: join(dir, 'emulator.json'),
      sync: args.find((a) => a.startsWith('--fsync='))?.slice(8) as EmulatorChildOptions['sync'],
      nodeArgs: [
        ...(args
          .find((a) => a.startsWith('--node-args='))
          ?.slice(12)
          .split(' ')
          .filter(Boolean) ?? []),
        ...(cpu ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
        ...(fsTiming ? ['--require', join(dirname(fileURLToPath(import.meta.url)), 'fs-timing.cjs')] : []),
      ],
      env: { FS_TIMING_OUT: fsOut },
    });
const recipients = inboxNames('prof', kind.inboxes);
const attachmentEvery = args.includes('--no-attachments') ? 0 : 20;
if (!baseline) {
  await unthrottle(emu.url);
  await registerInboxes(emu.url, recipients);
}
await sendCorpus(emu.smtp.host, emu.smtp.port, kind.build({ count: 100, recipients, attachmentEvery, start: 900_000 }), conns);
if (fsTiming) process.kill(emu.pid, 'SIGUSR2');
await sleep(300);
const corpus = kind.build({ count, recipients, attachmentEvery });
const threadsBefore = threadCpuMs(emu.pid);
const clientBefore = process.cpuUsage();
const res = await sendCorpus(emu.smtp.host, emu.smtp.port, corpus, conns);
const client = process.cpuUsage(clientBefore);
console.log(`${target}: ${res.sent} sent at ${res.rate.toFixed(1)} msg/s (${conns} conn): ${(res.ms / res.sent).toFixed(2)} ms per message`);
console.log(`load generator: ${((client.user + client.system) / 1000 / res.sent).toFixed(3)} ms of CPU per message`);
// The work after the last 250 (its parse and indexing, the background sync round) ends within this.
await sleep(1500);
const threadsAfter = threadCpuMs(emu.pid);
const perThread = [...threadsAfter]
  .map(([tid, ms]) => ({ tid, ms: (ms - (threadsBefore.get(tid) ?? 0)) / res.sent }))
  .filter((t) => t.ms >= 0.005)
  .sort((a, b) => b.ms - a.ms);
console.log(
  `\nCPU per message by thread (/proc, 10 ms ticks), ${perThread.reduce((n, t) => n + t.ms, 0).toFixed(2)} ms in all:\n` +
    perThread.map((t) => `  ${t.ms.toFixed(3)} ms  ${t.tid === emu.pid ? 'main thread' : `thread ${t.tid} (process id + ${t.tid - emu.pid})`}`).join('\n'),
);
await emu.stop();

if (fsTiming) {
  const stats = JSON.parse(readFileSync(fsOut, 'utf8')) as Record<string, { calls: number; ms: number }>;
  console.log('\nfile-system calls per message (time from call to callback, including the wait for a libuv thread):');
  let total = 0;
  for (const [name, s] of Object.entries(stats).sort((a, b) => b[1].ms - a[1].ms)) {
    total += name.includes('Sync') ? 0 : s.ms;
    console.log(
      `  ${name.padEnd(24)} ${(s.calls / res.sent).toFixed(2).padStart(6)} calls  ${(s.ms / res.sent).toFixed(3).padStart(7)} ms  (avg ${(s.ms / s.calls).toFixed(3)} ms)`,
    );
  }
  console.log(`  asynchronous calls in all: ${(total / res.sent).toFixed(2)} ms per message`);
}
if (cpu) {
  // One profile per thread: CPU.<date>.<pid>.<thread id>.<seq>.cpuprofile, thread 0 the main thread.
  const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
  const tid = (f: string) => Number(f.split('.')[4] ?? 0);
  files.sort((a, b) => tid(a) - tid(b));
  const keep = args.find((a) => a.startsWith('--cpu-out='))?.slice(10);
  if (keep && files[0]) copyFileSync(join(profDir, files[0]), keep);
  const FS_NATIVES = new Set([
    'open',
    'fsync',
    'fdatasync',
    'close',
    'writeBuffer',
    'writeUtf8String',
    'writeString',
    'rename',
    'openFileHandle',
    'unlink',
    'read',
  ]);
  for (const file of files) {
    const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as { nodes: ProfNode[]; samples: number[]; startTime: number; endTime: number };
    const total = prof.samples.length;
    const self = new Map<string, number>();
    const byPart = new Map<string, number>();
    let idle = 0;
    for (const n of prof.nodes) {
      const f = n.callFrame;
      const url = f.url.replace(/^file:\/\//, '');
      let part: string;
      if (url.includes('node_modules/')) {
        const p = url.split('node_modules/').pop()!.split('/');
        part = p[0]!.startsWith('@') ? `${p[0]}/${p[1]}` : p[0]!;
      } else if (url.includes('/dist/')) part = 'the emulator (dist/)';
      else if (url.startsWith('node:internal/streams') || url === 'node:events') part = 'node: streams and events';
      else if (url.startsWith('node:')) part = 'node: other';
      else if (FS_NATIVES.has(f.functionName)) part = 'file-system bindings';
      else part = f.functionName || '(native)';
      if (f.functionName === '(idle)') idle += n.hitCount;
      byPart.set(part, (byPart.get(part) ?? 0) + n.hitCount);
      const where = url.replace(/.*node_modules\//, '').replace(/^\/.*\/dist\//, 'dist/');
      const key = `${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + n.hitCount);
    }
    const busy = total - idle;
    const top = (m: Map<string, number>, k: number) =>
      [...m]
        .filter(([n]) => !n.startsWith('(idle)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([n, h]) => `${((h / busy) * 100).toFixed(1).padStart(5)}%  ${n}`)
        .join('\n');
    const name = tid(file) === 0 ? 'main thread' : `worker thread ${tid(file)}`;
    // Busy time over every message sent (the 100 warm-up messages included), set-up included.
    const busyMs = ((prof.endTime - prof.startTime) / 1000) * (busy / total);
    console.log(
      `\n${name}: busy ${((busy / total) * 100).toFixed(0)}% of ${total} samples, about ${(busyMs / (count + 100)).toFixed(2)} ms per message ` +
        `(whole run, set-up included); self time of the busy samples by part:\n${top(byPart, 14)}`,
    );
    console.log(`\n${name}: self time by function:\n${top(self, tid(file) === 0 ? 30 : 12)}`);
  }
}
removeDir(dir);
