// waitForMessage: waits for mail longer than the service's 60 s cap by re-asking
// GET /wait?timeout=min(remaining, 60) (at least 10, the service's minimum, with the local deadline
// enforced), carrying the `since` cursor so nothing is missed or returned twice.
import { WAIT_TIMEOUT } from '../api/routes.js';
import type { MessageSummary, Responses } from '../api/schemas.js';
import type { InboxClient } from './client.js';
import { InboxNetworkError, InboxWaitTimeoutError } from './errors.js';

export type WaitedMessage = MessageSummary & Record<string, unknown>;

export interface WaitForOptions {
  /** Total time to wait, in ms (default 30 s). May exceed the service's 60 s cap. */
  timeoutMs?: number;
  /** Only messages newer than this id. */
  since?: string;
  /** Keep waiting past messages for which this returns false (e.g. `(m) => m.otp !== null`). */
  match?: (m: WaitedMessage) => boolean;
  signal?: AbortSignal;
  /** Told before each long-poll. */
  onAsk?: (info: { attempt: number; askSeconds: number; remainingMs: number; since?: string }) => void;
}

export interface WaitForResult {
  message: WaitedMessage;
  /** The wait response that carried it (or undefined when found by the catch-up listing). */
  response?: Extract<Responses['wait'], { success: true }>;
  attempts: number;
}

type WaitHit = Extract<Responses['wait'], { success: true }>;

export async function waitForMessage(client: InboxClient, inbox: string, opts: WaitForOptions = {}): Promise<WaitForResult> {
  const timeoutMs = opts.timeoutMs ?? WAIT_TIMEOUT.default * 1000;
  const match = opts.match ?? (() => true);
  const end = Date.now() + timeoutMs;
  let since = opts.since;
  let attempts = 0;
  // A wait longer than one long-poll re-asks; without a cursor, mail landing between two asks would be
  // missed. Pin the cursor to the newest message now (an empty inbox is remembered as such).
  let emptyAtStart = false;
  if (since === undefined && timeoutMs > WAIT_TIMEOUT.max * 1000) {
    const list = await client.listMessages(inbox);
    since = list.data[0]?.id;
    emptyAtStart = since === undefined;
  }

  for (;;) {
    const remainingMs = end - Date.now();
    if (remainingMs <= 0) throw new InboxWaitTimeoutError(timeoutMs, since);
    if (attempts > 0 && since === undefined && emptyAtStart) {
      // The inbox was empty at the start: anything in it now arrived while we waited.
      const list = await client.listMessages(inbox);
      const fresh = [...list.data].reverse() as WaitedMessage[];
      const hit = fresh.find(match);
      if (hit) return { message: hit, attempts };
      since = list.data[0]?.id;
      if (since !== undefined) emptyAtStart = false;
    }
    const askSeconds = Math.min(Math.max(Math.ceil(remainingMs / 1000), WAIT_TIMEOUT.min), WAIT_TIMEOUT.max);
    attempts++;
    opts.onAsk?.({ attempt: attempts, askSeconds, remainingMs, since });
    const local = new AbortController();
    const timer = setTimeout(() => local.abort(new InboxWaitTimeoutError(timeoutMs, since)), remainingMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, local.signal]) : local.signal;
    let res: Responses['wait'];
    try {
      res = await client.wait(inbox, { timeout: askSeconds, since, signal });
    } catch (e) {
      if (local.signal.aborted) throw new InboxWaitTimeoutError(timeoutMs, since);
      if (e instanceof InboxNetworkError && e.kind === 'aborted' && opts.signal?.aborted) throw e;
      throw e;
    } finally {
      clearTimeout(timer);
    }
    if (res.success) {
      const message = (res as WaitHit).data as WaitedMessage;
      if (match(message)) return { message, response: res as WaitHit, attempts };
      since = message.id;
      emptyAtStart = false;
    }
  }
}
