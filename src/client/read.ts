// Reading answers leniently: the hosted service and `inbox emulate` do not answer every route with
// the same shape (the emulator's is a superset; the hosted server leaves out some fields, wraps some
// objects in `data` and not others, sends timestamps in ms). Each reader takes the parsed JSON of
// either and returns one view, the emulator's shape, with what is missing filled with a neutral value
// (`null`, `''`, `0`, `[]`). InboxClient returns these views, so the CLI reads one shape.
import type { PlanName } from '../api/plans.js';
import type { CustomDomain, DnsRecord, FullMessage, MessageSummary, Responses, TimelineEvent } from '../api/schemas.js';

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {};
}
function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}
function strOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
function num(v: unknown, fallback = 0): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fallback;
}
function numOrNull(v: unknown): number | null {
  const n = num(v, NaN);
  return Number.isNaN(n) ? null : n;
}
function bool(v: unknown, fallback = false): boolean {
  return typeof v === 'boolean' ? v : fallback;
}
function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
function strings(v: unknown): string[] {
  return list(v).filter((x): x is string => typeof x === 'string');
}
/** `body.data` when it is an object, else the body itself (the hosted server sends some objects bare). */
function unwrap(body: unknown): Obj {
  const b = obj(body);
  return isObj(b.data) ? b.data : b;
}
/** An ISO 8601 time from an ISO string or ms since the epoch; '' when neither. */
function isoFrom(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString();
  if (typeof v === 'string') {
    if (/^\d{10,}$/.test(v)) return new Date(Number(v)).toISOString();
    return v;
  }
  return '';
}
/** ms since the epoch from a number or an ISO string; null when neither. */
function msFrom(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v !== '') {
    const t = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
    return Number.isFinite(t) ? t : null;
  }
  return null;
}
function plan(v: unknown): PlanName {
  return (typeof v === 'string' ? v : 'free') as PlanName;
}

// ---------- account ----------

export type MeView = {
  success: boolean;
  data: Omit<Responses['me']['data'], 'inbox_limit' | 'retention' | 'features'> & {
    features: Omit<Responses['me']['data']['features'], 'webhooks' | 'wait'> & { webhooks?: boolean; wait?: boolean };
    /** Emulator only: the plan's inbox cap (null: unlimited). */
    inbox_limit?: number | null;
    retention?: Responses['me']['data']['retention'];
  };
};

export function readMe(body: unknown): MeView {
  const d = unwrap(body);
  const rl = obj(d.rate_limits);
  const f = obj(d.features);
  const api = strings(d.api_inboxes);
  const app = strings(d.app_inboxes);
  const domains = list(d.custom_domains)
    .filter(isObj)
    .map((c) => ({
      domain: str(c.domain),
      verified: bool(c.verified),
      mx_record: str(c.mx_record),
      txt_record: str(c.txt_record),
    }));
  const data: MeView['data'] = {
    plan: plan(d.plan),
    plan_label: str(d.plan_label),
    price: str(d.price),
    credits: num(d.credits),
    rate_limits: { requestsPerSecond: num(rl.requestsPerSecond), requestsPerMonth: num(rl.requestsPerMonth) },
    features: {
      otpExtraction: bool(f.otpExtraction),
      attachments: bool(f.attachments),
      maxAttachmentSizeMb: num(f.maxAttachmentSizeMb),
      customDomains: bool(f.customDomains),
      websocket: bool(f.websocket),
      maxWsConnections: num(f.maxWsConnections),
    },
    app_inboxes: app,
    api_inboxes: api,
    app_inbox_count: num(d.app_inbox_count, app.length),
    api_inbox_count: num(d.api_inbox_count, api.length),
    custom_domains: domains,
    custom_domain_count: num(d.custom_domain_count, domains.length),
  };
  if (typeof f.webhooks === 'boolean') data.features.webhooks = f.webhooks;
  if (typeof f.wait === 'boolean') data.features.wait = f.wait;
  if (d.inbox_limit === null || typeof d.inbox_limit === 'number') data.inbox_limit = d.inbox_limit as number | null;
  if (isObj(d.retention)) {
    data.retention = { messagesPerInbox: num(d.retention.messagesPerInbox), maxAgeHours: numOrNull(d.retention.maxAgeHours) };
  }
  return { success: bool(obj(body).success, true), data };
}

