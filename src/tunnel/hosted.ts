// `inbox webhooks watch` against the hosted service, which has no tunnel: new mail arrives over the
// WebSocket push channel (`/v1/ws?mailbox=<inbox>`) and each `new_mail` frame is forwarded to the local
// target in the webhook format (the same body fields and headers a webhook delivery has). Costs are
// those of push frames (1, or 2 with an OTP), not of webhook deliveries; mail that arrives while the
// connection is down is not replayed (the push channel has no replay).
import { WebSocket } from 'ws';
import { summaryOf, type Fatal, type ForwardFn, type WatchListener } from './events.js';
import { ReconnectingSocket, type Backoff } from './socket.js';

const WEBHOOK_FIELDS = ['type', 'mailbox', 'plan', 'id', 'from', 'to', 'subject', 'date', 'hasAttachment', 'otp', 'verificationLink'] as const;
const REMEMBERED = 5_000;

export interface PushForwarderOptions {
  baseUrl: string;
  apiKey: string | undefined;
  inbox: string;
  /** Sent as X-Webhook-Secret (the hosted push channel has no webhook secret of its own). */
  secret: string;
  forward: ForwardFn;
  onEvent: WatchListener;
  backoff?: Backoff;
  heartbeatMs?: number;
}

export function pushSocketUrl(baseUrl: string, inbox: string): string {
  const u = new URL(baseUrl);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/ws`;
  u.search = '';
  u.searchParams.set('mailbox', inbox);
  return u.toString();
}

/** A `new_mail` push frame as the webhook body: the webhook's fields in its order, nothing else. */
export function webhookBodyFromFrame(frame: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const k of WEBHOOK_FIELDS) out[k] = frame[k] === undefined && (k === 'otp' || k === 'verificationLink') ? null : frame[k];
  return JSON.stringify(out);
}

function errorOf(body: string): { code?: string; message?: string } {
  try {
    const v = JSON.parse(body) as { error?: unknown; code?: unknown; message?: unknown };
    const code = typeof v.error === 'string' ? v.error : typeof v.code === 'string' ? v.code : undefined;
    return { code, message: typeof v.message === 'string' ? v.message : undefined };
  } catch {
    return {};
  }
}

export class PushForwarder {
  readonly #opts: PushForwarderOptions;
  readonly #socket: ReconnectingSocket;
  readonly #seen = new Set<string>();
  #lastError: { code?: string; message?: string } | null = null;
  #connections = 0;

  constructor(opts: PushForwarderOptions) {
    this.#opts = opts;
    this.#socket = new ReconnectingSocket(
      pushSocketUrl(opts.baseUrl, opts.inbox),
      {
        headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
        backoff: opts.backoff,
        heartbeatMs: opts.heartbeatMs,
        onEvent: opts.onEvent,
      },
      {
        message: (ws, text) => this.#onFrame(ws, text),
        closed: (code, reason) => (code === 1008 ? this.#refusal(this.#lastError ?? { message: reason }) : null),
        refused: (status, body) => (status >= 400 && status < 500 ? this.#refusal({ ...errorOf(body), status }) : null),
      },
    );
  }

  get finished(): Promise<Fatal | null> {
    return this.#socket.finished;
  }

  start(): void {
    this.#socket.start();
  }

  stop(): Promise<void> {
    return this.#socket.stop();
  }

  #refusal(e: { code?: string; message?: string; status?: number }): Fatal {
    const code = e.code ?? (e.status ? `http_${e.status}` : 'push_refused');
    return {
      code,
      message: `the push channel refused the connection: ${e.message ?? code}`,
      hint:
        code === 'plan_required'
          ? 'WebSocket push needs the startup plan or above.'
          : code === 'inbox_not_owned'
            ? 'Register the inbox first: inbox inboxes register <address>.'
            : 'Check the API key (--api-key, INBOX_API_KEY) and the inbox.',
    };
  }

  #onFrame(_ws: WebSocket, text: string): void {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (frame.type === 'connected') {
      this.#socket.connectedOk();
      this.#opts.onEvent({ type: 'connected', reconnected: this.#connections++ > 0, queued: 0 });
    } else if (frame.type === 'error') {
      this.#lastError = { code: String(frame.code ?? ''), message: String(frame.message ?? '') };
    } else if (frame.type === 'new_mail' && typeof frame.id === 'string') {
      if (this.#seen.has(frame.id)) return;
      this.#seen.add(frame.id);
      if (this.#seen.size > REMEMBERED) this.#seen.delete(this.#seen.values().next().value!);
      void this.#deliver(frame.id, webhookBodyFromFrame(frame));
    }
  }

  async #deliver(id: string, body: string): Promise<void> {
    const time = Date.now();
    const headers = { 'Content-Type': 'application/json', 'X-Webhook-Secret': this.#opts.secret, 'User-Agent': 'inbox-webhooks-watch/1' };
    const r = await this.#opts.forward(headers, body);
    const s = summaryOf(body);
    this.#opts.onEvent({
      type: 'delivery',
      delivery: {
        id,
        time,
        inbox: s.inbox || this.#opts.inbox,
        messageId: id,
        subject: s.subject,
        otp: s.otp,
        status: r.status,
        ok: r.status !== null && r.status >= 200 && r.status < 300,
        ...(r.error ? { error: r.error } : {}),
        latencyMs: r.latencyMs,
        queued: false,
      },
    });
  }
}
