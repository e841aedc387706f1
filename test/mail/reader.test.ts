// The mail reader (emulator/core/mail/reader.ts) reads arriving mail on worker threads: the real
// worker reads a message file as MailParser and the extractor see it, a worker that dies hands its
// messages to a fresh one, and a reader whose worker cannot run fails the read instead of hanging.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MailReader, readerScript } from '../../emulator/core/mail/reader.js';

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
