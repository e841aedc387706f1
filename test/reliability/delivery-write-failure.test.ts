// A write of the pending webhook deliveries that fails (a full disk) does not hold the deliveries
// back: they are made at once, the failure is reported, and the message's file stays in new/, so the
// next start announces it again (at least once, never lost). A stop that cannot write them fails,
// and lets go of the data file all the same.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { folderOf } from '../../emulator/store/maildir.js';
import { startEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';
import { startHookReceiver } from './fixtures/hooks.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-delivery-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INBOX = 'hooked@inbox.test';

it('a failed write of the pending deliveries: delivered at once, reported, announced again at the next start', async () => {
  const data = join(dir, 'emulator.json');
  const hooks = await startHookReceiver();
  const first = await startEmulator({ port: 0, smtpPort: 0, data, allowHttpWebhooks: true });
  const errors: string[] = [];
  first.events.on('error', (e) => errors.push(e.where));
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${first.url}${path}`, {
      method,
      headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  try {
    expect((await api('POST', '/v1/inboxes', { inbox: INBOX })).status).toBe(201);
    expect(((await (await api('POST', '/v1/webhooks', { inbox: INBOX, url: hooks.url })).json()) as { success: boolean }).success).toBe(true);
    // The pending deliveries' temporary file is a folder: writing them fails (as a full disk would).
    mkdirSync(join(dir, '.emulator.deliveries.json.tmp'));
    const smtp = await RawSmtp.open(first.smtp.port);
    await smtp.command('EHLO test');
    await smtp.command('MAIL FROM:<a@example.test>');
    await smtp.command(`RCPT TO:<${INBOX}>`);
    expect((await smtp.data(rfc822({ to: INBOX, subject: 'hooked' }))).code).toBe(250);
    smtp.close();
    const came = await Promise.race([hooks.until(1).then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
    expect(came, 'the delivery was made although its record could not be written').toBe(true);
    expect(errors).toContain('webhook delivery state');
    // Not recorded: the file stays in new/ for the next start.
    const box = join(dir, 'emulator.d', 'mail', folderOf(INBOX));
    expect(readdirSync(join(box, 'new'))).toHaveLength(1);
    expect(readdirSync(join(box, 'cur'))).toHaveLength(0);
  } finally {
    // The stop cannot save the pending deliveries: it fails (exit 10 for `inbox emulate`), and lets
    // go of the data all the same.
    await expect(first.close()).rejects.toThrow(/EISDIR/);
  }
  rmSync(join(dir, '.emulator.deliveries.json.tmp'), { recursive: true });
  const second = await startEmulator({ port: 0, smtpPort: 0, data, allowHttpWebhooks: true });
  try {
    await hooks.until(2);
    expect(new Set(hooks.ids).size).toBe(1); // the same message, at least once
    await second.core.mailbox.settled();
  } finally {
    await second.close();
    await hooks.close();
  }
});
