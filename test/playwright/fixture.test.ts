// The Playwright fixture (`disposable-inbox/playwright`, issue 32) run by the real Playwright Test
// runner, driving Debian's Chromium through the sign-up page of a small app (test/playwright/e2e/)
// that mails its code or link over SMTP. The suite is laid into this run's private build of the
// package, so `disposable-inbox/playwright` and `disposable-inbox` resolve through the package's own
// exports map to the bundle in dist/; its global setup starts one emulator with startEmulator() for
// both workers. Skipped without a Chromium, like the viewer's browser tests (INBOX_REQUIRE_BROWSER=1
// makes that a failure).
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/binary.js';
import { browserRequired, CHROMIUM_ARGS, findChromium, HOW_TO_GET_ONE } from '../helpers/browser.js';
import { privateCopy } from '../cli/helpers.js';

const chromium = findChromium();
if (!chromium && browserRequired()) throw new Error(`INBOX_REQUIRE_BROWSER=1 but no Chromium was found. ${HOW_TO_GET_ONE}`);

let build: ReturnType<typeof privateCopy>;
beforeAll(() => {
  build = privateCopy();
  // The package's real exports map, so the subpath resolves as it does for users.
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: unknown };
  const file = join(build.dir, 'package.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), exports: pkg.exports }));
  cpSync(join(import.meta.dirname, 'e2e'), join(build.dir, 'e2e'), { recursive: true });
});
afterAll(() => build?.close());

interface Report {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites: Array<{
    specs: Array<{
      title: string;
      tests: Array<{
        annotations: Array<{ type: string; description?: string }>;
        results: Array<{ workerIndex: number; attachments: Array<{ name: string; body?: string }> }>;
      }>;
    }>;
  }>;
}

function playwright(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), ...args], {
      cwd: join(build.dir, 'e2e'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.skipIf(!chromium)('disposable-inbox/playwright in Playwright Test', () => {
  it('signs up by code and by link in Chromium, each test on a fresh inbox of its own on one shared emulator', { timeout: 120_000 }, async () => {
    const report = join(build.dir, 'report.json');
    const r = await playwright(['test', '--config', 'playwright.config.mjs'], {
      PW_CHROMIUM: chromium!,
      PW_CHROMIUM_ARGS: JSON.stringify(CHROMIUM_ARGS),
      PW_JSON_OUTPUT: report,
      PW_OUTPUT_DIR: join(build.dir, 'pw-results'),
      PW_INBOXES_AFTER: join(build.dir, 'inboxes-after.json'),
    });
    expect(r.code, r.output).toBe(0);
    const json = JSON.parse(readFileSync(report, 'utf8')) as Report;
    // Four tests as expected: three pass, one fails on purpose (test.fail()).
    expect(json.stats).toMatchObject({ expected: 4, unexpected: 0, skipped: 0, flaky: 0 });
    const specs = json.suites.flatMap((s) => s.specs);
    const tests = specs.flatMap((s) => s.tests);
    const inboxes = tests.map((t) => t.annotations.find((a) => a.type === 'inbox')?.description);
    // Four tests, four inboxes, at the emulator's first platform domain.
    expect(new Set(inboxes).size).toBe(4);
    for (const a of inboxes) expect(a).toMatch(/^[a-z0-9-]+-[0-9a-f]{10}@inbox\.test$/);
    // Two workers took part, both on the one emulator of the global setup.
    expect(new Set(tests.map((t) => t.results[0]!.workerIndex)).size).toBe(2);
    // The failed test's report holds what arrived in its inbox; the passing ones have no such attachment.
    const attached = (title: string) => specs.find((s) => s.title === title)!.tests[0]!.results[0]!.attachments.filter((a) => a.name.startsWith('inbox '));
    const [list] = attached('a failing test gets the messages of its inbox in the report');
    expect(JSON.parse(Buffer.from(list!.body!, 'base64').toString('utf8'))).toEqual([
      expect.objectContaining({ subject: 'Your Acme verification code', otp: expect.stringMatching(/^\d{6}$/) }),
    ]);
    expect(attached('sign up with the emailed code')).toEqual([]);
    // Each test's inbox was removed when it ended: nothing is left registered on the emulator.
    expect(JSON.parse(readFileSync(join(build.dir, 'inboxes-after.json'), 'utf8'))).toEqual([]);
  });
});
