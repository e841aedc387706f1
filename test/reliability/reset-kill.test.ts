// Kill trials during a reset: a real emulator process holds an account of its own, two inboxes with
// a webhook each and mail in them, with SMTP mail still arriving, and POST /_emulator/reset is sent;
// the process SIGKILLs itself right before the k-th change to the file system made while the reset
// runs (fixtures/fs-steps.ts; k drawn anew each trial, spread over the reset's steps, and past them:
// then the kill comes in the turn the reset ends). The data is opened again (an emulator in this
// process) and must hold one state whole: the old one (the account, both inboxes, both webhooks,
// every message acknowledged before the reset was asked for, once, and its webhook delivery, made
// before the kill or since the start) or the fresh one (the seeded accounts only, their usage at
// nothing, no inbox, no webhook, no delivery the old state owed, and no old mail behind the old
// addresses registered again).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';
import { startCrashChild } from './fixtures/child.js';
import { type HookReceiver, startHookReceiver } from './fixtures/hooks.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-reset-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRIALS = 20;
/** Kill points are drawn from 1..MAX_STEP: a reset makes fewer changes, so some trials kill at its end. */
const MAX_STEP = 24;
const SYNC_MODES = ['interval', 'always', 'never'];
const OLD_KEY = 'emu_reset_old';
const SEEDED_KEY = 'emu_growth';
/** Requests the seeded key makes before the reset. */
const SEEDED_CALLS = 3;
const INBOXES = ['one@inbox.test', 'two@inbox.test'];
/** Messages acknowledged in each inbox before the reset is asked for. */
const BEFORE = 3;

type Call = (method: string, path: string, key?: string, body?: unknown) => Promise<{ status: number; body: any }>;

