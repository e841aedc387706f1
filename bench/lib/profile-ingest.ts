// Developer aid (not part of `npm run bench`): runs the emulator child under --cpu-prof while the
// ingest corpus is sent, then prints the functions with the most self time.
//   node --import tsx bench/lib/profile-ingest.ts [messages] [connections] [--no-fsync] [--no-attachments] [--build=worktree|head|<folder>]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inboxNames, registerInboxes, unthrottle } from './api.js';
import { buildCorpus } from './corpus.js';
import { sendCorpus } from './load.js';
import { prepareBuild, removeDir, startEmulatorChild, tempDir } from './procs.js';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const conns = Number(args.filter((a) => /^\d+$/.test(a))[1] ?? 1);
const build = prepareBuild(args.find((a) => a.startsWith('--build='))?.slice(8) ?? 'head', console.log);
const dir = tempDir('profile');
const profDir = join(dir, 'prof');
const emu = await startEmulatorChild({
  bin: build.bin,
  data: join(dir, 'emulator.json'),
  fsync: !args.includes('--no-fsync'),
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
});
const recipients = inboxNames('prof', 500);
await unthrottle(emu.url);
await registerInboxes(emu.url, recipients);
const corpus = buildCorpus({ count, recipients, attachmentEvery: args.includes('--no-attachments') ? 0 : 20 });
const res = await sendCorpus(emu.smtp.host, emu.smtp.port, corpus, conns);
console.log(`${res.sent} sent at ${res.rate.toFixed(1)} msg/s (${conns} conn)`);
await emu.stop();
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const total = prof.samples.length;
const self = new Map<string, number>();
const byFile = new Map<string, number>();
for (const n of prof.nodes) {
  const f = n.callFrame;
  const where = f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, 'nm:').replace(/.*\/work\/main\//, '');
  const key = `${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + n.hitCount);
  const pkg = where.startsWith('nm:') ? where.split('/').slice(0, where.startsWith('nm:@') ? 2 : 1).join('/') : where === '' ? f.functionName : where;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + n.hitCount);
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, h]) => `${((h / total) * 100).toFixed(1).padStart(5)}%  ${n}`).join('\n');
console.log(`\nself time by file/package (${total} samples):\n${top(byFile, 25)}`);
console.log(`\nself time by function:\n${top(self, 30)}`);
removeDir(dir);
