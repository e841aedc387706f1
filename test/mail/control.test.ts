// POST /_emulator/messages: the control ingestion route, through the same ingest function as SMTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import type { EmulatorEvents } from '../../emulator/core/events.js';
import { expectError, expectSchema, inboxPath, mailApp, rfc822, type MailApp } from './helpers.js';

let t: MailApp;
const A = 'ctl-a@inbox.test';
const B = 'ctl-b@mail.test';

beforeEach(async () => {
  t = await mailApp({ settings: { maxMessageBytes: 32 * 1024 } });
  await t.register('emu_growth', A);
  await t.register('emu_growth', B);
});
afterEach(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

const post = (body: unknown) => t.call('POST', '/_emulator/messages', { body });
async function list(inbox: string) {
  return expectSchema(responses.listMessages, (await t.get(inboxPath(inbox, '/messages'), 'emu_growth')).body).data;
}

describe('POST /_emulator/messages', () => {
  it('stores {from, to, subject, text, html} (201 with the ids), extracted like SMTP mail', async () => {
    const received: Array<EmulatorEvents['message.received']> = [];
    t.core.bus.on('message.received', (e) => received.push(e));
    const r = await post({
      from: 'Shop <shop@example.test>',
      to: [A, B],
      subject: 'Welcome',
      text: 'Your sign-in code is 902211',
      html: '<p>Your sign-in code is <b>902211</b></p>',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, data: { ids: expect.any(Array), messages: expect.any(Array) } });
    const [idA, idB] = r.body.data.ids;
    expect(r.body.data.messages).toEqual([
      { id: idA, inbox: A },
      { id: idB, inbox: B },
    ]);
    expect(received.map((e) => [e.inbox.inbox, e.message.id, e.account.apiKey])).toEqual([
      [A, idA, 'emu_growth'],
      [B, idB, 'emu_growth'],
    ]);
    const [m] = await list(A);
    expect(m).toMatchObject({
      id: idA,
      from: '"Shop" <shop@example.test>',
      to: A,
      subject: 'Welcome',
      otp: '902211',
      date: new Date(t.clock.now() - 1000).toISOString(),
    });
    const one = (await t.get(inboxPath(A, `/messages/${idA}`), 'emu_growth')).body.data;
    expect(one.text.trim()).toBe('Your sign-in code is 902211');
    expect(one.html).toBe('<p>Your sign-in code is <b>902211</b></p>');
  });

  it('takes "to" as a comma-separated string too, in any letter case', async () => {
    const r = await post({ to: `${A.toUpperCase()}, ${B}`, subject: 's', text: 'x' });
    expect(r.status).toBe(201);
    expect(r.body.data.messages.map((m: { inbox: string }) => m.inbox)).toEqual([A, B]);
  });

  it('stores {raw} for the recipients in its To and Cc headers, or for "to" when given', async () => {
    let r = await post({ raw: rfc822({ to: `${A}`, subject: 'raw one', headers: [`Cc: ${B}, someone@else.test`] }) });
    expect(r.status).toBe(201);
    expect(r.body.data.messages.map((m: { inbox: string }) => m.inbox)).toEqual([A, B]);
    r = await post({ raw: rfc822({ to: 'header@else.test', subject: 'raw two' }), to: B });
    expect(r.status).toBe(201);
    expect(r.body.data.messages).toEqual([{ id: expect.any(String), inbox: B }]);
    expect((await list(B)).map((m) => m.subject)).toEqual(['raw two', 'raw one']);
    expect((await list(A)).map((m) => m.subject)).toEqual(['raw one']);
  });

  it('answers 404 inbox_not_found for an unknown recipient and stores nothing', async () => {
    const body = expectError(await post({ to: [A, 'ghost@inbox.test'], subject: 's', text: 'x' }), 404, 'inbox_not_found');
    expect(body.unknown).toEqual(['ghost@inbox.test']);
    expectError(await post({ raw: rfc822({ to: 'ghost@inbox.test' }) }), 404, 'inbox_not_found');
    expect(await list(A)).toEqual([]);
  });

  it('refuses bad input with 4xx codes', async () => {
    expectError(await post({ subject: 'no recipient', text: 'x' }), 400, 'missing_field');
    expectError(await post({ raw: '   ' }), 400, 'missing_field');
    expectError(await post({ raw: 42 }), 400, 'invalid_parameter');
    expectError(await post({ to: 7, text: 'x' }), 400, 'invalid_parameter');
    expectError(await post({ to: [A, 3], text: 'x' }), 400, 'invalid_parameter');
    expectError(await post({ to: ' , ', text: 'x' }), 400, 'missing_field');
    expectError(await post({ to: A, text: 5 }), 400, 'invalid_parameter');
    expectError(await t.call('POST', '/_emulator/messages', { body: '{nope', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    expectError(await t.call('POST', '/_emulator/messages', { body: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    expect(await list(A)).toEqual([]);
  });

  it('answers 413 payload_too_large for a message over the size limit', async () => {
    const r = await post({ to: A, subject: 'big', text: 'y'.repeat(40 * 1024) });
    expectError(r, 413, 'payload_too_large');
    expect(await list(A)).toEqual([]);
  });
});
