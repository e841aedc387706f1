// Helpers of the agent-tool tests: an MCP client over stdio running the built `inbox mcp`, the text of a
// tool's answer, and the untrusted-content fence read back out of it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { expect } from 'vitest';
import { privateCopy } from '../cli/helpers.js';

export const TOOL_NAMES = [
  'create_inbox',
  'delete_inbox',
  'delete_message',
  'expect_no_mail',
  'latest_message',
  'list_domains',
  'list_inboxes',
  'read_message',
  'usage',
  'wait_for_code',
  'wait_for_link',
];

export interface StdioAgent {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/** `inbox mcp <args>` of the built package, with the SDK's client connected to it over stdio. */
export async function stdioAgent(args: string[]): Promise<StdioAgent> {
  const copy = privateCopy();
  const config = mkdtempSync(join(tmpdir(), 'inbox-mcp-config-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [copy.bin, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: config, INBOX_CONFIG_DIR: config, NO_COLOR: '1' },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
    async close() {
      await client.close();
      copy.close();
      rmSync(config, { recursive: true, force: true });
    },
  };
}

/** Calls a tool; returns its text and whether it is an error. */
export async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 })) as {
    content: Array<{ type: string; text?: string }>;
    isError?: boolean;
  };
  const text = r.content.map((c) => c.text ?? '').join('\n');
  return { text, isError: r.isError === true };
}

/** The `cursor:` line of an answer. */
export function cursorOf(text: string): string {
  const m = /^cursor: (\S+)$/m.exec(text);
  if (!m) throw new Error(`no cursor in: ${text}`);
  return m[1]!;
}

/**
 * The fence of an answer: its token, and the text inside it. Asserts there is exactly one opening and
 * one closing tag with the answer's token, in that order, and no other closing tag of that name.
 */
export function fenced(text: string): { token: string; inside: string; outside: string } {
  const opens = [...text.matchAll(/<untrusted-mail token="([0-9a-f]{32})">/g)];
  expect(opens.length, text).toBe(1);
  const token = opens[0]![1]!;
  const open = opens[0]![0];
  const close = `</untrusted-mail token="${token}">`;
  expect(text.split(close).length - 1, text).toBe(1);
  expect(text.match(/<\s*\/\s*untrusted[-_\s]*mail/gi)?.length, text).toBe(1);
  const start = text.indexOf(open) + open.length;
  const end = text.indexOf(close);
  expect(end).toBeGreaterThan(start);
  return { token, inside: text.slice(start, end), outside: text.slice(0, text.indexOf(open)) + text.slice(end + close.length) };
}

/** Sends one message over SMTP to the emulator, as an app would. */
export async function sendMail(smtp: { host: string; port: number }, mail: { from?: string; to: string; subject: string; text: string; html?: string }) {
  const t = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false });
  try {
    await t.sendMail({ from: mail.from ?? 'MyApp <noreply@myapp.test>', ...mail });
  } finally {
    t.close();
  }
}
