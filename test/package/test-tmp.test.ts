// memoryTmp() (scripts/test-tmp.mjs): the folder in memory that `npm test` gives the tests for their
// temporary files. Checked on a folder of this test's own inside /dev/shm, standing for /dev/shm; then
// how scripts/test.mjs hands that folder (or another) to what it runs, and removes it.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { isTmpfs, memoryHasRoom, memoryTmp } from '../../scripts/test-tmp.mjs';
// @ts-expect-error a plain .mjs script without declarations
import { npmEnv } from '../../scripts/install-size.mjs';
import { ROOT } from '../helpers/binary.js';
import { deadPid } from '../helpers/dead-pid.js';

const shmThere = isTmpfs('/dev/shm');
const shm = shmThere ? mkdtempSync('/dev/shm/inbox-test-tmp-') : '';
afterAll(() => {
  if (shm) rmSync(shm, { recursive: true, force: true });
});

describe.skipIf(!shmThere)('memoryTmp', () => {
  test("makes this process's folder on a tmpfs, after removing those of runs whose process is gone", async () => {
    const gone = deadPid();
    const running = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      // Also a folder left by an earlier process that had this process's id: replaced by an empty one.
      for (const name of [`inbox-test-${gone}`, `inbox-test-${running.pid}`, `inbox-test-${process.pid}`, 'inbox-test-notapid', 'other']) {
        mkdirSync(join(shm, name, 'inside'), { recursive: true });
      }
      const dir = memoryTmp({ shm, room: 1 });
      expect(dir).toBe(join(shm, `inbox-test-${process.pid}`));
      expect(readdirSync(dir)).toEqual([]); // the probe of exec is gone
      expect(readdirSync(shm).sort()).toEqual([`inbox-test-${process.pid}`, `inbox-test-${running.pid}`, 'inbox-test-notapid', 'other'].sort());
    } finally {
      running.kill();
    }
  });

  test('gives nothing (and makes nothing) when the file system has less room than asked, or is not a tmpfs', () => {
    const empty = mkdtempSync(join(shm, 'small-'));
    expect(memoryTmp({ shm: empty, room: Number.MAX_SAFE_INTEGER })).toBeNull();
    expect(memoryTmp({ shm: empty, room: 1024, memory: 1023 })).toBeNull(); // the machine's free memory
    expect(readdirSync(empty)).toEqual([]);
    if (!isTmpfs(ROOT)) {
      expect(memoryTmp({ shm: ROOT, room: 1 })).toBeNull();
      expect(existsSync(join(ROOT, `inbox-test-${process.pid}`))).toBe(false);
    }
    expect(memoryTmp({ shm: join(shm, 'missing'), room: 1 })).toBeNull();
  });
});

// scripts/test.mjs itself, in a copy of scripts/ whose build, tsc, biome and vitest are stand-ins: each
// writes the TMPDIR it was given into the folder `out`; the vitest stand-in also writes a file into
// that TMPDIR, records the extra-certificate variables it got (`vitest-certs`) and, with STUB_WAIT,
// waits to be stopped.
function stubRoot(): { root: string; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'inbox-test-mjs-'));
  const out = join(root, 'out');
  mkdirSync(out);
  mkdirSync(join(root, 'scripts'));
  for (const f of ['test.mjs', 'test-tmp.mjs']) copyFileSync(join(ROOT, 'scripts', f), join(root, 'scripts', f));
  writeFileSync(join(root, 'scripts/build.mjs'), "export async function buildDist() { return 'current'; }\nexport function distIsCurrent() { return true; }\n");
  const stub = (rel: string, name: string, extra = '') => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(
      join(root, rel),
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(out, name))}, process.env.TMPDIR ?? '(unset)');\n${extra}`,
    );
  };
  stub('node_modules/typescript/bin/tsc', 'tsc');
  stub('node_modules/@biomejs/biome/bin/biome', 'biome');
  stub(
    'node_modules/vitest/vitest.mjs',
    'vitest',
    `if (process.env.TMPDIR) writeFileSync(process.env.TMPDIR + '/left-by-a-test', 'x');
