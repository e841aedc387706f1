// `npm test`: builds dist/ when it is stale (the binary and package tests run it), and runs the static
// checks (tsc, then biome's lint and format check) beside the build and the test suite instead of
// before them: they take a few seconds, and fill the core that the build leaves idle and the time
// vitest spends starting its workers. The run fails when any part fails. tsc runs single-threaded:
// beside vitest its extra threads only compete with the test workers for the same cores. A check's
// output is printed when it ends: one line when it passed, all of it when it failed. Arguments go to
// vitest.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDist, distIsCurrent } from './build.mjs';
import { memoryTmp } from './test-tmp.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// The type check remembers what it checked (incremental) and checks again only what changed files can
// affect: with no change, 1.4 s of CPU instead of 3.1. A fresh clone has no such file and checks all.
const TSBUILDINFO = join(ROOT, 'node_modules/.cache/inbox/typecheck.tsbuildinfo');

// The tests' temporary files go to a folder in memory when there is room (scripts/test-tmp.mjs),
// unless TMPDIR is set already. INBOX_TEST_TMPDIR names another folder (made when missing); empty
// keeps the system's.
const given = process.env.INBOX_TEST_TMPDIR;
const testTmp = given === undefined && !process.env.TMPDIR ? memoryTmp() : null;
if (testTmp) {
  process.once('exit', () => {
    try {
      rmSync(testTmp, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // a process of the tests still writing there: the next run removes the folder
    }
  });
}
const tmpdir = given ? resolvePath(given) : testTmp;
if (given) mkdirSync(tmpdir, { recursive: true });
const testEnv = { ...process.env, ...(tmpdir ? { TMPDIR: tmpdir } : {}) };
// Node 20 reads and parses the whole NODE_EXTRA_CA_CERTS bundle when each process starts (40 ms of CPU
// for a system bundle), and of the many node processes of a run only npm may talk TLS beyond this
// machine: the package test's install falls back to the registry when the npm cache lacks a package.
// So the tests go without it, and it is kept under another name for npm (scripts/install-size.mjs).
if (testEnv.NODE_EXTRA_CA_CERTS) testEnv.INBOX_TEST_EXTRA_CA_CERTS = testEnv.NODE_EXTRA_CA_CERTS;
delete testEnv.NODE_EXTRA_CA_CERTS;

// Stopped (Ctrl-C, a CI timeout): nothing more starts, the checks and vitest get the signal too and are
// waited for (up to 10 s, or until a second signal) before this process exits with the signal's code,
// and the folder goes with it.
const children = new Set();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    const running = [...children];
    if (stopping) {
      for (const c of running) c.kill('SIGKILL');
      process.exit(128 + constants.signals[signal]);
    }
    stopping = true;
    for (const c of running) c.kill(signal);
    const late = setTimeout(() => running.forEach((c) => c.kill('SIGKILL')), 10_000);
    await Promise.all(running.map((c) => new Promise((r) => (children.has(c) ? c.once('exit', r) : r()))));
    clearTimeout(late);
    process.exit(128 + constants.signals[signal]);
  });
}

function run(script, args, capture) {
  if (stopping) return Promise.resolve({ code: 1, out: '', ms: 0 });
  return new Promise((resolve) => {
    const started = Date.now();
    const p = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env: testEnv, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(p);
    p.once('exit', () => children.delete(p));
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
  if (stopping) process.stdout.write(`\n${name}: stopped\n`);
  else if (r.code === 0) process.stdout.write(`\n${name}: passed (${(r.ms / 1000).toFixed(1)} s)\n`);
  else process.stdout.write(`\n${name}: FAILED (exit ${r.code})\n${r.out}\n`);
  return r.code;
}

// INBOX_TEST_SKIP_CHECKS=1 leaves the static checks out: .ci/run sets it when it runs the suite again
// on other Node versions, since tsc and biome are native programs whose answer is the same on each.
const checks =
  process.env.INBOX_TEST_SKIP_CHECKS === '1'
    ? Promise.resolve(0)
    : Promise.all([
        run('node_modules/typescript/bin/tsc', ['--noEmit', '-p', '.', '--singleThreaded', '--incremental', '--tsBuildInfoFile', TSBUILDINFO], true).then((r) =>
          report('typecheck (tsc)', r),
        ),
        run('node_modules/@biomejs/biome/bin/biome', ['check', '.'], true).then((r) => report('lint and format (biome check)', r)),
      ]).then(([typecheck, lint]) => typecheck || lint);
const started = Date.now();
const built = await buildDist({ ifStale: true }).then(
  (r) => {
    process.stdout.write(r === 'current' ? 'build: dist/ is current\n' : `build: done (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    return 0;
  },
  (e) => {
    process.stdout.write(`build: FAILED\n${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  },
);
// When only the declarations failed (a type error), the bundle is current and the tests run on it; when
// the bundle failed, the binary tests would run an old one, and the suite waits for the next run.
const runnable = built === 0 || distIsCurrent();
const tested = runnable ? await run('node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)], false) : { code: 1 };
const checked = await checks;
if (checked !== 0) process.stdout.write('\nnpm test: the static checks failed (see above)\n');
if (built !== 0) process.stdout.write(`\nnpm test: the build failed (see above)${runnable ? '' : '; the tests did not run'}\n`);
process.exit(built || tested.code || checked);
