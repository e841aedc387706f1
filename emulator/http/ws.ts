// GET /v1/ws: the WebSocket push channel over core.push. The handshake is checked here (a browser
// page of another origin is refused before the upgrade; auth and the handshake's request unit come
// next), everything else happens in the core once the socket is open. docs/websocket.md.
import type { IncomingMessage } from 'node:http';
import type { Hono } from 'hono';
import type { WSContext } from 'hono/ws';
import { upgradeWebSocket, type WebSocketLike } from '@hono/node-server';
import type { WebSocket, WebSocketServer } from 'ws';
import { ROUTES } from '../../src/api/routes.js';
import { ApiError } from '../core/errors.js';
import { WS_CLOSE } from '../../src/api/push.js';
import { refuse as refuseSink, type PushSink, type Subscription } from '../core/delivery/push.js';
import type { AccountRecord } from '../core/state.js';
import { authorize, type HttpDeps } from './api-route.js';
import { errorHeaders, errorResponse, limitHeaders, toApiError } from './respond.js';
import { wsFault } from './faults.js';

/** Largest client frame accepted; bigger ones close the connection with 1009 (set on the server). */
export const WS_MAX_PAYLOAD = 64 * 1024;

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
const OPEN = 1;

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Whether an `Origin` header may open a socket: absent (not a browser) or the emulator itself, i.e.
 * http on the emulator's port at a loopback name or the very address the connection came in on.
 * Other host names are refused even when they resolve here (DNS rebinding).
 */
export function originAllowed(origin: string | undefined, local: { address?: string; port?: number }): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || local.port === undefined) return false;
  const port = url.port === '' ? 80 : Number(url.port);
  if (port !== local.port) return false;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host)) return true;
  const address = local.address?.replace(/^::ffff:/, '');
  return address !== undefined && unbracket(host) === address;
}

/**
 * Sends a text frame unless the client has stopped reading: once more than `limit` bytes wait in
 * the socket's queue, the connection is cut instead (a close frame would wait behind the rest), so a
 * client that never reads costs at most about `limit` bytes. Returns whether the frame was queued.
 */
export function sendOrCut(ws: WSContext<WebSocketLike>, text: string, limit: number): boolean {
  if (ws.readyState !== OPEN) return false;
  const raw = ws.raw as (WebSocketLike & { bufferedAmount?: number; terminate?: () => void }) | undefined;
  if ((raw?.bufferedAmount ?? 0) + Buffer.byteLength(text) > limit) {
    if (raw?.terminate) raw.terminate();
    else ws.close(WS_CLOSE.policy, 'client too slow: too much unread data');
    return false;
  }
  ws.send(text);
  return true;
}

function sinkOf(ws: WSContext<WebSocketLike>, limit = Number.POSITIVE_INFINITY): PushSink {
  return {
    isOpen: () => ws.readyState === OPEN,
    send: (text) => void sendOrCut(ws, text, limit),
    close: (code, reason) => ws.close(code, reason),
  };
}

function refuse(ws: WSContext<WebSocketLike>, err: ApiError): void {
  refuseSink(sinkOf(ws), err);
}

export function wsRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;
  app.get(ROUTES.websocket.path, async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      return errorResponse(
        c,
        new ApiError('upgrade_required', 'GET /v1/ws is a WebSocket endpoint; connect with a WebSocket client.', {
          hint: 'ws://<emulator host>/v1/ws?api_key=<key>&mailbox=<inbox> (mailbox optional).',
        }),
        { Upgrade: 'websocket' },
      );
    }
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    if (!originAllowed(c.req.header('origin'), { address: socket?.localAddress, port: socket?.localPort })) {
      return errorResponse(
        c,
        new ApiError('forbidden_origin', 'WebSocket connections from web pages of other origins are refused.', {
          hint: 'Connect from a non-browser client, or from a page served by the emulator itself.',
        }),
      );
    }

    // Auth, then the handshake's request unit; a refusal closes the opened socket with 1008 and the
    // message as the reason (core/delivery/push.ts, refuse).
    let refusal: ApiError | null = null;
    let account: AccountRecord | null = null;
    let headers: Record<string, string> = {};
    try {
      const r = authorize(core, c, ROUTES.websocket.cost);
      account = r.account;
      headers = limitHeaders(r.limits);
    } catch (e) {
      refusal = toApiError(e);
      if (refusal.code === 'internal_error') deps.onBug(e);
      headers = errorHeaders(c, refusal);
    }
    const mailboxes = c.req.queries('mailbox') ?? null;

    let sub: Subscription | null = null;
    const res = await upgradeWebSocket(
      c,
      {
        onOpen(_evt, ws) {
          if (refusal || !account) return refuse(ws, refusal ?? new ApiError('unauthorized', 'Missing API key.'));
          try {
            sub = core.push.open(account, mailboxes, sinkOf(ws, core.settings.maxWsBufferedBytes));
            // A fault rule may close it (faults.ts), at once or a while after the connected frame.
            const fault = wsFault(deps.faults, account, sub.inboxes);
            if (fault) setTimeout(() => ws.close(fault.code, fault.reason), fault.delayMs).unref();
          } catch (e) {
            const err = toApiError(e);
            if (err.code === 'internal_error') deps.onBug(e);
            refuse(ws, err);
          }
        },
        onMessage(evt, ws) {
          if (!sub) return;
          const reply = core.push.reply(typeof evt.data === 'string' ? evt.data : null);
          sendOrCut(ws, JSON.stringify(reply), core.settings.maxWsBufferedBytes);
        },
        onClose() {
          sub?.close();
          sub = null;
        },
      },
      { onError: deps.onBug },
    );
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  });
}

/**
 * Emulator shutdown: every push connection gets a 1001 close frame, then sockets that have not
 * finished the closing handshake within `graceMs` are cut.
 */
export async function closePushConnections(deps: Pick<HttpDeps, 'core'>, wss: WebSocketServer, graceMs = 1000): Promise<void> {
  deps.core.push.closeAll();
  const clients = [...wss.clients] as WebSocket[];
  for (const ws of clients) if (ws.readyState === OPEN) ws.close(WS_CLOSE.goingAway, 'emulator shutting down');
  await new Promise<void>((resolve) => {
    let left = clients.filter((ws) => ws.readyState !== 3).length;
    if (left === 0) return resolve();
    const timer = setTimeout(resolve, graceMs);
    for (const ws of clients) {
      ws.once('close', () => {
        if (--left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
  for (const ws of wss.clients) ws.terminate();
}
