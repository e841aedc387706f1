// distIsCurrent() (scripts/build.mjs): whether dist/'s bundle was built after the last change to what
// goes into it; wholeDistIsCurrent() also wants the declarations and the require() stub. The benchmarks
// rebuild on the first; buildDist(), which `npm test`, `npm run emulate` and vitest's global setup run,
// skips its build on the second.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildBundle, buildDist, distIsCurrent, lockBuild, wholeDistIsCurrent } from '../../scripts/build.mjs';
import { deadPid } from '../helpers/dead-pid.js';
import { ROOT } from '../helpers/binary.js';

const root = mkdtempSync(join(tmpdir(), 'inbox-dist-current-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(rel: string, atSeconds: number, base = root): void {
  const p = join(base, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, '');
  utimesSync(p, atSeconds, atSeconds);
}

const INPUTS = [
  'src/cli/main.ts',
  'emulator/core/ui/view.tsx',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/build.mjs',
  'scripts/notices.mjs',
];

test('dist/ is current only when built after every input: sources, package files, installed packages, TypeScript settings and the build script', () => {
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

// buildDist() on a checkout of its own: a few stub sources, the repository's TypeScript linked.
const STUB_INPUTS = [
  'package.json',
  'tsconfig.build.json',
  'src/index.ts',
  'src/cli/main.ts',
  'emulator/http/viewer/client.ts',
  'emulator/core/mail/reader-worker.ts',
  'src/playwright.ts',
  'node_modules/.package-lock.json',
];
/** A checkout of its own with stub sources, all dated at 1,000 s; `write` adds or changes a file. */
function stubCheckout(): { co: string; write(rel: string, text: string): void } {
  const co = mkdtempSync(join(tmpdir(), 'inbox-build-dist-'));
  const write = (rel: string, text: string) => {
    mkdirSync(join(co, rel, '..'), { recursive: true });
    writeFileSync(join(co, rel), text);
  };
  write('package.json', JSON.stringify({ name: 'stub', version: '1.0.0', type: 'module', dependencies: {} }));
  write(
    'tsconfig.build.json',
    JSON.stringify({
      // The smallest standard library: the checked stub (src/index.ts) needs none of ES2022's, and tsc reads less.
      compilerOptions: {
        strict: true,
        module: 'NodeNext',
        target: 'ES2022',
        lib: ['es5'],
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: '.',
        types: [],
      },
      include: ['src/index.ts'],
    }),
  );
  write('src/index.ts', 'export const answer: number = 42;\n');
  write('emulator/core/mail/reader-worker.ts', 'export {};\n');
  write('src/playwright.ts', 'export {};\n');
  // A bundled package (its notice goes into dist/) and an installed one that nothing imports.
  write(
    'src/cli/main.ts',
    "import { tiny } from 'tiny-dep';\nimport { other } from 'no-file-dep';\nexport async function main(): Promise<number> { return tiny + other; }\n",
  );
  write('node_modules/tiny-dep/package.json', JSON.stringify({ name: 'tiny-dep', version: '1.2.3', license: 'ISC', type: 'module', main: 'index.js' }));
  write('node_modules/tiny-dep/index.js', 'export const tiny = 0;\n');
  write('node_modules/tiny-dep/LICENSE', 'Copyright (c) 2026 Tiny Authors\n\nPermission to use granted.\n');
  write('node_modules/no-file-dep/package.json', JSON.stringify({ name: 'no-file-dep', version: '2.0.0', license: 'MIT', type: 'module', main: 'index.js' }));
  write('node_modules/no-file-dep/index.js', '/**\n * Copyright (c) 2020 No File Authors.\n */\nexport const other = 0;\n');
  write('node_modules/@scope/unused/package.json', JSON.stringify({ name: '@scope/unused', version: '9.9.9', license: 'MIT' }));
  write('node_modules/@scope/unused/index.js', 'export const unused = 1;\n');
  write('emulator/http/viewer/client.ts', 'document.title = "stub";\n');
  write('node_modules/.package-lock.json', '{}');
  symlinkSync(join(ROOT, 'node_modules/typescript'), join(co, 'node_modules/typescript'), 'dir');
  for (const rel of STUB_INPUTS) utimesSync(join(co, rel), 1_000, 1_000);
  return { co, write };
}

test('buildDist: builds when stale, skips when current; a type error keeps the bundle, a syntax error nothing', { timeout: 60_000 }, async () => {
  const { co, write } = stubCheckout();
  try {
    expect(await buildDist({ root: co, ifStale: true, logLevel: 'silent' })).toBe('built');
    // The bundle is dated a millisecond after its newest input, not when the build ended: an input
    // saved while the build ran is newer, and the next run builds again.
    expect(Math.round(statSync(join(co, 'dist/cli.js')).mtimeMs)).toBe(1_000_001);
    for (const f of ['dist/cli.js', 'dist/index.js', 'dist/require.cjs', 'dist/types/src/index.d.ts']) expect(existsSync(join(co, f)), f).toBe(true);
    const notices = readFileSync(join(co, 'dist/THIRD-PARTY-NOTICES.md'), 'utf8');
    expect(notices).toContain('- tiny-dep 1.2.3 (ISC)');
    expect(notices).toContain('## tiny-dep 1.2.3\n\nLicence: ISC\n\n### LICENSE\n\n```\nCopyright (c) 2026 Tiny Authors\n\nPermission to use granted.\n```');
    // Without a licence file: the copyright lines of its bundled sources, with the MIT text it states.
    expect(notices).toContain(
      '### copyright lines of its sources, with the MIT licence it states\n\n```\nCopyright (c) 2020 No File Authors.\n\nPermission is hereby granted',
    );
    expect(notices).not.toContain('@scope/unused');
    expect(await buildDist({ root: co, ifStale: true, logLevel: 'silent' })).toBe('current');

    // A type error: the declarations fail, the bundle builds. It is kept and current; the whole is not,
    // so the next run builds again.
    write('src/index.ts', 'export const answer: number = "forty-two";\n');
    await expect(buildDist({ root: co, ifStale: true, logLevel: 'silent' })).rejects.toThrow(/tsc -p tsconfig\.build\.json exited with \d+:\n.*TS2322/);
    expect(existsSync(join(co, 'dist/types/src/index.d.ts'))).toBe(false);
    expect(distIsCurrent(co)).toBe(true);
    expect(wholeDistIsCurrent(co)).toBe(false);

    // A syntax error: the bundle fails too, and nothing is current.
    write('src/cli/main.ts', 'export async function main( {\n');
    await expect(buildDist({ root: co, ifStale: true, logLevel: 'silent' })).rejects.toThrow();
    expect(existsSync(join(co, 'dist/cli.js'))).toBe(false);
    expect(distIsCurrent(co)).toBe(false);
  } finally {
    rmSync(co, { recursive: true, force: true });
  }
});

test('buildDist: a bundled package without a licence file or a copyright line stops the build', { timeout: 60_000 }, async () => {
  const { co, write } = stubCheckout();
  try {
    write('node_modules/bare-dep/package.json', JSON.stringify({ name: 'bare-dep', version: '0.1.0', type: 'module', main: 'index.js' }));
    write('node_modules/bare-dep/index.js', 'export const bare = 0;\n');
    write('src/index.ts', "export { bare } from 'bare-dep';\n");
    // The bundle's half of the build (buildDist() runs it beside the declarations).
    await expect(buildBundle({ root: co, logLevel: 'silent' })).rejects.toThrow(
      /bare-dep 0\.1\.0 is bundled into dist\/ but ships no licence file and no copyright line: give its notice in scripts\/notices\.mjs/,
    );
  } finally {
    rmSync(co, { recursive: true, force: true });
  }
});

test('buildDist: a second build of the same checkout waits for the first; a lock left by a killed build is taken over', { timeout: 60_000 }, async () => {
  const { co } = stubCheckout();
  try {
    // Two stale builds at once (npm test beside npm run emulate): one builds, the other waits for it and
    // then finds dist/ current. Without the lock both would empty and write dist/.
    const results = await Promise.all([buildDist({ root: co, ifStale: true, logLevel: 'silent' }), buildDist({ root: co, ifStale: true, logLevel: 'silent' })]);
    expect(results.sort()).toEqual(['built', 'current']);
    const lock = join(co, 'node_modules/.cache/inbox/build.lock');
    expect(existsSync(lock)).toBe(false); // released

    // A lock whose process has ended (a build killed with Ctrl-C) does not stop the next build.
    writeFileSync(lock, `${deadPid()}\n0123456789abcdef01\n`);
    const taken = await lockBuild(co, { waitMs: 0 });
    expect(readFileSync(lock, 'utf8').split('\n')[0]).toBe(String(process.pid));
    taken();
    expect(existsSync(lock)).toBe(false);

    // A lock held by a live process is waited for, up to the limit, and then named in the error.
    const release = await lockBuild(co);
    await expect(lockBuild(co, { waitMs: 300, pollMs: 50 })).rejects.toThrow(
      /another process has been building .*dist for the 0\.3 s this build waited \(lock .*build\.lock\); if no build is running, remove that file/,
    );
    const waiting = lockBuild(co, { pollMs: 20 });
    release();
    (await waiting)();
  } finally {
    rmSync(co, { recursive: true, force: true });
  }
});
