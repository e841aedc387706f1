// Per-inbox mail routes: messages (list, get, delete), otp, wait, timeline, insights. Each checks
// that the caller registered the inbox (403 `inbox_not_owned`); otp and wait check the plan first.
import type { Context, Hono } from 'hono';
import { lowestPlanWith, type Plan } from '../../../src/api/plans.js';
import { WAIT_TIMEOUT } from '../../../src/api/routes.js';
import type { Responses } from '../../../src/api/schemas.js';
import { isoTime } from '../../core/clock.js';
import type { EmulatorCore } from '../../core/emulator.js';
import { ApiError } from '../../core/errors.js';
import { requireFeature } from '../../core/accounts/plan-gate.js';
import { insightsOf } from '../../core/timeline/insights.js';
import { capSummary } from '../../core/field-caps.js';
import { maskForPlan, messageSummary } from '../../core/mail/messages.js';
import type { AttachmentInfo, StoredMailOutline } from '../../core/mail/parse-mail.js';
import type { AccountRecord, InboxRecord, StoredMessage } from '../../core/state.js';
import { apiRoute, type HttpDeps } from '../api-route.js';
import { streamedAnswer } from '../message-stream.js';

const MIB = 1024 * 1024;

/** `timeout` in seconds: default 30, clamped to 10..60; a value that is not a number counts as 30. */
export function waitTimeoutSeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return WAIT_TIMEOUT.default;
  const n = Number(raw);
  if (!Number.isFinite(n)) return WAIT_TIMEOUT.default;
  return Math.min(WAIT_TIMEOUT.max, Math.max(WAIT_TIMEOUT.min, n));
}

function requirePlan(core: EmulatorCore, account: AccountRecord, feature: (p: Plan) => boolean, what: string): Plan {
  return requireFeature(core.settings, account, feature, what);
}

/**
 * The attachments the plan lets through (with their index in the message, for the streamed content)
 * and the note on those it leaves out.
 */
function attachmentsFor(body: Pick<StoredMailOutline, 'attachments'>, plan: Plan): { list?: Array<{ index: number; a: AttachmentInfo }>; blocked?: string } {
  if (body.attachments.length === 0) return plan.attachments ? { list: [] } : {};
  if (!plan.attachments) {
    return {
      blocked: `Attachments need the ${lowestPlanWith((p) => p.attachments)} plan or above; ${body.attachments.length} attachment(s) left out.`,
    };
  }
  const list: Array<{ index: number; a: AttachmentInfo }> = [];
  const tooBig: string[] = [];
  for (const [index, a] of body.attachments.entries()) {
    if (a.size > plan.maxAttachmentMb * MIB) {
      tooBig.push(a.filename);
      continue;
    }
    list.push({ index, a });
  }
  if (tooBig.length === 0) return { list };
  return {
    list,
    blocked: `The ${plan.name} plan returns attachments up to ${plan.maxAttachmentMb} MB; left out: ${tooBig.join(', ')}.`,
  };
}

