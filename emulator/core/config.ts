// The emulator's configuration: everything brand-like in the hosted service (mail host, TXT prefix,
// platform domains, plan numbers, upgrade links) is a setting here. The defaults are generic, except
// that the platform domains include the hosted service's own names beside the reserved `.test` ones.
import { PLANS, type Plan, type PlanName } from '../../src/api/plans.js';

export interface PlatformDomain {
  domain: string;
  tier: 'free' | 'pro';
  tags: string[];
  /** When the domain's registration runs out (ISO 8601); absent: it does not expire. */
  expiresAt?: string;
}

export interface EmulatorSettings {
  /** Mail host that a custom domain's MX record must point to. */
  mxHost: string;
  /** Prefix of the verification TXT value: `<prefix>=<token>`. */
  txtPrefix: string;
  platformDomains: PlatformDomain[];
  plans: Record<PlanName, Plan>;
  upgradeUrl: string;
  creditsUrl: string;
  /** The `docs` link of the 401 for a request without a key (the hosted server's API docs by default). */
  docsUrl: string;
  /** Largest message accepted over SMTP, in bytes. */
  maxMessageBytes: number;
  /** Largest JSON request body accepted over HTTP, in bytes. */
  maxBodyBytes: number;
  /** Custom domains per account (API document, "Limits"). */
  maxCustomDomains: number;
  /**
   * Webhooks per account (the emulator's own bound: the hosted service states none). One more is 400
   * `limit_reached`; disabled webhooks make room for it first (core/delivery/webhooks.ts).
   */
  maxWebhooksPerAccount: number;
  /**
   * Bytes a WebSocket (push or tunnel) may have queued for a client that does not read them; past
   * it the connection is cut (close code 1008 where it can still be sent). The viewer's event stream
   * (GET /_viewer/events) cuts a page that does not read at the same limit.
   */
  maxWsBufferedBytes: number;
  /**
   * A webhook tunnel no watcher has been connected to for this long (emulator time, downtime
   * included) expires: it reads as gone, is neither queued to nor charged for, and is removed with
   * its webhooks and queued deliveries (docs/webhooks.md).
   */
  tunnelExpiryMs: number;
  /**
   * Deliveries one tunnel holds (waiting for its watcher or for the watcher's answer); past it a new
   * delivery for the tunnel is not made: not queued, not charged, not counted as a failure.
   */
  maxTunnelQueue: number;
}

/** The hosted service's platform domains: free ones for every plan, pro ones from growth up. */
export const HOSTED_PLATFORM_DOMAINS: readonly PlatformDomain[] = [
  { domain: 'ditube.info', tier: 'free', tags: [] },
  { domain: 'ditplay.info', tier: 'free', tags: ['popular'] },
  { domain: 'ditapi.info', tier: 'free', tags: [] },
  { domain: 'ditcloud.info', tier: 'free', tags: [] },
  { domain: 'ditdrive.info', tier: 'free', tags: [] },
  { domain: 'ditgame.info', tier: 'free', tags: [] },
  { domain: 'ditlearn.info', tier: 'free', tags: [] },
  { domain: 'ditpay.info', tier: 'free', tags: [] },
  { domain: 'junkstopper.info', tier: 'free', tags: [] },
  { domain: 'areueally.info', tier: 'free', tags: [] },
  { domain: 'addmy.space', tier: 'free', tags: [] },
  { domain: 'attachmy.site', tier: 'free', tags: ['new'] },
  { domain: 'ditmail.pro', tier: 'pro', tags: ['new', 'featured'] },
  { domain: 'isapi.live', tier: 'pro', tags: ['new'] },
  { domain: 'mock-api.pro', tier: 'pro', tags: ['new', 'featured'] },
];

export const DEFAULT_SETTINGS: EmulatorSettings = {
  mxHost: 'mx.inbox.test',
  txtPrefix: 'inbox-verification',
  // Reserved names (RFC 2606 / RFC 6761) first, then the hosted service's own platform domains with
  // its tiers and tags, so code and clients that name them (the official CLI's random and dev inboxes,
  // the official MCP server's default ditube.info) work unchanged offline. Mail to any of them reaches
  // the emulator only through its own SMTP port; nothing here sends mail anywhere.
  platformDomains: [
    { domain: 'inbox.test', tier: 'free', tags: ['default'] },
    { domain: 'mail.test', tier: 'free', tags: [] },
    { domain: 'example.test', tier: 'free', tags: [] },
    { domain: 'pro.inbox.test', tier: 'pro', tags: ['pro'] },
    { domain: 'vip.test', tier: 'pro', tags: ['pro'] },
    ...HOSTED_PLATFORM_DOMAINS,
  ],
  plans: PLANS,
  upgradeUrl: 'http://127.0.0.1/upgrade',
  creditsUrl: 'http://127.0.0.1/credits',
  docsUrl: 'https://freecustom.email/docs/api',
  maxMessageBytes: 60 * 1024 * 1024,
  maxBodyBytes: 1024 * 1024,
  maxCustomDomains: 10,
  maxWebhooksPerAccount: 5_000,
  maxWsBufferedBytes: 4 * 1024 * 1024,
  tunnelExpiryMs: 24 * 3_600_000,
  maxTunnelQueue: 1000,
};

export function resolveSettings(overrides: Partial<EmulatorSettings> = {}): EmulatorSettings {
  return { ...DEFAULT_SETTINGS, ...overrides };
}
