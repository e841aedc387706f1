// The webhook tunnel's transport (emulator-only, under the control surface). Unlike the rest of the
// control surface every route needs an API key (`Authorization: Bearer <key>` or `?api_key=`), and a
// tunnel is seen only with the key of the account that opened it: its deliveries carry that
// account's mail and webhook secret. Nothing is charged.
//   POST   /_emulator/tunnels        open a tunnel of the key's account: {id, url}; register `url` as a webhook
//   GET    /_emulator/tunnels        the key's tunnels, whether a watcher is connected, what is queued, when it expires
//   GET    /_emulator/tunnels/{id}   WebSocket (the watcher's connection), or the tunnel as JSON
//   DELETE /_emulator/tunnels/{id}   close it: its webhooks and queued deliveries go too
// A tunnel with no watcher for 24 h (settings.tunnelExpiryMs) has expired and answers as unknown (404).
// Frames are those of src/api/tunnel.ts; the logic is in core/delivery/tunnel.ts and core/delivery/dispatcher.ts.
import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { isoTime } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import type { TunnelLink } from '../core/delivery/tunnel.js';
import { apiKeyOf, type HttpDeps } from './api-route.js';
import { errorResponse, toApiError } from './respond.js';
import { originAllowed, sendOrCut } from './ws.js';

export function tunnelRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;
  /** The account of the request's key (401 without one, 401 for an unknown one). */
  const account = (c: Context) => core.accounts.authenticate(apiKeyOf(c));

  const view = (id: string) => {
    const rec = core.tunnels.get(id);
    if (!rec) return null;
    const connected = core.tunnels.isConnected(rec.id);
    return {
      id: rec.id,
      url: rec.url,
      createdAt: isoTime(rec.createdAt),
      connected,
      lastSeenAt: rec.lastSeenAt === undefined ? null : isoTime(rec.lastSeenAt),
      // While a watcher is connected the tunnel does not expire.
      expiresAt: connected ? null : isoTime(core.tunnels.idleSince(rec) + core.settings.tunnelExpiryMs),
      queued: core.tunnels.queued(rec.id),
      webhooks: core.store.main.data.webhooks.filter((w) => w.tunnelId === rec.id).map((w) => w.id),
    };
  };

  app.post('/_emulator/tunnels', async (c) => {
    const rec = core.tunnels.create(account(c));
    await core.commit();
    return c.json({ success: true, data: view(rec.id) }, 201);
  });

  app.get('/_emulator/tunnels', (c) => {
    const data = core.tunnels.ofAccount(account(c)).map((t) => view(t.id));
    return c.json({ success: true, count: data.length, data });
  });

  app.get(
    '/_emulator/tunnels/:id',
    async (c, next) => {
      try {
        core.tunnels.owned(account(c), c.req.param('id'));
      } catch (e) {
        return errorResponse(c, toApiError(e));
      }
      const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
      if (!originAllowed(c.req.header('origin'), { address: socket?.localAddress, port: socket?.localPort })) {
        return errorResponse(c, new ApiError('forbidden_origin', 'Tunnel connections from web pages of other origins are refused.'));
      }
      await next();
    },
    upgradeWebSocket((c) => {
      const id = c.req.param('id')!;
      let handlers: { message(text: string): void; closed(): void } | null = null;
      return {
        onOpen(_event, ws) {
          const link: TunnelLink = {
            send: (frame) => {
              // A watcher that stopped reading is cut; its deliveries stay queued for the next one.
              if (!sendOrCut(ws, JSON.stringify(frame), core.settings.maxWsBufferedBytes)) throw new Error('the watcher is not reading');
            },
            close: (code, reason) => ws.close(code, reason),
          };
          try {
            handlers = core.tunnels.attach(id, link);
          } catch {
            ws.close(4404, 'no such tunnel');
          }
        },
        onMessage(event) {
          if (typeof event.data === 'string') handlers?.message(event.data);
        },
        onClose() {
          handlers?.closed();
          handlers = null;
        },
      };
    }),
    (c) => c.json({ success: true, data: view(c.req.param('id')) }),
  );

  app.delete('/_emulator/tunnels/:id', async (c) => {
    const id = core.tunnels.owned(account(c), c.req.param('id')!).id;
    core.tunnels.remove(id);
    const hooks = core.webhooks.removeForTunnel(id);
    const dropped = core.deliveries.dropTunnel(id);
    await Promise.all([core.commit(), core.deliveries.commit()]);
    return c.json({
      success: true,
      message: `Tunnel ${id} closed.`,
      webhooks_removed: hooks.map((w) => w.id),
      deliveries_dropped: dropped,
    });
  });
}
