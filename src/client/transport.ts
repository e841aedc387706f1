// The HTTP layer under InboxClient: per-request header/body timeouts, and an AbortSignal for the
// caller's overall deadline. By default node:http (node-http.ts: nothing to load, which keeps one-shot
// CLI commands fast); with a dispatcher of the caller's own, undici with that dispatcher (never the
// global one). undici is loaded only then, and only its Agent and request modules.
import type { Dispatcher } from 'undici';
import { NodeHttp } from './node-http.js';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Time allowed until the response headers arrive, and between body chunks. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

type RequestFn = (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
interface UndiciParts {
  Agent: typeof import('undici').Agent;
  request: RequestFn;
}

async function loadUndici(): Promise<UndiciParts> {
  try {
    const [agent, req] = await Promise.all([
      import('undici/lib/dispatcher/agent.js'),
      import('undici/lib/api/api-request.js'),
    ]);
    const Agent = (agent.default ?? agent) as UndiciParts['Agent'];
    const request = (req.default ?? req) as RequestFn;
    if (typeof Agent === 'function' && typeof request === 'function') return { Agent, request };
  } catch {
    // fall through to the package root (a future undici layout)
  }
  const u = await import('undici');
  return { Agent: u.Agent, request: u.Dispatcher.prototype.request as unknown as RequestFn };
}

export interface TransportOptions {
  /** A dispatcher of your own (e.g. an undici MockAgent or ProxyAgent); the transport then never closes it. */
  dispatcher?: Dispatcher;
  /** TCP connect timeout for the dispatcher the transport creates (default 10 s). */
  connectTimeoutMs?: number;
}

export class Transport {
  #parts: Promise<UndiciParts> | undefined;
  #own: Dispatcher | undefined;
  #node: NodeHttp | undefined;
  readonly #external: Dispatcher | undefined;
  readonly #connectTimeoutMs: number;

  constructor(opts: TransportOptions = {}) {
    this.#external = opts.dispatcher;
    this.#connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  }

  async #dispatcher(): Promise<{ d: Dispatcher; request: RequestFn }> {
    this.#parts ??= loadUndici();
    const parts = await this.#parts;
    if (this.#external) return { d: this.#external, request: parts.request };
    this.#own ??= new parts.Agent({ connect: { timeout: this.#connectTimeoutMs }, keepAliveTimeout: 4_000 });
    return { d: this.#own, request: parts.request };
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    if (!this.#external) {
      this.#node ??= new NodeHttp(this.#connectTimeoutMs);
      return this.#node.send(req);
    }
    const { d, request } = await this.#dispatcher();
    const res = await request.call(d, {
      origin: new URL(req.url).origin,
      path: req.url.slice(new URL(req.url).origin.length) || '/',
      method: req.method,
      headers: req.headers,
      body: req.body,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      signal: req.signal,
    });
    const text = await res.body.text();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    return { status: res.statusCode, headers, text };
  }

  /** Closes the dispatcher the transport created (keep-alive sockets would hold the process open). */
  async close(): Promise<void> {
    this.#node?.close();
    this.#node = undefined;
    const own = this.#own;
    this.#own = undefined;
    if (own) await own.close();
  }
}
