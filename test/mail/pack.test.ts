// Raw messages in pack segments (emulator/store/blobs.ts): messages are appended to a segment file
// instead of a file each, copies for several inboxes name the same bytes, a message cut off while
// streaming leaves the segment as it was, and a segment is deleted once no inbox log names a
// message in it, but only once every inbox log of the folder was read (the census at start). Data
// of the earlier format (a file per message) is still read, and its files go with their messages.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { IDLE_SEGMENTS, RESERVE_SEGMENTS, RESERVED_FILE } from '../../emulator/store/blobs.js';
import { STORE_FORMAT } from '../../emulator/store/store.js';
import type { InboxDoc, StoredMessage } from '../../emulator/core/state.js';
import { testReader } from '../helpers/reader.js';
import { rfc822, T0 } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(dir, `p${n++}`);
  mkdirSync(d, { recursive: true });
  return join(d, 'emulator.json');
};
const blobFiles = (data: string) =>
  readdirSync(join(data.replace(/\.json$/, '.d'), 'blobs'))
    .filter((f) => f !== RESERVED_FILE)
    .sort();

/** The first segment of a second run: numbers continue past those the first run reserved. */
const NEXT_RUN_SEGMENT = `seg-${RESERVE_SEGMENTS + 1}.raw`;
const A = 'pack-a@inbox.test';
const B = 'pack-b@inbox.test';
const GONE = 'pack-gone@inbox.test';

/** A core over `data` with the test process's shared mail reader: a pool of its own per core cost about a second of CPU each. */
async function open(data: string): Promise<EmulatorCore> {
  return EmulatorCore.open({ dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }), reader: testReader() });
}

async function send(core: EmulatorCore, to: string[], subject: string): Promise<StoredMessage[]> {
  const stored = await core.ingest({ source: rfc822({ to: to[0]!, subject, body: `body of ${subject}` }), recipients: to });
  return stored.map((s) => s.message);
}

async function remove(core: EmulatorCore, inbox: string, id: string): Promise<void> {
  await core.messages.delete(core.inboxes.find(inbox)!, id);
}

