// Child processes of the tests (the crash, durability and lock fixtures) run as JavaScript bundled
// by esbuild: loaded through tsx, each such process spent 1.2 to 1.6 s of CPU compiling the emulator
// before it could start; bundled, about 0.2 s. Each fixture is bundled once per test process, laid
// out as dist/ is (the mail reader's worker entry beside it), in node_modules/.cache so that the
// bundle's imports of the dependencies resolve. The folder is named after the process and thread
// (under --pool=threads vitest's workers are threads of one process); folders of processes that are
// gone (vitest ends its workers without an exit event) are removed at the next build.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { type BuildOptions, build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const builds = new Map<string, Promise<string>>();
let outRoot: string | null = null;

/** The bundled JavaScript of a TypeScript fixture (a path to run with `node`). */
export function compiledScript(entry: string): Promise<string> {
  let file = builds.get(entry);
  if (!file) {
    file = bundle(entry);
    builds.set(entry, file);
    file.catch(() => builds.delete(entry));
  }
  return file;
}

/** This thread's folder in node_modules/.cache (made at first use; dead processes' folders removed). */
function processFolder(): string {
  if (!outRoot) {
    const cache = join(ROOT, 'node_modules', '.cache', 'inbox-test-fixtures');
    mkdirSync(cache, { recursive: true });
    for (const old of readdirSync(cache)) {
      if (!alive(Number(old.split('-')[0]))) rmSync(join(cache, old), { recursive: true, force: true });
    }
    outRoot = join(cache, `${process.pid}-${threadId}`);
    rmSync(outRoot, { recursive: true, force: true });
  }
  return outRoot;
}

function options(entryPoints: Record<string, string>, outdir: string): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  };
}

async function bundle(entry: string): Promise<string> {
  const name = basename(entry).replace(/\.ts$/, '');
  const outdir = join(processFolder(), name);
  await build(options({ [name]: entry, 'mail-reader': join(ROOT, 'emulator/core/mail/reader-worker.ts') }, outdir));
  return join(outdir, `${name}.js`);
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
