// A webhook receiver on loopback for the benchmarks: records when each POST's body has fully arrived,
// keyed by the message subject, and answers 200 (or never answers, for paths marked as hanging).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Arrival {
  path: string;
  at: number;
  body: Record<string, unknown>;
}

export class Receiver {
  readonly #server: Server;
  #waiters = new Map<string, (a: Arrival) => void>();
  #early = new Map<string, Arrival>();
  readonly hanging = new Set<string>();
  received = 0;
  port = 0;

  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const at = performance.now();
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          /* not JSON: recorded with an empty body */
        }
        this.received++;
        const path = req.url ?? '/';
        if (!this.hanging.has(path)) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"ok":true}');
        }
        const key = String(body.subject ?? '');
        const arrival = { path, at, body };
        const w = this.#waiters.get(key);
        if (w) {
          this.#waiters.delete(key);
          w(arrival);
        } else this.#early.set(key, arrival);
      });
    });
    this.#server.keepAliveTimeout = 60_000;
  }

  async listen(): Promise<number> {
    await new Promise<void>((r) => this.#server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.#server.address() as AddressInfo).port;
    return this.port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Resolves when a POST whose body has this subject arrives (or already arrived). */
  arrival(subject: string, timeoutMs = 15_000): Promise<Arrival> {
    const early = this.#early.get(subject);
    if (early) {
      this.#early.delete(subject);
      return Promise.resolve(early);
    }
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.#waiters.delete(subject);
        reject(new Error(`no webhook POST for "${subject}" within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.set(subject, (a) => {
        clearTimeout(t);
        resolve(a);
      });
    });
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((r) => this.#server.close(() => r()));
  }
}
