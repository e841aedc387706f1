// The shapes of the persisted documents, and the seed of a fresh data file.
import type { PlanName } from '../../src/api/plans.js';
import { PLAN_NAMES } from '../../src/api/plans.js';
import type { TimelineEvent } from '../../src/api/schemas.js';
import { STORE_FORMAT } from '../store/store.js';

export interface AccountRecord {
  id: string;
  apiKey: string;
  plan: PlanName;
  credits: number;
  /** Overrides of the plan's limits (control surface). */
  limits?: { perSecond?: number; perMonth?: number };
  createdAt: number;
  usage: { period: string; used: number };
}

export interface CustomDomainRecord {
  accountId: string;
  domain: string;
  verified: boolean;
  addedAt: number;
  verifiedAt?: number;
  /**
   * Made by catch-all for mail to a domain nobody had (core/accounts/catch-all.ts): verified by the
   * emulator, not counted toward the account's custom domains, dropped once no inbox is left at it.
   */
  byCatchAll?: true;
}

export interface InboxRecord {
  accountId: string;
  inbox: string;
  local: string;
  domain: string;
  registeredAt: number;
  /** Test runs started on the inbox (POST /v1/inboxes/{inbox}/tests), oldest first; see test-runs.ts. */
  tests?: TestRun[];
  /** Registered by catch-all on arrival of mail (counts toward its cap; core/accounts/catch-all.ts). */
  byCatchAll?: true;
}

export interface TestRun {
  id: string;
  startedAt: number;
}

export interface WebhookRecord {
  id: string;
  accountId: string;
  inbox: string;
  url: string;
  secret: string;
  createdAt: number;
  failureCount: number;
  active: boolean;
  /** Set when the webhook points at a tunnel served by this emulator. */
  tunnelId?: string;
}

/**
 * A webhook delivery not yet attempted to completion (kept in a document of its own,
 * core/delivery/deliveries.ts): made after a restart, or, for a tunnel, when its watcher (re)connects.
 * Removed once its result is counted.
 */
export interface PendingDelivery {
  id: string;
  webhookId: string;
  accountId: string;
  inbox: string;
  messageId: string;
  url: string;
  tunnelId?: string;
  /** The exact JSON body text. */
  body: string;
  /** Units charged when the delivery was created (2, or 4 with an OTP). */
  cost: number;
  createdAt: number;
}

/** A webhook tunnel served by this emulator; see core/delivery/tunnel.ts. */
export interface TunnelRecord {
  id: string;
  url: string;
  createdAt: number;
  /**
   * The account whose key opened it: only that key lists it, connects to it, closes it or points a
   * webhook at it. Tunnels kept from before ownership existed have none and serve nobody.
   */
  accountId?: string;
  /**
   * Emulator time a watcher was last seen connected (set when one connects and leaves, and hourly
   * while one stays); absent: never. The tunnel expires `tunnelExpiryMs` after it (or after
   * `createdAt`) while no watcher is connected (core/delivery/tunnel.ts).
   */
  lastSeenAt?: number;
}

export interface SimulatedDnsRecord {
  type: 'MX' | 'TXT';
  value: string;
  priority?: number;
}

export interface MainDoc {
  format: number;
  /** Server secret for deterministic TXT tokens. */
  secret: string;
  /** Offset added to real time by /_emulator/clock, so an emulated date survives a restart. */
  clockOffsetMs: number;
  accounts: AccountRecord[];
  customDomains: CustomDomainRecord[];
  inboxes: InboxRecord[];
  webhooks: WebhookRecord[];
  dns: Record<string, SimulatedDnsRecord[]>;
  /** Webhook tunnels served by this emulator (core/delivery/tunnel.ts). */
  tunnels: TunnelRecord[];
  /**
   * Webhook deliveries made and not yet counted, as data of format 2 kept them; since format 3 they
   * are in a document of their own (core/delivery/deliveries.ts), and a start moves these there.
   */
  webhookDeliveries?: PendingDelivery[];
  /**
   * How many times usage counters (accounts' `usage` and `credits`) have changed: the usage document
   * (core/accounts/usage.ts) carries the same number, and at start the newer of the two copies is read.
   */
  usageRev?: number;
}

