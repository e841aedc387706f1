// Turning core results and errors into HTTP responses with the rate-limit headers.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { LimitState } from '../core/accounts.js';
import { ApiError } from '../core/errors.js';

export function limitHeaders(s: LimitState): Record<string, string> {
  return {
    'X-API-Plan': s.plan,
    'X-RateLimit-Limit-Second': String(s.limitSecond),
    'X-RateLimit-Remaining-Second': String(s.remainingSecond),
    'X-RateLimit-Limit-Month': String(s.limitMonth),
    'X-RateLimit-Remaining-Month': String(s.remainingMonth),
  };
}

export function errorResponse(c: Context, err: ApiError, headers: Record<string, string> = {}): Response {
  return c.json(err.body(), err.status as ContentfulStatusCode, { ...headers, ...err.headers });
}

/** Any thrown value as a JSON error: ApiError as itself, anything else as 500 (a bug, logged). */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  return new ApiError('internal_error', 'The emulator hit an unexpected error; it has been logged.');
}
