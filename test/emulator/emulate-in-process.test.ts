// `inbox emulate` run through main(argv, io) in this process: it prints to io.stdout, stops on the
// signals of io.signals and lets go of them, and a second Ctrl-C during the stop ends through io.exit.
// The built binary with real signals is test/emulator/binary.test.ts.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { main } from '../../src/cli/main.js';

interface Run {
  signals: EventEmitter;
  stdout: () => string;
  stderr: () => string;
  exits: number[];
  done: Promise<number>;
  /** Resolves with the first stdout line that parses as JSON of this type. */
  event(type: string): Promise<Record<string, unknown>>;
}

function emulate(args: string[]): Run {
  let out = '';
  let err = '';
  const waiting: Array<() => void> = [];
  const stream = (add: (s: string) => void) =>
    ({
      isTTY: false,
      write(chunk: string | Uint8Array, ...rest: unknown[]) {
        add(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        for (const w of waiting.splice(0)) w();
        (rest.find((r) => typeof r === 'function') as (() => void) | undefined)?.();
        return true;
      },
    }) as unknown as NodeJS.WriteStream;
  const signals = new EventEmitter();
  const exits: number[] = [];
  const done = main(['node', 'inbox', 'emulate', '--port', '0', '--smtp-port', '0', '--memory', '--json', ...args], {
    stdout: stream((s) => (out += s)),
    stderr: stream((s) => (err += s)),
    stdin: process.stdin,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    signals,
    exit: (code) => exits.push(code),
  });
  const find = (type: string) =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.type === type);
  const event = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const e = find(type);
        if (e) resolve(e);
        else waiting.push(check);
      };
      done.then((code) => reject(new Error(`emulate ended (exit ${code}) before "${type}": ${out}${err}`)));
      check();
    });
  return { signals, stdout: () => out, stderr: () => err, exits, done, event };
}

afterEach(() => vi.restoreAllMocks());

describe('inbox emulate in-process', () => {
  test('prints to io.stdout, serves until SIGTERM on io.signals, then lets go of the signals', async () => {
    const processWrite = vi.spyOn(process.stdout, 'write');
    const run = emulate([]);
    const ready = await run.event('ready');
    const health = await fetch(`${ready.url as string}/_emulator/health`);
    expect(health.status).toBe(200);
    expect(run.signals.listenerCount('SIGINT')).toBe(1);
    expect(run.signals.listenerCount('SIGTERM')).toBe(1);

    run.signals.emit('SIGTERM');
    expect(await run.done).toBe(0);
    expect(await run.event('stopping')).toMatchObject({ signal: 'SIGTERM' });
    await run.event('stopped');
    expect(run.signals.listenerCount('SIGINT') + run.signals.listenerCount('SIGTERM')).toBe(0);
    expect(run.exits).toEqual([]);
    expect(processWrite.mock.calls.some(([chunk]) => String(chunk).includes('"type":"ready"'))).toBe(false);
    await expect(fetch(`${ready.url as string}/_emulator/health`)).rejects.toThrow();
  });

  test('a second Ctrl-C while it stops exits at once with 130 through io.exit', async () => {
    const run = emulate([]);
    await run.event('ready');
    run.signals.emit('SIGINT');
    run.signals.emit('SIGINT');
    expect(run.exits).toEqual([130]);
    expect(run.stderr()).toContain('Forced exit; pending writes may be lost.');
    // io.exit returned (a test's exit does not end the process): the stop goes on to its end.
    expect(await run.done).toBe(0);
    await run.event('stopped');
  });
});
