// `npm test` after its build (pretest): the static checks (tsc, then biome's lint and format check)
// run beside the test suite instead of before it. They take a few seconds and mostly run while
// vitest is still starting its workers; the run fails when any of them fails. tsc runs single-threaded:
// beside vitest its extra threads only compete with the test workers for the same cores. A check's output is
// printed when it ends: one line when it passed, all of it when it failed. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// The type check remembers what it checked (incremental) and checks again only what changed files can
// affect: with no change, 1.4 s of CPU instead of 3.1. A fresh clone has no such file and checks all.
const TSBUILDINFO = join(ROOT, 'node_modules/.cache/inbox/typecheck.tsbuildinfo');

function run(script, args, capture) {
  return new Promise((resolve) => {
    const started = Date.now();
    const p = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (capture) {
      p.stdout.setEncoding('utf8').on('data', (d) => (out += d));
      p.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    }
    p.once('error', (e) => resolve({ code: 1, out: String(e), ms: Date.now() - started }));
    p.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out, ms: Date.now() - started }));
  });
}

function report(name, r) {
  if (r.code === 0) process.stdout.write(`\n${name}: passed (${(r.ms / 1000).toFixed(1)} s)\n`);
  else process.stdout.write(`\n${name}: FAILED (exit ${r.code})\n${r.out}\n`);
  return r.code;
}

const checks = Promise.all([
  run('node_modules/typescript/bin/tsc', ['--noEmit', '-p', '.', '--singleThreaded', '--incremental', '--tsBuildInfoFile', TSBUILDINFO], true).then((r) =>
    report('typecheck (tsc)', r),
  ),
  run('node_modules/@biomejs/biome/bin/biome', ['check', '.'], true).then((r) => report('lint and format (biome check)', r)),
]).then(([typecheck, lint]) => typecheck || lint);
const suite = run('node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)], false);
const [checked, tested] = await Promise.all([checks, suite]);
if (checked !== 0) process.stdout.write('\nnpm test: the static checks failed (see above)\n');
process.exit(tested.code || checked);
