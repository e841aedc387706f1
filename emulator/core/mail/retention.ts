// Retention per plan (docs/mail.md, "Retention"): a cap on messages per inbox (the oldest go
// first) and a maximum age on the emulator's clock. Applied when mail arrives, whenever an inbox is
// read, and by a sweep on a clock timer, so `/_emulator/clock` moving past the age limit makes mail
// disappear without anyone having to look.
import type { Plan } from '../../../src/api/plans.js';
import type { Clock, TimerHandle } from '../clock.js';
import type { StoredMessage } from '../state.js';

export interface RetentionPolicy {
  maxMessages: number;
  /** null: no expiry. */
  maxAgeMs: number | null;
}

export function retentionPolicy(plan: Plan): RetentionPolicy {
  const { messagesPerInbox, maxAgeHours } = plan.retention;
  return { maxMessages: messagesPerInbox, maxAgeMs: maxAgeHours === null ? null : maxAgeHours * 3_600_000 };
}

/** True once a message received at `receivedAt` has outlived the policy at `now`. */
export function isExpired(receivedAt: number, policy: RetentionPolicy, now: number): boolean {
  return policy.maxAgeMs !== null && now - receivedAt >= policy.maxAgeMs;
}

/**
 * Removes from `messages` (oldest first, as the inbox document keeps them) what the policy no longer
 * allows, in place, and returns what was removed. O(messages in this inbox), which retention bounds.
 */
export function applyRetention(messages: StoredMessage[], policy: RetentionPolicy, now: number): StoredMessage[] {
  let anyExpired = false;
  for (const m of messages) {
    if (isExpired(m.receivedAt, policy, now)) {
      anyExpired = true;
      break;
    }
  }
  if (!anyExpired && messages.length <= policy.maxMessages) return [];
  const removed: StoredMessage[] = [];
  const keep: StoredMessage[] = [];
  for (const m of messages) (isExpired(m.receivedAt, policy, now) ? removed : keep).push(m);
  const over = keep.length - Math.max(0, policy.maxMessages);
  if (over > 0) removed.push(...keep.splice(0, over));
  messages.splice(0, messages.length, ...keep);
  return removed;
}

/** Runs `sweep` every `intervalMs` of emulator time until stopped; one sweep at a time. */
export class RetentionSweeper {
  #timer: TimerHandle | null = null;
  #running = false;
  #stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly sweep: () => Promise<void>,
    private readonly intervalMs = 60_000,
  ) {}

  start(): void {
    if (this.#stopped || this.#timer) return;
    this.#timer = this.clock.setTimer(this.intervalMs, () => {
      this.#timer = null;
      void this.#tick();
    });
  }

  async #tick(): Promise<void> {
    if (this.#stopped) return;
    if (!this.#running) {
      this.#running = true;
      try {
        await this.sweep();
      } catch {
        // the sweep reports its own errors; the next one runs regardless
      } finally {
        this.#running = false;
      }
    }
    this.start();
  }

  stop(): void {
    this.#stopped = true;
    this.#timer?.cancel();
    this.#timer = null;
  }
}
