// One mail reader for every emulator the tests start in this process. A worker thread costs a tenth
// of a second of CPU to start bundled (half a second from source, through tsx), and the suite starts
// about a hundred emulators that receive mail: one shared pool, on the bundled worker entry, keeps the
// real worker-thread path under test without paying for it each time. Tests of the pool itself build
// their own.
import { MailReader } from '../../emulator/core/mail-reader.js';
import { compiledReaderWorker } from './compiled.js';
import { startEmulator as start, type RunningEmulator, type StartOptions } from '../../emulator/server.js';

export type { RunningEmulator, StartOptions };

let shared: MailReader | undefined;

/** The process's shared reader: one worker thread, started at the first message. */
export function testReader(): MailReader {
  shared ??= new MailReader({
    workers: 1,
    script: compiledReaderWorker(),
    onFallback: (e) => console.error(`the tests' shared mail reader fell back to the main thread: ${e.message}`),
  });
  return shared;
}

/** startEmulator() with the shared reader, unless the test asks for a pool of its own (parseWorkers). */
export function startEmulator(opts: StartOptions = {}): Promise<RunningEmulator> {
  return start(opts.parseWorkers === undefined && !opts.reader ? { ...opts, reader: testReader() } : opts);
}
