// `inbox emulate` run through main(argv, io) in this process: it prints to io.stdout, stops on the
// signals of io.signals and lets go of them, a second Ctrl-C during the stop ends through io.exit, and a
// stop that cannot save is an error with exit 10.
// The built binary with real signals is test/emulator/binary.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emulateInProcess, type EmulateRun } from '../helpers/emulate.js';
import { exitOf, processIo } from '../../src/cli/io.js';

const ARGS = ['--port', '0', '--smtp-port', '0', '--memory', '--json'];
const runs: EmulateRun[] = [];
function emulate(args: string[]): EmulateRun {
  const run = emulateInProcess(args);
  runs.push(run);
  return run;
}
const event = (run: EmulateRun, type: string) => run.events().find((e) => e.type === type);

afterEach(async () => {
  vi.restoreAllMocks();
  // A test that failed half-way leaves no emulator running in this shared worker.
  for (const run of runs.splice(0)) await run.stop();
});

describe('inbox emulate in-process', () => {
  test('prints to io.stdout, serves until SIGTERM on io.signals, then lets go of the signals', async () => {
    const processWrite = vi.spyOn(process.stdout, 'write');
    const run = emulate(ARGS);
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
    const run = emulate(ARGS);
    await run.ready();
    run.signals.emit('SIGINT');
    run.signals.emit('SIGINT');
    expect(run.exits).toEqual([130]);
    // With --json, the forced exit is a JSON error line like any other.
    const forced = run
      .stderr()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(forced).toEqual([{ success: false, error: 'forced_exit', message: 'Forced exit; pending writes may be lost.', exit_code: 130 }]);
    // io.exit returned (a test's exit does not end the process): the stop goes on to its end.
    expect(await run.done).toBe(0);
    expect(event(run, 'stopped')).toBeDefined();
  });

  // Replacing a folder that holds open files is refused on Windows.
  test.skipIf(process.platform === 'win32')(
    'a stop that cannot save the data file ends with exit 10 and the error, and still lets go of the signals',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'inbox-emulate-stop-'));
      try {
        const data = join(dir, 'data');
        const run = emulate(['--port', '0', '--smtp-port', '0', '--data', join(data, 'emulator.json'), '--json']);
        const { apiUrl } = await run.ready();
        // The data folder is replaced by a file: every later write fails with ENOTDIR.
        rmSync(data, { recursive: true, force: true });
        writeFileSync(data, 'not a folder');
        const refused = await fetch(`${apiUrl}/inboxes`, {
          method: 'POST',
          headers: { authorization: 'Bearer emu_growth', 'content-type': 'application/json' },
          body: JSON.stringify({ inbox: 'lost@inbox.test' }),
        });
        expect(refused.status).toBe(503);
        expect(await run.stop()).toBe(10);
        const error = JSON.parse(run.stderr().trim().split('\n').pop()!) as Record<string, unknown>;
        expect(error).toMatchObject({ error: 'stop_failed', exit_code: 10 });
        expect(String(error.message)).toMatch(/^error while stopping: ENOTDIR/);
        expect(event(run, 'stopped')).toBeUndefined();
        expect(run.signals.listenerCount('SIGINT') + run.signals.listenerCount('SIGTERM')).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe("main()'s default io", () => {
  test("is the process's: its streams, environment and signals, and process.exit for a forced exit", () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const io = processIo();
    expect(io.stdout).toBe(process.stdout);
    expect(io.stderr).toBe(process.stderr);
    expect(io.env).toBe(process.env);
    expect(io.signals).toBe(process);
    exitOf(io)(130);
    expect(exit).toHaveBeenCalledWith(130);
  });
});
