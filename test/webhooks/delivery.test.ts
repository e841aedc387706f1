// Deliveries to real HTTP receivers on loopback: body and headers, status codes, refused connections,
// a hanging receiver timed out on the manual clock, auto-disable after ten failures, reset on
// success, costs, independence of inboxes, and an owner who cannot pay.
import { afterEach, describe, expect, it } from 'vitest';
import { NewMailEvent } from '../../src/api/schemas.js';
import { deliverMail, makeWebhookApp, message, refusedUrl, startReceiver, type Receiver } from './helpers.js';

type T = Awaited<ReturnType<typeof makeWebhookApp>>;
let t: T;
const receivers: Receiver[] = [];

async function setup(): Promise<T> {
  t = await makeWebhookApp({ allowHttp: true });
  await t.register('emu_growth', 'a@inbox.test');
  await t.register('emu_growth', 'b@inbox.test');
  return t;
}

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function listed(key = 'emu_growth') {
  t.clock.advance(1000); // a fresh per-second window for the checking call
  return (await t.call('GET', '/v1/webhooks', { key })).body.data as Array<{ _id: string; failureCount: number }>;
}

afterEach(async () => {
  await t?.close();
  for (const r of receivers.splice(0)) await r.close();
});

describe('webhook delivery', () => {
  it('POSTs exactly the new_mail summary with Content-Type and X-Webhook-Secret', async () => {
    await setup();
    const rx = await receiver();
    const hook = await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    const msg = message({ subject: 'Your code', otp: '123456', verificationLink: 'https://x.example/verify?t=1', hasAttachment: true });
    deliverMail(t.core, 'a@inbox.test', msg);
    const got = await rx.nth(1);
    const event = await t.events.next();
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hook');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-webhook-secret']).toBe(hook.secret);
    const expected = {
      type: 'new_mail',
      mailbox: 'a@inbox.test',
      plan: 'growth',
      id: msg.id,
      from: msg.from,
      to: 'a@inbox.test',
      subject: 'Your code',
      date: msg.date,
      hasAttachment: true,
      otp: '123456',
      verificationLink: 'https://x.example/verify?t=1',
    };
    // Byte for byte: the fields, their order, nothing else.
    expect(got.body.toString('utf8')).toBe(JSON.stringify(expected));
    expect(NewMailEvent.strict().safeParse(JSON.parse(got.body.toString('utf8'))).success).toBe(true);
    expect(event).toMatchObject({ webhookId: hook.id, inbox: 'a@inbox.test', messageId: msg.id, url: rx.url, ok: true, status: 200, disabled: false });
    expect(t.core.deliveries.all()).toEqual([]);
  });

  it.each([200, 201, 204, 299])('counts %i as a success', async (status) => {
    await setup();
    const rx = await receiver({ status });
    await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    deliverMail(t.core, 'a@inbox.test', message());
    expect(await t.events.next()).toMatchObject({ ok: true, status });
    expect((await listed())[0]!.failureCount).toBe(0);
  });

  it.each([500, 404, 302, 400])('counts %i as one failure, and does not retry', async (status) => {
    await setup();
    const rx = await receiver({ status });
    await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    deliverMail(t.core, 'a@inbox.test', message());
    expect(await t.events.next()).toMatchObject({ ok: false, status, error: `HTTP ${status}` });
    await t.dispatcher.idle();
    expect(rx.requests).toHaveLength(1);
    expect((await listed())[0]!.failureCount).toBe(1);
  });

  it('counts a refused connection as a failure', async () => {
    await setup();
    await t.addWebhook('emu_growth', 'a@inbox.test', await refusedUrl());
    deliverMail(t.core, 'a@inbox.test', message());
    const e = await t.events.next();
    expect(e).toMatchObject({ ok: false, status: null });
    expect(e.error).toMatch(/ECONNREFUSED/);
    expect((await listed())[0]!.failureCount).toBe(1);
  });

  it('times out a hanging receiver when the clock passes 10 s, and counts a failure', async () => {
    await setup();
    const rx = await receiver('hang');
    await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    deliverMail(t.core, 'a@inbox.test', message());
    await rx.nth(1);
    t.clock.advance(9_999);
    expect(t.events.unread()).toBe(0);
    t.clock.advance(1);
    const e = await t.events.next();
    expect(e).toMatchObject({ ok: false, status: null, latencyMs: 10_000 });
    expect(e.error).toMatch(/10 s/);
    await t.dispatcher.idle();
    expect((await listed())[0]!.failureCount).toBe(1);
  });

  it('disables a webhook after ten consecutive failures; it is no longer listed or called', async () => {
    await setup();
    const rx = await receiver({ status: 500 });
    const hook = await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    for (let i = 1; i <= 10; i++) {
      deliverMail(t.core, 'a@inbox.test', message());
      const e = await t.events.next();
      expect(e.ok).toBe(false);
      expect(e.disabled).toBe(i === 10);
      if (i === 9) expect((await listed())[0]).toMatchObject({ _id: hook.id, failureCount: 9 });
    }
    expect(await listed()).toEqual([]);
    deliverMail(t.core, 'a@inbox.test', message());
    await t.dispatcher.idle();
    expect(rx.requests).toHaveLength(10);
    expect(t.events.unread()).toBe(0);
    // Disabled, not deleted: DELETE still finds it.
    expect((await t.call('DELETE', `/v1/webhooks/${hook.id}`, { key: 'emu_growth' })).status).toBe(200);
  });

  it('a success resets the failure count', async () => {
    await setup();
    const rx = await receiver({ status: 503 });
    await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    for (let i = 0; i < 9; i++) {
      deliverMail(t.core, 'a@inbox.test', message());
      await t.events.next();
    }
    expect((await listed())[0]!.failureCount).toBe(9);
    rx.behave({ status: 200 });
    deliverMail(t.core, 'a@inbox.test', message());
    expect((await t.events.next()).ok).toBe(true);
    expect((await listed())[0]!.failureCount).toBe(0);
    rx.behave({ status: 503 });
    for (let i = 0; i < 9; i++) {
      deliverMail(t.core, 'a@inbox.test', message());
      expect((await t.events.next()).disabled).toBe(false);
    }
    expect((await listed())[0]!.failureCount).toBe(9);
  });

  it('charges the owner 2 units per delivery, 4 when an OTP was found, whatever the answer', async () => {
    await setup();
    const ok = await receiver({ status: 200 });
    await t.addWebhook('emu_growth', 'a@inbox.test', ok.url);
    const acct = t.core.accounts.byKey('emu_growth')!;
    let before = acct.usage.used;
    deliverMail(t.core, 'a@inbox.test', message());
    await t.events.next();
    expect(acct.usage.used - before).toBe(2);
    before = acct.usage.used;
    deliverMail(t.core, 'a@inbox.test', message({ otp: '445566' }));
    await t.events.next();
    expect(acct.usage.used - before).toBe(4);
    ok.behave({ status: 500 });
    before = acct.usage.used;
    deliverMail(t.core, 'a@inbox.test', message({ otp: '445566' }));
    expect((await t.events.next()).ok).toBe(false);
    expect(acct.usage.used - before).toBe(4);
  });

  it('one POST per active webhook of the inbox, none for other inboxes', async () => {
    await setup();
    const r1 = await receiver();
    const r2 = await receiver();
    const rb = await receiver();
    await t.addWebhook('emu_growth', 'a@inbox.test', r1.url);
    await t.addWebhook('emu_growth', 'a@inbox.test', r2.url);
    await t.addWebhook('emu_growth', 'b@inbox.test', rb.url);
    deliverMail(t.core, 'a@inbox.test', message());
    await t.events.next();
    await t.events.next();
    await t.dispatcher.idle();
    expect([r1.requests.length, r2.requests.length, rb.requests.length]).toEqual([1, 1, 0]);
  });

  it("a hanging receiver on one inbox does not delay another inbox's delivery", async () => {
    await setup();
    const slow = await receiver('hang');
    const fast = await receiver();
    await t.addWebhook('emu_growth', 'a@inbox.test', slow.url);
    await t.addWebhook('emu_growth', 'b@inbox.test', fast.url);
    deliverMail(t.core, 'a@inbox.test', message());
    await slow.nth(1); // the slow one is in flight and will not answer
    deliverMail(t.core, 'b@inbox.test', message());
    const first = await t.events.next();
    expect(first).toMatchObject({ inbox: 'b@inbox.test', ok: true });
    expect(fast.requests).toHaveLength(1);
    t.clock.advance(10_000);
    expect(await t.events.next()).toMatchObject({ inbox: 'a@inbox.test', ok: false, status: null });
  });

  it('sends nothing and counts no failure when the owner cannot pay', async () => {
    await setup();
    const rx = await receiver();
    const hook = await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
    const acct = t.core.accounts.byKey('emu_growth')!;
    t.core.accounts.upsert({ apiKey: 'emu_growth', plan: 'growth', credits: 1, limits: { perMonth: acct.usage.used + 1 } });
    deliverMail(t.core, 'a@inbox.test', message()); // needs 2: 1 of quota + 1 credit covers it
    expect((await t.events.next()).ok).toBe(true);
    expect(acct.credits).toBe(0);
    deliverMail(t.core, 'a@inbox.test', message());
    const e = await t.events.next();
    expect(e).toMatchObject({ webhookId: hook.id, ok: false, status: null, disabled: false });
    expect(e.error).toMatch(/monthly_quota_exceeded/);
    await t.dispatcher.idle();
    expect(rx.requests).toHaveLength(1);
    expect(t.core.webhooks.byId(hook.id)!.failureCount).toBe(0);
  });
});

