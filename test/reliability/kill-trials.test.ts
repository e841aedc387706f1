// A kill trial with mail and webhooks in flight (fixtures/kill-trials.ts): one, which proves the
// mechanism, so the suite stays short; `npm run reliability` runs many more and prints the figures
// (docs/reliability.md). The kill that matters comes in the same turn as a 250, after 30 to 80
// acknowledgements, while the other connections are in the middle of their own messages, lists are being read
// and webhook deliveries of acknowledged mail are still pending; a second trial kills at the same
// kind of moment and costs as much again (two emulator processes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKillTrials } from './fixtures/kill-trials.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-kill-trials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SIGKILL with mail and webhooks in flight', () => {
  it('loses, duplicates and leaves undelivered nothing that was acknowledged (1 trial)', async () => {
    const f = await runKillTrials({ dir, trials: 1, senders: 4, killAfter: [30, 80] });
    expect(f.trials).toBe(1);
    expect(f.acknowledged).toBeGreaterThanOrEqual(30);
    expect({
      lost: f.lost,
      duplicated: f.duplicated,
      deliveriesLost: f.deliveriesLost,
      crashes: f.crashes,
      fiveXX: f.fiveXX,
      errorsLogged: f.errorsLogged,
    }).toEqual({
      lost: 0,
      duplicated: 0,
      deliveriesLost: 0,
      crashes: 0,
      fiveXX: 0,
      errorsLogged: 0,
    });
  }, 90_000);
});
