// HTTP helpers for the benchmarks: setup calls against the emulator's API and control surface, and a
// keep-alive GET whose arrival time is taken when the whole response body is in.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export const BENCH_KEY = 'emu_enterprise';

export interface JsonResponse {
  status: number;
  body: Record<string, unknown>;
  /** performance.now() when the body was complete. */
  at: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export function httpJson(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; key?: string | null; timeoutMs?: number } = {},
): Promise<JsonResponse> {
  const url = new URL(path, base);
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  const headers: Record<string, string> = {};
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  const key = opts.key === undefined ? BENCH_KEY : opts.key;
  if (key) headers.authorization = `Bearer ${key}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const at = performance.now();
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = { raw: text };
        }
        resolve({ status: res.statusCode ?? 0, body, at });
      });
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 120_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Lifts the per-second cap of the bench account (plan caps would otherwise throttle the setup). */
export async function unthrottle(base: string, key = BENCH_KEY): Promise<void> {
  const r = await httpJson(base, 'POST', '/_emulator/accounts', {
    key: null,
    body: { apiKey: key, plan: 'enterprise', limits: { perSecond: 1_000_000, perMonth: 1_000_000_000 } },
  });
  if (r.status >= 300) throw new Error(`could not raise the bench account's limits: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Registers inboxes (a few requests at a time) and returns their addresses. */
export async function registerInboxes(base: string, addresses: string[], concurrency = 8): Promise<string[]> {
  let next = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const inbox = addresses[next++]!;
      const r = await httpJson(base, 'POST', '/v1/inboxes', { body: { inbox } });
      if (r.status !== 201 && r.status !== 200) throw new Error(`registering ${inbox}: ${r.status} ${JSON.stringify(r.body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return addresses;
}

export function inboxNames(prefix: string, count: number, domain = 'inbox.test'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}@${domain}`);
}

/** True when the route exists (anything but the app's "No route" 404). */
export async function routeExists(base: string, method: string, path: string, body?: unknown): Promise<boolean> {
  const r = await httpJson(base, method, path, { body, timeoutMs: 15_000 });
  return !(r.status === 404 && String(r.body.message ?? '').startsWith('No route'));
}
