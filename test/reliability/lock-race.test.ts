// One emulator per data file under any interleaving: six starter processes race for the same data
// file's lock, round after round, with no lock there, a stale lock of a killed process (old and
// new format), a stale lock whose replacer died half-way, and a lock held by a live starter. Each
// round exactly one starter wins (none when a live one holds it), and the lock names the winner.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledScript } from '../helpers/compiled.js';
import { deadPid } from '../helpers/dead-pid.js';

const SCRIPT = fileURLToPath(new URL('./fixtures/lock-starter.ts', import.meta.url));
const STARTERS = 6;
const ROUNDS = 100;

interface Starter {
  proc: ChildProcess;
  pid: number;
  next(): Promise<Record<string, unknown>>;
  send(line: string): void;
}

async function startStarter(): Promise<Starter> {
  const proc = spawn(process.execPath, [await compiledScript(SCRIPT)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: Array<Record<string, unknown>> = [];
  const waiting: Array<(l: Record<string, unknown>) => void> = [];
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    const v = JSON.parse(l) as Record<string, unknown>;
    const w = waiting.shift();
    if (w) w(v);
    else lines.push(v);
  });
  const next = () => new Promise<Record<string, unknown>>((resolve) => (lines.length > 0 ? resolve(lines.shift()!) : waiting.push(resolve)));
  return next().then((ready) => ({ proc, pid: Number(ready.pid), next, send: (line: string) => proc.stdin!.write(`${line}\n`) }));
}

const dir = mkdtempSync(join(tmpdir(), 'inbox-lock-race-'));
let starters: Starter[] = [];
let dead = 0;
beforeAll(async () => {
  dead = deadPid();
  starters = await Promise.all(Array.from({ length: STARTERS }, () => startStarter()));
}, 60_000);
afterAll(() => {
  for (const s of starters) s.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function race(data: string, who: Starter[]): Promise<Starter[]> {
  for (const s of who) s.send(`take ${data}`); // same tick: the starters race
  const answers = await Promise.all(who.map((s) => s.next()));
  for (const a of answers) if (!a.won) expect(a.code).toBe('data_locked');
  return who.filter((_, i) => answers[i]!.won === true);
}

async function release(s: Starter): Promise<void> {
  s.send('release');
  expect((await s.next()).released).toBe(true);
}

describe('the data-file lock under racing starters', () => {
  it(`exactly one of ${STARTERS} simultaneous starters wins, ${ROUNDS} rounds of every interleaving`, async () => {
    const scenarios = ['no lock', 'stale lock (pid only)', 'stale lock (claim)', 'stale lock, replacer died', 'live holder'] as const;
    const seen = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const scenario = scenarios[round % scenarios.length]!;
      const data = join(dir, `r${round}`, 'emulator.json');
      const lock = `${data}.lock`;
      await import('node:fs').then((fs) => fs.mkdirSync(join(dir, `r${round}`), { recursive: true }));
      let racers = starters;
      let holder: Starter | null = null;
      if (scenario === 'stale lock (pid only)') writeFileSync(lock, String(dead));
      if (scenario === 'stale lock (claim)') writeFileSync(lock, `${dead}\n0123456789abcdef01\n`);
      if (scenario === 'stale lock, replacer died') {
        writeFileSync(lock, `${dead}\nabcdefabcdefabcdef\n`);
        writeFileSync(`${lock}.replace-abcdefabcdefabcdef.1`, `${dead}\n111111111111111111\n`);
      }
      if (scenario === 'live holder') {
        holder = starters[round % STARTERS]!;
        expect(await race(data, [holder])).toEqual([holder]);
        racers = starters.filter((s) => s !== holder);
      }
      const winners = await race(data, racers);
      seen.set(scenario, (seen.get(scenario) ?? 0) + 1);
      if (holder) {
        expect(winners).toEqual([]);
        expect(readFileSync(lock, 'utf8').split('\n')[0]).toBe(String(holder.pid));
        await release(holder);
      } else {
        expect(
          winners.map((w) => w.pid),
          scenario,
        ).toHaveLength(1);
        expect(readFileSync(lock, 'utf8').split('\n')[0]).toBe(String(winners[0]!.pid));
        await release(winners[0]!);
      }
      expect(existsSync(lock)).toBe(false);
      // Nothing left beside it: claim files and replace rights are cleaned up.
      expect(readdirSync(join(dir, `r${round}`))).toEqual([]);
    }
    expect([...seen.keys()].sort()).toEqual([...scenarios].sort());
  }, 60_000);

  it('a starter that finds the lock held by a live emulator is refused at once, the lock untouched', async () => {
    const data = join(dir, 'held', 'emulator.json');
    await import('node:fs').then((fs) => fs.mkdirSync(join(dir, 'held'), { recursive: true }));
    const [a, b] = starters;
    expect(await race(data, [a!])).toEqual([a]);
    const before = readFileSync(`${data}.lock`, 'utf8');
    const mtime = statSync(`${data}.lock`).mtimeMs;
    expect(await race(data, [b!])).toEqual([]);
    expect(readFileSync(`${data}.lock`, 'utf8')).toBe(before);
    expect(statSync(`${data}.lock`).mtimeMs).toBe(mtime);
    await release(a!);
  });
});
