// Inbox registration, listing and removal, and test runs (POST /v1/inboxes/{inbox}/tests).
import type { Context, Hono } from 'hono';
import type { Responses } from '../../../src/api/schemas.js';
import { isoTime } from '../../core/clock.js';
import { apiRoute, type HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';

/** A POST with no body at all reads as `{}` (the official SDKs send `{}`, but a bare POST is fine too). */
export async function bodyOrEmpty(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
  const length = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding');
  if (c.req.raw.body === null || (length === '0' && !chunked)) return {};
  return readJsonObject(c, maxBytes);
}

export function inboxRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;

  apiRoute(app, deps, 'registerInbox', async (c, account) => {
    // `isTesting`, which the official SDKs may add, changes nothing here.
    const body = await readJsonObject(c, core.settings.maxBodyBytes);
    const { created, rec } = core.inboxes.register(account, body.inbox);
    if (!created) {
      const res: Responses['registerInboxExisting'] = {
        success: true,
        message: `Inbox ${rec.inbox} is already registered.`,
        inbox: rec.inbox,
      };
      return c.json(res, 200);
    }
    // The API document's `data` and, for the official clients, `message` and `inbox` at the top.
    const res: Responses['registerInbox'] = {
      success: true,
      message: `Inbox ${rec.inbox} registered.`,
      inbox: rec.inbox,
      data: { inbox: rec.inbox, registered_at: isoTime(rec.registeredAt) },
    };
    return c.json(res, 201);
  });

  apiRoute(app, deps, 'listInboxes', (c, account) => {
    const data = core.inboxes.ofAccount(account).map((r) => ({
      inbox: r.inbox,
      local: r.local,
      domain: r.domain,
      registered_at: isoTime(r.registeredAt),
    }));
    const body: Responses['listInboxes'] = {
      success: true,
      count: data.length,
      data,
      api_inboxes: data,
      api_inbox_count: data.length,
      app_inboxes: [],
      app_inbox_count: 0,
    };
    return c.json(body);
  });

  // 200 whatever the address: only the caller's own registration is removed; the mail stays stored.
  apiRoute(app, deps, 'removeInbox', (c, account) => {
    const param = c.req.param('inbox')!;
    const rec = core.inboxes.remove(account, param);
    const name = rec?.inbox ?? param.trim().toLowerCase().slice(0, 320);
    const body: Responses['removeInbox'] = {
      success: true,
      message: rec ? `Inbox ${name} unregistered.` : `Inbox ${name} is not registered on your account; nothing to remove.`,
    };
    return c.json(body);
  });

  apiRoute(app, deps, 'startTest', async (c, account) => {
    const rec = core.inboxes.owned(account, c.req.param('inbox')!);
    const body = await bodyOrEmpty(c, core.settings.maxBodyBytes);
    const run = core.tests.start(rec, body.test_id);
    const res: Responses['startTest'] = {
      success: true,
      message: `Test ${run.id} started on ${rec.inbox}; read its events with GET /v1/inboxes/${rec.inbox}/timeline?test_id=${run.id}.`,
      test_id: run.id,
      inbox: rec.inbox,
      started_at: isoTime(run.startedAt),
    };
    return c.json(res, 201);
  });
}