export type UsageView = { success: boolean; data: Omit<Responses['usage']['data'], 'period'> & { period?: string } };

export function readUsage(body: unknown): UsageView {
  const d = unwrap(body);
  const used = num(d.requests_used);
  const limit = num(d.requests_limit);
  const data: UsageView['data'] = {
    plan: plan(d.plan),
    requests_used: used,
    requests_limit: limit,
    requests_remaining: num(d.requests_remaining, Math.max(0, limit - used)),
    credits_remaining: num(d.credits_remaining),
    percent_used: typeof d.percent_used === 'string' ? d.percent_used : `${(limit > 0 ? (used / limit) * 100 : 0).toFixed(1)}%`,
    resets: isoFrom(d.resets ?? d.resets_at),
  };
  if (typeof d.period === 'string') data.period = d.period;
  return { success: bool(obj(body).success, true), data };
}

// ---------- domains ----------

export type PlatformDomainItem = Responses['listDomains']['data'][number];
export type DomainsView = { success: boolean; data: PlatformDomainItem[]; count: number; note?: string };

function readPlatformDomain(v: Obj): PlatformDomainItem {
  return {
    domain: str(v.domain),
    tier: v.tier === 'pro' ? 'pro' : 'free',
    tags: strings(v.tags),
    expires_at: typeof v.expires_at === 'string' ? v.expires_at : null,
    expires_in_days: numOrNull(v.expires_in_days),
    expiring_soon: bool(v.expiring_soon),
    expired: bool(v.expired),
  };
}

export function readDomains(body: unknown): DomainsView {
  const b = obj(body);
  const data = list(b.data)
    .filter(isObj)
    .map(readPlatformDomain)
    .filter((d) => d.domain !== '');
  const view: DomainsView = { success: bool(b.success, true), data, count: num(b.count, data.length) };
  if (typeof b.note === 'string') view.note = b.note;
  return view;
}

function readDnsRecord(v: Obj): DnsRecord {
  return {
    type: v.type === 'TXT' ? 'TXT' : 'MX',
    hostname: str(v.hostname),
    value: str(v.value),
    priority: v.priority === undefined || v.priority === null ? '' : String(v.priority),
    ttl: v.ttl === undefined || v.ttl === null ? '' : String(v.ttl),
  };
}

function readCustomDomain(v: Obj): CustomDomain {
  const out: CustomDomain = {
    domain: str(v.domain),
    verified: bool(v.verified),
    mx_record: str(v.mx_record),
    txt_record: str(v.txt_record),
    added_at: isoFrom(v.added_at),
  };
  if (Array.isArray(v.dns_records)) out.dns_records = v.dns_records.filter(isObj).map(readDnsRecord);
  if (typeof v.next_step === 'string') out.next_step = v.next_step;
  return out;
}

export type AddCustomDomainView = { success: boolean; message: string; data: CustomDomain };

export function readAddCustomDomain(body: unknown): AddCustomDomainView {
  const b = obj(body);
  return { success: bool(b.success, true), message: str(b.message), data: readCustomDomain(unwrap(body)) };
}

export type CustomDomainsView = { success: boolean; count: number; data: CustomDomain[] };

export function readCustomDomains(body: unknown): CustomDomainsView {
  const b = obj(body);
  const data = list(b.data).filter(isObj).map(readCustomDomain);
  return { success: bool(b.success, true), count: num(b.count, data.length), data };
}

export type VerifyView = Responses['verifyCustomDomain'];

export function readVerify(body: unknown): VerifyView {
  const b = obj(body);
  const view: VerifyView = { success: true, verified: true, message: str(b.message) };
  if (isObj(b.data)) {
    const d = b.data;
    view.data = { domain: str(d.domain), verified: bool(d.verified, true), mx_record: str(d.mx_record), txt_record: str(d.txt_record) };
  }
  return view;
}

export type RemoveCustomDomainView = { success: boolean; message: string; inboxes_removed: string[] };

export function readRemoveCustomDomain(body: unknown): RemoveCustomDomainView {
  const b = obj(body);
  return { success: bool(b.success, true), message: str(b.message), inboxes_removed: strings(b.inboxes_removed) };
}

// ---------- inboxes ----------

export type RegisterView = {
  success: boolean;
  /** True when this call registered the inbox (201); false when it was registered already (200). */
  created: boolean;
  message: string;
  inbox: string;
  data: { inbox: string; registered_at: string | null };
};

