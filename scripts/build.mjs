// Bundles the CLI and the library with esbuild. Code splitting keeps the emulator, Ink and other heavy
// parts out of the start-up path: they load only in the commands that use them.
// `node scripts/build.mjs` builds dist/ of this checkout; tests call buildBundle() for private copies.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds `<root>/src` into `outdir` (default `<root>/dist`, emptied first). */
export async function buildBundle({ root = ROOT, outdir = join(root, 'dist'), logLevel = 'warning' } = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The mail reader's worker thread is an entry of its own: the emulator starts it by file
    // (emulator/core/mail-reader.ts looks for dist/mail-reader-worker.js).
    entryPoints: {
      cli: join(root, 'src/cli/main.ts'),
      index: join(root, 'src/index.ts'),
      'mail-reader-worker': join(root, 'emulator/core/mail-reader-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    jsx: 'automatic',
    define: { __INBOX_VERSION__: JSON.stringify(pkg.version) },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildBundle();