writeFileSync(${JSON.stringify(join(out, 'vitest-certs'))}, (process.env.NODE_EXTRA_CA_CERTS ?? '(unset)') + ' ' + process.env.INBOX_TEST_EXTRA_CA_CERTS);
if (process.env.STUB_WAIT) {
  process.on('SIGTERM', () => { writeFileSync(${JSON.stringify(join(out, 'vitest-stopped'))}, 'SIGTERM'); process.exit(1); });
  writeFileSync(${JSON.stringify(join(out, 'vitest-ready'))}, '');
  setInterval(() => {}, 1000);
}
`,
  );
  return { root, out };
}

function runTestMjs(root: string, env: Record<string, string | undefined>): { done: Promise<number | null>; pid: number } {
  const base = { ...process.env };
  delete base.TMPDIR;
  delete base.INBOX_TEST_TMPDIR;
  // The CI's runs on other Node versions skip the checks (INBOX_TEST_SKIP_CHECKS); this test runs them.
  delete base.INBOX_TEST_SKIP_CHECKS;
  const p = spawn(process.execPath, [join(root, 'scripts/test.mjs')], { env: { ...base, ...env } as NodeJS.ProcessEnv, stdio: 'ignore' });
  return { done: new Promise((r) => p.once('exit', (code) => r(code))), pid: p.pid! };
}

const read = (path: string) => readFileSync(path, 'utf8');
const memoryUsable = memoryHasRoom();

describe('npm test (scripts/test.mjs) and its temporary folder', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
  const fresh = () => {
    const s = stubRoot();
    roots.push(s.root);
    return s;
  };

  test.skipIf(!memoryUsable)('gives the checks and vitest a folder in /dev/shm, and removes it at the end', async () => {
    const { root, out } = fresh();
    const run = runTestMjs(root, {});
    expect(await run.done).toBe(0);
    const folder = `/dev/shm/inbox-test-${run.pid}`;
    for (const name of ['tsc', 'biome', 'vitest']) expect(read(join(out, name)), name).toBe(folder);
    expect(existsSync(folder)).toBe(false);
  });

  test('keeps a TMPDIR that is set and drops NODE_EXTRA_CA_CERTS; INBOX_TEST_TMPDIR names a folder (made when missing), empty keeps the system one', async () => {
    const { root, out } = fresh();
    const certs = join(ROOT, 'test/fixtures/tls/localhost.cert.pem');
    expect(await runTestMjs(root, { TMPDIR: out, NODE_EXTRA_CA_CERTS: certs }).done).toBe(0);
    expect(read(join(out, 'vitest'))).toBe(out);
    expect(read(join(out, 'vitest-certs'))).toBe(`(unset) ${certs}`); // kept aside for npm's registry fetches
    const named = join(root, 'named', 'tmp');
    expect(await runTestMjs(root, { INBOX_TEST_TMPDIR: named }).done).toBe(0);
    expect(read(join(out, 'vitest'))).toBe(named);
    expect(existsSync(join(named, 'left-by-a-test'))).toBe(true); // a folder of the caller's: kept
    expect(await runTestMjs(root, { INBOX_TEST_TMPDIR: '' }).done).toBe(0);
    expect(read(join(out, 'vitest'))).toBe('(unset)');
  });

  test("npm (the package test's install) gets the caller's extra certificates back", () => {
    expect(npmEnv({ INBOX_TEST_EXTRA_CA_CERTS: '/ca.pem' }).NODE_EXTRA_CA_CERTS).toBe('/ca.pem');
    expect(npmEnv({ NODE_EXTRA_CA_CERTS: '/own.pem', INBOX_TEST_EXTRA_CA_CERTS: '/ca.pem' }).NODE_EXTRA_CA_CERTS).toBe('/own.pem');
    expect('NODE_EXTRA_CA_CERTS' in npmEnv({})).toBe(false);
  });

  test('SIGTERM stops vitest, waits for it and exits 143; the folder in memory goes', async () => {
    const { root, out } = fresh();
    const run = runTestMjs(root, { STUB_WAIT: '1' });
    let ended = false;
    void run.done.then(() => (ended = true));
    while (!existsSync(join(out, 'vitest-ready')) && !ended) await new Promise((r) => setTimeout(r, 20));
    expect(ended).toBe(false); // test.mjs must still be running, waiting on vitest
    process.kill(run.pid, 'SIGTERM');
    expect(await run.done).toBe(143);
    expect(read(join(out, 'vitest-stopped'))).toBe('SIGTERM');
    if (memoryUsable) expect(existsSync(`/dev/shm/inbox-test-${run.pid}`)).toBe(false);
  });
});
