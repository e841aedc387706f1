// Retention per plan on the manual clock: the count cap (oldest evicted, files removed), the age limit
// (lazily on read and by the clock-driven sweep, also through POST /_emulator/clock), no expiry from
// growth up, and an unregistered inbox taking its mail with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/api/plans.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inboxPath, mailApp, type MailApp } from './helpers.js';

let t: MailApp;
const F = 'keep@inbox.test'; // free: 5 messages, 12 h
const G = 'keep-g@inbox.test'; // growth: 100 messages, no expiry

beforeEach(async () => {
  t = await mailApp();
  await t.register('emu_free', F);
  await t.register('emu_growth', G);
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

/** The file of message `id` in any inbox's Maildir (`new/` or `cur/`), or null. */
function blobOf(id: string): string | null {
  const root = join(t.core.store.path.replace(/\.json$/, '.d'), 'mail');
  for (const inbox of readdirSync(root))
    for (const sub of ['new', 'cur']) {
      const found = readdirSync(join(root, inbox, sub)).find((n) => n.split('.')[1] === id);
      if (found) return join(root, inbox, sub, found);
    }
  return null;
}
async function ids(inbox: string, key: string): Promise<string[]> {
  const r = await t.get(inboxPath(inbox, '/messages'), key);
  expect(r.status).toBe(200);
  return r.body.data.map((m: { id: string }) => m.id);
}
/** The inbox document as stored, without a read that would apply retention itself. */
async function storedIds(inbox: string): Promise<string[]> {
  return (await t.core.mailbox.doc(inbox)).data.messages.map((m) => m.id);
}

describe('count', () => {
  it('keeps the newest 5 on the free plan and deletes the blobs of the evicted', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) {
      sent.push(...(await t.inject({ to: F, subject: `m${i}`, text: 'x' })));
      t.clock.advance(10);
    }
    await t.core.messages.settled();
    expect(await storedIds(F)).toEqual(sent.slice(2));
    expect(await ids(F, 'emu_free')).toEqual(sent.slice(2).reverse());
    expect(blobOf(sent[0]!)).toBeNull();
    expect(blobOf(sent[1]!)).toBeNull();
    expect(blobOf(sent[2]!)).not.toBeNull();
  });

  it('keeps 100 on growth', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 103; i++) sent.push(...(await t.inject({ to: G, subject: `m${i}`, text: 'x' })));
    expect(PLANS.growth.retention.messagesPerInbox).toBe(100);
    expect(await storedIds(G)).toEqual(sent.slice(3));
  });

  it("applies the owner's current plan: a downgrade trims the inbox on the next read", async () => {
    for (let i = 0; i < 8; i++) await t.inject({ to: G, subject: `m${i}`, text: 'x' });
    await t.call('POST', '/_emulator/accounts', { body: { apiKey: 'emu_growth', plan: 'free' } });
    expect(await ids(G, 'emu_growth')).toHaveLength(5);
    await t.core.messages.settled();
    expect(await storedIds(G)).toHaveLength(5);
  });
});

describe('age', () => {
  it('hides and removes free-plan mail 12 h after it arrived (lazily on read)', async () => {
    const [old] = await t.inject({ to: F, subject: 'old', text: 'x' });
    t.clock.advance(6 * 3_600_000);
    const [young] = await t.inject({ to: F, subject: 'young', text: 'x' });
    t.core.clock.advance(6 * 3_600_000 - 1001); // 1 ms short of 12 h once get() adds its second
    expect(await ids(F, 'emu_free')).toEqual([young, old]);
    expect(await ids(F, 'emu_free')).toEqual([young]);
    await t.core.messages.settled();
    expect(blobOf(old!)).toBeNull();
    expect(blobOf(young!)).not.toBeNull();
  });

  it('is swept on the clock without any read, also when time moves through POST /_emulator/clock', async () => {
    const [m] = await t.inject({ to: F, subject: 'old', text: 'x' });
    const r = await t.call('POST', '/_emulator/clock', { body: { advanceMs: 12 * 3_600_000 } });
    expect(r.status).toBe(200);
    await t.core.messages.settled();
    expect(await storedIds(F)).toEqual([]);
    expect(blobOf(m!)).toBeNull();
  });

  it('never expires mail from growth up', async () => {
    const [m] = await t.inject({ to: G, subject: 'forever', text: 'x' });
    t.clock.advance(1000 * 3_600_000);
    await t.core.messages.settled();
    expect(await ids(G, 'emu_growth')).toEqual([m]);
  });
});

describe('inbox removal', () => {
  it('keeps the inbox document and the blobs of its mail; mail to it is refused; registering again shows it', async () => {
    const sent = [...(await t.inject({ to: G, subject: 'a', text: 'x' })), ...(await t.inject({ to: G, subject: 'b', text: 'y' }))];
    t.clock.advance(1000);
    expect((await t.call('DELETE', inboxPath(G), { key: 'emu_growth' })).status).toBe(200);
    await t.core.messages.settled();
    for (const id of sent) expect(blobOf(id)).not.toBeNull();
    const r = await t.call('POST', '/_emulator/messages', { body: { to: G, subject: 'late', text: 'x' } });
    expect(r.status).toBe(404);
    await t.register('emu_growth', G);
    const list = await t.get(inboxPath(G, '/messages'), 'emu_growth');
    expect(list.body.data.map((m: { subject: string }) => m.subject)).toEqual(['b', 'a']);
  });
});
