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
// A closed pipe ends the command quietly (src/cli/closed-pipes.ts).
const { main, handleClosedPipes } = await import(bundle.href);
handleClosedPipes();
process.exitCode = await main(process.argv);
