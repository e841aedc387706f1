// Catch-all for any domain (issue 32): `inbox emulate --catch-all` run in-process, mail sent with
// nodemailer over real SMTP to addresses at domains nobody added (example.com, gmail.com). With the
// flag: 250, the inboxes listed for the catch-all account, their codes extracted, each new domain a
// verified custom domain of the account that does not count toward its 10, printed once on the
// terminal. Without it: 550 naming every step (add, publish DNS, verify, register) or the flag.
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { emulateInProcess, type EmulateRun } from '../helpers/emulate.js';
import { makeCore } from '../helpers/emulator.js';

const runs: EmulateRun[] = [];
afterEach(async () => {
  for (const run of runs.splice(0)) await run.stop();
});

async function start(args: string[]): Promise<{ run: EmulateRun; url: string; port: number }> {
  const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', ...args], { NO_COLOR: '1' });
  runs.push(run);
  const { url, smtp } = await run.ready();
  return { run, url, port: Number(smtp.slice(smtp.lastIndexOf(':') + 1)) };
}

/** One message over SMTP: the server's final reply, or the refusal's. */
async function send(port: number, to: string, text: string): Promise<{ ok: boolean; code: number; response: string }> {
  const smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await smtp.sendMail({ from: 'signup@app.test', to, subject: 'Confirm your address', text });
    return { ok: true, code: Number(info.response.slice(0, 3)), response: info.response };
  } catch (e) {
    const err = e as { responseCode?: number; response?: string };
    return { ok: false, code: err.responseCode ?? 0, response: String(err.response ?? e) };
  } finally {
    smtp.close();
  }
}

