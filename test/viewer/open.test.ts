// `inbox open` and the emulator's banner line: the URL it builds, the browser it starts ($BROWSER here:
// a script that records its argument; through the built binary, which exits while the browser it
// started lives on), the URL printed where no browser can start (CI) and a clear error when no
// emulator answers (in-process, main()), the banner of the built binary (each start is a node
// process, so one start serves the viewer and --allow-host cases), and the --host warning (in-process).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { browserLauncher, viewerUrl } from '../../src/cli/commands/open.js';
import { BIN, ROOT, startEmulatorBinary } from '../helpers/binary.js';
import { runCli } from '../cli/helpers.js';
import { InboxClient } from '../../src/client/index.js';
import { emulateInProcess } from '../helpers/emulate.js';

function inbox(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '1',
    BROWSER: undefined,
    CI: undefined,
    DISPLAY: undefined,
    WAYLAND_DISPLAY: undefined,
    SSH_CONNECTION: undefined,
  };
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  const proc = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    proc.once('error', reject);
    proc.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `inbox <args>` in this process, its environment only PATH, HOME, NO_COLOR and `env`. */
function inProcess(args: string[], env: Record<string, string>) {
  return runCli(args, { NO_COLOR: '1', ...env });
}

describe('viewer URLs and browser choice', () => {
  it('builds the viewer URL from the API base URL', () => {
    expect(viewerUrl('http://127.0.0.1:4580')).toBe('http://127.0.0.1:4580/');
    expect(viewerUrl('http://127.0.0.1:4580/v1/')).toBe('http://127.0.0.1:4580/');
    expect(viewerUrl('http://127.0.0.1:4580', 'a+b@inbox.test')).toBe('http://127.0.0.1:4580/inbox/a%2Bb%40inbox.test');
    expect(viewerUrl('http://localhost:9000/v1', 'a@inbox.test', 'Ab_9-x')).toBe('http://localhost:9000/inbox/a%40inbox.test/Ab_9-x');
  });

  it('starts $BROWSER, else the platform opener; nothing in CI or without a display', () => {
    const url = 'http://127.0.0.1:4580/';
    expect(browserLauncher(url, { BROWSER: 'firefox --new-tab' }, 'linux')).toEqual({ command: 'firefox', args: ['--new-tab', url] });
    expect(browserLauncher(url, { BROWSER: 'w3m %s -dump' }, 'linux')).toEqual({ command: 'w3m', args: [url, '-dump'] });
    expect(browserLauncher(url, { CI: 'true', DISPLAY: ':0' }, 'linux')).toEqual({ reason: 'this is a CI run' });
    expect(browserLauncher(url, { DISPLAY: ':0' }, 'linux')).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserLauncher(url, { SSH_CONNECTION: '1 2 3 4' }, 'linux')).toEqual({ reason: 'this is an SSH session without a display' });
    expect(browserLauncher(url, {}, 'darwin')).toEqual({ command: 'open', args: [url] });
  });
});

describe('inbox open', () => {
  let emu: RunningEmulator;
  let dir: string;
  /** A message in me@inbox.test: `inbox open` refuses an inbox or message the emulator does not hold. */
  let msgId: string;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, smtpPort: 0, data: null });
    dir = mkdtempSync(join(tmpdir(), 'inbox-open-'));
    const client = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.enterprise });
    await client.registerInbox('me@inbox.test');
    await client.request('POST', '/_emulator/messages', { auth: false, body: { to: 'me@inbox.test', from: 'app@example.test', subject: 'Hi', text: 'Hello' } });
    msgId = (await client.listMessages('me@inbox.test')).data[0]!.id;
    await client.close();
  });
  afterAll(() => emu.close());

  it('opens the message in the browser named by $BROWSER (built binary)', async () => {
    const record = join(dir, 'opened.txt');
    const script = join(dir, 'fake-browser.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > "${record}.tmp" && mv "${record}.tmp" "${record}"\n`);
    chmodSync(script, 0o755);
    const r = await inbox(['open', 'me@inbox.test', msgId, '--base-url', emu.url, '--json'], { BROWSER: script });
    expect(r.code, r.stderr).toBe(0);
    const want = `${emu.url}/inbox/me%40inbox.test/${msgId}`;
    expect(JSON.parse(r.stdout)).toEqual({ url: want, opened: true });
    await expect.poll(() => existsSync(record)).toBe(true);
    expect(readFileSync(record, 'utf8')).toBe(want);
  });

  it('prints the URL where no browser can be opened (CI)', async () => {
    const r = await inProcess(['open', '--base-url', emu.url], { CI: 'true' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${emu.url}/\n`);
    const j = await inProcess(['open', 'me@inbox.test', '--base-url', emu.url, '--json'], { CI: 'true' });
    expect(JSON.parse(j.stdout)).toEqual({ url: `${emu.url}/inbox/me%40inbox.test`, opened: false, reason: 'this is a CI run' });
  });

  it('says so when no emulator answers (exit 7) and when a message id lacks its inbox', async () => {
    const gone = await startEmulator({ port: 0, smtpPort: 0, data: null });
    const url = gone.url;
    await gone.close();
    const r = await inProcess(['open', '--base-url', url], { CI: 'true' });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/no inbox emulator answers/);
    expect(r.stderr).toMatch(/inbox emulate/);
    const noInbox = await inProcess(['open', '', 'Msg123', '--base-url', emu.url], { CI: 'true' });
    expect(noInbox.code).toBe(2);
    expect(noInbox.stderr).toMatch(/a message id needs its inbox/);
  });
});

describe('inbox emulate banner', () => {
  it('names the viewer URL (built binary: the client script embedded in dist/); answers the names given with --allow-host and refuses others', async () => {
    const b = await startEmulatorBinary(['--memory', '--allow-host', 'inbox.dev.test', '--allow-host', '.corp.test']);
    try {
      const viewer = /^\s*Viewer\s+(http:\/\/\S+)/m.exec(b.stdout());
      expect(viewer?.[1]).toBe(`${b.url}/`);
      const page = await fetch(viewer![1]!, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('/_viewer/client.js');
      // The bundled client script is embedded in dist/ and served from there.
      const js = await fetch(`${b.url}/_viewer/client.js`);
      expect(js.status).toBe(200);
      expect((await js.text()).length).toBeGreaterThan(1000);

      const port = Number(new URL(b.url).port);
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: '/_emulator/health', headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      expect(await status(`inbox.dev.test:${port}`)).toBe(200);
      expect(await status(`ci.corp.test:${port}`)).toBe(200);
      expect(await status(`rebind.evil.test:${port}`)).toBe(403);
    } finally {
      await b.stop();
    }
  });

  it('warns on stderr what a non-loopback --host exposes', async () => {
    // In-process (main() with its own streams): the warning is the command's, not the binary's.
    const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--host', '0.0.0.0'], { NO_COLOR: '1' });
    try {
      await run.ready();
      await run.until(() => /--allow-remote opens them/.test(run.stderr()));
      expect(run.stderr()).toMatch(/warning: listening on 0\.0\.0\.0, so other machines can reach the API/);
    } finally {
      expect(await run.stop()).toBe(0);
    }
  });
});
