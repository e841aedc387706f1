// The emulators a test process starts share one mail reader (`startEmulator({mailReader})`,
// docs/emulator.md): its worker thread starts once per process instead of once per emulator (182
// starts in a run of the suite, about 0.3 s of CPU each). Idle, its worker does not keep the process
// alive, so it is never closed. startEmulator() here and makeCore()/makeApp() (helpers/emulator.ts)
// pass it; a test that gives its own `mailReader`, and every emulator in a child process or the built
// binary, has the default: a reader of its own.
import { MailReader } from '../../emulator/core/mail/reader.js';
import { startEmulator as start, type StartOptions } from '../../emulator/server.js';

export type { RunningEmulator, StartOptions } from '../../emulator/server.js';

let shared: MailReader | null = null;

export function sharedMailReader(): MailReader {
  shared ??= new MailReader();
  return shared;
}

export function startEmulator(opts: StartOptions = {}) {
  return start({ mailReader: sharedMailReader(), ...opts });
}
