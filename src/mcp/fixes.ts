// What fixes each failure a tool can meet, in words an agent (or the person beside it) can act on:
// the key, the plan, the inbox, the message, the limits. No sales text: a plan is named, not sold.
// Both backends (client-backend.ts and the emulator's) turn a service error into a ToolFailure here.
import { ToolFailure } from './backend.js';

export interface FixContext {
  /** The tools run against the local emulator (its seeded keys are then the fix for a plan). */
  emulator: boolean;
  /** The plan a refused feature needs, when the service said. */
  plan?: string;
}

function planFix(ctx: FixContext, what: string): string {
  const plan = ctx.plan ?? 'a higher';
  return ctx.emulator
    ? `${what} needs the ${plan} plan or above: give the MCP server a key of such a plan (the emulator's seeded keys: emu_developer, emu_startup, emu_growth, emu_enterprise).`
    : `${what} needs the ${plan} plan or above: use an API key of an account on that plan (inbox plans compares them).`;
}

/** A ToolFailure for a service error code and message. */
export function toolFailure(code: string, message: string, ctx: FixContext): ToolFailure {
  switch (code) {
    case 'unauthorized':
    case 'invalid_api_key':
      return new ToolFailure(
        code,
        message,
        ctx.emulator
          ? 'Give the MCP server a valid key: --api-key emu_enterprise (or another seeded key) in its command, INBOX_API_KEY, or "inbox config set api-key <key>".'
          : 'Give the MCP server a valid API key: --api-key <key> in its command, INBOX_API_KEY in its env, or "inbox config set api-key <key>".',
      );
    case 'plan_required':
    case 'plan_restriction':
      return new ToolFailure(code, message, planFix(ctx, 'This'));
    case 'inbox_not_owned':
      return /another account/i.test(message)
        ? new ToolFailure(code, message, 'That address belongs to another account: call create_inbox with another name.')
        : new ToolFailure('unknown_inbox', message, 'Create the inbox first with create_inbox (list_inboxes shows yours), or check the address.');
    case 'inbox_limit_reached':
      return new ToolFailure(code, message, 'Free a place with delete_inbox (list_inboxes shows yours), or use a key of a plan with more inboxes.');
    case 'domain_not_allowed':
    case 'domain_not_verified':
    case 'invalid_domain':
    case 'domain_not_found':
      return new ToolFailure(code, message, 'Use a domain from list_domains (a custom domain must be verified first).');
    case 'invalid_inbox':
    case 'missing_field':
      return new ToolFailure(code, message, 'Give a full address such as name@inbox.test (create_inbox makes one).');
    case 'not_found':
      return new ToolFailure(code, message, 'Check the message id: latest_message or a wait returns current ones (it may have been deleted or expired).');
    case 'rate_limit_exceeded':
      return new ToolFailure(code, message, 'Too many requests this second: wait a second and call again.');
    case 'monthly_quota_exceeded':
      return new ToolFailure(code, message, "The month's request units are used up: usage shows when they reset; credits or a higher plan add more.");
    default:
      return new ToolFailure(code, message, 'See the message; list_inboxes and usage show the state of the account.');
  }
}
