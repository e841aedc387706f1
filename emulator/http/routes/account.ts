// GET /v1/plans (no key), /v1/me, /v1/usage.
import type { Hono } from 'hono';
import { PLAN_NAMES } from '../../../src/api/plans.js';
import type { Responses } from '../../../src/api/schemas.js';
import { isoTime, nextMonthStart } from '../../core/clock.js';
import { apiRoute, type HttpDeps } from '../api-route.js';

export function accountRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;

  app.get('/v1/plans', (c) => {
    const data = PLAN_NAMES.map((n) => core.settings.plans[n]);
    const body: Responses['plans'] = { success: true, data, count: data.length };
    return c.json(body);
  });

  apiRoute(app, deps, 'me', (c, account) => {
    const plan = core.accounts.plan(account);
    const body: Responses['me'] = {
      success: true,
      data: {
        plan: account.plan,
        credits: account.credits,
        rate_limits: { per_second: core.accounts.perSecond(account), per_month: core.accounts.perMonth(account) },
        features: {
          otp: plan.otp,
          custom_domains: plan.customDomains,
          webhooks: plan.webhooks,
          wait: plan.wait,
          websocket: plan.websocket,
          max_websocket_connections: plan.maxWebsocketConnections,
          attachments: plan.attachments,
          max_attachment_mb: plan.maxAttachmentMb,
          retention_messages: plan.retention.messagesPerInbox,
          retention_hours: plan.retention.maxAgeHours,
        },
        inbox_count: core.inboxes.ofAccount(account).length,
        inbox_limit: plan.maxInboxes,
        custom_domain_count: core.domains.ofAccount(account).length,
      },
    };
    return c.json(body);
  });

  apiRoute(app, deps, 'usage', (c, account) => {
    const s = core.accounts.state(account);
    const body: Responses['usage'] = {
      success: true,
      data: {
        plan: account.plan,
        requests_used: account.usage.used,
        requests_limit: s.limitMonth,
        requests_remaining: s.remainingMonth,
        credits_remaining: account.credits,
        period: account.usage.period,
        resets_at: isoTime(nextMonthStart(core.clock.now())),
      },
    };
    return c.json(body);
  });
}
