// inbox inboxes | messages | otp | wait against an in-process emulator on a manual clock.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { responses } from '../../src/api/schemas.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliEmulator, mask, type CliEmulator } from './helpers.js';

let t: CliEmulator;
const A = 'alice@inbox.test';
beforeAll(async () => {
  t = await cliEmulator();
});
afterAll(() => t.close());

describe('inbox inboxes', () => {
  test('register (201, then already registered), list, remove', async () => {
    const r1 = await t.run(['inboxes', 'register', A]);
    expect(r1).toMatchObject({ code: EXIT.ok, stdout: `Registered ${A}\n`, stderr: '' });
    const r2 = await t.run(['inboxes', 'register', A]);
    expect(r2.stdout).toBe(`${A} was already registered\n`);
    await t.run(['inboxes', 'register', 'bob@mail.test']);
    const list = await t.run(['inboxes', 'list']);
    expect(mask(list.stdout)).toMatchSnapshot();
    const json = await t.run(['inboxes', 'list', '--json']);
    // --json prints the client's view: `data` and `count` (not the hosted server's api_inboxes copies).
    expect(responses.listInboxes.pick({ success: true, count: true, data: true }).parse(JSON.parse(json.stdout)).count).toBe(2);
    const rm = await t.run(['inboxes', 'remove', 'bob@mail.test']);
    expect(rm).toMatchObject({ code: EXIT.ok, stdout: 'Inbox bob@mail.test unregistered.\n' });
  });

  test('refusals: exit codes and hints', async () => {
    const bad = await t.run(['inboxes', 'register', 'not-an-address']);
    expect(bad.code).toBe(EXIT.rejected);
    expect(bad.stderr).toContain('hint: Give a full address');
    const pro = await t.run(['inboxes', 'register', 'x@pro.inbox.test', '--api-key', 'emu_free']);
    expect(pro.code).toBe(EXIT.plan);
    expect(pro.stderr).toContain('growth');
    // Unregistering what is not registered changes nothing and is not an error (the service says so).
    const gone = await t.run(['inboxes', 'remove', 'nobody@inbox.test']);
    expect(gone.code).toBe(EXIT.ok);
    expect(gone.stdout).toContain('not registered');
    const noArg = await t.run(['inboxes', 'register']);
    expect(noArg.code).toBe(EXIT.usage);
    expect(noArg.stderr).toContain('inbox --help');
  });
});

