// Runs the GitHub Actions job of docs/client.md: its `run:` steps in bash, in order, with `npx inbox`
// meaning this repository's built binary. The two steps that stand for the user's app are replaced by
// stand-ins: sign-up sends the code with `inbox send`, confirm echoes it. The job uses the emulator's
// default ports, so it runs in a private network namespace (unshare -rn) where they are free; without
// one it runs on the machine's loopback, and is skipped when something else holds 4580 or 2525.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../helpers/binary.js';
import { buildPrivateCopy } from './helpers.js';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The `run:` scripts of the first ```yaml block, in order (one-liners and `run: |` blocks). */
export function runSteps(markdown: string): string[] {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const lines = yaml.split('\n');
  const steps: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:- )?run: (.*)$/.exec(lines[i]!);
    if (!m) continue;
    if (m[2] !== '|') {
      steps.push(m[2]!);
      continue;
    }
    const body: string[] = [];
    const indent = /^(\s*)/.exec(lines[i + 1] ?? '')![1]!.length;
    while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || /^(\s*)/.exec(lines[i + 1]!)![1]!.length >= indent) && lines[i + 1]!.trim() !== '') {
      body.push(lines[++i]!.slice(indent));
    }
    steps.push(body.join('\n'));
  }
  return steps;
}

/** Whether this machine lets us run a command in a private network namespace (own loopback). */
function canIsolate(): boolean {
  const r = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
  return r.status === 0;
}

test('docs/client.md: the CI job runs (emulator, register, sign-up, wait --otp --existing)', async (ctx) => {
  // The job uses the default ports 4580 and 2525: in a private network namespace they are always free.
  const isolate = canIsolate();
  if (!isolate && (!(await portFree(4580)) || !(await portFree(2525)))) ctx.skip();
  const build = await buildPrivateCopy(ROOT);
  const steps = runSteps(readFileSync(join(ROOT, 'docs/client.md'), 'utf8'));
  expect(steps.some((s) => s.includes('inbox wait'))).toBe(true);
  const app = (s: string) =>
    s.replace(/^npm ci$/m, 'true')
      .replace(/^npm run e2e:signup.*$/m, 'npx inbox send --to "$INBOX" --subject Welcome --text "Your verification code is 583920"')
      .replace(/^\s*npm run e2e:confirm -- --email "\$INBOX" --code "\$CODE"$/m, 'echo "confirmed $CODE"');
  const script = [
    'set -euo pipefail',
    `npx() { shift; node ${JSON.stringify(build.bin)} "$@"; }`, // npx inbox ... -> the built binary
    'export INBOX=signup-12345@inbox.test',
    ...steps.map(app),
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'inbox-ci-'));
  try {
    writeFileSync(join(dir, 'job.sh'), script);
    // Its own process group, so the emulator the job left in the background can be stopped with it.
    const [cmd, args] = isolate
      ? ['unshare', ['-rn', 'bash', '-c', `ip link set lo up && exec bash ${JSON.stringify(join(dir, 'job.sh'))}`]]
      : ['bash', [join(dir, 'job.sh')]];
    const proc = spawn(cmd, args, {
      cwd: dir, env: { ...process.env, NO_COLOR: '1', INBOX_CONFIG_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((r) => proc.once('exit', r));
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      // the group is gone already
    }
    expect(code, `${script}\n---\n${out}`).toBe(0);
    expect(out).toContain('confirmed 583920');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    build.close();
  }
}, 120_000);
