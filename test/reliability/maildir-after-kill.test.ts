// The mail on disk is a Maildir per inbox that tools outside the emulator can read (issue 28): an
// emulator process takes a multi-recipient blast over SMTP on three connections, with envelope
// senders (so the files carry a Return-Path trace header), and is killed with SIGKILL in the middle
// of it. Without starting it again, Python's standard `mailbox.Maildir` opens each inbox's folder and
// must find every message acknowledged with 250 in each of its recipients' folders exactly once,
// with the bytes that were sent after the trace headers.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderOf } from '../../emulator/store/maildir.js';
import { RawSmtp, rfc822 } from '../mail/helpers.js';
import { startCrashChild } from './fixtures/child.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-maildir-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INBOXES = ['ann@inbox.test', 'bob.smith@inbox.test', 'carol+tag@inbox.test'];
/** The kill comes in the same turn as this many-th 250, while the other connections are mid-message. */
const KILL_AT = 30;

/** Prints, per folder, the sha256 of each message's bytes after its leading trace headers. */
const PYTHON = `
import hashlib, json, mailbox, sys
out = {}
for folder in sys.argv[1:]:
    box = mailbox.Maildir(folder, factory=None, create=False)
    digests = []
    for key in box.iterkeys():
        data = box.get_bytes(key)
        while data[:12].lower() in (b'return-path:', b'delivered-to'):
            data = data[data.index(b'\\r\\n') + 2:]
        digests.append(hashlib.sha256(data).hexdigest())
    out[folder] = digests
print(json.dumps(out))
`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.skipIf(process.platform === 'win32')('the Maildirs after SIGKILL', () => {
  it("Python's mailbox.Maildir finds every acknowledged message once in each recipient's folder, as sent", async () => {
    const data = join(dir, 'emulator.json');
    const emu = await startCrashChild(data, 'none', 'interval');
    for (const inbox of INBOXES) {
      const res = await fetch(`${emu.url}/v1/inboxes`, {
        method: 'POST',
        headers: { authorization: 'Bearer emu_enterprise', 'content-type': 'application/json' },
        body: JSON.stringify({ inbox }),
      });
      expect(res.status).toBe(201);
    }
    const acked: Array<{ to: string[]; digest: string }> = [];
    let killed = false;
    await Promise.all(
      [0, 1, 2].map(async (n) => {
        const smtp = await RawSmtp.open(emu.smtpPort);
        await smtp.command('EHLO blast.test');
        for (let i = 0; !killed && i < 40; i++) {
          // Each message to two or three of the inboxes.
          const to = INBOXES.filter((_, k) => k !== (i + n) % 4);
          try {
            await smtp.command(`MAIL FROM:<bounce-${n}-${i}@lists.example>`);
            for (const r of to) await smtp.command(`RCPT TO:<${r}>`);
            const message = rfc822({ to: to.join(', '), subject: `blast ${n}.${i}`, body: `message ${n}.${i} ${'x'.repeat((i * 397) % 3000)}` });
            const reply = await smtp.data(message);
            if (reply.code !== 250) continue;
            acked.push({ to, digest: sha256(message) });
            if (acked.length >= KILL_AT && !killed) {
              killed = true;
              emu.proc.kill('SIGKILL');
            }
          } catch {
            break; // the process is gone
          }
        }
        smtp.close();
      }),
    );
    if (!killed) emu.proc.kill('SIGKILL');
    expect(await emu.exited).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AT);

    const folders = INBOXES.map((inbox) => join(dir, 'emulator.d', 'mail', folderOf(inbox)));
    const found = JSON.parse(execFileSync('python3', ['-c', PYTHON, ...folders], { encoding: 'utf8' })) as Record<string, string[]>;
    for (const { to, digest } of acked) {
      for (const inbox of to) {
        const inFolder = found[join(dir, 'emulator.d', 'mail', folderOf(inbox))]!.filter((d) => d === digest);
        expect(inFolder.length, `${digest} in ${inbox}`).toBe(1);
      }
    }
  }, 30_000);
});
