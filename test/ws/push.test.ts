// WebSocket push over real sockets: the connected frame, new_mail frames, masking by plan, the
// mailbox filter, ping/pong, malformed frames, costs and the 'push.sent' event.
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { NewMailEvent, WsConnectedFrame, WsErrorFrame, WsPongFrame } from '../../src/api/schemas.js';
import { expectSchema } from '../helpers/emulator.js';
import { api, connect, ingestMail, OTP_TEXT, publish, registerInbox, remainingMonth, storedMessage, usedUnits } from './helpers.js';

let emu: RunningEmulator;
let clock: EmulatorClock;

beforeEach(async () => {
  clock = new EmulatorClock({ mode: 'manual', start: Date.UTC(2026, 2, 10, 12) });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock });
});
afterEach(async () => {
  await emu.close();
});

describe('connected frame', () => {
  it('names plan, inboxes, connection count and cap, with limit headers on the 101', async () => {
    await registerInbox(emu, 'emu_growth', 'one@inbox.test');
    await registerInbox(emu, 'emu_growth', 'two@inbox.test');
    const a = await connect(emu, { api_key: 'emu_growth', mailbox: 'ONE@inbox.test' });
    const first = expectSchema(WsConnectedFrame, await a.next());
    expect(first).toEqual({
      type: 'connected',
      plan: 'growth',
      subscribed_inboxes: ['one@inbox.test'],
      connection_count: 1,
      max_connections: 20,
      features: { otp_extraction: true, attachments: true },
    });
    expect(a.headers['x-api-plan']).toBe('growth');
    expect(a.headers['x-ratelimit-remaining-month']).toMatch(/^\d+$/);

    // Bearer header instead of the query, no mailbox: every inbox of the account.
    const b = await connect(emu, {}, { authorization: 'Bearer emu_growth' });
    const second = expectSchema(WsConnectedFrame, await b.next());
    expect(second.subscribed_inboxes.sort()).toEqual(['one@inbox.test', 'two@inbox.test']);
    expect(second.connection_count).toBe(2);
    expect(emu.core.push.count('acct_growth')).toBe(2);

    await b.close();
    const c = await connect(emu, { api_key: 'emu_growth' });
    expect((await c.next()).connection_count).toBe(2);
  });

  it('says which features the plan has: startup has attachments but not OTP values', async () => {
    await registerInbox(emu, 'emu_startup', 'feat@inbox.test');
    const c = await connect(emu, { api_key: 'emu_startup' });
    expect(expectSchema(WsConnectedFrame, await c.next()).features).toEqual({ otp_extraction: false, attachments: true });
  });

  it("an all-inbox connection follows the inboxes the account had when it connected, as the hosted service's", async () => {
    await registerInbox(emu, 'emu_startup', 'first@inbox.test');
    const c = await connect(emu, { api_key: 'emu_startup' });
    expect(await c.next()).toMatchObject({ type: 'connected', subscribed_inboxes: ['first@inbox.test'], max_connections: 5 });
    await registerInbox(emu, 'emu_startup', 'late@inbox.test');
    await ingestMail(emu, 'late@inbox.test', { subject: 'to the late one' });
    const first = await ingestMail(emu, 'first@inbox.test', { subject: 'to the first one' });
    // The late inbox's mail was stored but not pushed here: the next frame is the first inbox's.
    expect(await c.next()).toMatchObject({ type: 'new_mail', id: first, mailbox: 'first@inbox.test' });
    expect(c.pending()).toEqual([]);
    // A new connection follows both.
    const d = await connect(emu, { api_key: 'emu_startup' });
    expect((await d.next()).subscribed_inboxes).toEqual(['first@inbox.test', 'late@inbox.test']);
  });
});