describe('inbox messages, otp', () => {
  let id1: string;
  let id2: string;
  beforeAll(async () => {
    id1 = await t.deliver(A, { subject: 'Welcome', text: 'Hello Alice, nice to meet you.' });
    t.clock.advance(1000);
    id2 = await t.deliver(A, {
      subject: 'Your code',
      text: 'Your verification code is 482913.\nIt expires in 10 minutes.',
      html: '<p>Your verification code is <b>482913</b>.</p>',
    });
  });

  test('messages list: newest first, plain and --json', async () => {
    const r = await t.run(['messages', 'list', A]);
    expect(r.code).toBe(EXIT.ok);
    expect(mask(r.stdout, { id1, id2 })).toMatchSnapshot();
    const j = await t.run(['messages', 'list', A, '--json']);
    const body = responses.listMessages.parse(JSON.parse(j.stdout));
    expect(body.data.map((m) => m.id)).toEqual([id2, id1]);
  });

  test('messages read: text by default, --html, --json', async () => {
    const r = await t.run(['messages', 'read', A, id2]);
    expect(r.code).toBe(EXIT.ok);
    expect(mask(r.stdout, { id2 })).toMatchSnapshot();
    const h = await t.run(['messages', 'read', A, id2, '--html']);
    expect(h.stdout).toContain('<b>482913</b>');
    const j = await t.run(['messages', 'read', A, id2, '--json']);
    expect(responses.getMessage.parse(JSON.parse(j.stdout)).data.text).toContain('482913');
  });

  test('messages read --save-attachments writes the files (and keeps existing ones)', async () => {
    const raw = [
      `From: app@example.test`,
      `To: ${A}`,
      'Subject: Report',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'See attached.',
      '--b1',
      'Content-Type: text/plain; name="../report.txt"',
      'Content-Disposition: attachment; filename="../report.txt"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('report body\n').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const res = await t.client.request<{ data: { ids: string[] } }>('POST', '/_emulator/messages', { auth: false, body: { raw, to: A } });
    const id = res.data.ids[0]!;
    const dir = mkdtempSync(join(tmpdir(), 'inbox-att-'));
    try {
      const r = await t.run(['messages', 'read', A, id, '--save-attachments', dir]);
      expect(r.code).toBe(EXIT.ok);
      expect(r.stdout).toContain('report.txt (text/plain');
      expect(readdirSync(dir)).toEqual(['report.txt']);
      expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toBe('report body\n');
      const again = await t.run(['messages', 'read', A, id, '--save-attachments', dir]);
      expect(again.code).toBe(EXIT.ok);
      expect(readdirSync(dir).sort()).toEqual(['report (1).txt', 'report.txt']);
      const free = await t.run(['messages', 'read', A, id, '--save-attachments', dir, '--api-key', 'emu_free']);
      expect(free.code).not.toBe(EXIT.ok); // the free account does not own the inbox
      // A folder that cannot be made (a file is in the way): a usage error naming it, not a bug.
      const blocked = await t.run(['messages', 'read', A, id, '--save-attachments', join(dir, 'report.txt', 'sub')]);
      expect(blocked.code).toBe(EXIT.usage);
      expect(blocked.stderr).toContain('cannot write the attachments into');
      expect(blocked.stderr).not.toContain('bug');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.client.deleteMessage(A, id);
    }
  });

  test('messages read --save-attachments below startup: exit 4 naming the plan', async () => {
    const D = 'devatt@inbox.test';
    await t.run(['inboxes', 'register', D, '--api-key', 'emu_developer']);
    const raw = [
      `From: app@example.test`,
      `To: ${D}`,
      'Subject: Report',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'See attached.',
      '--b1',
      'Content-Type: text/plain; name="r.txt"',
      'Content-Disposition: attachment; filename="r.txt"',
      '',
      'body',
      '--b1--',
      '',
    ].join('\r\n');
    const res = await t.client.request<{ data: { ids: string[] } }>('POST', '/_emulator/messages', { auth: false, body: { raw, to: D } });
    const dir = mkdtempSync(join(tmpdir(), 'inbox-att-'));
    try {
      const r = await t.run(['messages', 'read', D, res.data.ids[0]!, '--save-attachments', dir, '--api-key', 'emu_developer']);
      expect(r.code).toBe(EXIT.plan);
      expect(r.stderr).toContain('startup plan');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('messages read of an unknown id: exit 5 naming the list command', async () => {
    const r = await t.run(['messages', 'read', A, 'NoSuchId00']);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stderr).toContain(`inbox messages list ${A}`);
  });

  test('control characters of mail content never reach the output (no escape codes, no terminal tricks)', async () => {
    const E = 'esc@inbox.test';
    await t.run(['inboxes', 'register', E]);
    const id = await t.deliver(E, { subject: '\x1b[31mRed\x1b[0m \x1b]0;title\x07', text: 'line one\n\x1b[2Jline two\tend' });
    const list = await t.run(['messages', 'list', E]);
    expect(list.code).toBe(EXIT.ok);
    expect(list.stdout).toContain('Red');
    expect(list.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    const read = await t.run(['messages', 'read', E, id]);
    expect(read.stdout).toContain('line one\n\ufffd[2Jline two\tend');
    expect(read.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    const json = await t.run(['messages', 'read', E, id, '--json']);
    expect(JSON.parse(json.stdout).data.subject).toContain('\x1b[31m');
  });

  test('otp prints only the code; --json prints the API body', async () => {
    const r = await t.run(['otp', A]);
    expect(r).toMatchObject({ code: EXIT.ok, stdout: '482913\n', stderr: '' });
    const j = await t.run(['otp', A, '--json']);
    expect(responses.otp.parse(JSON.parse(j.stdout))).toMatchObject({ otp: '482913', email_id: id2 });
  });

  test('otp: default inbox from the profile; none found exits 5; plan below growth exits 4', async () => {
    const none = await t.run(['otp']);
    expect(none.code).toBe(EXIT.usage);
    expect(none.stderr).toContain('inbox config set inbox');
    await t.run(['config', 'set', 'inbox', A]);
    const r = await t.run(['otp']);
    expect(r.stdout).toBe('482913\n');
    await t.run(['inboxes', 'register', 'empty@inbox.test']);
    const empty = await t.run(['otp', 'empty@inbox.test']);
    expect(empty.code).toBe(EXIT.notFound);
    expect(empty.stderr).toContain('inbox wait empty@inbox.test --otp');
    const emptyJson = await t.run(['otp', 'empty@inbox.test', '--json']);
    expect(emptyJson.code).toBe(EXIT.notFound);
    expect(JSON.parse(emptyJson.stdout)).toMatchObject({ success: true, otp: null });
    expect(JSON.parse(emptyJson.stderr)).toMatchObject({ error: 'no_otp', exit_code: EXIT.notFound });
    await t.run(['inboxes', 'register', 'dev@inbox.test', '--api-key', 'emu_developer']);
    const plan = await t.run(['otp', 'dev@inbox.test', '--api-key', 'emu_developer']);
    expect(plan.code).toBe(EXIT.plan);
    expect(plan.stderr).toContain('growth plan');
    await t.run(['config', 'unset', 'inbox']);
  });

  test('messages delete', async () => {
    const r = await t.run(['messages', 'delete', A, id1]);
    expect(r.code).toBe(EXIT.ok);
    const again = await t.run(['messages', 'delete', A, id1, '--json']);
    expect(again.code).toBe(EXIT.notFound);
    expect(JSON.parse(again.stderr)).toMatchObject({ success: false, exit_code: EXIT.notFound });
  });
});

describe('inbox wait', () => {
  const W = 'waiter@inbox.test';
  beforeAll(async () => {
    await t.client.registerInbox(W);
  });

  /** Resolves once the emulator holds `n` waiting requests. */
  function waiting(n = 1): Promise<void> {
    return t.emu.core.waits.whenPending(n);
  }

  test('returns the next message; --otp prints only the code; --json the API body', async () => {
    const run = t.run(['wait', W, '--otp', '--timeout', '120']);
    await waiting();
    await t.deliver(W, { subject: 'no code here', text: 'Just saying hi.' });
    await waiting(); // skipped: no code; asks again with since=<that id>
    await t.deliver(W, { subject: 'Sign in', text: 'Your login code: 771204' });
    const r = await run;
    expect(r).toMatchObject({ code: EXIT.ok, stdout: '771204\n' });

    const j = t.run(['wait', W, '--json', '--timeout', '30']);
    await waiting();
    const id = await t.deliver(W, { subject: 'Next', text: 'Confirm: https://app.test/verify?token=abc' });
    const body = responses.wait.parse(JSON.parse((await j).stdout));
    expect(body).toMatchObject({ success: true, data: { id, verificationLink: 'https://app.test/verify?token=abc' } });
  });

  test('--link prints only the link; plain prints the summary', async () => {
    const l = t.run(['wait', W, '--link']);
    await waiting();
    await t.deliver(W, { subject: 'Confirm', html: '<a href="https://app.test/confirm?t=1">Confirm your email</a>' });
    expect((await l).stdout).toBe('https://app.test/confirm?t=1\n');

    const p = t.run(['wait', W]);
    await waiting();
    const id = await t.deliver(W, { subject: 'Plain', text: 'sign-in code 123987' });
    const r = await p;
    expect(mask(r.stdout, { id })).toMatchSnapshot();
  });

  test('--since returns a newer message at once, without waiting', async () => {
    const list = await t.client.listMessages(W);
    const oldest = list.data[list.data.length - 1]!;
    const r = await t.run(['wait', W, '--since', oldest.id, '--json']);
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.stdout).data.id).toBe(list.data[list.data.length - 2]!.id);
  });

  test('a total longer than 60 s re-asks with the cursor and misses nothing', async () => {
    const run = t.run(['wait', W, '--timeout', '600', '--json']);
    await waiting();
    t.clock.advance(60_000); // the service's long-poll times out; the client asks again
    await waiting();
    const id = await t.deliver(W, { subject: 'Late', text: 'finally' });
    const r = await run;
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.stdout).data.id).toBe(id);
  });

  test('--existing: mail already in the inbox counts (the CI flow: trigger first, then ask)', async () => {
    const E = 'existing@inbox.test';
    await t.client.registerInbox(E);
    await t.deliver(E, { subject: 'older code', text: 'Your code is 111111' });
    t.clock.advance(1000);
    await t.deliver(E, { subject: 'newer code', text: 'Your code is 222222' });
    const r = await t.run(['wait', E, '--otp', '--existing']);
    expect(r).toMatchObject({ code: EXIT.ok, stdout: '222222\n' });
    const j = await t.run(['wait', E, '--existing', '--json']);
    expect(responses.wait.parse(JSON.parse(j.stdout))).toMatchObject({ success: true, data: { subject: 'newer code' } });
    // Without --existing the same call waits for new mail, and its timeout says so.
    const next = await t.run(['wait', E, '--otp', '--timeout', '0.2']);
    expect(next.code).toBe(EXIT.timeout);
    expect(next.stderr).toContain('add --existing');
    expect(next.stderr).not.toContain('came without');
    // --existing on an empty inbox waits for the first message.
    const F = 'fresh@inbox.test';
    await t.client.registerInbox(F);
    const run = t.run(['wait', F, '--otp', '--existing', '--timeout', '30']);
    await waiting();
    await t.deliver(F, { subject: 'code', text: 'Your code is 333333' });
    expect((await run).stdout).toBe('333333\n');
  });

  test('timeout: exit 8, nothing on stdout, the resume cursor in the hint', async () => {
    const r = await t.run(['wait', W, '--timeout', '0.2']);
    expect(r.code).toBe(EXIT.timeout);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('within 0.2 s');
    const j = await t.run(['wait', W, '--timeout', '0.2', '--json']);
    expect(j.code).toBe(EXIT.timeout);
    expect(JSON.parse(j.stderr)).toMatchObject({ error: 'wait_timeout', exit_code: EXIT.timeout, inbox: W });
  });

  test('timeout after mail that came without a code: says so, and names the message to --explain', async () => {
    const N = 'nocode@inbox.test';
    await t.client.registerInbox(N);
    const run = t.run(['wait', N, '--otp', '--timeout', '1', '--json']);
    await waiting();
    const id = await t.deliver(N, { subject: 'Test message', text: 'Hello, nothing to type here.' });
    const r = await run;
    expect(r.code).toBe(EXIT.timeout);
    const body = JSON.parse(r.stderr);
    expect(body).toMatchObject({ error: 'wait_timeout', passed_over: [id] });
    expect(body.message).toContain('1 message came without one');
    expect(body.hint).toContain(`inbox messages read ${N} ${id} --explain`);
    // With --existing, the mail already there is passed over oldest first, and the hint names the newest.
    const O = 'nocode-order@inbox.test';
    await t.client.registerInbox(O);
    const first = await t.deliver(O, { subject: 'Test message', text: 'first, nothing to type' });
    t.clock.advance(1000);
    const second = await t.deliver(O, { subject: 'Test message', text: 'second, nothing to type' });
    const both = JSON.parse((await t.run(['wait', O, '--otp', '--existing', '--timeout', '0.3', '--json'])).stderr);
    expect(both).toMatchObject({ passed_over: [first, second], passed_over_count: 2 });
    expect(both.message).toContain('2 messages in the inbox had none');
    expect(both.hint).toContain(`inbox messages read ${O} ${second} --explain`);
  });

  test('plan refusals: free cannot wait (exit 4); developer sees only __DETECTED__ for --otp (exit 4)', async () => {
    await t.run(['inboxes', 'register', 'f@inbox.test', '--api-key', 'emu_free']);
    const free = await t.run(['wait', 'f@inbox.test', '--api-key', 'emu_free', '--timeout', '5']);
    expect(free.code).toBe(EXIT.plan);
    expect(free.stderr).toContain('developer plan');
    // An inbox of another account: refused before any waiting.
    const r0 = await t.run(['wait', W, '--otp', '--api-key', 'emu_developer']);
    expect(r0.code).toBe(EXIT.rejected);
    expect(r0.stderr).toContain('inbox inboxes register');
    await t.run(['inboxes', 'register', 'dev3@inbox.test', '--api-key', 'emu_developer']);
    const run = t.run(['wait', 'dev3@inbox.test', '--otp', '--api-key', 'emu_developer']);
    await waiting();
    await t.deliver('dev3@inbox.test', { subject: 'code', text: 'Your code is 551234' });
    const r = await run;
    expect(r.code).toBe(EXIT.plan);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('growth');
  });
});
