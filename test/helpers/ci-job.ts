// Runs the `run:` steps of a GitHub Actions job written in a markdown file, the way the runner does:
// each step its own `bash -e` script (GitHub's default shell), in order, stopping at the first failing
// step; lines a step appends to $GITHUB_ENV become environment variables of the later steps; a process
// a step leaves in the background keeps running. `npx inbox ...` runs the given built binary.
// The recipes use the emulator's default ports, so the job runs in a private network namespace
// (unshare -rn, its own loopback) when the machine allows one; without one it runs on the machine's
// loopback and the caller skips when the ports are taken (portFree).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
    while (i + 1 < lines.length && lines[i + 1]!.trim() !== '' && /^(\s*)/.exec(lines[i + 1]!)![1]!.length >= indent) {
      body.push(lines[++i]!.slice(indent));
    }
    steps.push(body.join('\n'));
  }
  return steps;
}

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** Whether this machine lets us run a command in a private network namespace (own loopback). */
export function canIsolate(): boolean {
  return spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0;
}

export interface JobResult {
  /** Exit status of the job: that of the first failing step, else 0. */
  code: number | null;
  /** Exit status of each step that ran, in order. */
  stepCodes: number[];
  output: string;
  /** What the steps appended to $GITHUB_ENV. */
  githubEnv: string;
  script: string;
}

/** Runs `steps` as a job; `bin` is the built bin/inbox.js that `npx inbox` stands for. */
export async function runJob(steps: string[], opts: { bin: string; isolate: boolean; env?: Record<string, string> }): Promise<JobResult> {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-ci-'));
  try {
    const binDir = join(dir, 'bin');
    mkdirSync(binDir);
    // npx inbox ... -> the built binary (the package's bin is named inbox)
    writeFileSync(
      join(binDir, 'npx'),
      `#!/bin/sh\n[ "$1" = inbox ] || { echo "npx stand-in: only inbox" >&2; exit 127; }\nshift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(opts.bin)} "$@"\n`,
    );
    chmodSync(join(binDir, 'npx'), 0o755);
    steps.forEach((s, i) => writeFileSync(join(dir, `step${i}.sh`), s + '\n'));
    const runner = [
      // When this test process goes away without its clean-up (vitest stopped with Ctrl-C), the job's
      // process group (the emulator a step left running) goes too, instead of living on unreachable.
      `( while kill -0 ${process.pid} || [ -d /proc/${process.pid} ]; do sleep 1; done; kill -TERM 0 ) 2>/dev/null &`,
      `export PATH=${JSON.stringify(binDir)}:"$PATH"`,
      `export GITHUB_ENV=${JSON.stringify(join(dir, 'github_env'))}`,
      ': > "$GITHUB_ENV"',
      `for i in $(seq 0 ${steps.length - 1}); do`,
      // GitHub's default shell for run: steps is `bash -e {0}`.
      `  bash -e ${JSON.stringify(dir)}/step$i.sh; code=$?`,
      '  printf "\\n::step %s exit %s\\n" $i $code',
      '  [ $code -eq 0 ] || exit $code',
      '  while IFS= read -r line; do case "$line" in *=*) export "${line%%=*}=${line#*=}";; esac; done < "$GITHUB_ENV"',
      'done',
    ].join('\n');
    writeFileSync(join(dir, 'runner.sh'), runner + '\n');
    const [cmd, args] = opts.isolate
      ? ['unshare', ['-rn', 'bash', '-c', `ip link set lo up && exec bash ${JSON.stringify(join(dir, 'runner.sh'))}`]]
      : ['bash', [join(dir, 'runner.sh')]];
    // Its own process group, so the emulator a step left in the background is stopped with it.
    const proc = spawn(cmd, args, {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', INBOX_CONFIG_DIR: dir, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    proc.stdout.on('data', (d) => (output += d));
    proc.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((r) => proc.once('exit', r));
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      // the group is gone already
    }
    const stepCodes = [...output.matchAll(/^::step \d+ exit (\d+)$/gm)].map((m) => Number(m[1]));
    const envFile = join(dir, 'github_env');
    return { code, stepCodes, output, githubEnv: existsSync(envFile) ? readFileSync(envFile, 'utf8') : '', script: steps.join('\n# ---\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