/** A message as the store keeps it: the summary plus where its body lives. */
export interface StoredMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  receivedAt: number;
  hasAttachment: boolean;
  otp: string | null;
  verificationLink: string | null;
  size: number;
  /** Its file in the inbox's Maildir (`new/` or `cur/`; store/maildir.ts names it). */
  file: string;
}

export interface InboxDoc {
  inbox: string;
  /** The account the address was last registered to: its mail and timeline are that account's. */
  owner?: string;
  messages: StoredMessage[];
  timeline: StoredTimelineEvent[];
}

/**
 * A timeline event as the inbox's index keeps it: the time as ISO 8601 (the stored format since
 * the first release); the routes answer it as ms since the epoch, with the inbox and test run
 * (timeline.ts `view()`).
 */
export type StoredTimelineEvent = Omit<TimelineEvent, 'inbox' | 'timestamp' | 'test_run_id'> & { timestamp: string };

export const SEED_KEYS: Record<PlanName, string> = {
  free: 'emu_free',
  developer: 'emu_developer',
  startup: 'emu_startup',
  growth: 'emu_growth',
  enterprise: 'emu_enterprise',
};

export function seedMain(now: number, secret: string, clockOffsetMs = 0): MainDoc {
  const period = new Date(now).toISOString().slice(0, 7);
  return {
    format: STORE_FORMAT,
    secret,
    clockOffsetMs,
    accounts: PLAN_NAMES.map((plan) => ({
      id: `acct_${plan}`,
      apiKey: SEED_KEYS[plan],
      plan,
      credits: 0,
      createdAt: now,
      usage: { period, used: 0 },
    })),
    customDomains: [],
    inboxes: [],
    webhooks: [],
    dns: {},
    tunnels: [],
  };
}

export function emptyInboxDoc(inbox: string): InboxDoc {
  return { inbox, messages: [], timeline: [] };
}

/** Whether the document's mail is another account's than `account` (a document without an owner is no one's yet). */
export function heldByOther(doc: InboxDoc, account: string): boolean {
  return doc.owner !== undefined && doc.owner !== account;
}

/**
 * What is wrong with a loaded main document (null: nothing), so a hand-edited or damaged file is
 * refused at start instead of failing later; also fills in optional fields an older file lacks.
 */
export function checkMainDoc(doc: MainDoc): string | null {
  for (const key of ['accounts', 'customDomains', 'inboxes', 'webhooks'] as const) {
    if (!Array.isArray(doc[key])) return `"${key}" is not a list`;
  }
  if (typeof doc.secret !== 'string' || doc.secret === '') return '"secret" is missing';
  if (typeof doc.dns !== 'object' || doc.dns === null || Array.isArray(doc.dns)) return '"dns" is not an object';
  if (!doc.accounts.every((a) => a && typeof a.apiKey === 'string' && typeof a.id === 'string' && typeof a.usage?.used === 'number')) {
    return 'an account record is incomplete';
  }
  // Files written before tunnels and pending deliveries had fields of their own kept them in `ext`.
  const legacy = doc as MainDoc & { ext?: { tunnels?: unknown; webhookDeliveries?: unknown } };
  doc.tunnels ??= Array.isArray(legacy.ext?.tunnels) ? (legacy.ext.tunnels as TunnelRecord[]) : [];
  if (Array.isArray(legacy.ext?.webhookDeliveries)) doc.webhookDeliveries ??= legacy.ext.webhookDeliveries as PendingDelivery[];
  delete legacy.ext;
  if (!Array.isArray(doc.tunnels)) return '"tunnels" is not a list';
  if (doc.webhookDeliveries !== undefined && !Array.isArray(doc.webhookDeliveries)) return '"webhookDeliveries" is not a list';
  if (doc.usageRev !== undefined && !Number.isSafeInteger(doc.usageRev)) return '"usageRev" is not a whole number';
  doc.clockOffsetMs ??= 0;
  return null;
}