describe('new_mail frames', () => {
  it('carries the summary of a really ingested message, otp and link in clear on growth', async () => {
    await registerInbox(emu, 'emu_growth', 'clear@inbox.test');
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: 'clear@inbox.test' });
    await c.next();
    const id = await ingestMail(emu, 'clear@inbox.test', { subject: 'Verify your account', text: OTP_TEXT });
    const frame = expectSchema(NewMailEvent, await c.next());
    const listed = await api(emu, 'GET', '/v1/inboxes/clear%40inbox.test/messages', { key: 'emu_growth' });
    expect(listed.body.data).toHaveLength(1);
    // The frame is the list item (less the list's wasAttachmentStripped) with type, mailbox and plan.
    const { wasAttachmentStripped, ...item } = listed.body.data[0];
    expect(wasAttachmentStripped).toBe(false);
    expect(frame).toEqual({ type: 'new_mail', mailbox: 'clear@inbox.test', plan: 'growth', ...item });
    expect(frame).toMatchObject({
      id,
      subject: 'Verify your account',
      otp: '482913',
      verificationLink: 'https://service.example/verify?token=abc123',
    });
  });

  it('masks otp and link below growth, with an upgrade hint; null stays null', async () => {
    await registerInbox(emu, 'emu_startup', 'masked@inbox.test');
    const c = await connect(emu, { api_key: 'emu_startup', mailbox: 'masked@inbox.test' });
    await c.next();
    const withCode = await ingestMail(emu, 'masked@inbox.test', { text: OTP_TEXT });
    const plain = await ingestMail(emu, 'masked@inbox.test');
    const f1 = await c.next();
    expectSchema(NewMailEvent, f1);
    expect(f1).toMatchObject({ id: withCode, plan: 'startup', otp: '__DETECTED__', verificationLink: '__DETECTED__' });
    expect(f1._upgrade_hint).toMatch(/growth/);
    const f2 = await c.next();
    expect(f2).toMatchObject({ id: plain, otp: null, verificationLink: null });
    expect(f2._upgrade_hint).toBeUndefined();
  });

  it('filters by mailbox; the all-inbox connection gets both; other accounts see nothing', async () => {
    await registerInbox(emu, 'emu_growth', 'a@inbox.test');
    await registerInbox(emu, 'emu_growth', 'b@inbox.test');
    await registerInbox(emu, 'emu_enterprise', 'c@inbox.test');
    const onlyA = await connect(emu, { api_key: 'emu_growth', mailbox: 'a@inbox.test' });
    const all = await connect(emu, { api_key: 'emu_growth' });
    const other = await connect(emu, { api_key: 'emu_enterprise' });
    for (const c of [onlyA, all, other]) await c.next();

    const toB = storedMessage('b@inbox.test');
    const toA = storedMessage('a@inbox.test');
    const toC = storedMessage('c@inbox.test');
    publish(emu, 'emu_growth', 'b@inbox.test', toB);
    publish(emu, 'emu_growth', 'a@inbox.test', toA);
    publish(emu, 'emu_enterprise', 'c@inbox.test', toC);

    // Frames arrive in order, so the first frame on `onlyA` being A's proves B's was not sent.
    expect((await onlyA.next()).id).toBe(toA.id);
    expect((await all.next()).id).toBe(toB.id);
    expect((await all.next()).id).toBe(toA.id);
    expect((await other.next()).id).toBe(toC.id);
    // Both growth sockets are still open and quiet: a ping is answered before any stray frame.
    for (const c of [onlyA, all]) {
      c.send({ type: 'ping' });
      expect((await c.next()).type).toBe('pong');
    }
  });

  it('several mailbox parameters follow several inboxes', async () => {
    for (const i of ['x', 'y', 'z']) await registerInbox(emu, 'emu_growth', `${i}@inbox.test`);
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: ['x@inbox.test', 'y@inbox.test'] });
    expect((await c.next()).subscribed_inboxes).toEqual(['x@inbox.test', 'y@inbox.test']);
    const [mz, my] = [storedMessage('z@inbox.test'), storedMessage('y@inbox.test')];
    publish(emu, 'emu_growth', 'z@inbox.test', mz);
    publish(emu, 'emu_growth', 'y@inbox.test', my);
    expect((await c.next()).id).toBe(my.id);
  });
});

describe('client frames', () => {
  it('answers ping with pong at the emulator clock, and survives malformed frames', async () => {
    await registerInbox(emu, 'emu_startup', 'ping@inbox.test');
    const c = await connect(emu, { api_key: 'emu_startup' });
    await c.next();
    c.send({ type: 'ping' });
    expect(expectSchema(WsPongFrame, await c.next())).toEqual({ type: 'pong', ts: clock.now() });

    c.send('not json {');
    expect(expectSchema(WsErrorFrame, await c.next()).code).toBe('invalid_json');
    c.send({ type: 'subscribe' });
    expect(await c.next()).toMatchObject({ type: 'error', code: 'bad_request' });
    c.send('[1,2]');
    expect(await c.next()).toMatchObject({ type: 'error', code: 'bad_request' });
    c.send(Buffer.from([1, 2, 3]));
    expect(await c.next()).toMatchObject({ type: 'error', code: 'bad_request' });

    clock.advance(5_000);
    c.send({ type: 'ping' });
    expect(await c.next()).toEqual({ type: 'pong', ts: clock.now() });
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });

  it('closes with 1009 on a frame over the size limit, and frees the slot', async () => {
    await registerInbox(emu, 'emu_startup', 'big@inbox.test');
    const c = await connect(emu, { api_key: 'emu_startup' });
    await c.next();
    c.send('x'.repeat(200 * 1024));
    expect((await c.closed).code).toBe(1009);
    await expect.poll(() => emu.core.push.count('acct_startup')).toBe(0);
  });
});

