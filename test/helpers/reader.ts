// startEmulator() as the tests start it. (It once shared a pool of mail-reading worker threads
// between the emulators of one test process; mail is now read on the main thread, so this only
// re-exports the library's entry, for the tests that import it from here.)
export { startEmulator, type RunningEmulator, type StartOptions } from '../../emulator/server.js';
