// Addresses by the hosted server's pattern (^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$ after trimming and
// lower-casing), end to end: registered over HTTP, mailed over a real SMTP socket, read back through the
// API, and kept in a Maildir folder named reversibly by the address. One the pattern refuses is refused
// at RCPT too.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { addressOf, folderOf } from '../../emulator/store/maildir.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { inboxPath, RawSmtp, rfc822 } from './helpers.js';

const KEY = 'emu_growth';
let emu: RunningEmulator;
let clock: EmulatorClock;
let dir: string;

async function api(method: string, path: string, body?: unknown) {
  clock.advance(1000);
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-addresses-'));
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock, data: join(dir, 'emulator.json') });
});
afterAll(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('addresses by the hosted pattern', () => {
  it('a..b, a leading dot and % register, receive mail over SMTP and get their own Maildir folder', async () => {
    for (const inbox of ['a..b@inbox.test', '.lead%x@inbox.test']) {
      const r = await api('POST', '/v1/inboxes', { inbox: ` ${inbox.toUpperCase()} ` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.inbox).toBe(inbox);
      const c = await RawSmtp.open(emu.smtp.port);
      expect((await c.command('EHLO client.test')).code).toBe(250);
      expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
      expect((await c.command(`RCPT TO:<${inbox}>`)).code).toBe(250);
      expect((await c.data(rfc822({ to: inbox, subject: `to ${inbox}` }))).code).toBe(250);
      c.close();
      const list = await api('GET', inboxPath(inbox, '/messages'));
      expect(list.body.data.map((m: { subject: string }) => m.subject)).toEqual([`to ${inbox}`]);
      // The folder spells the address out (a leading dot and % escaped) and reads back to it.
      const folder = folderOf(inbox);
      expect(folder.startsWith('.')).toBe(false);
      expect(addressOf(folder)).toBe(inbox);
      expect(existsSync(join(dir, 'emulator.d', 'mail', folder, 'new')) || existsSync(join(dir, 'emulator.d', 'mail', folder, 'cur'))).toBe(true);
    }
  });

  it("refuses o'brien@ at registration (400 invalid_inbox) and at RCPT (550)", async () => {
    const r = await api('POST', '/v1/inboxes', { inbox: "o'brien@inbox.test" });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_inbox');
    const c = await RawSmtp.open(emu.smtp.port);
    expect((await c.command('EHLO client.test')).code).toBe(250);
    expect((await c.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
    expect((await c.command("RCPT TO:<o'brien@inbox.test>")).code).toBe(550);
    c.close();
  });
});
