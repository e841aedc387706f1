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
// A reader that stops early (`inbox messages list | head -1`) closes the pipe. On stdout that ends the
// command without an EPIPE stack trace: with exit 0, since the reader took what it wanted, or, for a
// command that has a stop path (emulate, webhooks watch listen for SIGTERM), through that path, so the
// emulator flushes and the watch removes its webhook. A closed stderr is ignored: the command's own
// exit code (a failure, say) must survive `2>&1 | grep -q ...`.
let stdoutGone = false;
process.stdout.on('error', (e) => {
  if (stdoutGone) return;
  if (e.code !== 'EPIPE') {
    // A full disk or a closed terminal: said in one line, not as a stack trace.
    stdoutGone = true;
    process.stderr.write(`error: cannot write the output: ${e.message}\nhint: Check where stdout goes (a full disk, a closed file).\n`);
    process.exit(1);
  }
  stdoutGone = true;
  if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
  else process.exit(0);
});
process.stderr.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
});
const { main } = await import(bundle.href);
process.exitCode = await main(process.argv);
