// The ingest journal: the SMTP 250 goes out once the raw message and a journal record naming its
// copies are on disk, before the message is parsed and indexed. Covered here: the journal file
// itself (records, emptying, generations, leftovers), the next start redoing records a crash left
// behind (and skipping what must not come back), and reads that wait for a message already
// acknowledged but still being indexed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { Durability } from '../../emulator/store/durability.js';
import { Journal } from '../../emulator/store/journal.js';
import { blobKey, rawBlob } from '../../emulator/core/mailbox.js';
import { startEmulator, testReader, type RunningEmulator } from '../helpers/reader.js';
import { RawSmtp, rfc822, T0 } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(dir, `j${n++}`);
  mkdirSync(d, { recursive: true });
  return d;
};
const files = (d: string) =>
  readdirSync(d)
    .filter((f) => f.startsWith('journal-'))
    .sort();

describe('Journal', () => {
  it('syncs each record, empties its file once nothing is pending, and keeps pending records for the next start', async () => {
    const d = fresh();
    const j = new Journal(d, new Durability('always'));
    const pad = 'p'.repeat(200_000);
    const a = j.append({ n: 1, pad });
    const b = j.append({ n: 2, pad });
    await Promise.all([a.durable, b.durable]);
    const [file] = files(d);
    expect(readFileSync(join(d, file!), 'utf8')).toBe(`{"j":1,"r":{"n":1,"pad":"${pad}"}}\n{"j":2,"r":{"n":2,"pad":"${pad}"}}\n`);
    a.done();
    expect(readFileSync(join(d, file!), 'utf8').endsWith('\n{"x":1}\n')).toBe(true); // a's retirement; b is still pending
    expect(await new Journal(d, new Durability('always')).leftovers()).toEqual([{ n: 2, pad }]); // a crash now: b only
    b.done();
    expect(statSync(join(d, file!)).size).toBe(0); // 400 kB, nothing pending: emptied
    const c = j.append({ n: 3 });
    await c.durable;
    j.close(); // a crash, as far as the records know: c was never done

    const next = new Journal(d, new Durability('always'));
    expect(await next.leftovers()).toEqual([{ n: 3 }]);
    const d2 = next.append({ n: 4 }); // a new generation, not mixed with the leftovers
    await d2.durable;
    next.dropLeftovers();
    expect(files(d)).toHaveLength(1);
    expect(await new Journal(d, new Durability('always')).leftovers()).toEqual([{ n: 4 }]);
    next.close();
  });

  it('skips a torn last line and starts a new file once one passes 1 MiB, deleting the old one when its records are done', async () => {
    const d = fresh();
    writeFileSync(join(d, 'journal-7.jsonl'), '{"n":1}\n{"n":2');
    const j = new Journal(d, new Durability('never'));
    expect(await j.leftovers()).toEqual([{ n: 1 }]);
    j.dropLeftovers();
    expect(files(d)).toEqual([]);
    const big = 'x'.repeat(10_000);
    const first = Array.from({ length: 110 }, (_, i) => j.append({ i, big }));
    const later = j.append({ i: 'later' });
    expect(files(d)).toEqual(['journal-8.jsonl', 'journal-9.jsonl']);
    for (const e of first) e.done();
    await j.settled();
    expect(files(d)).toEqual(['journal-9.jsonl']);
    later.done();
    j.close();
  });

  it('never writes into a file an earlier run left, even when nobody read it first', async () => {
    const d = fresh();
    writeFileSync(join(d, 'journal-4.jsonl'), '{"n":"old"}\n');
    const j = new Journal(d, new Durability('always'));
    const e = j.append({ n: 'new', pad: 'p'.repeat(300_000) });
    await e.durable;
    e.done(); // past 256 KiB with nothing pending: its own file is emptied
    expect(files(d)).toEqual(['journal-4.jsonl', 'journal-5.jsonl']);
    expect(readFileSync(join(d, 'journal-4.jsonl'), 'utf8')).toBe('{"n":"old"}\n');
    j.close();
    expect(await new Journal(d, new Durability('always')).leftovers()).toEqual([{ n: 'old' }]);
  });

  it('a record retired before a crash does not come back, one retired after does (retirement lines)', async () => {
    const d = fresh();
    const j = new Journal(d, new Durability('never'));
    const entries = Array.from({ length: 5 }, (_, i) => j.append({ i }));
    entries[0]!.done();
    entries[3]!.done();
    entries[3]!.done(); // once only
    // No close: the process dies here; what it wrote is in the file.
    expect(await new Journal(d, new Durability('never')).leftovers()).toEqual([{ i: 1 }, { i: 2 }, { i: 4 }]);
    j.close();
  });

  it('is a no-op without a folder (the in-memory store)', async () => {
    const j = new Journal(null, new Durability('always'));
    const e = j.append({ n: 1 });
    await e.durable;
    e.done();
    expect(await j.leftovers()).toEqual([]);
  });
});

