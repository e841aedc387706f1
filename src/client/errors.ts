// What can go wrong talking to the service: the service said no (InboxApiError, with its error body),
// or it could not be reached in time (InboxNetworkError, with a kind saying why).
import type { ErrorBody } from '../api/errors.js';

export class InboxApiError extends Error {
  readonly status: number;
  /** The body's `error` code (e.g. plan_required), or `http_<status>` when the body had none. */
  readonly code: string;
  readonly body: ErrorBody | undefined;
  readonly headers: Record<string, string>;
  readonly method: string;
  readonly url: string;
  /** How many retries (of a 429, or a 503 with Retry-After) were made before giving up. */
  readonly retries: number;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    body?: ErrorBody;
    headers: Record<string, string>;
    method: string;
    url: string;
    retries?: number;
  }) {
    super(init.message);
    this.name = 'InboxApiError';
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.headers = init.headers;
    this.method = init.method;
    this.url = init.url;
    this.retries = init.retries ?? 0;
  }
}

export type NetworkErrorKind =
  | 'connection_refused'
  | 'dns'
  | 'connect_timeout'
  | 'timeout'
  | 'deadline'
  | 'connection_reset'
  | 'aborted'
  | 'invalid_response'
  /** Something answered that does not speak HTTP at all (another protocol's port, such as SMTP). */
  | 'not_http'
  | 'invalid_url'
  | 'other';

export class InboxNetworkError extends Error {
  readonly kind: NetworkErrorKind;
  readonly url: string;

  constructor(kind: NetworkErrorKind, url: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InboxNetworkError';
    this.kind = kind;
    this.url = url;
  }
}

function codeOf(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = (cur as { code?: unknown }).code;
    if (typeof c === 'string' && c !== 'UND_ERR_SOCKET') return c;
    const errs = (cur as { errors?: unknown[] }).errors;
    if (Array.isArray(errs) && errs.length) cur = errs[0];
    else cur = (cur as { cause?: unknown }).cause;
  }
  return (e as { code?: string })?.code;
}

/** Turns an undici / socket error into an InboxNetworkError with a plain message. */
export function toNetworkError(e: unknown, url: string, timeoutMs: number): InboxNetworkError {
  if (e instanceof InboxNetworkError) return e;
  const origin = safeOrigin(url);
  const code = codeOf(e);
  const name = (e as { name?: string })?.name;
  const detail = e instanceof Error ? e.message : String(e);
  switch (code) {
    case 'ECONNREFUSED':
      return new InboxNetworkError('connection_refused', url, `nothing is listening at ${origin} (connection refused)`, { cause: e });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new InboxNetworkError('dns', url, `cannot resolve the host of ${origin}`, { cause: e });
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new InboxNetworkError('connect_timeout', url, `could not connect to ${origin} in time`, { cause: e });
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new InboxNetworkError('timeout', url, `${origin} did not answer within ${seconds(timeoutMs)} s`, { cause: e });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return new InboxNetworkError('connection_reset', url, `the connection to ${origin} was closed unexpectedly`, { cause: e });
    case 'ERR_INVALID_URL':
    case 'UND_ERR_INVALID_ARG':
      return new InboxNetworkError('invalid_url', url, `invalid request to ${url}: ${detail}`, { cause: e });
  }
  if (code === 'HPE_INVALID_CONSTANT') {
    // Node's HTTP parser found no status line where one starts: something that does not speak HTTP
    // listens there (other HPE_ codes are HTTP gone wrong, and stay 'other').
    return new InboxNetworkError('not_http', url, `${origin} answered, but not in HTTP (a port of another protocol, such as SMTP?)`, { cause: e });
  }
  if (name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
    return new InboxNetworkError('aborted', url, `the request to ${origin} was aborted`, { cause: e });
  }
  return new InboxNetworkError('other', url, `request to ${origin} failed: ${detail}`, { cause: e });
}

function seconds(ms: number): string {
  return ms < 10_000 ? (ms / 1000).toFixed(1).replace(/\.0$/, '') : String(Math.round(ms / 1000));
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** waitForMessage ran out of time. `since` is the cursor to resume from without missing mail. */
/** How many ids of passed-over messages a wait's timeout keeps (the newest). */
export const PASSED_OVER_KEPT = 50;

export class InboxWaitTimeoutError extends Error {
  readonly since: string | undefined;
  readonly timeoutMs: number;
  /**
   * Ids of the messages the wait looked at and passed over because they did not match (e.g. mail
   * without a code for a wait on codes), oldest first, the last PASSED_OVER_KEPT of them: mail was
   * there, it was not what was asked for. `passedOverCount` counts them all.
   */
  readonly passedOver: string[];
  readonly passedOverCount: number;

  constructor(timeoutMs: number, since: string | undefined, message?: string, passedOver: string[] = [], passedOverCount = passedOver.length) {
    super(message ?? `no matching message within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'InboxWaitTimeoutError';
    this.timeoutMs = timeoutMs;
    this.since = since;
    this.passedOver = passedOver;
    this.passedOverCount = passedOverCount;
  }
}
