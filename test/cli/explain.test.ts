// --explain of `inbox otp` and `inbox messages read`: the CLI fetches the message (text and HTML as
// the service returns them) and runs the extractor itself, against the emulator and against the fake
// of the hosted service alike; plain text in pipes, JSON with --json, Ink in a terminal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import type { ExplainReport } from '../../src/ui/explain.js';
import { HOSTED_INBOX, HOSTED_KEY, startFakeHosted, type FakeHosted } from '../helpers/fake-hosted.js';
import { cliEmulator, runCli, type CliEmulator } from './helpers.js';

const A = 'explain@inbox.test';
const B = 'nocode@inbox.test';
const ORDER_AND_CODE = 'Order 123456 has shipped.\nYour verification code is 482 913.\nConfirm your email: https://app.example/verify?token=abcdefghijkl';

describe('against the emulator', () => {
  let t: CliEmulator;
  let codeId: string;
  let meetingId: string;
  beforeAll(async () => {
    t = await cliEmulator();
    await t.run(['inboxes', 'register', A]);
    await t.run(['inboxes', 'register', B]);
    codeId = await t.deliver(A, { subject: 'Your code', text: ORDER_AND_CODE });
    t.clock.advance(1000);
    meetingId = await t.deliver(B, { subject: 'Team sync', text: 'Join the Zoom meeting.\nZoom passcode 778899\nSee you there' });
  });
  afterAll(() => t.close());

  test('otp --explain in a pipe: the chosen code first, the order number rejected by its label, the text around each', async () => {
    const r = await t.run(['otp', A, '--explain']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stderr).toBe('');
    const out = r.stdout;
    expect(out).toContain(`Message  ${codeId} in ${A}\n`);
    expect(out).toContain('Code     482913\n');
    expect(out).toContain('Link     https://app.example/verify?token=abcdefghijkl\n');
    expect(out).toContain('Code candidates (2; a code needs a score of 3):\n1. chosen 482913 (score 6.43; text; split)\n');
    expect(out).toContain('   …has shipped. Your verification code is [482 913]. Confirm your email:…\n');
    expect(out).toContain('   - code word "code" 4 characters before (+4.5)\n');
    expect(out).toMatch(
      /\n2\. rejected 123456 \(not scored; text; num\)\n {3}…Order \[123456\] has shipped\.[^\n]*\n {3}- rejected: it follows "Order", a label of numbers/,
    );
    expect(out).toContain(
      'Link candidates (1; a link needs a score of 4):\n1. chosen https://app.example/verify?token=abcdefghijkl (score 9; text)\n   label: Confirm your email\n',
    );
    // The bytes of the pipe view carry no escape sequences.
    expect(out).not.toContain('\x1b');
  });

  test('otp --explain --json: the report, values equal to what the emulator stored', async () => {
    const r = await t.run(['otp', A, '--explain', '--json']);
    expect(r.code).toBe(EXIT.ok);
    const rep = JSON.parse(r.stdout) as ExplainReport;
    expect(rep).toMatchObject({
      inbox: A,
      message_id: codeId,
      otp: '482913',
      verificationLink: 'https://app.example/verify?token=abcdefghijkl',
      service: { otp: '482913', verificationLink: 'https://app.example/verify?token=abcdefghijkl' },
      agrees: true,
      thresholds: { code: 3, link: 4 },
    });
    expect(rep.codes.map((c) => [c.rank, c.value, c.verdict])).toEqual([
      [1, '482913', 'chosen'],
      [2, '123456', 'rejected'],
    ]);
    expect(rep.codes[1]?.context).toEqual({ before: 'Order ', match: '123456', after: ' has shipped. Your verification code is' });
  });

  test('otp --explain with no code: the newest message explained, why its number was not taken, exit 5', async () => {
    const r = await t.run(['otp', B, '--explain']);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stderr).toContain(`note: the service found no one-time code in ${B}; explaining its newest message, ${meetingId}`);
    expect(r.stderr).toContain(`no one-time code in ${B} yet`);
    expect(r.stdout).toContain('Code     (none)\n');
    expect(r.stdout).toContain('1. rejected 778899 (not scored; text; num)\n');
    expect(r.stdout).toContain(
      '   - rejected: it follows "Zoom passcode", a code word made into another kind of code (meeting, promo, postal, reference, customer...): that code, no one-time code\n',
    );
  });

  test('otp --explain on an inbox without mail: an error with a code and a hint', async () => {
    await t.run(['inboxes', 'register', 'empty@inbox.test']);
    const r = await t.run(['otp', 'empty@inbox.test', '--explain', '--json']);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ error: 'no_messages', hint: 'Wait for one with: inbox wait empty@inbox.test --timeout 120' });
  });

  test('messages read --explain: the header, then the explanation instead of the body', async () => {
    const r = await t.run(['messages', 'read', A, codeId, '--explain']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stdout.startsWith(`Message  ${codeId} in ${A}\nSubject  Your code\n`)).toBe(true);
    expect(r.stdout).toContain('1. chosen 482913');
    expect(r.stdout).not.toContain('It expires');
    const json = JSON.parse((await t.run(['messages', 'read', A, codeId, '--explain', '--json'])).stdout) as ExplainReport;
    expect(json.links[0]).toMatchObject({ verdict: 'chosen', label: 'Confirm your email', source: 'text' });
    const both = await t.run(['messages', 'read', A, codeId, '--explain', '--html']);
    expect(both.code).toBe(EXIT.usage);
    expect(both.stderr).toContain('hint: Run the command twice');
  });

  test('mail text reaches the terminal through the gate: escapes in the subject and context are made inert', async () => {
    await t.run(['inboxes', 'register', 'gate@inbox.test']);
    const id = await t.deliver('gate@inbox.test', { subject: 'Code \x1b]0;pwned\x07', text: 'Your code is 246810 \u202eevil' });
    const r = await t.run(['messages', 'read', 'gate@inbox.test', id, '--explain']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).not.toMatch(/[\x1b\x07\u202e]/);
    expect(r.stdout).toContain('1. chosen 246810');
  });

  test('in a terminal: the Ink view, with the same candidates', async () => {
    const r = await runCli(['otp', A, '--explain'], { ...t.env, NO_COLOR: '1' }, { fetch: t.fetch, stdoutIsTerminal: true });
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toContain('Code candidates (2; a code needs a score of 3):');
    expect(r.stdout).toMatch(/1\. chosen 482913 \(score 6\.43; text; split\)/);
    expect(r.stdout).toContain('- rejected: it follows "Order"');
    // Ink's view: the match is set in bold (plain here, NO_COLOR), not in brackets as in a pipe.
    expect(r.stdout).toContain('   …has shipped. Your verification code is 482 913. Confirm your email:…');
  });
});