export function readRegister(status: number, body: unknown, sent: string): RegisterView {
  const b = obj(body);
  const d = obj(b.data);
  const inbox = str(b.inbox) || str(d.inbox) || sent.trim().toLowerCase();
  return {
    success: bool(b.success, true),
    created: status === 201,
    message: str(b.message),
    inbox,
    data: { inbox, registered_at: typeof d.registered_at === 'string' ? d.registered_at : null },
  };
}

export type InboxItem = { inbox: string; local: string; domain: string; registered_at: string | null };
export type InboxesView = { success: boolean; count: number; data: InboxItem[] };

export function readInboxes(body: unknown): InboxesView {
  const b = obj(body);
  const data = list(b.data).flatMap((v): InboxItem[] => {
    const o = typeof v === 'string' ? { inbox: v } : isObj(v) ? v : null;
    const inbox = o ? str(o.inbox) : '';
    if (!o || inbox === '') return [];
    const at = inbox.lastIndexOf('@');
    return [
      {
        inbox,
        local: str(o.local) || (at > 0 ? inbox.slice(0, at) : inbox),
        domain: str(o.domain) || (at > 0 ? inbox.slice(at + 1) : ''),
        registered_at: typeof o.registered_at === 'string' ? o.registered_at : null,
      },
    ];
  });
  return { success: bool(b.success, true), count: num(b.count, data.length), data };
}

/** Remove inbox, delete message, remove webhook: `{success, message}`. `success` may be false on a 200. */
export type DoneView = { success: boolean; message: string };

export function readDone(body: unknown): DoneView {
  const b = obj(body);
  return { success: bool(b.success, true), message: str(b.message) };
}

export type StartTestView = { success: boolean; message: string; test_id: string; inbox?: string; started_at?: string };

export function readStartTest(body: unknown, sentId?: string): StartTestView {
  const b = obj(body);
  const view: StartTestView = { success: bool(b.success, true), message: str(b.message), test_id: str(b.test_id, sentId ?? '') };
  if (typeof b.inbox === 'string') view.inbox = b.inbox;
  if (typeof b.started_at === 'string') view.started_at = b.started_at;
  return view;
}

// ---------- messages ----------

export type MessageItem = MessageSummary & { wasAttachmentStripped?: boolean; _upgrade_hint?: string };

function readSummary(v: Obj): MessageItem {
  const out: MessageItem = {
    id: typeof v.id === 'number' ? String(v.id) : str(v.id),
    from: str(v.from),
    to: str(v.to),
    subject: str(v.subject),
    date: isoFrom(v.date),
    hasAttachment: bool(v.hasAttachment),
    otp: strOrNull(v.otp),
    verificationLink: strOrNull(v.verificationLink),
  };
  if (typeof v.wasAttachmentStripped === 'boolean') out.wasAttachmentStripped = v.wasAttachmentStripped;
  if (typeof v._upgrade_hint === 'string') out._upgrade_hint = v._upgrade_hint;
  return out;
}

export type MessagesView = { success: boolean; data: MessageItem[]; count: number; _upgrade_hint?: string };

export function readMessages(body: unknown): MessagesView {
  const b = obj(body);
  const data = list(b.data).filter(isObj).map(readSummary);
  const view: MessagesView = { success: bool(b.success, true), data, count: num(b.count, data.length) };
  if (typeof b._upgrade_hint === 'string') view._upgrade_hint = b._upgrade_hint;
  return view;
}

export type MessageView = { success: boolean; data: FullMessage };

export function readMessage(body: unknown): MessageView {
  const d = unwrap(body);
  const m: FullMessage = {
    ...readSummary(d),
    // The hosted server may carry the text as `body` (its CLI shows `body` when `text` is empty).
    text: strOrNull(d.text) ?? strOrNull(d.body),
    html: strOrNull(d.html),
  };
  if (Array.isArray(d.attachments)) {
    m.attachments = d.attachments.filter(isObj).map((a) => ({
      filename: str(a.filename),
      contentType: str(a.contentType),
      size: num(a.size),
      content: str(a.content),
    }));
  }
  if (typeof d._attachments_blocked === 'string') m._attachments_blocked = d._attachments_blocked;
  if (typeof d._upgrade_hint === 'string') m._upgrade_hint = d._upgrade_hint;
  return { success: bool(obj(body).success, true), data: m };
}

