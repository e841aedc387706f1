// What `inbox webhooks watch` reports while it runs. The engine (tunnel client, push forwarder,
// watch service) only emits these; src/ui/watch-*.ts render them (Ink, plain lines or NDJSON).

export interface ForwardResult {
  /** The local target's status; null when it did not answer (error says why). */
  status: number | null;
  error?: string;
  latencyMs: number;
}

/** POSTs one delivery to the local target with exactly these headers and body. */
export type ForwardFn = (headers: Record<string, string>, body: string) => Promise<ForwardResult>;

export interface ForwardedDelivery {
  /** Delivery id (tunnel) or message id (push). */
  id: string;
  /** Local wall-clock time of the forward (ms). */
  time: number;
  inbox: string;
  messageId: string;
  subject: string;
  otp: string | null;
  status: number | null;
  ok: boolean;
  error?: string;
  latencyMs: number;
  /** Made while the watcher was away and handed over when it (re)connected. */
  queued: boolean;
}

export interface Fatal {
  code: string;
  message: string;
  hint?: string;
}

export type WatchEvent =
  | {
      type: 'ready';
      mode: 'tunnel' | 'push';
      inbox: string;
      forwardTo: string;
      /** The tunnel URL registered as the webhook (tunnel mode). */
      url?: string;
      webhookId?: string;
      /** Sent as X-Webhook-Secret with each forwarded delivery. */
      secret: string;
      /** The tunnel is one an earlier run left open (it was killed): what was queued for it follows. */
      resumed?: boolean;
    }
  | { type: 'connected'; reconnected: boolean; queued: number }
  | { type: 'disconnected'; reason: string; retryInMs: number }
  | { type: 'delivery'; delivery: ForwardedDelivery }
  | { type: 'settled'; id: string; ok: boolean; failureCount: number; disabled: boolean }
  | { type: 'fatal'; fatal: Fatal };

export type WatchListener = (e: WatchEvent) => void;

/** Subject, mailbox, message id and code of a `new_mail` body, as far as it can be read. */
export function summaryOf(body: string): { subject: string; inbox: string; messageId: string; otp: string | null } {
  try {
    const v = JSON.parse(body) as Record<string, unknown>;
    return {
      subject: typeof v.subject === 'string' ? v.subject : '',
      inbox: typeof v.mailbox === 'string' ? v.mailbox : '',
      messageId: typeof v.id === 'string' ? v.id : '',
      otp: typeof v.otp === 'string' ? v.otp : null,
    };
  } catch {
    return { subject: '', inbox: '', messageId: '', otp: null };
  }
}
