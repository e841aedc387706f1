// The hosted MCP layer (/v1/mcp/*) as the facts sheet of the hosted server has it: the order of checks
// (auth, the limiter's unit, the plan gate, the per-minute operations, the route), every field and
// type of each answer, what each route costs (read from X-RateLimit-Remaining-Month), the gate's 403
// without `success`, the 429 past the operations cap, and the waits on the emulator's manual clock.
// In-process through app.request(); the emulator's own routes for what no hosted version has
// (status, watch-email, messages/latest under the API base) are checked as docs/emulator.md says.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpResponses } from '../../src/api/mcp-schemas.js';
import { expectError, expectSchema, makeApp } from '../helpers/emulator.js';

let t: Awaited<ReturnType<typeof makeApp>>;

beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

const INBOX = 'qa+mcp@inbox.test';

/** One request, late enough after the last for the key's per-second limit. */
async function call(method: string, path: string, key: string, body?: unknown) {
  // A second apart for the plans of 1 request a second, a tenth of one for the rest.
  t.clock.advance(key === 'emu_free' ? 1000 : 100);
  const r = await t.call(method, path, { key, body });
  return { ...r, remaining: Number(r.headers.get('X-RateLimit-Remaining-Month')) };
}

async function remaining(key: string): Promise<number> {
  const account = t.core.accounts.byKey(key)!;
  return t.core.accounts.state(account).remainingMonth;
}

/** What a request cost: the month's remaining units before and after it. */
async function cost(key: string, run: () => Promise<unknown>): Promise<number> {
  const before = await remaining(key);
  await run();
  return before - (await remaining(key));
}

async function register(key: string, inbox = INBOX) {
  expect((await call('POST', '/v1/inboxes', key, { inbox })).status).toBe(201);
}

async function mail(to: string, subject: string, text: string, from = 'noreply@app.example') {
  const r = await t.call('POST', '/_emulator/messages', { body: { to, from, subject, text } });
  expect(r.status).toBe(201);
  return r.body.data.ids[0] as string;
}

const GATE = {
  error: 'MCP not available on your plan',
  upgrade: 'Growth required',
  upgrade_required: true,
  recommended_plan: 'growth',
};

describe('the plan gate', () => {
  it.each(['emu_free', 'emu_developer', 'emu_startup'])('%s: 403 without `success`, after the limiter has taken its unit', async (key) => {
    for (const [method, path] of [
      ['GET', `/v1/mcp/inboxes/${INBOX}/messages/latest`],
      ['GET', `/v1/mcp/inboxes/${INBOX}/otp`],
      ['POST', '/v1/mcp/create-and-wait-otp'],
      ['GET', '/v1/mcp/status'],
      ['GET', `/v1/mcp/watch-email?inbox=${encodeURIComponent(INBOX)}`],
      ['GET', '/v1/mcp/no-such-route'],
    ] as const) {
      let r: Awaited<ReturnType<typeof call>> | undefined;
      const spent = await cost(key, async () => {
        r = await call(method, path, key, method === 'POST' ? { domain: 'ditube.info', timeout: 10 } : undefined);
      });
      expect([path, r!.status]).toEqual([path, 403]);
      expect(r!.body).toEqual({ ...GATE, pricing_url: t.core.settings.upgradeUrl });
      expect('success' in r!.body).toBe(false);
      expectSchema(mcpResponses.gate, r!.body);
      expect([path, spent]).toEqual([path, 1]);
      expect(r!.headers.get('content-type')).toContain('application/json');
    }
  });

  it('authentication comes first: no key or a wrong one is the 401 of every route, and costs nothing', async () => {
    expectError(await t.call('GET', '/v1/mcp/status'), 401, 'unauthorized');
    expectError(await t.call('GET', '/v1/mcp/status', { key: 'nope' }), 401, 'invalid_api_key');
  });

  it('the limiter comes before the gate: a free key past its second gets 429 rate_limit_exceeded, not the gate', async () => {
    expect((await t.call('GET', '/v1/mcp/status', { key: 'emu_free' })).status).toBe(403);
    expectError(await t.call('GET', '/v1/mcp/status', { key: 'emu_free' }), 429, 'rate_limit_exceeded');
  });
});

