// Runs the emulator for the `inbox emulate` command: start, print the banner and live events, stop
// cleanly on Ctrl-C or SIGTERM with every acknowledged change on disk.
import type { SyncMode } from './store/durability.js';
import { startEmulator, type RunningEmulator } from './server.js';
import { attachEmulatorLog } from '../src/ui/emulator-log.js';
import { outputMode } from '../src/ui/mode.js';

export interface RunFlags {
  port: number;
  smtpPort: number;
  host: string;
  data: string;
  memory?: boolean;
  allowHttpWebhooks?: boolean;
  dns: 'simulated' | 'system';
  sync: SyncMode;
  json?: boolean;
  quiet?: boolean;
  /** Catch-all account key, true for the enterprise key (emulator/core/catch-all.ts). */
  catchAll?: string | boolean;
  allowHost?: string[];
  allowRemote?: boolean;
}

export async function runEmulator(flags: RunFlags): Promise<void> {
  const emu: RunningEmulator = await startEmulator({
    port: flags.port,
    smtpPort: flags.smtpPort,
    host: flags.host,
    data: flags.memory ? null : flags.data,
    allowHttpWebhooks: flags.allowHttpWebhooks,
    dns: flags.dns,
    sync: flags.sync,
    catchAll: flags.catchAll,
    allowHosts: flags.allowHost,
    allowRemote: flags.allowRemote,
  });
  const log = attachEmulatorLog(emu, { mode: outputMode({ json: flags.json }), quiet: flags.quiet });
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        process.stderr.write('Forced exit; pending writes may be lost.\n');
        process.exit(130);
      }
      stopping = true;
      log.stopping(signal);
      emu.close().then(
        () => {
          log.stopped();
          resolve();
        },
        (e) => {
          process.stderr.write(`error while stopping: ${(e as Error).message}\n`);
          process.exitCode = 1;
          resolve();
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