describe('costs', () => {
  it('charges the handshake 1, a basic frame 1, a frame with an OTP 2, to the inbox owner', async () => {
    await registerInbox(emu, 'emu_growth', 'cost@inbox.test');
    const before = await usedUnits(emu, 'emu_growth');
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: 'cost@inbox.test' });
    await c.next();
    expect(await usedUnits(emu, 'emu_growth')).toBe(before + 1 + 1); // handshake + this usage call

    const r0 = await remainingMonth(emu, 'emu_growth');
    await ingestMail(emu, 'cost@inbox.test');
    expect((await c.next()).otp).toBeNull();
    const r1 = await remainingMonth(emu, 'emu_growth');
    expect(r0 - r1).toBe(1 + 1);

    await ingestMail(emu, 'cost@inbox.test', { text: OTP_TEXT });
    expect((await c.next()).otp).toBe('482913');
    const r2 = await remainingMonth(emu, 'emu_growth');
    expect(r1 - r2).toBe(1 + 2);
  });

  it('charges a masked frame 1 below growth, and each connection that gets a frame', async () => {
    await registerInbox(emu, 'emu_startup', 'mask@inbox.test');
    const c1 = await connect(emu, { api_key: 'emu_startup' });
    const c2 = await connect(emu, { api_key: 'emu_startup', mailbox: 'mask@inbox.test' });
    await c1.next();
    await c2.next();
    const r0 = await remainingMonth(emu, 'emu_startup');
    await ingestMail(emu, 'mask@inbox.test', { text: OTP_TEXT });
    expect((await c1.next()).otp).toBe('__DETECTED__');
    await c2.next();
    expect(r0 - (await remainingMonth(emu, 'emu_startup'))).toBe(1 + 2 * 1);
  });

  it('the per-second window applies to handshakes: rate_limit_exceeded, then 1008', async () => {
    const first = await connect(emu, { api_key: 'emu_free' });
    expect(await first.next()).toMatchObject({ type: 'error', code: 'plan_required' });
    const second = await connect(emu, { api_key: 'emu_free' }); // same emulated second: over 1 req/s
    expect(await second.closed).toEqual({ code: 1008, reason: expect.stringMatching(/rate limit/i) });
    expect(second.pending()).toEqual([]);
  });

  it('past quota and credits: an error frame instead of the mail, connection kept; credits resume it', async () => {
    const key = 'ws_quota';
    let r = await api(emu, 'POST', '/_emulator/accounts', { body: { apiKey: key, plan: 'growth', credits: 0, limits: { perMonth: 3 } } });
    expect(r.status).toBe(201);
    await registerInbox(emu, key, 'quota@inbox.test'); // 1
    const c = await connect(emu, { api_key: key }); // 2
    await c.next();
    publish(emu, key, 'quota@inbox.test', storedMessage('quota@inbox.test')); // 3: the last unit
    expect((await c.next()).type).toBe('new_mail');
    const m = storedMessage('quota@inbox.test', { otp: '1234' });
    publish(emu, key, 'quota@inbox.test', m);
    const err = expectSchema(WsErrorFrame, await c.next());
    expect(err.code).toBe('monthly_quota_exceeded');
    expect(err.message).toContain(m.id);
    expect(c.ws.readyState).toBe(c.ws.OPEN);

    r = await api(emu, 'POST', '/_emulator/accounts', { body: { apiKey: key, plan: 'growth', credits: 5 } });
    expect(r.status).toBe(200);
    publish(emu, key, 'quota@inbox.test', storedMessage('quota@inbox.test', { otp: '777777' }));
    expect(await c.next()).toMatchObject({ type: 'new_mail', otp: '777777' });
    expect(emu.core.accounts.byKey(key)!.credits).toBe(3);
  });
});

describe('real SMTP', () => {
  it('pushes a message sent with nodemailer to the SMTP port', async () => {
    await registerInbox(emu, 'emu_growth', 'smtp@inbox.test');
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: 'smtp@inbox.test' });
    await c.next();
    const transport = nodemailer.createTransport({ host: emu.smtp.host, port: emu.smtp.port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: 'Service <noreply@service.example>',
        to: 'smtp@inbox.test',
        subject: 'Sign-in code',
        text: OTP_TEXT,
      });
    } finally {
      transport.close();
    }
    const frame = expectSchema(NewMailEvent, await c.next());
    expect(frame).toMatchObject({ mailbox: 'smtp@inbox.test', to: 'smtp@inbox.test', subject: 'Sign-in code', otp: '482913' });
    expect(frame.from).toContain('noreply@service.example');
  });
});

