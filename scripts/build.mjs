// Bundles the CLI and the library with esbuild. Code splitting keeps the emulator, Ink and other heavy
// parts out of the start-up path: they load only in the commands that use them.
// `node scripts/build.mjs` builds dist/ of this checkout (bundle, declarations, the require() stub).
// Run by `npm run build`, by `npm pack` / `npm publish`
// (prepack: the published package has no install-time script), and with --if-stale by `npm run
// emulate`, which skips it when dist/ is newer than every input; `npm test` (scripts/test.mjs) calls
// buildDist() the same way. Builds of one checkout take turns (lockBuild()), so two of them started at
// once do not write dist/ under each other.
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NOTICES_FILE, noticesOf } from './notices.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestSource(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0; // an input that does not exist (a checkout without package-lock.json) changes nothing
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.(ts|tsx|json|mjs)$/.test(entry.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

// What goes into dist/: the sources, the TypeScript settings (esbuild reads tsconfig.json too), the
// build script, the package files (the version is compiled in) and the installed packages (Ink and
// React are bundled from node_modules; npm rewrites its .package-lock.json at every install).
const BUILD_INPUTS = [
  'src',
  'emulator',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build.mjs',
  'scripts/notices.mjs',
];

/** The modification time (ms) of the newest input of `<root>/dist`. */
function newestInput(root) {
  return Math.max(...BUILD_INPUTS.map((p) => newestSource(join(root, p))));
}

/** When `<root>/dist` was built, as its cli.js is dated (-Infinity when there is none). */
function builtAt(root) {
  try {
    return statSync(join(root, 'dist', 'cli.js')).mtimeMs;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** Whether `<root>/dist` was built after the last change to what goes into it (by modification times). */
export function distIsCurrent(root = ROOT) {
  return builtAt(root) >= newestInput(root);
}

/**
 * Whether the whole of `<root>/dist` is current: the bundle, the declarations and the require() stub.
 * The declarations are only written when they type-check (tsc --noEmitOnError), and the build empties
 * dist/ first, so a build whose declarations failed leaves a current bundle but not a whole dist/.
 */
export function wholeDistIsCurrent(root = ROOT) {
  return wholeDistBuiltAfter(root, newestInput(root));
}

function wholeDistBuiltAfter(root, newest) {
  return builtAt(root) >= newest && existsSync(join(root, 'dist/types/src/index.d.ts')) && existsSync(join(root, 'dist/require.cjs'));
}

/**
 * Ink loads react-devtools-core only with DEV=true. dist/ leaves it an external import; a bundle of one
 * file (the single executable, the CI action) would resolve it at start, so there it is an empty module.
 */
export const noReactDevtools = {
  name: 'no-react-devtools',
  setup: (b) => {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default { initialize() {}, connectToDevTools() {} };' }));
  },
};

/**
 * The mail viewer's browser script (emulator/http/viewer/client.ts), bundled and minified, as text.
 * The CLI bundle embeds it; run from source, the viewer calls this on first use.
 */
export async function buildViewerClient(root = ROOT) {
  return bundledText(join(root, 'emulator/http/viewer/client.ts'), {
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** One entry bundled by esbuild into memory, as text (`options`: format, platform and the like). */
async function bundledText(entry, options) {
  const out = await build({ entryPoints: [entry], bundle: true, write: false, ...options });
  return out.outputFiles[0].text;
}

/** Builds `<root>/src` into `outdir` (default `<root>/dist`, emptied first). */
export async function buildBundle({ root = ROOT, outdir = join(root, 'dist'), logLevel = 'warning' } = {}) {
  // Emptied before the first await: the main script starts buildExtras() right after this call, and
  // its files must not be swept away.
  rmSync(outdir, { recursive: true, force: true });
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const viewerClient = await buildViewerClient(root);
  const result = await build({
    entryPoints: {
      cli: join(root, 'src/cli/main.ts'),
      index: join(root, 'src/index.ts'),
      // `disposable-inbox/playwright`: the Playwright fixture (its @playwright/test is the user's).
      playwright: join(root, 'src/playwright.ts'),
      // The mail reader's worker thread (emulator/core/mail/reader.ts finds it beside the entries).
      'mail-reader': join(root, 'emulator/core/mail/reader-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Run-time dependencies stay imports; Ink and React (dev dependencies) are bundled, and esbuild keeps
    // only the parts of their dependencies Ink uses (its es-toolkit alone is 18 MB installed). zod/mini
    // is bundled too: emulator/options.ts, which every start of the CLI loads (the flags of `inbox
    // emulate` come from it), uses it, and loaded from node_modules its modules took about 55 ms of a
    // 100 ms `inbox --version`; bundled, only the parts used are kept. `zod` itself (the response
    // schemas, loaded on use) stays an import.
    external: [...Object.keys(pkg.dependencies ?? {}).filter((name) => name !== 'zod'), ...Object.keys(pkg.peerDependencies ?? {}), 'react-devtools-core'],
    // The MCP SDK (bundled, loaded only by inbox mcp and /mcp) imports zod's v3, v4 and v4-mini entries: the same installed zod.
    plugins: [{ name: 'zod-stays-external', setup: (b) => b.onResolve({ filter: /^zod(\/v3|\/v4|\/v4-mini)?$/ }, ({ path }) => ({ path, external: true })) }],
    sourcemap: true,
    jsx: 'automatic',
    define: { __INBOX_VERSION__: JSON.stringify(pkg.version), __VIEWER_CLIENT__: JSON.stringify(viewerClient), 'process.env.NODE_ENV': '"production"' },
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS (React's reconciler, Ink's helpers) calls require() for Node's built-ins.
    banner: { js: "import { createRequire as __inboxCreateRequire } from 'node:module'; const require = __inboxCreateRequire(import.meta.url);" },
    logLevel,
    // What went into the bundle, for the licence notices of the bundled packages (scripts/notices.mjs).
    metafile: true,
    absWorkingDir: root,
  });
  writeFileSync(join(outdir, NOTICES_FILE), noticesOf(root, result.metafile, pkg.name));
  dropPackageSources(outdir);
}

/**
 * The source maps keep the text of this project's own files, and only the names and lines of the
 * bundled packages' (Ink, React, the MCP SDK): their text is in the packages themselves, and in the
 * maps it was about 40% of an install's dist/ (1.6 MB of 4.1 MB).
 */
function dropPackageSources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      dropPackageSources(path);
      continue;
    }
    if (!entry.name.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(map.sourcesContent)) continue;
    map.sourcesContent = map.sourcesContent.map((text, i) => (String(map.sources[i]).includes('node_modules/') ? null : text));
    writeFileSync(path, JSON.stringify(map));
  }
}

/** What `require('disposable-inbox')` gets: the package is ESM only, and says so plainly. */
const REQUIRE_STUB = `'use strict';
// disposable-inbox is an ES module. This file is what require() finds (the "require" condition of the
// package's exports map), so CommonJS callers get a clear message instead of ERR_PACKAGE_PATH_NOT_EXPORTED.
const err = new Error(
  'disposable-inbox is an ES module and cannot be loaded with require(). ' +
  'Use import { InboxClient } from "disposable-inbox" (in .mjs files or with "type": "module"), ' +
  'or from CommonJS: const { InboxClient } = await import("disposable-inbox").'
);
err.code = 'ERR_REQUIRE_ESM';
throw err;
`;

/** Writes `<outdir>/require.cjs` and the declaration files (`<outdir>/types`, via tsconfig.build.json). */
export async function buildExtras({ root = ROOT, outdir = join(root, 'dist'), quiet = false } = {}) {
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, 'require.cjs'), REQUIRE_STUB);
  const tsc = join(dirname(createRequire(join(root, 'package.json')).resolve('typescript/package.json')), 'bin', 'tsc');
  let output = '';
  const code = await new Promise((resolve, reject) => {
    const args = ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(outdir, 'types'), '--noEmitOnError', '--singleThreaded'];
    const p = spawn(process.execPath, [tsc, ...args], {
      cwd: root,
      // quiet: tsc's messages go into the error instead of the terminal.
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    p.stdout?.on('data', (d) => (output += d));
    p.stderr?.on('data', (d) => (output += d));
    p.once('error', reject);
    p.once('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`tsc -p tsconfig.build.json exited with ${code}${output ? `:\n${output.trim()}` : ''}`);
}

/**
 * Builds the whole of `<root>/dist`: the bundle and, beside it, the declarations and the require()
 * stub. With `ifStale`, does nothing when that is current already. Resolves to 'current' (skipped) or
 * 'built'; rejects when a part failed. A bundle that built is kept (and current) when only the
 * declarations failed: the whole dist/ is then stale, and the next `ifStale` build tries again.
 */
export async function buildDist({ root = ROOT, ifStale = false, logLevel = 'warning' } = {}) {
  // Cheap check first: a current dist/ needs no lock.
  if (ifStale && wholeDistIsCurrent(root)) return 'current';
  const release = await lockBuild(root);
  try {
    return await buildDistLocked(root, ifStale, logLevel);
  } finally {
    release();
  }
}

/**
 * The build lock of `<root>/dist`. Two builds of one checkout at once (`npm test` in one terminal,
 * `npm run emulate` in another) would empty and write the same dist/ under each other; the second now
 * waits for the first, and with ifStale then finds dist/ current. The lock is the emulator's own data
 * lock (emulator/store/lock.ts: exactly one taker wins; a lock whose process is gone is replaced), on
 * `node_modules/.cache/inbox/build.lock`.
 */
export async function lockBuild(root = ROOT, { waitMs = 300_000, pollMs = 100 } = {}) {
  const { DataLock } = await dataLockModule();
  const target = join(root, 'node_modules', '.cache', 'inbox', 'build');
  mkdirSync(dirname(target), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const lock = DataLock.take(target);
      return () => lock.release();
    } catch (e) {
      if (e?.code !== 'data_locked') throw e;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `another process has been building ${join(root, 'dist')} for the ${waitMs / 1000} s this build waited (lock ${target}.lock); if no build is running, remove that file`,
      );
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

let dataLock = null;

/**
 * emulator/store/lock.ts, bundled by esbuild and loaded from memory: this script runs on plain Node,
 * without a TypeScript loader, and the lock is not worth a second implementation.
 */
async function dataLockModule() {
  if (!dataLock) {
    const code = await bundledText(join(ROOT, 'emulator/store/lock.ts'), { format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent' });
    dataLock = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  }
  return dataLock;
}

async function buildDistLocked(root, ifStale, logLevel) {
  // The bundle is dated just after the newest input seen now, not when the build ends: an input saved
  // while it runs is newer, and the next run builds again.
  const newest = newestInput(root);
  if (ifStale && wholeDistBuiltAfter(root, newest)) return 'current';
  const stamp = new Date(Math.ceil(newest) + 1);
  // The declarations (tsc) and the bundle (esbuild) are independent: built side by side.
  const bundled = buildBundle({ root, logLevel }).then(() => utimesSync(join(root, 'dist', 'cli.js'), stamp, stamp));
  // Both run to their end before a failure is reported: exiting at the first one would leave the
  // other writing into dist/ after npm has returned.
  const results = await Promise.allSettled([bundled, buildExtras({ root, quiet: logLevel === 'silent' })]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return 'built';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --if-stale (npm run emulate): nothing to do when dist/ is newer than every input.
  if ((await buildDist({ ifStale: process.argv.includes('--if-stale') })) === 'current') {
    process.stdout.write('dist/ is current (newer than every input): not rebuilt\n');
  }
}
