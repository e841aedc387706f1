// distIsCurrent() (scripts/build.mjs): whether dist/ was built after the last change to what goes into
// it. The benchmarks rebuild on its word and the binary tests' private build copies dist/ on it.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { distIsCurrent } from '../../scripts/build.mjs';

const root = mkdtempSync(join(tmpdir(), 'inbox-dist-current-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(rel: string, atSeconds: number): void {
  const p = join(root, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, '');
  utimesSync(p, atSeconds, atSeconds);
}

test('dist/ is current only when built after every input: sources, package.json and the build script', () => {
  expect(distIsCurrent(root)).toBe(false); // nothing built
  for (const rel of ['src/cli/main.ts', 'emulator/core/ui/view.tsx', 'package.json', 'scripts/build.mjs']) file(rel, 1_000);
  file('dist/cli.js', 2_000);
  expect(distIsCurrent(root)).toBe(true);
  file('emulator/core/ui/notes.md', 3_000); // not an input
  expect(distIsCurrent(root)).toBe(true);
  for (const rel of ['emulator/core/ui/view.tsx', 'src/cli/main.ts', 'package.json', 'scripts/build.mjs']) {
    file(rel, 3_000);
    expect(distIsCurrent(root), rel).toBe(false);
    file(rel, 1_000);
    expect(distIsCurrent(root), rel).toBe(true);
  }
});
