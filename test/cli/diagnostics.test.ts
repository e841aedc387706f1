// inbox timeline | insights | send (SMTP into the emulator)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliEmulator, mask, type CliEmulator } from './helpers.js';
import type { RunningEmulator } from '../../emulator/server.js';

let t: CliEmulator<RunningEmulator>;
const A = 'diag@inbox.test';
beforeAll(async () => {
  t = await cliEmulator({ sockets: true }); // inbox send talks SMTP
  await t.client.registerInbox(A);
});
afterAll(() => t.close());

describe('inbox timeline, insights', () => {
  test('an empty inbox: timeline shows its creation; insights say mail is missing', async () => {
    t.clock.advance(10_000);
    const tl = await t.run(['timeline', A]);
    expect(tl.code).toBe(EXIT.ok);
    expect(mask(tl.stdout)).toMatchSnapshot();
    const ins = await t.run(['insights', A]);
    expect(ins.code).toBe(EXIT.ok);
    expect(ins.stdout).toMatch(/^email_missing\s+/m);
  });

  test('after mail: timeline events with latency; --json bodies match the contract', async () => {
    const id = await t.deliver(A, { subject: 'Code', text: 'Your verification code is 246810' });
    const tl = await t.run(['timeline', A]);
    expect(mask(tl.stdout, { id }).replace(/size=\d+/, 'size=N')).toMatchSnapshot();
    const tj = await t.run(['timeline', A, '--json']);
    // --json prints the client's reading of either service: times as ISO 8601, not the wire's ms.
    const body = JSON.parse(tj.stdout) as { inbox: string; data: { type: string; timestamp: string }[] };
    expect(body.inbox).toBe(A);
    expect(body.data.map((e) => e.type)).toContain('otp_extracted');
    for (const e of body.data) expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const ij = await t.run(['insights', A, '--json']);
    expect(responses.insights.parse(JSON.parse(ij.stdout)).inbox).toBe(A);
  });

  test('an inbox of another account: exit 9 with the register hint', async () => {
    const r = await t.run(['timeline', 'someone@inbox.test']);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toContain('inbox inboxes register someone@inbox.test');
  });
});

describe('inbox send', () => {
  test('sends over SMTP with text, html and attachments; the emulator stores it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-send-'));
    try {
      writeFileSync(join(dir, 'hello.txt'), 'attached text\n');
      const smtp = `127.0.0.1:${t.emu.smtp.port}`;
      const r = await t.run([
        'send',
        '--smtp',
        smtp,
        '--to',
        A,
        '--from',
        'qa@example.test',
        '--subject',
        'Via SMTP',
        '--text',
        'Your verification code is 135790',
        '--html',
        '<p>Your verification code is <b>135790</b></p>',
        '--attach',
        join(dir, 'hello.txt'),
      ]);
      expect(r.code).toBe(EXIT.ok);
      expect(r.stdout).toMatch(new RegExp(`^Sent <[^>]+> to ${A} via 127\\.0\\.0\\.1:\\d+\\n$`));
      const list = await t.client.listMessages(A);
      const m = list.data.find((x) => x.subject === 'Via SMTP')!;
      expect(m).toMatchObject({ from: 'qa@example.test', otp: '135790', hasAttachment: true });
      const full = await t.client.getMessage(A, m.id);
      expect(full.data.attachments?.[0]).toMatchObject({ filename: 'hello.txt' });

      const j = await t.run(['send', '--smtp', smtp, '--to', A, '--json']);
      expect(JSON.parse(j.stdout)).toMatchObject({ success: true, accepted: [A] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an unregistered recipient is refused by SMTP: exit 9 with the register hint', async () => {
    const r = await t.run(['send', '--smtp', `127.0.0.1:${t.emu.smtp.port}`, '--to', 'ghost@inbox.test']);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toContain('inbox inboxes register ghost@inbox.test');
  });

  test('some recipients refused: exit 9 naming them (the others got it); no address at all: exit 2', async () => {
    const smtp = `127.0.0.1:${t.emu.smtp.port}`;
    const r = await t.run(['send', '--smtp', smtp, '--to', `${A}, ghost2@inbox.test`, '--json']);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({
      error: 'smtp_rejected',
      accepted: [A],
      rejected: ['ghost2@inbox.test'],
      hint: expect.stringContaining('inbox inboxes register ghost2@inbox.test'),
    });
    const none = await t.run(['send', '--smtp', smtp, '--to', 'bad']);
    expect(none.code).toBe(EXIT.usage);
    expect(none.stderr).toContain('holds no e-mail address');
  });

  test('no SMTP server: exit 7 naming the address; a missing attachment: exit 2', async () => {
    const r = await t.run(['send', '--smtp', '127.0.0.1:1', '--to', A]);
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toContain('127.0.0.1:1');
    expect(r.stderr).toContain('inbox emulate');
    const a = await t.run(['send', '--to', A, '--attach', '/nonexistent/file.pdf']);
    expect(a.code).toBe(EXIT.usage);
    const bad = await t.run(['send', '--to', A, '--smtp', 'nope']);
    expect(bad.code).toBe(EXIT.usage);
  });
});
