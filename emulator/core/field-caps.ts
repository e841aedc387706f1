// How much of a header field answers that list many messages carry. A subject (or From, To) may be
// hundreds of kilobytes; 200 of them made a 39 MB list. Lists, wait results, push frames and timeline
// events carry at most LIST_FIELD_MAX characters of each, cut with an ellipsis; the single-message answer (GET
// .../messages/{id}) carries them whole. A deviation from the hosted service, in docs/emulator.md.
import type { MessageSummary } from '../../src/api/schemas.js';

export const LIST_FIELD_MAX = 1000;

/** `s` when it is at most `max` characters (code points), else its first max-1 and "…". */
export function capField(s: string, max = LIST_FIELD_MAX): string {
  if (s.length <= max) return s;
  // A code point is one or two UTF-16 units: past 2*max units there are more than max code points,
  // and only the first ones are split out (not a whole field of hundreds of kilobytes, per message).
  const long = s.length > 2 * max;
  const chars = Array.from(long ? s.slice(0, 2 * max) : s);
  if (!long && chars.length <= max) return s;
  return chars.slice(0, max - 1).join('') + '…';
}

/** A summary with its header fields (from, to, subject) capped for a list answer. */
export function capSummary<T extends Pick<MessageSummary, 'from' | 'to' | 'subject'>>(m: T): T {
  return { ...m, from: capField(m.from), to: capField(m.to), subject: capField(m.subject) };
}
