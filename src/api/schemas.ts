// Response shapes of every route, and the push frames, as zod schemas. The emulator types its
// responses by them (type-only); requests have none here: the emulator checks each field by hand,
// with the error codes and hints of errors.ts. The contract tests check the emulator's answers
// against them; the client imports the inferred types (type-only too, so zod stays off the CLI's
// start-up path).
import { z } from 'zod';
import { PLAN_NAMES } from './plans.js';

const iso = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'ISO 8601 UTC with milliseconds');
const ok = z.literal(true);

// ---------- shared records ----------
export const DnsRecord = z.object({
  type: z.enum(['MX', 'TXT']),
  hostname: z.string(),
  value: z.string(),
  priority: z.string(),
  ttl: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecord>;

export const CustomDomain = z.object({
  domain: z.string(),
  verified: z.boolean(),
  mx_record: z.string(),
  txt_record: z.string(),
  added_at: iso,
  dns_records: z.array(DnsRecord).optional(),
  next_step: z.string().optional(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;

export const MessageSummary = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  date: iso,
  hasAttachment: z.boolean(),
  otp: z.string().nullable(),
  verificationLink: z.string().nullable(),
});
export type MessageSummary = z.infer<typeof MessageSummary>;

/**
 * A message-list item: the summary plus `wasAttachmentStripped`, true when the message has
 * attachments that the caller's plan does not get back (the hosted server's flag; its SDKs read it).
 */
export const ListedMessage = MessageSummary.extend({ wasAttachmentStripped: z.boolean() });
export type ListedMessage = z.infer<typeof ListedMessage>;

export const Attachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  content: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

export const FullMessage = MessageSummary.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(Attachment).optional(),
  _attachments_blocked: z.string().optional(),
  /** True when attachments were left out for the caller's plan (see `_attachments_blocked`). */
  wasAttachmentStripped: z.boolean().optional(),
  _upgrade_hint: z.string().optional(),
});
export type FullMessage = z.infer<typeof FullMessage>;

/** The webhook body and the WebSocket `new_mail` frame: the summary plus type, mailbox and plan. */
export const NewMailEvent = MessageSummary.extend({
  type: z.literal('new_mail'),
  mailbox: z.string(),
  plan: z.enum(PLAN_NAMES),
});
export type NewMailEvent = z.infer<typeof NewMailEvent>;

export const TIMELINE_EVENT_TYPES = ['inbox_created', 'email_received', 'email_parsed', 'otp_extracted', 'webhook_sent', 'websocket_sent', 'error'] as const;
/**
 * A timeline event as the hosted server sends it: `timestamp` in ms since the epoch, the `inbox` it
 * belongs to, and `test_run_id` when it happened during a test run (POST /v1/inboxes/{inbox}/tests).
 */
export const TimelineEvent = z.object({
  id: z.string(),
  inbox: z.string(),
  type: z.enum(TIMELINE_EVENT_TYPES),
  timestamp: z.number().int(),
  latency_ms: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  test_run_id: z.string().optional(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

/** An inbox as GET /v1/inboxes lists it. */
export const InboxEntry = z.object({ inbox: z.string(), local: z.string(), domain: z.string(), registered_at: iso }).loose();

export const INSIGHT_TYPES = ['email_missing', 'multiple_detected', 'otp_failed', 'slow_delivery'] as const;

/** A platform domain as listed by GET /v1/domains and GET /v1/domains/all. */
export const PlatformDomainView = z.object({
  domain: z.string(),
  tier: z.enum(['free', 'pro']),
  tags: z.array(z.string()),
  expires_at: iso.nullable(),
  expires_in_days: z.number().int().nullable(),
  expiring_soon: z.boolean(),
  expired: z.boolean(),
});
export type PlatformDomainView = z.infer<typeof PlatformDomainView>;

// ---------- responses ----------
export const ErrorResponse = z
  .object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
    upgrade_url: z.string().optional(),
    credits_url: z.string().optional(),
    hint: z.string().optional(),
    /** On the 401 for a request without a key: a link to the API's documentation, as the hosted server sends. */
    docs: z.string().optional(),
  })
  .loose();

const PlanRecord = z.object({
  name: z.enum(PLAN_NAMES),
  label: z.string(),
  price: z.string(),
  perSecond: z.number(),
  perMonth: z.number(),
  otp: z.boolean(),
  customDomains: z.boolean(),
  webhooks: z.boolean(),
  wait: z.boolean(),
  websocket: z.boolean(),
  maxWebsocketConnections: z.number(),
  attachments: z.boolean(),
  maxAttachmentMb: z.number(),
  maxInboxes: z.number().nullable(),
  retention: z.object({ messagesPerInbox: z.number(), maxAgeHours: z.number().nullable() }),
});

export const responses = {
  plans: z.object({ success: ok, data: z.array(PlanRecord), count: z.number() }),
  me: z.object({
    success: ok,
    data: z.object({
      plan: z.enum(PLAN_NAMES),
      plan_label: z.string(),
      price: z.string(),
      credits: z.number(),
      rate_limits: z.object({ requestsPerSecond: z.number(), requestsPerMonth: z.number() }),
      features: z.object({
        otpExtraction: z.boolean(),
        attachments: z.boolean(),
        maxAttachmentSizeMb: z.number(),
        customDomains: z.boolean(),
        websocket: z.boolean(),
        maxWsConnections: z.number(),
        webhooks: z.boolean(),
        wait: z.boolean(),
      }),
      app_inboxes: z.array(z.string()),
      api_inboxes: z.array(z.string()),
      app_inbox_count: z.number(),
      api_inbox_count: z.number(),
      inbox_limit: z.number().nullable(),
      custom_domains: z.array(z.object({ domain: z.string(), verified: z.boolean(), mx_record: z.string(), txt_record: z.string() })),
      custom_domain_count: z.number(),
      retention: z.object({ messagesPerInbox: z.number(), maxAgeHours: z.number().nullable() }),
    }),
  }),
  usage: z.object({
    success: ok,
    data: z.object({
      plan: z.enum(PLAN_NAMES),
      requests_used: z.number(),
      requests_limit: z.number(),
      requests_remaining: z.number(),
      credits_remaining: z.number(),
      percent_used: z.string().regex(/^\d+(\.\d)?%$/),
      period: z.string(),
      resets: iso,
    }),
  }),
  listDomains: z.object({ success: ok, data: z.array(PlatformDomainView), count: z.number(), note: z.string() }),
  listAllDomains: z.object({ success: ok, data: z.array(PlatformDomainView), count: z.number() }),
  addCustomDomain: z.object({ success: ok, message: z.string(), data: CustomDomain }),
  listCustomDomains: z.object({
    success: ok,
    count: z.number(),
    data: z.array(CustomDomain.omit({ dns_records: true, next_step: true })),
  }),
  verifyCustomDomain: z.object({
    success: ok,
    verified: z.literal(true),
    message: z.string(),
    data: z.object({ domain: z.string(), verified: z.boolean(), mx_record: z.string(), txt_record: z.string() }).optional(),
  }),
  verifyCustomDomainFailed: z.object({
    success: z.literal(false),
    verified: z.literal(false),
    error: z.literal('verification_failed'),
    message: z.string(),
    hint: z.string(),
    dns_records_needed: z.array(DnsRecord),
  }),
  removeCustomDomain: z.object({ success: ok, message: z.string(), inboxes_removed: z.array(z.string()) }),
  registerInbox: z.object({
    success: ok,
    message: z.string(),
    inbox: z.string(),
    data: z.object({ inbox: z.string(), registered_at: iso }),
  }),
  registerInboxExisting: z.object({ success: ok, message: z.string(), inbox: z.string() }),
  listInboxes: z.object({
    success: ok,
    count: z.number(),
    data: z.array(InboxEntry),
    /** The hosted server's names for the same list (inboxes registered through the API) and its length. */
    api_inboxes: z.array(InboxEntry),
    api_inbox_count: z.number(),
    /** Inboxes of the hosted web app: always none on the emulator. */
    app_inboxes: z.array(z.string()),
    app_inbox_count: z.number(),
  }),
  removeInbox: z.object({ success: ok, message: z.string() }),
  startTest: z.object({ success: ok, message: z.string(), test_id: z.string(), inbox: z.string(), started_at: iso }),
  listMessages: z.object({ success: ok, data: z.array(ListedMessage.loose()), count: z.number() }).loose(),
  getMessage: z.object({ success: ok, data: FullMessage }).loose(),
  /** `success: false` (still 200) when the id is not, or no longer, in the inbox. */
  deleteMessage: z.object({ success: z.boolean(), message: z.string() }),
  otp: z.union([
    z.object({ success: ok, otp: z.null(), message: z.string() }).loose(),
    z
      .object({
        success: ok,
        otp: z.string(),
        email_id: z.string(),
        from: z.string(),
        subject: z.string(),
        /** ms since the epoch, as the hosted service and its SDKs have it. */
        timestamp: z.number().int(),
        verification_link: z.string().nullable(),
      })
      .loose(),
  ]),
  wait: z.union([
    z.object({ success: ok, message: z.string(), data: MessageSummary.loose() }).loose(),
    z.object({ success: z.literal(false), message: z.literal('Timeout reached') }).loose(),
  ]),
  timeline: z.object({
    success: ok,
    inbox: z.string(),
    data: z.array(TimelineEvent),
    duration_hours: z.number(),
    event_count: z.number(),
    test_id: z.string().optional(),
  }),
  insights: z.object({
    success: ok,
    inbox: z.string(),
    data: z.array(z.object({ type: z.enum(INSIGHT_TYPES), message: z.string() })),
    count: z.number(),
    analyzed_at: iso,
  }),
  addWebhook: z.object({
    success: ok,
    id: z.string(),
    inbox: z.string(),
    url: z.string(),
    secret: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  listWebhooks: z.object({
    success: ok,
    count: z.number(),
    data: z.array(
      z.object({
        _id: z.string(),
        inbox: z.string(),
        url: z.string(),
        createdAt: iso,
        failureCount: z.number(),
      }),
    ),
  }),
  removeWebhook: z.object({ success: ok, message: z.string() }),
} as const;

export type Responses = { [K in keyof typeof responses]: z.infer<(typeof responses)[K]> };

// ---------- WebSocket frames ----------
export const WsConnectedFrame = z.object({
  type: z.literal('connected'),
  plan: z.enum(PLAN_NAMES),
  subscribed_inboxes: z.array(z.string()),
  connection_count: z.number(),
  max_connections: z.number(),
  features: z.object({ otp_extraction: z.boolean(), attachments: z.boolean() }),
});
export const WsErrorFrame = z.object({ type: z.literal('error'), code: z.string(), message: z.string() });
export const WsPongFrame = z.object({ type: z.literal('pong'), ts: z.number() });
