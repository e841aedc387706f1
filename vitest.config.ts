import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that take longest (a browser, child processes, npm, waits on real time), started first so
// they overlap the rest instead of running alone at the end. vitest orders files by their last
// durations when it has them; a fresh clone (CI) has none, and would run these in name order.
const SLOW_FIRST = [
  'test/reliability/reset-kill.test.ts',
  'test/viewer/browser.test.ts',
  'test/package/pack.test.ts',
  'test/emulator/binary.test.ts',
  'test/reliability/message-stream.test.ts',
  'test/cli/docs-ci.test.ts',
  'test/cli/rough-edges.test.ts',
  'test/emulator/emulate-env.test.ts',
  'test/reliability/kill-trials.test.ts',
  'test/mail/durability.test.ts',
  'test/cli/bin.test.ts',
  'test/cli/docs-example.test.ts',
  'test/reliability/webhook-crash.test.ts',
  'test/viewer/open.test.ts',
  'test/reliability/lock-race.test.ts',
  'test/mcp/stdio.test.ts',
  'test/package/dist-current.test.ts',
  'test/package/sea.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(relative(f.project.config.root, f.moduleId).replaceAll('\\', '/'));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Prints a loud notice when no Chromium is installed (the browser suites then skip); makes the
    // private build of the package that the binary tests copy.
    globalSetup: ['test/helpers/browser-notice.ts', 'test/helpers/private-build.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    sequence: { sequencer: SlowFirst },
    // vitest's default on 2 cores is one worker; most files wait on sockets and child processes, so
    // three overlap that waiting without starving the CPU.
    maxWorkers: 3,
    // One module graph per worker, reused across its test files: most files import the same emulator,
    // hono and mailparser, and importing them again per file was about a third of the suite's time.
    // Safe because nothing keeps module-level state (ARCHITECTURE.md rule 9) and no test mocks modules.
    isolate: false,
    // Transformed modules are kept in node_modules/.experimental-vitest-cache between runs, keyed by
    // their content: a second run skips most of the TypeScript transform (about 5 s of the workers'
    // import time on these 2 cores). A fresh clone has no cache and transforms everything.
    experimental: { fsModuleCache: true },
    // Ink draws live frames only outside CI, and reads CI once; the terminal tests check live frames.
    env: { CI: 'false' },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest-results.json' },
  },
});