describe('operations per calendar minute', () => {
  it.each([
    ['emu_growth', 60],
    ['emu_enterprise', 200],
  ] as const)('%s: %i operations a minute, then 429 mcp_rate_limit_exceeded (enterprise recommended, even to enterprise)', async (key, cap) => {
    await register(key);
    // Every request past the gate is one operation, whatever it answers: a 200, a 403 for an inbox
    // that is not the caller's, a 404 for an unknown path.
    const paths = ['/v1/mcp/status', '/v1/mcp/inboxes/other@inbox.test/otp', '/v1/mcp/unknown', `/v1/mcp/inboxes/${INBOX}/messages/latest`];
    const statuses = new Set<number>();
    for (let i = 0; i < cap; i++) {
      const r = await call('GET', paths[i % paths.length]!, key);
      expect(r.status).not.toBe(429);
      statuses.add(r.status);
    }
    expect([...statuses].sort()).toEqual([200, 403, 404]);
    const before = await remaining(key);
    const over = await call('GET', '/v1/mcp/status', key);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      success: false,
      error: 'mcp_rate_limit_exceeded',
      message: `MCP limit of ${cap} ops/min exceeded.`,
      upgrade_required: true,
      recommended_plan: 'enterprise',
      pricing_url: t.core.settings.upgradeUrl,
    });
    expectSchema(mcpResponses.opsLimit, over.body);
    // The limiter's unit was taken before the operations were counted.
    expect(before - (await remaining(key))).toBe(1);
    // The API outside /v1/mcp does not count operations.
    expect((await call('GET', '/v1/me', key)).status).toBe(200);
    // A fixed calendar-minute window: the next minute starts at zero.
    t.clock.advance(60_000 - ((t.clock.now() - Date.UTC(2026, 0, 1)) % 60_000));
    expect((await call('GET', '/v1/mcp/status', key)).status).toBe(200);
  });
});

describe('GET /v1/mcp/inboxes/{inbox}/messages/latest (2 units)', () => {
  it("another's inbox: 403 inbox_not_owned for 1 unit; empty: `data: null`; then the newest message, unmasked, with its text", async () => {
    const key = 'emu_growth';
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await cost(key, async () => (r = await call('GET', `/v1/mcp/inboxes/${INBOX}/messages/latest`, key)))).toBe(1);
    expectError(r!, 403, 'inbox_not_owned');
    await register(key);
    expect(await cost(key, async () => (r = await call('GET', `/v1/mcp/inboxes/${INBOX}/messages/latest`, key)))).toBe(2);
    expect(r!.status).toBe(200);
    expect(r!.body).toEqual({ success: true, message: 'No messages found', data: null });
    await mail(INBOX, 'Welcome', 'Hello there, no code here.');
    const id = await mail(INBOX, 'Your code', 'Your verification code is 482913.\n\nVerify your email address: https://app.example/verify?token=abc');
    // Upper case in the path is read as lower case; `+` and `@` raw, as the official server sends them.
    r = await call('GET', `/v1/mcp/inboxes/${INBOX.toUpperCase()}/messages/latest`, key);
    expect(r.status).toBe(200);
    const body = expectSchema(mcpResponses.latest, r.body);
    expect(Object.keys(body.data).sort()).toEqual(['date', 'from', 'id', 'otp', 'subject', 'text', 'verificationLink']);
    expect(body.data).toMatchObject({ id, from: 'noreply@app.example', subject: 'Your code', otp: '482913' });
    expect(body.data.text).toContain('Your verification code is 482913.');
    expect(body.data.verificationLink).toBe('https://app.example/verify?token=abc');
  });

  it('GET /v1/inboxes/{inbox}/messages/latest (the official get_latest_email, under the API base) answers the same, gate and cost included', async () => {
    const key = 'emu_enterprise';
    await register(key);
    await mail(INBOX, 'Your code', 'Code: 771204');
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await cost(key, async () => (r = await call('GET', `/v1/inboxes/${INBOX}/messages/latest`, key)))).toBe(2);
    expect(expectSchema(mcpResponses.latest, r!.body).data.otp).toBe('771204');
    await register('emu_startup', 'st@inbox.test');
    r = await call('GET', '/v1/inboxes/st@inbox.test/messages/latest', 'emu_startup');
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('MCP not available on your plan');
  });
});

