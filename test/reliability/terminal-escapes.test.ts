// Hostile mail against the terminal: subjects, senders and file names carrying escape sequences
// (OSC title, screen clear), the C1 CSI U+009B and bidi overrides. Every writer (inbox otp in a
// terminal, messages list/read, --json, the emulator's log line, watch lines) shows them inert, and
// --save-attachments writes bounded, safe names. The CLI runs in-process against a real emulator.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_BYTES, safeFileName } from '../../src/cli/commands/messages.js';
import { attachEmulatorLog } from '../../src/ui/emulator-log.js';
import { terminalJson, terminalText } from '../../src/ui/terminal-text.js';
import { deliveryLine } from '../../src/ui/watch-lines.js';
import { captureStream, cliEmulator, runCli, type CliEmulator } from '../cli/helpers.js';
import type { RunningEmulator } from '../../emulator/server.js';

/** OSC window title, screen clear, bell, C1 CSI, right-to-left override and a bidi isolate. */
const HOSTILE = '\x1b]0;pwned\x07\x1b[2J\x1b[H\u009b31mred\u202egnp.exe\u2066x\u2069 ok é 🙂';
/** What must never reach a terminal raw. */
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const INBOX = 'hostile@inbox.test';

let t: CliEmulator<RunningEmulator>;
let messageId: string;

function rawWithAttachment(filename: string): string {
  return [
    'From: "Evil\u202e Corp" <evil@example.test>',
    `To: ${INBOX}`,
    `Subject: =?utf-8?B?${Buffer.from(HOSTILE).toString('base64')}?=`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Your sign-in code is 482913. ${HOSTILE}`,
    '--b',
    'Content-Type: application/pdf',
    `Content-Disposition: attachment; filename*=utf-8''${encodeURIComponent(filename)}`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4 hostile').toString('base64'),
    '--b--',
    '',
  ].join('\r\n');
}

/** Runs the CLI with stdout claiming to be a terminal (inbox otp prints its detail line only there). */
async function runInTerminal(args: string[]) {
  t.clock.advance(1000);
  return runCli(args, { ...t.env, NO_COLOR: '1' }, { fetch: t.fetch, stdoutIsTerminal: true });
}

beforeAll(async () => {
  t = await cliEmulator({ sockets: true }); // the emulator's log needs a running emulator
  await t.client.registerInbox(INBOX);
  const longName = `${'r'.repeat(296)}.pdf`;
  const res = await t.client.request<any>('POST', '/_emulator/messages', { auth: false, body: { raw: rawWithAttachment(longName) } });
  messageId = res.data.ids[0];
  await t.client.request('POST', '/_emulator/messages', { auth: false, body: { raw: rawWithAttachment('../../\u202efdp.sh\u0007') } });
});
afterAll(() => t.close());

describe('the terminal gate', () => {
  it('turns controls, C1 and bidi characters into U+FFFD and keeps ordinary text', () => {
    const safe = terminalText(HOSTILE);
    expect(safe).not.toMatch(UNSAFE);
    expect(safe).toContain('red');
    expect(safe).toContain('ok é 🙂');
    expect(terminalText('a\r\nb\tc\u009b', true)).toBe('a\nb\tc\ufffd');
    expect(terminalText('a\nb')).toBe('a\ufffdb');
  });

  it('JSON keeps the exact value for a parser and nothing raw for a terminal', () => {
    const text = terminalJson({ subject: HOSTILE });
    expect(text).not.toMatch(UNSAFE);
    expect(JSON.parse(text)).toEqual({ subject: HOSTILE });
  });
});

describe('every writer of mail-derived text', () => {
  it('inbox otp in a terminal: the code and a detail line with the subject, inert', async () => {
    const r = await runInTerminal(['otp', INBOX]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('482913');
    expect(r.stdout).toContain('\ufffd');
    expect(r.stdout).not.toMatch(UNSAFE);
  });

  it('messages list and read, plain and --json', async () => {
    for (const args of [
      ['messages', 'list', INBOX],
      ['messages', 'read', INBOX, messageId],
      ['messages', 'list', INBOX, '--json'],
      ['messages', 'read', INBOX, messageId, '--json'],
    ]) {
      const r = await t.run(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).not.toMatch(UNSAFE);
      expect(r.stderr, args.join(' ')).not.toMatch(UNSAFE);
    }
    const json = JSON.parse((await t.run(['messages', 'read', INBOX, messageId, '--json'])).stdout);
    expect(json.data.subject).toBe(HOSTILE); // --json still carries the exact value
  });

  it("the emulator's log line (plain and NDJSON)", async () => {
    for (const mode of ['plain', 'json'] as const) {
      const stdout = captureStream();
      attachEmulatorLog(t.emu, { mode, stdout, stderr: stdout });
      await t.client.request('POST', '/_emulator/messages', { auth: false, body: { raw: rawWithAttachment('a.pdf') } });
      const written = stdout.text;
      expect(written).toContain('482913');
      expect(written, mode).not.toMatch(UNSAFE);
    }
  });

  it('watch lines', () => {
    const line = deliveryLine({
      id: 'd',
      time: 0,
      inbox: INBOX,
      messageId: 'm',
      subject: HOSTILE,
      otp: '1\u009b2',
      status: 200,
      ok: true,
      latencyMs: 3,
      queued: false,
      error: '\x1b[2J',
    });
    expect(line).not.toMatch(UNSAFE);
  });
});

describe('--save-attachments', () => {
  it('names are bounded (keeping the extension) and safe', () => {
    const long = safeFileName(`${'é'.repeat(300)}.pdf`, 0);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(long.endsWith('.pdf')).toBe(true);
    expect(safeFileName('../../etc/passwd', 0)).toBe('passwd');
    expect(safeFileName('..\\..\\boot.ini', 0)).toBe('boot.ini');
    expect(safeFileName('.bashrc', 0)).toBe('bashrc');
    expect(safeFileName('...', 2)).toBe('attachment-3');
    expect(safeFileName('\u202efdp.exe', 0)).toBe('_fdp.exe');
    expect(safeFileName('a\u009bb\x07.txt', 0)).toBe('a_b_.txt');
    expect(safeFileName('NUL.txt', 0)).toBe('_NUL.txt');
    expect(safeFileName('name. . ', 0)).toBe('name');
  });

  it('a 300-character name no longer stops it; a hostile path stays inside the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-save-'));
    try {
      const r = await t.run(['messages', 'read', INBOX, messageId, '--save-attachments', dir]);
      expect(r.code, r.stderr).toBe(0);
      const [saved] = readdirSync(dir);
      expect(saved!.endsWith('.pdf')).toBe(true);
      expect(Buffer.byteLength(saved!)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
      expect(readFileSync(join(dir, saved!), 'utf8')).toBe('%PDF-1.4 hostile');

      const list = JSON.parse((await t.run(['messages', 'list', INBOX, '--json'])).stdout);
      const other = list.data.find((m: { id: string; hasAttachment: boolean }) => m.id !== messageId && m.hasAttachment);
      const inner = join(dir, 'inner');
      const r2 = await t.run(['messages', 'read', INBOX, other.id, '--save-attachments', inner]);
      expect(r2.code, r2.stderr).toBe(0);
      expect(r2.stderr).not.toMatch(UNSAFE);
      const names = readdirSync(inner);
      expect(names).toHaveLength(1);
      expect(names[0]).not.toMatch(UNSAFE);
      expect(names[0]).not.toMatch(/^\.|[\\/]/);
      expect(existsSync(join(dir, 'fdp.sh'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
