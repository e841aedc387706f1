// waitForMessage / waitForOtp: totals beyond the service's 60 s cap, the since cursor, filters.
// The emulator runs in this process (over app.request) on a manual clock: its long-polls end only
// when the test advances time.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { EmulatorClock } from '../../emulator/core/clock.js';
import { inProcessEmulator } from '../helpers/emulator.js';
import { InboxClient, InboxWaitTimeoutError } from '../../src/client/index.js';

let emu: Awaited<ReturnType<typeof inProcessEmulator>>;
let clock: EmulatorClock;
let client: InboxClient;
beforeAll(async () => {
  emu = await inProcessEmulator();
  clock = emu.clock;
  client = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.enterprise, fetch: emu.fetch });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

async function deliver(to: string, text: string, subject = 'Hi'): Promise<string> {
  const [m] = await emu.core.ingest({ source: `From: app@example.test\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n`, recipients: [to] });
  return m!.id;
}

function pending(n = 1): Promise<void> {
  return emu.core.waits.whenPending(n);
}

test('re-asks with min(remaining, 60) seconds and keeps the cursor across asks', async () => {
  const A = 'long@inbox.test';
  await client.registerInbox(A);
  const old = await deliver(A, 'old mail');
  const asks: Array<{ askSeconds: number; since?: string }> = [];
  const p = client.waitForMessage(A, { timeoutMs: 10 * 60_000, onAsk: (a) => asks.push({ askSeconds: a.askSeconds, since: a.since }) });
  await pending();
  clock.advance(60_000);
  await pending();
  const id = await deliver(A, 'new mail');
  const r = await p;
  expect(r.message.id).toBe(id);
  expect(asks).toHaveLength(2);
  expect(asks.every((a) => a.askSeconds === 60 && a.since === old)).toBe(true);
});

test('an inbox empty at the start: mail that lands between two asks is still returned, oldest first', async () => {
  for (let round = 0; round < 3; round++) {
    const A = `gap${round}@inbox.test`;
    await client.registerInbox(A);
    const p = client.waitForMessage(A, { timeoutMs: 10 * 60_000 });
    await pending();
    clock.advance(60_000); // the first long-poll ends with "Timeout reached"...
    const first = await deliver(A, 'lands while the client asks again'); // ...and mail lands around the re-ask
    const second = deliver(A, 'later'); // possibly seen by the new long-poll
    const r = await p;
    expect(r.message.id).toBe(first);
    await second;
    // A second long-poll may still be held by the emulator after the answer: end it.
    if (emu.core.waits.pending) clock.advance(60_000);
  }
});

test('match skips messages and moves the cursor; waitForOtp returns the code', async () => {
  const A = 'otp@inbox.test';
  await client.registerInbox(A);
  const p = client.waitForOtp(A, { timeoutMs: 30_000, existing: false });
  await pending();
  await deliver(A, 'Nothing to see here.');
  await pending();
  await deliver(A, 'Your verification code is 314159', 'Code');
  expect(await p).toBe('314159');
});

test('below growth, waitForOtp refuses a masked code', async () => {
  const dev = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.developer, fetch: emu.fetch });
  const A = 'devotp@inbox.test';
  await dev.registerInbox(A);
  const p = dev.waitForOtp(A, { timeoutMs: 30_000 });
  await pending();
  await deliver(A, 'Your verification code is 271828');
  await expect(p).rejects.toMatchObject({ code: 'plan_required' });
  await dev.close();
});

test('the local deadline is kept even below the service minimum of 10 s', async () => {
  const A = 'short@inbox.test';
  await client.registerInbox(A);
  const asks: number[] = [];
  const e = await client.waitForMessage(A, { timeoutMs: 300, onAsk: (a) => asks.push(a.askSeconds) }).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(InboxWaitTimeoutError);
  expect(asks).toEqual([10]);
});

test('a timeout tells the messages it passed over: the newest 50 ids, oldest first, and how many there were', async () => {
  const A = 'passed-over@inbox.test';
  await client.registerInbox(A);
  const ids: string[] = [];
  for (let i = 0; i < 55; i++) {
    ids.push(await deliver(A, `note ${i}, nothing to type`));
    clock.advance(1);
  }
  const e = await client.waitForMessage(A, { timeoutMs: 300, existing: true, match: (m) => m.otp !== null }).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(InboxWaitTimeoutError);
  expect((e as InboxWaitTimeoutError).passedOverCount).toBe(55);
  expect((e as InboxWaitTimeoutError).passedOver).toEqual(ids.slice(5));
});

test('waitForOtp returns a code that is already there (the usual order: trigger, then ask)', async () => {
  const A = 'already@inbox.test';
  await client.registerInbox(A);
  await deliver(A, 'Your verification code is 161803');
  expect(await client.waitForOtp(A, { timeoutMs: 5_000 })).toBe('161803');
  // ...but not one older than `since`
  const newest = (await client.listMessages(A)).data[0]!.id;
  const p = client.waitForOtp(A, { timeoutMs: 30_000, since: newest });
  await pending();
  await deliver(A, 'Your verification code is 141421');
  expect(await p).toBe('141421');
});

test('waitForLink skips mail without a link and returns the link; existing mail counts', async () => {
  const A = 'link@inbox.test';
  await client.registerInbox(A);
  const p = client.waitForLink(A, { timeoutMs: 30_000 });
  await pending();
  await deliver(A, 'Your verification code is 112358'); // a code, no link: skipped
  await pending();
  await deliver(A, 'Confirm your address: https://app.example.test/verify?token=abc123', 'Confirm');
  expect(await p).toBe('https://app.example.test/verify?token=abc123');
  // Already there: returned at once.
  expect(await client.waitForLink(A, { timeoutMs: 5_000 })).toBe('https://app.example.test/verify?token=abc123');
});

test('below growth, waitForLink refuses a masked link', async () => {
  const dev = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.developer, fetch: emu.fetch });
  const A = 'devlink@inbox.test';
  await dev.registerInbox(A);
  await deliver(A, 'Confirm: https://app.example.test/verify?token=zzz');
  await expect(dev.waitForLink(A, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'plan_required' });
  await dev.close();
});

test('with a since cursor, the messages between it and the newest (which the service answers with) are not skipped', async () => {
  const A = 'between@inbox.test';
  await client.registerInbox(A);
  const cursor = await deliver(A, 'before');
  const withCode = await deliver(A, 'Your verification code is 135790', 'code');
  const plain = await deliver(A, 'no code here', 'plain');
  // The service answers since=cursor with `plain` (the newest); the code is in the one before it.
  const viaService = await client.wait(A, { since: cursor, timeout: 10 });
  expect(viaService).toMatchObject({ success: true, data: { id: plain } });
  const r = await client.waitForMessage(A, { since: cursor, timeoutMs: 10_000, match: (m) => m.otp !== null });
  expect(r.message.id).toBe(withCode);
  // Without a filter, the oldest newer message comes first, so a resumed loop sees each in order.
  expect((await client.waitForMessage(A, { since: cursor, timeoutMs: 10_000 })).message.id).toBe(withCode);
  expect((await client.waitForMessage(A, { since: withCode, timeoutMs: 10_000 })).message.id).toBe(plain);
});
