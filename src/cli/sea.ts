// The entry of the single executable (`npm run build:sea`, scripts/build-sea.mjs; docs/single-executable.md):
// the whole CLI bundled into one ES module that Node 26 runs from inside its own binary. It does what
// bin/inbox.js does for the npm package, without a dist/ to load: runs main() and handles a closed pipe.
import { main } from './main.js';

// A reader that stops early (`inbox messages list | head -1`): exit 0, or the command's own stop path
// when it has one (emulate, webhooks watch); any other write error in one line. As bin/inbox.js.
let stdoutGone = false;
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (stdoutGone) return;
  stdoutGone = true;
  if (e.code !== 'EPIPE') {
    process.stderr.write(`error: cannot write the output: ${e.message}\nhint: Check where stdout goes (a full disk, a closed file).\n`);
    process.exit(1);
  }
  if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
  else process.exit(0);
});
process.stderr.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});

process.exitCode = await main(process.argv);