describe('pack segments', () => {
  it('append messages to one file; copies name the same bytes, each readable on its own', async () => {
    const data = fresh();
    const core = await open(data);
    const growth = core.accounts.byKey('emu_growth')!;
    core.inboxes.register(growth, A);
    core.inboxes.register(growth, B);
    const [a1, b1] = await send(core, [A, B], 'to both');
    const [a2] = await send(core, [A], 'to a');
    expect(blobFiles(data)).toEqual(['seg-1.raw']);
    expect(a1!.blob).toBe(b1!.blob);
    expect(a2!.blob).not.toBe(a1!.blob);
    expect(statSync(join(data.replace(/\.json$/, '.d'), 'blobs', 'seg-1.raw')).size).toBe(a1!.size + a2!.size);
    await remove(core, A, a1!.id);
    expect((await core.messages.raw(b1!))?.toString()).toContain('body of to both');
    expect((await core.messages.raw(a2!))?.toString()).toContain('body of to a');
    expect((await core.messages.body(a2!)).text?.trim()).toBe('body of to a');
    await core.close();
  });

  it('never number a segment as one before, even when the highest segment file is gone', async () => {
    const data = fresh();
    const blobs = join(data.replace(/\.json$/, '.d'), 'blobs');
    let core = await open(data);
    core.inboxes.register(core.accounts.byKey('emu_growth')!, A);
    const [first] = await send(core, [A], 'first run');
    await core.commit();
    await core.close();
    expect(first!.blob.startsWith('p1_')).toBe(true);
    // The segment is lost (a power cut took its folder entry) while the inbox log still names it.
    unlinkSync(join(blobs, 'seg-1.raw'));
    core = await open(data);
    const [second] = await send(core, [A], 'second run');
    expect(second!.blob.startsWith('p1_')).toBe(false);
    // The old message has no bytes (as a lost blob file had), not the new message's.
    const list = (await core.mailbox.doc(A)).data.messages;
    const old = list.find((m) => m.id === first!.id)!;
    expect(String((await core.messages.raw(old)) ?? '')).not.toContain('second run');
    expect((await core.messages.raw(second!))?.toString()).toContain('body of second run');
    await core.close();
  });

  it('leave a segment as it was when a message is cut off while streaming', async () => {
    const data = fresh();
    const core = await open(data);
    core.inboxes.register(core.accounts.byKey('emu_growth')!, A);
    const [first] = await send(core, [A], 'kept');
    const big = rfc822({ to: A, subject: 'too big', body: 'x'.repeat(5000) });
    await expect(core.ingest({ source: big, recipients: [A], maxBytes: 1000 })).rejects.toMatchObject({ code: 'payload_too_large' });
    const seg = join(data.replace(/\.json$/, '.d'), 'blobs', 'seg-1.raw');
    expect(statSync(seg).size).toBe(first!.size);
    const [next] = await send(core, [A], 'next');
    expect(next!.blob.startsWith(`p1_${first!.size}_`)).toBe(true);
    expect((await core.messages.raw(next!))?.toString()).toContain('body of next');
    await core.close();
  });

  it('are deleted once no inbox log names their messages, after every log was read', async () => {
    const data = fresh();
    let core = await open(data);
    const growth = core.accounts.byKey('emu_growth')!;
    core.inboxes.register(growth, A);
    core.inboxes.register(growth, B);
    core.inboxes.register(growth, GONE);
    const [a1, b1] = await send(core, [A, B], 'one');
    const [g1] = await send(core, [GONE], 'to an inbox unregistered later');
    // Its log stays (registering again shows the mail), and it names a message in this segment.
    core.inboxes.remove(growth, GONE);
    await core.commit();
    await core.close();

    // A restart: the segment of the earlier run takes no more messages.
    core = await open(data);
    const [a2] = await send(core, [A], 'two');
    expect(blobFiles(data)).toEqual(['seg-1.raw', NEXT_RUN_SEGMENT]);
    // Before the census nothing goes, even with no registered inbox naming the segment.
    await remove(core, A, a1!.id);
    await remove(core, B, b1!.id);
    expect(blobFiles(data)).toEqual(['seg-1.raw', NEXT_RUN_SEGMENT]);
    // The census reads the log of the unregistered inbox too: its message keeps the segment.
    await core.preload();
    expect(blobFiles(data)).toEqual(['seg-1.raw', NEXT_RUN_SEGMENT]);
    core.inboxes.register(growth, GONE);
    expect((await core.messages.raw(g1!))?.toString()).toContain('body of to an inbox unregistered later');
    await remove(core, GONE, g1!.id);
    expect(blobFiles(data)).toEqual([NEXT_RUN_SEGMENT]);
    expect((await core.messages.raw(a2!))?.toString()).toContain('body of two');
    await core.close();

    // After another restart the census finds every log loaded by the preload, and the last
    // message's segment goes with it.
    core = await open(data);
    await core.preload();
    await remove(core, A, a2!.id);
    expect(blobFiles(data)).toEqual([]);
    await core.close();
  });

  it.runIf(process.platform === 'linux')('keep at most IDLE_SEGMENTS open after a burst of simultaneous messages', async () => {
    const data = fresh();
    const blobs = join(data.replace(/\.json$/, '.d'), 'blobs');
    const openSegments = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(blobs);
        } catch {
          return false;
        }
      }).length;
    const core = await open(data);
    core.inboxes.register(core.accounts.byKey('emu_growth')!, A);
    const burst = IDLE_SEGMENTS + 32;
    const stored = await Promise.all(Array.from({ length: burst }, (_, i) => send(core, [A], `burst ${i}`)));
    // Received at the same time, they went to as many segments; most were closed once written.
    expect(blobFiles(data).length).toBe(burst);
    expect(openSegments()).toBeLessThanOrEqual(IDLE_SEGMENTS);
    for (const [m] of stored) expect((await core.messages.raw(m!))?.toString()).toContain(`body of ${m!.subject}`);
    await core.close();
    expect(openSegments()).toBe(0);
  });

  it('leave data of the earlier format (a file per message) readable, and its files go with their messages', async () => {
    const data = fresh();
    const folder = data.replace(/\.json$/, '.d');
    let core = await open(data);
    const growth = core.accounts.byKey('emu_growth')!;
    core.inboxes.register(growth, A);
    core.inboxes.register(growth, B);
    const [a1, b1] = await send(core, [A, B], 'stored by format 1');
    await core.commit();
    await core.close();
    // Written back as format 1 stored it: a file `m<hex of the id>.eml` per copy, the logs naming
    // those keys, the main document at format 1.
    const key = (id: string) => `m${Buffer.from(id).toString('hex')}`;
    const bytes = readFileSync(join(folder, 'blobs', 'seg-1.raw'));
    for (const m of [a1!, b1!]) writeFileSync(join(folder, 'blobs', `${key(m.id)}.eml`), bytes);
    unlinkSync(join(folder, 'blobs', 'seg-1.raw'));
    unlinkSync(join(folder, 'blobs', RESERVED_FILE));
    for (const f of readdirSync(join(folder, 'inboxes'))) {
      const file = join(folder, 'inboxes', f);
      let doc: InboxDoc | null = null;
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const l = JSON.parse(line) as { s?: InboxDoc; 'm+'?: StoredMessage; 't+'?: InboxDoc['timeline'][number] };
        if (l.s) doc = l.s;
        else if (l['m+']) doc!.messages.push(l['m+']);
        else if (l['t+']) doc!.timeline.push(l['t+']);
      }
      for (const m of doc!.messages) m.blob = key(m.id);
      writeFileSync(file, `${JSON.stringify({ s: doc })}\n`);
    }
    writeFileSync(data, JSON.stringify({ ...JSON.parse(readFileSync(data, 'utf8')), format: 1 }));

    core = await open(data);
    expect((JSON.parse(readFileSync(data, 'utf8')) as { format: number }).format).toBe(STORE_FORMAT);
    await core.preload();
    const [a] = (await core.mailbox.doc(A)).data.messages;
    expect(a!.blob).toBe(key(a1!.id));
    expect((await core.messages.raw(a!))?.toString()).toContain('body of stored by format 1');
    const [b2] = await send(core, [B], 'stored by format 2');
    expect(b2!.blob).toMatch(/^p1_0_/);
    await remove(core, A, a1!.id);
    await core.messages.settled();
    expect(blobFiles(data)).toEqual([`${key(b1!.id)}.eml`, 'seg-1.raw']);
    const [b] = (await core.mailbox.doc(B)).data.messages;
    expect((await core.messages.raw(b!))?.toString()).toContain('body of stored by format 1');
    await remove(core, B, b1!.id);
    await core.messages.settled();
    expect(blobFiles(data)).toEqual(['seg-1.raw']);
    await core.close();
  });

  it('keep a segment that only a journal record of an earlier run names until the record is redone', async () => {
    const data = fresh();
    const folder = data.replace(/\.json$/, '.d');
    let core = await open(data);
    core.inboxes.register(core.accounts.byKey('emu_growth')!, A);
    await core.commit();
    const [m] = await send(core, [A], 'acknowledged, not indexed');
    await remove(core, A, m!.id);
    await core.close();
    // As a crash leaves it: the message's bytes in its segment, a journal record naming them, no
    // inbox log naming them.
    const record = { k: 'ingest', blob: m!.blob, size: m!.size, at: T0, from: null, to: [{ inbox: A, id: 'journalled1' }] };
    writeFileSync(join(folder, 'journal', 'journal-1.jsonl'), `${JSON.stringify({ j: 1, r: record })}\n`);

    core = await open(data);
    // The census waits for the record to be redone: the segment stays.
    await core.preload();
    expect(blobFiles(data)).toEqual(['seg-1.raw']);
    expect(await core.recover()).toBe(1);
    const [stored] = (await core.mailbox.doc(A)).data.messages;
    expect(stored!.id).toBe('journalled1');
    expect((await core.messages.raw(stored!))?.toString()).toContain('body of acknowledged, not indexed');
    await core.close();
  });
});
