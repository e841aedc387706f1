// Every route an official client calls, sent the way each client sends it (headers, path encoding,
// body text), with every field that client reads checked for presence and type. In-process through
// app.request() on a manual clock. The field lists follow the clients' documented reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers/emulator.js';
import { CLIENTS, field, nonEmpty, PERSONAS, problems, send, type ClientName, type Field } from './clients.js';

const KEY = 'emu_enterprise';
const DOMAIN = 'conform.example';
/** An address with all three troublesome characters: `+`, `/` and `@`. */
// `+` and `.` are what the hosted address pattern allows besides letters, digits, `_`, `%` and `-`.
const INBOX = 'qa+signup.1@inbox.test';

let t: Awaited<ReturnType<typeof makeApp>>;
let mailId = '';

/** One request as `client` sends it, a clock second later (no per-second limit in the way). */
function call(client: ClientName, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, key = KEY) {
  t.clock.advance(1000);
  return send(t.app, client, key, method, path, body);
}
const seg = (client: ClientName, v: string) => PERSONAS[client].segment(v);

function expectReads(body: unknown, fields: Field[], client: ClientName): void {
  expect(problems(body, fields, client), `${client} reads of ${JSON.stringify(body).slice(0, 400)}`).toEqual([]);
}

const RAW_WITH_ATTACHMENT = [
  'From: Service <noreply@service.example>',
  `To: ${INBOX}`,
  'Subject: Your sign-in code',
  'Date: Thu, 01 Jan 2026 00:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Your verification code is 482913. Or open https://service.example/verify?token=abc123',
  '--b1',
  'Content-Type: text/plain; name="note.txt"',
  'Content-Disposition: attachment; filename="note.txt"',
  '',
  'hello',
  '--b1--',
  '',
].join('\r\n');