async function api(url: string, method: string, path: string, key?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe('inbox emulate --catch-all accepts mail for any domain', () => {
  it('alice@example.com and bob@gmail.com: 250, listed, codes extracted, domains verified and not counted', async () => {
    const { run, url, port } = await start(['--catch-all']);
    expect(run.stdout()).toContain('any address at any domain is registered on arrival, for emu_enterprise');

    const alice = await send(port, 'alice@example.com', 'Your verification code is 482913');
    expect(alice, alice.response).toMatchObject({ ok: true, code: 250 });
    const bob = await send(port, 'bob@gmail.com', 'Confirm: https://app.test/verify?token=bob-7f3a');
    expect(bob, bob.response).toMatchObject({ ok: true, code: 250 });
    // A second address at a domain catch-all already gave: no new domain.
    expect((await send(port, 'carol@example.com', 'Code: 771204')).code).toBe(250);

    const inboxes = await api(url, 'GET', '/v1/inboxes', 'emu_enterprise');
    expect(inboxes.body.data.map((r: { inbox: string }) => r.inbox).sort()).toEqual(['alice@example.com', 'bob@gmail.com', 'carol@example.com']);

    // Acknowledged means stored: the list already holds each message, with its code or link extracted.
    const aliceMail = await api(url, 'GET', '/v1/inboxes/alice@example.com/messages', 'emu_enterprise');
    expect(aliceMail.body.data).toHaveLength(1);
    expect(aliceMail.body.data[0].otp).toBe('482913');
    const bobMail = await api(url, 'GET', '/v1/inboxes/bob@gmail.com/messages', 'emu_enterprise');
    expect(bobMail.body.data[0].verificationLink).toBe('https://app.test/verify?token=bob-7f3a');

    // The domains are the account's, verified.
    const domains = await api(url, 'GET', '/v1/custom-domains', 'emu_enterprise');
    const named = Object.fromEntries(domains.body.data.map((d: { domain: string; verified: boolean }) => [d.domain, d.verified]));
    expect(named).toEqual({ 'example.com': true, 'gmail.com': true });

    // Printed once per new domain (example.com took two addresses).
    await run.until(() => run.stdout().includes('gmail.com  domain accepted by catch-all'));
    const lines = run.stdout().split('\n');
    expect(lines.filter((l) => l.includes('example.com  domain accepted by catch-all for emu_enterprise, marked verified'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('domain accepted by catch-all'))).toHaveLength(2);

    // They do not count toward the account's 10 custom domains.
    for (let i = 1; i <= 10; i++) expect((await api(url, 'POST', '/v1/custom-domains', 'emu_enterprise', { domain: `own${i}.example` })).status).toBe(201);
    const eleventh = await api(url, 'POST', '/v1/custom-domains', 'emu_enterprise', { domain: 'own11.example' });
    expect(eleventh.body).toMatchObject({ success: false, error: 'limit_reached' });
  });

  it('the control route turns it on at run time; injected mail is caught the same way', async () => {
    const { url, port } = await start([]);
    expect((await send(port, 'dave@example.org', 'Code 111222')).code).toBe(550);
    expect((await api(url, 'POST', '/_emulator/catch-all', undefined, { account: 'emu_growth' })).status).toBe(200);
    expect((await send(port, 'dave@example.org', 'Code 111222')).code).toBe(250);
    const injected = await api(url, 'POST', '/_emulator/messages', undefined, { to: 'erin@corp.example', subject: 'Hi', text: 'Code 333444' });
    expect(injected.status).toBe(201);
    const listed = (await api(url, 'GET', '/v1/inboxes', 'emu_growth')).body.data.map((r: { inbox: string }) => r.inbox);
    expect(listed).toEqual(expect.arrayContaining(['dave@example.org', 'erin@corp.example']));
  });

  it('a plan without custom domains is told so; a domain an account added keeps its rules', async () => {
    const { url, port } = await start(['--catch-all', 'emu_free']);
    const free = await send(port, 'x@example.net', 'hello');
    expect(free.code).toBe(550);
    expect(free.response).toContain('which has no custom domains');
    expect(free.response).toContain('--catch-all (emu_enterprise)');
    // Nothing was left behind by the refusal.
    expect((await api(url, 'POST', '/_emulator/catch-all', undefined, {})).status).toBe(200);
    expect((await api(url, 'GET', '/v1/custom-domains', 'emu_enterprise')).body.data).toEqual([]);

    // growth added pending.example and has not verified it: catch-all does not take it over.
    expect((await api(url, 'POST', '/v1/custom-domains', 'emu_growth', { domain: 'pending.example' })).status).toBe(201);
    const pending = await send(port, 'y@pending.example', 'hello');
    expect(pending.code).toBe(550);
    expect(pending.response).toContain('pending.example');
    expect((await api(url, 'GET', '/v1/inboxes', 'emu_enterprise')).body.data).toEqual([]);
  });
});

describe('without --catch-all', () => {
  it('mail to a domain nobody added is refused with 550 naming every step or the flag', async () => {
    const { run, url, port } = await start([]);
    const r = await send(port, 'alice@example.com', 'Your code is 482913');
    expect(r.ok).toBe(false);
    expect(r.code).toBe(550);
    expect(r.response).toContain('<alice@example.com> refused (example.com is neither a platform domain nor anyone');
    expect(r.response).toContain('inbox domains add example.com');
    expect(r.response).toContain('inbox domains publish-dns example.com');
    expect(r.response).toContain('inbox domains verify example.com');
    expect(r.response).toContain('inbox inboxes register alice@example.com');
    expect(r.response).toContain('--catch-all');
    await run.until(() => run.stdout().includes('refused alice@example.com'));
    expect((await api(url, 'GET', '/v1/custom-domains', 'emu_enterprise')).body.data).toEqual([]);
  });
});

describe("catch-all's domains stay bounded", () => {
  it('a domain with no inbox left is dropped when the next one is made; a failed registration leaves none', async () => {
    const { core } = await makeCore();
    try {
      const growth = core.accounts.byKey(SEED_KEYS.growth)!;
      const domains = () => core.domains.ofAccount(growth).map((d) => d.domain);
      core.catchAll.set(SEED_KEYS.growth);
      expect(await core.catchAll.admit('a@one.example')).toMatchObject({ ok: true, registered: true });
      expect(domains()).toEqual(['one.example']);
      core.inboxes.remove(growth, 'a@one.example');
      expect(await core.catchAll.admit('b@two.example')).toMatchObject({ ok: true });
      expect(domains()).toEqual(['two.example']);

      // growth's plan holds 100 inboxes: the 101st, at a new domain, is refused and leaves no domain.
      for (let i = core.inboxes.ofAccount(growth).length; i < 100; i++) core.inboxes.register(growth, `filler${i}@inbox.test`);
      const refused = await core.catchAll.admit('c@three.example');
      expect(refused).toMatchObject({ ok: false, code: 'inbox_limit_reached' });
      expect(domains()).toEqual(['two.example']);

      // Added by the account itself, a catch-all domain becomes its own: it counts from then on.
      expect(core.domains.add(growth, 'two.example')).toMatchObject({ created: false, data: { verified: true } });
      expect(core.domains.counted(growth)).toBe(1);
    } finally {
      await core.close();
    }
  });
});
