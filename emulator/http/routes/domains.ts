// Platform domains and custom domains.
import type { Hono } from 'hono';
import type { Responses } from '../../../src/api/schemas.js';
import { ApiError } from '../../core/errors.js';
import { apiRoute, type HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';

export function domainRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;

  apiRoute(app, deps, 'listDomains', (c, account) => {
    const data = core.domains.platform(account).map((d) => core.domains.listed(d));
    const pro = core.settings.plans[account.plan].customDomains;
    const body: Responses['listDomains'] = {
      success: true,
      data,
      count: data.length,
      note: pro
        ? 'Free and pro platform domains, plus any custom domain you verify.'
        : 'Free platform domains. Pro domains and custom domains need the growth plan or above.',
    };
    return c.json(body);
  });

  // Every platform domain, pro ones included whatever the plan, with where its registration stands.
  apiRoute(app, deps, 'listAllDomains', (c) => {
    const data = core.domains.allPlatform().map((d) => core.domains.listed(d));
    const body: Responses['listAllDomains'] = { success: true, data, count: data.length };
    return c.json(body);
  });

  apiRoute(app, deps, 'addCustomDomain', async (c, account) => {
    core.domains.requirePlan(account);
    const body = await readJsonObject(c, core.settings.maxBodyBytes);
    const { created, data } = core.domains.add(account, body.domain);
    const res: Responses['addCustomDomain'] = {
      success: true,
      message: created ? `Domain ${data.domain} added. Create the DNS records, then verify.` : `Domain ${data.domain} is already on your account.`,
      data,
    };
    return c.json(res, created ? 201 : 200);
  });

  apiRoute(app, deps, 'listCustomDomains', (c, account) => {
    core.domains.requirePlan(account);
    const data = core.domains.ofAccount(account).map((d) => core.domains.view(account, d));
    const body: Responses['listCustomDomains'] = { success: true, count: data.length, data };
    return c.json(body);
  });

  apiRoute(app, deps, 'verifyCustomDomain', async (c, account) => {
    try {
      const { already, rec } = await core.domains.verify(account, c.req.param('domain')!);
      const view = core.domains.view(account, rec);
      const body: Responses['verifyCustomDomain'] = already
        ? { success: true, verified: true, message: `${rec.domain} is already verified.` }
        : {
            success: true,
            verified: true,
            message: `${rec.domain} is verified; you can now register inboxes at it.`,
            data: { domain: view.domain, verified: view.verified, mx_record: view.mx_record, txt_record: view.txt_record },
          };
      return c.json(body);
    } catch (e) {
      if (e instanceof ApiError || !(e instanceof Error)) throw e;
      // A DNS failure other than "no records" (resolver unreachable with --dns system).
      throw new ApiError('service_unavailable', `DNS lookup failed: ${e.message}`, { hint: 'Check the network or use --dns simulated.' });
    }
  });

  apiRoute(app, deps, 'removeCustomDomain', (c, account) => {
    const rec = core.domains.remove(account, c.req.param('domain')!);
    const gone = core.inboxes.removeAtDomain(account, rec.domain);
    const body: Responses['removeCustomDomain'] = {
      success: true,
      message: `Domain ${rec.domain} removed.`,
      inboxes_removed: gone.map((r) => r.inbox),
    };
    return c.json(body);
  });
}
