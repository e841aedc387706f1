import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Prints a loud notice when no Chromium is installed (the browser suites then skip).
    globalSetup: ['test/helpers/browser-notice.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // vitest's default on 2 cores is one worker; most files wait on sockets and child processes, so
    // three overlap that waiting without starving the CPU.
    maxWorkers: 3,
    // One module graph per worker, reused across its test files: most files import the same emulator,
    // hono and mailparser, and importing them again per file was about a third of the suite's time.
    // Safe because nothing keeps module-level state (ARCHITECTURE.md rule 9) and no test mocks modules.
    isolate: false,
    // Ink draws live frames only outside CI, and reads CI once; the terminal tests check live frames.
    env: { CI: 'false' },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest-results.json' },
  },
});
