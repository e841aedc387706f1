// Maps client failures to CLI errors: exit code by class (auth, plan, not found, rate limited, network,
// timeout, rejected) and a hint that says what to do next.
import { isErrorBody, type ErrorBody } from '../api/errors.js';
import { lowestPlanWith, type Plan } from '../api/plans.js';
import { PathParamError } from '../api/routes.js';
import { InboxApiError, InboxNetworkError, InboxWaitTimeoutError } from '../client/errors.js';
import { isLoopbackUrl, maskKey, type ResolvedTarget } from '../config/resolve.js';
import { CliError } from './errors.js';

export interface ErrorHints {
  /** What to do when the thing is not found (e.g. "List them with: inbox webhooks list"). */
  notFound?: string;
  /** The plan feature the command needs, for "needs the growth plan" hints. */
  feature?: (p: Plan) => boolean;
  /** Extra hint for a refusal (4xx other than the classes above). */
  rejected?: string;
  /** Fill `<domain>` / `<address>` in hints with the command's own arguments. */
  domain?: string;
  address?: string;
}

const CODE_HINTS: Record<string, string> = {
  inbox_not_owned: 'Register the inbox first: inbox inboxes register <address> (inbox inboxes list shows yours).',
  domain_not_verified: 'Verify the domain first: inbox domains verify <domain> --wait.',
  /** domain_not_verified for a domain that is not on the account at all. */
  domain_unknown:
    'Add it first: inbox domains add <domain>, publish its records, then inbox domains verify <domain> --wait (inbox domains list shows the platform domains).',
  domain_not_found: 'Add it first with: inbox domains add <domain> (inbox domains custom lists yours).',
  inbox_limit_reached:
    'Free a place: inbox inboxes list shows your inboxes and inbox inboxes remove <one of them> removes one; or move to a plan with more inboxes (inbox plans).',
  limit_reached: 'Free a place: inbox domains custom lists your custom domains and inbox domains remove <one of them> removes one.',
  /** limit_reached for webhooks (the emulator's cap per account). */
  webhook_limit: 'Free a place: inbox webhooks list lists your webhooks and inbox webhooks remove <id> removes one.',
  /** inbox_not_owned when registering an address that another account holds. */
  inbox_taken: 'The address belongs to another account: pick another local part (inbox domains list shows the domains you can use).',
  invalid_inbox: 'Give a full address such as name@inbox.test (inbox domains list shows the domains you can use).',
  invalid_domain: 'Give a domain name such as example.com.',
  invalid_url: 'Webhook URLs must be absolute https:// URLs (the emulator accepts http:// with --allow-http-webhooks).',
  inbox_not_found: 'Register the inbox first: inbox inboxes register <address> (inbox inboxes list shows yours).',
  missing_field: 'A required value is missing; see inbox <command> --help.',
  missing_fields: 'A required value is missing; see inbox <command> --help.',
};

function emulatorKeyHint(target: ResolvedTarget): string {
  return isLoopbackUrl(target.baseUrl)
    ? ' Against the emulator, a key of a higher plan works: --api-key emu_growth or emu_enterprise (each emu_ key is an account of its own: register the inbox with that key too).'
    : '';
}

export function toCliError(e: unknown, target: ResolvedTarget | undefined, hints: ErrorHints = {}): unknown {
  const mapped = mapError(e, target, hints);
  if (mapped instanceof CliError && mapped.hint && (hints.domain || hints.address)) {
    let hint = mapped.hint;
    if (hints.domain) hint = hint.replaceAll('<domain>', hints.domain);
    if (hints.address) hint = hint.replaceAll('<address>', hints.address);
    return new CliError(mapped.exit, mapped.code, mapped.message, hint, mapped.details);
  }
  return mapped;
}

/** Where the value of each path parameter is printed (a PathParamError's hint). */
const LISTED_BY: Record<string, string> = {
  inbox: 'inbox inboxes list',
  domain: 'inbox domains list',
  id: 'inbox messages list <inbox> (or inbox webhooks list)',
  rule: 'inbox faults list',
};

