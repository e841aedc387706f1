// The hono app over the core: the guard (guard.ts), then every route group (the mail viewer, contract
// routes, mail, webhooks, tunnels, push, the control surface), and JSON errors for everything else (unknown routes 404, wrong methods
// 405), so no request ever gets an HTML page or a crash. Handlers throw; the one onError below maps
// what they throw (respond.ts).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { EmulatorCore } from '../core/emulator.js';
import { ApiError } from '../core/errors.js';
import type { Faults } from '../core/faults/faults.js';
import { FAULT_HEADER } from '../../src/api/faults.js';
import type { HttpDeps } from './api-route.js';
import { controlRoutes } from './control.js';
import { apiFaults, faultControlRoutes } from './faults.js';
import { Guard, type GuardOptions } from './guard.js';
import { routingPath } from './paths.js';
import { errorResponse, toApiError } from './respond.js';
import { accountRoutes } from './routes/account.js';
import { controlCatchAllRoutes } from './routes/control-catch-all.js';
import { controlMessageRoutes } from './routes/control-messages.js';
import { domainRoutes } from './routes/domains.js';
import { hostedMcpRoutes } from './routes/hosted-mcp.js';
import { mcpRoutes } from './routes/mcp.js';
import { inboxRoutes } from './routes/inboxes.js';
import { messageRoutes } from './routes/messages.js';
import { webhookRoutes } from './routes/webhooks.js';
import { tunnelRoutes } from './tunnel.js';
import { viewerRoutes } from './viewer/routes.js';
import { wsRoutes } from './ws.js';

/** Response headers a page allowed by --cors-origin may read: the limits, the plan and Retry-After. */
export const CORS_EXPOSED = [
  'X-RateLimit-Limit-Second',
  'X-RateLimit-Remaining-Second',
  'X-RateLimit-Limit-Month',
  'X-RateLimit-Remaining-Month',
  'X-API-Plan',
  'Retry-After',
  FAULT_HEADER,
] as const;

export interface AppOptions {
  onBug?: (error: unknown) => void;
  ready?: () => boolean;
  /** The SMTP receiver's port once it listens (health reports it, so `inbox send` can find it). */
  smtpPort?: () => number | null;
  /** Host, peer and cross-site rules (guard.ts); default: bound to loopback, nothing added. */
  guard?: GuardOptions;
  /** Fault rules (docs/faults.md): API answers, WebSocket closes, /_emulator/faults. */
  faults?: Faults;
}

export function createApp(core: EmulatorCore, opts: AppOptions = {}): Hono {
  const app = new Hono({ getPath: routingPath });
  const deps: HttpDeps = {
    core,
    onBug: opts.onBug ?? ((e) => console.error('[inbox emulate] unexpected error:', e)),
    faults: opts.faults,
  };

  const guard = new Guard(opts.guard ?? { host: '127.0.0.1' });
  app.use(guard.middleware());
  // Pages of the origins the user named (--cors-origin) may call the API from a browser; the guard has
  // refused every other origin. The headers are the hosted service's: its limits and plan readable.
  if (opts.guard?.corsOrigins?.length) {
    app.use(
      '/v1/*',
      cors({
        origin: (origin) => (origin && guard.corsAllows(origin) ? origin : null),
        allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
        exposeHeaders: [...CORS_EXPOSED],
        maxAge: 600,
      }),
    );
  }
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        errorResponse(c, new ApiError('method_not_allowed', `${c.req.method} is not allowed here; use ${methods.join(', ')}.`), {
          Allow: methods.join(', '),
        }),
    }),
  );

  // The mail viewer first: it answers GET / for browsers (Accept: text/html) and passes other
  // requests on to the JSON answer below, and it watches writes to the control surface.
  viewerRoutes(app, deps);
  app.get('/', (c) =>
    c.json({ success: true, name: 'inbox emulator', api: '/v1', control: '/_emulator', viewer: '/', docs: 'See README.md of the inbox project.' }, 200, {
      Vary: 'Accept',
    }),
  );

  // Fault rules of each operation run before its route (faults.ts).
  apiFaults(app, deps);
  accountRoutes(app, deps);
  domainRoutes(app, deps);
  inboxRoutes(app, deps);
  wsRoutes(app, deps);
  webhookRoutes(app, deps);
  tunnelRoutes(app, deps);
  // Before messageRoutes: its GET .../messages/latest is not a message id (routes/hosted-mcp.ts).
  hostedMcpRoutes(app, deps);
  messageRoutes(app, deps);
  // The agent tools over Streamable HTTP (docs/mcp.md).
  mcpRoutes(app, deps);
  controlMessageRoutes(app, deps);
  controlCatchAllRoutes(app, deps);
  controlRoutes(app, deps, { ready: opts.ready ?? (() => true), smtpPort: opts.smtpPort ?? (() => null) });
  faultControlRoutes(app, deps);

  app.notFound((c) =>
    errorResponse(
      c,
      new ApiError('not_found', `No route ${c.req.method} ${new URL(c.req.url).pathname}.`, {
        hint: 'Routes live under /v1 (the API) and /_emulator (the control surface).',
      }),
    ),
  );
  app.onError((e, c) => {
    const err = toApiError(e);
    if (err.code === 'internal_error') deps.onBug(e);
    return errorResponse(c, err);
  });
  return app;
}
