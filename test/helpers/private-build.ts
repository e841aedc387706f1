// vitest global setup: the package the binary tests run (`inbox` as installed), made once per run.
// It is a private folder laid out as an installed package: bin/inbox.js, dist/, a package.json named
// "disposable-inbox" and node_modules linked to the repository's. dist/ is copied when it is current
// (`npm test` has just built it) and built from the sources otherwise, so these tests always run the
// current code, and an `npm run build` rewriting dist/ while they run does not reach them. Each test
// file takes a copy of its own (privateCopy() in test/cli/helpers.ts); the build's cost is paid once.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBundle, distIsCurrent } from '../../scripts/build.mjs';
import { ROOT } from './binary.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's private build of the package. */
    privateBuild: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-build-'));
  if (distIsCurrent(ROOT)) cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  else await buildBundle({ root: ROOT, outdir: join(dir, 'dist'), logLevel: 'error' });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/inbox.js'), join(dir, 'bin/inbox.js'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'disposable-inbox', version: pkg.version, type: 'module', main: 'dist/index.js', exports: { '.': { import: './dist/index.js' } } }),
  );
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  project.provide('privateBuild', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
