// A WebSocket that comes back: reconnects with exponential backoff after a drop (an emulator restart, a
// network blip), notices a dead peer with pings, and stops for good only when told to or when its
// owner decides a close or a refused upgrade is final. Shared by the tunnel client and the push
// forwarder.
import { WebSocket } from 'ws';
import type { Fatal, WatchListener } from './events.js';

export interface Backoff {
  /** First delay after a drop (default 250 ms); doubles up to maxMs (default 5 s). */
  initialMs?: number;
  maxMs?: number;
}

export interface SocketHooks {
  message(ws: WebSocket, text: string): void;
  /** After a close: a Fatal to stop, or null to reconnect. */
  closed(code: number, reason: string): Fatal | null;
  /** The upgrade was answered with an HTTP status instead of 101: a Fatal to stop, or null to retry. */
  refused(status: number, body: string): Fatal | null;
}

export interface SocketOptions {
  headers?: Record<string, string>;
  backoff?: Backoff;
  /** Ping interval; a peer silent for two of them is dropped (default 15 s). */
  heartbeatMs?: number;
  onEvent: WatchListener;
}

export class ReconnectingSocket {
  readonly #url: string;
  readonly #opts: SocketOptions;
  readonly #hooks: SocketHooks;
  #ws: WebSocket | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #delay: number;
  #stopped = false;
  #finish!: (f: Fatal | null) => void;
  /** Resolves with the reason it stopped on its own, or null after stop(). */
  readonly finished: Promise<Fatal | null>;

  constructor(url: string, opts: SocketOptions, hooks: SocketHooks) {
    this.#url = url;
    this.#opts = opts;
    this.#hooks = hooks;
    this.#delay = opts.backoff?.initialMs ?? 250;
    this.finished = new Promise((r) => (this.#finish = r));
  }

  start(): void {
    this.#connect();
  }

  /** Call when the peer greeted us: the next drop starts the backoff afresh. */
  connectedOk(): void {
    this.#delay = this.#opts.backoff?.initialMs ?? 250;
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#end(null);
    const ws = this.#ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        ws.terminate();
        resolve();
      }, 2_000);
      t.unref?.();
      ws.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close(1000, 'watcher stopped');
    });
  }

  #end(f: Fatal | null): void {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#retry = this.#heartbeat = null;
    this.#finish(f);
  }

  #connect(): void {
    if (this.#stopped) return;
    const ws = new WebSocket(this.#url, { headers: this.#opts.headers, handshakeTimeout: 10_000 });
    this.#ws = ws;
    let refusal: Fatal | null | undefined;
    let alive = true;
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body = (body + d).slice(0, 2000)));
      res.on('end', () => {
        refusal = this.#hooks.refused(res.statusCode ?? 0, body);
        ws.terminate();
      });
      res.on('error', () => ws.terminate());
    });
    ws.on('open', () => {
      this.#heartbeat = setInterval(() => {
        if (!alive) return ws.terminate();
        alive = false;
        ws.ping();
      }, this.#opts.heartbeatMs ?? 15_000);
      this.#heartbeat.unref?.();
    });
    ws.on('pong', () => (alive = true));
    ws.on('message', (data, isBinary) => {
      alive = true;
      if (!isBinary) this.#hooks.message(ws, data.toString());
    });
    ws.on('error', () => undefined); // a close follows; it decides
    ws.on('close', (code, reasonBuf) => {
      if (this.#heartbeat) clearInterval(this.#heartbeat);
      this.#heartbeat = null;
      if (this.#stopped || this.#ws !== ws) return;
      const reason = reasonBuf.toString();
      const fatal = refusal !== undefined ? refusal : this.#hooks.closed(code, reason);
      if (fatal) {
        this.#end(fatal);
        return;
      }
      const wait = this.#delay;
      this.#delay = Math.min(this.#delay * 2, this.#opts.backoff?.maxMs ?? 5_000);
      this.#opts.onEvent({ type: 'disconnected', reason: describeClose(code, reason, refusal), retryInMs: wait });
      this.#retry = setTimeout(() => this.#connect(), wait);
    });
  }
}

function describeClose(code: number, reason: string, refusal: Fatal | null | undefined): string {
  if (refusal === null) return 'the upgrade was refused';
  if (code === 1006) return 'connection lost';
  if (code === 1001) return reason || 'the server is stopping';
  return reason ? `${reason} (${code})` : `closed (${code})`;
}
