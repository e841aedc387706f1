// distIsCurrent() (scripts/build.mjs): whether dist/ was built after the last change to what goes into
// it. The benchmarks rebuild on its word, the binary tests' private build copies dist/ on it, and
// `npm test` and `npm run emulate` skip the build on wholeDistIsCurrent(), which also wants the
// declarations and the require() stub.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { distIsCurrent, wholeDistIsCurrent } from '../../scripts/build.mjs';

const root = mkdtempSync(join(tmpdir(), 'inbox-dist-current-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(rel: string, atSeconds: number, base = root): void {
  const p = join(base, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, '');
  utimesSync(p, atSeconds, atSeconds);
}

const INPUTS = ['src/cli/main.ts', 'emulator/core/ui/view.tsx', 'package.json', 'package-lock.json', 'tsconfig.build.json', 'scripts/build.mjs'];

test('dist/ is current only when built after every input: sources, package files, the declarations config and the build script', () => {
  expect(distIsCurrent(root)).toBe(false); // nothing built
  for (const rel of INPUTS) file(rel, 1_000);
  file('dist/cli.js', 2_000);
  expect(distIsCurrent(root)).toBe(true);
  file('emulator/core/ui/notes.md', 3_000); // not an input
  expect(distIsCurrent(root)).toBe(true);
  for (const rel of INPUTS) {
    file(rel, 3_000);
    expect(distIsCurrent(root), rel).toBe(false);
    file(rel, 1_000);
    expect(distIsCurrent(root), rel).toBe(true);
  }
});

test('the whole of dist/ is current only with the declarations and the require() stub beside a current bundle', () => {
  const whole = mkdtempSync(join(tmpdir(), 'inbox-dist-whole-'));
  try {
    const at = (rel: string, seconds: number) => file(rel, seconds, whole);
    at('src/index.ts', 1_000);
    at('dist/cli.js', 2_000);
    expect(distIsCurrent(whole)).toBe(true);
    expect(wholeDistIsCurrent(whole)).toBe(false); // neither declarations nor stub
    at('dist/types/src/index.d.ts', 2_000);
    expect(wholeDistIsCurrent(whole)).toBe(false); // no stub
    at('dist/require.cjs', 2_000);
    expect(wholeDistIsCurrent(whole)).toBe(true);
    at('src/index.ts', 3_000);
    expect(wholeDistIsCurrent(whole)).toBe(false); // the bundle is older than a source
  } finally {
    rmSync(whole, { recursive: true, force: true });
  }
});
