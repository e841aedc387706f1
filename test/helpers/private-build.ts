// vitest global setup: first makes the checkout's dist/ current (buildDist: nothing to do after
// `npm test`'s own build; a build when a single file is run by hand after a change), so the tests that
// run bin/inbox.js or the package always run the current code; a bundle is enough when only the
// declarations fail. Then the package the binary tests run
// (`inbox` as installed), made once per run: a private folder laid out as an installed package,
// bin/inbox.js, a copy of dist/, a package.json named "disposable-inbox" and node_modules linked to the
// repository's, so an `npm run build` rewriting dist/ while they run does not reach them. Each test
// file takes a copy of its own (privateCopy() in test/cli/helpers.ts).
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDist, distIsCurrent } from '../../scripts/build.mjs';
import { ROOT } from './binary.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's private build of the package. */
    privateBuild: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  try {
    await buildDist({ root: ROOT, ifStale: true, logLevel: 'error' });
  } catch (e) {
    // Only the declarations failed (a type error, which the type check reports too): the tests run
    // on the bundle, as vitest runs sources that do not type-check.
    if (!distIsCurrent(ROOT)) throw e;
    process.stderr.write(`\nThe declarations of dist/ did not build; the tests run on the bundle.\n${e instanceof Error ? e.message : e}\n\n`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'inbox-build-'));
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/inbox.js'), join(dir, 'bin/inbox.js'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'disposable-inbox', version: pkg.version, type: 'module', main: 'dist/index.js', exports: { '.': { import: './dist/index.js' } } }),
  );
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  project.provide('privateBuild', dir);
  // Emulators the tests run from source read mail with this build's worker (emulator/core/mail/reader.ts).
  process.env.INBOX_MAIL_READER = join(dir, 'dist', 'mail-reader.js');
  return () => rmSync(dir, { recursive: true, force: true });
}