describe('against the hosted service (its fake)', () => {
  let fake: FakeHosted;
  let configDir: string;
  beforeAll(async () => {
    fake = await startFakeHosted();
    configDir = mkdtempSync(join(tmpdir(), 'inbox-explain-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(configDir, { recursive: true, force: true });
  });
  const run = (args: string[]) => runCli(args, { INBOX_BASE_URL: fake.url, INBOX_API_KEY: HOSTED_KEY, INBOX_CONFIG_DIR: configDir, NO_COLOR: '1' });

  test('otp --explain: the message is fetched and explained here, and agrees with the service', async () => {
    const r = await run(['otp', HOSTED_INBOX, '--explain']);
    expect(r.code, r.stderr).toBe(EXIT.ok);
    expect(r.stdout).toContain('Code     482913\n');
    expect(r.stdout).toContain('1. chosen 482913 (score 5; text; num)\n   …Your verification code is [482913].…\n');
    expect(fake.seen.map((s) => `${s.method} ${s.url}`)).toContain(`GET /v1/inboxes/${encodeURIComponent(HOSTED_INBOX)}/messages/${fake.message.id}`);
  });

  test('a service whose values differ: both shown, and the report says they disagree', async () => {
    fake.message.text = 'Your order 55512345 is confirmed.\nYour sign-in code: 271828';
    fake.message.html = '<p>Your sign-in code: <b>271828</b></p><a href="https://service.example/login?token=zzzzzzzzzz">Sign in</a>';
    try {
      const r = await run(['messages', 'read', HOSTED_INBOX, fake.message.id, '--explain']);
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(r.stdout).toContain('Code     271828 (the service reported 482913)\n');
      expect(r.stdout).toContain('note: the service reported other values than the extractor');
      const json = JSON.parse((await run(['messages', 'read', HOSTED_INBOX, fake.message.id, '--explain', '--json'])).stdout) as ExplainReport;
      expect(json).toMatchObject({ otp: '271828', service: { otp: '482913' }, agrees: false });
      expect(json.codes.find((c) => c.value === '55512345')?.reasons.at(-1)).toMatch(/^rejected: it follows "order"/);
      expect(json.notes).toContain('code: the HTML part was not searched, as the text part had a code (the text part comes first)');
    } finally {
      fake.message.text = 'Your verification code is 482913.';
      fake.message.html = null;
    }
  });
});
