// A /wait (no since) that starts after a message's 250 answers with the next message, not that one:
// the 250 comes before the message is read and announced, so a wait begun in between skips the
// messages acknowledged before it (Waits, Mailbox.arrivingIds()).
import { afterAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';

const started: RunningEmulator[] = [];
afterAll(async () => {
  for (const e of started) await e.close();
});

const INBOX = 'waiting@inbox.test';

async function send(port: number, subject: string, body?: string): Promise<number> {
  const smtp = await RawSmtp.open(port);
  try {
    await smtp.command('EHLO test');
    await smtp.command('MAIL FROM:<a@example.test>');
    await smtp.command(`RCPT TO:<${INBOX}>`);
    return (await smtp.data(rfc822({ to: INBOX, subject, body }))).code;
  } finally {
    smtp.close();
  }
}

it('a /wait begun after a message was acknowledged answers with the next message, not that one', async () => {
  const emu = await startEmulator({ port: 0, smtpPort: 0 });
  started.push(emu);
  const headers = { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' };
  expect((await fetch(`${emu.apiUrl}/inboxes`, { method: 'POST', headers, body: JSON.stringify({ inbox: INBOX }) })).status).toBe(201);
  // A message whose read takes a moment (the first one also starts the worker).
  expect(await send(emu.smtp.port, 'before the wait', `Code 111111.\r\n${'y'.repeat(76)}\r\n`.repeat(40_000))).toBe(250);
  const waited = fetch(`${emu.apiUrl}/inboxes/${INBOX}/wait?timeout=10`, { headers }).then((r) => r.json() as Promise<any>);
  await emu.core.waits.whenPending(1);
  expect(await send(emu.smtp.port, 'after the wait began', 'Code 222222.')).toBe(250);
  const answer = await waited;
  expect(answer.success).toBe(true);
  expect(answer.data.subject).toBe('after the wait began');
});
