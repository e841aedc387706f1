// Catch-all cannot grow the state without end: it keeps at most `--catch-all-max-inboxes` inboxes of its
// own making registered (3 here, 1,000 by default). Over real SMTP: the next new address is refused
// at RCPT with 550 naming the cap and the flag, the refusal is published with its reason and fix like
// any other, addresses already registered (by catch-all or the API) are still accepted, an address
// refused anyway keeps its own reason, and removing an inbox, raising the cap or a reset makes room.
// The count lives in the inbox records, so it survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATCH_ALL_LIMIT_CODE, DEFAULT_CATCH_ALL_MAX_INBOXES } from '../../emulator/core/accounts/catch-all.js';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { makeCore } from '../helpers/emulator.js';
import { emulateInProcess } from '../helpers/emulate.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';

const CAP = 3;
let emu: RunningEmulator;
const refused: Array<{ address: string; reason: string; hint: string }> = [];
const registered: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0, catchAll: true, catchAllMaxInboxes: CAP });
  emu.events.on('smtp.recipient_refused', (e) => refused.push(e));
  emu.events.on('catchall.registered', (e) => registered.push(e.inbox));
});
afterAll(async () => {
  await emu.close();
});

/** RCPT TO each address in one transaction; the reply code (and text) of each. */
async function rcpt(...addresses: string[]): Promise<Array<{ code: number; text: string }>> {
  const c = await RawSmtp.open(emu.smtp.port);
  try {
    expect((await c.command('EHLO cap.test')).code).toBe(250);
    expect((await c.command('MAIL FROM:<app@example.test>')).code).toBe(250);
    const out: Array<{ code: number; text: string }> = [];
    for (const a of addresses) out.push(await c.command(`RCPT TO:<${a}>`));
    if (out.some((r) => r.code === 250)) expect((await c.data(rfc822({ to: addresses[0]!, body: 'code 123456' }))).code).toBe(250);
    await c.command('QUIT').catch(() => undefined);
    return out;
  } finally {
    c.close();
  }
}

