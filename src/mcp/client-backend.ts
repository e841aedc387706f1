// The agent tools over the API client: `inbox mcp` reaches the hosted service or an emulator with the
// same profile, key and base URL rules as every other command. The client's readers (read.ts) already
// give one view of either service; this turns them into the tools' shapes and its errors into
// ToolFailures that name the fix.
import { lowestPlanWith } from '../api/plans.js';
import type { InboxClient } from '../client/client.js';
import { InboxApiError, InboxNetworkError } from '../client/errors.js';
import { ToolFailure, type BackendDomain, type BackendFullMessage, type BackendMessage, type MailBackend } from './backend.js';
import { toolFailure } from './fixes.js';

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1';
  } catch {
    return false;
  }
}

export class ClientBackend implements MailBackend {
  readonly label: string;
  readonly #emulator: boolean;

  constructor(private readonly client: InboxClient) {
    this.#emulator = isLoopback(client.baseUrl);
    this.label = this.#emulator ? `the emulator at ${client.baseUrl}` : client.baseUrl;
  }

  /** Runs a client call; its failures become ToolFailures with their fix. */
  async #call<T>(fn: () => Promise<T>, feature?: 'wait' | 'customDomains'): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof InboxApiError) {
        const plan = (e.body as { recommended_plan?: unknown } | undefined)?.recommended_plan;
        throw toolFailure(e.code, e.message, {
          emulator: this.#emulator,
          plan: typeof plan === 'string' ? plan : feature ? lowestPlanWith((p) => p[feature]) : undefined,
        });
      }
      if (e instanceof InboxNetworkError) {
        throw new ToolFailure(
          'unreachable',
          `Cannot reach ${this.client.baseUrl}: ${e.message}.`,
          this.#emulator
            ? 'Start the emulator with "inbox emulate" (or point the MCP server elsewhere with --base-url).'
            : 'Check the base URL (--base-url, INBOX_BASE_URL or the profile) and the network.',
        );
      }
      throw e;
    }
  }

  async listDomains(): Promise<BackendDomain[]> {
    const platform = await this.#call(() => this.client.listDomains());
    const out: BackendDomain[] = platform.data.map((d) => ({ domain: d.domain, kind: d.tier }));
    try {
      const custom = await this.client.listCustomDomains();
      for (const d of custom.data) out.push({ domain: d.domain, kind: 'custom', verified: d.verified });
    } catch (e) {
      // Below the custom-domains plan the list is refused: the platform domains are the answer.
      if (!(e instanceof InboxApiError && e.status === 403)) await this.#call(() => Promise.reject(e));
    }
    return out;
  }

  async registerInbox(address: string) {
    const r = await this.#call(() => this.client.registerInbox(address));
    return { inbox: r.inbox || address.toLowerCase(), created: r.created };
  }

  async listInboxes(): Promise<string[]> {
    return (await this.#call(() => this.client.listInboxes())).data.map((d) => d.inbox);
  }

  async listMessages(inbox: string): Promise<BackendMessage[]> {
    return (await this.#call(() => this.client.listMessages(inbox))).data.map(summary);
  }

  async getMessage(inbox: string, id: string): Promise<BackendFullMessage> {
    const m = (await this.#call(() => this.client.getMessage(inbox, id))).data;
    const out: BackendFullMessage = { ...summary(m), text: m.text, html: m.html, attachments: null };
    if (m.attachments) out.attachments = m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size }));
    if (m._attachments_blocked) out.attachmentsNote = m._attachments_blocked;
    else if (!m.attachments && m.hasAttachment)
      out.attachmentsNote = `not returned on this plan (the ${lowestPlanWith((p) => p.attachments)} plan and up get them)`;
    if (!out.attachments && !m.hasAttachment) out.attachments = [];
    return out;
  }

  async wait(inbox: string, req: { seconds: number; since?: string; signal?: AbortSignal }): Promise<BackendMessage | null> {
    const r = await this.#call(() => this.client.wait(inbox, { timeout: req.seconds, since: req.since, signal: req.signal }), 'wait');
    return r.success ? summary(r.data) : null;
  }

  async deleteMessage(inbox: string, id: string): Promise<boolean> {
    return (await this.#call(() => this.client.deleteMessage(inbox, id))).success;
  }

  async removeInbox(inbox: string): Promise<void> {
    await this.#call(() => this.client.removeInbox(inbox));
  }

  async usage() {
    const u = (await this.#call(() => this.client.usage())).data;
    return {
      plan: u.plan,
      used: u.requests_used,
      limit: u.requests_limit,
      remaining: u.requests_remaining,
      credits: u.credits_remaining,
      resets: u.resets,
    };
  }
}

function summary(m: { id: string; from: string; to: string; subject: string; date: string; hasAttachment: boolean }): BackendMessage {
  return { id: m.id, from: m.from, to: m.to, subject: m.subject, date: m.date, hasAttachment: m.hasAttachment };
}