export type OtpView = {
  success: boolean;
  otp: string | null;
  email_id: string | null;
  from: string | null;
  subject: string | null;
  /** ms since the epoch (the hosted service's unit); an ISO string from elsewhere is converted. */
  timestamp: number | null;
  verification_link: string | null;
  message?: string;
};

export function readOtp(body: unknown): OtpView {
  const b = obj(body);
  const view: OtpView = {
    success: bool(b.success, true),
    otp: typeof b.otp === 'string' && b.otp !== '' && b.otp !== 'null' ? b.otp : null,
    email_id: strOrNull(b.email_id),
    from: strOrNull(b.from),
    subject: strOrNull(b.subject),
    timestamp: msFrom(b.timestamp),
    verification_link: strOrNull(b.verification_link),
  };
  if (typeof b.message === 'string') view.message = b.message;
  return view;
}

// ---------- timeline and insights ----------

/** An event as read from either service: `timestamp` as ISO 8601 whichever form it came in. */
export type TimelineItem = Omit<TimelineEvent, 'type' | 'latency_ms' | 'timestamp' | 'inbox'> & {
  type: string;
  timestamp: string;
  latency_ms: number | null;
};
export type TimelineView = {
  success: boolean;
  inbox: string;
  data: TimelineItem[];
  duration_hours: number;
  event_count: number;
  test_id?: string;
};

/** `data` is the list of events (hosted service, and the emulator now); an older `{events}` object is read too. */
export function readTimeline(body: unknown, inbox: string): TimelineView {
  const b = obj(body);
  const inner = obj(b.data);
  const raw = Array.isArray(b.data) ? b.data : list(inner.events);
  const data = raw.filter(isObj).map((e) => {
    const item: TimelineItem = {
      id: str(e.id),
      type: str(e.type, 'unknown'),
      timestamp: isoFrom(e.timestamp),
      latency_ms: numOrNull(e.latency_ms),
      metadata: obj(e.metadata),
    };
    if (typeof e.test_run_id === 'string') item.test_run_id = e.test_run_id;
    return item;
  });
  const view: TimelineView = {
    success: bool(b.success, true),
    inbox: str(b.inbox) || str(inner.inbox) || inbox,
    data,
    duration_hours: num(b.duration_hours ?? inner.duration_hours, 24),
    event_count: num(b.event_count ?? inner.event_count, data.length),
  };
  if (typeof b.test_id === 'string') view.test_id = b.test_id;
  return view;
}

export type InsightItem = { type: string; message: string };
export type InsightsView = { success: boolean; inbox: string; data: InsightItem[]; count: number; analyzed_at: string | null };

export function readInsights(body: unknown, inbox: string): InsightsView {
  const b = obj(body);
  const inner = obj(b.data);
  const raw = Array.isArray(b.data) ? b.data : list(inner.insights);
  const data = raw.filter(isObj).map((i) => ({ type: str(i.type, 'unknown'), message: str(i.message) }));
  const at = b.analyzed_at ?? inner.analyzed_at;
  return {
    success: bool(b.success, true),
    inbox: str(b.inbox) || str(inner.inbox) || inbox,
    data,
    count: num(b.count, data.length),
    analyzed_at: at === undefined || at === null ? null : isoFrom(at),
  };
}

// ---------- webhooks ----------

/** `secret` is '' if the server did not send one. */
export type AddWebhookView = { success: boolean; id: string; inbox: string; url: string; secret: string };

export function readAddWebhook(body: unknown): AddWebhookView {
  const b = obj(body);
  return { success: bool(b.success, true), id: str(b.id) || str(b._id), inbox: str(b.inbox), url: str(b.url), secret: str(b.secret) };
}

export type WebhookItem = Responses['listWebhooks']['data'][number];
export type WebhooksView = { success: boolean; count: number; data: WebhookItem[] };

export function readWebhooks(body: unknown): WebhooksView {
  const b = obj(body);
  const data = list(b.data)
    .filter(isObj)
    .map((w) => ({
      _id: str(w._id) || str(w.id),
      inbox: str(w.inbox),
      url: str(w.url),
      createdAt: isoFrom(w.createdAt),
      failureCount: num(w.failureCount),
    }));
  return { success: bool(b.success, true), count: num(b.count, data.length), data };
}