describe("'push.sent'", () => {
  it('is emitted once per message pushed, with the number of frames sent, and not when nobody listens', async () => {
    await registerInbox(emu, 'emu_growth', 'ev@inbox.test');
    const seen: Array<{ inbox: string; messageId: string; connections: number }> = [];
    emu.events.on('push.sent', (e) => seen.push(e));
    publish(emu, 'emu_growth', 'ev@inbox.test', storedMessage('ev@inbox.test'));
    expect(seen).toEqual([]);

    const c1 = await connect(emu, { api_key: 'emu_growth' });
    const c2 = await connect(emu, { api_key: 'emu_growth', mailbox: 'ev@inbox.test' });
    await c1.next();
    await c2.next();
    const m = storedMessage('ev@inbox.test');
    publish(emu, 'emu_growth', 'ev@inbox.test', m);
    // Sent synchronously with the event: no polling between 'message.received' and the frames.
    expect(seen).toEqual([{ inbox: 'ev@inbox.test', accountId: 'acct_growth', messageId: m.id, connections: 2 }]);
    expect((await c1.next()).id).toBe(m.id);
    expect((await c2.next()).id).toBe(m.id);
  });

  it('shows up in the inbox timeline as websocket_sent', async () => {
    await registerInbox(emu, 'emu_growth', 'tl@inbox.test');
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: 'tl@inbox.test' });
    await c.next();
    const id = await ingestMail(emu, 'tl@inbox.test');
    await c.next();
    await expect
      .poll(
        async () => {
          const r = await api(emu, 'GET', '/v1/inboxes/tl%40inbox.test/timeline', { key: 'emu_growth' });
          return r.body.data.filter((e: { type: string }) => e.type === 'websocket_sent').map((e: { metadata: unknown }) => e.metadata);
        },
        { timeout: 10_000 },
      )
      .toEqual([{ message_id: id, connections: 1 }]);
  });
});

describe('lifecycle', () => {
  it('keeps a connection open when the inbox it follows is unregistered, and pushes again once it is registered again', async () => {
    await registerInbox(emu, 'emu_growth', 'gone@inbox.test');
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: 'gone@inbox.test' });
    await c.next();
    const r = await api(emu, 'DELETE', '/v1/inboxes/gone%40inbox.test', { key: 'emu_growth' });
    expect(r.status).toBe(200);
    // Still open and answering, as on the hosted service.
    c.send({ type: 'ping' });
    expect(await c.next()).toMatchObject({ type: 'pong' });
    expect(emu.core.push.count('acct_growth')).toBe(1);
    await registerInbox(emu, 'emu_growth', 'gone@inbox.test');
    const id = await ingestMail(emu, 'gone@inbox.test', { subject: 'back' });
    expect(await c.next()).toMatchObject({ type: 'new_mail', id, mailbox: 'gone@inbox.test' });
    await c.close();
  });

  it('closes every connection with 1001 when the emulator stops', async () => {
    await registerInbox(emu, 'emu_growth', 'stop@inbox.test');
    const c = await connect(emu, { api_key: 'emu_growth' });
    await c.next();
    await emu.close();
    expect(await c.closed).toMatchObject({ code: 1001 });
    expect(emu.core.push.total).toBe(0);
  });

  it('a reset closes every connection with 1012 and answers parked waits, so nothing follows the old state', async () => {
    await registerInbox(emu, 'emu_growth', 'old@inbox.test');
    const c = await connect(emu, { api_key: 'emu_growth', mailbox: 'old@inbox.test' });
    await c.next();
    const parked = api(emu, 'GET', '/v1/inboxes/old%40inbox.test/wait?timeout=30', { key: 'emu_growth' });
    await expect.poll(() => emu.core.waits.pending).toBe(1);
    expect((await api(emu, 'POST', '/_emulator/reset')).status).toBe(200);
    expect(await c.closed).toEqual({ code: 1012, reason: 'emulator reset' });
    expect(emu.core.push.total).toBe(0);
    expect((await parked).body).toEqual({ success: false, message: 'Timeout reached' });
    expect(emu.core.waits.pending).toBe(0);
  });

  it('answers a plain GET /v1/ws with 426 upgrade_required', async () => {
    const r = await api(emu, 'GET', '/v1/ws?api_key=emu_growth');
    expect(r.status).toBe(426);
    expect(r.body).toMatchObject({ success: false, error: 'upgrade_required' });
    expect(r.headers.get('upgrade')).toBe('websocket');
  });
});
