// A clean stop right after a 250 still delivers the message's webhook: the stop waits for mail
// acknowledged before SMTP closed to be announced while the dispatcher listens; a fan-out the stop
// cuts short leaves the file in new/, and the next start delivers it (before, the dispatcher stopped
// first, the file moved to cur/ and the delivery was lost for good).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';
import { startHookReceiver } from './fixtures/hooks.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-review-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INBOX = 'stopped@inbox.test';

it('a message acknowledged just before a clean stop is delivered to its webhook after the restart', async () => {
  const data = join(dir, 'emulator.json');
  const hooks = await startHookReceiver();
  try {
    const first = await startEmulator({ port: 0, smtpPort: 0, data, allowHttpWebhooks: true });
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${first.url}${path}`, {
        method,
        headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await api('POST', '/v1/inboxes', { inbox: INBOX })).status).toBe(201);
    expect(((await (await api('POST', '/v1/webhooks', { inbox: INBOX, url: hooks.url })).json()) as { success: boolean }).success).toBe(true);
    // Large enough that its read on the worker outlasts the stop's first steps (the first message also
    // starts the worker).
    const body = `Your code is 123456.\r\n${'x'.repeat(76)}\r\n`.repeat(40_000);
    const smtp = await RawSmtp.open(first.smtp.port);
    await smtp.command('EHLO test');
    await smtp.command('MAIL FROM:<a@example.test>');
    await smtp.command(`RCPT TO:<${INBOX}>`);
    expect((await smtp.data(rfc822({ to: INBOX, subject: 'just before the stop', body }))).code).toBe(250);
    smtp.close();
    await first.close();

    const second = await startEmulator({ port: 0, smtpPort: 0, data, allowHttpWebhooks: true });
    try {
      const came = await Promise.race([hooks.until(1).then(() => true), new Promise((r) => setTimeout(() => r(false), 4_000))]);
      expect(came, 'the webhook delivery of a message acknowledged before a clean stop').toBe(true);
    } finally {
      await second.close();
    }
  } finally {
    await hooks.close();
  }
});
