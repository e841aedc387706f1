// Webhooks fed by real mail: a message sent over SMTP (nodemailer) to a running emulator reaches the
// receiver as its new_mail summary with the detected code, and a receiver that never answers delays
// neither the SMTP 250 nor the next message's delivery to another inbox.
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { deliveryEvents, startReceiver, type Receiver } from './helpers.js';

let emu: RunningEmulator | null = null;
const receivers: Receiver[] = [];

afterEach(async () => {
  await emu?.close();
  emu = null;
  for (const r of receivers.splice(0)) await r.close();
});

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${emu!.url}${path}`, {
    method,
    headers: { authorization: 'Bearer emu_growth', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

async function send(to: string, subject: string, text: string): Promise<string> {
  const transport = nodemailer.createTransport({ host: emu!.smtp.host, port: emu!.smtp.port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ from: 'Service <noreply@service.example>', to, subject, text });
    return info.response;
  } finally {
    transport.close();
  }
}

describe('webhooks fed over SMTP', () => {
  it('delivers the summary of a mailed message, OTP included; a hanging receiver does not hold the 250', async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0, allowHttpWebhooks: true, clock: new EmulatorClock({ mode: 'manual' }) });
    const events = deliveryEvents(emu.core);
    const slow = await startReceiver('hang');
    const fast = await startReceiver({ status: 200 });
    receivers.push(slow, fast);
    await api('POST', '/v1/inboxes', { inbox: 'slow@inbox.test' });
    await api('POST', '/v1/inboxes', { inbox: 'fast@inbox.test' });
    expect((await api('POST', '/v1/webhooks', { inbox: 'slow@inbox.test', url: slow.url })).success).toBe(true);
    expect((await api('POST', '/v1/webhooks', { inbox: 'fast@inbox.test', url: fast.url })).success).toBe(true);

    // The slow receiver never answers (the manual clock never reaches 10 s): the SMTP reply still comes.
    expect(await send('slow@inbox.test', 'Hold on', 'nothing to see')).toMatch(/^250/);
    await slow.nth(1);
    expect(await send('fast@inbox.test', 'Your code', 'Your verification code is 482913.')).toMatch(/^250/);
    const got = await fast.nth(1);
    const body = JSON.parse(got.body.toString());
    expect(body).toMatchObject({ type: 'new_mail', mailbox: 'fast@inbox.test', plan: 'growth', subject: 'Your code', otp: '482913' });
    expect(body.from).toContain('noreply@service.example');
    expect(Object.keys(body)).toEqual(['type', 'mailbox', 'plan', 'id', 'from', 'to', 'subject', 'date', 'hasAttachment', 'otp', 'verificationLink']);
    const listed = await api('GET', `/v1/inboxes/fast%40inbox.test/messages/${body.id}`);
    expect(listed.data.id).toBe(body.id);
    expect(await events.next()).toMatchObject({ inbox: 'fast@inbox.test', ok: true });
    expect(events.unread()).toBe(0); // the slow one is still waiting
    emu.core.clock.advance(10_000);
    expect(await events.next()).toMatchObject({ inbox: 'slow@inbox.test', ok: false, status: null });
    // The timeline of each inbox tells the story.
    emu.core.clock.advance(1000);
    const fastTimeline = (await api('GET', '/v1/inboxes/fast%40inbox.test/timeline')).data.map((e: any) => e.type);
    expect(fastTimeline).toContain('webhook_sent');
    const slowTimeline = (await api('GET', '/v1/inboxes/slow%40inbox.test/timeline')).data;
    expect(slowTimeline.find((e: any) => e.type === 'error')?.metadata).toMatchObject({ source: 'webhook', status: null });
  });
});