function mapError(e: unknown, target: ResolvedTarget | undefined, hints: ErrorHints): unknown {
  if (e instanceof CliError) return e;
  if (e instanceof InboxWaitTimeoutError) {
    return new CliError(
      'timeout',
      'wait_timeout',
      `${e.message}.`,
      `Give it longer with --timeout <seconds>${e.since ? `, or resume without missing mail with --since ${e.since}` : ''}.`,
      e.since ? { since: e.since } : undefined,
    );
  }
  if (e instanceof InboxNetworkError) return networkError(e, target);
  if (e instanceof InboxApiError) return apiError(e, target, hints);
  if (e instanceof PathParamError) {
    const list = LISTED_BY[e.param] ?? 'the list command';
    return new CliError('usage', 'invalid_argument', e.message, `Give the ${e.param} as ${list} prints it.`, { param: e.param });
  }
  return e;
}

function networkError(e: InboxNetworkError, target: ResolvedTarget | undefined): CliError {
  const url = target?.baseUrl ?? e.url;
  const local = isLoopbackUrl(url);
  const port = local ? new URL(url).port : '';
  const where = local
    ? `Start the emulator with "inbox emulate${port && port !== '4580' ? ` --port ${port}` : ''}", or point elsewhere with --base-url / INBOX_BASE_URL.`
    : `Check the address (--base-url, INBOX_BASE_URL or "inbox config set base-url <url>") and your network.`;
  switch (e.kind) {
    case 'connection_refused':
      return new CliError('network', 'connection_refused', `cannot reach ${url}: connection refused.`, where, { url });
    case 'dns':
      return new CliError('network', 'dns_failed', `cannot resolve the host of ${url}.`, where, { url });
    case 'connect_timeout':
    case 'timeout':
    case 'deadline':
      return new CliError(
        'network',
        e.kind === 'deadline' ? 'deadline_exceeded' : 'timeout',
        `${e.message}.`,
        `The service is slow or unreachable; try again in a moment. ${local ? 'Is "inbox emulate" still running?' : 'Check your network.'}`,
        { url },
      );
    case 'invalid_response':
      return new CliError(
        'network',
        'invalid_response',
        e.message,
        `Point --base-url at the API's base address (e.g. ${local ? url : 'https://api.example.com'}).`,
        { url },
      );
    case 'not_http':
      return new CliError(
        'network',
        'not_http',
        `${e.message}.`,
        local
          ? `Something other than the API answers at ${url}: point --base-url at the emulator's HTTP port ("inbox emulate" prints it; 4580 by default).`
          : `Point --base-url at the API's base address (e.g. https://api.example.com).`,
        { url },
      );
    case 'invalid_url':
      return new CliError('usage', 'invalid_url', e.message, 'Give the base URL as http(s)://host[:port].', { url });
    default:
      return new CliError('network', e.kind, `${e.message}.`, where, { url });
  }
}

