// THE mapping of core results and errors to HTTP: the contract's status for each error code, the
// JSON error body, Retry-After, and the rate-limit headers of the request's account. The app's one
// onError (app.ts) uses it for every thrown error; the few answers made without throwing (405 with
// Allow, 426 with Upgrade) use it too.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS } from '../../src/api/errors.js';
import type { LimitState } from '../core/accounts/accounts.js';
import { ApiError } from '../core/errors.js';

const LIMITS = 'respond.limits';
declare module 'hono' {
  interface ContextVariableMap {
    [LIMITS]: LimitState;
  }
}

/** Where the caller's limits stand after this request: sent with its answer, errors included. */
export function noteLimits(c: Context, s: LimitState): void {
  c.set(LIMITS, s);
}

export function limitHeaders(s: LimitState): Record<string, string> {
  return {
    'X-API-Plan': s.plan,
    'X-RateLimit-Limit-Second': String(s.limitSecond),
    'X-RateLimit-Remaining-Second': String(s.remainingSecond),
    'X-RateLimit-Limit-Month': String(s.limitMonth),
    'X-RateLimit-Remaining-Month': String(s.remainingMonth),
  };
}

/** Any thrown value as a core error: ApiError as itself, anything else as internal_error (a bug). */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  return new ApiError('internal_error', 'The emulator hit an unexpected error; it has been logged.');
}

/** The headers an error answer carries: the request's limits, and Retry-After when a retry may help. */
export function errorHeaders(c: Context, err: ApiError): Record<string, string> {
  const limits = c.get(LIMITS);
  return {
    ...(limits ? limitHeaders(limits) : {}),
    ...(err.retryAfterSeconds !== null ? { 'Retry-After': String(err.retryAfterSeconds) } : {}),
  };
}

export function errorResponse(c: Context, err: ApiError, headers: Record<string, string> = {}): Response {
  return c.json(err.body(), ERROR_STATUS[err.code] as ContentfulStatusCode, { ...errorHeaders(c, err), ...headers });
}
