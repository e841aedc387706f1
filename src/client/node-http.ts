// The default HTTP path of the Transport: node:http / node:https, which are part of Node's start-up
// snapshot and parse with the built-in llhttp. Loading undici instead (its modules, then compiling its
// WebAssembly llhttp on the first request) added about 0.2 s to every one-shot CLI command such as
// `inbox otp` (bench/cli-startup.ts). Same timeouts as the undici path, reported with undici's error
// codes so that errors.ts maps them alike: connect timeout, headers timeout (until the response
// starts), body timeout (between chunks); the caller's AbortSignal aborts the request.
import type { Agent as HttpAgent, ClientRequest, IncomingMessage } from 'node:http';
import type { HttpRequest, HttpResponse } from './transport.js';

function coded(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

export class NodeHttp {
  #agents = new Map<string, HttpAgent>();
  readonly #connectTimeoutMs: number;

  constructor(connectTimeoutMs: number) {
    this.#connectTimeoutMs = connectTimeoutMs;
  }

  async #agent(protocol: string): Promise<{ agent: HttpAgent; request: typeof import('node:http').request }> {
    const mod = protocol === 'https:' ? await import('node:https') : await import('node:http');
    let agent = this.#agents.get(protocol);
    if (!agent) {
      // Idle keep-alive sockets are unref'd by the agent, so they never hold the process open.
      agent = new mod.Agent({ keepAlive: true, keepAliveMsecs: 1_000, timeout: 4_000 }) as HttpAgent;
      this.#agents.set(protocol, agent);
    }
    return { agent, request: mod.request as typeof import('node:http').request };
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const url = new URL(req.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw coded('UND_ERR_INVALID_ARG', `unsupported protocol ${url.protocol}`);
    }
    const { agent, request } = await this.#agent(url.protocol);
    return new Promise<HttpResponse>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let timedOut: Error | undefined;
      let r: ClientRequest;
      const arm = (ms: number, code: string, message: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = coded(code, message);
          r.destroy(timedOut);
        }, ms);
      };
      // A timeout destroys the request; whichever error event follows, the timeout is the reason.
      const fail = (e: Error) => {
        clearTimeout(timer);
        reject(timedOut ?? e);
      };
      const headers = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
      r = request(url, { method: req.method, headers, agent, signal: req.signal }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        arm(req.timeoutMs, 'UND_ERR_BODY_TIMEOUT', 'body timeout');
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          arm(req.timeoutMs, 'UND_ERR_BODY_TIMEOUT', 'body timeout');
        });
        res.on('end', () => {
          clearTimeout(timer);
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
          }
          resolve({ status: res.statusCode ?? 0, headers: out, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', fail);
        res.on('aborted', () => fail(coded('UND_ERR_SOCKET', 'connection closed before the body ended')));
      });
      r.on('error', fail);
      r.on('socket', (socket) => {
        if (!socket.connecting) return arm(req.timeoutMs, 'UND_ERR_HEADERS_TIMEOUT', 'headers timeout');
        arm(this.#connectTimeoutMs, 'UND_ERR_CONNECT_TIMEOUT', 'connect timeout');
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () =>
          arm(req.timeoutMs, 'UND_ERR_HEADERS_TIMEOUT', 'headers timeout'),
        );
      });
      r.end(req.body);
    });
  }

  close(): void {
    for (const a of this.#agents.values()) a.destroy();
    this.#agents.clear();
  }
}
