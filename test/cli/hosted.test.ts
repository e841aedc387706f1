// The CLI's commands against a fake of the hosted service (test/helpers/fake-hosted.ts), which
// answers with the hosted server's shapes: every command prints the right values from them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { HOSTED_INBOX, HOSTED_KEY, OTP_MS, startFakeHosted, type FakeHosted } from '../helpers/fake-hosted.js';
import { runCli } from './helpers.js';

let fake: FakeHosted;
let configDir: string;

beforeAll(async () => {
  fake = await startFakeHosted();
  configDir = mkdtempSync(join(tmpdir(), 'inbox-hosted-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(configDir, { recursive: true, force: true });
});

function run(args: string[]) {
  return runCli(args, {
    INBOX_BASE_URL: fake.url,
    INBOX_API_KEY: HOSTED_KEY,
    INBOX_CONFIG_DIR: configDir,
    INBOX_PROFILE: undefined,
    NO_COLOR: '1',
  });
}

async function ok(args: string[]): Promise<string> {
  const r = await run(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(EXIT.ok);
  return r.stdout;
}

describe('account', () => {
  it('me: plan with its label, price, limits, features, inbox count from app and API inboxes', async () => {
    const out = await ok(['me']);
    expect(out).toMatch(/^Plan\s+growth$/m);
    expect(out).toMatch(/^Price\s+\$49\/mo$/m);
    expect(out).toMatch(/^Per second\s+50$/m);
    expect(out).toMatch(/^Per month\s+2,000,000$/m);
    expect(out).toMatch(/^Credits\s+120$/m);
    expect(out).toMatch(/^Inboxes\s+2$/m);
    expect(out).toMatch(/^OTP values\s+yes$/m);
    expect(out).toMatch(/^WebSocket conns\s+20$/m);
    expect(out).toMatch(/^Attachment MB\s+25$/m);
    expect(out).not.toMatch(/Kept hours/);
  });

  it('usage: used, limit, share, reset time', async () => {
    const out = await ok(['usage']);
    expect(out).toMatch(/^Used\s+24,600$/m);
    expect(out).toMatch(/^Share used\s+1\.2%$/m);
    expect(out).toMatch(/^Resets at\s+2026-02-01T00:00:00\.000Z$/m);
    expect(out).not.toMatch(/^Period/m);
  });
});

describe('domains', () => {
  it('list, list --all with expiry, custom, add, verify, remove', async () => {
    const list = await ok(['domains', 'list']);
    expect(list).toMatch(/^vip\.hosted\.example\s+pro\s+-\s+-$/m);
    const all = await ok(['domains', 'list', '--all']);
    expect(all).toMatch(/^old\.hosted\.example\s+free\s+-\s+2026-01-20 \(5 d, soon\)$/m);
    expect(await ok(['domains', 'custom'])).toMatch(/mail\.acme\.example\s+yes\s+mx\.hosted\.example/);
    const added = await ok(['domains', 'add', 'new.acme.example']);
    expect(added).toContain('hosted-verify=xyz');
    expect(added).toContain('inbox domains verify new.acme.example');
    expect(await ok(['domains', 'verify', 'new.acme.example'])).toContain('Verified.');
    expect(await ok(['domains', 'remove', 'new.acme.example', '--yes'])).toContain('Inboxes removed: 2 (team@new.acme.example, ops@new.acme.example).');
  });

  it('publish-dns refuses a service that is not the emulator', async () => {
    const r = await run(['domains', 'publish-dns', 'mail.acme.example']);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toContain('not an inbox emulator');
  });
});

describe('inboxes', () => {
  it('register reads the 201 without data as "Registered", the 200 as already registered', async () => {
    expect(await ok(['inboxes', 'register', 'cli@hosted.example'])).toBe('Registered cli@hosted.example\n');
    expect(await ok(['inboxes', 'register', 'cli@hosted.example'])).toBe('cli@hosted.example was already registered\n');
    const json = JSON.parse(await ok(['inboxes', 'register', 'json@hosted.example', '--json']));
    expect(json).toMatchObject({ created: true, inbox: 'json@hosted.example' });
  });

  it('list (objects and bare strings), test, remove', async () => {
    const list = await ok(['inboxes', 'list']);
    expect(list).toMatch(new RegExp(`^${HOSTED_INBOX.replace(/[+.]/g, '\\$&')}\\s+-$`, 'm'));
    expect(list).toMatch(/^cli@hosted\.example\s+-$/m);
    expect(await ok(['inboxes', 'test', HOSTED_INBOX, 'run-7'])).toContain('Test run-7 started');
    expect(await ok(['inboxes', 'remove', 'cli@hosted.example'])).toBe('Inbox unregistered.\n');
  });
});

describe('mail', () => {
  it('otp prints the code alone in a pipe; --json keeps the time in ms', async () => {
    expect(await ok(['otp', HOSTED_INBOX])).toBe('482913\n');
    const json = JSON.parse(await ok(['otp', HOSTED_INBOX, '--json']));
    expect(json).toMatchObject({ otp: '482913', timestamp: OTP_MS });
  });

  it('messages list and read, wait, timeline, insights', async () => {
    expect(await ok(['messages', 'list', HOSTED_INBOX])).toMatch(/^D3vt8NnEQ\s+2026-01-15T10:30:00\.000Z\s+.*482913/m);
    const read = await ok(['messages', 'read', HOSTED_INBOX, 'D3vt8NnEQ']);
    expect(read).toMatch(/^OTP\s+482913$/m);
    expect(read).toContain('Your verification code is 482913.');
    expect(await ok(['wait', HOSTED_INBOX, '--otp', '--timeout', '10'])).toBe('482913\n');
    const tl = await ok(['timeline', HOSTED_INBOX]);
    expect(tl).toMatch(/inbox_created/);
    expect(tl).toMatch(/\+2000 ms\s+email_received/);
    expect(tl).toMatch(/^\S+\s+-\s+inbox_created/m);
    expect(await ok(['timeline', HOSTED_INBOX, '--test', 'run-7'])).not.toContain('otp_extracted');
    expect(fake.seen.at(-1)!.url).toContain('test_id=run-7');
    expect(await ok(['insights', HOSTED_INBOX])).toMatch(/slow_delivery\s+The last message took 4\.2 s/);
  });

  it('messages delete: done, then exit 5 for the id that is gone (a 200 with success false)', async () => {
    expect(await ok(['messages', 'delete', HOSTED_INBOX, 'D3vt8NnEQ'])).toBe('Message deleted\n');
    const again = await run(['messages', 'delete', HOSTED_INBOX, 'D3vt8NnEQ']);
    expect(again.code).toBe(EXIT.notFound);
    expect(again.stderr).toContain('Message not found');
  });
});

describe('webhooks', () => {
  it('add, list, remove', async () => {
    const added = await ok(['webhooks', 'add', HOSTED_INBOX, 'https://hooks.example/x']);
    expect(added).toContain('Webhook wh_77 posts new mail');
    expect(added).toContain('a'.repeat(64));
    expect(await ok(['webhooks', 'list'])).toMatch(/^wh_77\s+qa\+1@hosted\.example\s+2\s+2026-01-10/m);
    expect(await ok(['webhooks', 'remove', 'wh_77'])).toBe('Webhook wh_77 unregistered\n');
  });
});
