// `inbox mcp` as an agent's MCP client runs it: the built binary over stdio, driven by the MCP SDK's own
// client, against the emulator (an app sends its sign-up mail over SMTP) and against the fake of the
// hosted service. The conversation: list the tools, create an inbox, wait for the code, wait again
// with the cursor (the first mail is not returned again), expect no mail (passes, then fails when
// mail comes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_INBOX, HOSTED_KEY, startFakeHosted, type FakeHosted } from '../helpers/fake-hosted.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { cursorOf, fenced, sendMail, stdioAgent, TOOL_NAMES, tool, type StdioAgent } from './helpers.js';

describe('inbox mcp against the emulator', () => {
  let emu: RunningEmulator;
  let agent: StdioAgent;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0 });
    agent = await stdioAgent(['--base-url', emu.url, '--api-key', 'emu_growth']);
  });
  afterAll(async () => {
    await agent?.close();
    await emu?.close();
  });

  it('an agent signs up: create_inbox, the app mails a code over SMTP, wait_for_code, a second wait with the cursor, expect_no_mail', async () => {
    const { client } = agent;
    expect(client.getServerVersion()?.name).toBe('inbox');
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const t of tools) {
      expect(t.description!.length, t.name).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
    }
    expect(tools.find((t) => t.name === 'wait_for_code')!.inputSchema.properties).toHaveProperty('since');

    const created = await tool(client, 'create_inbox', { name: 'signup-e2e' });
    expect(created.isError).toBe(false);
    expect(created.text).toContain('signup-e2e@inbox.test');
    const inbox = 'signup-e2e@inbox.test';

    await sendMail(emu.smtp, {
      to: inbox,
      subject: 'Confirm your sign-up',
      text: 'Welcome to MyApp!\n\nYour verification code is 739201. It expires in 10 minutes.',
    });
    const first = await tool(client, 'wait_for_code', { inbox, timeout_seconds: 10 });
    expect(first.isError, first.text).toBe(false);
    expect(first.text).toMatch(/^code: 739201$/m);
    const { inside } = fenced(first.text);
    expect(inside).toContain('Subject: Confirm your sign-up');
    const cursor = cursorOf(first.text);

    // The second wait, from the cursor, does not see the first mail again: it times out with a cursor.
    const second = await tool(client, 'wait_for_code', { inbox, since: cursor, timeout_seconds: 2 });
    expect(second.isError).toBe(false);
    expect(second.text).toContain('No one-time code arrived');
    expect(second.text).not.toContain('739201');
    expect(cursorOf(second.text)).toBe(cursor);

    expect((await tool(client, 'expect_no_mail', { inbox, seconds: 1 })).text).toMatch(/^PASSED/);

    // Mail that arrives while it watches makes it fail at once.
    const watching = tool(client, 'expect_no_mail', { inbox, seconds: 30 });
    await emu.core.waits.whenPending(1);
    await sendMail(emu.smtp, { to: inbox, subject: 'Password changed', text: 'Your password was changed.' });
    const failed = await watching;
    expect(failed.text).toMatch(/^FAILED/);
    expect(fenced(failed.text).inside).toContain('Subject: Password changed');

    // A later code, from the cursor on, is found; the mail without one is passed over.
    const next = tool(client, 'wait_for_code', { inbox, since: cursor, timeout_seconds: 20 });
    await emu.core.waits.whenPending(1);
    await sendMail(emu.smtp, { to: inbox, subject: 'Sign-in code', text: 'Your sign-in code is 120455.' });
    expect((await next).text).toMatch(/^code: 120455$/m);
  });

  it('errors name the fix: an inbox that is not yours, a plan without the Wait API', async () => {
    const unknown = await tool(agent.client, 'wait_for_code', { inbox: 'nobody@inbox.test', timeout_seconds: 1 });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^Error \(unknown_inbox\)/);
    expect(unknown.text).toContain('Fix: Create the inbox first with create_inbox');
    const free = await stdioAgent(['--base-url', emu.url, '--api-key', 'emu_free']);
    try {
      expect((await tool(free.client, 'create_inbox', { name: 'free-one' })).isError).toBe(false);
      // Long enough for the client's retry of the free plan's one request a second.
      const r = await tool(free.client, 'wait_for_code', { inbox: 'free-one@inbox.test', timeout_seconds: 8 });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/^Error \(plan_required\)/);
      expect(r.text).toContain('needs the developer plan or above');
      expect(r.text).toContain('emu_developer');
      const badKey = await stdioAgent(['--base-url', emu.url, '--api-key', 'not-a-key']);
      try {
        const r2 = await tool(badKey.client, 'list_inboxes');
        expect(r2.isError).toBe(true);
        expect(r2.text).toContain('Fix: Give the MCP server a valid key');
      } finally {
        await badKey.close();
      }
    } finally {
      await free.close();
    }
  });
});

describe('inbox mcp against the hosted service (its fake)', () => {
  let fake: FakeHosted;
  let agent: StdioAgent;

  beforeAll(async () => {
    fake = await startFakeHosted();
    agent = await stdioAgent(['--base-url', fake.url, '--api-key', HOSTED_KEY]);
  });
  afterAll(async () => {
    await agent?.close();
    await fake?.close();
  });

  it('the same conversation: domains, create_inbox, wait_for_code (our extractor on the fetched text), the cursor, expect_no_mail', async () => {
    const { client } = agent;
    const domains = await tool(client, 'list_domains');
    expect(domains.text).toContain('hosted.example (free)');
    expect(domains.text).toContain('mail.acme.example (custom, verified)');
    expect((await tool(client, 'create_inbox', { name: 'agent' })).text).toContain('agent@hosted.example');
    expect(fake.seen.some((s) => s.method === 'POST' && s.url === '/v1/inboxes' && JSON.parse(s.body).inbox === 'agent@hosted.example')).toBe(true);

    // The fake's message says "Your verification code is 482913." in its text.
    fake.message.otp = '__DETECTED__';
    const first = await tool(client, 'wait_for_code', { inbox: HOSTED_INBOX, timeout_seconds: 5 });
    expect(first.text).toMatch(/^code: 482913$/m);
    expect(fake.seen.some((s) => s.method === 'GET' && s.url.endsWith(`/messages/${fake.message.id}`))).toBe(true);
    const cursor = cursorOf(first.text);
    const second = await tool(client, 'wait_for_code', { inbox: HOSTED_INBOX, since: cursor, timeout_seconds: 2 });
    expect(second.text).toContain('No one-time code arrived');
    expect(second.text).not.toContain('482913');

    expect((await tool(client, 'expect_no_mail', { inbox: HOSTED_INBOX, seconds: 1 })).text).toMatch(/^PASSED/);
    fake.message.id = 'N3wMessage1';
    fake.message.subject = 'Another one';
    fake.message.date = '2026-01-15T10:31:00.000Z';
    const failed = await tool(client, 'expect_no_mail', { inbox: HOSTED_INBOX, seconds: 2, since: cursor });
    expect(failed.text).toMatch(/^FAILED/);
    expect(fenced(failed.text).inside).toContain('Subject: Another one');
    expect((await tool(client, 'usage')).text).toContain('plan: growth');
  });
});
