// The index-sink baseline of the ingest benchmark (bench/lib/sink-server.ts --store --index) does the
// work it is compared for: over a real SMTP socket, every message gets its journal line and, after
// its 250, one listing line in its recipient's log with the code and link the emulator's reader
// finds; the store-sink (--store alone) lists nothing. (A baseline that silently skipped its listing
// would flatter every ratio against it.)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildRealisticCorpus } from '../../bench/lib/corpus.js';
import { sendCorpus } from '../../bench/lib/load.js';
import { startSink } from '../../bench/lib/procs.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-index-sink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const logOf = (store: string, inbox: string) => join(store, `${encodeURIComponent(inbox)}.log`);

interface Listing {
  to: string;
  otp: string | null;
  verificationLink: string | null;
  hasAttachment: boolean;
}

test('the index-sink journals every message and, after its 250, lists it with its code and link; the store-sink lists nothing', async () => {
  // Three inboxes, so each gets OTP mails and plain texts; the twentieth message has a 1 MB attachment.
  const inboxes = ['first@inbox.test', 'second@inbox.test', 'third@inbox.test'];
  const corpus = buildRealisticCorpus({ count: 20, recipients: inboxes });
  const codes = corpus.map((m) => /sign-in code is (\d{6})/.exec(m.payload.toString('latin1'))?.[1] ?? null);
  expect(codes.filter(Boolean).length).toBeGreaterThanOrEqual(10);
  const indexDir = join(dir, 'index');
  const storeDir = join(dir, 'store');
  const [indexSink, storeSink] = await Promise.all([startSink(indexDir, true), startSink(storeDir)]);
  try {
    for (const sink of [indexSink, storeSink]) expect(await sendCorpus('127.0.0.1', sink.port, corpus, 1)).toMatchObject({ sent: 20, failed: 0 });
    expect(lines(join(indexDir, 'journal.log'))).toHaveLength(20);
    const listed = () => inboxes.flatMap((i) => lines(logOf(indexDir, i)).map((l) => JSON.parse(l) as Listing));
    // The last listing is written just after the last 250; a busy machine may take a moment.
    for (let i = 0; i < 250 && listed().length < 20; i++) await new Promise((r) => setTimeout(r, 20));
    expect(listed()).toHaveLength(20);
    for (const inbox of inboxes) {
      const mine = lines(logOf(indexDir, inbox)).map((l) => JSON.parse(l) as Listing);
      const expected = corpus.flatMap((m, i) => (m.to === inbox ? [codes[i]] : []));
      expect(mine.map((m) => m.to)).toEqual(expected.map(() => inbox));
      // Readings finish in any order (MailParser reads each from a stream): compare as sets.
      const sorted = (codes: Array<string | null>) => [...codes].sort((a, b) => String(a).localeCompare(String(b)));
      expect(sorted(mine.map((m) => m.otp))).toEqual(sorted(expected));
      expect(expected.some((c) => c === null) && expected.some((c) => c !== null)).toBe(true);
      expect(mine.filter((m) => m.otp !== null).every((m) => m.verificationLink?.startsWith('https://'))).toBe(true);
    }
    expect(listed().filter((m) => m.hasAttachment)).toHaveLength(1);
    expect(indexSink.stderr()).toBe('');
    // The store-sink wrote the messages and their journal lines, and no listing.
    expect(lines(join(storeDir, 'journal.log'))).toHaveLength(20);
    expect(readdirSync(storeDir).sort()).toEqual(['journal.log', 'seg-0.raw']);
  } finally {
    await Promise.all([indexSink.stop(), storeSink.stop()]);
  }
});