beforeAll(async () => {
  t = await makeApp();
  const r = await call('js', 'POST', '/inboxes', { inbox: INBOX });
  expect(r.status).toBe(201);
  const injected = await t.call('POST', '/_emulator/messages', { body: { raw: RAW_WITH_ATTACHMENT, to: INBOX } });
  expect(injected.status).toBe(201);
  mailId = injected.body.data.ids[0];
});
afterAll(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

describe('every answer is a JSON object', () => {
  it('success, errors, unknown routes and wrong methods alike, for every client', async () => {
    for (const c of CLIENTS) {
      await call(c, 'GET', '/me');
      await call(c, 'GET', '/nope');
      await call(c, 'DELETE', '/me');
      await call(c, 'GET', `/inboxes/${seg(c, 'nobody@inbox.test')}/messages`);
      await call(c, 'GET', '/me', undefined, 'emu_unknown');
    }
  });
});

describe('account', () => {
  const ME: Field[] = [
    field('data.plan', 'string', 'js', 'py', 'cli'),
    field('data.plan_label', 'string', 'js', 'py', 'cli'),
    field('data.price', 'string', 'js', 'py', 'cli'),
    field('data.credits', 'number', 'js', 'py', 'cli'),
    field('data.rate_limits', 'object', 'js', 'py'),
    field('data.rate_limits.requestsPerSecond', 'number', 'js', 'py'),
    field('data.rate_limits.requestsPerMonth', 'number', 'js', 'py'),
    field('data.features', 'object', 'js', 'py'),
    ...['otpExtraction', 'attachments', 'customDomains', 'websocket'].map((k) => field(`data.features.${k}`, 'boolean', 'js', 'py')),
    field('data.features.maxAttachmentSizeMb', 'number', 'js', 'py'),
    field('data.features.maxWsConnections', 'number', 'js', 'py'),
    field('data.app_inboxes', 'string[]', 'js', 'py'),
    field('data.api_inboxes', 'string[]', 'js', 'py'),
    field('data.app_inbox_count', 'number', 'js', 'py', 'cli'),
    field('data.api_inbox_count', 'number', 'js', 'py', 'cli'),
    field('data.custom_domains', 'array', 'js'),
    field('data.custom_domains[].domain', 'string', 'js'),
    field('data.custom_domains[].verified', 'boolean', 'js'),
    field('data.custom_domains[].mx_record', 'string', 'js'),
    field('data.custom_domains[].txt_record', 'string', 'js'),
    field('data.custom_domain_count', 'number', 'js'),
  ];
  const USAGE: Field[] = [
    field('data.plan', 'string', 'js', 'py'),
    ...['requests_used', 'requests_limit', 'requests_remaining', 'credits_remaining'].map((k) => field(`data.${k}`, 'number', 'js', 'py', 'cli')),
    field('data.percent_used', 'string', 'js', 'py', 'cli'),
    field('data.resets', 'string', 'js', 'py', 'cli'),
  ];

  it.each(CLIENTS)('GET /me as %s', async (c) => {
    const r = await call(c, 'GET', '/me');
    expect(r.status).toBe(200);
    expectReads(r.body, ME, c);
    expect(r.body.data.plan).toBe('enterprise');
    expect(r.body.data.api_inboxes).toContain(INBOX);
    expect(r.body.data.api_inbox_count).toBe(r.body.data.api_inboxes.length);
    expect(r.body.data.rate_limits).toEqual({ requestsPerSecond: 100, requestsPerMonth: 10_000_000 });
    expect(r.body.data.features).toMatchObject({ otpExtraction: true, customDomains: true, maxWsConnections: 100, maxAttachmentSizeMb: 50 });
  });

  it.each(CLIENTS)('GET /usage as %s', async (c) => {
    const r = await call(c, 'GET', '/usage');
    expect(r.status).toBe(200);
    expectReads(r.body, USAGE, c);
    expect(r.body.data.percent_used).toMatch(/^\d+\.\d%$/);
    expect(Date.parse(r.body.data.resets)).toBeGreaterThan(t.clock.now());
    expect(r.body.data.requests_remaining).toBe(r.body.data.requests_limit - r.body.data.requests_used);
  });
});

describe('domains', () => {
  const LIST: Field[] = [
    field('data', 'array', 'js', 'py', 'cli'),
    field('data[].domain', 'string', 'js', 'py', 'cli'),
    field('data[].tier', 'string', 'js', 'py', 'cli'),
    field('data[].tags', 'string[]', 'js', 'py'),
    field('data[].expiring_soon', 'boolean', 'js', 'py'),
    field('data[].expires_at', ['string', 'null'], 'js', 'py'),
    field('data[].expires_in_days', ['int', 'null'], 'js', 'py'),
    field('data[].expired', 'boolean', 'js', 'py'),
  ];
  const CUSTOM: Field[] = [
    field('data[].domain', 'string', 'js', 'py'),
    field('data[].verified', 'boolean', 'js', 'py'),
    field('data[].mx_record', 'string', 'js', 'py'),
    field('data[].txt_record', 'string', 'js', 'py'),
    field('data[].added_at', ['string', 'null'], 'js', 'py'),
  ];
  const ADDED: Field[] = [
    field('data.domain', 'string', 'js', 'py'),
    field('data.verified', 'boolean', 'js', 'py'),
    ...['mx_record', 'txt_record', 'added_at', 'next_step'].map((k) => field(`data.${k}`, 'string', 'js', 'py')),
    field('data.dns_records', 'array', 'js', 'py'),
    ...['type', 'hostname', 'value', 'priority', 'ttl'].map((k) => field(`data.dns_records[].${k}`, 'string', 'js', 'py')),
  ];
  const VERIFIED: Field[] = [
    field('success', 'boolean', 'js', 'py'),
    field('verified', 'boolean', 'js', 'py'),
    field('message', 'string', 'js', 'py'),
    field('data.domain', 'string', 'js', 'py'),
  ];
  const REMOVED: Field[] = [field('success', 'boolean', 'js', 'py'), field('message', 'string', 'js', 'py'), field('inboxes_removed', 'string[]', 'js', 'py')];

  it.each(CLIENTS)('GET /domains as %s: an array of objects, expiry on each', async (c) => {
    const r = await call(c, 'GET', '/domains');
    expect(r.status).toBe(200);
    expect(nonEmpty(r.body, 'data')).toBe(true);
    expectReads(r.body, LIST, c);
  });

  it.each(['js', 'py'] as const)('GET /domains/all as %s: every platform domain with expiry', async (c) => {
    const r = await call(c, 'GET', '/domains/all');
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { tier: string }) => d.tier)).toContain('pro');
    expectReads(r.body, LIST, c);
  });

  it.each(['js', 'py'] as const)('custom domains as %s: add (201, then 200), list, verify, remove with its inboxes', async (c) => {
    const domain = `${c}.${DOMAIN}`;
    let r = await call(c, 'POST', '/custom-domains', { domain });
    expect(r.status).toBe(201);
    expectReads(r.body, ADDED, c);
    expect(r.body.data.dns_records.map((d: { type: string }) => d.type)).toEqual(['MX', 'TXT']);
    const { mx_record, txt_record } = r.body.data;
    r = await call(c, 'POST', '/custom-domains', { domain });
    expect(r.status).toBe(200);
    expect(r.body.data.domain).toBe(domain);

    r = await call(c, 'GET', '/custom-domains');
    expectReads(r.body, CUSTOM, c);
    expect(r.body.data.map((d: { domain: string }) => d.domain)).toContain(domain);

    await t.call('POST', '/_emulator/dns', {
      body: {
        domain,
        records: [
          { type: 'MX', value: mx_record },
          { type: 'TXT', value: txt_record },
        ],
      },
    });
    r = await call(c, 'POST', `/custom-domains/${seg(c, domain)}/verify`, {});
    expect(r.status).toBe(200);
    expectReads(r.body, VERIFIED, c);
    expect(r.body).toMatchObject({ success: true, verified: true, data: { domain, verified: true } });

    expect((await call(c, 'POST', '/inboxes', { inbox: `team@${domain}` })).status).toBe(201);
    r = await call(c, 'DELETE', `/custom-domains/${seg(c, domain)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, REMOVED, c);
    expect(r.body.inboxes_removed).toEqual([`team@${domain}`]);
  });
});

describe('inboxes', () => {
  const REGISTERED: Field[] = [field('success', 'boolean', 'js', 'py'), field('message', 'string', 'js', 'py'), field('inbox', 'string', 'js', 'py', 'cli')];
  const LIST: Field[] = [
    field('data', 'array', 'js', 'py', 'cli'),
    field('data[]', 'object', 'py'),
    field('data[].inbox', 'string', 'js', 'py', 'cli'),
    field('data[].local', 'string', 'js', 'py'),
    field('data[].domain', 'string', 'js', 'py'),
  ];
  const DONE: Field[] = [field('success', 'boolean', 'js', 'py'), field('message', 'string', 'js', 'py')];

  it.each(CLIENTS)('POST /inboxes as %s: 201 with top-level message and inbox (and the documented data), then 200', async (c) => {
    const inbox = `new-${c}+tag@inbox.test`;
    let r = await call(c, 'POST', '/inboxes', { inbox });
    expect(r.status).toBe(201);
    expectReads(r.body, REGISTERED, c);
    expect(r.body).toMatchObject({ success: true, inbox, data: { inbox, registered_at: expect.any(String) } });
    r = await call(c, 'POST', '/inboxes', c === 'cli' ? { inbox } : { inbox, isTesting: true });
    expect(r.status).toBe(200);
    expectReads(r.body, REGISTERED, c);
    expect(r.body.inbox).toBe(inbox);
  });

  it('accepts the addresses the CLI makes up for `random` and `dev`, at each of the six hosted domains it picks from, below growth too', async () => {
    // `random`: <adjective><noun><1000-9999>@<d>; `dev`: dev-<4 of [a-z0-9]>@<d>; <d> only ever one of these.
    const CLI_DOMAINS = ['ditube.info', 'junkstopper.info', 'ditapi.info', 'ditgame.info', 'ditplay.info', 'ditcloud.info'];
    for (const [i, d] of CLI_DOMAINS.entries()) {
      for (const inbox of [`brightotter${4821 + i}@${d}`, `dev-x7k${i}@${d}`]) {
        t.clock.advance(1000);
        const r = await call('cli', 'POST', '/inboxes', { inbox }, 'emu_developer');
        expect(r.status, `${inbox}: ${JSON.stringify(r.body)}`).toBe(201);
        expect(r.body.inbox).toBe(inbox);
      }
    }
    // Mail to one of them reaches it, and `fce messages` reads it.
    await t.call('POST', '/_emulator/messages', { body: { to: 'dev-x7k0@ditube.info', subject: 'offline', text: 'x' } });
    t.clock.advance(1000);
    const r = await call('cli', 'GET', `/inboxes/${seg('cli', 'dev-x7k0@ditube.info')}/messages`, undefined, 'emu_developer');
    expect(r.body.data.map((m: { subject: string }) => m.subject)).toEqual(['offline']);
  });

  it.each(CLIENTS)('GET /inboxes as %s', async (c) => {
    const r = await call(c, 'GET', '/inboxes');
    expect(nonEmpty(r.body, 'data')).toBe(true);
    expectReads(r.body, LIST, c);
    expect(r.body.data.map((i: { inbox: string }) => i.inbox)).toContain(INBOX);
  });

  it.each(CLIENTS)("DELETE /inboxes/{inbox} as %s: 200 for the caller's inbox and for any other; mail stays", async (c) => {
    const inbox = `bye.${c}+x@inbox.test`;
    expect((await call(c, 'POST', '/inboxes', { inbox })).status).toBe(201);
    await t.call('POST', '/_emulator/messages', { body: { to: inbox, subject: 'kept', text: 'x' } });
    let r = await call(c, 'DELETE', `/inboxes/${seg(c, inbox)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, DONE, c);
    expect((await call(c, 'GET', '/inboxes')).body.data.map((i: { inbox: string }) => i.inbox)).not.toContain(inbox);
    r = await call(c, 'DELETE', `/inboxes/${seg(c, inbox)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, DONE, c);
    expect((await call(c, 'POST', '/inboxes', { inbox })).status).toBe(201);
    const list = await call(c, 'GET', `/inboxes/${seg(c, inbox)}/messages`);
    expect(list.body.data.map((m: { subject: string }) => m.subject)).toEqual(['kept']);
  });

  it.each(['js', 'py'] as const)('POST /inboxes/{inbox}/tests as %s, then the timeline of that test only', async (c) => {
    let r = await call(c, 'POST', `/inboxes/${seg(c, INBOX)}/tests`, {});
    expect(r.status).toBeLessThan(300);
    expectReads(r.body, [field('success', 'boolean', c), field('message', 'string', c), field('test_id', 'string', c)], c);
    r = await call(c, 'POST', `/inboxes/${seg(c, INBOX)}/tests`, { test_id: `run/${c} 1` });
    expect(r.body.test_id).toBe(`run/${c} 1`);
    await t.call('POST', '/_emulator/messages', { body: { to: INBOX, subject: `during ${c}`, text: 'x' } });
    r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/timeline?test_id=${PERSONAS[c].query(`run/${c} 1`)}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((e: { type: string }) => e.type)).toEqual(['email_received', 'email_parsed']);
    // As the hosted server logs them: the run's id and the time in ms on every event.
    for (const e of r.body.data) expect(e).toMatchObject({ test_run_id: `run/${c} 1`, inbox: INBOX, timestamp: expect.any(Number) });
  });
});

describe('timeline and insights', () => {
  const TIMELINE: Field[] = [
    field('data', 'array', 'js', 'py', 'cli'),
    field('data[]', 'object', 'js', 'py', 'cli'),
    field('data[].type', 'string', 'js', 'py', 'cli'),
    field('data[].latency_ms', ['number', 'null'], 'cli'),
  ];
  const INSIGHTS: Field[] = [
    field('data', 'array', 'js', 'py', 'cli'),
    field('data[]', 'object', 'js', 'py', 'cli'),
    field('data[].type', 'string', 'cli'),
    field('data[].message', 'string', 'cli'),
  ];

  it.each(CLIENTS)('timeline as %s: data is the array of events', async (c) => {
    const r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/timeline`);
    expect(r.status).toBe(200);
    expect(nonEmpty(r.body, 'data')).toBe(true);
    expectReads(r.body, TIMELINE, c);
    expect(r.body.inbox).toBe(INBOX);
    // The hosted server's event: `timestamp` in ms since the epoch, the inbox on each event.
    for (const e of r.body.data) expect(Number.isInteger(e.timestamp) && e.inbox === INBOX).toBe(true);
  });

  it.each(CLIENTS)('insights as %s: data is the array of insights', async (c) => {
    await t.call('POST', '/_emulator/messages', { body: { to: INBOX, subject: 'another', text: 'no code' } });
    const r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/insights`);
    expect(r.status).toBe(200);
    expect(nonEmpty(r.body, 'data')).toBe(true);
    expectReads(r.body, INSIGHTS, c);
    expect(typeof r.body.analyzed_at).toBe('string');
  });
});

describe('messages and otp', () => {
  const MESSAGE_JS_PY: Field[] = [
    field('id', 'string', 'js', 'py', 'cli'),
    field('from', 'string', 'js', 'py', 'cli'),
    field('to', 'string', 'js', 'py'),
    field('subject', 'string', 'js', 'py', 'cli'),
    field('date', 'string', 'js', 'py', 'cli'),
    field('otp', ['string', 'null'], 'js', 'py', 'cli'),
    field('verificationLink', ['string', 'null'], 'js', 'py'),
    field('hasAttachment', 'boolean', 'js', 'py'),
    field('wasAttachmentStripped', 'boolean', 'js', 'py'),
  ];
  const at = (prefix: string) => MESSAGE_JS_PY.map((f) => ({ ...f, path: `${prefix}${f.path}` }));
  const FULL: Field[] = [
    ...at('data.'),
    field('data.text', ['string', 'null'], 'js', 'py', 'cli'),
    field('data.html', ['string', 'null'], 'js', 'py', 'cli'),
    field('data.attachments', 'array', 'js', 'py'),
    ...['filename', 'contentType', 'content'].map((k) => field(`data.attachments[].${k}`, 'string', 'js', 'py')),
    field('data.attachments[].size', 'number', 'js', 'py'),
  ];
  const OTP: Field[] = [
    field('success', 'boolean', 'js', 'py'),
    field('otp', ['string', 'null'], 'js', 'py', 'cli'),
    field('email_id', 'string', 'js', 'py'),
    field('from', 'string', 'js', 'py', 'cli'),
    field('subject', 'string', 'js', 'py', 'cli'),
    field('timestamp', 'int', 'js', 'py', 'cli'),
    field('verification_link', ['string', 'null'], 'js', 'py', 'cli'),
  ];

  it.each(CLIENTS)('list as %s', async (c) => {
    const r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/messages`);
    expect(r.status).toBe(200);
    expect(nonEmpty(r.body, 'data')).toBe(true);
    expectReads(r.body, at('data[].'), c);
    expect(r.body.data.at(-1).id).toBe(mailId);
  });

  it.each(CLIENTS)('get as %s: text, html and attachments', async (c) => {
    const r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/messages/${seg(c, mailId)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, FULL, c);
    expect(r.body.data).toMatchObject({ id: mailId, otp: '482913', hasAttachment: true });
    expect(r.body.data.attachments).toEqual([expect.objectContaining({ filename: 'note.txt', size: 5 })]);
    expect(Buffer.from(r.body.data.attachments[0].content, 'base64').toString()).toBe('hello');
  });

  it.each(CLIENTS)('otp as %s: top level, timestamp in ms', async (c) => {
    const r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/otp`);
    expect(r.status).toBe(200);
    expectReads(r.body, OTP, c);
    expect(r.body).toMatchObject({ success: true, otp: '482913', email_id: mailId });
    expect(r.body.timestamp).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(r.body.timestamp).toBeLessThanOrEqual(t.clock.now());
  });

  it.each(['js', 'py'] as const)('delete as %s: 200; an unknown or gone id is 200 with success false', async (c) => {
    const [id] = (await t.call('POST', '/_emulator/messages', { body: { to: INBOX, subject: 'to delete', text: 'x' } })).body.data.ids;
    const done: Field[] = [field('success', 'boolean', c), field('message', 'string', c)];
    let r = await call(c, 'DELETE', `/inboxes/${seg(c, INBOX)}/messages/${seg(c, id)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, done, c);
    expect(r.body.success).toBe(true);
    r = await call(c, 'DELETE', `/inboxes/${seg(c, INBOX)}/messages/${seg(c, id)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, done, c);
    expect(r.body.success).toBe(false);
  });
});

describe('webhooks', () => {
  it.each(['js', 'py'] as const)('register, list, remove as %s', async (c) => {
    const inbox = `hooks-${c}@inbox.test`;
    await call(c, 'POST', '/inboxes', { inbox });
    let r = await call(c, 'POST', '/webhooks', { inbox, url: `https://hooks.example.test/${c}` });
    expect(r.status).toBe(201);
    expectReads(r.body, [field('success', 'boolean', c), ...['id', 'inbox', 'url'].map((k) => field(k, 'string', c))], c);
    const id = r.body.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/); // the hosted server's id form
    r = await call(c, 'GET', '/webhooks');
    expect(nonEmpty(r.body, 'data')).toBe(true);
    expect(r.body.data.map((w: { _id: string }) => w._id)).toContain(id);
    expectReads(r.body, [...['_id', 'inbox', 'url', 'createdAt'].map((k) => field(`data[].${k}`, 'string', c)), field('data[].failureCount', 'number', c)], c);
    r = await call(c, 'DELETE', `/webhooks/${seg(c, id)}`);
    expect(r.status).toBe(200);
    expectReads(r.body, [field('success', 'boolean', c), field('message', 'string', c)], c);
  });
});

