// The hosted service's MCP layer, as its official MCP server (fce-mcp-server) calls it: the routes under
// /v1/mcp with what each costs, the route the server calls under the API base that the hosted
// service does not serve (messages/latest), the plan limits of the layer, and the bounds of its waits.
// No imports beyond the plan names: the emulator's routes and the tests read it; the response shapes
// are in mcp-schemas.ts (zod).
import type { PlanName } from './plans.js';

export interface McpRouteDef {
  method: 'GET' | 'POST';
  /** Hono-style template. */
  path: string;
  /**
   * Request units in all: the limiter's 1, then the rest. `extra: 'first'`: charged before anything
   * is checked (create-and-wait-otp); `'owned'`: after the inbox is found to be the caller's, so a
   * refused inbox costs 1.
   */
  cost: number;
  extra: 'first' | 'owned' | 'none';
  /** Whether the hosted server has the route (false: served by the emulator for the official server). */
  hosted: boolean;
}

export const MCP_ROUTES = {
  /** Newest message of an inbox, with its code and link, unmasked. */
  latest: { method: 'GET', path: '/v1/mcp/inboxes/:inbox/messages/latest', cost: 2, extra: 'owned', hosted: true },
  /** Newest message that carries a code. */
  otp: { method: 'GET', path: '/v1/mcp/inboxes/:inbox/otp', cost: 3, extra: 'owned', hosted: true },
  /** Registers a random address and holds until mail to it carries a code. */
  createAndWaitOtp: { method: 'POST', path: '/v1/mcp/create-and-wait-otp', cost: 5, extra: 'first', hosted: true },
  /** The official server's key check (MCP server 1.0.9 and later); in no known hosted version. */
  status: { method: 'GET', path: '/v1/mcp/status', cost: 1, extra: 'none', hosted: false },
  /** The official server's watch_email; in no known hosted version. Answered as GET /v1/inboxes/{inbox}/wait. */
  watchEmail: { method: 'GET', path: '/v1/mcp/watch-email', cost: 10, extra: 'first', hosted: false },
  /**
   * get_latest_email of the official server calls this under the API base; the hosted server has no
   * such route (it reaches the single-message route, a 404). Answered as `latest`, gate and ops included.
   */
  apiLatest: { method: 'GET', path: '/v1/inboxes/:inbox/messages/latest', cost: 2, extra: 'owned', hosted: false },
} as const satisfies Record<string, McpRouteDef>;

export type McpRouteName = keyof typeof MCP_ROUTES;

export interface McpPlanLimits {
  /** The plan feature `mcpEnabled`: past the gate. */
  enabled: boolean;
  /** Operations per account per calendar minute (every /v1/mcp request past the gate is one). */
  opsPerMinute: number;
  /** Documented as concurrent sessions; enforced by no hosted route, nor here. */
  maxConcurrent: number;
}

export const MCP_PLAN_LIMITS: Record<PlanName, McpPlanLimits> = {
  free: { enabled: false, opsPerMinute: 0, maxConcurrent: 0 },
  developer: { enabled: false, opsPerMinute: 0, maxConcurrent: 0 },
  startup: { enabled: false, opsPerMinute: 0, maxConcurrent: 0 },
  growth: { enabled: true, opsPerMinute: 60, maxConcurrent: 5 },
  enterprise: { enabled: true, opsPerMinute: 200, maxConcurrent: 10 },
};

/** The lowest plan with the MCP layer, named by the gate's `upgrade` text. */
export const MCP_PLAN = 'growth' as const satisfies PlanName;

/** create-and-wait-otp: the default domain and the hold in seconds (absent, not a number or under 10: 45). */
export const MCP_CREATE_WAIT = { defaultDomain: 'ditube.info', defaultTimeout: 45, min: 10, max: 60, localChars: 8 } as const;

/** The hold of create-and-wait-otp in seconds, as the hosted server reads `timeout`. */
export function createWaitSeconds(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n < MCP_CREATE_WAIT.min) return MCP_CREATE_WAIT.defaultTimeout;
  return Math.min(n, MCP_CREATE_WAIT.max);
}
