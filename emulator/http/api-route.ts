// Registers one route of the contract's route table: authentication, rate limit and quota (with
// the route's cost), the handler, then, for a route that changes something (any method but GET), the
// write of the main document, all before the response. The charge itself is not what makes a write:
// usage counters are written apart, within a second (core/accounts/usage.ts), so a GET rewrites nothing.
// Errors are thrown; the app's one onError turns them into answers (respond.ts).
import type { Context, Hono } from 'hono';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import type { AccountRecord } from '../core/state.js';
import type { EmulatorCore } from '../core/emulator.js';
import { ApiError } from '../core/errors.js';
import { limitHeaders, noteLimits } from './respond.js';
import type { LimitState } from '../core/accounts/accounts.js';
import type { Faults } from '../core/faults/faults.js';

export type Handler = (c: Context, account: AccountRecord) => Response | Promise<Response>;

export interface HttpDeps {
  core: EmulatorCore;
  /** Logs unexpected errors (500s). */
  onBug(error: unknown): void;
  /** Fault rules (docs/faults.md): API answers (faults.ts), WebSocket closes, the control routes. */
  faults?: Faults;
}

/** The key from `Authorization: Bearer <key>` or `?api_key=`. */
export function apiKeyOf(c: Context): string | null {
  const auth = c.req.header('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m ? m[1]! : '';
  }
  return c.req.query('api_key') ?? null;
}

/** Authenticates and charges the request; its limits are noted for the answer, a refusal's too. */
export function authorize(core: EmulatorCore, c: Context, cost: number): { account: AccountRecord; limits: LimitState } {
  const account = core.accounts.authenticate(apiKeyOf(c));
  try {
    const limits = core.accounts.charge(account, cost);
    noteLimits(c, limits);
    return { account, limits };
  } catch (e) {
    if (e instanceof ApiError) {
      // A refused request still reports where the limits stand, the exceeded one at 0.
      const s = core.accounts.state(account);
      noteLimits(c, e.code === 'rate_limit_exceeded' ? { ...s, remainingSecond: 0 } : { ...s, remainingMonth: 0 });
    }
    throw e;
  }
}

export function apiRoute(app: Hono, deps: HttpDeps, name: RouteName, handler: Handler): void {
  const def = ROUTES[name];
  app.on(def.method, def.path, async (c) => {
    const { account, limits } = authorize(deps.core, c, def.cost);
    let res: Response;
    try {
      res = await handler(c, account);
    } finally {
      // The route's changes are on disk before the caller hears back. GET handlers change nothing.
      if (def.method !== 'GET') await commitOrRefuse(deps.core);
    }
    for (const [k, v] of Object.entries(limitHeaders(limits))) res.headers.set(k, v);
    return res;
  });
}

/** Writes the store; a failed write (disk full, permissions) answers 503 instead of acknowledging. */
export async function commitOrRefuse(core: EmulatorCore): Promise<void> {
  try {
    await core.commit();
  } catch (error) {
    core.bus.emit('error', { where: 'store write', error });
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ApiError('service_unavailable', `The emulator could not save the change to its data file (${why}).`, {
      hint: 'Check the disk and the permissions of the --data path.',
    });
  }
}
