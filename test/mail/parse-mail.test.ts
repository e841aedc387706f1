// MailParser is loaded at the first message read (emulator/core/mail/parse-mail.ts); a source that
// fails while that load is awaited must end the read with its error, not crash the process with an
// 'error' event nobody listens to.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { outlineStoredMail, parseFields } from '../../emulator/core/mail/parse-mail.js';

const failing = () => {
  const source = new Readable({ read() {} });
  source.destroy(new Error('disk gone')); // emitted on the next tick, before the parser exists
  return source;
};

describe('a message source that fails before the parser is ready', () => {
  it('parseFields() reports the error as the parse error', async () => {
    const r = await parseFields(failing());
    expect(r.parseError?.message).toBe('disk gone');
    expect(r.subject).toBe('');
  });

  it('outlineStoredMail() rejects with it', async () => {
    await expect(outlineStoredMail(failing())).rejects.toThrow('disk gone');
  });

  it('a readable message still parses', async () => {
    const r = await parseFields(Readable.from([Buffer.from('Subject: hi\r\nFrom: a@b.test\r\nTo: c@d.test\r\n\r\nbody\r\n')]));
    expect(r).toMatchObject({ subject: 'hi', from: 'a@b.test', headerRecipients: ['c@d.test'], text: 'body\n', parseError: null });
  });
});
