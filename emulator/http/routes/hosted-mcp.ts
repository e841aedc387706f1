// The hosted service's MCP layer under /v1/mcp (src/api/mcp.ts), answered as the hosted server answers
// it, so its official MCP server (fce-mcp-server) works against the emulator unchanged: each request
// is authenticated and charged the limiter's 1 unit, then meets the plan gate (growth and up) and the
// per-minute operations cap (core/mcp/hosted-mcp.ts), then its route, which adds the rest of its cost
// (create-and-wait-otp and watch-email before anything else, the inbox routes once the inbox is found
// to be the caller's). The routes no hosted version has (status, watch-email, and messages/latest
// under the API base, which the official server calls) are served as docs/emulator.md says.
// Mount before messageRoutes: GET /v1/inboxes/{inbox}/messages/latest would otherwise read as the
// message with the id "latest".
import type { Context, Hono } from 'hono';
import { MCP_ROUTES, type McpRouteDef, type McpRouteName } from '../../../src/api/mcp.js';
import type { McpResponses } from '../../../src/api/mcp-schemas.js';
import type { Responses } from '../../../src/api/schemas.js';
import { requireFeature } from '../../core/accounts/plan-gate.js';
import { ApiError } from '../../core/errors.js';
import { capSummary } from '../../core/field-caps.js';
import { maskForPlan, messageSummary } from '../../core/mail/messages.js';
import { HostedMcp, realCode } from '../../core/mcp/hosted-mcp.js';
import type { AccountRecord } from '../../core/state.js';
import { authorize, commitOrRefuse, type HttpDeps } from '../api-route.js';
import { limitHeaders, noteLimits } from '../respond.js';
import { bodyOrEmpty } from './inboxes.js';
import { waitTimeoutSeconds } from './messages.js';

type McpHandler = (c: Context, account: AccountRecord, extra: () => void) => Promise<Response>;

export function hostedMcpRoutes(app: Hono, deps: HttpDeps): HostedMcp {
  const { core } = deps;
  const mcp = new HostedMcp(core.ctx, {
    accounts: core.accounts,
    inboxes: core.inboxes,
    domains: core.domains,
    messages: core.messages,
    waits: core.waits,
  });

  /** Auth and the limiter's unit, the gate and the operation, then the route (the hosted order). */
  const admitted = async (c: Context, def: McpRouteDef, account: AccountRecord, handler: McpHandler): Promise<Response> => {
    mcp.admit(account);
    const extra = () => {
      mcp.charge(account, def.cost - 1);
      noteLimits(c, core.accounts.state(account));
    };
    if (def.extra === 'first') extra();
    const res = await handler(c, account, extra);
    for (const [k, v] of Object.entries(limitHeaders(core.accounts.state(account)))) res.headers.set(k, v);
    return res;
  };
  const route = (name: McpRouteName, handler: McpHandler) => {
    const def: McpRouteDef = MCP_ROUTES[name];
    app.on(def.method, def.path, (c) => admitted(c, def, authorize(core, c, 1).account, handler));
  };

  const latest: McpHandler = async (c, account, extra) => {
    const rec = mcp.owned(account, c.req.param('inbox')!);
    extra();
    const found = await mcp.latest(rec);
    if (found.message === null) {
      const empty: McpResponses['latestEmpty'] = { success: true, message: 'No messages found', data: null };
      return c.json(empty);
    }
    const m = found.message;
    const res: McpResponses['latest'] = {
      success: true,
      data: {
        id: m.id,
        from: m.from,
        subject: m.subject,
        date: m.date,
        text: found.outline.text ?? 'No text content',
        otp: found.otp,
        verificationLink: m.verificationLink,
      },
    };
    return c.json(res);
  };
  route('latest', latest);
  route('apiLatest', latest);

  route('otp', async (c, account, extra) => {
    const rec = mcp.owned(account, c.req.param('inbox')!);
    extra();
    const m = await mcp.newestCode(rec);
    if (!m) {
      const none: McpResponses['otpNone'] = { success: true, otp: null, message: 'No OTP found in recent messages.' };
      return c.json(none);
    }
    const res: McpResponses['otp'] = {
      success: true,
      otp: m.otp,
      email_id: m.id,
      from: m.from,
      subject: m.subject,
      timestamp: m.receivedAt,
      verification_link: m.verificationLink,
    };
    return c.json(res);
  });

  route('createAndWaitOtp', async (c, account) => {
    const body = await bodyOrEmpty(c, core.settings.maxBodyBytes);
    const { rec, seconds } = mcp.createInbox(account, body);
    // The address is the account's from now on, whatever the wait brings: written before the hold.
    await commitOrRefuse(core);
    const m = await mcp.waitForCode(rec, seconds, c.req.raw.signal);
    if (!m) {
      const timeout: McpResponses['createAndWaitTimeout'] = { success: false, inbox: rec.inbox, message: 'Timeout reached, no OTP received' };
      return c.json(timeout);
    }
    const res: McpResponses['createAndWaitOtp'] = {
      success: true,
      inbox: rec.inbox,
      otp: realCode(m.otp)!,
      verification_link: m.verificationLink,
      from: m.from,
      subject: m.subject,
    };
    return c.json(res);
  });

  route('status', async (c, account) => {
    const res: McpResponses['status'] = { success: true, userId: account.id, plan: account.plan, mcpEnabled: true };
    return c.json(res);
  });

  // As GET /v1/inboxes/{inbox}/wait: all of its cost first, the Wait API's plan, the inbox, the hold.
  route('watchEmail', async (c, account) => {
    const plan = requireFeature(core.settings, account, (p) => p.wait, 'Waiting for mail');
    const inbox = c.req.query('inbox');
    if (inbox === undefined || inbox.trim() === '') {
      throw new ApiError('missing_field', 'Query parameter "inbox" is required.', { hint: 'GET /v1/mcp/watch-email?inbox=<address>&timeout=30' });
    }
    const rec = mcp.owned(account, inbox);
    const m = await mcp.watch(rec, waitTimeoutSeconds(c.req.query('timeout')), c.req.query('since') || undefined, c.req.raw.signal);
    if (!m) {
      const timeout: Responses['wait'] = { success: false, message: 'Timeout reached' };
      return c.json(timeout);
    }
    const res: McpResponses['watchEmail'] = {
      success: true,
      message: 'New message received',
      data: capSummary(maskForPlan(messageSummary(m), plan)),
    };
    return c.json(res);
  });

  // Any other path under /v1/mcp, any method: charged, gated and counted, then a 404 (JSON here; the
  // hosted framework answers an HTML page).
  app.all('/v1/mcp/*', (c) =>
    admitted(c, { method: 'GET', path: '', cost: 1, extra: 'none', hosted: true }, authorize(core, c, 1).account, async () => {
      throw new ApiError('not_found', `No route ${c.req.method} ${c.req.path}.`, {
        hint: 'The MCP layer has GET /v1/mcp/inboxes/{inbox}/messages/latest, GET /v1/mcp/inboxes/{inbox}/otp and POST /v1/mcp/create-and-wait-otp.',
      });
    }),
  );
  return mcp;
}
