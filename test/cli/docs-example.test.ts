// Runs the vitest example of docs/client.md as written: its files are copied into a temp project
// whose `inbox` package is this repository (built from the current sources), and a real vitest run
// must pass.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, onTestFinished, test } from 'vitest';
import { ROOT } from '../helpers/binary.js';
import { privateCopy } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-docs-example-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The code blocks of a markdown file that follow a `<!-- file: NAME -->` marker. */
export function exampleFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  const re = /<!-- file: ([\w.-]+) -->\s*```\w*\n([\s\S]*?)```/g;
  for (const m of markdown.matchAll(re)) files[m[1]!] = m[2]!;
  return files;
}

test('docs/client.md: the vitest global-setup example passes as written', async () => {
  const build = privateCopy();
  onTestFinished(build.close);
  const files = exampleFiles(readFileSync(join(ROOT, 'docs/client.md'), 'utf8'));
  expect(Object.keys(files).sort()).toEqual(['global-setup.ts', 'signup.test.ts', 'vitest.config.ts']);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'example', type: 'module', private: true }));
  mkdirSync(join(dir, 'node_modules'));
  // The package lies in node_modules as an install puts it (moved, not linked: vitest runs a linked
  // package from its real path outside node_modules through its own transform, sourcemaps and all,
  // where an installed one is left to node, at about half the run's CPU).
  renameSync(build.dir, join(dir, 'node_modules', 'disposable-inbox'));
  for (const dep of ['vitest', 'nodemailer']) symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep), 'dir');

  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|TINYPOOL|NODE_ENV$)/.test(k)));
  const proc = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir], {
    cwd: dir,
    env: { ...env, CI: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => proc.once('close', resolve));
  expect(output).toMatch(/1 passed/);
  expect(code, output).toBe(0);
}, 120_000);
