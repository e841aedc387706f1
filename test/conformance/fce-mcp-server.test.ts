// The official MCP server of the hosted service (fce-mcp-server 1.2.1, 13 tools) cannot be installed
// here, so its requests are replayed as the facts sheet lists them: run with TRANSPORT=stdio,
// FCE_API_URL=<emulator>/v1 and MCP_BASE_URL=<emulator>/v1/mcp, every request carries the Bearer key
// and `Content-Type: application/json` (GET and DELETE too), path values go in raw (a literal `@` and
// `+`), only watch_email's query is encoded, and the bodies are its own. Each tool's answer is turned
// into what the server shows the agent (2xx: the body as JSON; else `API Error (<status>): ...`) and
// checked. The emulator's answers must all be 2xx: the server works unchanged, every tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers/emulator.js';

const ORIGIN = 'http://127.0.0.1:4580';
const API = `${ORIGIN}/v1`;
const MCP = `${ORIGIN}/v1/mcp`;
const KEY = 'emu_growth';
/** A `+` and an `@`, raw in paths as the server writes them. */
const INBOX = 'qa+agent@ditube.info';
const DOMAIN = 'agents.example';

let t: Awaited<ReturnType<typeof makeApp>>;

interface Sent {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: string;
}

/** The request each tool of fce-mcp-server 1.2.1 sends for its arguments. */
function request(tool: string, a: Record<string, unknown> = {}): Sent {
  const inbox = String(a.inbox ?? '');
  switch (tool) {
    case 'get_latest_email':
      return { method: 'GET', url: `${API}/inboxes/${inbox}/messages/latest` };
    case 'extract_otp':
      return { method: 'GET', url: `${API}/inboxes/${inbox}/otp` };
    case 'create_and_wait_for_otp':
      return { method: 'POST', url: `${MCP}/create-and-wait-otp`, body: JSON.stringify({ domain: a.domain ?? 'ditube.info', timeout: a.timeout ?? 45 }) };
    case 'watch_email': {
      const q = new URLSearchParams({ inbox });
      if (a.timeout !== undefined) q.set('timeout', String(a.timeout));
      if (a.since !== undefined) q.set('since', String(a.since));
      return { method: 'GET', url: `${MCP}/watch-email?${q}` };
    }
    case 'get_messages': {
      const q = [a.limit !== undefined ? `limit=${a.limit}` : '', a.unread_only ? 'unread_only=true' : ''].filter(Boolean).join('&');
      return { method: 'GET', url: `${API}/inboxes/${inbox}/messages${q ? `?${q}` : ''}` };
    }
    case 'delete_email':
      return { method: 'DELETE', url: `${API}/inboxes/${inbox}/messages/${String(a.message_id)}` };
    case 'list_inboxes':
      return { method: 'GET', url: `${API}/inboxes` };
    case 'create_inbox':
      return { method: 'POST', url: `${API}/inboxes`, body: JSON.stringify({ inbox }) };
    case 'list_custom_domains':
      return { method: 'GET', url: `${API}/custom-domains` };
    case 'add_custom_domain':
      return { method: 'POST', url: `${API}/custom-domains`, body: JSON.stringify({ domain: a.domain }) };
    case 'verify_custom_domain':
      return { method: 'POST', url: `${API}/custom-domains/${String(a.domain)}/verify` };
    case 'delete_custom_domain':
      return { method: 'DELETE', url: `${API}/custom-domains/${String(a.domain)}` };
    case 'list_available_domains':
      return { method: 'GET', url: `${API}/domains` };
    case 'status':
      return { method: 'GET', url: `${MCP}/status` };
  }
  throw new Error(`unknown tool ${tool}`);
}

/** What the server shows the agent: the body as 2-space JSON, or its API error line. */
function shown(status: number, body: any): { isError: boolean; text: string } {
  if (status >= 200 && status < 300) return { isError: false, text: JSON.stringify(body, null, 2) };
  let text = `API Error (${status}): ${body?.message ?? body?.error}`;
  if (body?.request_id) text += ` | Request ID: ${body.request_id}`;
  return { isError: true, text };
}

const seen = new Set<string>();

/** Sends a tool's request as the server does and returns the parsed answer. */
async function tool(name: string, args: Record<string, unknown> = {}, key = KEY) {
  seen.add(name);
  const r = request(name, args);
  // The raw `@` and `+` reach the emulator as written.
  if ('inbox' in args && name !== 'watch_email' && name !== 'create_inbox') expect(new URL(r.url).pathname).toContain(`/${INBOX}`);
  t.clock.advance(1000);
  const res = await t.app.request(r.url, {
    method: r.method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: r.body,
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  return { status: res.status, body, shown: shown(res.status, body) };
}

async function mail(to: string, subject: string, text: string) {
  const r = await t.call('POST', '/_emulator/messages', { body: { to, from: 'noreply@app.example', subject, text } });
  expect(r.status).toBe(201);
  return r.body.data.ids[0] as string;
}

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  expect(t.bugs).toEqual([]);
  await t.close();
});

