// The control surface under /_emulator/: emulator-only, no API key (the emulator binds to loopback).
import type { Hono } from 'hono';
import { isPlanName } from '../../src/api/plans.js';
import { ApiError } from '../core/errors.js';
import type { SimulatedDnsRecord } from '../core/state.js';
import type { HttpDeps } from './api-route.js';
import { readJsonObject } from './body.js';

/** The latest emulated time: the end of the year 9999 (UTC). */
const MAX_EMULATED_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function nonNegativeInt(v: unknown, field: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new ApiError('invalid_parameter', `"${field}" must be a non-negative integer.`);
  }
  return v;
}

function optionalText(v: unknown, field: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new ApiError('invalid_parameter', `"${field}" must be a non-empty string.`);
  return v.trim();
}

function parseDnsRecords(v: unknown): SimulatedDnsRecord[] {
  if (!Array.isArray(v)) throw new ApiError('missing_field', 'Field "records" must be a list of {type, value, priority?}.');
  return v.map((r, i) => {
    const rec = r as Record<string, unknown>;
    if (typeof r !== 'object' || r === null || (rec.type !== 'MX' && rec.type !== 'TXT') || typeof rec.value !== 'string') {
      throw new ApiError('invalid_parameter', `records[${i}] must be {type: "MX" | "TXT", value: string, priority?: number}.`);
    }
    const out: SimulatedDnsRecord = { type: rec.type, value: rec.value };
    if (rec.priority !== undefined) out.priority = nonNegativeInt(rec.priority, `records[${i}].priority`);
    return out;
  });
}

export function controlRoutes(app: Hono, deps: HttpDeps, extra: { ready(): boolean; smtpPort(): number | null }): void {
  const { core } = deps;
  const max = core.settings.maxBodyBytes;

  app.get('/_emulator/health', (c) => {
    if (!extra.ready()) return c.json({ success: false, error: 'service_unavailable', message: 'starting' }, 503);
    const port = extra.smtpPort();
    return c.json({ success: true, status: 'ok', now: new Date(core.clock.now()).toISOString(), ...(port ? { smtp: { port } } : {}) });
  });

  app.post('/_emulator/accounts', async (c) => {
    const body = await readJsonObject(c, max);
    if (typeof body.apiKey !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(body.apiKey)) {
      throw new ApiError('missing_field', 'Field "apiKey" is required: 1 to 200 printable characters, no spaces.');
    }
    if (!isPlanName(body.plan)) {
      throw new ApiError('invalid_parameter', 'Field "plan" must be one of free, developer, startup, growth, enterprise.');
    }
    const limitsIn = body.limits as Record<string, unknown> | undefined;
    if (limitsIn !== undefined && (typeof limitsIn !== 'object' || limitsIn === null || Array.isArray(limitsIn))) {
      throw new ApiError('invalid_parameter', '"limits" must be an object {perSecond?, perMonth?}.');
    }
    const limits = limitsIn && {
      perSecond: nonNegativeInt(limitsIn.perSecond, 'limits.perSecond'),
      perMonth: nonNegativeInt(limitsIn.perMonth, 'limits.perMonth'),
    };
    const { account, created } = core.accounts.upsert({
      apiKey: body.apiKey,
      plan: body.plan,
      credits: nonNegativeInt(body.credits, 'credits'),
      limits: limits && Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    });
    await core.commit();
    return c.json(
      { success: true, data: { apiKey: account.apiKey, plan: account.plan, credits: account.credits, limits: account.limits ?? {} } },
      created ? 201 : 200,
    );
  });

  app.post('/_emulator/dns', async (c) => {
    const body = await readJsonObject(c, max);
    if (typeof body.domain !== 'string') throw new ApiError('missing_field', 'Field "domain" is required.');
    const records = parseDnsRecords(body.records);
    const domain = await core.setDns(body.domain, records);
    return c.json({ success: true, data: { domain, records } });
  });

  app.delete('/_emulator/dns/:domain', async (c) => {
    const had = await core.deleteDns(c.req.param('domain')!);
    if (!had) throw new ApiError('not_found', `No simulated records for ${c.req.param('domain')}.`);
    return c.json({ success: true, message: `Records of ${c.req.param('domain')} removed.` });
  });

  app.get('/_emulator/dns', (c) => c.json({ success: true, data: core.store.main.data.dns }));

  app.post('/_emulator/clock', async (c) => {
    const body = await readJsonObject(c, max);
    const ms = body.advanceMs;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new ApiError('invalid_parameter', '"advanceMs" must be a non-negative number of milliseconds.');
    }
    // Past the year 9999 no date can be written (ISO 8601, month keys): refused, nothing moves.
    if (core.clock.now() + ms > MAX_EMULATED_TIME) {
      throw new ApiError('invalid_parameter', `"advanceMs" would move the clock past ${new Date(MAX_EMULATED_TIME).toISOString()}.`);
    }
    const now = await core.advanceClock(ms);
    return c.json({ success: true, now: new Date(now).toISOString() });
  });

  // Without a body: everything. `{apiKey}`: one account; `{inbox}` (and optionally `apiKey`): one inbox.
  app.post('/_emulator/reset', async (c) => {
    const empty = c.req.header('content-length') === '0' || (c.req.raw.body === null && !c.req.header('transfer-encoding'));
    const body = empty ? {} : await readJsonObject(c, max);
    const scope = { apiKey: optionalText(body.apiKey, 'apiKey'), inbox: optionalText(body.inbox, 'inbox') };
    const what = await core.resetScope(scope);
    if (what === 'all') {
      // Fault rules are kept, their counters and memory start afresh (docs/faults.md).
      deps.faults?.reset();
      return c.json({ success: true, message: 'Emulator reset to a freshly seeded state.' });
    }
    const message =
      what === 'account' ? 'The account was reset: no inboxes, domains, webhooks, tunnels or usage; key and plan kept.' : `${scope.inbox} was emptied.`;
    return c.json({ success: true, scope: what, message });
  });
}
