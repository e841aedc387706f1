// Test runs of an inbox (POST /v1/inboxes/{inbox}/tests): a named point in time from which the
// timeline can be read on its own (`?test_id=`). A run lasts until the next run of the same inbox
// starts. Runs live on the inbox's registration, so unregistering the inbox ends them.
import type { TimelineEvent } from '../../../src/api/schemas.js';
import type { CoreContext } from '../context.js';
import { ApiError } from '../errors.js';
import { shortId } from '../ids.js';
import type { InboxRecord, TestRun } from '../state.js';

/** Runs kept per inbox; the oldest are forgotten first. */
export const MAX_TEST_RUNS = 50;
const TEST_ID = /^[^\x00-\x1f\x7f]{1,128}$/u;

export class TestRuns {
  constructor(private readonly ctx: CoreContext) {}

  /**
   * Starts a run with the caller's id (1 to 128 characters, no control characters) or a new one. Starting
   * an id that already ran restarts it from now. The caller commits.
   */
  start(rec: InboxRecord, input: unknown): TestRun {
    let id: string;
    if (input === undefined || input === null || input === '') {
      id = `test_${shortId(this.ctx.random, 12)}`;
    } else if (typeof input === 'string' && TEST_ID.test(input)) {
      id = input;
    } else {
      throw new ApiError('invalid_parameter', '"test_id" must be a string of 1 to 128 characters without control characters.');
    }
    const runs = (rec.tests ?? []).filter((r) => r.id !== id);
    const run: TestRun = { id, startedAt: this.ctx.clock.now() };
    runs.push(run);
    rec.tests = runs.slice(-MAX_TEST_RUNS);
    return run;
  }

  /** The window of a run: from its start to the start of the next run (or open). */
  window(rec: InboxRecord, id: string): { from: number; to: number } | null {
    const runs = rec.tests ?? [];
    const i = runs.findIndex((r) => r.id === id);
    if (i < 0) return null;
    return { from: runs[i]!.startedAt, to: runs[i + 1]?.startedAt ?? Infinity };
  }

  /** The events of a run, latency counted from the run's start. Unknown run: none. */
  filter(rec: InboxRecord, id: string, events: TimelineEvent[]): TimelineEvent[] {
    const w = this.window(rec, id);
    if (!w) return [];
    return events.filter((e) => e.timestamp >= w.from && e.timestamp < w.to).map((e) => ({ ...e, latency_ms: e.timestamp - w.from }));
  }
}
