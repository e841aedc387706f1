// Webhook subscriptions: POST /v1/webhooks, GET /v1/webhooks, DELETE /v1/webhooks/{id}.
import type { Context, Hono } from 'hono';
import type { Responses } from '../../../src/api/schemas.js';
import { isoTime } from '../../core/clock.js';
import { apiRoute, type HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';

/** A POST with no body at all reads as `{}`, so it gets 400 `missing_fields` like the hosted API. */
async function bodyOrEmpty(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
  const length = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding');
  if (c.req.raw.body === null || (length === '0' && !chunked)) return {};
  return readJsonObject(c, maxBytes);
}

export function webhookRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;

  apiRoute(app, deps, 'addWebhook', async (c, account) => {
    core.webhooks.requirePlan(account);
    const body = await bodyOrEmpty(c, core.settings.maxBodyBytes);
    const rec = core.webhooks.create(account, body);
    const res: Responses['addWebhook'] = { success: true, id: rec.id, inbox: rec.inbox, url: rec.url, secret: rec.secret };
    return c.json(res, 201);
  });

  apiRoute(app, deps, 'listWebhooks', (c, account) => {
    const data = core.webhooks.ofAccount(account).map((w) => ({
      _id: w.id,
      inbox: w.inbox,
      url: w.url,
      createdAt: isoTime(w.createdAt),
      failureCount: w.failureCount,
    }));
    const res: Responses['listWebhooks'] = { success: true, count: data.length, data };
    return c.json(res);
  });

  apiRoute(app, deps, 'removeWebhook', (c, account) => {
    const rec = core.webhooks.remove(account, c.req.param('id')!);
    const res: Responses['removeWebhook'] = { success: true, message: `Webhook ${rec.id} unregistered.` };
    return c.json(res);
  });
}
