// A 400 KB subject (or From) is returned whole only by the single-message GET: lists, wait results,
// push frames and timeline events carry at most 1,000 characters of each header field, so 200 such messages no
// longer make a 39 MB list. In-process through app.request(); push frames over a real WebSocket.
import { afterEach, describe, expect, it } from 'vitest';
import { capField, LIST_FIELD_MAX } from '../../emulator/core/field-caps.js';
import { startEmulator } from '../helpers/reader.js';
import { inboxPath, mailApp, type MailApp } from '../mail/helpers.js';
import { connect, registerInbox } from '../ws/helpers.js';

let t: MailApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const KEY = 'emu_growth';
const INBOX = 'caps@inbox.test';

describe('header fields in list answers', () => {
  it('capField keeps short values and cuts long ones on a code point with an ellipsis', () => {
    expect(capField('short')).toBe('short');
    expect(capField('x'.repeat(LIST_FIELD_MAX))).toHaveLength(LIST_FIELD_MAX);
    const cut = capField('🙂'.repeat(2000));
    expect(Array.from(cut)).toHaveLength(LIST_FIELD_MAX);
    expect(cut.endsWith('🙂…')).toBe(true);
    // Around twice the limit in UTF-16 units: 1,000 emoji are 2,000 units and exactly the limit in
    // code points (kept); one character more is cut.
    expect(capField('🙂'.repeat(LIST_FIELD_MAX))).toBe('🙂'.repeat(LIST_FIELD_MAX));
    expect(capField(`${'🙂'.repeat(LIST_FIELD_MAX)}x`)).toBe(`${'🙂'.repeat(LIST_FIELD_MAX - 1)}…`);
    expect(capField('y'.repeat(2 * LIST_FIELD_MAX + 1))).toBe(`${'y'.repeat(LIST_FIELD_MAX - 1)}…`);
  });

  it('lists and wait results carry 1,000 characters; the single-message GET the whole value', async () => {
    t = await mailApp();
    await t.register(KEY, INBOX);
    const subject = `Huge ${'s'.repeat(400_000)}`;
    const name = `Sender ${'n'.repeat(5000)}`;
    const [before] = await t.inject({ to: INBOX, subject: 'before', text: 'hi' });
    const [id] = await t.inject({ to: INBOX, from: `"${name}" <a@example.test>`, subject, text: 'code 123456' });

    const list = await t.get(inboxPath(INBOX, '/messages'), KEY);
    expect(list.status).toBe(200);
    const [m] = list.body.data; // newest first
    expect(Array.from(m.subject as string)).toHaveLength(LIST_FIELD_MAX);
    expect(m.subject).toBe(subject.slice(0, LIST_FIELD_MAX - 1) + '…');
    expect((m.from as string).length).toBeLessThanOrEqual(LIST_FIELD_MAX);
    expect(list.text.length).toBeLessThan(5_000);

    const wait = await t.get(inboxPath(INBOX, `/wait?timeout=10&since=${before}`), KEY);
    expect(wait.body.data.subject).toBe(m.subject);

    // Timeline events are a list too: the received event names the capped values.
    const timeline = await t.get(inboxPath(INBOX, '/timeline'), KEY);
    const received = (timeline.body.data as Array<{ type: string; metadata: Record<string, unknown> }>).find(
      (e) => e.type === 'email_received' && e.metadata.message_id === id,
    );
    expect(received?.metadata.subject).toBe(m.subject);
    expect(received?.metadata.from).toBe(capField(`"${name}" <a@example.test>`));

    const full = await t.get(inboxPath(INBOX, `/messages/${id}`), KEY);
    expect(full.body.data.subject).toBe(subject);
    expect(full.body.data.from).toContain(name);
  });
});

describe('header fields in push frames', () => {
  it('a new_mail frame carries 1,000 characters of the subject and sender', async () => {
    const emu = await startEmulator({ port: 0, smtpPort: 0 });
    try {
      await registerInbox(emu, 'emu_enterprise', INBOX);
      const ws = await connect(emu, { api_key: 'emu_enterprise', mailbox: INBOX });
      expect((await ws.next()).type).toBe('connected');
      const subject = `Huge ${'s'.repeat(400_000)}`;
      const from = `"Sender ${'n'.repeat(5000)}" <a@example.test>`;
      const res = await fetch(`${emu.url}/_emulator/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw: `From: ${from}\r\nTo: ${INBOX}\r\nSubject: ${subject}\r\n\r\ncode 123456\r\n` }),
      });
      expect(res.status).toBe(201);
      const frame = await ws.next();
      expect(frame.type).toBe('new_mail');
      expect(frame.subject).toBe(subject.slice(0, LIST_FIELD_MAX - 1) + '…');
      expect(Array.from(frame.from as string).length).toBeLessThanOrEqual(LIST_FIELD_MAX);
      expect(JSON.stringify(frame).length).toBeLessThan(5_000);
      await ws.close();
    } finally {
      await emu.close();
    }
  });
});