describe('recovery at start', () => {
  const INBOX = 'rec@inbox.test';
  const OTHER = 'rec2@inbox.test';
  const raw = rfc822({ to: INBOX, subject: 'Your code', body: 'Your verification code is 735194' });

  async function coreWithInboxes(data: string) {
    const core = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    const growth = core.accounts.byKey('emu_growth')!;
    core.inboxes.register(growth, INBOX);
    core.inboxes.register(growth, OTHER);
    await core.commit();
    return core;
  }

  it('stores an acknowledged message the last run did not index, once, with its id, time and code', async () => {
    const data = join(fresh(), 'emulator.json');
    const d = data.replace(/\.json$/, '.d');
    const core1 = await coreWithInboxes(data);
    // The state a crash right after the 250 leaves: the raw blob and the journal record, no index.
    const at = T0 - 60_000;
    writeFileSync(join(d, 'blobs', rawBlob(blobKey('RecId00001'))), raw);
    const records = [
      {
        k: 'ingest',
        blob: rawBlob(blobKey('RecId00001')),
        size: Buffer.byteLength(raw),
        at,
        from: 'app@example.test',
        to: [
          { inbox: INBOX, id: 'RecId00001' },
          { inbox: OTHER, id: 'RecId00002' },
          { inbox: 'gone@inbox.test', id: 'RecId00003' },
        ],
      },
      // Never acknowledged: the blob is shorter than the record says.
      { k: 'ingest', blob: rawBlob(blobKey('Short00001')), size: 99_999, at, from: null, to: [{ inbox: INBOX, id: 'Short00001' }] },
      // Its blob is gone: the message was deleted after it was stored.
      { k: 'ingest', blob: rawBlob(blobKey('Gone000001')), size: 10, at, from: null, to: [{ inbox: INBOX, id: 'Gone000001' }] },
      'not a record',
    ];
    writeFileSync(join(d, 'blobs', rawBlob(blobKey('Short00001'))), raw);
    writeFileSync(join(d, 'journal', 'journal-3.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    await core1.close();

    const core2 = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    const received: string[] = [];
    core2.bus.on('message.received', ({ message }) => received.push(message.id));
    expect(await core2.recover()).toBe(2);
    expect(received).toEqual(['RecId00001', 'RecId00002']);
    const [m] = (await core2.mailbox.doc(INBOX)).data.messages;
    expect(m).toMatchObject({ id: 'RecId00001', subject: 'Your code', otp: '735194', receivedAt: at, to: INBOX });
    const [copy] = (await core2.mailbox.doc(OTHER)).data.messages;
    expect(copy).toMatchObject({ id: 'RecId00002', otp: '735194' });
    // The second copy has a blob of its own, so deleting one copy leaves the other whole.
    expect((await core2.messages.raw(copy!))?.toString()).toBe(raw);
    expect(files(join(d, 'journal'))).toEqual([]);
    // Redone once: a second start finds nothing to do.
    expect(await core2.recover()).toBe(0);
    await core2.close();
    const core3 = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    expect(await core3.recover()).toBe(0);
    expect((await core3.mailbox.doc(INBOX)).data.messages.map((x) => x.id)).toEqual(['RecId00001']);
    await core3.close();
  });

  it("does not give a copy to an account that registered the address after the message came (another account's)", async () => {
    const data = join(fresh(), 'emulator.json');
    const d = data.replace(/\.json$/, '.d');
    const core1 = await coreWithInboxes(data);
    const owner = core1.inboxes.find(INBOX)!.accountId;
    writeFileSync(join(d, 'blobs', rawBlob(blobKey('Own0000001'))), raw);
    const record = {
      k: 'ingest',
      blob: rawBlob(blobKey('Own0000001')),
      size: Buffer.byteLength(raw),
      at: T0 - 60_000,
      from: null,
      to: [
        { inbox: INBOX, account: owner, id: 'Own0000001' },
        // OTHER was another account's when the message came; it is growth's now.
        { inbox: OTHER, account: 'acct_enterprise', id: 'Theirs0001' },
      ],
    };
    writeFileSync(join(d, 'journal', 'journal-1.jsonl'), `${JSON.stringify(record)}\n`);
    await core1.close();
    const core2 = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    expect(await core2.recover()).toBe(1);
    expect((await core2.mailbox.doc(INBOX)).data.messages.map((m) => m.id)).toEqual(['Own0000001']);
    expect((await core2.mailbox.doc(OTHER)).data.messages).toEqual([]);
    await core2.close();
  });

  it('does not bring back a message that is already in its inbox', async () => {
    const data = join(fresh(), 'emulator.json');
    const d = data.replace(/\.json$/, '.d');
    const core1 = await coreWithInboxes(data);
    const [stored] = await core1.ingest({ source: raw, recipients: [INBOX] });
    const message = stored!.message;
    // A journal record that outlived its message's indexing (its file was not emptied in time).
    writeFileSync(
      join(d, 'journal', 'journal-2.jsonl'),
      `${JSON.stringify({ k: 'ingest', blob: rawBlob(message.blob), size: message.size, at: message.receivedAt, from: null, to: [{ inbox: INBOX, id: message.id }] })}\n`,
    );
    await core1.close();
    const core2 = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    expect(await core2.recover()).toBe(0);
    expect((await core2.mailbox.doc(INBOX)).data.messages).toHaveLength(1);
    await core2.close();
  });

  it('journals mail that arrives normally and finds nothing to redo after a clean stop', async () => {
    const data = join(fresh(), 'emulator.json');
    const core = await coreWithInboxes(data);
    // As SMTP ingests: answering once the message is safe is what the journal is for.
    const acked: string[][] = [];
    const ingestion = core.receive({ source: raw, recipients: [INBOX, OTHER] });
    void ingestion.acknowledged.then((ids) => acked.push(ids));
    await ingestion.stored;
    expect(acked).toHaveLength(1);
    const jdir = join(data.replace(/\.json$/, '.d'), 'journal');
    const [file] = files(jdir);
    const [record, retired] = readFileSync(join(jdir, file!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(record).toMatchObject({ j: 1, r: { k: 'ingest', to: [{ inbox: INBOX }, { inbox: OTHER }] } });
    expect(retired).toEqual({ x: 1 }); // retired once the message was stored
    await core.close();
    const again = await EmulatorCore.open({ reader: testReader(), dataPath: data, clock: new EmulatorClock({ mode: 'manual', start: T0 }) });
    expect(await again.recover()).toBe(0);
    expect((await again.mailbox.doc(INBOX)).data.messages).toHaveLength(1);
    expect(files(jdir)).toEqual([]);
    await again.close();
  });
});

describe('the SMTP 250 before indexing', () => {
  let emu: RunningEmulator | null = null;
  afterEach(async () => {
    await emu?.close();
    emu = null;
  });

  it('comes once the message is safe; a read right after it waits for the message to be indexed', async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0, host: '127.0.0.1', data: join(fresh(), 'emulator.json') });
    const INBOX = 'early@inbox.test';
    const key = emu.keys.enterprise;
    const reg = await fetch(`${emu.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ inbox: INBOX }),
    });
    expect(reg.status).toBe(201);
    // Indexing is held back until a read of the inbox arrives: the 250 must not wait for it, and the
    // read must wait for the indexing.
    const mailbox = emu.core.mailbox;
    const docToIndex = mailbox.docToIndex.bind(mailbox);
    const read = mailbox.doc.bind(mailbox);
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    let indexed = false;
    mailbox.docToIndex = async (inbox: string) => {
      await gate;
      const doc = await docToIndex(inbox);
      indexed = true;
      return doc;
    };
    mailbox.doc = (inbox: string) => {
      openGate();
      return read(inbox);
    };
    const smtp = await RawSmtp.open(emu.smtp.port);
    expect((await smtp.command('EHLO test')).code).toBe(250);
    expect((await smtp.command('MAIL FROM:<app@example.test>')).code).toBe(250);
    expect((await smtp.command(`RCPT TO:<${INBOX}>`)).code).toBe(250);
    const reply = await smtp.data(rfc822({ to: INBOX, subject: 'early', body: 'Your code is 271828' }));
    expect(reply.code).toBe(250);
    expect(indexed).toBe(false);
    const list = await fetch(`${emu.apiUrl}/inboxes/${encodeURIComponent(INBOX)}/messages`, { headers: { Authorization: `Bearer ${key}` } });
    const body = (await list.json()) as { data: Array<{ subject: string; otp: string | null }> };
    expect(indexed).toBe(true);
    expect(body.data).toMatchObject([{ subject: 'early', otp: '271828' }]);
    smtp.close();
  });
});