async function api(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${emu.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe('catch-all stops at its cap', () => {
  it('the (n+1)th new address is refused with 550 naming the cap and the flag; existing ones are still accepted', async () => {
    // Inboxes registered through the API do not count toward the cap.
    expect((await api('POST', '/v1/inboxes', { inbox: 'by-api@inbox.test' }, SEED_KEYS.enterprise)).status).toBe(201);

    for (let i = 1; i <= CAP; i++) expect((await rcpt(`new${i}@inbox.test`))[0]!.code).toBe(250);
    expect(registered).toEqual(['new1@inbox.test', 'new2@inbox.test', 'new3@inbox.test']);
    expect((await api('GET', '/_emulator/catch-all')).body.data).toEqual({ enabled: true, account: SEED_KEYS.enterprise, maxInboxes: CAP, inboxes: CAP });

    const [over, old, byApi] = await rcpt('new4@inbox.test', 'new1@inbox.test', 'by-api@inbox.test');
    expect(over!.code).toBe(550);
    expect(over!.text).toMatch(/<new4@inbox\.test> refused \(catch-all has registered its limit of 3 inboxes\)/);
    expect(over!.text).toContain('--catch-all-max-inboxes');
    expect(old!.code).toBe(250);
    expect(byApi!.code).toBe(250);
    expect(registered).toHaveLength(CAP);
    expect(emu.core.inboxes.find('new4@inbox.test')).toBeUndefined();

    // Published like every refusal, with the reason and the fix.
    expect(refused.at(-1)).toEqual({
      address: 'new4@inbox.test',
      reason: 'catch-all has registered its limit of 3 inboxes',
      hint: expect.stringContaining('--catch-all-max-inboxes'),
      remote: expect.any(String),
    });
    expect(await emu.core.catchAll.admit('new5@inbox.test')).toMatchObject({ ok: false, code: CATCH_ALL_LIMIT_CODE });

    // Mail injected through the control route is refused the same way, with the same fix.
    const injected = await api('POST', '/_emulator/messages', { to: 'new6@inbox.test', subject: 'x', text: 'y' });
    expect(injected.status).toBe(404);
    expect(injected.body).toMatchObject({ error: 'inbox_not_found', hint: expect.stringContaining('--catch-all-max-inboxes') });
  });

  it('an address refused anyway keeps its own reason past the cap; a domain nobody added is held to the cap', async () => {
    expect((await api('POST', '/v1/custom-domains', { domain: 'pending.example' }, SEED_KEYS.growth)).status).toBe(201);
    const [r] = await rcpt('someone@pending.example');
    expect(r!.code).toBe(550);
    expect(r!.text).toContain('custom domain pending.example is not verified');
    expect(refused.at(-1)?.reason).toContain('is not verified');
    // Catch-all would take a domain nobody added, so past the cap it is refused for the cap, and no domain is made.
    const [fresh] = await rcpt('someone@nowhere.example');
    expect(fresh!.code).toBe(550);
    expect(fresh!.text).toContain('catch-all has registered its limit of 3 inboxes');
    expect((await api('GET', '/v1/custom-domains', undefined, SEED_KEYS.enterprise)).body.data).toEqual([]);
  });

  it('removing an inbox catch-all made, raising the cap and a reset each make room', async () => {
    // Removing one of them frees its place.
    expect((await api('DELETE', '/v1/inboxes/new1@inbox.test', undefined, SEED_KEYS.enterprise)).status).toBe(200);
    expect((await rcpt('after-remove@inbox.test'))[0]!.code).toBe(250);
    expect((await rcpt('one-more@inbox.test'))[0]!.code).toBe(550);

    // A bad cap changes nothing; a larger one lets more in.
    const bad = await api('POST', '/_emulator/catch-all', { maxInboxes: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_parameter');
    expect((await api('GET', '/_emulator/catch-all')).body.data.maxInboxes).toBe(CAP);
    expect((await api('POST', '/_emulator/catch-all', { maxInboxes: CAP + 1 })).body.data).toMatchObject({ enabled: true, maxInboxes: CAP + 1, inboxes: CAP });
    expect((await rcpt('one-more@inbox.test'))[0]!.code).toBe(250);
    expect((await rcpt('and-another@inbox.test'))[0]!.code).toBe(550);

    // A reset empties the count (the cap and catch-all itself are settings of the run and stay).
    expect((await api('POST', '/_emulator/reset')).status).toBe(200);
    expect((await api('GET', '/_emulator/catch-all')).body.data).toMatchObject({ enabled: true, maxInboxes: CAP + 1, inboxes: 0 });
    expect((await rcpt('and-another@inbox.test'))[0]!.code).toBe(250);
  });
});

describe('inbox emulate --catch-all-max-inboxes', () => {
  it('the flag and its variable reach the emulator (the flag wins); a bad value is a usage error', async () => {
    const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--catch-all', '--catch-all-max-inboxes', '1'], {
      NO_COLOR: '1',
      INBOX_EMULATOR_CATCH_ALL_MAX_INBOXES: '50',
    });
    try {
      const { url } = await run.ready();
      expect(run.stdout()).toMatch(/Catch .* \(up to 1 inboxes: --catch-all-max-inboxes\)/);
      const state = (await (await fetch(`${url}/_emulator/catch-all`)).json()) as { data: { maxInboxes: number } };
      expect(state.data.maxInboxes).toBe(1);
    } finally {
      await run.stop();
    }
    const fromEnv = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory'], { NO_COLOR: '1', INBOX_EMULATOR_CATCH_ALL_MAX_INBOXES: ' 50 ' });
    try {
      const { url } = await fromEnv.ready();
      const state = (await (await fetch(`${url}/_emulator/catch-all`)).json()) as { data: { enabled: boolean; maxInboxes: number } };
      expect(state.data).toMatchObject({ enabled: false, maxInboxes: 50 });
    } finally {
      await fromEnv.stop();
    }
    const bad = emulateInProcess(['--memory'], { NO_COLOR: '1', INBOX_EMULATOR_CATCH_ALL_MAX_INBOXES: '0' });
    expect(await bad.done).toBe(2);
    expect(bad.stderr()).toContain('INBOX_EMULATOR_CATCH_ALL_MAX_INBOXES="0" is not valid: expected a number of inboxes from 1 to 1000000.');
  });
});

describe('the default and a restart', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inbox-catch-all-cap-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the default cap is 1,000, and the inboxes catch-all made still count after a restart', async () => {
    expect(DEFAULT_CATCH_ALL_MAX_INBOXES).toBe(1000);
    const dataPath = join(dir, 'state.json');
    const first = await makeCore({ dataPath });
    try {
      expect(first.core.catchAll.state).toMatchObject({ enabled: false, maxInboxes: 1000, inboxes: 0 });
      first.core.catchAll.set(SEED_KEYS.growth);
      first.core.catchAll.setMaxInboxes(2);
      expect((await first.core.catchAll.admit('a@inbox.test')).ok).toBe(true);
      expect((await first.core.catchAll.admit('b@inbox.test')).ok).toBe(true);
    } finally {
      await first.core.close();
    }
    const second = await makeCore({ dataPath });
    try {
      second.core.catchAll.set(SEED_KEYS.growth);
      second.core.catchAll.setMaxInboxes(2);
      expect(second.core.catchAll.state.inboxes).toBe(2);
      expect(await second.core.catchAll.admit('c@inbox.test')).toMatchObject({ ok: false, code: CATCH_ALL_LIMIT_CODE });
      expect((await second.core.catchAll.admit('a@inbox.test')).ok).toBe(true);
    } finally {
      await second.core.close();
    }
  });
});
