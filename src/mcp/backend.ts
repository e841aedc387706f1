// What the agent tools (tools.ts) need of a mail service, whichever answers: `inbox mcp` reaches the
// hosted service or an emulator through the API client (client-backend.ts); `inbox emulate` serves the
// same tools at /mcp straight over its core (emulator/core/mcp/agent-backend.ts). One shape for both,
// so the tools behave the same everywhere. No imports: the emulator and the CLI both read it.

export interface BackendMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  /** ISO 8601. */
  date: string;
  hasAttachment: boolean;
}

export interface BackendAttachment {
  filename: string;
  contentType: string;
  size: number;
}

export interface BackendFullMessage extends BackendMessage {
  text: string | null;
  html: string | null;
  /** Null when the plan does not return attachments (`attachmentsNote` says so). */
  attachments: BackendAttachment[] | null;
  attachmentsNote?: string;
}

export interface BackendDomain {
  domain: string;
  /** `free` and `pro` platform domains, or the account's own `custom` ones. */
  kind: 'free' | 'pro' | 'custom';
  /** Custom domains: whether inboxes can be registered at it yet. */
  verified?: boolean;
}

export interface BackendUsage {
  plan: string;
  used: number;
  limit: number;
  remaining: number;
  credits: number;
  resets: string;
}

/** One long-poll: the next message, or null when the time ran out. */
export interface WaitRequest {
  /** Seconds to hold (the service's own bounds apply; the caller may stop it sooner with `signal`). */
  seconds: number;
  /** An id the caller has seen: a message newer than it is answered at once. */
  since?: string;
  signal?: AbortSignal;
}

/**
 * A failure the agent can act on: what went wrong and the one thing that fixes it. `code` is the
 * service's error code (or the tool's own: `unknown_inbox`, `plan_required`, `invalid_key`, ...).
 */
export class ToolFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'ToolFailure';
  }
}

export interface MailBackend {
  /** Where the tools are pointed, in words (`the emulator at http://127.0.0.1:4580`). */
  readonly label: string;
  listDomains(): Promise<BackendDomain[]>;
  registerInbox(address: string): Promise<{ inbox: string; created: boolean }>;
  listInboxes(): Promise<string[]>;
  /** Newest first. */
  listMessages(inbox: string): Promise<BackendMessage[]>;
  getMessage(inbox: string, id: string): Promise<BackendFullMessage>;
  wait(inbox: string, req: WaitRequest): Promise<BackendMessage | null>;
  /** False when the id is not (or no longer) in the inbox. */
  deleteMessage(inbox: string, id: string): Promise<boolean>;
  removeInbox(inbox: string): Promise<void>;
  usage(): Promise<BackendUsage>;
}
