// The client's default fetch: node:http / node:https, which are in Node's start-up snapshot. Node's
// global fetch (and undici's) load undici and compile its WebAssembly HTTP parser on the first
// request; for a one-shot command such as `inbox otp` that was about half a second more per run on
// this project's machines (docs/benchmarks.md, "CLI start-up"). Building a WHATWG Response costs
// most of a tenth of a second too, so the answer is a small object with the three fields the client
// reads (fetch.ts). The connect timeout lives here; header and body timeouts are the client's
// (transport.ts), the same over any fetch.
import type { Agent, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { InboxNetworkError } from './errors.js';
import type { FetchFn, FetchInit, FetchResponse, OwnedFetch } from './fetch.js';

class NodeHeaders {
  readonly #h: IncomingMessage['headers'];
  constructor(h: IncomingMessage['headers']) {
    this.#h = h;
  }
  forEach(cb: (value: string, key: string) => void): void {
    for (const [k, v] of Object.entries(this.#h)) if (v !== undefined) cb(Array.isArray(v) ? v.join(', ') : v, k);
  }
}

/** A fetch over node:http with its own keep-alive agents; `close()` destroys them. */
export function nodeFetch(opts: { connectTimeoutMs?: number } = {}): OwnedFetch {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  const agents = new Map<string, Agent>();

  const fetch: FetchFn = async (input: string, init: FetchInit): Promise<FetchResponse> => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`unsupported protocol ${url.protocol}`);
    const mod = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
    let agent = agents.get(url.protocol);
    if (!agent) {
      // Idle keep-alive sockets are unref'd by the agent, so they never hold the process open.
      agent = new mod.Agent({ keepAlive: true, keepAliveMsecs: 1_000, timeout: 4_000 }) as Agent;
      agents.set(url.protocol, agent);
    }
    const headers = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    return new Promise<FetchResponse>((resolve, reject) => {
      let connectTimer: NodeJS.Timeout | undefined;
      const req = mod.request(url, { method: init.method, headers, agent, signal: init.signal }, (res) => {
        clearTimeout(connectTimer);
        resolve({ status: res.statusCode ?? 0, headers: new NodeHeaders(res.headers), body: Readable.toWeb(res) as ReadableStream<Uint8Array> });
      });
      req.on('error', (e) => {
        clearTimeout(connectTimer);
        reject(e);
      });
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(() => {
          req.destroy(new InboxNetworkError('connect_timeout', input, `could not connect to ${url.origin} in time`));
        }, connectTimeoutMs);
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      req.end(init.body);
    });
  };

  return {
    fetch,
    close() {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    },
  };
}
