// The index-sink baseline of the ingest benchmark (bench/lib/sink-server.ts --store --index) does the
// work it is compared for: over a real SMTP socket, every message gets its journal line before the
// 250 and, after it, one listing line in its recipient's log with the code and link the emulator's
// reader finds. (A baseline that silently skipped its listing would flatter every ratio against it.)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildRealisticCorpus } from '../../bench/lib/corpus.js';
import { sendCorpus } from '../../bench/lib/load.js';
import { startSink } from '../../bench/lib/procs.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-index-sink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

test('the index-sink journals each message before its 250 and lists it, code and link, after', async () => {
  const inboxes = ['first@inbox.test', 'second@inbox.test'];
  // 20 messages: OTP mails and plain texts in turn, the twentieth with a 1 MB attachment.
  const corpus = buildRealisticCorpus({ count: 20, recipients: inboxes });
  const sink = await startSink(dir, true);
  try {
    const sent = await sendCorpus('127.0.0.1', sink.port, corpus, 1);
    expect(sent).toMatchObject({ sent: 20, failed: 0 });
    expect(lines(join(dir, 'journal.log'))).toHaveLength(20);
    const listed = () => inboxes.flatMap((i) => lines(join(dir, `${encodeURIComponent(i)}.log`)).map((l) => JSON.parse(l) as Record<string, unknown>));
    // The last listing is written just after the last 250.
    for (let i = 0; i < 50 && listed().length < 20; i++) await new Promise((r) => setTimeout(r, 20));
    const all = listed();
    expect(all).toHaveLength(20);
    const codes = corpus.map((m) => /sign-in code is (\d{6})/.exec(m.payload.toString('latin1'))?.[1] ?? null);
    expect(codes.filter(Boolean).length).toBeGreaterThanOrEqual(10);
    for (const inbox of inboxes) {
      const mine = lines(join(dir, `${encodeURIComponent(inbox)}.log`)).map(
        (l) => JSON.parse(l) as { to: string; otp: string | null; verificationLink: string | null },
      );
      const expected = corpus.map((m, i) => (m.to === inbox ? codes[i] : undefined)).filter((c) => c !== undefined);
      expect(mine.map((m) => m.to)).toEqual(expected.map(() => inbox));
      expect(mine.map((m) => m.otp)).toEqual(expected);
      expect(mine.filter((m) => m.otp !== null).every((m) => m.verificationLink?.startsWith('https://'))).toBe(true);
    }
    expect(all.filter((m) => m.hasAttachment)).toHaveLength(1);
  } finally {
    await sink.stop();
  }
});