describe('GET /v1/mcp/inboxes/{inbox}/otp (3 units)', () => {
  it('none yet, then the newest message with a code: epoch-ms timestamp, link or null', async () => {
    const key = 'emu_growth';
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await cost(key, async () => (r = await call('GET', `/v1/mcp/inboxes/${INBOX}/otp`, key)))).toBe(1);
    expectError(r!, 403, 'inbox_not_owned');
    await register(key);
    expect(await cost(key, async () => (r = await call('GET', `/v1/mcp/inboxes/${INBOX}/otp`, key)))).toBe(3);
    expect(r!.body).toEqual({ success: true, otp: null, message: 'No OTP found in recent messages.' });
    const at = t.clock.now();
    const id = await mail(INBOX, 'Sign in', 'Your sign-in code is 390215.');
    await mail(INBOX, 'Newsletter', 'Nothing to see.');
    r = await call('GET', `/v1/mcp/inboxes/${INBOX}/otp`, key);
    const body = expectSchema(mcpResponses.otp, r.body);
    expect(body).toEqual({
      success: true,
      otp: '390215',
      email_id: id,
      from: 'noreply@app.example',
      subject: 'Sign in',
      timestamp: at,
      verification_link: null,
    });
  });
});

describe('POST /v1/mcp/create-and-wait-otp (5 units, charged first)', () => {
  const hold = async (key: string, body: unknown) => {
    t.clock.advance(100);
    const pending = t.call('POST', '/v1/mcp/create-and-wait-otp', { key, body });
    await t.core.waits.whenPending(1);
    const inbox = t.core.inboxes.ofAccount(t.core.accounts.byKey(key)!).at(-1)!.inbox;
    return { pending, inbox };
  };

  it('registers a random address at the default ditube.info that stays, passes over mail without a code, answers with the code', async () => {
    const key = 'emu_growth';
    const before = await remaining(key);
    const { pending, inbox } = await hold(key, {});
    expect(inbox).toMatch(/^[0-9a-z]{1,8}@ditube\.info$/);
    expect(before - (await remaining(key))).toBe(5);
    await mail(inbox, 'Welcome aboard', 'Thanks for joining.');
    await t.core.waits.whenPending(1);
    await mail(inbox, 'Confirm', 'Your code is 640213. Or click https://app.example/confirm?t=1');
    const r = await pending;
    expect(r.status).toBe(200);
    expect(expectSchema(mcpResponses.createAndWaitOtp, r.body)).toEqual({
      success: true,
      inbox,
      otp: '640213',
      verification_link: 'https://app.example/confirm?t=1',
      from: 'noreply@app.example',
      subject: 'Confirm',
    });
    const list = await call('GET', '/v1/inboxes', key);
    expect(list.body.data.map((d: { inbox: string }) => d.inbox)).toContain(inbox);
  });

  it.each([
    [undefined, 45],
    [5, 45],
    ['abc', 45],
    [10, 10],
    [20, 20],
    [600, 60],
  ])('timeout %s holds %i s, then 200 `success: false`', async (timeout, seconds) => {
    const key = 'emu_enterprise';
    const { pending, inbox } = await hold(key, timeout === undefined ? { domain: 'ditplay.info' } : { domain: 'ditplay.info', timeout });
    expect(inbox.endsWith('@ditplay.info')).toBe(true);
    t.clock.advance(seconds * 1000 - 1);
    expect(t.core.waits.pending).toBe(1);
    t.clock.advance(1);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(expectSchema(mcpResponses.createAndWaitTimeout, r.body)).toEqual({ success: false, inbox, message: 'Timeout reached, no OTP received' });
  });

  it('a domain that is not a platform domain (a custom one too) is 400 invalid_domain, after the 5 units; pro platform domains are taken', async () => {
    const key = 'emu_growth';
    const account = t.core.accounts.byKey(key)!;
    expect((await call('POST', '/v1/custom-domains', key, { domain: 'mine.example' })).status).toBe(201);
    await t.core.publishDomainRecords(account, 'mine.example');
    expect((await call('POST', '/v1/custom-domains/mine.example/verify', key)).status).toBe(200);
    for (const domain of ['mine.example', 'gmail.com', 42]) {
      let r: Awaited<ReturnType<typeof call>> | undefined;
      expect(await cost(key, async () => (r = await call('POST', '/v1/mcp/create-and-wait-otp', key, { domain, timeout: 10 })))).toBe(5);
      const body = expectError(r!, 400, 'invalid_domain');
      expect(body.message).toBe('Use standard provided domain like ditube.info');
    }
    const { pending, inbox } = await hold(key, { domain: 'mock-api.pro', timeout: 10 });
    expect(inbox.endsWith('@mock-api.pro')).toBe(true);
    t.clock.advance(10_000);
    expect((await pending).body.success).toBe(false);
  });

  it("the plan's inbox cap: 403 inbox_limit_reached", async () => {
    const key = 'emu_growth';
    for (let i = 0; i < 100; i++) await register(key, `n${i}@inbox.test`);
    const r = await call('POST', '/v1/mcp/create-and-wait-otp', key, { timeout: 10 });
    expectError(r, 403, 'inbox_limit_reached');
  });
});

