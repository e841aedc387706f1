// `inbox webhooks watch` keeps the X-Webhook-Secret its receiver gets stable per profile and inbox
// across runs (each run a fresh main() in this process against an emulator on real ports and a real
// local receiver; the secrets file is read again on each run); --new-secret replaces it.
// Ctrl-C is a SIGINT on the signal source main() is given (an emitter of the test's own: a SIGINT on
// this process would also reach what other modules loaded in this worker listen with).
// The built binary's real SIGINT is test/webhooks/watch-e2e.test.ts's.
// Also the hidden prompt of `inbox config set api-key`, driven through a fake terminal stream.
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PromptAborted, promptHidden } from '../../src/cli/prompt.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { startReceiver, type Receiver } from '../webhooks/helpers.js';
import { captureStream } from './helpers.js';

let dir: string;
let emu: RunningEmulator;
let rx: Receiver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-watch-secret-'));
  emu = await startEmulator({ port: 0, smtpPort: 0, data: null });
  rx = await startReceiver({ status: 200 });
  for (const inbox of ['dev@inbox.test', 'other@inbox.test', 'twice@inbox.test']) {
    await fetch(`${emu.apiUrl}/inboxes`, {
      method: 'POST',
      headers: { authorization: 'Bearer emu_growth', 'content-type': 'application/json' },
      body: JSON.stringify({ inbox }),
    });
  }
}, 60_000);

afterAll(async () => {
  await rx?.close();
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs a watch until it is connected, delivers one message, stops it with Ctrl-C (`twice`: two at once);
 * returns its secret, what it asked io.exit for, and its stderr.
 */
async function watchOnce(
  inbox: string,
  extra: string[] = [],
  twice = false,
): Promise<{ secret: string; delivered: string | undefined; code: number | null; exits: number[]; stderr: string }> {
  const exits: number[] = [];
  let err = '';
  let out = '';
  const events: Array<Record<string, unknown>> = [];
  let onLine: (() => void) | null = null;
  const stderr = captureStream((d) => {
    err += d;
    const lines = err.split('\n');
    err = lines.pop()!;
    for (const l of lines) {
      try {
        events.push(JSON.parse(l) as Record<string, unknown>);
      } catch {
        /* not JSON */
      }
    }
    onLine?.();
  });
  const stdout = captureStream((d) => {
    out += d;
    onLine?.();
  });
  const signals = new EventEmitter();
  const closed = main(
    ['node', 'inbox', 'webhooks', 'watch', inbox, '--forward-to', rx.url, '--base-url', emu.url, '--api-key', 'emu_growth', '--json', ...extra],
    {
      stdout,
      stderr,
      signals,
      exit: (c) => exits.push(c),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', INBOX_CONFIG_DIR: join(dir, 'config') },
    },
  );
  const until = (ok: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (ok()) return resolve();
      closed.then(() => reject(new Error(`watch ended early: ${JSON.stringify(events)} ${out}`)));
      onLine = () => ok() && resolve();
    });
  await until(() => events.some((e) => e.event === 'connected'));
  const ready = events.find((e) => e.event === 'ready')!;
  const before = rx.requests.length;
  await fetch(`${emu.url}/_emulator/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: inbox, subject: 's', text: 't' }),
  });
  const req = await rx.nth(before + 1);
  await until(() => out.includes('"type":"delivery"'));
  expect(signals.listenerCount('SIGINT')).toBe(1);
  signals.emit('SIGINT');
  if (twice) signals.emit('SIGINT');
  const code = await closed;
  expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0); // the watch let go of the signals
  return { secret: ready.secret as string, delivered: req.headers['x-webhook-secret'] as string | undefined, code, exits, stderr: stderr.text };
}

describe('webhooks watch secret', () => {
  test('the same secret on every run for a profile and inbox; another inbox has its own; --new-secret replaces it', async () => {
    const first = await watchOnce('dev@inbox.test');
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.delivered).toBe(first.secret);
    expect(first.code).toBe(0);

    const second = await watchOnce('dev@inbox.test');
    expect(second.secret).toBe(first.secret);
    expect(second.delivered).toBe(first.secret);

    const other = await watchOnce('other@inbox.test');
    expect(other.secret).not.toBe(first.secret);

    const renewed = await watchOnce('dev@inbox.test', ['--new-secret']);
    expect(renewed.secret).not.toBe(first.secret);
    expect(renewed.delivered).toBe(renewed.secret);
    expect((await watchOnce('dev@inbox.test')).secret).toBe(renewed.secret);

    const file = join(dir, 'config', 'watch-secrets.json');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.exits).toEqual([]);
  }, 120_000);

  test('a second Ctrl-C while it cleans up exits at once with 130 through io.exit', async () => {
    const r = await watchOnce('twice@inbox.test', [], true);
    expect(r.exits).toEqual([130]);
    const forced = r.stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(forced).toContainEqual({
      success: false,
      error: 'forced_exit',
      message: 'Forced exit; the webhook and tunnel were not removed (the next run reattaches to them).',
      exit_code: 130,
    });
  }, 60_000);
});

describe('hidden prompt', () => {
  function fakeTty() {
    const input = new PassThrough() as PassThrough & { isTTY: boolean; isRaw: boolean; setRawMode(on: boolean): unknown };
    const raw: boolean[] = [];
    input.isTTY = true;
    input.isRaw = false;
    input.setRawMode = (on: boolean) => {
      raw.push(on);
      input.isRaw = on;
      return input;
    };
    const output = new PassThrough();
    let shown = '';
    output.on('data', (d: Buffer) => (shown += d.toString()));
    return { input, output, raw, shown: () => shown };
  }

  test('reads a line in raw mode without echoing it; backspace edits', async () => {
    const t = fakeTty();
    const p = promptHidden('API key (input hidden): ', t.input as unknown as NodeJS.ReadStream, t.output as unknown as NodeJS.WriteStream);
    t.input.write('emu_gro');
    t.input.write('x\u007fwth\r');
    expect(await p).toBe('emu_growth');
    expect(t.raw).toEqual([true, false]);
    expect(t.shown()).toBe('API key (input hidden): \n');
  });

  test('Ctrl-C cancels', async () => {
    const t = fakeTty();
    const p = promptHidden('key: ', t.input as unknown as NodeJS.ReadStream, t.output as unknown as NodeJS.WriteStream);
    t.input.write('abc\u0003');
    await expect(p).rejects.toBeInstanceOf(PromptAborted);
    expect(t.raw).toEqual([true, false]);
  });
});
