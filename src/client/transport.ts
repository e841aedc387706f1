// One HTTP exchange over a fetch-shaped function (fetch.ts), with the client's own timeouts: the
// answer's headers must arrive within `timeoutMs`, and then each body chunk within `timeoutMs` of the
// last. A timeout aborts the exchange with an InboxNetworkError of kind `timeout`; the caller's signal
// (the call's deadline) aborts it with its own reason.
import { InboxNetworkError } from './errors.js';
import type { FetchFn } from './fetch.js';

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
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

function seconds(ms: number): string {
  return ms < 10_000 ? (ms / 1000).toFixed(1).replace(/\.0$/, '') : String(Math.round(ms / 1000));
}

export async function send(fetch: FetchFn, req: HttpRequest): Promise<HttpResponse> {
  const own = new AbortController();
  const signal = req.signal ? AbortSignal.any([req.signal, own.signal]) : own.signal;
  let timer: NodeJS.Timeout | undefined;
  const arm = (what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const origin = new URL(req.url).origin;
      own.abort(new InboxNetworkError('timeout', req.url, `${origin} did not answer within ${seconds(req.timeoutMs)} s (${what})`));
    }, req.timeoutMs);
  };
  // Which reason wins: our timeout or the caller's abort; else the fetch's own error.
  const reason = (e: unknown): unknown => (own.signal.aborted ? own.signal.reason : req.signal?.aborted ? req.signal.reason : e);
  try {
    arm('no response headers');
    let res;
    try {
      res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal });
    } catch (e) {
      throw reason(e);
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      const k = key.toLowerCase();
      headers[k] = k in headers ? `${headers[k]}, ${value}` : value;
    });
    const chunks: Uint8Array[] = [];
    if (res.body) {
      const reader = res.body.getReader();
      const aborted = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(reason(signal.reason));
        signal.addEventListener('abort', () => reject(reason(signal.reason)), { once: true });
      });
      aborted.catch(() => undefined);
      try {
        for (;;) {
          arm('the body stalled');
          const r = await Promise.race([reader.read(), aborted]);
          if (r.done) break;
          chunks.push(r.value);
        }
      } catch (e) {
        reader.cancel().catch(() => undefined);
        throw reason(e);
      }
    }
    return { status: res.status, headers, text: Buffer.concat(chunks).toString('utf8') };
  } finally {
    clearTimeout(timer);
  }
}
