// Inbox registration, listing and removal.
import type { Hono } from 'hono';
import type { Responses } from '../../../src/api/schemas.js';
import { isoTime } from '../../core/clock.js';
import { apiRoute, type HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';

export function inboxRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;

  apiRoute(app, deps, 'registerInbox', async (c, account) => {
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
    const res: Responses['registerInbox'] = {
      success: true,
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
    const body: Responses['listInboxes'] = { success: true, count: data.length, data };
    return c.json(body);
  });

  apiRoute(app, deps, 'removeInbox', (c, account) => {
    const rec = core.inboxes.remove(account, c.req.param('inbox')!);
    const body: Responses['removeInbox'] = { success: true, message: `Inbox ${rec.inbox} removed.` };
    return c.json(body);
  });
}
