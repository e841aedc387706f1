// The mail reader (emulator/core/mail/reader.ts) reads arriving mail on worker threads: the real
// worker reads a message file as MailParser and the extractor see it, a worker that dies hands its
// messages to a fresh one, and a reader whose worker cannot run fails the read instead of hanging.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readerScript } from '../../emulator/core/mail/reader.js';
import { MailReader, type RunningEmulator, startEmulator } from '../../src/index.js';
import { RawSmtp, rfc822 } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inbox-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the mail reader', () => {
  it('reads a file from past its trace header: fields, attachment count, code and link', async () => {
    const trace = 'Return-Path: <s@example.test>\r\n';
    const file = join(dir, 'message');
    writeFileSync(
      file,
      `${trace}From: "Acme" <no-reply@acme.test>\r\nTo: a@inbox.test\r\nSubject: Your code\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nYour verification code is 482913.\r\n--b\r\nContent-Type: application/pdf; name=a.pdf\r\nContent-Disposition: attachment; filename=a.pdf\r\n\r\n%PDF\r\n--b--\r\n`,
    );
    const reader = new MailReader(readerScript());
    try {
      const r = await reader.read([join(dir, 'not-there'), file], Buffer.byteLength(trace));
      expect(r).toMatchObject({ otp: '482913', parseError: null, extractError: null });
      expect(r.fields).toMatchObject({ subject: 'Your code', from: '"Acme" <no-reply@acme.test>', headerRecipients: ['a@inbox.test'], attachments: 1 });
      await expect(reader.read([join(dir, 'gone')], 0)).rejects.toThrow(/gone/);
    } finally {
      await reader.close();
    }
  });

  it('hands the messages of a worker that died to a fresh one', async () => {
    const reader = new MailReader(fileURLToPath(new URL('./fixtures/flaky-reader.mjs', import.meta.url)));
    try {
      const r = await reader.read([join(dir, 'marker')], 0);
      expect(r.fields.subject).toBe('read');
    } finally {
      await reader.close();
    }
  });

  it('fails the read, with the reason, when no worker can run', async () => {
    const reader = new MailReader(join(dir, 'no-such-worker.js'));
    try {
      await expect(reader.read([join(dir, 'message')], 0)).rejects.toThrow(/no-such-worker|Cannot find/);
    } finally {
      await reader.close();
    }
  });
});

describe('one mail reader shared by the emulators of a process (startEmulator({mailReader}))', () => {
  const send = async (emu: RunningEmulator, inbox: string, code: string) => {
    const key = emu.keys.enterprise;
    const post = await fetch(`${emu.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inbox }),
    });
    expect(post.status).toBe(201);
    const smtp = await RawSmtp.open(emu.smtp.port);
    try {
      await smtp.command('EHLO reader.test');
      await smtp.command('MAIL FROM:<s@example.test>');
      expect((await smtp.command(`RCPT TO:<${inbox}>`)).code).toBe(250);
      expect((await smtp.data(rfc822({ to: inbox, subject: 'Your code', body: `Your verification code is ${code}.` }))).code).toBe(250);
    } finally {
      smtp.close();
    }
    await emu.core.idle();
    const list = await fetch(`${emu.apiUrl}/inboxes/${encodeURIComponent(inbox)}/messages`, { headers: { authorization: `Bearer ${key}` } });
    return ((await list.json()) as { data: Array<{ otp: string | null }> }).data.map((m) => m.otp);
  };

  it('reads for each, and stays open when one of them closes', async () => {
    const mailReader = new MailReader();
    const a = await startEmulator({ port: 0, smtpPort: 0, mailReader });
    const b = await startEmulator({ port: 0, smtpPort: 0, mailReader });
    try {
      expect(await send(a, 'one@inbox.test', '381924')).toEqual(['381924']);
      await a.close();
      expect(await send(b, 'two@inbox.test', '602135')).toEqual(['602135']);
    } finally {
      await a.close();
      await b.close();
      await mailReader.close();
    }
    // Closed by its owner, it reads no more.
    await expect(mailReader.read([join(dir, 'message')], 0)).rejects.toThrow(/closed/);
  });
});
