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
    const inboxes = core.inboxes.ofAccount(account).map((r) => r.inbox);
    const domains = core.domains.ofAccount(account).map((d) => {
      const v = core.domains.view(account, d);
      return { domain: v.domain, verified: v.verified, mx_record: v.mx_record, txt_record: v.txt_record };
    });
    const body: Responses['me'] = {
      success: true,
      data: {
        plan: account.plan,
        plan_label: plan.label,
        price: plan.price,
        credits: account.credits,
        rate_limits: { requestsPerSecond: core.accounts.perSecond(account), requestsPerMonth: core.accounts.perMonth(account) },
        features: {
          otpExtraction: plan.otp,
          attachments: plan.attachments,
          maxAttachmentSizeMb: plan.maxAttachmentMb,
          customDomains: plan.customDomains,
          websocket: plan.websocket,
          maxWsConnections: plan.maxWebsocketConnections,
          webhooks: plan.webhooks,
          wait: plan.wait,
        },
        // The hosted service also counts inboxes made in its web app; the emulator has no web app.
        app_inboxes: [],
        api_inboxes: inboxes,
        app_inbox_count: 0,
        api_inbox_count: inboxes.length,
        inbox_limit: plan.maxInboxes,
        custom_domains: domains,
        custom_domain_count: domains.length,
        retention: { ...plan.retention },
      },
    };
    return c.json(body);
  });

  apiRoute(app, deps, 'usage', (c, account) => {
    const s = core.accounts.state(account);
    const used = account.usage.used;
    const body: Responses['usage'] = {
      success: true,
      data: {
        plan: account.plan,
        requests_used: used,
        requests_limit: s.limitMonth,
        requests_remaining: s.remainingMonth,
        credits_remaining: account.credits,
        percent_used: percentText(used, s.limitMonth),
        period: account.usage.period,
        resets: isoTime(nextMonthStart(core.clock.now())),
      },
    };
    return c.json(body);
  });
}

/** "12.3%": the share of the monthly quota used, one decimal (past 100% once credits are spent). */
export function percentText(used: number, limit: number): string {
  if (limit <= 0) return used > 0 ? '100.0%' : '0.0%';
  return `${((used / limit) * 100).toFixed(1)}%`;
}
