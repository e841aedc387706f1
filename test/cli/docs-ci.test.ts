// Runs the GitHub Actions jobs of README.md ("In a CI job") and docs/client.md ("In CI") as written,
// step by step as the runner does (test/helpers/ci-job.ts), with `npx inbox` meaning this repository's
// built binary. The steps that stand for the user's app are replaced by stand-ins: sign-up sends the
// code with `inbox send` (or, for the failure path, sends nothing), confirm echoes the code. For the
// failure path the wait's `--timeout 120` becomes `--timeout 2` so the test does not idle two minutes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/binary.js';
import { canIsolate, portFree, runJob, runSteps } from '../helpers/ci-job.js';
import { privateCopy } from './helpers.js';

const SIGNUP = /^npm run e2e:signup -- --email "([^"]+)".*$/m;
const CONFIRM = /^(\s*)npm run e2e:confirm -- --email "\$INBOX" --code "\$CODE"$/m;

function standIns(step: string, mail: boolean): string {
  return step
    .replace(/^npm ci\b.*$/m, 'true')
    .replace(SIGNUP, mail ? 'npx inbox send --to "$1" --subject Welcome --text "Your verification code is 583920"' : 'true # the app sends nothing')
    .replace(CONFIRM, '$1echo "confirmed $CODE"')
    .replace(mail ? /(?!)/ : /--timeout 120\b/, '--timeout 2');
}

let build: ReturnType<typeof privateCopy>;
// Each job in a network namespace of its own: the four jobs (two documents, mail or not) run at the
// same time, since they mostly wait (on the emulator's start, inbox ready, the wait's timeout).
// Without namespaces they share the machine's default ports and run one after the other.
const isolate = canIsolate();
const jobTest = isolate ? test.concurrent : test;
let runnable = true;
beforeAll(async () => {
  if (!isolate) runnable = (await portFree(4580)) && (await portFree(2525));
  build = privateCopy();
}, 60_000);
afterAll(() => build?.close());

const jobs: Array<{ doc: string; env: Record<string, string> }> = [
  { doc: 'README.md', env: { GITHUB_RUN_ID: '12345' } },
  { doc: 'docs/client.md', env: { INBOX: 'signup-12345@inbox.test' } },
];

describe.each(jobs)('$doc: the CI job', ({ doc, env }) => {
  const steps = runSteps(readFileSync(join(ROOT, doc), 'utf8'));
  const waitStep = steps.findIndex((s) => s.includes('inbox wait'));

  test('has the steps it should (emulator in the background, health check, register, sign-up, wait)', () => {
    expect(steps.some((s) => /inbox emulate .*&$/m.test(s) && /^npx inbox ready\b/m.test(s))).toBe(true);
    expect(steps.some((s) => s.includes('inbox inboxes register'))).toBe(true);
    expect(steps.some((s) => SIGNUP.test(s))).toBe(true);
    expect(waitStep).toBeGreaterThan(0);
    expect(steps[waitStep]).toMatch(/^CODE=\$\(npx inbox wait .*\)$/m); // an assignment of its own: bash -e sees the status
  });

  jobTest(
    'mail arrives: every step passes and the code reaches the later steps',
    async (ctx) => {
      if (!runnable) ctx.skip();
      const r = await runJob(
        steps.map((s) => standIns(s, true)),
        { bin: build.bin, isolate, env },
      );
      expect(r.code, `${r.script}\n---\n${r.output}`).toBe(0);
      expect(r.stepCodes).toEqual(steps.map(() => 0));
      if (doc === 'README.md') expect(r.githubEnv).toBe('CODE=583920\n');
      else expect(r.output).toContain('confirmed 583920');
    },
    120_000,
  );

  jobTest(
    'no mail: the wait step fails the job with exit 8 and no code is passed on',
    async (ctx) => {
      if (!runnable) ctx.skip();
      const r = await runJob(
        steps.map((s) => standIns(s, false)),
        { bin: build.bin, isolate, env },
      );
      expect(r.code, `${r.script}\n---\n${r.output}`).toBe(8);
      expect(r.stepCodes).toEqual([...steps.slice(0, waitStep).map(() => 0), 8]);
      expect(r.output).toMatch(/no one-time code arrived at signup-12345@inbox\.test within 2 s/);
      expect(r.githubEnv).not.toContain('CODE=');
      expect(r.output).not.toContain('confirmed');
    },
    120_000,
  );
});
