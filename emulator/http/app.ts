// The hono app over the core: contract routes, the control surface, and JSON errors for everything
// else (unknown routes 404, wrong methods 405), so no request ever gets an HTML page or a crash.
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { EmulatorCore } from '../core/emulator.js';
import { ApiError } from '../core/errors.js';
import type { HttpDeps } from './api-route.js';
import { controlRoutes } from './control.js';
import { Guard, type GuardOptions } from './guard.js';
import { errorResponse, toApiError } from './respond.js';
import { accountRoutes } from './routes/account.js';
import { domainRoutes } from './routes/domains.js';
import { inboxRoutes } from './routes/inboxes.js';

export interface AppOptions {
  core: EmulatorCore;
  onBug?: (error: unknown) => void;
  ready?: () => boolean;
  /** The SMTP receiver's port once it listens (health reports it, so `inbox send` can find it). */
  smtpPort?: () => number | null;
  /** Extra route groups (mail, push, webhooks) registered by the server. */
  plugins?: Array<(app: Hono, deps: HttpDeps) => void>;
  /** Host, peer and cross-site rules (guard.ts); default: bound to loopback, nothing added. */
  guard?: GuardOptions;
}

export function createApp(opts: AppOptions): Hono {
  const app = new Hono();
  const deps: HttpDeps = {
    core: opts.core,
    onBug: opts.onBug ?? ((e) => console.error('[inbox emulate] unexpected error:', e)),
  };

  app.use(new Guard(opts.guard ?? { host: '127.0.0.1' }).middleware());
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        errorResponse(c, new ApiError('method_not_allowed', `${c.req.method} is not allowed here; use ${methods.join(', ')}.`), {
          Allow: methods.join(', '),
        }),
    }),
  );

  accountRoutes(app, deps);
  domainRoutes(app, deps);
  inboxRoutes(app, deps);
  for (const plugin of opts.plugins ?? []) plugin(app, deps);
  // GET / answers JSON to API clients; a browser (Accept: text/html) gets the mail viewer, whose
  // plugin (viewer/routes.tsx) answers first and passes other requests on to this route.
  app.get('/', (c) =>
    c.json(
      { success: true, name: 'inbox emulator', api: '/v1', control: '/_emulator', viewer: '/', docs: 'See README.md of the inbox project.' },
      200,
      { Vary: 'Accept' },
    ),
  );
  controlRoutes(app, deps, { ready: opts.ready ?? (() => true), smtpPort: opts.smtpPort ?? (() => null) });

  app.notFound((c) =>
    errorResponse(c, new ApiError('not_found', `No route ${c.req.method} ${new URL(c.req.url).pathname}.`, {
      hint: 'Routes live under /v1 (the API) and /_emulator (the control surface).',
    })),
  );
  app.onError((e, c) => {
    const err = toApiError(e);
    if (err.code === 'internal_error') deps.onBug(e);
    return errorResponse(c, err);
  });
  return app;
}
