// What installing the package costs a user: packs this checkout with `npm pack` (which builds dist/
// through prepack), installs the tarball into an empty temporary project from the npm cache, and
// measures the project's node_modules: bytes on disk and the number of packages.
//
//   node scripts/install-size.mjs            # prints a report; exit 1 when over the budget
//   node scripts/install-size.mjs --json     # the same as JSON
//   node scripts/install-size.mjs --keep     # keeps the temp project (path printed) for a look
// test/package/pack.test.ts uses packAndInstall() and checks the same budget.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, lstatSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The budget: installed size and package count (this one included) of `npm install disposable-inbox`. */
// Measured: 0.1.0 as first packed, 56 MB in 99 packages; now about 29 MB in 39 (docs/benchmarks.md).
export const BUDGET = { installedBytes: 35 * 1024 * 1024, packages: 45 };

/**
 * The environment npm runs in. Under npm test the caller's extra certificates (a proxy's, a private
 * registry's) wait under another name (scripts/test.mjs): npm gets them back for a fetch from the registry.
 */
export function npmEnv(env = process.env) {
  const ca = env.NODE_EXTRA_CA_CERTS ?? env.INBOX_TEST_EXTRA_CA_CERTS;
  return { ...env, npm_config_update_notifier: 'false', ...(ca ? { NODE_EXTRA_CA_CERTS: ca } : {}) };
}

function npm(args, cwd) {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: npmEnv(),
  });
}

/** Disk usage of a tree, counting each file's allocated blocks (what `du` reports). */
export function diskBytes(path) {
  const st = lstatSync(path);
  let total = st.blocks * 512;
  if (st.isDirectory()) for (const name of readdirSync(path)) total += diskBytes(join(path, name));
  return total;
}

/** Paths of the files under `dir`, relative to it, with forward slashes. */
function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/**
 * Packs `root` into a temp folder and installs the tarball into a fresh project there. With
 * `ignoreScripts` the dist/ already built is packed as it is (prepack would rebuild it in place).
 * With `fromFolder` one npm run does both: `npm install --install-links <root>` packs the folder as
 * `npm pack` does (the same file list, no prepack) and installs that; `files` are then those of the
 * installed package and there is no tarball file. Returns the paths and the measurements; call
 * cleanup() when done.
 */
export function packAndInstall({ root = ROOT, ignoreScripts = false, fromFolder = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-pack-'));
  try {
    const packed = fromFolder
      ? undefined
      : JSON.parse(npm(['pack', '--json', '--pack-destination', dir, ...(ignoreScripts ? ['--ignore-scripts'] : [])], root));
    const tarball = packed ? join(dir, packed[0].filename) : undefined;
    const source = fromFolder ? ['--install-links', root] : [tarball];
    const project = join(dir, 'project');
    execFileSync('mkdir', [project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
    let installLog;
    try {
      installLog = npm(['install', '--offline', ...source], project);
    } catch {
      installLog = npm(['install', '--prefer-offline', ...source], project); // something not in the npm cache yet
    }
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    const packages = Object.keys(lock.packages).filter((k) => k !== '');
    const name = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name;
    return {
      dir,
      tarball,
      project,
      installLog,
      files: packed ? packed[0].files.map((f) => f.path) : listFiles(join(project, 'node_modules', name)),
      tarballBytes: packed?.[0].size,
      unpackedBytes: packed?.[0].unpackedSize,
      installedBytes: diskBytes(join(project, 'node_modules')),
      packages: packages.length,
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = packAndInstall();
  const over = r.installedBytes > BUDGET.installedBytes || r.packages > BUDGET.packages;
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        { tarballBytes: r.tarballBytes, unpackedBytes: r.unpackedBytes, installedBytes: r.installedBytes, packages: r.packages, budget: BUDGET, over },
        null,
        2,
      ),
    );
  } else {
    console.log(`tarball ${mb(r.tarballBytes)} (${r.files.length} files, ${mb(r.unpackedBytes)} unpacked)`);
    console.log(
      `installed ${mb(r.installedBytes)} in ${r.packages} packages (budget ${mb(BUDGET.installedBytes)}, ${BUDGET.packages} packages)${over ? ': OVER BUDGET' : ''}`,
    );
  }
  if (process.argv.includes('--keep')) console.log(`project kept in ${r.project}`);
  else r.cleanup();
  process.exitCode = over ? 1 : 0;
}
