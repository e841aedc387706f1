// What a newcomer meets in the first minutes of the CLI (issue 33): usage errors that read right in a
// pipe and in a terminal, send with several recipients and a base URL where nothing answers, wait
// against a service that stops answering or an evicted --since id, open and config get of what is not
// there, domains remove that asks, and tables that fit a terminal of 80 columns. In-process runs
// (main(argv, io)) against the emulator in this process; the terminal cases run the built binary in a
// real pseudo-terminal under `script`.
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../helpers/reader.js';
import { type CliEmulator, cliEmulator, privateCopy, runCli } from './helpers.js';

let t: CliEmulator;
let build: ReturnType<typeof privateCopy>;

beforeAll(async () => {
  t = await cliEmulator();
  build = privateCopy();
});

afterAll(async () => {
  await t?.close();
  build?.close();
});

const haveScript = spawnSync('script', ['--version']).status === 0;

/**
 * Runs the built `inbox <args>` with stdout and stderr on a pseudo-terminal of `cols` columns (under
 * `script`), and returns what the terminal received (CRLF as LF) and the exit code.
 */
function inPty(
  args: string[],
  env: Record<string, string | undefined>,
  cols = 80,
  answer?: { when: string; type: string },
): Promise<{ code: number | null; tty: string }> {
  const quoted = [process.execPath, build.bin, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const cmd = `stty rows 24 cols ${cols}; exec ${quoted}`;
  const full: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', NO_COLOR: '1', COLUMNS: String(cols) };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) full[k] = v;
  const p = spawn('script', ['-qec', cmd, '/dev/null'], { env: full, stdio: [answer ? 'pipe' : 'ignore', 'pipe', 'ignore'] });
  let tty = '';
  let typed = false;
  p.stdout!.setEncoding('utf8').on('data', (d: string) => {
    tty += d;
    // Types the answer once the question is on the terminal, as a person would.
    if (answer && !typed && tty.includes(answer.when)) {
      typed = true;
      p.stdin!.write(answer.type);
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => p.kill('SIGKILL'), 15_000);
    p.once('error', reject);
    p.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, tty: tty.replace(/\r\n/g, '\n') });
    });
  });
}

