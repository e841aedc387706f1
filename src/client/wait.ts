// waitForMessage: waits for mail longer than the service's 60 s cap by re-asking
// GET /wait?timeout=min(remaining, 60) (at least 10, the service's minimum, with the local deadline
// enforced), carrying the `since` cursor so nothing is missed or returned twice.
import { WAIT_TIMEOUT } from '../api/routes.js';
import type { MessageSummary, Responses } from '../api/schemas.js';
import { InboxApiError, InboxNetworkError, InboxWaitTimeoutError, PASSED_OVER_KEPT } from './errors.js';
import type { MessagesView } from './read.js';

export type WaitedMessage = MessageSummary & Record<string, unknown>;

/** One long-poll: GET /wait. */
export interface WaitOptions {
  /** Seconds the service holds the request (clamped by the service to 10..60). */
  timeout?: number;
  /** Return a message newer than this id at once. */
  since?: string;
  signal?: AbortSignal;
}

/** What waitForMessage() asks of a client (InboxClient is one). */
export interface WaitingClient {
  listMessages(inbox: string): Promise<MessagesView>;
  wait(inbox: string, opts?: WaitOptions): Promise<Responses['wait']>;
}

export interface WaitForOptions {
  /** Total time to wait, in ms (default 30 s). May exceed the service's 60 s cap. */
  timeoutMs?: number;
  /** Only messages newer than this id. */
  since?: string;
  /**
   * Also count mail already in the inbox (newer than `since`, if given): the newest matching one is
   * returned at once. Default false: only mail that arrives from now on, as the service's wait does.
   */
  existing?: boolean;
  /** Keep waiting past messages for which this returns false (e.g. `(m) => m.otp !== null`). */
  match?: (m: WaitedMessage) => boolean;
  signal?: AbortSignal;
  /** Told before each long-poll. */
  onAsk?: (info: { attempt: number; askSeconds: number; remainingMs: number; since?: string }) => void;
}

export interface WaitForResult {
  message: WaitedMessage;
  /** The wait response that carried it (undefined when the message was found by listing the inbox). */
  response?: WaitHit;
  attempts: number;
}

type WaitHit = Extract<Responses['wait'], { success: true }>;

/**
 * How long the service gets to answer one listing of the inbox when the last long-poll was still held
 * at the deadline: a service that stopped answering is a network failure, not "no mail arrived".
 */
export const LIVENESS_PROBE_MS = 3000;