describe('fce-mcp-server 1.2.1 against the emulator, tool by tool', () => {
  let id = '';

  it('list_available_domains lists ditube.info, its default', async () => {
    const r = await tool('list_available_domains');
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { domain: string }) => d.domain)).toContain('ditube.info');
  });

  it('create_inbox registers an address with a + (201), list_inboxes shows it', async () => {
    const r = await tool('create_inbox', { inbox: INBOX });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, inbox: INBOX });
    const list = await tool('list_inboxes');
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { inbox: string }) => d.inbox)).toContain(INBOX);
  });

  it('get_latest_email: no messages, then the newest with its code', async () => {
    let r = await tool('get_latest_email', { inbox: INBOX });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'No messages found', data: null });
    id = await mail(INBOX, 'Your code', 'Your verification code is 551902.');
    r = await tool('get_latest_email', { inbox: INBOX });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, otp: '551902', subject: 'Your code' });
    expect(r.shown.isError).toBe(false);
  });

  it('extract_otp (the API route) finds the code', async () => {
    const r = await tool('extract_otp', { inbox: INBOX });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, otp: '551902', email_id: id });
  });

  it('get_messages with limit and unread_only: the whole list (the hosted list reads no query)', async () => {
    await mail(INBOX, 'Second', 'No code in this one.');
    const r = await tool('get_messages', { inbox: INBOX, limit: 1, unread_only: true });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(2);
    expect(r.body.data).toHaveLength(2);
  });

  it('watch_email: the query encoded, `since` an older id answers the newest at once', async () => {
    const r = await tool('watch_email', { inbox: INBOX, timeout: 10, since: id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { subject: 'Second' } });
    // A timeout: 200 with success false, which the server shows as a result, not an error.
    const held = tool('watch_email', { inbox: INBOX, timeout: 10, since: r.body.data.id });
    await t.core.waits.whenPending(1);
    t.clock.advance(10_000);
    const timeout = await held;
    expect(timeout.status).toBe(200);
    expect(timeout.body).toEqual({ success: false, message: 'Timeout reached' });
    expect(timeout.shown.isError).toBe(false);
  });

  it('delete_email (DELETE with the JSON content type and no body)', async () => {
    const r = await tool('delete_email', { inbox: INBOX, message_id: id });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });

  it('create_and_wait_for_otp with its defaults ({domain: "ditube.info", timeout: 45})', async () => {
    expect(request('create_and_wait_for_otp').body).toBe('{"domain":"ditube.info","timeout":45}');
    const held = tool('create_and_wait_for_otp');
    await t.core.waits.whenPending(1);
    const account = t.core.accounts.byKey(KEY)!;
    const inbox = t.core.inboxes.ofAccount(account).at(-1)!.inbox;
    expect(inbox).toMatch(/@ditube\.info$/);
    await mail(inbox, 'Sign up', 'Your confirmation code is 308477.');
    const r = await held;
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, inbox, otp: '308477' });
  });

  it('the custom domain tools: add, list, verify (POST without a body), delete', async () => {
    let r = await tool('add_custom_domain', { domain: DOMAIN });
    expect(r.status).toBe(201);
    r = await tool('list_custom_domains');
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { domain: string }) => d.domain)).toContain(DOMAIN);
    await t.core.publishDomainRecords(t.core.accounts.byKey(KEY)!, DOMAIN);
    r = await tool('verify_custom_domain', { domain: DOMAIN });
    expect(r.status).toBe(200);
    expect(r.body.verified).toBe(true);
    r = await tool('delete_custom_domain', { domain: DOMAIN });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });

  it('all 13 tools were replayed, each answered 2xx', () => {
    expect([...seen].sort()).toEqual(
      [
        'add_custom_domain',
        'create_and_wait_for_otp',
        'create_inbox',
        'delete_custom_domain',
        'delete_email',
        'extract_otp',
        'get_latest_email',
        'get_messages',
        'list_available_domains',
        'list_custom_domains',
        'list_inboxes',
        'verify_custom_domain',
        'watch_email',
      ].sort(),
    );
  });

  it("the HTTP transport's key check, GET /v1/mcp/status: valid on growth, 403 (valid, not enabled) below, 401 for a wrong key", async () => {
    expect((await tool('status')).body).toMatchObject({ success: true, plan: 'growth', mcpEnabled: true });
    expect((await tool('status', {}, 'emu_developer')).status).toBe(403);
    expect((await tool('status', {}, 'not-a-key')).status).toBe(401);
  });

  it("below growth, the MCP tools get the gate, which the server shows with the word 'plan' (its upgrade branch)", async () => {
    const r = await tool('create_and_wait_for_otp', {}, 'emu_startup');
    expect(r.status).toBe(403);
    expect(r.shown).toEqual({ isError: true, text: 'API Error (403): MCP not available on your plan' });
    const latest = await tool('get_latest_email', { inbox: INBOX }, 'emu_startup');
    expect(latest.shown.text).toBe('API Error (403): MCP not available on your plan');
  });
});