describe('usage errors', () => {
  test('"Did you mean …?" starts its own line, in a pipe and in a terminal', async (ctx) => {
    const piped = await runCli(['mesages'], { NO_COLOR: '1', INBOX_CONFIG_DIR: t.configDir });
    expect(piped.code).toBe(2);
    expect(piped.stderr).not.toContain('\ufffd');
    expect(piped.stderr).toContain("error: unknown command 'mesages'\n(Did you mean messages?)\n");
    const sub = await runCli(['messages', 'lsit'], { NO_COLOR: '1', INBOX_CONFIG_DIR: t.configDir });
    expect(sub.stderr).toContain("unknown command 'lsit'\n(Did you mean list?)\n");
    // The user's own argument still goes through the terminal gate.
    const evil = await runCli(['mes\x1b[2Jsages'], { NO_COLOR: '1', INBOX_CONFIG_DIR: t.configDir });
    expect(evil.stderr).not.toContain('\x1b');
    if (!haveScript) ctx.skip();
    const tty = await inPty(['mesages'], { INBOX_CONFIG_DIR: t.configDir });
    expect(tty.code).toBe(2);
    expect(tty.tty).not.toContain('\ufffd');
    expect(tty.tty).toContain("error: unknown command 'mesages'\n(Did you mean messages?)\n");
  });
});

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('inbox send', () => {
  let s: CliEmulator<RunningEmulator>;
  beforeAll(async () => {
    s = await cliEmulator({ sockets: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('several --to flags: every one gets the mail (the SMTP port found through the API URL)', async () => {
    for (const a of ['first@inbox.test', 'second@inbox.test', 'third@inbox.test']) expect((await s.run(['inboxes', 'register', a])).code).toBe(0);
    const r = await s.run(['send', '--to', 'first@inbox.test', '--to', 'second@inbox.test, third@inbox.test', '--subject', 'To all', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).accepted).toEqual(['first@inbox.test', 'second@inbox.test', 'third@inbox.test']);
    for (const a of ['first@inbox.test', 'second@inbox.test', 'third@inbox.test']) {
      expect((await s.client.listMessages(a)).data.map((m) => m.subject)).toEqual(['To all']);
    }
    const plain = await s.run(['send', '--to', 'first@inbox.test', '--to', 'second@inbox.test']);
    expect(plain.stdout).toMatch(/^Sent <[^>]+> to first@inbox\.test, second@inbox\.test via 127\.0\.0\.1:\d+\n$/);
  });

  test('--base-url where nothing answers: exit 7 naming that URL, no mail sent to 127.0.0.1:2525', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = await s.run(['--base-url', url, 'send', '--to', 'first@inbox.test']);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`cannot ask ${url} for its SMTP port`);
    expect(r.stderr).toContain('--smtp host:port');
    expect(r.stderr).not.toContain('2525');
    const j = await s.run(['--base-url', url, 'send', '--to', 'first@inbox.test', '--json']);
    expect(JSON.parse(j.stderr)).toMatchObject({ error: 'api_unreachable', exit_code: 7, url });
    // --smtp still works without any API.
    const direct = await s.run(['--base-url', url, 'send', '--to', 'first@inbox.test', '--smtp', `127.0.0.1:${s.emu.smtp.port}`]);
    expect(direct.code).toBe(0);
  });
});

describe('inbox wait', () => {
  test('without --existing, a service that stops answering is a network failure (exit 7), not "no mail arrived" (exit 8)', async () => {
    const { createServer } = await import('node:http');
    // Takes every request and never answers it, as a stopped (SIGSTOP) or wedged service does.
    const held: Array<import('node:http').ServerResponse> = [];
    const server = createServer((_req, res) => void held.push(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const started = Date.now();
      const r = await runCli(['--base-url', url, '--api-key', 'emu_enterprise', 'wait', 'a@inbox.test', '--timeout', '1'], {
        NO_COLOR: '1',
        INBOX_CONFIG_DIR: t.configDir,
      });
      expect(r.stderr).not.toMatch(/no mail arrived/);
      expect(r.code).toBe(7);
      expect(r.stderr).toContain('the service did not answer');
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('a quiet inbox of a service that answers still times out with exit 8', async () => {
    expect((await t.run(['inboxes', 'register', 'quiet@inbox.test'])).code).toBe(0);
    // Real time: the in-process emulator's long-poll runs on its manual clock, so the CLI's own deadline ends it.
    const r = await t.run(['wait', 'quiet@inbox.test', '--timeout', '0.5']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('no mail arrived at quiet@inbox.test within 0.5 s');
  });
});

describe('inbox wait --since', () => {
  test('an id the inbox does not hold: a warning on stderr, and the wait goes on until mail arrives', async () => {
    expect((await t.run(['inboxes', 'register', 'since@inbox.test'])).code).toBe(0);
    const first = await t.deliver('since@inbox.test', { subject: 'Before' });
    const known = await t.run(['wait', 'since@inbox.test', '--since', first, '--timeout', '0.3']);
    expect(known.code).toBe(8);
    expect(known.stderr).not.toContain('warning');

    const gone = 'msg_evicted_long_ago';
    const pending = t.run(['wait', 'since@inbox.test', '--since', gone, '--timeout', '5', '--json']);
    // Mail that arrives while it waits ends the wait: it kept waiting after the warning.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const id = await t.deliver('since@inbox.test', { subject: 'After' });
    const r = await pending;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ id, subject: 'After' });
    const warning = JSON.parse(r.stderr.split('\n').find((l) => l.includes('"warning"'))!);
    expect(warning).toMatchObject({ since: gone, inbox: 'since@inbox.test' });
    expect(warning.warning).toContain(`message ${gone} is not in since@inbox.test`);

    const plain = await t.run(['wait', 'since@inbox.test', '--since', gone, '--timeout', '0.3']);
    expect(plain.code).toBe(8);
    expect(plain.stderr).toMatch(/^warning: message msg_evicted_long_ago is not in since@inbox\.test .*waiting for the next message that arrives\.\n/);
  });
});

describe('inbox open', () => {
  test('an inbox or message the emulator does not hold: exit 5 with a hint, nothing opened or printed', async () => {
    const none = await t.run(['open', 'nobody@inbox.test', '--print']);
    expect(none.code).toBe(5);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('no inbox nobody@inbox.test is registered on this emulator');
    expect(none.stderr).toContain('inbox inboxes register nobody@inbox.test');
    expect((await t.run(['inboxes', 'register', 'open@inbox.test'])).code).toBe(0);
    const id = await t.deliver('open@inbox.test', { subject: 'Open me' });
    const ok = await t.run(['open', 'open@inbox.test', id, '--print']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe(`${t.emu.url}/inbox/open%40inbox.test/${id}\n`);
    const gone = await t.run(['open', 'open@inbox.test', 'msg_not_here', '--print', '--json']);
    expect(gone.code).toBe(5);
    expect(JSON.parse(gone.stderr)).toMatchObject({ error: 'message_not_found', hint: 'List its messages with: inbox messages list open@inbox.test' });
  });
});

describe('inbox config get api-key', () => {
  test('shows enough of the key to tell which, never all of it', async () => {
    const seen = new Set<string>();
    for (const key of ['emu_free', 'emu_developer', 'emu_startup', 'emu_growth', 'emu_enterprise']) {
      expect((await t.run(['--profile', 'keys', 'config', 'set', 'api-key', key])).code).toBe(0);
      const r = await t.run(['--profile', 'keys', 'config', 'get', 'api-key']);
      expect(r.code).toBe(0);
      const shown = r.stdout.trim();
      expect(shown).not.toBe(key);
      expect(shown.startsWith('emu_')).toBe(true);
      seen.add(shown);
    }
    expect(seen.size).toBe(5);
  });
});

describe('inbox domains remove', () => {
  /** A verified custom domain with one inbox, on the emulator `e` runs against. */
  async function domainWithInbox(e: CliEmulator<{ url: string } & CliEmulator['emu']>, domain: string): Promise<void> {
    for (const args of [
      ['domains', 'add', domain],
      ['domains', 'publish-dns', domain],
      ['domains', 'verify', domain],
      ['inboxes', 'register', `team@${domain}`],
    ]) {
      const r = await e.run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  }
  const customDomains = async (e: CliEmulator) => (await e.client.listCustomDomains()).data.map((d) => d.domain);

  test('without a terminal and without --yes: exit 2 with the --yes hint, nothing removed; --yes removes', async () => {
    await domainWithInbox(t, 'ask.example');
    const r = await t.run(['domains', 'remove', 'ask.example']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('also unregisters every inbox at it');
    expect(r.stderr).toContain('inbox domains remove ask.example --yes');
    expect(await customDomains(t)).toContain('ask.example');
    const yes = await t.run(['domains', 'remove', 'ask.example', '--yes']);
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain('Inboxes removed: 1 (team@ask.example).');
    expect(await customDomains(t)).not.toContain('ask.example');
  });

  test('in a terminal it asks, naming the inboxes: "n" keeps everything, "y" removes (built binary in a pseudo-terminal)', async (ctx) => {
    if (!haveScript) ctx.skip();
    const s = await cliEmulator({ sockets: true });
    try {
      await domainWithInbox(s, 'tty.example');
      const question = 'Remove tty.example and unregister 1 inbox (team@tty.example) with it? [y/N] ';
      const no = await inPty(['domains', 'remove', 'tty.example'], s.env, 80, { when: '[y/N]', type: 'n\r' });
      expect(no.tty).toContain(question);
      expect(no.code).toBe(2);
      expect(no.tty).toContain('cancelled; tty.example was not removed.');
      expect(await customDomains(s)).toContain('tty.example');
      const yes = await inPty(['domains', 'remove', 'tty.example'], s.env, 80, { when: '[y/N]', type: 'y\r' });
      expect(yes.tty).toContain(question);
      expect(yes.code).toBe(0);
      expect(yes.tty).toContain('Inboxes removed: 1 (team@tty.example).');
      expect(await customDomains(s)).not.toContain('tty.example');
    } finally {
      await s.close();
    }
  });
});

describe('tables in a terminal of 80 columns (built binary in a pseudo-terminal)', () => {
  const visible = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
  const lines = (tty: string) =>
    visible(tty)
      .split('\n')
      .filter((l) => l.trim() !== '');
  let s: CliEmulator<RunningEmulator>;
  beforeAll(async () => {
    s = await cliEmulator({ sockets: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('messages list keeps SUBJECT: short dates, sender names without the address, cut with an ellipsis', async (ctx) => {
    if (!haveScript) ctx.skip();
    const address = 'newsletters-and-more@inbox.test';
    expect((await s.run(['inboxes', 'register', address])).code).toBe(0);
    await s.deliver(address, {
      from: '"Acme Corporation Notifications" <no-reply-notifications@mail.acme-corporation.example>',
      subject: 'Your verification code for the Acme Corporation customer portal sign-up is inside',
      text: 'Your verification code is 482913',
    });
    await s.deliver(address, { from: 'short@example.test', subject: 'Hi' });
    const r = await inPty(['messages', 'list', address], s.env, 80);
    expect(r.code).toBe(0);
    const out = lines(r.tty);
    expect(out).toHaveLength(3);
    for (const l of out) expect(Array.from(l).length, l).toBeLessThanOrEqual(80);
    expect(out[0]).toMatch(/^ID\s+DATE\s+FROM\s+OTP\s+ATT\s+SUBJECT$/);
    const acme = out.find((l) => l.includes('482913'))!;
    expect(acme).toMatch(/ [A-Z][a-z]{2} [ \d]\d \d\d:\d\d  /);
    expect(acme).not.toContain('no-reply');
    expect(acme).toMatch(/ Acme Corp\S*…/);
    const subject = / no {3}(Your verification code.*…)$/.exec(acme)?.[1];
    expect(Array.from(subject ?? '').length).toBeGreaterThanOrEqual(20);
    expect(out.filter((l) => / short@exam\S*\s+-\s+no {3}Hi$/.test(l))).toHaveLength(1);

    // A pipe still gets every value whole.
    const piped = await s.run(['messages', 'list', address]);
    expect(piped.stdout).toContain('"Acme Corporation Notifications" <no-reply-notifications@mail.acme-corporation.example>');
    expect(piped.stdout).toContain('Your verification code for the Acme Corporation customer portal sign-up is inside');

    // A plan that only shows that a code was found: "detected" in the terminal, the API's value in a pipe.
    const dev = 'dev-list@inbox.test';
    expect((await s.run(['inboxes', 'register', dev], { INBOX_API_KEY: 'emu_developer' })).code).toBe(0);
    await s.deliver(dev, { subject: 'Your sign-in code', text: 'Your verification code is 551234' });
    const masked = await inPty(['messages', 'list', dev], { ...s.env, INBOX_API_KEY: 'emu_developer' }, 80);
    expect(masked.code).toBe(0);
    expect(lines(masked.tty).find((l) => l.includes('Your sign-in code'))).toMatch(/\sdetected\s/);
    expect(masked.tty).not.toContain('__DETECTED__');
    expect((await s.run(['messages', 'list', dev], { INBOX_API_KEY: 'emu_developer' })).stdout).toContain('__DETECTED__');
    // The same in one message's fields: `messages read`, and a plain `wait` (with --existing, so
    // that it returns the message already there).
    const id = /^(\S+)\s.*Your sign-in code/m.exec((await s.run(['messages', 'list', dev], { INBOX_API_KEY: 'emu_developer' })).stdout)?.[1];
    expect(id).toBeTruthy();
    for (const args of [
      ['messages', 'read', dev, id!],
      ['wait', dev, '--existing', '--timeout', '5'],
    ]) {
      const shown = await inPty(args, { ...s.env, INBOX_API_KEY: 'emu_developer' }, 80);
      expect(shown.code, args.join(' ')).toBe(0);
      expect(shown.tty, args.join(' ')).toMatch(/OTP\s+detected \(the growth plan and above show it\)/);
      expect(shown.tty, args.join(' ')).not.toMatch(/^(OTP|Link)\s+__DETECTED__/m);
    }
    expect((await s.run(['messages', 'read', dev, id!], { INBOX_API_KEY: 'emu_developer' })).stdout).toMatch(/^OTP:?\s+__DETECTED__$/m);
  });

  test('plans: every column keeps two spaces to the next (turned to a column per plan where the wide table does not fit)', async (ctx) => {
    if (!haveScript) ctx.skip();
    const narrow = await inPty(['plans'], s.env, 80);
    expect(narrow.code).toBe(0);
    const out = lines(narrow.tty);
    for (const l of out) expect(Array.from(l).length, l).toBeLessThanOrEqual(80);
    const cells = out.map((l) => l.split(/ {2,}/));
    expect(cells[0]).toEqual(['PLAN', 'free', 'developer', 'startup', 'growth', 'enterprise']);
    for (const row of cells) expect(row, row.join('|')).toHaveLength(6);
    expect(cells.map((r) => r[0])).toEqual([
      'PLAN',
      'REQ/S',
      'REQ/MONTH',
      'OTP+WEBHOOKS',
      'CUSTOM DOMAINS',
      'WAIT',
      'WEBSOCKET',
      'ATTACHMENTS',
      'INBOXES',
      'MSGS KEPT',
      'MAX AGE',
    ]);
    // Wide enough for a row per plan: the table as pipes get it, columns apart.
    const wide = lines((await inPty(['plans'], s.env, 160)).tty);
    expect(wide[0]!.split(/ {2,}/)).toEqual([
      'PLAN',
      'REQ/S',
      'REQ/MONTH',
      'OTP+WEBHOOKS',
      'CUSTOM DOMAINS',
      'WAIT',
      'WEBSOCKET',
      'ATTACHMENTS',
      'INBOXES',
      'RETENTION',
    ]);
    for (const l of wide.slice(1)) expect(l.split(/ {2,}/)).toHaveLength(10);
  });
});

describe('inbox insights', () => {
  test('speaks CLI commands and flags, not API syntax; --json keeps the service own words', async () => {
    const address = 'insights@inbox.test';
    expect((await t.run(['inboxes', 'register', address])).code).toBe(0);
    await t.deliver(address, { subject: 'One', text: 'no code here' });
    await t.deliver(address, { subject: 'Two', text: 'none here either' });
    const r = await t.run(['insights', address]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\?\w+=/);
    expect(r.stdout).toMatch(/^multiple_detected\s+2 emails arrived\. .*"inbox wait insights@inbox\.test --since <id>"/m);
    // A finding with no API syntax in it is kept whole.
    expect(r.stdout).toMatch(/^otp_failed\s+.*near a word such as "code", "OTP" or "PIN"\. /m);
    expect(r.stdout).toMatch(/^otp_failed\s+.*"inbox otp insights@inbox\.test --explain"/m);
    const j = await t.run(['insights', address, '--json']);
    expect(JSON.parse(j.stdout).data.find((i: { type: string }) => i.type === 'multiple_detected').message).toContain('?since=<id>');
  });

  test('an insight type the CLI does not know: its query parameters written as flags', async () => {
    const { cliInsight } = await import('../../src/cli/commands/insights.js');
    expect(cliInsight('new_kind', 'Poll with ?since=<id> or ?test_id=run-1.', 'a@inbox.test')).toBe('Poll with --since <id> or --test-id run-1.');
  });
});
