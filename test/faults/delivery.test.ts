// Fault rules beyond SMTP and the API, through real sockets: a webhook delivery not made (reported as
// not sent, not charged) or made later on the emulator's clock; a WebSocket closed with a code; a
// custom domain whose DNS stays unpublished, so verification fails with the API's own 422.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import type { EmulatorEvents } from '../../emulator/core/events.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { startReceiver, type Receiver } from '../webhooks/helpers.js';
import { api, connect, ingestMail, registerInbox } from '../ws/helpers.js';

let emu: RunningEmulator;
let clock: EmulatorClock;
let receiver: Receiver;
const KEY = 'emu_growth';
const A = 'hooks@inbox.test';

/** The next 'webhook.delivery' event. */
function nextDelivery(): Promise<EmulatorEvents['webhook.delivery']> {
  return new Promise((resolve) => {
    const off = emu.events.on('webhook.delivery', (d) => {
      off();
      resolve(d);
    });
  });
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock, allowHttpWebhooks: true });
  receiver = await startReceiver();
  await registerInbox(emu, KEY, A);
  clock.advance(1000);
  expect((await api(emu, 'POST', '/v1/webhooks', { key: KEY, body: { inbox: A, url: receiver.url } })).status).toBe(201);
});
afterEach(() => {
  emu.faults.clear();
  clock.advance(1000);
});
afterAll(async () => {
  await emu?.close();
  await receiver?.close();
});

describe('webhook deliveries', () => {
  test('not made: reported as not sent by the rule, not charged, nothing posted; the next one is', async () => {
    emu.faults.add({ id: 'lost', where: 'webhook', when: { inbox: A, times: 1 }, what: { drop: true } });
    const used = emu.core.accounts.byKey(KEY)!.usage.used;
    const event = nextDelivery();
    await ingestMail(emu, A, { subject: 'lost one' });
    expect(await event).toMatchObject({ ok: false, status: null, error: 'not sent: fault rule lost' });
    await emu.webhooks.idle();
    expect(receiver.requests).toHaveLength(0);
    expect(emu.core.accounts.byKey(KEY)!.usage.used).toBe(used);
    expect(emu.core.webhooks.byId(emu.core.store.main.data.webhooks[0]!.id)!.failureCount).toBe(0);

    const made = nextDelivery();
    await ingestMail(emu, A, { subject: 'next one' });
    expect(await made).toMatchObject({ ok: true, status: 200 });
    expect(JSON.parse((await receiver.nth(1)).body.toString()).subject).toBe('next one');
  });

  test('delayed: made once the emulator clock has moved past the delay', async () => {
    emu.faults.add({ id: 'late', where: 'webhook', what: { delayMs: 30_000 } });
    const before = receiver.requests.length;
    const made = nextDelivery();
    await ingestMail(emu, A, { subject: 'late one' });
    await emu.webhooks.idle();
    clock.advance(29_000);
    await emu.webhooks.idle();
    expect(receiver.requests.length).toBe(before);
    clock.advance(1_000);
    expect(await made).toMatchObject({ ok: true });
    expect(JSON.parse((await receiver.nth(before + 1)).body.toString()).subject).toBe('late one');
    expect(emu.faults.hits('late')).toHaveLength(1);
  });
});

describe('WebSocket and DNS', () => {
  test('a push connection closed with the rule’s code and reason, after its connected frame', async () => {
    emu.faults.add({ id: 'ws', where: 'websocket', when: { account: KEY }, what: { close: 4000, reason: 'chaos monkey' } });
    const c = await connect(emu, { api_key: KEY });
    expect((await c.next()).type).toBe('connected');
    expect(await c.closed).toEqual({ code: 4000, reason: 'chaos monkey' });
    // Another account is not concerned.
    await registerInbox(emu, 'emu_enterprise', 'ent@inbox.test');
    clock.advance(1000);
    const other = await connect(emu, { api_key: 'emu_enterprise' });
    expect((await other.next()).type).toBe('connected');
    await other.close();
  });

  test('DNS that stays unpublished: verification fails with 422 until the rule goes', async () => {
    const domain = 'mail.example.com';
    clock.advance(1000);
    expect((await api(emu, 'POST', '/v1/custom-domains', { key: KEY, body: { domain } })).status).toBe(201);
    await emu.core.publishDomainRecords(emu.core.accounts.byKey(KEY)!, domain);
    emu.faults.add({ id: 'no-dns', where: 'dns', when: { domain: '*.example.com' } });
    clock.advance(1000);
    const failed = await api(emu, 'POST', `/v1/custom-domains/${domain}/verify`, { key: KEY });
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({ success: false, verified: false, error: 'verification_failed' });
    // MX and TXT are looked up together: one check, one hit.
    expect(emu.faults.hits('no-dns')).toEqual([expect.objectContaining({ place: 'dns', effect: 'records unpublished', subject: { account: KEY, domain } })]);
    emu.faults.clear();
    clock.advance(1000);
    const passed = await api(emu, 'POST', `/v1/custom-domains/${domain}/verify`, { key: KEY });
    expect(passed.status).toBe(200);
    expect(passed.body.verified).toBe(true);
  });
});
