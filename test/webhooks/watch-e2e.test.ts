// End to end with the built binary: `inbox webhooks watch --json` as a child process, against an
// emulator in this process on real ports (on a data file), mail injected through POST
// /_emulator/messages, a real local receiver. The emulator is restarted mid-watch (close(), what
// `inbox emulate` runs on SIGTERM, whose exit the binary test checks; then a start on the same port
// and data) with one delivery in the receiver's hands: every message reaches the receiver exactly
// once, and Ctrl-C removes the webhook.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/binary.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { startReceiver, type Receiver } from './helpers.js';

let dir: string;
const children: ChildProcess[] = [];
const emulators: RunningEmulator[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-watch-e2e-'));
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const e of emulators) await e.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** One request on a fresh connection (no keep-alive reuse across emulator restarts). */
function call(method: string, url: string, body?: unknown, key?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...(key ? { authorization: `Bearer ${key}` } : {}) },
      },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (d: string) => (text += d))
          .on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function post(url: string, body: unknown, key?: string): Promise<any> {
  const r = await call('POST', url, body, key);
  if (r.status >= 300) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Lines of a child's stream, with a way to await the first line (from now on) that passes a test. */
function lines(stream: NodeJS.ReadableStream) {
  const all: string[] = [];
  let buf = '';
  let waiters: Array<{ test(l: string): boolean; resolve(l: string): void }> = [];
  stream.setEncoding('utf8');
  stream.on('data', (d: string) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      all.push(line);
      waiters = waiters.filter((w) => (w.test(line) ? (w.resolve(line), false) : true));
    }
  });
  return {
    all,
    /** The first line so far, or from now on, that passes `test`. */
    find(test: (l: string) => boolean, timeoutMs = 30_000): Promise<string> {
      const seen = all.find(test);
      return seen !== undefined ? Promise.resolve(seen) : this.next(test, timeoutMs);
    },
    next(test: (l: string) => boolean, timeoutMs = 30_000): Promise<string> {
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching line within ${timeoutMs} ms; got:\n${all.join('\n')}`)), timeoutMs);
        waiters.push({ test, resolve: (l) => (clearTimeout(t), resolve(l)) });
      });
    },
  };
}

const json = (l: string): any => {
  try {
    return JSON.parse(l);
  } catch {
    return {};
  }
};

describe('inbox webhooks watch (built binary) across an emulator restart', () => {
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver({ status: 200 });
  });
  afterAll(async () => {
    await rx?.close();
  });

  /** `inbox webhooks watch <inbox> --json` (the built binary) forwarding to the receiver. */
  function spawnWatch(inbox: string, baseUrl: string) {
    const watch = spawn(
      process.execPath,
      [BIN, 'webhooks', 'watch', inbox, '--forward-to', rx.url, '--base-url', baseUrl, '--api-key', 'emu_growth', '--json'],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', INBOX_CONFIG_DIR: join(dir, 'config') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(watch);
    return watch;
  }

  it('delivers every message once, before, during and after the restart, and cleans up on SIGINT', { timeout: 120_000 }, async () => {
    const data = join(dir, 'emulator.json');
    const emu1 = await startEmulator({ port: 0, smtpPort: 0, data });
    emulators.push(emu1);
    const port = Number(new URL(emu1.url).port);
    await post(`${emu1.apiUrl}/inboxes`, { inbox: 'dev@inbox.test' }, 'emu_growth');

    const watch = spawnWatch('dev@inbox.test', emu1.url);
    const out = lines(watch.stdout!);
    const err = lines(watch.stderr!);
    const exited = new Promise<number | null>((r) => watch.once('close', (code) => r(code)));
    await err.next((l) => json(l).event === 'connected');
    const ready = json(err.all.find((l) => json(l).event === 'ready')!);
    expect(ready).toMatchObject({ mode: 'tunnel', inbox: 'dev@inbox.test', forward_to: rx.url });
    expect(ready.tunnel_url).toMatch(/^https:\/\/tunnel\.inbox\.test\//);

    const inject = (base: string, subject: string) => post(`${base}/_emulator/messages`, { to: 'dev@inbox.test', subject, text: `mail ${subject}` });
    const delivered = (subject: string) => out.find((l) => json(l).type === 'delivery' && json(l).subject === subject);

    // 1. Plain delivery.
    await inject(emu1.url, 'one');
    expect(json(await delivered('one'))).toMatchObject({ status: 200, ok: true, inbox: 'dev@inbox.test', queued: false });
    expect(rx.requests[0]!.headers['x-webhook-secret']).toBe(ready.secret);

    // 2. In the receiver's hands when the emulator stops.
    rx.behave('hang');
    await inject(emu1.url, 'two');
    await rx.nth(2);
    await emu1.close();
    // find, not next: the line may already be there by the time the stop has been awaited.
    await err.find((l) => json(l).event === 'disconnected');
    rx.release(200);
    rx.behave({ status: 200 });

    // 3. The emulator comes back on the same port and data; mail arrives at once.
    const emu2 = await startEmulator({ port, smtpPort: 0, data });
    emulators.push(emu2);
    expect(emu2.url).toBe(emu1.url);
    await inject(emu2.url, 'three');
    // find: the watcher may reconnect while the injection above is still being answered.
    await err.find((l) => json(l).event === 'connected' && json(l).reconnected === true);
    const [two, three] = [json(await delivered('two')), json(await delivered('three'))];
    expect(two.status).toBe(200);
    expect(three.status).toBe(200);

    // Each message reached the receiver exactly once, and the watcher printed each once.
    const subjects = rx.requests.map((r) => JSON.parse(r.body.toString()).subject);
    expect(subjects.sort()).toEqual(['one', 'three', 'two']);
    const printed = out.all.filter((l) => json(l).type === 'delivery').map((l) => json(l).subject);
    expect(printed.sort()).toEqual(['one', 'three', 'two']);
    const hooks = (await call('GET', `${emu2.apiUrl}/webhooks`, undefined, 'emu_growth')).body;
    expect(hooks.data).toMatchObject([{ url: ready.tunnel_url, failureCount: 0 }]);

    // 4. Ctrl-C removes the webhook and the tunnel, and exits 0.
    watch.kill('SIGINT');
    expect(await exited).toBe(0);
    expect((await call('GET', `${emu2.apiUrl}/webhooks`, undefined, 'emu_growth')).body.count).toBe(0);
    expect((await call('GET', `${emu2.url}/_emulator/tunnels`, undefined, 'emu_growth')).body.count).toBe(0);
    await emu2.close();
  });

  it('stops through its clean-up when the reader of its output goes away (| head): webhook and tunnel removed', { timeout: 60_000 }, async () => {
    const emu = await startEmulator({ port: 0, smtpPort: 0, data: join(dir, 'head.json') });
    emulators.push(emu);
    await post(`${emu.apiUrl}/inboxes`, { inbox: 'head@inbox.test' }, 'emu_growth');
    const watch = spawnWatch('head@inbox.test', emu.url);
    const err = lines(watch.stderr!);
    const exited = new Promise<number | null>((r) => watch.once('close', (code) => r(code)));
    await err.next((l) => json(l).event === 'connected');
    expect((await call('GET', `${emu.apiUrl}/webhooks`, undefined, 'emu_growth')).body.count).toBe(1);
    watch.stdout!.destroy(); // the reader is gone: the next line the watch prints meets a closed pipe
    await post(`${emu.url}/_emulator/messages`, { to: 'head@inbox.test', subject: 'cut', text: 'mail cut' });
    expect(await exited).toBe(0);
    expect(err.all.join('\n')).not.toContain('EPIPE');
    expect((await call('GET', `${emu.apiUrl}/webhooks`, undefined, 'emu_growth')).body.count).toBe(0);
    expect((await call('GET', `${emu.url}/_emulator/tunnels`, undefined, 'emu_growth')).body.count).toBe(0);
    await emu.close();
  });
});
