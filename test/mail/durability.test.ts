// Nothing acknowledged is lost: an emulator process killed with SIGKILL right after its SMTP 250
// still has every acknowledged message (summary and body) after a restart on the same data. And a
// 50 MB message streams through without holding it in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCrashChild, type CrashChild } from '../reliability/fixtures/child.js';
import { startEmulator } from '../helpers/reader.js';
import { inboxPath, RawSmtp, rfc822 } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-mail-durability-'));
const children: CrashChild[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  rmSync(dir, { recursive: true, force: true });
});

async function start(data: string, sync?: string): Promise<CrashChild> {
  const c = await startCrashChild(data, 'none', sync);
  children.push(c);
  return c;
}

async function api(c: { url: string }, path: string, body?: unknown) {
  const res = await fetch(`${c.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: 'Bearer emu_enterprise', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

// Every sync mode: the page cache outlives the process; the modes differ only on power loss.
describe.each([
  ['interval (the default)', undefined],
  ['always', 'always'],
  ['never', 'never'],
])('SIGKILL right after 250, --fsync %s', (name, mode) => {
  it('keeps every acknowledged message across a restart', async () => {
    const data = join(dir, `kill-${name.split(' ')[0]}`, 'emulator.json');
    const first = await start(data, mode);
    const inbox = 'durable@inbox.test';
    expect((await api(first, '/v1/inboxes', { inbox })).status).toBe(201);

    const smtp = await RawSmtp.open(first.smtpPort);
    expect((await smtp.command('EHLO client.test')).code).toBe(250);
    const N = 12;
    const acked: string[] = [];
    for (let i = 0; i < N; i++) {
      expect((await smtp.command('MAIL FROM:<sender@example.test>')).code).toBe(250);
      expect((await smtp.command(`RCPT TO:<${inbox}>`)).code).toBe(250);
      const body = i === N - 1 ? `last one, sign-in code 4455${i}` : `message ${i}: ${'body text '.repeat(50)}`;
      const r = await smtp.data(rfc822({ to: inbox, subject: `durable ${i}`, body }));
      if (i === N - 1) first.proc.kill('SIGKILL'); // at once, in the same turn as the reply
      expect(r.code).toBe(250);
      acked.push(`durable ${i}`);
    }
    expect(await first.exited).toBe('SIGKILL');
    smtp.close();

    // The restart runs in this process: what counts is what the killed one left on disk. It reads on
    // the main thread (parseWorkers 0): which thread reads is not what is tested here.
    const second = await startEmulator({ port: 0, smtpPort: 0, data });
    const list = await api(second, inboxPath(inbox, '/messages'));
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { subject: string }) => m.subject).sort()).toEqual(acked.sort());
    const last = list.body.data.find((m: { subject: string }) => m.subject === `durable ${N - 1}`);
    const full = await api(second, inboxPath(inbox, `/messages/${last.id}`));
    expect(full.body.data.text.trim()).toBe(`last one, sign-in code 4455${N - 1}`);
    expect(full.body.data.otp).toBe(`4455${N - 1}`);
    await second.close();
  });
});

describe('a 50 MB message', () => {
  it('streams through: peak RSS grows by well under 100 MB', async () => {
    const c = await start(join(dir, 'big', 'emulator.json'));
    const inbox = 'big@inbox.test';
    expect((await api(c, '/v1/inboxes', { inbox })).status).toBe(201);
    const smtp = await RawSmtp.open(c.smtpPort);
    expect((await smtp.command('EHLO client.test')).code).toBe(250);
    // Warm up (parser and store loaded), then take the peak so far as the baseline.
    expect((await smtp.command('MAIL FROM:<s@example.test>')).code).toBe(250);
    expect((await smtp.command(`RCPT TO:<${inbox}>`)).code).toBe(250);
    expect((await smtp.data(rfc822({ to: inbox, subject: 'warm-up' }))).code).toBe(250);
    // The warm-up read and indexed (a list waits for that), so its parse is not counted below.
    expect((await api(c, inboxPath(inbox, '/messages'))).body.data).toHaveLength(1);
    c.proc.stdin!.write('rss\n');
    const before = Number((await c.nextLine()).maxRss);

    const line = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\r\n'; // 78 bytes
    const lines = Math.ceil((50 * 1024 * 1024) / line.length);
    const head = `From: s@example.test\r\nTo: ${inbox}\r\nSubject: fifty\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="BB"\r\n\r\n--BB\r\nContent-Type: text/plain\r\n\r\nbig one\r\n--BB\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="big.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n`;
    expect((await smtp.command('MAIL FROM:<s@example.test>')).code).toBe(250);
    expect((await smtp.command(`RCPT TO:<${inbox}>`)).code).toBe(250);
    expect((await smtp.command('DATA')).code).toBe(354);
    smtp.write(head);
    const chunk = Buffer.from(line.repeat(4096));
    for (let written = 0; written < lines; written += 4096) {
      if (!smtp.socket.write(chunk)) await new Promise((r) => smtp.socket.once('drain', r));
    }
    smtp.write('--BB--\r\n.\r\n');
    expect((await smtp.reply()).code).toBe(250);
    c.proc.stdin!.write('rss\n');
    const after = Number((await c.nextLine()).maxRss);
    smtp.close();

    const list = await api(c, inboxPath(inbox, '/messages'));
    expect(list.body.data[0]).toMatchObject({ subject: 'fifty', hasAttachment: true });
    if (process.env.SHOW_RSS) console.log(`peak RSS +${((after - before) / 1048576).toFixed(1)} MB`);
    expect(after - before).toBeLessThan(100 * 1024 * 1024);
    c.proc.kill('SIGTERM');
    await c.exited;
  });
});
