// `inbox emulate` run through main(argv, io) in this process: it prints to io.stdout, stops on the
// signals of io.signals and lets go of them, and a second Ctrl-C during the stop ends through io.exit.
// The built binary with real signals is test/emulator/binary.test.ts.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emulateInProcess } from '../helpers/emulate.js';

const ARGS = ['--port', '0', '--smtp-port', '0', '--memory', '--json'];
const event = (run: ReturnType<typeof emulateInProcess>, type: string) => run.events().find((e) => e.type === type);

afterEach(() => vi.restoreAllMocks());

describe('inbox emulate in-process', () => {
  test('prints to io.stdout, serves until SIGTERM on io.signals, then lets go of the signals', async () => {
    const processWrite = vi.spyOn(process.stdout, 'write');
    const run = emulateInProcess(ARGS);
    const { url } = await run.ready();
    expect((await fetch(`${url}/_emulator/health`)).status).toBe(200);
    expect(run.signals.listenerCount('SIGINT')).toBe(1);
    expect(run.signals.listenerCount('SIGTERM')).toBe(1);

    expect(await run.stop('SIGTERM')).toBe(0);
    expect(event(run, 'stopping')).toMatchObject({ signal: 'SIGTERM' });
    expect(event(run, 'stopped')).toBeDefined();
    expect(run.signals.listenerCount('SIGINT') + run.signals.listenerCount('SIGTERM')).toBe(0);
    expect(run.exits).toEqual([]);
    expect(processWrite.mock.calls.some(([chunk]) => String(chunk).includes('"type":"ready"'))).toBe(false);
    await expect(fetch(`${url}/_emulator/health`)).rejects.toThrow();
  });

  test('a second Ctrl-C while it stops exits at once with 130 through io.exit', async () => {
    const run = emulateInProcess(ARGS);
    await run.ready();
    run.signals.emit('SIGINT');
    run.signals.emit('SIGINT');
    expect(run.exits).toEqual([130]);
    expect(run.stderr()).toContain('Forced exit; pending writes may be lost.');
    // io.exit returned (a test's exit does not end the process): the stop goes on to its end.
    expect(await run.done).toBe(0);
    expect(event(run, 'stopped')).toBeDefined();
  });
});
