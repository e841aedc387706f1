// The webhook tunnel's wire protocol: JSON text frames over a WebSocket between the emulator
// (`/_emulator/tunnels/<id>`) and `inbox webhooks watch`. Shared by both sides; no imports, no I/O.
//
// emulator -> watcher
//   hello     once per connection: the tunnel, its public URL, how many deliveries are queued
//   delivery  one webhook POST to make: the exact body text and headers the emulator would send
//   settled   how the emulator counted a delivery (ok, failureCount, disabled), after the result
// watcher -> emulator
//   result    the local target's answer for a delivery id (status null: no answer, see error)
//
// A delivery stays queued on the emulator until its result arrives (or its 10 s window ends); if the
// connection drops first it is sent again on the next connection with the same id. The watcher
// therefore remembers the ids it has forwarded and answers a repeat from memory.

export const TUNNEL_PATH_PREFIX = '/_emulator/tunnels/';

export interface HelloFrame {
  type: 'hello';
  tunnel: string;
  url: string;
  /** Deliveries waiting for this connection (queued while no watcher was connected). */
  queued: number;
}

export interface DeliveryFrame {
  type: 'delivery';
  /** Delivery id; the same on a resend after a reconnect. */
  id: string;
  webhookId: string;
  inbox: string;
  messageId: string;
  /** The tunnel URL the webhook is registered with. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body text, byte for byte what a public receiver would get. */
  body: string;
  /** Emulator time (ms) when the delivery was created from the new message. */
  createdAt: number;
}

export interface SettledFrame {
  type: 'settled';
  id: string;
  ok: boolean;
  status: number | null;
  error?: string;
  failureCount: number;
  disabled: boolean;
}

export interface ResultFrame {
  type: 'result';
  id: string;
  status: number | null;
  error?: string;
  latencyMs: number;
}

export type TunnelServerFrame = HelloFrame | DeliveryFrame | SettledFrame;
export type TunnelClientFrame = ResultFrame;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A frame from the emulator, or null when the text is not one (ignored by the watcher). */
export function parseServerFrame(text: string): TunnelServerFrame | null {
  const v = parseJson(text);
  if (!isObject(v)) return null;
  if (v.type === 'hello' && typeof v.tunnel === 'string' && typeof v.url === 'string') {
    return { type: 'hello', tunnel: v.tunnel, url: v.url, queued: typeof v.queued === 'number' ? v.queued : 0 };
  }
  if (
    v.type === 'delivery' &&
    typeof v.id === 'string' &&
    typeof v.body === 'string' &&
    isObject(v.headers) &&
    Object.values(v.headers).every((h) => typeof h === 'string')
  ) {
    return {
      type: 'delivery',
      id: v.id,
      webhookId: String(v.webhookId ?? ''),
      inbox: String(v.inbox ?? ''),
      messageId: String(v.messageId ?? ''),
      url: String(v.url ?? ''),
      headers: v.headers as Record<string, string>,
      body: v.body,
      createdAt: typeof v.createdAt === 'number' ? v.createdAt : 0,
    };
  }
  if (v.type === 'settled' && typeof v.id === 'string' && typeof v.ok === 'boolean') {
    return {
      type: 'settled',
      id: v.id,
      ok: v.ok,
      status: typeof v.status === 'number' ? v.status : null,
      ...(typeof v.error === 'string' ? { error: v.error } : {}),
      failureCount: typeof v.failureCount === 'number' ? v.failureCount : 0,
      disabled: v.disabled === true,
    };
  }
  return null;
}

/** A frame from the watcher, or null when the text is not one. */
export function parseClientFrame(text: string): TunnelClientFrame | null {
  const v = parseJson(text);
  if (!isObject(v) || v.type !== 'result' || typeof v.id !== 'string') return null;
  const status = typeof v.status === 'number' && Number.isInteger(v.status) && v.status >= 100 && v.status <= 999 ? v.status : null;
  return {
    type: 'result',
    id: v.id,
    status,
    ...(typeof v.error === 'string' ? { error: v.error.slice(0, 500) } : {}),
    latencyMs: typeof v.latencyMs === 'number' && v.latencyMs >= 0 ? v.latencyMs : 0,
  };
}
