// The hints a newcomer follows: each names a command that gets them further, not one that leads to the
// next refusal (found by running the README's flows as a new user would).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../../emulator/server.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliEmulator, type CliEmulator, IN_PROCESS_URL } from './helpers.js';

let t: CliEmulator;
beforeAll(async () => {
  t = await cliEmulator();
});
afterAll(() => t.close());

describe('hints that lead somewhere', () => {
  test('a base URL with a path of its own: exit 7, and the address without it', async () => {
    const r = await t.run(['inboxes', 'list'], { INBOX_BASE_URL: `${IN_PROCESS_URL}/v2` });
    expect(r.code).toBe(EXIT.network);
    expect(r.stderr).toContain('No route GET /v2/v1/inboxes');
    expect(r.stderr).toContain(`Drop the path from --base-url: give ${IN_PROCESS_URL}`);
    // A missing message is still "not found" (exit 5): only the API's "no route" answer means a wrong base.
    await t.client.registerInbox('hints@inbox.test');
    const missing = await t.run(['messages', 'read', 'hints@inbox.test', 'NoSuchId01']);
    expect(missing.code).toBe(EXIT.notFound);
    // An id that a URL resolves away ("..", ".", "%2e") never reaches the service (it would ask
    // another route): a usage error that names it, without the base-URL diagnosis.
    for (const id of ['..', '.', '%2E%2e', '']) {
      const dots = await t.run(['messages', 'read', 'hints@inbox.test', id]);
      expect(dots.code, id).toBe(EXIT.usage);
      expect(dots.stderr, id).toContain(id === '' ? 'the id is empty' : `"${id}" cannot be used as the id`);
      expect(dots.stderr, id).toContain('inbox messages list');
      expect(dots.stderr, id).not.toContain('Drop the path');
    }
  });

  test('a plan refusal names the higher keys, and that each is an account of its own', async () => {
    await t.run(['inboxes', 'register', 'freeuser@inbox.test', '--api-key', 'emu_free']);
    const r = await t.run(['otp', 'freeuser@inbox.test', '--api-key', 'emu_free']);
    expect(r.code).toBe(EXIT.plan);
    expect(r.stderr).toContain('--api-key emu_growth or emu_enterprise (each emu_ key is an account of its own: register the inbox with that key too)');
  });

  test('an unknown inbox to reset: the command that registers it, with its address', async () => {
    const r = await t.run(['reset', '--inbox', 'nobody@inbox.test', '--yes']);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.stderr).toContain('inbox inboxes register nobody@inbox.test');
    expect(r.stderr).not.toContain('POST /v1/inboxes');
    // Another account's inbox: registering would be refused too, so the hint names that account's key.
    await t.run(['inboxes', 'register', 'theirs@inbox.test', '--api-key', 'emu_growth']);
    const theirs = await t.run(['reset', '--inbox', 'theirs@inbox.test', '--yes']);
    expect(theirs.stderr).toContain('registered by another account');
    expect(theirs.stderr).toContain('the API key of the account that registered it');
    expect(theirs.stderr).not.toContain('inbox inboxes register');
  });

  test('a webhook on this machine: the emulator hint (webhooks watch) is shown, not a generic https one', async () => {
    await t.client.registerInbox('hook@inbox.test');
    const r = await t.run(['webhooks', 'add', 'hook@inbox.test', 'https://127.0.0.1:46600/hook']);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toContain('inbox webhooks watch <inbox> --forward-to <url>');
    expect(r.stderr).not.toContain('must be absolute https:// URLs');
  });

  test('a domain added on the emulator: publish-dns comes before verify', async () => {
    const r = await t.run(['domains', 'add', 'acme-hints.test']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toContain('inbox domains publish-dns acme-hints.test\nThen run: inbox domains verify acme-hints.test\n');
    // Followed, they verify it.
    expect((await t.run(['domains', 'publish-dns', 'acme-hints.test'])).code).toBe(EXIT.ok);
    expect((await t.run(['domains', 'verify', 'acme-hints.test'])).code).toBe(EXIT.ok);
  });

  test('send without a recipient names --to; a refused --smtp port names that port', async () => {
    const r = await t.run(['send', '--text', 'hi']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('Name one with --to me@inbox.test');
    const dead = createServer();
    await new Promise<void>((ok) => dead.listen(0, '127.0.0.1', ok));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((ok) => dead.close(ok));
    const refused = await t.run(['send', '--to', 'hints@inbox.test', '--smtp', `127.0.0.1:${port}`]);
    expect(refused.code).toBe(EXIT.network);
    expect(refused.stderr).toContain(`inbox emulate --smtp-port ${port}`);
  });

  test('one port for two services is refused before anything binds, naming both', async () => {
    await expect(startEmulator({ port: 46790, smtpPort: 46790 })).rejects.toMatchObject({
      name: 'StartError',
      code: 'port_clash',
      message: '--port and --smtp-port are both 46790: each needs a port of its own.',
    });
    await expect(startEmulator({ port: 0, smtpPort: 2525, smtpsPort: 2525 })).rejects.toMatchObject({ code: 'port_clash' });
  });
});

describe('over real sockets', () => {
  let s: CliEmulator<Awaited<ReturnType<typeof startEmulator>>>;
  beforeAll(async () => {
    s = await cliEmulator({ sockets: true });
  });
  afterAll(() => s.close());

  test("a temporary SMTP refusal (4xx) is called temporary, and the emulator's fault rules are named", async () => {
    await s.client.registerInbox('grey@inbox.test');
    s.emu.faults.add({ preset: 'greylisting' });
    const r = await s.run(['send', '--to', 'grey@inbox.test', '--text', 'hello']);
    expect(r.code).toBe(EXIT.rejected);
    expect(r.stderr).toMatch(/the SMTP server refused the mail: 45\d/);
    expect(r.stderr).toContain('A temporary refusal: send again in a moment');
    expect(r.stderr).toContain('inbox faults clear');
  });
});
