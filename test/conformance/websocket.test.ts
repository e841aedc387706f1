// The push channel as the official clients use it, over a real socket: the query they build, the
// frames they read (with the types they decode into), and how refusals must look so that none of
// them shows a blank email or loops on an error frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { api, connect, ingestMail, OTP_TEXT, refused, registerInbox } from '../ws/helpers.js';
import { CLIENTS, field, problems, type ClientName, type Field } from './clients.js';

let emu: RunningEmulator;
const INBOX = 'push+qa.1@inbox.test';

beforeAll(async () => {
  const clock = new EmulatorClock({ mode: 'manual', start: Date.UTC(2026, 3, 1, 9) });
  emu = await startEmulator({ port: 0, smtpPort: 0, clock });
  await registerInbox(emu, 'emu_growth', INBOX);
  await registerInbox(emu, 'emu_startup', 'startup@inbox.test');
});
afterAll(async () => {
  await emu.close();
});

/** Frame types every client understands; anything else would be shown as an email. */
const KNOWN = new Set(['connected', 'pong', 'error', 'new_mail']);

const CONNECTED: Field[] = [
  field('plan', 'string', 'js', 'py', 'cli'),
  field('subscribed_inboxes', 'string[]', 'js', 'py', 'cli'),
  field('connection_count', 'int', 'js', 'py', 'cli'),
  field('max_connections', 'number', 'js', 'py'),
  field('features', 'object', 'js', 'py'),
  field('features.otp_extraction', 'boolean', 'js', 'py'),
  field('features.attachments', 'boolean', 'js', 'py'),
];
const EMAIL: Field[] = [
  field('type', 'string', 'js', 'py', 'cli'),
  field('id', 'string', 'js', 'py', 'cli'),
  field('from', 'string', 'js', 'py', 'cli'),
  field('to', 'string', 'js', 'py', 'cli'),
  field('subject', 'string', 'js', 'py', 'cli'),
  field('date', 'string', 'js', 'py', 'cli'),
  field('otp', ['string', 'null'], 'js', 'py', 'cli'),
  field('verificationLink', ['string', 'null'], 'js', 'py', 'cli'),
  field('hasAttachment', 'boolean', 'js', 'py', 'cli'),
  field('plan', 'string', 'cli'),
];
const ERROR_FRAME: Field[] = [field('code', 'string', 'js', 'py'), field('message', 'string', 'js', 'py', 'cli')];

/** The query every client builds: api_key, and mailbox when set (form-encoded: `@` as %40, `+` as %2B). */
const query = (key: string, mailbox?: string): Record<string, string> => (mailbox === undefined ? { api_key: key } : { api_key: key, mailbox });

describe.each(CLIENTS)('as %s', (client: ClientName) => {
  it('connected, then the email frame with every field typed as the client decodes it; ping gets pong', async () => {
    const c = await connect(emu, query('emu_growth', INBOX));
    const hello = await c.next();
    expect(hello.type).toBe('connected');
    expect(problems(hello, CONNECTED, client)).toEqual([]);
    expect(hello).toMatchObject({ plan: 'growth', subscribed_inboxes: [INBOX], features: { otp_extraction: true, attachments: true } });

    const id = await ingestMail(emu, INBOX, { subject: 'Code', text: OTP_TEXT });
    const mail = await c.next();
    expect(problems(mail, EMAIL, client)).toEqual([]);
    expect(mail).toMatchObject({ type: 'new_mail', id, otp: '482913' });
    expect(Number.isNaN(Date.parse(mail.date))).toBe(false);

    c.send({ type: 'ping' });
    expect((await c.next()).type).toBe('pong');
    for (const f of c.pending()) expect(KNOWN.has(f.type)).toBe(true);
    expect(await c.close()).toMatchObject({ code: 1005 });
  });

  it('unregistering the followed inbox leaves the connection open, as on the hosted service (a close would send the SDKs reconnecting and the CLI exiting)', async () => {
    const inbox = `gone-${client}@inbox.test`;
    await registerInbox(emu, 'emu_growth', inbox);
    const c = await connect(emu, query('emu_growth', inbox));
    expect((await c.next()).type).toBe('connected');
    expect((await api(emu, 'DELETE', `/v1/inboxes/${encodeURIComponent(inbox)}`, { key: 'emu_growth' })).status).toBe(200);
    c.send({ type: 'ping' });
    expect((await c.next()).type).toBe('pong');
    expect(c.pending()).toEqual([]);
    expect(await c.close()).toMatchObject({ code: 1005 });
  });

  it("refusals for a bad key or an inbox that is not the caller's: 1008 with the message as the reason, no frame", async () => {
    for (const q of [{}, query('emu_nope'), query('emu_growth', 'someone-else@inbox.test')]) {
      const r = await refused(emu, q);
      expect(r.closed.code).toBe(1008);
      expect(r.closed.reason.length).toBeGreaterThan(0);
      expect(r.frame).toBeUndefined();
    }
  });

  it('a plan without push, and the connection cap: an error frame the client reads, then 1008', async () => {
    const low = await refused(emu, query('emu_developer'));
    expect(problems(low.frame, ERROR_FRAME, client)).toEqual([]);
    expect(low.frame).toMatchObject({ type: 'error', code: 'plan_required' });
    expect(low.closed.code).toBe(1008);

    const open = [];
    for (let i = 0; i < 5; i++) {
      const c = await connect(emu, query('emu_startup'));
      await c.next();
      open.push(c);
    }
    const over = await refused(emu, query('emu_startup'));
    expect(problems(over.frame, ERROR_FRAME, client)).toEqual([]);
    expect(over.frame).toMatchObject({ type: 'error', code: 'connection_limit' });
    expect(over.closed.code).toBe(1008);
    for (const c of open) await c.close();
    await expect.poll(() => emu.core.push.count('acct_startup')).toBe(0);
  });
});

it('an account with no inboxes and no mailbox is refused', async () => {
  const r = await refused(emu, query('emu_enterprise'));
  expect(r.closed.code).toBe(1008);
  expect(r.closed.reason).toMatch(/no inboxes/);
  expect(r.frame).toBeUndefined();
});

it('the client\'s close (1000, "Client disconnect") frees the slot', async () => {
  const c = await connect(emu, query('emu_growth'));
  await c.next();
  expect(emu.core.push.count('acct_growth')).toBe(1);
  c.ws.close(1000, 'Client disconnect');
  expect((await c.closed).code).toBe(1000);
  await expect.poll(() => emu.core.push.count('acct_growth')).toBe(0);
});
