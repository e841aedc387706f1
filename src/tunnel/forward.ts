// Forwards a delivery to the developer's local target: a POST with the delivery's exact headers and
// body, on the client's default fetch (node:http), bounded by the 10 s acknowledgement window.
import { nodeFetch } from '../client/node-http.js';
import { send } from '../client/transport.js';
import type { ForwardFn, ForwardResult } from './events.js';

export const FORWARD_TIMEOUT_MS = 10_000;

export interface Forwarder {
  forward: ForwardFn;
  close(): Promise<void>;
}

function describe(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; code?: unknown; message?: unknown; cause?: { code?: unknown } };
  if (
    err?.name === 'TimeoutError' ||
    err?.name === 'AbortError' ||
    (err?.name === 'InboxNetworkError' && /timeout/.test(String((e as { kind?: string }).kind)))
  ) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const code = typeof err?.code === 'string' ? err.code : typeof err?.cause?.code === 'string' ? err.cause.code : '';
  if (code === 'ECONNREFUSED') return 'ECONNREFUSED: nothing listens at the target';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

/** A forwarder to `target` (an absolute http(s) URL). */
export function createForwarder(target: string, opts: { timeoutMs?: number } = {}): Forwarder {
  const timeoutMs = opts.timeoutMs ?? FORWARD_TIMEOUT_MS;
  const transport = nodeFetch({ connectTimeoutMs: timeoutMs });
  return {
    async forward(headers, body): Promise<ForwardResult> {
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      try {
        const res = await send(transport.fetch, {
          method: 'POST',
          url: target,
          headers,
          body,
          timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
        return { status: res.status, latencyMs: latency() };
      } catch (e) {
        return { status: null, error: describe(e, timeoutMs), latencyMs: latency() };
      }
    },
    close: async () => transport.close(),
  };
}

/** The `--forward-to` value as an absolute http(s) URL, or null. */
export function parseTarget(input: string): string | null {
  try {
    const u = new URL(input);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
    return u.href;
  } catch {
    return null;
  }
}
