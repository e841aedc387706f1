// `npm run bench [-- <name>...] [--quick] [--json <file>]`: runs the benchmarks (all, or the named ones)
// one after another and prints each one's table, then a summary of every target as MET or MISSED.
// Targets are ratios against baselines measured in the same run; a missed target never fails the run.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { cliStartup } from './cli-startup.js';
import { extractBench } from './extract.js';
import { ingest } from './ingest.js';
import { memory } from './memory.js';
import { meLatency } from './me-latency.js';
import { readMemory } from './read-memory.js';
import { prepareBuild, raisePriority } from './lib/procs.js';
import { FeatureMissing, met, targetLine, type Benchmark, type BenchResult } from './lib/report.js';
import { scale } from './scale.js';
import { waitLatency } from './wait-latency.js';
import { viewer } from './viewer.js';
import { webhooks } from './webhooks.js';

const ALL: Benchmark[] = [ingest, waitLatency, scale, memory, readMemory, webhooks, meLatency, cliStartup, viewer, extractBench];

function usage(): string {
  return [
    'usage: npm run bench [-- <name>...] [--quick] [--build worktree|head|<folder>] [--json <file>]',
    '',
    'benchmarks:',
    ...ALL.map((b) => `  ${b.name.padEnd(12)} ${b.title}`),
    '',
    '--quick           fewer messages and rounds (a smoke run; figures are noisier)',
    '--build worktree  measure this checkout: dist/ is rebuilt first when a source is newer (default)',
    '--build head      measure the last commit, built in a temp folder (ignores uncommitted edits)',
    '--build <folder>  measure a checkout built beforehand in that folder (to compare a change)',
    '--json <file>     also write the results as JSON',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const names: string[] = [];
  let quick = false;
  let jsonOut: string | null = null;
  let buildMode = 'worktree';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--quick') quick = true;
    else if (a === '--json') jsonOut = argv[++i] ?? null;
    else if (a === '--build') {
      const v = argv[++i];
      if (!v) {
        console.error(`--build takes worktree, head or a folder\n\n${usage()}`);
        return 2;
      }
      buildMode = v;
    } else if (a === '-h' || a === '--help') {
      console.log(usage());
      return 0;
    } else names.push(a);
  }
  const unknown = names.filter((n) => !ALL.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`unknown benchmark: ${unknown.join(', ')}\n\n${usage()}`);
    return 2;
  }
  const selected = names.length ? ALL.filter((b) => names.includes(b.name)) : ALL;
  const build = prepareBuild(buildMode, (l) => console.log(l));
  const raised = raisePriority();
  console.log(
    `measuring ${build.label} (${build.bin}) on node ${process.version}, ${cpus().length} cores` +
      (raised ? ', benchmark processes at raised priority (nice -10)' : ''),
  );
  const results: Array<{ bench: Benchmark; result: BenchResult; seconds: number }> = [];
  const suiteStart = performance.now();
  for (const bench of selected) {
    console.log(`\n=== ${bench.name}: ${bench.title} ===`);
    const start = performance.now();
    let result: BenchResult;
    try {
      result = await bench.run({ quick, build, log: (line = '') => console.log(line) });
    } catch (e) {
      result =
        e instanceof FeatureMissing ? { status: 'skipped', reason: e.message } : { status: 'skipped', reason: `error: ${(e as Error).stack ?? String(e)}` };
    }
    const seconds = (performance.now() - start) / 1000;
    if (result.status === 'skipped') console.log(`skipped: ${result.reason}`);
    else {
      for (const n of result.notes ?? []) console.log(`note: ${n}`);
      for (const t of result.targets) console.log(targetLine(t));
    }
    console.log(`(${seconds.toFixed(1)} s)`);
    results.push({ bench, result, seconds });
  }

  console.log('\n=== summary ===');
  for (const { bench, result, seconds } of results) {
    if (result.status === 'skipped') {
      console.log(`${bench.name}: skipped: ${result.reason.split('\n')[0]}`);
      continue;
    }
    console.log(`${bench.name} (${seconds.toFixed(0)} s):`);
    for (const s of result.summary) console.log(`  ${s}`);
    for (const t of result.targets) console.log(`  ${targetLine(t)}`);
  }
  const all = results.flatMap((r) => (r.result.status === 'done' ? r.result.targets : []));
  const missed = all.filter((t) => !met(t));
  console.log(
    `\n${all.length - missed.length} of ${all.length} targets met` +
      (missed.length ? `; MISSED: ${missed.map((t) => t.name).join('; ')}` : '') +
      ` (suite ${((performance.now() - suiteStart) / 1000).toFixed(0)} s)`,
  );
  if (jsonOut) {
    const data = results.map(({ bench, result, seconds }) => ({ name: bench.name, seconds, ...result }));
    writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), build: build.label, quick, results: data }, null, 2));
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
