// InboxClient: one method per route of the API, over the route table in src/api. Bearer auth, per-request
// timeout, an overall deadline per call, and bounded retries of 429 answers (and of 503s that carry a
// Retry-After) honouring Retry-After.
import type { ErrorBody } from '../api/errors.js';
import type { FaultHit, FaultRulesInput, FaultRuleView } from '../api/faults.js';
import { DETECTED } from '../api/plans.js';
import { isErrorBody } from '../api/errors.js';
import { ROUTES, WAIT_TIMEOUT, fillPath, type RouteName } from '../api/routes.js';
import type { DnsRecord, Responses } from '../api/schemas.js';
import { InboxApiError, InboxNetworkError, toNetworkError } from './errors.js';
import type { FetchFn } from './fetch.js';
import { nodeFetch } from './node-http.js';
import { send, type HttpResponse } from './transport.js';
import { defaultSleep, num, parseRetryAfter } from './retry.js';
import { waitForMessage, type WaitForOptions, type WaitForResult, type WaitOptions } from './wait.js';
import {
  readAddCustomDomain,
  readAddWebhook,
  readCustomDomains,
  readDomains,
  readDone,
  readInboxes,
  readInsights,
  readMe,
  readMessage,
  readMessages,
  readOtp,
  readRegister,
  readRemoveCustomDomain,
  readStartTest,
  readTimeline,
  readUsage,
  readVerify,
  readWebhooks,
  type AddCustomDomainView,
  type AddWebhookView,
  type CustomDomainsView,
  type DomainsView,
  type DoneView,
  type InboxesView,
  type InsightsView,
  type MeView,
  type MessagesView,
  type MessageView,
  type OtpView,
  type RegisterView,
  type RemoveCustomDomainView,
  type StartTestView,
  type TimelineView,
  type UsageView,
  type VerifyView,
  type WebhooksView,
} from './read.js';

export { parseRetryAfter };

export interface RetryInfo {
  method: string;
  path: string;
  /** 1 for the first retry. */
  attempt: number;
  maxRetries: number;
  delayMs: number;
  status: number;
  code: string;
}

export interface InboxClientOptions {
  /** e.g. https://api.example.com or http://127.0.0.1:4580 (a trailing /v1 is accepted). */
  baseUrl: string;
  apiKey?: string;
  /** Time for one HTTP exchange (headers, and between body chunks). Default 30 s. */
  timeoutMs?: number;
  /** Bound on one call including its retries. Default 90 s (wait calls get their timeout on top). */
  deadlineMs?: number;
  /** Retries per call of a 429 (or a 503 with Retry-After). Default 3. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the 429 is returned at once. Default 30 s. */
  maxRetryAfterMs?: number;
  /** Told before each retry (the CLI says so on stderr). */
  onRetry?: (info: RetryInfo) => void;
  userAgent?: string;
  /**
   * How requests are sent: any fetch-shaped function (Node's global `fetch`, undici's `fetch` with your
   * own dispatcher, a hono app's `app.request`). Default: a small fetch over node:http (fastest to load).
   */
  fetch?: FetchFn;
  /** TCP connect timeout of the default fetch (default 10 s). */
  connectTimeoutMs?: number;
  /** How to wait between retries; tests pass one that advances an emulator's manual clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Override the per-request timeout. */
  timeoutMs?: number;
  /** Override the overall deadline of this call. */
  deadlineMs?: number;
  signal?: AbortSignal;
}

export interface RateLimitInfo {
  plan?: string;
  limitSecond?: number;
  remainingSecond?: number;
  limitMonth?: number;
  remainingMonth?: number;
}

