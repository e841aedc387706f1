// The core's one error type: a contract error code, a message, and extra body fields. Adapters turn
// it into an HTTP status and JSON body, an SMTP reply, or a CLI message.
import { ERROR_STATUS, type ErrorCode } from '../../src/api/errors.js';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  readonly status: number;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.extra = extra;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }

  body(): Record<string, unknown> {
    return { success: false, error: this.code, message: this.message, ...this.extra };
  }
}
