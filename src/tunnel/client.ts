// The watcher's end of an emulator tunnel: holds the WebSocket to `/_emulator/tunnels/<id>`, sending
// the API key of the account that opened the tunnel (coming
// back after drops and emulator restarts), forwards each delivery to the local target, and answers
// with the target's status. A delivery resent after a drop (same id) is answered from memory, never
// forwarded twice. Emits WatchEvents; prints nothing.
import { WebSocket } from 'ws';
import { TUNNEL_PATH_PREFIX, parseServerFrame, type DeliveryFrame, type ResultFrame } from '../api/tunnel.js';
import { summaryOf, type Fatal, type ForwardFn, type ForwardResult, type WatchListener } from './events.js';
import { ReconnectingSocket, type Backoff } from './socket.js';

/** Delivery ids remembered for answering resends. */
const REMEMBERED = 5_000;

export interface TunnelClientOptions {
  /** The emulator's base URL (http://127.0.0.1:4580). */
  baseUrl: string;
  /** Key of the account that opened the tunnel (sent as `Authorization: Bearer`). */
  apiKey: string | undefined;
  tunnelId: string;
  forward: ForwardFn;
  onEvent: WatchListener;
  backoff?: Backoff;
  heartbeatMs?: number;
}

export function tunnelSocketUrl(baseUrl: string, tunnelId: string): string {
  const u = new URL(baseUrl);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${TUNNEL_PATH_PREFIX}${encodeURIComponent(tunnelId)}`;
  u.search = '';
  return u.toString();
}

export class TunnelClient {
  readonly #opts: TunnelClientOptions;
  readonly #socket: ReconnectingSocket;
  readonly #answers = new Map<string, Promise<ForwardResult>>();
  #connections = 0;
  /** Deliveries still to come that the hello frame announced as queued. */
  #queuedLeft = 0;

  constructor(opts: TunnelClientOptions) {
    this.#opts = opts;
    this.#socket = new ReconnectingSocket(
      tunnelSocketUrl(opts.baseUrl, opts.tunnelId),
      {
        headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : undefined,
        backoff: opts.backoff,
        heartbeatMs: opts.heartbeatMs,
        onEvent: opts.onEvent,
      },
      {
        message: (ws, text) => this.#onFrame(ws, text),
        closed: (code, reason) => closedFatal(code, reason, opts.tunnelId),
        refused: (status) => {
          if (status === 404) {
            return {
              code: 'tunnel_gone',
              message: `the emulator has no tunnel ${opts.tunnelId} of this API key (it was reset, or restarted without its data file).`,
              hint: 'Run "inbox webhooks watch" again.',
            };
          }
          if (status === 401) {
            return {
              code: 'unauthorized',
              message: `the emulator refused the API key for tunnel ${opts.tunnelId}.`,
              hint: 'Use the key that opened the tunnel (--api-key or the profile), or run "inbox webhooks watch" again.',
            };
          }
          return null;
        },
      },
    );
  }

  /** Resolves when the client stopped on its own (with why), or with null after stop(). */
  get finished(): Promise<Fatal | null> {
    return this.#socket.finished;
  }

  start(): void {
    this.#socket.start();
  }

  stop(): Promise<void> {
    return this.#socket.stop();
  }

  #onFrame(ws: WebSocket, text: string): void {
    const frame = parseServerFrame(text);
    if (!frame) return;
    if (frame.type === 'hello') {
      this.#socket.connectedOk();
      this.#queuedLeft = frame.queued;
      this.#opts.onEvent({ type: 'connected', reconnected: this.#connections++ > 0, queued: frame.queued });
    } else if (frame.type === 'delivery') {
      this.#onDelivery(ws, frame);
    } else if (frame.type === 'settled') {
      this.#opts.onEvent({ type: 'settled', id: frame.id, ok: frame.ok, failureCount: frame.failureCount, disabled: frame.disabled });
    }
  }

  #onDelivery(ws: WebSocket, frame: DeliveryFrame): void {
    const queued = this.#queuedLeft > 0;
    if (queued) this.#queuedLeft--;
    let answer = this.#answers.get(frame.id);
    if (!answer) {
      const time = Date.now();
      answer = this.#opts.forward(frame.headers, frame.body);
      this.#remember(frame.id, answer);
      const s = summaryOf(frame.body);
      void answer.then((r) =>
        this.#opts.onEvent({
          type: 'delivery',
          delivery: {
            id: frame.id,
            time,
            inbox: frame.inbox || s.inbox,
            messageId: frame.messageId || s.messageId,
            subject: s.subject,
            otp: s.otp,
            status: r.status,
            ok: r.status !== null && r.status >= 200 && r.status < 300,
            ...(r.error ? { error: r.error } : {}),
            latencyMs: r.latencyMs,
            queued,
          },
        }),
      );
    }
    void answer.then((r) => {
      if (ws.readyState !== WebSocket.OPEN) return; // the emulator resends it on the next connection
      const result: ResultFrame = { type: 'result', id: frame.id, status: r.status, latencyMs: r.latencyMs, ...(r.error ? { error: r.error } : {}) };
      ws.send(JSON.stringify(result));
    });
  }

  #remember(id: string, answer: Promise<ForwardResult>): void {
    this.#answers.set(id, answer);
    if (this.#answers.size > REMEMBERED) this.#answers.delete(this.#answers.keys().next().value!);
  }
}

function closedFatal(code: number, reason: string, tunnelId: string): Fatal | null {
  if (code === 4001) {
    return { code: 'tunnel_taken_over', message: `another watcher connected to tunnel ${tunnelId}.`, hint: 'Only one watcher per tunnel; stop the other one.' };
  }
  if (code === 4404 || (code === 1000 && reason === 'tunnel removed')) {
    return { code: 'tunnel_gone', message: `tunnel ${tunnelId} was closed on the emulator.`, hint: 'Run "inbox webhooks watch" again.' };
  }
  return null;
}
