// The Maildir store's own promises (emulator/store/maildir.ts, durability.ts), each found missing by
// a review: a delete that races the move to cur/ deletes all the same; what a killed run left in a
// tmp/ goes at the next start; an address too long to spell out as a folder name still gets a folder,
// found again from its name; a file renamed while a sync round runs is synced by its new name.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Durability } from '../../emulator/store/durability.js';
import { folderOf, mailFileName, Maildirs } from '../../emulator/store/maildir.js';
import { startEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822 } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-maildir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function deliver(mail: Maildirs, inbox: string, id: string): Promise<string> {
  const name = mailFileName(1_700_000_000_000, id, 0);
  const w = mail.create([{ inbox, name }], 1_700_000_000_000, '');
  w.write(Buffer.from('Subject: x\r\n\r\nbody\r\n'));
  await w.end();
  return name;
}

describe('the Maildir store', () => {
  it('a delete that races the move from new/ to cur/ leaves no file behind', async () => {
    const mail = new Maildirs(join(dir, 'mail'), new Durability('never'));
    const inbox = 'race@inbox.test';
    for (let i = 0; i < 200; i++) {
      const name = await deliver(mail, inbox, `id${i}`);
      const removing = mail.remove(inbox, name);
      mail.settle(inbox, name); // the message's deliveries were recorded meanwhile
      await removing;
    }
    const { fresh, kept } = await mail.listing(inbox);
    expect([...fresh, ...kept]).toEqual([]);
  });

  it('an address too long to spell out gets a digest-named folder and is found again', async () => {
    const inbox = `${'a'.repeat(64)}@${'sub.'.repeat(45)}example.test`;
    expect(Buffer.byteLength(inbox)).toBeGreaterThan(240);
    expect(folderOf(inbox)).toMatch(/^~[0-9a-f]{64}$/);
    expect(folderOf('short@inbox.test')).toBe('short@inbox.test');
    const mail = new Maildirs(join(dir, 'mail'), new Durability('never'));
    const name = await deliver(mail, inbox, 'long1');
    expect(new Maildirs(join(dir, 'mail'), new Durability('never')).inboxes()).toEqual([inbox]);
    expect((await mail.listing(inbox)).fresh.map((f) => f.name)).toEqual([name]);
  });

  it('a folder whose name this store did not make is passed over, not a failed start', () => {
    mkdirSync(join(dir, 'mail', 'x%zz', 'cur'), { recursive: true });
    mkdirSync(join(dir, 'mail', '~not-a-digest', 'cur'), { recursive: true });
    mkdirSync(join(dir, 'mail', 'ok@inbox.test', 'cur'), { recursive: true });
    expect(new Maildirs(join(dir, 'mail'), new Durability('never')).inboxes()).toEqual(['ok@inbox.test']);
  });

  it('a file renamed while a sync round runs is synced by its new name in the next round', async () => {
    const d = new Durability('interval');
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    writeFileSync(a, 'x');
    d.later(a);
    const round = d.flush();
    // The round has taken its list (its first step runs in the next microtasks) and is opening `a`.
    await Promise.resolve();
    await Promise.resolve();
    renameSync(a, b); // settle() moves the file while the round has its old name
    d.moved(a, b);
    await round;
    expect(d.pending).toContain(b);
    await d.close();
  });
});

describe('a start after a kill', () => {
  it('deletes what a killed run left half-written in tmp/', async () => {
    const data = join(dir, 'emulator.json');
    const first = await startEmulator({ port: 0, smtpPort: 0, data });
    const key = 'emu_enterprise';
    const reg = await fetch(`${first.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inbox: 'tmp@inbox.test' }),
    });
    expect(reg.status).toBe(201);
    await first.close();
    const tmpDir = join(dir, 'emulator.d', 'mail', folderOf('tmp@inbox.test'), 'tmp');
    mkdirSync(tmpDir, { recursive: true });
    writeFileSync(join(tmpDir, mailFileName(1, 'cutoff', 0)), 'Subject: half a mess');
    const second = await startEmulator({ port: 0, smtpPort: 0, data });
    try {
      expect(existsSync(tmpDir) ? readdirSync(tmpDir) : []).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('an index that cannot be written costs no message: it is acknowledged, listed, and found again after a restart', async () => {
    const data = join(dir, 'emulator.json');
    const inbox = 'unindexed@inbox.test';
    const errors: string[] = [];
    const first = await startEmulator({ port: 0, smtpPort: 0, data });
    first.events.on('error', (e) => errors.push(e.where));
    const reg = await fetch(`${first.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
      body: JSON.stringify({ inbox }),
    });
    expect(reg.status).toBe(201);
    // The index's temporary file is a folder: writing the index fails (as a full disk would).
    const box = join(dir, 'emulator.d', 'mail', folderOf(inbox));
    mkdirSync(join(box, 'index.json.tmp'), { recursive: true });
    const smtp = await RawSmtp.open(first.smtp.port);
    await smtp.command('EHLO test');
    await smtp.command('MAIL FROM:<a@example.test>');
    await smtp.command(`RCPT TO:<${inbox}>`);
    expect((await smtp.data(rfc822({ to: inbox, subject: 'kept' }))).code).toBe(250);
    smtp.socket.destroy();
    const subjects = async (api: string) => {
      const list = await fetch(`${api}/inboxes/${inbox}/messages`, { headers: { authorization: 'Bearer emu_enterprise' } });
      return ((await list.json()) as { data: Array<{ subject: string }> }).data.map((m) => m.subject);
    };
    expect(await subjects(first.apiUrl)).toEqual(['kept']);
    await first.close();
    expect(errors.some((w) => w.includes('index.json'))).toBe(true);
    expect(existsSync(join(box, 'index.json'))).toBe(false);
    rmSync(join(box, 'index.json.tmp'), { recursive: true });
    const second = await startEmulator({ port: 0, smtpPort: 0, data });
    try {
      expect(await subjects(second.apiUrl)).toEqual(['kept']);
    } finally {
      await second.close();
    }
  });
});
