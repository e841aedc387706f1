// Runs the emulator for the `inbox emulate` command: start, print the banner and live events, stop
// cleanly on Ctrl-C or SIGTERM with every acknowledged change on disk.
import { startOptionsOf, type EmulateFlags } from '../../emulator/options.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { attachEmulatorLog } from '../ui/emulator-log.js';
import { outputMode } from '../ui/mode.js';
import { CliError } from './errors.js';
import { type CliIo, exitOf, processIo } from './io.js';
import { reportForcedExit } from './report-error.js';

/** The flags of `inbox emulate` (emulator/options.ts) and the global --json. */
export type RunFlags = EmulateFlags & { json?: boolean };

/** Where the running emulator prints and which signals stop it (`main()`'s io; the process's by default). */
export type RunIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'signals' | 'exit'>;

export async function runEmulator(flags: RunFlags, io: RunIo = processIo()): Promise<void> {
  const emu: RunningEmulator = await startEmulator({
    ...startOptionsOf(flags),
    data: flags.memory ? null : flags.data,
    onBug: (e) => io.stderr.write(`[inbox emulate] unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`),
  });
  const log = attachEmulatorLog(emu, {
    mode: outputMode({ json: flags.json }, io.stdout, io.env),
    quiet: flags.quiet,
    stdout: io.stdout,
    stderr: io.stderr,
    env: io.env,
  });
  const signals = io.signals ?? process;
  const exit = exitOf(io);
  let onInt = () => {};
  let onTerm = () => {};
  const failed = await new Promise<Error | null>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        exit(reportForcedExit('pending writes may be lost.', flags.json === true, io.stderr));
        return;
      }
      stopping = true;
      log.stopping(signal);
      emu.close().then(
        () => {
          log.stopped();
          resolve(null);
        },
        (e) => resolve(e as Error),
      );
    };
    onInt = () => stop('SIGINT');
    onTerm = () => stop('SIGTERM');
    signals.on('SIGINT', onInt);
    signals.on('SIGTERM', onTerm);
  });
  signals.off('SIGINT', onInt);
  signals.off('SIGTERM', onTerm);
  if (failed) {
    throw new CliError(
      'emulator',
      'stop_failed',
      `error while stopping: ${failed.message}`,
      flags.memory ? undefined : 'Start it again on the same --data: it reports what it recovered.',
    );
  }
}