describe('errors', () => {
  const ERROR: Field[] = [field('message', 'string', 'js', 'py', 'cli'), field('error', 'string', 'js', 'py', 'cli')];

  it.each(CLIENTS)('401, 403 (with upgrade_url), 404 and 429 (with an integer Retry-After) as %s', async (c) => {
    let r = await call(c, 'GET', '/me', undefined, 'emu_nope');
    expect(r.status).toBe(401);
    expectReads(r.body, ERROR, c);
    r = await call(c, 'GET', `/inboxes/${seg(c, 'someone@inbox.test')}/messages`);
    expect(r.status).toBe(403);
    expectReads(r.body, ERROR, c);
    r = await call(c, 'POST', '/webhooks', { inbox: INBOX, url: 'https://x.example.test' }, 'emu_free');
    expect(r.status).toBe(403);
    expectReads(r.body, [...ERROR, field('upgrade_url', 'string', 'js', 'py')], c);
    r = await call(c, 'GET', `/inboxes/${seg(c, INBOX)}/messages/${seg(c, 'no-such-id')}`);
    expect(r.status).toBe(404);
    expectReads(r.body, ERROR, c);
    // Two requests in one emulated second on the free plan (1 per second).
    t.clock.advance(1000);
    await send(t.app, c, 'emu_free', 'GET', '/me');
    r = await send(t.app, c, 'emu_free', 'GET', '/me');
    expect(r.status).toBe(429);
    expectReads(r.body, ERROR, c);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('client-side plan gates agree with /me: watch needs startup, otp needs growth', async () => {
    const rank = ['free', 'developer', 'startup', 'growth', 'enterprise'];
    for (const key of ['emu_free', 'emu_developer', 'emu_startup', 'emu_growth', 'emu_enterprise']) {
      const me = await call('cli', 'GET', '/me', undefined, key);
      const plan = rank.indexOf(me.body.data.plan);
      const ws = await call('js', 'GET', '/me', undefined, key);
      expect(ws.body.data.features.websocket).toBe(plan >= 2);
      expect(ws.body.data.features.otpExtraction).toBe(plan >= 3);
    }
  });
});
