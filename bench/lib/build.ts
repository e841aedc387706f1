// Which build the benchmarks run: this checkout's dist/ (rebuilt when stale), a snapshot of the last
// commit built in a temp folder, or a folder built beforehand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distIsCurrent } from '../../scripts/build.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'inbox.js');

/** The built CLI the benchmarks run: its folder, its bin/inbox.js, and what it was built from. */
export interface Build {
  root: string;
  bin: string;
  label: string;
}

/**
 * `worktree`: the bundle in dist/ of this checkout, rebuilt first when a source is newer than it.
 * `head`: a snapshot of the last commit (git archive) built in a temp folder, so half-done edits in the
 * working tree (several people at work) neither break nor colour the figures; dist/ is not touched.
 * A folder: a checkout built there beforehand (to compare a change against the current code).
 */
export function prepareBuild(mode: string, log: (s: string) => void): Build {
  if (mode !== 'worktree' && mode !== 'head') {
    // Any other value: a folder holding an already built checkout (bin/inbox.js + dist/).
    const root = resolve(mode);
    if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error(`${root} holds no built checkout (dist/cli.js missing)`);
    return { root, bin: join(root, 'bin', 'inbox.js'), label: root };
  }
  if (mode === 'worktree') {
    if (!distIsCurrent(ROOT)) {
      log('dist/ is older than the sources: running `npm run build` first');
      const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('npm run build failed; the benchmarks need a working bundle');
    }
    return { root: ROOT, bin: BIN, label: 'working tree' };
  }
  const sha = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error('--build head needs a git checkout');
  const dir = join(tmpdir(), `inbox-bench-head-${sha.slice(0, 12)}`);
  // Snapshots of earlier commits are of no further use.
  for (const old of readdirSync(tmpdir())) {
    if (old.startsWith('inbox-bench-head-') && join(tmpdir(), old) !== dir) rmSync(join(tmpdir(), old), { recursive: true, force: true });
  }
  if (!existsSync(join(dir, 'dist', 'cli.js'))) {
    log(`building commit ${sha.slice(0, 12)} in ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = spawnSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: ROOT, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const r = spawnSync(process.execPath, [join(dir, 'scripts', 'build.mjs')], { cwd: dir, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`building commit ${sha.slice(0, 12)} failed`);
  }
  return { root: dir, bin: join(dir, 'bin', 'inbox.js'), label: `commit ${sha.slice(0, 12)}` };
}