/** The first day of the next UTC month: when a monthly quota starts again. */
export function quotaResetsAt(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** The general hint for a code (an unknown domain is told to add, not verify). */
function codeHint(e: InboxApiError): string | undefined {
  if (e.code === 'domain_not_verified' && /neither|not one of your|not on your account|unknown domain/i.test(e.message)) return CODE_HINTS.domain_unknown;
  if (e.code === 'inbox_not_owned' && /registered by another account/i.test(e.message)) return CODE_HINTS.inbox_taken;
  // An inbox of another account to reset: registering it would be refused too; the service says whose key works.
  if (e.code === 'inbox_not_found' && /registered by another account/i.test(e.message)) return undefined;
  if (e.code === 'limit_reached' && /webhooks/i.test(e.message)) return CODE_HINTS.webhook_limit;
  // The service's own hint names the fix for the URL it was given (a loopback receiver: watch).
  if (e.code === 'invalid_url' && typeof e.body?.hint === 'string') return undefined;
  return CODE_HINTS[e.code];
}

function apiError(e: InboxApiError, target: ResolvedTarget | undefined, hints: ErrorHints): CliError {
  const body: Partial<ErrorBody> = e.body ?? {};
  const details: Record<string, unknown> = { status: e.status, api: e.body };
  const msg = e.message.endsWith('.') ? e.message : `${e.message}.`;
  const serverHint = typeof body.hint === 'string' ? body.hint : undefined;
  if (e.status === 401) {
    const local = target && isLoopbackUrl(target.baseUrl);
    const hint = local
      ? `Is "inbox emulate" running at ${target!.baseUrl}? Its keys are emu_free, emu_developer, emu_startup, emu_growth and emu_enterprise; pass one with --api-key or "inbox config set api-key <key>".`
      : `Set a valid key with --api-key, INBOX_API_KEY or "inbox config set api-key <key>"${target?.apiKey ? ` (now ${maskKey(target.apiKey)} from ${target.sources.apiKey})` : ' (none is set)'}.`;
    return new CliError('auth', e.code, msg, hint, details);
  }
  if (e.status === 403 && (e.code === 'plan_required' || e.code === 'plan_restriction' || e.code === 'upgrade_required')) {
    const plan = hints.feature ? lowestPlanWith(hints.feature) : undefined;
    const upgrade = typeof body.upgrade_url === 'string' ? ` Upgrade at ${body.upgrade_url}.` : '';
    const need = plan ? `This needs the ${plan} plan or above (inbox plans compares them).` : 'Your plan does not allow this (inbox plans compares them).';
    return new CliError('plan', e.code, msg, `${need}${upgrade}${target ? emulatorKeyHint(target) : ''}`, details);
  }
  if (e.status === 404 && !isErrorBody(e.body)) {
    // A 404 page of some other web server: the base URL does not point at the API.
    return new CliError(
      'network',
      'invalid_response',
      `${msg} The answer is not the API's.`,
      `Point --base-url at the API's base address (it answers /v1/...).`,
      details,
    );
  }
  // The API's own answer to a path it has no route for, with a base URL that carries a path of its own
  // (".../v2"): the CLI asks only the API's paths, so the base URL is wrong.
  const base = target ? new URL(target.baseUrl) : undefined;
  if (e.status === 404 && e.code === 'not_found' && /^No route /.test(e.message) && base && base.pathname.replace(/\/+$/, '') !== '') {
    return new CliError(
      'network',
      'invalid_response',
      `${msg} The base URL does not point at the API's base address.`,
      `Drop the path from --base-url: give ${base.origin} (the CLI adds /v1/... itself).`,
      details,
    );
  }
  if (e.status === 404) {
    return new CliError('notFound', e.code, msg, hints.notFound ?? codeHint(e) ?? serverHint ?? REFUSED_HINT, details);
  }
  if (e.status === 429) {
    if (e.code === 'monthly_quota_exceeded') {
      const credits = typeof body.credits_url === 'string' ? ` Buy credits at ${body.credits_url}` : '';
      const upgrade = typeof body.upgrade_url === 'string' ? ` or upgrade at ${body.upgrade_url}` : '';
      // Every authenticated call is refused now, `inbox usage` included: say when the quota starts again.
      return new CliError(
        'rateLimited',
        e.code,
        msg,
        `${serverHint ? serverHint + ' ' : ''}The monthly quota and credits are used up; the quota starts again on ${quotaResetsAt()} (UTC).` +
          `${credits}${upgrade}${credits || upgrade ? '.' : ''} inbox plans compares the plans.`,
        details,
      );
    }
    const retry = e.headers['retry-after'];
    return new CliError(
      'rateLimited',
      e.code,
      msg,
      `Still limited after ${e.retries} ${e.retries === 1 ? 'retry' : 'retries'}; slow down${retry ? ` (the service asks for ${retry} s)` : ''}, or move to a plan with a higher per-second cap (inbox plans).`,
      details,
    );
  }
  if (e.status === 422 && e.code === 'verification_failed') {
    const local = target && isLoopbackUrl(target.baseUrl);
    return new CliError(
      'rejected',
      e.code,
      msg,
      `${serverHint ? serverHint + ' ' : ''}${local ? 'Against the emulator, publish them with: inbox domains publish-dns <domain>. ' : ''}Poll until it passes with: inbox domains verify <domain> --wait.`,
      details,
    );
  }
  if (e.status >= 500) {
    return new CliError('error', e.code, `the service failed: ${msg}`, 'Try again in a moment; if it persists, the service is having trouble.', details);
  }
  return new CliError('rejected', e.code, msg, hints.rejected ?? codeHint(e) ?? serverHint ?? REFUSED_HINT, details);
}

/** The hint of a refusal that nothing more specific covers. */
const REFUSED_HINT = 'The service refused the request; its message says what it expects (inbox <command> --help lists the arguments).';
