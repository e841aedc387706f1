// Catch-all mode and refused recipients, over real SMTP sockets: without catch-all an unregistered
// recipient is refused (550) and the refusal is published with its reason and fix; with it, mail to a
// platform domain, a verified custom domain of the catch-all account or a domain nobody added
// registers the inbox on the fly.
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { InboxClient } from '../../src/client/index.js';

let emu: RunningEmulator;
let growth: InboxClient;
const refused: Array<{ address: string; reason: string; hint: string }> = [];
const caught: Array<{ inbox: string; apiKey: string }> = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0 });
  emu.events.on('smtp.recipient_refused', (e) => refused.push(e));
  emu.events.on('catchall.registered', (e) => caught.push(e));
  growth = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.growth });
});
afterAll(async () => {
  await growth.close();
  await emu.close();
});

async function send(to: string, text = 'Your verification code is 246810'): Promise<{ ok: boolean; response: string }> {
  const smtp = createTransport({ host: '127.0.0.1', port: emu.smtp.port, secure: false, ignoreTLS: true });
  try {
    const info = await smtp.sendMail({ from: 'app@example.test', to, subject: 'Hi', text });
    return { ok: true, response: info.response };
  } catch (e) {
    return { ok: false, response: String((e as { response?: string }).response ?? e) };
  } finally {
    smtp.close();
  }
}

async function control(method: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${emu.url}/_emulator/catch-all`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function inboxesOf(key: string): Promise<string[]> {
  const c = new InboxClient({ baseUrl: emu.url, apiKey: key });
  try {
    return (await c.listInboxes()).data.map((r) => r.inbox);
  } finally {
    await c.close();
  }
}

describe('without catch-all', () => {
  test('an unregistered platform address is refused with 550, the reason and the fix', async () => {
    const r = await send('typo@inbox.test');
    expect(r.ok).toBe(false);
    expect(r.response).toMatch(/^550 .*<typo@inbox\.test> is not a registered inbox.*fix: inbox inboxes register typo@inbox\.test/);
    expect(refused.at(-1)).toEqual({
      address: 'typo@inbox.test',
      reason: 'not registered',
      hint: expect.stringContaining('inbox inboxes register typo@inbox.test'),
      remote: expect.any(String),
    });
  });

  test('an unknown domain and an unverified custom domain are told apart', async () => {
    expect((await send('a@nowhere.example')).ok).toBe(false);
    expect(refused.at(-1)).toMatchObject({
      address: 'a@nowhere.example',
      reason: expect.stringContaining('neither a platform domain'),
      hint: expect.stringContaining('inbox domains add nowhere.example'),
    });
    await growth.addCustomDomain('pending.example');
    expect((await send('a@pending.example')).ok).toBe(false);
    expect(refused.at(-1)).toMatchObject({
      reason: 'custom domain pending.example is not verified',
      hint: expect.stringContaining('inbox domains verify pending.example'),
    });
  });
});

describe('with catch-all', () => {
  test('the control route validates, reports and toggles it', async () => {
    expect((await control('GET')).body).toEqual({ success: true, data: { enabled: false, account: null, maxInboxes: 1000, inboxes: 0 } });
    const bad = await control('POST', { account: 'no_such_key' });
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ success: false, error: 'not_found' });
    expect((await control('POST', { enabled: 'yes' })).status).toBe(400);
    expect((await control('POST', {})).body.data).toEqual({ enabled: true, account: 'emu_enterprise', maxInboxes: 1000, inboxes: 0 });
    expect((await control('DELETE')).body.data).toEqual({ enabled: false, account: null, maxInboxes: 1000, inboxes: 0 });
  });

  test('mail to a platform address registers the inbox for the account and is stored', async () => {
    await control('POST', { account: 'emu_growth' });
    const r = await send('fresh-1@inbox.test');
    expect(r.ok, r.response).toBe(true);
    expect(caught).toContainEqual({ inbox: 'fresh-1@inbox.test', apiKey: 'emu_growth' });
    expect(await inboxesOf('emu_growth')).toContain('fresh-1@inbox.test');
    expect(await growth.waitForOtp('fresh-1@inbox.test', { timeoutMs: 5_000 })).toBe('246810');
    // The control route's injection path catches too.
    const inj = await fetch(`${emu.url}/_emulator/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'fresh-2@mail.test', subject: 'x', text: 'y' }),
    });
    expect(inj.status).toBe(201);
    expect(await inboxesOf('emu_growth')).toContain('fresh-2@mail.test');
  });

  test("a verified custom domain of the account is caught, and a domain nobody added; someone else's is not", async () => {
    await growth.addCustomDomain('mine.example');
    const { data } = await growth.listCustomDomains();
    const dom = data.find((d) => d.domain === 'mine.example')!;
    await growth.emulatorSetDns('mine.example', [
      { type: 'MX', value: dom.mx_record, priority: 10 },
      { type: 'TXT', value: dom.txt_record },
    ]);
    await growth.verifyCustomDomain('mine.example');
    expect((await send('qa@mine.example')).ok).toBe(true);
    expect(await inboxesOf('emu_growth')).toContain('qa@mine.example');

    await control('POST', { account: 'emu_enterprise' });
    const other = await send('qa2@mine.example'); // growth's domain, catch-all for enterprise
    expect(other.ok).toBe(false);
    expect(refused.at(-1)?.reason).toMatch(/^catch-all could not register it: /);
    // A domain nobody added is caught too (catch-all-any-domain.test.ts has the rest).
    expect((await send('b@nowhere.example')).ok).toBe(true);
    expect(await inboxesOf('emu_enterprise')).toContain('b@nowhere.example');
    await control('DELETE');
  });

  test('plan rules still hold: a free account is not given a pro domain', async () => {
    await control('POST', { account: 'emu_free' });
    const r = await send('x@pro.inbox.test');
    expect(r.ok).toBe(false);
    expect(refused.at(-1)).toMatchObject({ address: 'x@pro.inbox.test', reason: expect.stringMatching(/catch-all could not register it: .*pro domain/) });
    await control('DELETE');
  });
});
