// The route table of the Disposable Inbox API: one entry per operation, with its method, path template
// and cost in request units (the API document's cost table). Client and emulator both read it.
// No imports: the CLI loads this on every start.

export interface RouteDef {
  method: 'GET' | 'POST' | 'DELETE';
  /** Hono-style template; parameters are URL-encoded when filled. */
  path: string;
  /** Request units charged; 0 for routes that need no key. */
  cost: number;
  auth: boolean;
}

function r(method: RouteDef['method'], path: string, cost = 1, auth = true): RouteDef {
  return { method, path, cost, auth };
}

export const ROUTES = {
  plans: r('GET', '/v1/plans', 0, false),
  me: r('GET', '/v1/me'),
  usage: r('GET', '/v1/usage'),
  listDomains: r('GET', '/v1/domains'),
  listAllDomains: r('GET', '/v1/domains/all'),
  addCustomDomain: r('POST', '/v1/custom-domains'),
  listCustomDomains: r('GET', '/v1/custom-domains'),
  verifyCustomDomain: r('POST', '/v1/custom-domains/:domain/verify'),
  removeCustomDomain: r('DELETE', '/v1/custom-domains/:domain'),
  registerInbox: r('POST', '/v1/inboxes'),
  listInboxes: r('GET', '/v1/inboxes'),
  removeInbox: r('DELETE', '/v1/inboxes/:inbox'),
  startTest: r('POST', '/v1/inboxes/:inbox/tests'),
  listMessages: r('GET', '/v1/inboxes/:inbox/messages'),
  getMessage: r('GET', '/v1/inboxes/:inbox/messages/:id'),
  deleteMessage: r('DELETE', '/v1/inboxes/:inbox/messages/:id'),
  otp: r('GET', '/v1/inboxes/:inbox/otp', 3),
  wait: r('GET', '/v1/inboxes/:inbox/wait', 10),
  timeline: r('GET', '/v1/inboxes/:inbox/timeline', 2),
  insights: r('GET', '/v1/inboxes/:inbox/insights', 3),
  addWebhook: r('POST', '/v1/webhooks'),
  listWebhooks: r('GET', '/v1/webhooks'),
  removeWebhook: r('DELETE', '/v1/webhooks/:id'),
  /** The handshake; each pushed frame then costs EVENT_COSTS.websocket* (docs/websocket.md). */
  websocket: r('GET', '/v1/ws'),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** Costs of pushed events, charged to the inbox owner (API document, "Limits"). */
export const EVENT_COSTS = {
  websocketBasic: 1,
  websocketOtp: 2,
  webhookBasic: 2,
  webhookOtp: 4,
} as const;

/** Fills a path template: `/v1/inboxes/:inbox` + {inbox: 'a@b.test'} -> `/v1/inboxes/a%40b.test`. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    if (NOT_A_SEGMENT.has(v.toLowerCase())) throw new PathParamError(name, v);
    return encodeURIComponent(v);
  });
}

/**
 * Values no path segment can carry: empty, or "." and ".." (which a URL resolves away, plain or as
 * `%2e`, so the request would reach another route).
 */
const NOT_A_SEGMENT = new Set(['', '.', '..', '%2e', '%2e%2e', '.%2e', '%2e.']);

/** A path parameter that cannot name anything (fillPath()): refused before any request. */
export class PathParamError extends Error {
  constructor(
    readonly param: string,
    readonly value: string,
  ) {
    super(value === '' ? `the ${param} is empty.` : `"${value}" cannot be used as the ${param}: a URL would resolve it away.`);
    this.name = 'PathParamError';
  }
}

/** Wait timeout bounds in seconds, as on the hosted service. */
export const WAIT_TIMEOUT = { default: 30, min: 10, max: 60 } as const;