export function messageRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;
  const owned = (c: Context, account: AccountRecord): InboxRecord => core.inboxes.owned(account, c.req.param('inbox')!);
  const summary = (m: StoredMessage, plan: Plan) => maskForPlan(messageSummary(m), plan);

  apiRoute(app, deps, 'listMessages', async (c, account) => {
    const rec = owned(c, account);
    const plan = core.accounts.plan(account);
    // The list does not know attachment sizes: below the attachments plan, any attachment is stripped.
    const data = (await core.messages.list(rec)).map((m) => ({ ...capSummary(summary(m, plan)), wasAttachmentStripped: m.hasAttachment && !plan.attachments }));
    const res: Responses['listMessages'] = { success: true, data, count: data.length };
    return c.json(res);
  });

  apiRoute(app, deps, 'getMessage', async (c, account) => {
    const rec = owned(c, account);
    const plan = core.accounts.plan(account);
    const m = await core.messages.get(rec, c.req.param('id')!);
    const answer = (outline: StoredMailOutline, content: (index: number) => string): Responses['getMessage'] => {
      const { list, blocked } = attachmentsFor(outline, plan);
      const data: Responses['getMessage']['data'] = { ...summary(m, plan), text: outline.text, html: outline.html };
      if (list) data.attachments = list.map(({ index, a }) => ({ filename: a.filename, contentType: a.contentType, size: a.size, content: content(index) }));
      if (blocked) data._attachments_blocked = blocked;
      data.wasAttachmentStripped = blocked !== undefined;
      return { success: true, data };
    };
    // Read from the message's file as streams, twice: text, HTML and attachment sizes first, then
    // the attachments' bytes as the answer is sent (message-stream.ts). Memory stays flat with size.
    const outline = await core.messages.outline(m);
    const body = streamedAnswer(
      (content) => answer(outline, content),
      () => core.messages.rawStream(m),
      (error) => core.bus.emit('error', { where: `message ${m.id} (streamed answer)`, error }),
    );
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  // An id that is not (or no longer) in the inbox: 200 with `success: false`, as on the hosted service.
  apiRoute(app, deps, 'deleteMessage', async (c, account) => {
    const rec = owned(c, account);
    const id = c.req.param('id')!;
    try {
      const m = await core.messages.delete(rec, id);
      const res: Responses['deleteMessage'] = { success: true, message: `Message ${m.id} deleted from ${rec.inbox}.` };
      return c.json(res);
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'not_found')) throw e;
      const res: Responses['deleteMessage'] = { success: false, message: `No message "${id.slice(0, 100)}" in ${rec.inbox}.` };
      return c.json(res);
    }
  });

  apiRoute(app, deps, 'otp', async (c, account) => {
    requirePlan(core, account, (p) => p.otp, 'Reading OTP codes');
    const rec = owned(c, account);
    const m = await core.messages.newestWithOtp(rec);
    if (!m) {
      const none: Responses['otp'] = { success: true, otp: null, message: `No OTP found in ${rec.inbox} yet.` };
      return c.json(none);
    }
    const res: Responses['otp'] = {
      success: true,
      otp: m.otp!,
      email_id: m.id,
      from: m.from,
      subject: m.subject,
      timestamp: m.receivedAt,
      verification_link: m.verificationLink,
    };
    return c.json(res);
  });

  apiRoute(app, deps, 'wait', async (c, account) => {
    const plan = requirePlan(core, account, (p) => p.wait, 'Waiting for mail');
    const rec = owned(c, account);
    const seconds = waitTimeoutSeconds(c.req.query('timeout'));
    const since = c.req.query('since');
    // The waiter is registered before anything is read, so a message stored meanwhile is not missed.
    const stop = new AbortController();
    const signals = [stop.signal, c.req.raw.signal].filter((s): s is AbortSignal => s instanceof AbortSignal);
    const next = core.waits.next(rec.inbox, seconds * 1000, AbortSignal.any(signals));
    let m: StoredMessage | null | undefined = since ? await newestAfter(core, rec, since) : undefined;
    if (m) stop.abort();
    else m = await next;
    if (!m) {
      const timeout: Responses['wait'] = { success: false, message: 'Timeout reached' };
      return c.json(timeout);
    }
    const res: Responses['wait'] = { success: true, message: `New message in ${rec.inbox}.`, data: capSummary(summary(m, plan)) };
    return c.json(res);
  });

  // `data` is the list of events (the official clients read it so); the rest sits beside it.
  apiRoute(app, deps, 'timeline', async (c, account) => {
    const rec = owned(c, account);
    const doc = await core.messages.docOf(rec);
    const view = core.timeline.view(doc.data, core.accounts.plan(account), rec);
    const testId = c.req.query('test_id');
    const events = testId ? core.tests.filter(rec, testId, view.events) : view.events;
    const res: Responses['timeline'] = {
      success: true,
      inbox: rec.inbox,
      data: events,
      duration_hours: view.duration_hours,
      event_count: events.length,
    };
    if (testId) res.test_id = testId;
    return c.json(res);
  });

  // `data` is the list of insights; `inbox`, `count` and `analyzed_at` sit beside it.
  apiRoute(app, deps, 'insights', async (c, account) => {
    const rec = owned(c, account);
    const doc = await core.messages.docOf(rec);
    const now = core.clock.now();
    const view = core.timeline.view(doc.data, core.accounts.plan(account));
    const list = insightsOf(view.events, now);
    const res: Responses['insights'] = { success: true, inbox: rec.inbox, data: list, count: list.length, analyzed_at: isoTime(now) };
    return c.json(res);
  });
}

/** With `since`: the newest message newer than that id, at once; undefined when there is none (or the id is gone). */
async function newestAfter(core: EmulatorCore, rec: InboxRecord, sinceId: string): Promise<StoredMessage | undefined> {
  const all = await core.messages.current(rec);
  const i = all.findIndex((m) => m.id === sinceId);
  return i >= 0 && i < all.length - 1 ? all[all.length - 1] : undefined;
}