describe('webhook delivery across a restart', () => {
  it('a delivery cut short by a stop is made after the restart, charged once', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'inbox-webhooks-'));
    const file = join(dir, 'emulator.json');
    try {
      const rx = await receiver('hang');
      t = await makeWebhookApp({ allowHttp: true, dataPath: file });
      await t.register('emu_growth', 'a@inbox.test');
      const hook = await t.addWebhook('emu_growth', 'a@inbox.test', rx.url);
      deliverMail(t.core, 'a@inbox.test', message({ otp: '9911' }));
      const first = await rx.nth(1);
      const used = t.core.accounts.byKey('emu_growth')!.usage.used;
      await t.close(); // aborts the attempt in flight; it stays pending on disk
      expect(t.events.unread()).toBe(0);

      rx.behave({ status: 200 });
      t = await makeWebhookApp({ allowHttp: true, dataPath: file });
      const e = await t.events.next();
      expect(e).toMatchObject({ webhookId: hook.id, ok: true, status: 200 });
      const second = await rx.nth(2);
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers['x-webhook-secret']).toBe(hook.secret);
      expect(t.core.accounts.byKey('emu_growth')!.usage.used).toBe(used);
      expect(t.core.deliveries.all()).toEqual([]);
      await t.dispatcher.idle();
      expect(rx.requests).toHaveLength(2);
    } finally {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