const caller =
  (url: string): Call =>
  async (method, path, key, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

type Outcome = 'old' | 'fresh' | 'mix';

interface Trial {
  step: number;
  outcome: Outcome;
  why: string[];
  /** Acknowledged while the reset ran (to inboxes the reset removes). */
  ackedDuring: number;
  /** Of those, listed after the restart (only an old state can list them). */
  keptDuring: number;
}

/** What the reset resets: everything, or only the old key's account (POST /_emulator/reset {apiKey}). */
type Scope = 'whole' | 'account';

async function trial(t: number, step: number, scope: Scope): Promise<Trial> {
  const receiver = await startHookReceiver();
  try {
    return await killDuringReset(t, step, receiver, scope);
  } finally {
    await receiver.close();
  }
}

async function killDuringReset(t: number, step: number, receiver: HookReceiver, scope: Scope): Promise<Trial> {
  const data = join(dir, `${scope}-${t}`, 'emulator.json');
  mkdirSync(join(dir, `${scope}-${t}`));
  // Every other trial resets once first: a reset of a state that an earlier reset made, as well as
  // of one that no reset made yet (written before resets marked their folders).
  const earlier = t % 2 === 1;
  // Each --fsync mode in turn (the reset's steps differ: `never` syncs nothing).
  const sync = SYNC_MODES[t % SYNC_MODES.length];
  const child = await startCrashChild(data, `reset-step-${step}-in-${earlier ? 2 : 1}`, sync);
  const call = caller(child.url);
  if (earlier) expect((await call('POST', '/_emulator/reset')).status).toBe(200);
  expect((await call('POST', '/_emulator/accounts', undefined, { apiKey: OLD_KEY, plan: 'growth' })).status).toBe(201);
  // Usage on a seeded account too: a fresh state starts it at nothing.
  for (let i = 0; i < SEEDED_CALLS; i++) expect((await call('GET', '/v1/me', SEEDED_KEY)).status).toBe(200);
  for (const inbox of INBOXES) {
    expect((await call('POST', '/v1/inboxes', OLD_KEY, { inbox })).status).toBe(201);
    expect((await call('POST', '/v1/webhooks', OLD_KEY, { inbox, url: receiver.url })).status).toBe(201);
  }

  // Mail to both inboxes, on one connection each, until the process is gone.
  const before = new Set<string>();
  let resetAsked = false;
  const during = new Set<string>();
  let dead = false;
  const counted = INBOXES.map(() => 0);
  let enough: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (enough = resolve));
  const senders = INBOXES.map(async (inbox, n) => {
    const smtp = await RawSmtp.open(child.smtpPort);
    try {
      await smtp.command('EHLO reset.test');
      for (let i = 0; !dead; i++) {
        await smtp.command('MAIL FROM:<sender@example.test>');
        if ((await smtp.command(`RCPT TO:<${inbox}>`)).code !== 250) {
          await smtp.command('RSET');
          continue;
        }
        const subject = `t${t} ${inbox} m${i}`;
        const reply = await smtp.data(rfc822({ to: inbox, subject, body: `message ${i} ${'x'.repeat(300)}` }));
        if (reply.code !== 250) continue;
        if (resetAsked) during.add(subject);
        else {
          before.add(subject);
          counted[n]!++;
          if (counted.every((c) => c >= BEFORE)) enough();
        }
      }
    } catch {
      /* the process is gone */
    } finally {
      smtp.close();
    }
  });
  await ready;
  resetAsked = true;
  const reset = await call('POST', '/_emulator/reset', undefined, scope === 'account' ? { apiKey: OLD_KEY } : undefined).catch(() => null);
  const how = await child.exited;
  dead = true;
  await Promise.all(senders);
  expect(how, `the reset answered ${reset?.status} instead of the process dying`).toBe('SIGKILL');

  // The same data, opened again; the webhook deliveries it owes are made at once (awaited: idle()).
  const deliveredBefore = receiver.ids.length;
  const emu = await startEmulator({ port: 0, smtpPort: 0, data, allowHttpWebhooks: true, sync: 'never' });
  try {
    await emu.webhooks.idle();
    const again = caller(emu.url);
    const why: string[] = [];
    const me = await again('GET', '/v1/me', OLD_KEY);
    const oldInboxes = (await again('GET', '/v1/inboxes', OLD_KEY)).body?.data?.length ?? 0;
    if (scope === 'account' ? oldInboxes > 0 : me.status === 200) {
      // The old state: all of it.
      const inboxes = await again('GET', '/v1/inboxes', OLD_KEY);
      const names = ((inboxes.body?.data ?? []) as Array<{ inbox: string }>).map((r) => r.inbox).sort();
      if (JSON.stringify(names) !== JSON.stringify([...INBOXES].sort())) why.push(`inboxes ${JSON.stringify(names)}`);
      const hooks = await again('GET', '/v1/webhooks', OLD_KEY);
      if ((hooks.body?.data ?? []).length !== INBOXES.length) why.push(`${(hooks.body?.data ?? []).length} webhooks`);
      const listed = new Map<string, number>();
      const ids = new Map<string, string>();
      for (const inbox of INBOXES) {
        const list = await again('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages?limit=100`, OLD_KEY);
        for (const m of (list.body?.data ?? []) as Array<{ id: string; subject: string }>) {
          listed.set(m.subject, (listed.get(m.subject) ?? 0) + 1);
          ids.set(m.subject, m.id);
        }
      }
      const missing = [...before].filter((s) => !listed.has(s));
      if (missing.length > 0) why.push(`${missing.length} of ${before.size} messages acknowledged before the reset missing`);
      const twice = [...listed.values()].filter((n) => n > 1).length;
      if (twice > 0) why.push(`${twice} messages listed twice`);
      // Its webhooks' deliveries too: each message acknowledged before the reset reached its webhook,
      // before the kill or since the start.
      const delivered = new Set(receiver.ids);
      const undelivered = [...before].filter((s) => ids.has(s) && !delivered.has(ids.get(s)!));
      if (undelivered.length > 0) why.push(`${undelivered.length} messages acknowledged before the reset never delivered`);
      const keptDuring = [...during].filter((s) => listed.has(s)).length;
      return { step, outcome: why.length === 0 ? 'old' : 'mix', why, ackedDuring: during.size, keptDuring };
    }
    if (scope === 'account') {
      // The old account reset: its key and plan, nothing else (no inbox, webhook or usage), and
      // nothing of its old mail behind its old addresses registered again; the others untouched.
      if (me.status !== 200 || me.body?.data?.plan !== 'growth') why.push(`GET /v1/me with the old key: ${me.status} ${me.body?.data?.plan}`);
      const usage = await again('GET', '/v1/usage', OLD_KEY);
      if (usage.body?.data?.requests_used > 3) why.push(`the reset account's usage: ${usage.body?.data?.requests_used} requests`);
      const hooks = await again('GET', '/v1/webhooks', OLD_KEY);
      if ((hooks.body?.data ?? []).length !== 0) why.push(`${hooks.body?.data?.length} webhooks`);
      if ((await again('GET', '/v1/me', SEEDED_KEY)).status !== 200) why.push('a seeded key is refused');
      for (const inbox of INBOXES) {
        await again('POST', '/v1/inboxes', OLD_KEY, { inbox });
        const list = await again('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages?limit=100`, OLD_KEY);
        if ((list.body?.data ?? []).length !== 0) why.push(`${list.body.data.length} old messages behind ${inbox}`);
      }
    } else {
      // The fresh state: the seeded accounts, nothing else, and nothing of the old mail.
      if (me.status !== 401) why.push(`GET /v1/me with the old key: ${me.status}`);
      const usage = await again('GET', '/v1/usage', SEEDED_KEY); // the first request of this key since the start
      if (usage.body?.data?.requests_used !== 1) why.push(`a seeded key's usage: ${usage.body?.data?.requests_used} requests`);
      if ((await again('GET', '/v1/me', SEEDED_KEY)).status !== 200) why.push('a seeded key is refused');
      const inboxes = await again('GET', '/v1/inboxes', SEEDED_KEY);
      if ((inboxes.body?.data ?? []).length !== 0) why.push(`${inboxes.body?.data?.length} inboxes`);
      const hooks = await again('GET', '/v1/webhooks', SEEDED_KEY);
      if ((hooks.body?.data ?? []).length !== 0) why.push(`${hooks.body?.data?.length} webhooks`);
      for (const inbox of INBOXES) {
        await again('POST', '/v1/inboxes', SEEDED_KEY, { inbox });
        const list = await again('GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages?limit=100`, SEEDED_KEY);
        if ((list.body?.data ?? []).length !== 0) why.push(`${list.body.data.length} old messages behind ${inbox}`);
      }
    }
    // No delivery the old state owed is made by the fresh one.
    if (receiver.ids.length > deliveredBefore) why.push(`${receiver.ids.length - deliveredBefore} deliveries of the old state made after the start`);
    return { step, outcome: why.length === 0 ? 'fresh' : 'mix', why, ackedDuring: during.size, keptDuring: 0 };
  } finally {
    await emu.close();
  }
}

describe.each(['whole', 'account'] as const)('SIGKILL during POST /_emulator/reset (%s)', (scope) => {
  it(`leaves the old state or the fresh one, whole (${TRIALS} trials)`, async () => {
    const results: Trial[] = [];
    // Two trials at a time (each its own process and data); one step drawn from each of TRIALS
    // equal slices of 1..MAX_STEP, so the kills spread over the reset.
    let next = 0;
    const run = async () => {
      for (let t = next++; t < TRIALS; t = next++) {
        const step = 1 + Math.floor(((t + Math.random()) * MAX_STEP) / TRIALS);
        results.push(await trial(t, step, scope));
      }
    };
    await Promise.all([run(), run()]);
    const tally = (o: Outcome) => results.filter((r) => r.outcome === o).length;
    const sum = (f: (r: Trial) => number) => results.reduce((n, r) => n + f(r), 0);
    const summary = `old ${tally('old')}, fresh ${tally('fresh')}, mix ${tally('mix')}; ${sum((r) => r.ackedDuring)} acknowledged while a reset ran, ${sum((r) => (r.outcome === 'old' ? r.ackedDuring : 0))} of them where the old state stayed (${sum((r) => r.keptDuring)} listed)`;
    console.log(`reset kill trials (${scope}): ${summary}`);
    const mixes = results.filter((r) => r.outcome === 'mix').map((r) => `step ${r.step}: ${r.why.join('; ')}`);
    expect(mixes, summary).toEqual([]);
    // Both outcomes were reached: kills came before the reset's commit point and after it.
    expect(tally('old'), summary).toBeGreaterThan(0);
    expect(tally('fresh'), summary).toBeGreaterThan(0);
  }, 60_000);
});