export class InboxClient {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly timeoutMs: number;
  readonly deadlineMs: number;
  readonly maxRetries: number;
  /** Rate-limit headers of the last answer. */
  lastRateLimit: RateLimitInfo = {};
  readonly #fetch: FetchFn;
  readonly #closeFetch: (() => void) | undefined;
  readonly #opts: InboxClientOptions;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(opts: InboxClientOptions) {
    if (!opts || typeof opts.baseUrl !== 'string' || opts.baseUrl.trim() === '') {
      throw new TypeError('InboxClient needs a baseUrl, e.g. http://127.0.0.1:4580');
    }
    this.baseUrl = opts.baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
    this.apiKey = opts.apiKey;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.deadlineMs = opts.deadlineMs ?? 90_000;
    this.maxRetries = opts.maxRetries ?? 3;
    this.#opts = opts;
    this.#sleep = opts.sleep ?? defaultSleep;
    if (opts.fetch) {
      this.#fetch = opts.fetch;
    } else {
      const own = nodeFetch({ connectTimeoutMs: opts.connectTimeoutMs });
      this.#fetch = own.fetch;
      this.#closeFetch = own.close;
    }
  }

  /** Closes idle connections of the default fetch (a fetch you passed is yours to close). */
  async close(): Promise<void> {
    this.#closeFetch?.();
  }

  // Every method returns one view whichever server answers: the hosted service or `inbox emulate`
  // (read.ts fills what one of them leaves out).

  // ---------- account ----------
  plans() {
    return this.call<Responses['plans']>('plans');
  }
  async me(): Promise<MeView> {
    return readMe(await this.call<unknown>('me'));
  }
  async usage(): Promise<UsageView> {
    return readUsage(await this.call<unknown>('usage'));
  }

  // ---------- domains ----------
  /** Platform domains your plan can register inboxes at. */
  async listDomains(): Promise<DomainsView> {
    return readDomains(await this.call<unknown>('listDomains'));
  }
  /** Every platform domain, with when its registration expires. */
  async listAllDomains(): Promise<DomainsView> {
    return readDomains(await this.call<unknown>('listAllDomains'));
  }
  async addCustomDomain(domain: string): Promise<AddCustomDomainView> {
    return readAddCustomDomain(await this.call<unknown>('addCustomDomain', {}, { body: { domain } }));
  }
  async listCustomDomains(): Promise<CustomDomainsView> {
    return readCustomDomains(await this.call<unknown>('listCustomDomains'));
  }
  /** Throws InboxApiError 422 `verification_failed` (body has `dns_records_needed`) when DNS is not there yet. */
  async verifyCustomDomain(domain: string): Promise<VerifyView> {
    return readVerify(await this.call<unknown>('verifyCustomDomain', { domain }, { body: {} }));
  }
  async removeCustomDomain(domain: string): Promise<RemoveCustomDomainView> {
    return readRemoveCustomDomain(await this.call<unknown>('removeCustomDomain', { domain }));
  }

  // ---------- inboxes ----------
  /** `created` says whether this call registered it (201) or it was registered already (200). */
  async registerInbox(inbox: string): Promise<RegisterView> {
    const def = ROUTES.registerInbox;
    const { status, body } = await this.exchange(def.method, def.path, { body: { inbox } });
    return readRegister(status, body, inbox);
  }
  async listInboxes(): Promise<InboxesView> {
    return readInboxes(await this.call<unknown>('listInboxes'));
  }
  /** Unregisters the inbox; its stored mail stays (registering it again shows it). */
  async removeInbox(inbox: string): Promise<DoneView> {
    return readDone(await this.call<unknown>('removeInbox', { inbox }));
  }
  /** Starts a test run on an inbox; `timeline(inbox, {testId})` then shows only its events. */
  async startTest(inbox: string, testId?: string): Promise<StartTestView> {
    const body = testId ? { test_id: testId } : {};
    return readStartTest(await this.call<unknown>('startTest', { inbox }, { body }), testId);
  }

  // ---------- messages ----------
  async listMessages(inbox: string): Promise<MessagesView> {
    return readMessages(await this.call<unknown>('listMessages', { inbox }));
  }
  async getMessage(inbox: string, id: string): Promise<MessageView> {
    return readMessage(await this.call<unknown>('getMessage', { inbox, id }));
  }
  /** `success: false` (not an exception) when the id is not, or no longer, in the inbox. */
  async deleteMessage(inbox: string, id: string): Promise<DoneView> {
    return readDone(await this.call<unknown>('deleteMessage', { inbox, id }));
  }
  async otp(inbox: string): Promise<OtpView> {
    return readOtp(await this.call<unknown>('otp', { inbox }));
  }
  async timeline(inbox: string, opts: { testId?: string } = {}): Promise<TimelineView> {
    return readTimeline(await this.call<unknown>('timeline', { inbox }, { query: { test_id: opts.testId } }), inbox);
  }
  async insights(inbox: string): Promise<InsightsView> {
    return readInsights(await this.call<unknown>('insights', { inbox }), inbox);
  }

  /** One long-poll: the next message (or one newer than `since`), or `{success: false, message: 'Timeout reached'}`. */
  wait(inbox: string, opts: WaitOptions = {}) {
    const timeout = opts.timeout ?? WAIT_TIMEOUT.default;
    const held = Math.min(Math.max(timeout, WAIT_TIMEOUT.min), WAIT_TIMEOUT.max) * 1000;
    return this.call<Responses['wait']>(
      'wait',
      { inbox },
      {
        query: { timeout, since: opts.since },
        timeoutMs: held + this.timeoutMs,
        deadlineMs: held + this.deadlineMs,
        signal: opts.signal,
      },
    );
  }

  /** Waits up to `timeoutMs` (any length) for a message, re-asking the service with a `since` cursor. */
  waitForMessage(inbox: string, opts: WaitForOptions = {}): Promise<WaitForResult> {
    return waitForMessage(this, inbox, opts);
  }

  /**
   * The newest one-time code in the inbox, waiting for one if there is none yet (`existing: false`
   * waits for a new one only). Needs a plan that shows OTP values (growth and up); below it the
   * service only says a code was detected, and this throws InboxApiError `plan_required`.
   */
  waitForOtp(inbox: string, opts: Omit<WaitForOptions, 'match'> = {}): Promise<string> {
    return this.#waitForField(inbox, opts, 'otp', 'A code was detected, but your plan does not show OTP values (growth and up do).');
  }

  /**
   * Waits for a message with a verification link and returns the link. Like waitForOtp(), mail already
   * in the inbox counts by default (`existing: false` for "next only"); messages without a link are
   * skipped. Below the growth plan a detected link is masked: that throws a 403 plan_required.
   */
  waitForLink(inbox: string, opts: Omit<WaitForOptions, 'match'> = {}): Promise<string> {
    return this.#waitForField(inbox, opts, 'verificationLink', 'A verification link was detected, but your plan does not show links (growth and up do).');
  }

  /** The first message with `field` set; a value masked below growth ("__DETECTED__") is a 403 plan_required. */
  async #waitForField(inbox: string, opts: Omit<WaitForOptions, 'match'>, field: 'otp' | 'verificationLink', masked: string): Promise<string> {
    const { message } = await waitForMessage(this, inbox, { existing: true, ...opts, match: (m) => m[field] !== null });
    const value = message[field];
    if (value === DETECTED) {
      throw new InboxApiError({ status: 403, code: 'plan_required', headers: {}, method: 'GET', url: this.baseUrl, message: masked });
    }
    return value as string;
  }

  // ---------- webhooks ----------
  async addWebhook(inbox: string, url: string): Promise<AddWebhookView> {
    return readAddWebhook(await this.call<unknown>('addWebhook', {}, { body: { url, inbox } }));
  }
  async listWebhooks(): Promise<WebhooksView> {
    return readWebhooks(await this.call<unknown>('listWebhooks'));
  }
  async removeWebhook(id: string): Promise<DoneView> {
    return readDone(await this.call<unknown>('removeWebhook', { id }));
  }

  // ---------- emulator control surface (only `inbox emulate` has it) ----------
  emulatorHealth() {
    return this.request<{ success: boolean; status?: string; now?: string; smtp?: { port: number } }>('GET', '/_emulator/health', { auth: false });
  }
  /** Publishes records into the emulator's simulated DNS (replacing the domain's records). */
  emulatorSetDns(domain: string, records: Array<{ type: DnsRecord['type']; value: string; priority?: number }>) {
    return this.request<{ success: true; data: { domain: string; records: unknown[] } }>('POST', '/_emulator/dns', {
      auth: false,
      body: { domain, records },
    });
  }

  /**
   * Resets the emulator: everything without a scope, one account with `{apiKey}`, one inbox with
   * `{inbox}` (docs/emulator.md).
   */
  emulatorReset(scope?: { apiKey?: string; inbox?: string }) {
    return this.request<{ success: true; scope?: 'account' | 'inbox'; message: string }>('POST', '/_emulator/reset', {
      auth: false,
      ...(scope ? { body: scope } : {}),
    });
  }

  /** The emulator's fault rules, with their hit counts (docs/faults.md). */
  emulatorFaults() {
    return this.request<{ success: true; count: number; data: FaultRuleView[] }>('GET', '/_emulator/faults', { auth: false });
  }
  /** Adds fault rules: a rule, a preset, or `{rules: [...]}`; all or none. */
  emulatorAddFaults(rules: FaultRulesInput) {
    const body = Array.isArray(rules) ? { rules } : rules;
    return this.request<{ success: true; count: number; data: FaultRuleView[] }>('POST', '/_emulator/faults', { auth: false, body });
  }
  /** Removes one fault rule by id, or every rule without one. */
  emulatorClearFaults(id?: string) {
    const path = id === undefined ? '/_emulator/faults' : fillPath('/_emulator/faults/:rule', { rule: id });
    return this.request<{ success: true; removed: number; message: string }>('DELETE', path, { auth: false });
  }
  /** The last hits of the emulator's fault rules (of one rule when named), oldest first. */
  emulatorFaultHits(rule?: string) {
    return this.request<{ success: true; count: number; data: FaultHit[] }>('GET', '/_emulator/faults/hits', { auth: false, query: { rule } });
  }

  // ---------- generic ----------
  /** Calls a route of the table by name, with its path parameters filled. */
  call<T>(route: RouteName, params: Record<string, string> = {}, opts: CallOptions = {}): Promise<T> {
    const def = ROUTES[route];
    return this.request<T>(def.method, fillPath(def.path, params), { ...opts, auth: def.auth });
  }

  /** Any request under the base URL: JSON in, JSON out; failures throw InboxApiError / InboxNetworkError. */
  async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, opts: CallOptions & { auth?: boolean } = {}): Promise<T> {
    return (await this.exchange(method, path, opts)).body as T;
  }

  /** request() with the HTTP status of the (2xx) answer beside its parsed body. */
  async exchange(method: 'GET' | 'POST' | 'DELETE', path: string, opts: CallOptions & { auth?: boolean } = {}): Promise<{ status: number; body: unknown }> {
    const url = this.#url(path, opts.query);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#opts.userAgent ?? 'inbox-client',
    };
    if (opts.auth !== false && this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const deadlineMs = opts.deadlineMs ?? this.deadlineMs;
    const deadline = new AbortController();
    const timer = setTimeout(
      () =>
        deadline.abort(new InboxNetworkError('deadline', url, `no answer from ${this.baseUrl} within ${Math.round(deadlineMs / 1000)} s (overall deadline)`)),
      deadlineMs,
    );
    timer.unref?.();
    const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
    const started = Date.now();
    try {
      for (let attempt = 0; ; attempt++) {
        let res: HttpResponse;
        try {
          res = await send(this.#fetch, { method, url, headers, body, timeoutMs, signal });
        } catch (e) {
          if (deadline.signal.aborted && deadline.signal.reason instanceof InboxNetworkError) throw deadline.signal.reason;
          if (opts.signal?.aborted) throw toNetworkError(opts.signal.reason ?? e, url, timeoutMs);
          throw toNetworkError(e, url, timeoutMs);
        }
        this.#noteLimits(res.headers);
        const parsed = this.#parse(res, method, url);
        if (res.status >= 200 && res.status < 300) return { status: res.status, body: parsed };
        const err = this.#apiError(res, parsed, method, url, attempt);
        const delay = this.#retryDelay(err, attempt, started, deadlineMs);
        if (delay === undefined) throw err;
        this.#opts.onRetry?.({
          method,
          path,
          attempt: attempt + 1,
          maxRetries: this.maxRetries,
          delayMs: delay,
          status: err.status,
          code: err.code,
        });
        try {
          await this.#sleep(delay, signal);
        } catch {
          throw err;
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  #url(path: string, query?: Record<string, string | number | undefined>): string {
    let url = this.baseUrl + path;
    const q = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== '');
    if (q.length) url += '?' + q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
    return url;
  }

  #noteLimits(h: Record<string, string>): void {
    if (!('x-api-plan' in h) && !('x-ratelimit-limit-second' in h)) return;
    this.lastRateLimit = {
      plan: h['x-api-plan'],
      limitSecond: num(h['x-ratelimit-limit-second']),
      remainingSecond: num(h['x-ratelimit-remaining-second']),
      limitMonth: num(h['x-ratelimit-limit-month']),
      remainingMonth: num(h['x-ratelimit-remaining-month']),
    };
  }

  #parse(res: HttpResponse, method: string, url: string): unknown {
    if (res.text === '') return undefined;
    try {
      return JSON.parse(res.text);
    } catch {
      if (res.status >= 200 && res.status < 300) {
        throw new InboxNetworkError(
          'invalid_response',
          url,
          `${method} ${url} answered ${res.status} with a body that is not JSON; is ${this.baseUrl} the inbox API?`,
        );
      }
      return undefined;
    }
  }

  #apiError(res: HttpResponse, parsed: unknown, method: string, url: string, retries: number): InboxApiError {
    const body = isErrorBody(parsed) ? (parsed as ErrorBody) : undefined;
    const fallback = (parsed as { message?: unknown } | undefined)?.message;
    return new InboxApiError({
      status: res.status,
      code: body?.error ?? `http_${res.status}`,
      message: body?.message ?? (typeof fallback === 'string' ? fallback : `${method} ${url} failed with HTTP ${res.status}`),
      body: body ?? (parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : undefined),
      headers: res.headers,
      method,
      url,
      retries,
    });
  }

  /**
   * ms to wait before retrying, or undefined to give up. Only what a short wait can cure is retried: a
   * 429 (not the monthly quota), and a 503 that says when to come back (Retry-After, RFC 9110).
   */
  #retryDelay(err: InboxApiError, attempt: number, started: number, deadlineMs: number): number | undefined {
    const unavailable = err.status === 503 && err.headers['retry-after'] !== undefined;
    if ((err.status !== 429 && !unavailable) || err.code === 'monthly_quota_exceeded') return undefined;
    if (attempt >= this.maxRetries) return undefined;
    const delay = parseRetryAfter(err.headers['retry-after']) ?? 1000;
    if (delay > (this.#opts.maxRetryAfterMs ?? 30_000)) return undefined;
    if (Date.now() - started + delay >= deadlineMs) return undefined;
    return delay;
  }
}
