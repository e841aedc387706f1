// Usage counters across SIGKILL: they are written apart from the main document within a second of
// emulator time (emulator/core/accounts/usage.ts), so a killed process loses at most the charges of its last
// second, and never those the usage file had been written with. A real process, killed for real.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { USAGE_WRITE_MS } from '../../emulator/core/accounts/usage.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { startCrashChild, type CrashChild } from './fixtures/child.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-usage-crash-'));
const children: CrashChild[] = [];
const started: RunningEmulator[] = [];
afterAll(async () => {
  for (const e of started) await e.close();
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  rmSync(dir, { recursive: true, force: true });
});

async function me(url: string): Promise<void> {
  const res = await fetch(`${url}/v1/me`, { headers: { authorization: 'Bearer emu_enterprise' } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

/** Requests used this month as the usage file says, or null before it is written. */
function usedOnDisk(usageFile: string): number | null {
  if (!existsSync(usageFile)) return null;
  return (JSON.parse(readFileSync(usageFile, 'utf8')) as { accounts: Record<string, { used: number }> }).accounts.acct_enterprise?.used ?? null;
}

describe('usage counters across SIGKILL', () => {
  it(`a kill loses at most the charges of the last ${USAGE_WRITE_MS / 1000} s, never those written before`, async () => {
    const data = join(dir, 'emulator.json');
    const usageFile = join(dir, 'emulator.usage.json');
    const first = await startCrashChild(data);
    children.push(first);
    const early = 20;
    for (let i = 0; i < early; i++) await me(first.url);
    // Written within the window (the emulator's clock is the system's here); waited for, not timed.
    const deadline = Date.now() + 10 * USAGE_WRITE_MS;
    while (usedOnDisk(usageFile) !== early && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(usedOnDisk(usageFile)).toBe(early);
    const late = 10;
    for (let i = 0; i < late; i++) await me(first.url);
    first.proc.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await startEmulator({ port: 0, smtpPort: 0, data });
    started.push(second);
    const usage = await fetch(`${second.url}/v1/usage`, { headers: { authorization: 'Bearer emu_enterprise' } });
    const used = ((await usage.json()) as { data: { requests_used: number } }).data.requests_used;
    // This request, every early one, and those late ones that reached the disk before the kill.
    expect(used).toBeGreaterThanOrEqual(early + 1);
    expect(used).toBeLessThanOrEqual(early + late + 1);
  }, 30_000);
});
