// The real HTTP transport of webhook deliveries: the dispatcher's `post`, on undici with its own
// Agent (never the global dispatcher). Redirects are not followed: a 3xx is a failed delivery, as any
// non-2xx. The 10 s acknowledgement window is the dispatcher's, on the emulator clock; the agent's
// own timeouts are only a backstop so no socket lives forever.
import { Agent, request } from 'undici';
import type { PostFn } from './core/dispatcher.js';

export interface Outbound {
  post: PostFn;
  close(): Promise<void>;
}

export function createOutbound(opts: { backstopMs?: number } = {}): Outbound {
  const backstop = opts.backstopMs ?? 60_000;
  const agent = new Agent({
    connectTimeout: backstop,
    headersTimeout: backstop,
    bodyTimeout: backstop,
    keepAliveTimeout: 4_000,
  });
  const post: PostFn = async (url, body, headers, signal) => {
    const res = await request(url, { method: 'POST', body, headers, signal, dispatcher: agent });
    // The answer's body means nothing to a delivery; read a little of it and let the socket go.
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return res.statusCode;
  };
  return {
    post,
    async close() {
      await agent.destroy().catch(() => undefined);
    },
  };
}