describe('the routes no hosted version has, served for the official server', () => {
  it('GET /v1/mcp/status: 200 with userId, plan and mcpEnabled, 1 unit', async () => {
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await cost('emu_growth', async () => (r = await call('GET', '/v1/mcp/status', 'emu_growth')))).toBe(1);
    const account = t.core.accounts.byKey('emu_growth')!;
    expect(expectSchema(mcpResponses.status, r!.body)).toEqual({ success: true, userId: account.id, plan: 'growth', mcpEnabled: true });
  });

  it('GET /v1/mcp/watch-email: as /wait (10 units before the hold, `since`, the timeout clamp)', async () => {
    const key = 'emu_growth';
    await register(key);
    const q = (extra = '') => `/v1/mcp/watch-email?inbox=${encodeURIComponent(INBOX)}${extra}`;
    // Not the caller's: 403 after the whole cost, as /wait.
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await cost(key, async () => (r = await call('GET', '/v1/mcp/watch-email?inbox=x%40inbox.test', key)))).toBe(10);
    expectError(r!, 403, 'inbox_not_owned');
    expectError(await call('GET', '/v1/mcp/watch-email', key), 400, 'missing_field');
    // A timeout of 5 is held 10 s.
    t.clock.advance(100);
    let pending = t.call('GET', q('&timeout=5'), { key });
    await t.core.waits.whenPending(1);
    t.clock.advance(9_999);
    expect(t.core.waits.pending).toBe(1);
    t.clock.advance(1);
    expect((await pending).body).toEqual({ success: false, message: 'Timeout reached' });
    // The next message ends the hold.
    pending = t.call('GET', q('&timeout=30'), { key });
    await t.core.waits.whenPending(1);
    const first = await mail(INBOX, 'One', 'Sign-in code 111222');
    r = { ...(await pending), remaining: 0 };
    const body = expectSchema(mcpResponses.watchEmail, r.body);
    expect(body).toMatchObject({ success: true, message: 'New message received', data: { id: first, otp: '111222', subject: 'One' } });
    const second = await mail(INBOX, 'Two', 'Sign-in code 333444');
    // since = an id that is not the newest: the newest at once.
    r = await call('GET', q(`&since=${first}`), key);
    expect(r.body.data.id).toBe(second);
    // since = the newest: waits for the next one.
    pending = t.call('GET', q(`&since=${second}&timeout=10`), { key });
    await t.core.waits.whenPending(1);
    t.clock.advance(10_000);
    expect((await pending).body.success).toBe(false);
  });

  it('another path under /v1/mcp: a JSON 404 once charged, gated and counted', async () => {
    const key = 'emu_growth';
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await cost(key, async () => (r = await call('GET', '/v1/mcp/inboxes', key)))).toBe(1);
    expectError(r!, 404, 'not_found');
    // The wrong method on a route is the same 404 (the hosted framework matches path and method).
    expectError(await call('GET', '/v1/mcp/create-and-wait-otp', key), 404, 'not_found');
  });
});
