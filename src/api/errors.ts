// Error codes of the wire contract: the `error` field of every failure body, with its HTTP status.
// The hosted service uses most of them; the rest cover what the emulator must also refuse cleanly.

export const ERROR_STATUS = {
  // 400
  bad_request: 400,
  invalid_json: 400,
  missing_field: 400,
  missing_fields: 400,
  invalid_domain: 400,
  invalid_inbox: 400,
  invalid_url: 400,
  invalid_parameter: 400,
  /** A count cap of the account: custom domains (10), webhooks (the emulator's 5,000). */
  limit_reached: 400,
  // 401
  unauthorized: 401,
  invalid_api_key: 401,
  // 403
  plan_required: 403,
  plan_restriction: 403,
  inbox_not_owned: 403,
  domain_not_verified: 403,
  inbox_limit_reached: 403,
  /** Registering at a domain that is neither a platform domain nor the caller's, below growth. */
  domain_not_allowed: 403,
  forbidden_origin: 403,
  /** A `Host` header that is not the emulator's own (DNS rebinding); see emulator/http/guard.ts. */
  forbidden_host: 403,
  /** A non-loopback peer on the control surface, a tunnel or the viewer without --allow-remote. */
  forbidden_peer: 403,
  // 404
  not_found: 404,
  domain_not_found: 404,
  /** Mail injected through /_emulator/messages for an address that is not a registered inbox. */
  inbox_not_found: 404,
  // 405, 413, 415, 422, 426
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  verification_failed: 422,
  /** GET /v1/ws without a WebSocket upgrade. */
  upgrade_required: 426,
  // 429
  rate_limit_exceeded: 429,
  monthly_quota_exceeded: 429,
  /** The MCP layer's operations per minute (/v1/mcp/*, src/api/mcp.ts). */
  mcp_rate_limit_exceeded: 429,
  /** WebSocket push: the plan's max_connections are all open (sent as an error frame). */
  connection_limit: 429,
  // 5xx: never expected; a bug if seen.
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  success: false;
  error: ErrorCode | string;
  message: string;
  upgrade_url?: string;
  credits_url?: string;
  hint?: string;
  [extra: string]: unknown;
}

export function isErrorBody(v: unknown): v is ErrorBody {
  return typeof v === 'object' && v !== null && (v as { success?: unknown }).success === false && typeof (v as { error?: unknown }).error === 'string';
}
