// The plan table of the hosted service (`inbox plans` prints it). The emulator uses it as its
// default configuration; `GET /v1/plans` serves it and the client renders it.

export const PLAN_NAMES = ['free', 'developer', 'startup', 'growth', 'enterprise'] as const;

/** What a plan without OTP values reads in place of a code or link that was found (null: none found). */
export const DETECTED = '__DETECTED__';
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  /** Display name, e.g. "Growth" (`plan_label` of GET /v1/me). */
  label: string;
  /** Price text shown by GET /v1/me; the emulator charges nothing, so every plan reads "$0/mo". */
  price: string;
  /** Requests per second (sliding one-second window). */
  perSecond: number;
  /** Request units per UTC calendar month. */
  perMonth: number;
  /** OTP values, custom domains and webhooks. */
  otp: boolean;
  customDomains: boolean;
  webhooks: boolean;
  wait: boolean;
  /** WebSocket push; 0 connections means not available. */
  websocket: boolean;
  maxWebsocketConnections: number;
  attachments: boolean;
  maxAttachmentMb: number;
  /** null: unlimited. */
  maxInboxes: number | null;
  retention: { messagesPerInbox: number /** null: no expiry */; maxAgeHours: number | null };
}

function plan(p: Plan): Plan {
  return p;
}

export const PLANS: Record<PlanName, Plan> = {
  free: plan({
    name: 'free',
    label: 'Free',
    price: '$0/mo',
    perSecond: 1,
    perMonth: 5_000,
    otp: false,
    customDomains: false,
    webhooks: false,
    wait: false,
    websocket: false,
    maxWebsocketConnections: 0,
    attachments: false,
    maxAttachmentMb: 0,
    maxInboxes: 10,
    retention: { messagesPerInbox: 5, maxAgeHours: 12 },
  }),
  developer: plan({
    name: 'developer',
    label: 'Developer',
    price: '$0/mo',
    perSecond: 10,
    perMonth: 100_000,
    otp: false,
    customDomains: false,
    webhooks: false,
    wait: true,
    websocket: false,
    maxWebsocketConnections: 0,
    attachments: false,
    maxAttachmentMb: 0,
    maxInboxes: 25,
    retention: { messagesPerInbox: 10, maxAgeHours: 24 },
  }),
  startup: plan({
    name: 'startup',
    label: 'Startup',
    price: '$0/mo',
    perSecond: 25,
    perMonth: 500_000,
    otp: false,
    customDomains: false,
    webhooks: false,
    wait: true,
    websocket: true,
    maxWebsocketConnections: 5,
    attachments: true,
    maxAttachmentMb: 5,
    maxInboxes: 40,
    retention: { messagesPerInbox: 10, maxAgeHours: 24 },
  }),
  growth: plan({
    name: 'growth',
    label: 'Growth',
    price: '$0/mo',
    perSecond: 50,
    perMonth: 2_000_000,
    otp: true,
    customDomains: true,
    webhooks: true,
    wait: true,
    websocket: true,
    maxWebsocketConnections: 20,
    attachments: true,
    maxAttachmentMb: 25,
    maxInboxes: 100,
    retention: { messagesPerInbox: 100, maxAgeHours: null },
  }),
  enterprise: plan({
    name: 'enterprise',
    label: 'Enterprise',
    price: '$0/mo',
    perSecond: 100,
    perMonth: 10_000_000,
    otp: true,
    customDomains: true,
    webhooks: true,
    wait: true,
    websocket: true,
    maxWebsocketConnections: 100,
    attachments: true,
    maxAttachmentMb: 50,
    maxInboxes: null,
    retention: { messagesPerInbox: 100, maxAgeHours: null },
  }),
};

export function isPlanName(v: unknown): v is PlanName {
  return typeof v === 'string' && (PLAN_NAMES as readonly string[]).includes(v);
}

/** The lowest plan that has a feature, for hints ("upgrade to growth"). */
export function lowestPlanWith(feature: (p: Plan) => boolean): PlanName {
  return PLAN_NAMES.find((n) => feature(PLANS[n])) ?? 'enterprise';
}