export async function waitForMessage(client: WaitingClient, inbox: string, opts: WaitForOptions = {}): Promise<WaitForResult> {
  const timeoutMs = opts.timeoutMs ?? WAIT_TIMEOUT.default * 1000;
  // Messages looked at and passed over for not matching, oldest first, for the timeout to tell (mail
  // came, none matched): the newest PASSED_OVER_KEPT ids, and how many there were.
  const passedOver = new Set<string>();
  let passedOverCount = 0;
  const passOver = (id: string) => {
    if (passedOver.has(id)) return;
    passedOverCount++;
    passedOver.add(id);
    if (passedOver.size > PASSED_OVER_KEPT) passedOver.delete(passedOver.values().next().value!);
  };
  const given = opts.match ?? (() => true);
  const match = (m: WaitedMessage): boolean => {
    if (given(m)) return true;
    passOver(m.id);
    return false;
  };
  const end = Date.now() + timeoutMs;
  let since = opts.since;
  let attempts = 0;

  // A wait longer than one long-poll re-asks, and mail landing between two asks must not be missed:
  // pin the cursor to the newest message now. If the inbox is empty there is no id to pin; then
  // everything in it later is new, and listing it after each ask (catchUp) finds what a gap hid.
  let emptyAtStart = false;
  if (opts.existing) {
    const list = (await client.listMessages(inbox)).data as WaitedMessage[];
    const cut = since === undefined ? -1 : list.findIndex((m) => m.id === since);
    const newer = cut >= 0 ? list.slice(0, cut) : list;
    // The newest match; none: each is passed over, oldest first.
    const hit = newer.find(given);
    if (hit) return { message: hit, attempts };
    for (const m of [...newer].reverse()) passOver(m.id);
    since = list[0]?.id ?? since;
    emptyAtStart = list.length === 0 && since === undefined;
  } else if (since === undefined && timeoutMs > WAIT_TIMEOUT.max * 1000) {
    const list = await client.listMessages(inbox);
    since = list.data[0]?.id;
    emptyAtStart = since === undefined;
  }
  const uncursored = () => emptyAtStart && since === undefined;
  // The service answers `since` with the newest message newer than it; with a cursor, the messages
  // between it and that one are read from the list, oldest first, so none is skipped.
  const between = async (cursor: string, newest: WaitedMessage): Promise<WaitedMessage | undefined> => {
    const list = (await client.listMessages(inbox)).data as WaitedMessage[];
    const cut = list.findIndex((m) => m.id === cursor);
    if (cut < 0) {
      // The cursor is gone (deleted, evicted): the service's answer is all there is to go by.
      if (match(newest)) return newest;
      since = newest.id;
      return undefined;
    }
    const newer = list.slice(0, cut).reverse();
    const hit = newer.find(match);
    if (!hit) since = list[0]?.id ?? newest.id;
    return hit;
  };
  // The last long-poll was cut by the local deadline, so nothing shows the service still answers: one
  // listing, bounded by LIVENESS_PROBE_MS, tells a quiet inbox (any answer, an API error too) from a
  // service that stopped answering (its network error, or none in time, is thrown).
  const probe = async (): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new InboxNetworkError(
              'timeout',
              inbox,
              `the service did not answer: its wait for ${inbox} was still held at the deadline, and listing the inbox got no answer within ${LIVENESS_PROBE_MS / 1000} s`,
            ),
          ),
        LIVENESS_PROBE_MS,
      );
    });
    try {
      await Promise.race([client.listMessages(inbox), gaveUp]);
    } catch (e) {
      if (!(e instanceof InboxApiError)) throw e;
    } finally {
      clearTimeout(timer);
    }
  };
  const catchUp = async (): Promise<WaitedMessage | undefined> => {
    const list = await client.listMessages(inbox);
    const oldestFirst = [...list.data].reverse() as WaitedMessage[];
    const hit = oldestFirst.find(match);
    if (!hit) since = list.data[0]?.id;
    return hit;
  };

  let heldAtDeadline = false;
  for (;;) {
    const remainingMs = end - Date.now();
    if (remainingMs <= 0) {
      const hit = uncursored() ? await catchUp() : undefined;
      if (hit) return { message: hit, attempts };
      // catchUp's listing answered already; otherwise a long-poll cut at the deadline proves nothing.
      if (heldAtDeadline && !uncursored()) await probe();
      throw new InboxWaitTimeoutError(timeoutMs, since, undefined, [...passedOver], passedOverCount);
    }
    const askSeconds = Math.min(Math.max(Math.ceil(remainingMs / 1000), WAIT_TIMEOUT.min), WAIT_TIMEOUT.max);
    attempts++;
    opts.onAsk?.({ attempt: attempts, askSeconds, remainingMs, since });
    const local = new AbortController();
    const timer = setTimeout(() => local.abort(), remainingMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, local.signal]) : local.signal;
    let res: Responses['wait'] | undefined;
    try {
      res = await client.wait(inbox, { timeout: askSeconds, since, signal });
    } catch (e) {
      if (!local.signal.aborted || opts.signal?.aborted) throw e;
      res = undefined; // the local deadline: fall through to the timeout check
      heldAtDeadline = true;
    } finally {
      clearTimeout(timer);
    }
    const wasUncursored = uncursored();
    if (res?.success) {
      const message = (res as WaitHit).data as WaitedMessage;
      if (wasUncursored) {
        // An earlier message may have landed between asks: return the oldest new one.
        const hit = await catchUp();
        if (hit) return { message: hit, response: hit.id === message.id ? (res as WaitHit) : undefined, attempts };
        continue;
      }
      if (since !== undefined) {
        const hit = await between(since, message);
        if (hit) return { message: hit, response: hit.id === message.id ? (res as WaitHit) : undefined, attempts };
        continue;
      }
      if (match(message)) return { message, response: res as WaitHit, attempts };
      since = message.id;
    } else if (wasUncursored && end - Date.now() > 0) {
      const hit = await catchUp();
      if (hit) return { message: hit, attempts };
    }
  }
}
