// Every InboxClient method against a fake of the hosted service (test/helpers/fake-hosted.ts), which
// answers with the hosted server's shapes, not the emulator's: the client reads the right values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxClient } from '../../src/client/index.js';
import { HOSTED_INBOX, HOSTED_KEY, OTP_MS, startFakeHosted, type FakeHosted } from '../helpers/fake-hosted.js';

let fake: FakeHosted;
let client: InboxClient;

beforeAll(async () => {
  fake = await startFakeHosted();
  client = new InboxClient({ baseUrl: fake.url, apiKey: HOSTED_KEY });
});
afterAll(async () => {
  await client.close();
  await fake.close();
});

describe('account', () => {
  it('me: plan, label, price, limits, features, inboxes and domains', async () => {
    const { data } = await client.me();
    expect(data).toMatchObject({
      plan: 'growth',
      plan_label: 'Growth',
      price: '$49/mo',
      credits: 120,
      rate_limits: { requestsPerSecond: 50, requestsPerMonth: 2_000_000 },
      features: { otpExtraction: true, attachments: true, maxAttachmentSizeMb: 25, customDomains: true, websocket: true, maxWsConnections: 20 },
      app_inboxes: ['web@hosted.example'],
      app_inbox_count: 1,
      custom_domain_count: 1,
    });
    expect(data.api_inboxes).toContain(HOSTED_INBOX);
    expect(data.custom_domains[0]).toEqual({ domain: 'mail.acme.example', verified: true, mx_record: 'mx.hosted.example', txt_record: 'hosted-verify=abc' });
    // Emulator-only facts are absent, not invented.
    expect(data.inbox_limit).toBeUndefined();
    expect(data.retention).toBeUndefined();
  });

  it('usage: counts, percent_used as text, resets', async () => {
    const { data } = await client.usage();
    expect(data).toEqual({
      plan: 'growth',
      requests_used: 24_600,
      requests_limit: 2_000_000,
      requests_remaining: 1_975_400,
      credits_remaining: 120,
      percent_used: '1.2%',
      resets: '2026-02-01T00:00:00.000Z',
    });
  });
});

describe('domains', () => {
  it('listDomains without expiry fields reads them as "does not expire"', async () => {
    const res = await client.listDomains();
    expect(res.data[0]).toEqual({
      domain: 'hosted.example',
      tier: 'free',
      tags: ['popular'],
      expires_at: null,
      expires_in_days: null,
      expiring_soon: false,
      expired: false,
    });
    expect(res.data[1]!.tier).toBe('pro');
    expect(res.note).toBe('Pro domains need growth.');
  });

  it('listAllDomains reads the expiry of each', async () => {
    const res = await client.listAllDomains();
    expect(res.data[1]).toMatchObject({ domain: 'old.hosted.example', expires_in_days: 5, expiring_soon: true, expired: false });
    expect(fake.seen.at(-1)!.url).toBe('/v1/domains/all');
  });

  it('custom domains: add, list, verify, remove (inboxes_removed is the list of addresses)', async () => {
    const added = await client.addCustomDomain('new.acme.example');
    expect(added.data).toMatchObject({ domain: 'new.acme.example', verified: false, txt_record: 'hosted-verify=xyz' });
    expect(added.data.dns_records?.map((r) => r.type)).toEqual(['MX', 'TXT']);
    expect((await client.listCustomDomains()).data[0]).toMatchObject({ domain: 'mail.acme.example', verified: true, added_at: '2026-01-02T03:04:05.000Z' });
    const v = await client.verifyCustomDomain('new.acme.example');
    expect(v).toMatchObject({ verified: true, data: { domain: 'new.acme.example' } });
    const rm = await client.removeCustomDomain('new.acme.example');
    expect(rm.inboxes_removed).toEqual(['team@new.acme.example', 'ops@new.acme.example']);
  });
});

