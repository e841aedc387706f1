// The core's one error type: a contract error code, a message, extra body fields, and when a retry
// may succeed. Transport-free: adapters turn it into an HTTP status and JSON body
// (http/respond.ts), an SMTP reply (smtp/receiver.ts), or a CLI message.
import type { ErrorCode } from '../../src/api/errors.js';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  /** Seconds after which the same request may succeed (a rate limit, a monthly quota). */
  readonly retryAfterSeconds: number | null;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}, opts: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.extra = extra;
    this.retryAfterSeconds = opts.retryAfterSeconds ?? null;
  }

  body(): Record<string, unknown> {
    return { success: false, error: this.code, message: this.message, ...this.extra };
  }
}
