// Builds the GitHub Action's bundle (action.yml runs it), committed in action/dist/ because a
// JavaScript action runs from the repository as checked out, where dist/ and node_modules/ are not:
//   main.js, post.js   the action's two steps (action/src/), nothing but Node's own modules
//   inbox.js           the whole `inbox` CLI with the emulator and every dependency, in one file
//   mail-reader.js     the emulator's mail-reading worker thread, which must be a file of its own
//                      (emulator/core/mail/reader.ts looks for it beside inbox.js)
//   THIRD-PARTY-NOTICES.md  the licences of the bundled packages
// Minified and without source maps or paths, so the same sources give the same bytes on any machine:
// test/action/action.test.ts builds it in memory and fails when the committed files differ.
//   node scripts/build-action.mjs            writes action/dist/
//   node scripts/build-action.mjs --check    exits 1 when action/dist/ is not what the sources give
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildViewerClient, noReactDevtools } from './build.mjs';
import { NOTICES_FILE, noticesOf } from './notices.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION_DIST = 'action/dist';

/** The files of action/dist/ as the sources give them: name → text. */
export async function actionBundle(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const viewerClient = await buildViewerClient(root);
  const common = {
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    absWorkingDir: root,
  };
  const files = {};
  // The action's own steps: small, Node's modules only.
  for (const name of ['main', 'post']) {
    const out = await build({ ...common, entryPoints: [join(root, `action/src/${name}.ts`)] });
    files[`${name}.js`] = out.outputFiles[0].text;
  }
  // The CLI and its worker: everything bundled, as one file each.
  const heavy = await build({
    ...common,
    entryPoints: { inbox: join(root, 'src/cli/one-file.ts'), 'mail-reader': join(root, 'emulator/core/mail/reader-worker.ts') },
    outdir: join(root, ACTION_DIST),
    jsx: 'automatic',
    plugins: [noReactDevtools],
    define: { __INBOX_VERSION__: JSON.stringify(pkg.version), __VIEWER_CLIENT__: JSON.stringify(viewerClient), 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS calls require() for Node's built-ins.
    banner: { js: "import{createRequire as __inboxCreateRequire}from'node:module';const require=__inboxCreateRequire(import.meta.url);" },
    metafile: true,
  });
  for (const f of heavy.outputFiles) files[f.path.slice(f.path.lastIndexOf('/') + 1)] = f.text;
  files[NOTICES_FILE] = noticesOf(root, heavy.metafile, pkg.name);
  return files;
}

/** The names of the files in action/dist/ that differ from what the sources give (missing ones too). */
export async function staleActionFiles(root = ROOT) {
  const want = await actionBundle(root);
  return Object.entries(want)
    .filter(([name, text]) => {
      const path = join(root, ACTION_DIST, name);
      return !existsSync(path) || readFileSync(path, 'utf8') !== text;
    })
    .map(([name]) => name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--check')) {
    const stale = await staleActionFiles();
    if (stale.length > 0) {
      process.stderr.write(`action/dist/ is stale (${stale.join(', ')}): run npm run build:action and commit action/dist/\n`);
      process.exit(1);
    }
    process.stdout.write('action/dist/ is current\n');
  } else {
    const files = await actionBundle();
    rmSync(join(ROOT, ACTION_DIST), { recursive: true, force: true });
    mkdirSync(join(ROOT, ACTION_DIST), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(ROOT, ACTION_DIST, name), text);
    const sizes = Object.entries(files).map(([name, text]) => `${name} ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`);
    process.stdout.write(`wrote ${ACTION_DIST}/: ${sizes.join(', ')}\n`);
  }
}