describe('inboxes', () => {
  it('registerInbox: a 201 without data is a new registration; a 200 is an existing one', async () => {
    const first = await client.registerInbox('fresh@hosted.example');
    expect(first).toMatchObject({ created: true, inbox: 'fresh@hosted.example', message: 'Inbox registered successfully.' });
    expect(first.data).toEqual({ inbox: 'fresh@hosted.example', registered_at: null });
    const again = await client.registerInbox('fresh@hosted.example');
    expect(again).toMatchObject({ created: false, inbox: 'fresh@hosted.example' });
  });

  it('listInboxes reads objects and bare strings alike', async () => {
    const res = await client.listInboxes();
    expect(res.data[0]).toEqual({ inbox: HOSTED_INBOX, local: 'qa+1', domain: 'hosted.example', registered_at: null });
    expect(res.data).toContainEqual({ inbox: 'fresh@hosted.example', local: 'fresh', domain: 'hosted.example', registered_at: null });
  });

  it('removeInbox and startTest (with and without an id); the inbox is percent-encoded in the path', async () => {
    expect(await client.removeInbox('fresh@hosted.example')).toEqual({ success: true, message: 'Inbox unregistered.' });
    expect(fake.seen.at(-1)!.url).toBe('/v1/inboxes/fresh%40hosted.example');
    expect((await client.startTest(HOSTED_INBOX, 'signup-1')).test_id).toBe('signup-1');
    expect(JSON.parse(fake.seen.at(-1)!.body)).toEqual({ test_id: 'signup-1' });
    expect((await client.startTest(HOSTED_INBOX)).test_id).toBe('tst_9f8e7d');
    expect(JSON.parse(fake.seen.at(-1)!.body)).toEqual({});
  });
});

describe('messages', () => {
  it('list, get, otp (timestamp in ms), wait', async () => {
    const list = await client.listMessages(HOSTED_INBOX);
    expect(list.data[0]).toMatchObject({ id: 'D3vt8NnEQ', otp: '482913', hasAttachment: false });
    const one = await client.getMessage(HOSTED_INBOX, 'D3vt8NnEQ');
    expect(one.data).toMatchObject({ id: 'D3vt8NnEQ', text: 'Your verification code is 482913.', html: null, attachments: [] });
    const otp = await client.otp(HOSTED_INBOX);
    expect(otp).toMatchObject({ otp: '482913', email_id: 'D3vt8NnEQ', timestamp: OTP_MS, verification_link: 'https://service.example/verify?token=abc' });
    const waited = await client.wait(HOSTED_INBOX, { timeout: 10 });
    expect(waited).toMatchObject({ success: true, data: { id: 'D3vt8NnEQ' } });
    expect((await client.waitForMessage(HOSTED_INBOX, { existing: true, timeoutMs: 5000 })).message.id).toBe('D3vt8NnEQ');
    expect(await client.waitForOtp(HOSTED_INBOX, { timeoutMs: 5000 })).toBe('482913');
  });

  it('deleteMessage: success true, then success false for the gone id (a 200, not an exception)', async () => {
    expect(await client.deleteMessage(HOSTED_INBOX, 'D3vt8NnEQ')).toEqual({ success: true, message: 'Message deleted' });
    expect(await client.deleteMessage(HOSTED_INBOX, 'D3vt8NnEQ')).toEqual({ success: false, message: 'Message not found' });
  });

  it('timeline and insights: data arrays, test_id sent as a query parameter', async () => {
    const tl = await client.timeline(HOSTED_INBOX);
    expect(tl.inbox).toBe(HOSTED_INBOX);
    expect(tl.data.map((e) => [e.type, e.latency_ms])).toEqual([
      ['inbox_created', null],
      ['email_received', 2000],
      ['otp_extracted', 2100],
    ]);
    expect(tl.event_count).toBe(3);
    const run = await client.timeline(HOSTED_INBOX, { testId: 'signup 1' });
    expect(fake.seen.at(-1)!.url).toBe('/v1/inboxes/qa%2B1%40hosted.example/timeline?test_id=signup%201');
    expect(run.data).toHaveLength(2);
    const ins = await client.insights(HOSTED_INBOX);
    expect(ins).toMatchObject({ inbox: HOSTED_INBOX, count: 1, analyzed_at: null });
    expect(ins.data).toEqual([{ type: 'slow_delivery', message: 'The last message took 4.2 s to arrive.' }]);
  });
});

describe('webhooks', () => {
  it('add, list, remove', async () => {
    const added = await client.addWebhook(HOSTED_INBOX, 'https://hooks.example/x');
    expect(added).toEqual({ success: true, id: 'wh_77', inbox: HOSTED_INBOX, url: 'https://hooks.example/x', secret: 'a'.repeat(64) });
    const list = await client.listWebhooks();
    expect(list.data[0]).toEqual({ _id: 'wh_77', inbox: HOSTED_INBOX, url: 'https://hooks.example/x', createdAt: '2026-01-10T00:00:00.000Z', failureCount: 2 });
    expect((await client.removeWebhook('wh_77')).message).toBe('Webhook wh_77 unregistered');
  });
});

it('plans, and an error answer, come through as well', async () => {
  expect((await client.plans()).success).toBe(true);
  const bad = new InboxClient({ baseUrl: fake.url, apiKey: 'wrong' });
  await expect(bad.me()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  await bad.close();
});
