// The package as users get it: this checkout packed as `npm pack` packs it and installed into an empty
// project (from the npm cache) in one npm run (`npm install --install-links <checkout>`), then used the
// ways a consumer would: the `inbox` command, an ESM import, a strict TypeScript build against the
// shipped declarations, and require() (a clear error).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/binary.js';
// @ts-expect-error a plain .mjs script without declarations
import { BUDGET, packAndInstall } from '../../scripts/install-size.mjs';

interface Installed {
  project: string;
  installLog: string;
  files: string[];
  installedBytes: number;
  packages: number;
  cleanup(): void;
}

let r: Installed;
const pkgName = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).name as string;

beforeAll(() => {
  // dist/ is current (the global setup, test/helpers/private-build.ts, made it so); installing the
  // folder packs it without prepack, which would rebuild it under other tests.
  r = packAndInstall({ fromFolder: true }) as Installed;
}, 180_000);
afterAll(() => r?.cleanup());

const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

describe('the packed package', () => {
  test('ships the bundle, declarations, licences and the require() stub; no TypeScript sources, no install script', () => {
    expect(r.files).toContain('bin/inbox.js');
    expect(r.files).toContain('dist/cli.js');
    expect(r.files).toContain('dist/require.cjs');
    expect(r.files).toContain('dist/types/src/index.d.ts');
    // The package's own licence, and those of the code bundled into dist/ (test/package/notices.test.ts).
    expect(r.files).toContain('LICENSE');
    expect(r.files).toContain('dist/THIRD-PARTY-NOTICES.md');
    expect(r.files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(r.project, 'node_modules', pkgName, 'package.json'), 'utf8'));
    expect(pkg.name).not.toBe('inbox'); // an older IMAP library owns that name on npm
    expect(pkg.bin).toEqual({ inbox: 'bin/inbox.js' });
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts?.[s], s).toBeUndefined();
    expect(pkg.exports['.'].types).toMatch(/\.d\.ts$/);
    expect(existsSync(join(r.project, 'node_modules', pkgName, pkg.exports['.'].types))).toBe(true);
    expect(r.installLog).not.toMatch(/install-scripts|EBADENGINE/);
  });

  test(`installs within the budget (${BUDGET.installedBytes / 1024 / 1024} MB, ${BUDGET.packages} packages)`, () => {
    expect(r.packages).toBeLessThanOrEqual(BUDGET.packages);
    expect(r.installedBytes).toBeLessThanOrEqual(BUDGET.installedBytes);
  });

  test('the inbox command runs from node_modules/.bin', () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    const out = execFileSync(join(r.project, 'node_modules/.bin/inbox'), ['--version'], { encoding: 'utf8' });
    expect(out.trim()).toBe(version);
  });

  test('import: the emulator and the client work together', { timeout: 60_000 }, () => {
    writeFileSync(
      join(r.project, 'use.mjs'),
      `
      import { InboxClient, startEmulator } from '${pkgName}';
      const emulator = await startEmulator({ port: 0, smtpPort: 0 });
      const client = new InboxClient({ baseUrl: emulator.url, apiKey: emulator.keys.enterprise });
      await client.registerInbox('pack@inbox.test');
      const list = await client.listInboxes();
      console.log(JSON.stringify(list).includes('pack@inbox.test'));
      await client.close();
      await emulator.close();
    `,
    );
    expect(execFileSync(process.execPath, ['use.mjs'], { cwd: r.project, encoding: 'utf8' }).trim()).toBe('true');
  });

  test("disposable-inbox/playwright: shipped with its declarations, and loads with the consumer's @playwright/test", () => {
    expect(r.files).toContain('dist/playwright.js');
    expect(r.files).toContain('dist/types/src/playwright.d.ts');
    // @playwright/test is an optional peer: the consumer brings it (here the repository's copy).
    for (const dep of ['@playwright/test', 'playwright', 'playwright-core']) {
      mkdirSync(join(r.project, 'node_modules', dirname(dep)), { recursive: true });
      if (!existsSync(join(r.project, 'node_modules', dep))) symlinkSync(join(ROOT, 'node_modules', dep), join(r.project, 'node_modules', dep), 'dir');
    }
    const p = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `const m = await import('${pkgName}/playwright'); console.log(typeof m.test.extend, typeof m.expect, m.DEFAULT_WAIT_MS);`],
      { cwd: r.project, encoding: 'utf8' },
    );
    expect(p.stdout.trim(), p.stderr).toBe('function function 20000');
  });

  test('require(): a clear ESM-only error, not ERR_PACKAGE_PATH_NOT_EXPORTED', () => {
    const p = spawnSync(process.execPath, ['-e', `try { require('${pkgName}') } catch (e) { console.log(e.code + ' ' + e.message); process.exit(3) }`], {
      cwd: r.project,
      encoding: 'utf8',
    });
    expect(p.status).toBe(3);
    expect(p.stdout).toMatch(/^ERR_REQUIRE_ESM .*is an ES module.*await import\("disposable-inbox"\)/);
  });

  test('a strict TypeScript consumer type-checks against the shipped declarations (lib check on)', () => {
    // @types/node is the consumer's own choice; link the repository's copy (and what it needs).
    mkdirSync(join(r.project, 'node_modules/@types'), { recursive: true });
    for (const dep of ['@types/node', 'undici-types']) {
      if (!existsSync(join(r.project, 'node_modules', dep))) symlinkSync(join(ROOT, 'node_modules', dep), join(r.project, 'node_modules', dep), 'dir');
    }
    writeFileSync(
      join(r.project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          // A Node consumer's libraries (as @tsconfig/node* set them): no DOM, so a declaration that
          // leans on a browser-only global fails here as it would for such a consumer.
          lib: ['ES2022'],
          noEmit: true,
          types: ['node'],
          skipLibCheck: false,
        },
        include: ['good.ts', 'bad.ts'],
      }),
    );
    // One run over two files (a lib check of @types/node is most of its time): a correct use,
    // which must give no error, and a wrong one, which must give exactly the error it makes.
    writeFileSync(
      join(r.project, 'good.ts'),
      `
      import { InboxClient, InboxApiError, InboxWaitTimeoutError, startEmulator, type RunningEmulator } from '${pkgName}';
      const emulator: RunningEmulator = await startEmulator({ port: 0, smtpPort: 0 });
      const client = new InboxClient({ baseUrl: emulator.url, apiKey: emulator.keys.enterprise });
      const code: string = await client.waitForOtp('a@inbox.test', { timeoutMs: 1000 });
      const link: string = await client.waitForLink('a@inbox.test', { timeoutMs: 1000 });
      export const seen = [code, link, InboxApiError.name, InboxWaitTimeoutError.name];
    `,
    );
    // The declarations are real: a wrong use is an error.
    writeFileSync(
      join(r.project, 'bad.ts'),
      `
      import { InboxClient } from '${pkgName}';
      const client = new InboxClient({ baseUrl: 'http://127.0.0.1:4580', apiKey: 'emu_growth' });
      export const n: number = await client.waitForOtp('a@inbox.test');
    `,
    );
    // One checker thread: the default several each resolve @types/node's types again (more CPU, same result).
    const p = spawnSync(process.execPath, [tsc, '-p', r.project, '--singleThreaded'], { cwd: r.project, encoding: 'utf8' });
    const errors = (p.stdout + p.stderr).split('\n').filter((l) => /error TS\d+/.test(l));
    expect(p.status).not.toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^bad\.ts.*Type 'string' is not assignable to type 'number'/);
  }, 120_000); // a full type-check with lib check on: slow on a busy machine
});
