// The inbox document's append-only file (inbox-log.ts): appends only what changed, reads back the
// same document, compacts into a snapshot, survives a torn last line, refuses real damage; and a
// file-backed core keeps an inbox's mail and timeline across a restart.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { InboxLogFile } from '../../emulator/store/inbox-log.js';
import { Durability } from '../../emulator/store/durability.js';
import type { InboxDoc, StoredMessage } from '../../emulator/core/state.js';
import { MAX_TIMELINE_EVENTS } from '../../emulator/core/timeline.js';
import { rfc822 } from './helpers.js';
import { testReader } from '../helpers/reader.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function msg(i: number): StoredMessage {
  return {
    id: `id${i}`,
    from: 'a@example.test',
    to: 'x@inbox.test',
    subject: `s${i}`,
    date: new Date(i * 1000).toISOString(),
    receivedAt: i * 1000,
    hasAttachment: false,
    otp: null,
    verificationLink: null,
    size: 10,
    blob: `b${i}`,
  };
}
function event(i: number) {
  return { id: `ev${i}`, type: 'email_received' as const, timestamp: new Date(i * 1000).toISOString(), latency_ms: 0, metadata: { i } };
}
const lineCount = (f: string) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim()).length;

describe('InboxLogFile', () => {
  it('appends changes after a first snapshot and reads the same document back', async () => {
    const file = join(dir, `doc${n++}.json`);
    const w = new InboxLogFile(file, new Durability('always'));
    expect(await w.read()).toBeNull();
    const doc: InboxDoc = { inbox: 'x@inbox.test', messages: [], timeline: [] };
    await w.write(doc);
    for (let i = 0; i < 5; i++) {
      doc.messages.push(msg(i));
      doc.timeline.push(event(i));
      await w.write(doc);
    }
    expect(lineCount(file)).toBe(1 + 10);
    doc.messages.splice(0, 2); // eviction
    doc.timeline.splice(0, 1);
    await w.write(doc);
    expect(lineCount(file)).toBe(13);
    const back = await new InboxLogFile(file, new Durability('always')).read();
    expect(back).toEqual(doc);
  });

  it('rewrites the file as one snapshot once the appended lines outnumber the document', async () => {
    const file = join(dir, `doc${n++}.json`);
    const w = new InboxLogFile(file, new Durability('never'));
    const doc: InboxDoc = { inbox: 'x@inbox.test', messages: [], timeline: [] };
    for (let i = 0; i < 300; i++) {
      doc.messages.push(msg(i));
      if (doc.messages.length > 5) doc.messages.shift();
      await w.write(doc);
    }
    expect(lineCount(file)).toBeLessThanOrEqual(65);
    expect(await new InboxLogFile(file, new Durability('never')).read()).toEqual(doc);
  });

  it('writes a snapshot when messages did not come at the end', async () => {
    const file = join(dir, `doc${n++}.json`);
    const w = new InboxLogFile(file, new Durability('never'));
    const doc: InboxDoc = { inbox: 'x@inbox.test', messages: [msg(1), msg(2)], timeline: [] };
    await w.write(doc);
    doc.messages.unshift(msg(0));
    await w.write(doc);
    expect(lineCount(file)).toBe(1);
    expect((await new InboxLogFile(file, new Durability('never')).read())!.messages.map((m) => m.id)).toEqual(['id0', 'id1', 'id2']);
  });

  it('ignores a torn last line, refuses a damaged one in the middle, and reads the plain JSON format', async () => {
    const file = join(dir, `doc${n++}.json`);
    const w = new InboxLogFile(file, new Durability('never'));
    const doc: InboxDoc = { inbox: 'x@inbox.test', messages: [msg(1)], timeline: [] };
    await w.write(doc);
    doc.messages.push(msg(2));
    await w.write(doc);
    appendFileSync(file, '{"m+":{"id":"id3","fro');
    expect((await new InboxLogFile(file, new Durability('never')).read())!.messages.map((m) => m.id)).toEqual(['id1', 'id2']);
    appendFileSync(file, '\n{"m+":{"id":"id4"}}\n');
    await expect(new InboxLogFile(file, new Durability('never')).read()).rejects.toMatchObject({ name: 'StoreError', code: 'data_corrupt' });
    const plain = join(dir, `doc${n++}.json`);
    writeFileSync(plain, JSON.stringify({ inbox: 'x@inbox.test', messages: [msg(7)], timeline: [event(7)] }));
    const r = new InboxLogFile(plain, new Durability('never'));
    expect((await r.read())!.messages[0]!.id).toBe('id7');
  });

  it('keeps a message written after a torn last line (the next write is a snapshot)', async () => {
    const file = join(dir, `doc${n++}.json`);
    await new InboxLogFile(file, new Durability('never')).write({ inbox: 'x@inbox.test', messages: [msg(1)], timeline: [] });
    appendFileSync(file, '{"m+":{"id":"id2","fro');
    const restarted = new InboxLogFile(file, new Durability('never'));
    const doc = (await restarted.read())!;
    doc.messages.push(msg(3));
    await restarted.write(doc);
    expect((await new InboxLogFile(file, new Durability('never')).read())!.messages.map((m) => m.id)).toEqual(['id1', 'id3']);
    doc.messages.push(msg(4));
    await restarted.write(doc);
    expect((await new InboxLogFile(file, new Durability('never')).read())!.messages.map((m) => m.id)).toEqual(['id1', 'id3', 'id4']);
  });
});

describe('a file-backed core', () => {
  it('keeps the newest 100 messages and a bounded timeline of an inbox across a restart', async () => {
    const data = join(dir, 'core', 'emulator.json');
    const clock = new EmulatorClock({ mode: 'manual' });
    let core = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock });
    const growth = core.accounts.byKey('emu_growth')!;
    core.inboxes.register(growth, 'keep@inbox.test');
    await core.commit();
    const ids: string[] = [];
    for (let i = 0; i < 130; i++) {
      clock.advance(10);
      const [stored] = await core.ingest({
        source: rfc822({ to: 'keep@inbox.test', subject: `m${i}`, body: `code ${100000 + i}` }),
        recipients: ['keep@inbox.test'],
      });
      ids.push(stored!.id);
    }
    await core.close();
    core = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock });
    const rec = core.inboxes.find('keep@inbox.test')!;
    expect((await core.messages.list(rec)).map((m) => m.id)).toEqual(ids.slice(30).reverse());
    const doc = (await core.mailbox.doc(rec.inbox)).data;
    expect(doc.timeline.length).toBe(MAX_TIMELINE_EVENTS);
    expect(doc.timeline.at(-1)!.metadata).toMatchObject({ message_id: ids.at(-1) });
    const body = await core.messages.body(await core.messages.get(rec, ids.at(-1)!));
    expect(body.text?.trim()).toBe('code 100129');
    await core.close();
  });
});
