#!/usr/bin/env node
// Shim: runs the built CLI bundle (dist/: shipped in the package; in a checkout, `npm run build` makes it).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'error: dist/cli.js is missing: this checkout is not built yet.\nhint: run "npm run build" (npm test and npm run emulate build it too).\n',
  );
  process.exit(1);
}
// A reader that stops early (`inbox messages list | head -1`) closes the pipe: stop quietly, as other
// command-line tools do, instead of dying with an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}
const { main } = await import(bundle.href);
process.exitCode = await main(process.argv);
