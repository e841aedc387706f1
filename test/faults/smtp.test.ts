// Fault rules at the SMTP stages, seen by real clients over real sockets: nodemailer gets each
// configured reply (code, enhanced code, the rule named), delay and dropped connection; a raw client
// sees a trickled reply; greylisting lets a sender that retries through on its second try; the rate
// rule answers 421 4.7.0 with a retry hint. Refused and dropped messages are never stored.
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp, inboxPath } from '../mail/helpers.js';

let emu: RunningEmulator;
let clock: EmulatorClock;
const KEY = 'emu_enterprise';
const A = 'alice@inbox.test';
const B = 'bounce-bob@inbox.test';

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  clock.advance(1000);
  const res = await fetch(`${emu.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${KEY}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function stored(inbox: string): Promise<string[]> {
  const r = await api(inboxPath(inbox, '/messages'));
  expect(r.status).toBe(200);
  return r.body.data.map((m: { subject: string }) => m.subject);
}

function transport(extra: Record<string, unknown> = {}) {
  return nodemailer.createTransport({ host: emu.smtp.host, port: emu.smtp.port, secure: false, ...extra });
}

/** Sends one message on a fresh connection; resolves with nodemailer's answer or its error. */
async function send(mail: { from?: string; to: string | string[]; subject: string; text?: string }, extra: Record<string, unknown> = {}) {
  const t = transport(extra);
  try {
    return { info: await t.sendMail({ from: mail.from ?? 'app@sender.test', text: mail.text ?? 'hello', ...mail }), error: null };
  } catch (e) {
    return { info: null, error: e as Error & { code?: string; responseCode?: number; response?: string } };
  } finally {
    t.close();
  }
}

beforeAll(async () => {
  clock = new EmulatorClock({ mode: 'manual' });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock });
  for (const inbox of [A, B]) expect((await api('/v1/inboxes', { method: 'POST', body: { inbox } })).status).toBe(201);
});
afterEach(async () => {
  emu.faults.clear();
  for (const inbox of [A, B]) {
    for (const m of (await api(inboxPath(inbox, '/messages'))).body.data) await api(inboxPath(inbox, `/messages/${m.id}`), { method: 'DELETE' });
  }
});
afterAll(async () => {
  await emu?.close();
});

describe('replies at each stage, as nodemailer sees them', () => {
  test('bounce preset: 550 5.1.1 at RCPT for the matching recipient only, naming the rule; nothing stored for it', async () => {
    emu.faults.add({ preset: 'bounce', recipient: 'bounce-*@inbox.test' });
    const r = await send({ to: [A, B], subject: 'two recipients' });
    expect(r.error).toBeNull();
    expect(r.info!.accepted).toEqual([A]);
    expect(r.info!.rejected).toEqual([B]);
    const refusal = (r.info as unknown as { rejectedErrors: Array<{ response: string; responseCode: number }> }).rejectedErrors[0]!;
    expect(refusal.responseCode).toBe(550);
    expect(refusal.response).toMatch(/^550 5\.1\.1 No such user.*\[fault bounce\]$/);
    expect(await stored(A)).toEqual(['two recipients']);
    expect(await stored(B)).toEqual([]);
    expect(emu.faults.hits().map((h) => [h.rule, h.place, h.subject.recipient])).toEqual([['bounce', 'smtp.rcpt', B]]);
  });

  test('mailbox-full preset: 552 5.2.2', async () => {
    emu.faults.add({ preset: 'mailbox-full', recipient: A });
    const r = await send({ to: A, subject: 'full' });
    expect(r.error?.code).toBe('EENVELOPE');
    expect(r.error?.responseCode).toBe(552);
    expect(r.error?.response).toMatch(/^552 5\.2\.2 Mailbox full/);
    expect(await stored(A)).toEqual([]);
  });

  test('a reply at the greeting, at EHLO, at MAIL FROM (by sender) and at DATA', async () => {
    emu.faults.add({ id: 'no-greeting', where: 'smtp.connect', when: { times: 1 }, what: { reply: '554 5.3.2 Not accepting mail now' } });
    const greeting = await send({ to: A, subject: 'greeting' });
    expect(greeting.error?.responseCode ?? Number(/\b(\d{3})\b/.exec(greeting.error?.message ?? '')?.[1])).toBe(554);
    expect(greeting.error?.message).toContain('[fault no-greeting]');

    emu.faults.add({
      id: 'ehlo',
      where: 'smtp.ehlo',
      when: { times: 1 },
      what: { reply: { code: 421, enhanced: '4.3.2', text: 'System not accepting network messages' } },
    });
    const ehlo = await send({ to: A, subject: 'ehlo' });
    expect(ehlo.error?.message).toMatch(/421 4\.3\.2 System not accepting network messages \[fault ehlo\]/);

    emu.faults.add({ id: 'spam', where: 'smtp.mail', when: { sender: '*@spam.test' }, what: { reply: '550 5.7.1 Sender rejected' } });
    const spam = await send({ from: 'x@spam.test', to: A, subject: 'spam' });
    expect(spam.error?.responseCode).toBe(550);
    expect(spam.error?.response).toBe('550 5.7.1 Sender rejected [fault spam]');

    emu.faults.add({ id: 'data', where: 'smtp.data', when: { times: 1 }, what: { reply: '451 4.3.0 Try the data later' } });
    const data = await send({ to: A, subject: 'data' });
    expect(data.error?.responseCode).toBe(451);
    expect(data.error?.response).toBe('451 4.3.0 Try the data later [fault data]');

    const ok = await send({ from: 'x@ok.test', to: A, subject: 'passes' });
    expect(ok.error).toBeNull();
    expect(await stored(A)).toEqual(['passes']);
  });

  test('end of data, by a header field: refused with the reply and not stored; other messages pass', async () => {
    emu.faults.add({ id: 'content', where: 'smtp.end_of_data', when: { header: { Subject: '*[reject]*' } }, what: { reply: '554 5.6.0 Content refused' } });
    const refused = await send({ to: A, subject: 'please [reject] this', text: 'x'.repeat(100_000) });
    expect(refused.error?.code).toBe('EMESSAGE');
    expect(refused.error?.response).toBe('554 5.6.0 Content refused [fault content]');
    const ok = await send({ to: A, subject: 'fine' });
    expect(ok.info?.response).toMatch(/^250 /);
    expect(await stored(A)).toEqual(['fine']);
  });
});

describe('delays, drops and trickles', () => {
  test('a delayed greeting: a client that waits less times out; one that waits longer gets through', async () => {
    // smtp-server itself greets 100 ms after the connection (to catch early talkers): 600 ms is
    // plenty without the rule, and short of its 1,200.
    emu.faults.add({ id: 'slow', where: 'smtp.connect', what: { delayMs: 1200 } });
    const impatient = await send({ to: A, subject: 'impatient' }, { greetingTimeout: 600 });
    expect(impatient.error?.code).toBe('ETIMEDOUT');
    const patient = await send({ to: A, subject: 'patient' }, { greetingTimeout: 10_000 });
    expect(patient.info?.response).toMatch(/^250 /);
    expect(await stored(A)).toEqual(['patient']);
  });

  test('slow-server preset: the greeting and the reply to the message wait, then the message is stored as usual', async () => {
    emu.faults.add({ preset: 'slow-server', delayMs: 50 });
    const r = await send({ to: A, subject: 'slowly' });
    expect(r.info?.response).toMatch(/^250 /);
    expect(await stored(A)).toEqual(['slowly']);
    expect(emu.faults.hits().map((h) => [h.place, h.effect])).toEqual([
      ['smtp.connect', 'delay 50 ms'],
      ['smtp.end_of_data', 'delay 50 ms'],
    ]);
  });

  test('a connection dropped at the end of data: no reply, no acknowledgement, nothing stored', async () => {
    emu.faults.add({ id: 'cut', where: 'smtp.end_of_data', when: { times: 1 }, what: { drop: true } });
    const r = await send({ to: A, subject: 'cut off' });
    expect(r.info).toBeNull();
    expect(r.error?.message).toMatch(/closed|ECONNRESET|unexpectedly/i);
    expect(await stored(A)).toEqual([]);
    expect(emu.faults.list()[0]).toMatchObject({ id: 'cut', hits: 1 });
    // The rule fired once: the retry is stored, once.
    expect((await send({ to: A, subject: 'cut off' })).info?.response).toMatch(/^250 /);
    expect(await stored(A)).toEqual(['cut off']);
  });

  test('a dropped RCPT: the client gets no reply and nothing is stored', async () => {
    emu.faults.add({ id: 'gone', where: 'smtp.rcpt', when: { recipient: A }, what: { drop: true } });
    const r = await send({ to: A, subject: 'dropped' });
    expect(r.info).toBeNull();
    expect(r.error).not.toBeNull();
    expect(await stored(A)).toEqual([]);
  });

  test('a trickled reply arrives a few bytes at a time, whole', async () => {
    emu.faults.add({ id: 'trickle', where: 'smtp.rcpt', what: { trickleMs: 300 } });
    const c = await RawSmtp.open(emu.smtp.port);
    const chunks: string[] = [];
    await c.command('EHLO test.example');
    await c.command('MAIL FROM:<a@sender.test>');
    c.socket.on('data', (d: string) => chunks.push(d));
    const rcpt = await c.command(`RCPT TO:<${A}>`);
    expect(rcpt.code).toBe(250);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.join('')).toBe(`${rcpt.text}\r\n`);
    await c.command('QUIT').catch(() => undefined);
  });
});

describe('greylisting and rate limits', () => {
  test('greylisting: 451 4.7.1 on the first try; the same sender retrying gets through, stored once', async () => {
    emu.faults.add({ preset: 'greylisting' });
    const first = await send({ from: 'shop@sender.test', to: A, subject: 'order 1' });
    expect(first.error?.code).toBe('EENVELOPE');
    expect(first.error?.response).toMatch(/^451 4\.7\.1 Greylisted.*\[fault greylisting\]$/);
    expect(await stored(A)).toEqual([]);
    const second = await send({ from: 'shop@sender.test', to: A, subject: 'order 1' });
    expect(second.error).toBeNull();
    expect(second.info?.response).toMatch(/^250 /);
    expect(await stored(A)).toEqual(['order 1']);
    // Another sender is greylisted on its own first try.
    expect((await send({ from: 'other@sender.test', to: A, subject: 'x' })).error?.responseCode).toBe(451);
    expect(emu.faults.list()[0]).toMatchObject({ id: 'greylisting', hits: 2, matches: 2 });
  });

  test('greylisting with a minimum retry time on the emulator clock: too early is refused again', async () => {
    emu.faults.add({ preset: 'greylisting', minRetryMs: 300_000 });
    expect((await send({ to: A, subject: 'g' })).error?.response).toMatch(/try again in 300 s/);
    clock.advance(60_000);
    expect((await send({ to: A, subject: 'g' })).error?.responseCode).toBe(451);
    clock.advance(300_000);
    expect((await send({ to: A, subject: 'g' })).error).toBeNull();
  });

  test('more than N messages per interval: 421 4.7.0 with when to retry, until the window has room', async () => {
    emu.faults.add({ id: 'limit', where: 'smtp.mail', when: { rate: { max: 2, perMs: 60_000 } } });
    for (const n of [1, 2]) expect((await send({ to: A, subject: `m${n}` })).error).toBeNull();
    const third = await send({ to: A, subject: 'm3' });
    expect(third.error?.responseCode).toBe(421);
    expect(third.error?.response).toMatch(/^421 4\.7\.0 Too many messages from \S+ \(at most 2 per 60 s\); try again in 60 s \[fault limit\]$/);
    clock.advance(60_000);
    expect((await send({ to: A, subject: 'm4' })).error).toBeNull();
    expect(await stored(A)).toEqual(['m4', 'm2', 'm1']);
  });

  test('more than N connections per interval: the greeting is a 421', async () => {
    emu.faults.add({ id: 'conns', where: 'smtp.connect', when: { rate: { max: 1, perMs: 10_000 } } });
    expect((await send({ to: A, subject: 'c1' })).error).toBeNull();
    const refused = await send({ to: A, subject: 'c2' });
    expect(refused.error?.message).toMatch(/421 4\.7\.0 Too many connections/);
    clock.advance(10_000);
    expect((await send({ to: A, subject: 'c3' })).error).toBeNull();
  });
});
