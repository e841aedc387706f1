// Kill trials with mail and webhooks in flight (fixtures/kill-trials.ts), a few of them so the suite
// stays short; `npm run reliability` runs many more and prints the figures (docs/reliability.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKillTrials } from './fixtures/kill-trials.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-kill-trials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SIGKILL with mail and webhooks in flight', () => {
  it('loses, duplicates and leaves undelivered nothing that was acknowledged (2 trials)', async () => {
    const f = await runKillTrials({ dir, trials: 2, senders: 4, killAfter: [30, 80] });
    expect(f.trials).toBe(2);
    expect(f.acknowledged).toBeGreaterThanOrEqual(60);
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
