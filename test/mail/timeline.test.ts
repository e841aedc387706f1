// GET .../timeline and .../insights in-process on the manual clock: the events of an inbox and its
// mail, webhook and push events from the bus, the 24-hour window and the bound, and each insight.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { MAX_TIMELINE_EVENTS } from '../../emulator/core/timeline/timeline.js';
import { expectSchema, inboxPath, mailApp, T0, type MailApp } from './helpers.js';

let t: MailApp;
const G = 'tl@inbox.test';
const S = 'tl-startup@inbox.test';
const CODE_MAIL = { subject: 'Your code', text: 'Your verification code is 551177.' };

beforeEach(async () => {
  t = await mailApp();
  await t.register('emu_growth', G);
  await t.register('emu_startup', S);
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

/** The timeline answer: `data` is the list of events, the other facts sit beside it. */
async function timeline(inbox = G, key = 'emu_growth', query = '') {
  const r = await t.get(inboxPath(inbox, `/timeline${query}`), key);
  expect(r.status).toBe(200);
  const { data: events, ...rest } = expectSchema(responses.timeline, r.body);
  expect(rest.event_count).toBe(events.length);
  return { ...rest, events };
}

/** The insights answer: `data` is the list of insights. */
async function insights(inbox = G, key = 'emu_growth') {
  const r = await t.get(inboxPath(inbox, '/insights'), key);
  expect(r.status).toBe(200);
  const { data, ...rest } = expectSchema(responses.insights, r.body);
  expect(rest).toMatchObject({ inbox, count: data.length });
  return { ...rest, insights: data };
}

describe('timeline', () => {
  it("records inbox creation and each mail's arrival, parse and code, with latency from the first event", async () => {
    const created = T0 + 1000; // each register() moves the clock a second first: G at T0+1 s, S at T0+2 s
    await t.core.messages.settled();
    t.clock.advance(2500);
    const [id] = await t.inject({ to: G, ...CODE_MAIL });
    const tl = await timeline();
    expect(tl).toMatchObject({ inbox: G, duration_hours: 24, event_count: 4 });
    expect(tl.events.map((e) => e.type)).toEqual(['inbox_created', 'email_received', 'email_parsed', 'otp_extracted']);
    // As the hosted server: `timestamp` in ms since the epoch, each event naming its inbox.
    expect(tl.events[0]).toMatchObject({ inbox: G, timestamp: created, latency_ms: 0 });
    expect(tl.events.every((e) => e.inbox === G && e.test_run_id === undefined)).toBe(true);
    const received = tl.events[1]!;
    expect(received.timestamp).toBeGreaterThanOrEqual(created + 2500);
    expect(received.latency_ms).toBe(received.timestamp - created);
    expect(received.metadata).toMatchObject({ message_id: id, subject: 'Your code' });
    expect(tl.events[3]!.metadata).toMatchObject({ message_id: id, otp: '551177' });
    expect(new Set(tl.events.map((e) => e.id)).size).toBe(4);
  });

  it('masks detected values in the metadata below growth', async () => {
    await t.inject({ to: S, ...CODE_MAIL });
    const tl = await timeline(S, 'emu_startup');
    expect(tl.events.find((e) => e.type === 'otp_extracted')!.metadata.otp).toBe('__DETECTED__');
  });

  it('adds webhook_sent, error (failed delivery) and websocket_sent from the bus', async () => {
    const [id] = await t.inject({ to: G, ...CODE_MAIL });
    const owner = t.core.inboxes.find(G)!.accountId;
    const base = { webhookId: 'wh_1', accountId: owner, inbox: G, messageId: id, url: 'https://hooks.example.test/x', latencyMs: 12, disabled: false };
    t.core.bus.emit('webhook.delivery', { ...base, ok: true, status: 200 });
    t.core.bus.emit('webhook.delivery', { ...base, ok: false, status: 500, error: 'HTTP 500' });
    t.core.bus.emit('push.sent', { inbox: G, accountId: owner, messageId: id, connections: 2 });
    // Events of another account (a call that ended after the address changed hands) are not recorded.
    t.core.bus.emit('webhook.delivery', { ...base, accountId: 'acct_someone_else', url: 'https://hooks.example.test/theirs', ok: true, status: 200 });
    t.core.bus.emit('push.sent', { inbox: G, accountId: 'acct_someone_else', messageId: id, connections: 1 });
    await t.core.messages.settled();
    await until(async () => (await t.core.mailbox.doc(G)).data.timeline.length === 7);
    const tl = await timeline();
    const tail = tl.events.slice(4);
    expect(tail.map((e) => e.type)).toEqual(['webhook_sent', 'error', 'websocket_sent']);
    expect(tail[0]!.metadata).toMatchObject({ webhook_id: 'wh_1', message_id: id, status: 200 });
    expect(tail[1]!.metadata).toMatchObject({ source: 'webhook', status: 500, error: 'HTTP 500' });
    expect(tail[2]!.metadata).toMatchObject({ message_id: id, connections: 2 });
  });

  it('keeps events 24 hours of emulator time, and at most MAX_TIMELINE_EVENTS', async () => {
    await t.inject({ to: G, subject: 'x', text: 'plain' });
    t.clock.advance(24 * 3_600_000);
    expect((await timeline()).event_count).toBe(0);
    const doc = (await t.core.mailbox.doc(G)).data;
    for (let i = 0; i < MAX_TIMELINE_EVENTS + 50; i++) t.core.timeline.record(doc, 'websocket_sent', { i });
    const tl = await timeline();
    expect(tl.event_count).toBe(MAX_TIMELINE_EVENTS);
    expect(tl.events.at(-1)!.metadata).toEqual({ i: MAX_TIMELINE_EVENTS + 49 });
  });

  it('keeps the mail and the events when an inbox is removed and registered again', async () => {
    const [id] = await t.inject({ to: G, ...CODE_MAIL });
    t.clock.advance(1000);
    expect((await t.call('DELETE', inboxPath(G), { key: 'emu_growth' })).status).toBe(200);
    await t.core.messages.settled();
    await t.register('emu_growth', G);
    await until(async () => (await t.core.mailbox.doc(G)).data.timeline.length === 5);
    const tl = await timeline();
    expect(tl.events.map((e) => e.type)).toEqual(['inbox_created', 'email_received', 'email_parsed', 'otp_extracted', 'inbox_created']);
    const list = await t.get(inboxPath(G, '/messages'), 'emu_growth');
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([id]);
  });
});

describe('test runs', () => {
  it('POST .../tests starts a run (given id or a new one); ?test_id= shows only its events, latency from its start', async () => {
    await t.core.messages.settled();
    await t.inject({ to: G, subject: 'before', text: 'no code' });
    t.clock.advance(1000);
    const started = await t.call('POST', inboxPath(G, '/tests'), { key: 'emu_growth', body: { test_id: 'signup-1' } });
    expect(started.status).toBe(201);
    const run = expectSchema(responses.startTest, started.body);
    expect(run).toMatchObject({ success: true, test_id: 'signup-1', inbox: G, started_at: new Date(t.clock.now()).toISOString() });
    const start = t.clock.now();
    t.clock.advance(1500);
    const [id] = await t.inject({ to: G, ...CODE_MAIL });
    const tl = await timeline(G, 'emu_growth', '?test_id=signup-1');
    expect(tl.test_id).toBe('signup-1');
    expect(tl.events.map((e) => e.type)).toEqual(['email_received', 'email_parsed', 'otp_extracted']);
    expect(tl.events[0]!.metadata).toMatchObject({ message_id: id });
    expect(tl.events[0]!.latency_ms).toBe(tl.events[0]!.timestamp - start);
    expect(tl.events.map((e) => e.test_run_id)).toEqual(['signup-1', 'signup-1', 'signup-1']);
    // A second run ends the first; a run without an id gets one; an unknown id shows nothing.
    t.clock.advance(1000);
    const second = await t.call('POST', inboxPath(G, '/tests'), { key: 'emu_growth', body: {} });
    const auto = expectSchema(responses.startTest, second.body).test_id;
    expect(auto).toMatch(/^test_/);
    await t.inject({ to: G, subject: 'later', text: 'no code' });
    expect((await timeline(G, 'emu_growth', '?test_id=signup-1')).events).toHaveLength(3);
    expect((await timeline(G, 'emu_growth', `?test_id=${auto}`)).events.map((e) => e.type)).toEqual(['email_received', 'email_parsed']);
    expect((await timeline(G, 'emu_growth', '?test_id=nope')).events).toEqual([]);
    // The whole timeline is unchanged by runs; each event names the run it happened in, if any.
    const whole = (await timeline()).events;
    expect(whole.length).toBe(1 + 2 + 3 + 2);
    expect(whole.map((e) => e.test_run_id)).toEqual([undefined, undefined, undefined, 'signup-1', 'signup-1', 'signup-1', auto, auto]);
  });

  it("refuses a bad test_id and another account's inbox", async () => {
    t.clock.advance(1000);
    const bad = await t.call('POST', inboxPath(G, '/tests'), { key: 'emu_growth', body: { test_id: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_parameter');
    t.clock.advance(1000);
    const theirs = await t.call('POST', inboxPath(G, '/tests'), { key: 'emu_enterprise', body: {} });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('inbox_not_owned');
  });
});

describe('insights', () => {
  it('says nothing right after creation, then email_missing once the first event is over 5 s old', async () => {
    await t.core.messages.settled();
    expect((await insights()).insights).toEqual([]); // 1 s after creation (get() moves the clock)
    t.clock.advance(3000);
    const r = await insights();
    expect(r.insights.map((i) => i.type)).toEqual(['email_missing']);
    expect(r.analyzed_at).toBe(new Date(t.clock.now()).toISOString());
  });

  it('reports otp_failed for mail without a code and multiple_detected for more than one mail', async () => {
    await t.core.messages.settled();
    await t.inject({ to: G, subject: 'hello', text: 'no code in here' });
    expect((await insights()).insights.map((i) => i.type)).toEqual(['otp_failed']);
    await t.inject({ to: G, ...CODE_MAIL });
    expect((await insights()).insights.map((i) => i.type)).toEqual(['multiple_detected']);
  });

  it('reports slow_delivery when the last mail arrived over 3 s after the first event', async () => {
    await t.core.messages.settled();
    t.clock.advance(3001); // G was created at T0+1 s and it is T0+2 s: the mail comes 4.001 s after creation
    await t.inject({ to: G, ...CODE_MAIL });
    const found = (await insights()).insights;
    expect(found.map((i) => i.type)).toEqual(['slow_delivery']);
    expect(found[0]!.message).toMatch(/4\.0 s/);
  });

  it('reports nothing for one quick mail with a code', async () => {
    await t.core.messages.settled();
    t.clock.advance(2000); // 3 s after creation: not over 3 s
    await t.inject({ to: G, ...CODE_MAIL });
    expect((await insights()).insights).toEqual([]);
  });
});

async function until(cond: () => Promise<boolean>): Promise<void> {
  for (let i = 0; !(await cond()); i++) {
    if (i > 10_000) throw new Error('condition never became true');
    await new Promise((r) => setImmediate(r));
  }
}
