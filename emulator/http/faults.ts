// Fault rules over HTTP (docs/faults.md): the API's side, as one middleware per operation of the route
// table (`api.<route name>`), run before the route; WebSocket closes (ws.ts calls wsFault); and the
// control routes under /_emulator/faults (local-only, behind the guard like the rest of /_emulator).
//
// An API rule adds latency, answers with a status, or resets the connection, and every such answer
// carries X-Emulator-Fault naming its rule. What the fault stands for is what it charges: a 429 is the
// emulator's own limiter answer (Accounts.limitError, the same body, Retry-After and limit headers),
// refused before the charge as a real one is; a 401 charges nothing either; any other status and a
// reset stand for the operation failing after the service took the call, so its cost is charged
// (auth, limits, then the route, as the hosted service orders them).
import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { FAULT_HEADER, type FaultPlace } from '../../src/api/faults.js';
import { ROUTES, type RouteDef, type RouteName } from '../../src/api/routes.js';
import { ApiError } from '../core/errors.js';
import type { FaultAccount, FaultDecision, Faults } from '../core/faults/faults.js';
import type { AccountRecord } from '../core/state.js';
import { apiKeyOf, authorize, type HttpDeps } from './api-route.js';
import { readJsonObject } from './body.js';
import { errorHeaders, errorResponse, noteLimits } from './respond.js';

/** The error code a status stands for when a rule names none. */
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function accountOf(a: AccountRecord | null | undefined): FaultAccount[] {
  return a ? [{ apiKey: a.apiKey, id: a.id }] : [];
}

/** Registers, before the routes, one fault middleware per operation of the route table. */
export function apiFaults(app: Hono, deps: HttpDeps): void {
  const { faults } = deps;
  if (!faults) return;
  for (const [name, def] of Object.entries(ROUTES) as Array<[RouteName, RouteDef]>) {
    const place: FaultPlace = `api.${name}`;
    app.on(def.method, def.path, async (c, next) => {
      if (!faults.has(place)) return next();
      const key = apiKeyOf(c);
      const account = key ? deps.core.accounts.byKey(key) : undefined;
      const inbox = c.req.param('inbox' as never) as string | undefined;
      const decision = faults.decide(place, { accounts: accountOf(account), inboxes: inbox ? [inbox] : [] });
      if (!decision) return next();
      if (decision.delayMs > 0) await sleep(decision.delayMs);
      const named = decision.rules.join(', ');
      if (!decision.answer) {
        await next();
        // A WebSocket's 101 may come with headers that cannot change: it goes as it is.
        try {
          c.res.headers.set(FAULT_HEADER, named);
        } catch {}
        return;
      }
      return answer(c, deps, def, account ?? null, decision, named);
    });
  }
}

function answer(c: Context, deps: HttpDeps, def: RouteDef, account: AccountRecord | null, decision: FaultDecision, named: string): Response {
  const { core } = deps;
  const what = decision.answer!.what;
  const rule = decision.answer!.rule;
  const extra = { ...what.headers, [FAULT_HEADER]: named };
  if (what.status === 429 && account) {
    // The limiter's own refusal: nothing charged, the exceeded limit reported at 0.
    const which = what.error === 'monthly_quota_exceeded' ? 'month' : 'second';
    const s = core.accounts.state(account);
    noteLimits(c, which === 'second' ? { ...s, remainingSecond: 0 } : { ...s, remainingMonth: 0 });
    return errorResponse(c, core.accounts.limitError(account, which), extra);
  }
  // The operation failed after the service took it: charged (a real 429 of the limiter comes first).
  if (account && what.status !== 401) authorize(core, c, def.cost);
  if (what.reset) {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    if (socket) {
      socket.resetAndDestroy?.() ?? socket.destroy();
      return new Response(null, { status: 500 });
    }
    // In-process (app.request): no connection to reset; a network error stands for it.
    return Response.error();
  }
  const status = what.status!;
  const code = what.error ?? CODES[status] ?? `http_${status}`;
  const body = what.body ?? {
    success: false,
    error: code,
    message: what.message ?? `Injected failure: the emulator's fault rule "${rule}" answered ${status}.`,
    hint: `Set on purpose (inbox faults list shows the rules; inbox faults clear ${rule} removes this one).`,
  };
  const headers: Record<string, string> = {
    ...(what.retryAfter !== undefined ? { 'Retry-After': String(what.retryAfter) } : {}),
    ...extra,
  };
  // The limit headers of an authorized call ride along, as on every authenticated answer.
  return c.json(body, status as ContentfulStatusCode, { ...errorHeaders(c, NO_RETRY), ...headers });
}

/** An error without a Retry-After: errorHeaders() of it is the request's limit headers alone. */
const NO_RETRY = new ApiError('internal_error', '');

/**
 * A WebSocket connection just opened: the close a rule asks for (code, reason, after how long), or
 * null. ws.ts closes the socket with it.
 */
export function wsFault(
  faults: Faults | undefined,
  account: AccountRecord,
  inboxes: Iterable<string>,
): { code: number; reason: string; delayMs: number } | null {
  if (!faults?.has('websocket')) return null;
  const a = faults.decide('websocket', { accounts: accountOf(account), inboxes: [...inboxes] })?.answer;
  if (!a?.what.close) return null;
  return { code: a.what.close, reason: a.what.reason ?? `closed by the emulator's fault rule ${a.rule}`, delayMs: a.what.delayMs ?? 0 };
}

/** GET, POST, DELETE /_emulator/faults and /_emulator/faults/:id, GET /_emulator/faults/hits. */
export function faultControlRoutes(app: Hono, deps: HttpDeps): void {
  const { faults } = deps;
  if (!faults) return;
  app.get('/_emulator/faults', (c) => {
    const data = faults.list();
    return c.json({ success: true, count: data.length, data });
  });
  app.post('/_emulator/faults', async (c) => {
    const body = await readJsonObject(c, deps.core.settings.maxBodyBytes);
    const data = faults.add(body);
    return c.json({ success: true, count: data.length, data }, 201);
  });
  app.delete('/_emulator/faults', (c) => {
    const removed = faults.clear();
    return c.json({ success: true, removed, message: removed ? `${removed} fault rule(s) removed.` : 'There were no fault rules.' });
  });
  app.get('/_emulator/faults/hits', (c) => {
    const rule = c.req.query('rule');
    const data = faults.hits(rule || undefined);
    return c.json({ success: true, count: data.length, data });
  });
  app.delete('/_emulator/faults/:id', (c) => {
    const id = c.req.param('id');
    if (!faults.remove(id))
      throw new ApiError('not_found', `No fault rule "${id.slice(0, 100)}".`, { hint: 'inbox faults list (GET /_emulator/faults) shows the rules.' });
    return c.json({ success: true, removed: 1, message: `Fault rule ${id} removed.` });
  });
}
