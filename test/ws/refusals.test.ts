// Every refusal of /v1/ws: close 1008 with the message as the reason; a plan too low and the
// connection cap are told in an error frame first, the rest (key, inbox) by the close alone, as the
// official clients expect. Nothing is left counted. Plus the Origin check that keeps web pages of
// other sites from reading mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { WsErrorFrame } from '../../src/api/schemas.js';
import { expectSchema } from '../helpers/emulator.js';
import { connect, refused, registerInbox, usedUnits } from './helpers.js';

let emu: RunningEmulator;
let port: number;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, smtpPort: 0 });
  port = Number(new URL(emu.url).port);
  await registerInbox(emu, 'emu_growth', 'mine@inbox.test');
  await registerInbox(emu, 'emu_developer', 'dev@inbox.test');
  await registerInbox(emu, 'emu_enterprise', 'theirs@inbox.test');
});
afterAll(async () => {
  await emu.close();
});

/** A refusal told in an error frame, then 1008 with the frame's message as the reason. */
async function expectRefusal(query: Record<string, string>, code: string, headers: Record<string, string> = {}) {
  const r = await refused(emu, query, headers);
  expect(r.closed.code).toBe(1008);
  expect(expectSchema(WsErrorFrame, r.frame).code).toBe(code);
  expect(r.frame.message).not.toBe('');
  expect(r.closed.reason).toBe(r.frame.message.slice(0, 123));
  expect(r.pending).toEqual([]);
  return r.frame;
}

/** A refusal by the close alone: 1008, the message as the reason, and no frame at all. */
async function expectClose(query: Record<string, string>, reason: RegExp, headers: Record<string, string> = {}) {
  const r = await refused(emu, query, headers);
  expect(r.closed.code).toBe(1008);
  expect(r.closed.reason).toMatch(reason);
  expect(Buffer.byteLength(r.closed.reason)).toBeLessThanOrEqual(123);
  expect(r.frame).toBeUndefined();
}

describe('refusals by the close alone (1008, the message as the reason, no frame)', () => {
  it('no key', async () => {
    await expectClose({}, /API key/i);
  });

  it('unknown key, by query and by Bearer header', async () => {
    await expectClose({ api_key: 'emu_nope' }, /key/i);
    await expectClose({}, /key/i, { authorization: 'Bearer emu_nope' });
  });

  it('an inbox of another account, and one nobody registered', async () => {
    await expectClose({ api_key: 'emu_growth', mailbox: 'theirs@inbox.test' }, /theirs@inbox\.test.*not registered/);
    await expectClose({ api_key: 'emu_growth', mailbox: 'nobody@inbox.test' }, /not registered/);
    await expectClose({ api_key: 'emu_growth', mailbox: 'not an address' }, /not registered/);
    await expectClose({ api_key: 'emu_growth', mailbox: '' }, /mailbox/);
  });

  it('an account with no inboxes and no mailbox', async () => {
    await expectClose({ api_key: 'emu_startup' }, /no inboxes/);
  });
});

describe('refusals told in an error frame, then 1008', () => {
  it('plans below startup, with an upgrade link', async () => {
    for (const key of ['emu_free', 'emu_developer']) {
      const frame = await expectRefusal({ api_key: key }, 'plan_required');
      expect(frame.message).toMatch(/startup/);
      expect(frame.upgrade_url).toMatch(/^http/);
    }
  });

  it('a refused handshake still costs its request unit (auth, then limits, then the route)', async () => {
    const before = await usedUnits(emu, 'emu_developer');
    await expectRefusal({ api_key: 'emu_developer' }, 'plan_required');
    expect(await usedUnits(emu, 'emu_developer')).toBe(before + 2);
  });

  it('one connection past the plan cap; closing one frees its slot', async () => {
    await registerInbox(emu, 'emu_startup', 'st@inbox.test');
    const open = [];
    for (let i = 0; i < 5; i++) {
      const c = await connect(emu, { api_key: 'emu_startup' });
      expect((await c.next()).connection_count).toBe(i + 1);
      open.push(c);
    }
    const frame = await expectRefusal({ api_key: 'emu_startup' }, 'connection_limit');
    expect(frame.message).toMatch(/5/);
    expect(emu.core.push.count('acct_startup')).toBe(5);

    await open.pop()!.close();
    await expect.poll(() => emu.core.push.count('acct_startup')).toBe(4);
    const again = await connect(emu, { api_key: 'emu_startup' });
    expect(await again.next()).toMatchObject({ type: 'connected', connection_count: 5 });
    for (const c of [...open, again]) await c.close();
    expect(emu.core.push.count('acct_startup')).toBe(0);
  });
});

describe('Origin check', () => {
  async function status(origin: string): Promise<number | 'open'> {
    try {
      const c = await connect(emu, { api_key: 'emu_growth' }, { origin });
      await c.close();
      return 'open';
    } catch (e) {
      return (e as { status?: number }).status ?? -1;
    }
  }

  it('refuses pages of other origins with 403 before the upgrade', async () => {
    expect(await status('https://evil.example')).toBe(403);
    expect(await status(`http://evil.example:${port}`)).toBe(403); // DNS rebinding to 127.0.0.1
    expect(await status(`http://127.0.0.1:${port + 1 === 65536 ? 1 : port + 1}`)).toBe(403);
    expect(await status(`https://127.0.0.1:${port}`)).toBe(403);
    expect(await status('null')).toBe(403);
    expect(emu.core.push.count('acct_growth')).toBe(0);
  });

  it('allows the emulator itself and clients that send no Origin', async () => {
    expect(await status(`http://127.0.0.1:${port}`)).toBe('open');
    expect(await status(`http://localhost:${port}`)).toBe('open');
    const c = await connect(emu, { api_key: 'emu_growth' });
    expect((await c.next()).type).toBe('connected');
    await c.close();
  });

  it('does not charge a refused origin', async () => {
    const before = await usedUnits(emu, 'emu_growth');
    expect(await status('https://evil.example')).toBe(403);
    expect(await usedUnits(emu, 'emu_growth')).toBe(before + 1);
  });
});
