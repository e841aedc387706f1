// Bundles the CLI and the library with esbuild. Code splitting keeps the emulator, Ink and other heavy
// parts out of the start-up path: they load only in the commands that use them.
// `node scripts/build.mjs` builds dist/ of this checkout; tests call buildBundle() for private copies.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The mail viewer's browser script (emulator/http/viewer/client.ts), bundled and minified, as text.
 * The CLI bundle embeds it; run from source, the viewer calls this on first use.
 */
export async function buildViewerClient(root = ROOT) {
  const out = await build({
    entryPoints: [join(root, 'emulator/http/viewer/client.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return out.outputFiles[0].text;
}

/** Builds `<root>/src` into `outdir` (default `<root>/dist`, emptied first). */
export async function buildBundle({ root = ROOT, outdir = join(root, 'dist'), logLevel = 'warning' } = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const viewerClient = await buildViewerClient(root);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { cli: join(root, 'src/cli/main.ts'), index: join(root, 'src/index.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    jsx: 'automatic',
    define: { __INBOX_VERSION__: JSON.stringify(pkg.version), __VIEWER_CLIENT__: JSON.stringify(viewerClient) },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildBundle();
