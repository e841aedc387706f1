// Insights over an inbox's timeline (docs/mail.md, "Timeline and insights"). Pure: the
// events (latency counted from the first one) and the emulator's current time in, findings out.
import type { TimelineEvent } from '../../../src/api/schemas.js';

export type InsightType = 'email_missing' | 'multiple_detected' | 'otp_failed' | 'slow_delivery';

export interface Insight {
  type: InsightType;
  message: string;
}

/** No mail this long after the first event: `email_missing`. */
export const MISSING_AFTER_MS = 5_000;
/** The last mail arrived this long after the first event: `slow_delivery`. */
export const SLOW_AFTER_MS = 3_000;

export function insightsOf(events: TimelineEvent[], now: number): Insight[] {
  const out: Insight[] = [];
  if (events.length === 0) return out;
  const received = events.filter((e) => e.type === 'email_received');
  const firstAt = events[0]!.timestamp;
  if (received.length === 0) {
    const waited = now - firstAt;
    if (waited > MISSING_AFTER_MS) {
      out.push({
        type: 'email_missing',
        message: `No email has arrived ${Math.round(waited / 1000)} s after the first event; check the recipient address and that the sender really sent it.`,
      });
    }
    return out;
  }
  if (received.length > 1) {
    out.push({
      type: 'multiple_detected',
      message: `${received.length} emails arrived; make sure your test reads the right one (the newest, or wait with ?since=<id>).`,
    });
  }
  if (!events.some((e) => e.type === 'otp_extracted')) {
    out.push({
      type: 'otp_failed',
      message: 'Email arrived but no one-time code was found in it; check that the code sits near a word such as "code", "OTP" or "PIN".',
    });
  }
  const last = received[received.length - 1]!;
  if (last.latency_ms > SLOW_AFTER_MS) {
    out.push({
      type: 'slow_delivery',
      message: `The last email arrived ${(last.latency_ms / 1000).toFixed(1)} s after the first event (over ${SLOW_AFTER_MS / 1000} s).`,
    });
  }
  return out;
}
