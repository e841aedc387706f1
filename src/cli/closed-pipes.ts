// A reader that stops early (`inbox messages list | head -1`) closes the pipe. On stdout that ends the
// command without an EPIPE stack trace: with exit 0, since the reader took what it wanted, or, for a
// command that has a stop path (emulate, webhooks watch listen for SIGTERM), through that path, so the
// emulator flushes and the watch removes its webhook. A closed stderr is ignored: the command's own
// exit code (a failure, say) must survive `2>&1 | grep -q ...`. Installed by both entries, bin/inbox.js
// (the npm package) and src/cli/one-file.ts (the single executable and the CI action).
export function handleClosedPipes(): void {
  let stdoutGone = false;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (stdoutGone) return;
    stdoutGone = true;
    if (e.code !== 'EPIPE') {
      // A full disk or a closed terminal: said in one line, not as a stack trace.
      process.stderr.write(`error: cannot write the output: ${e.message}\nhint: Check where stdout goes (a full disk, a closed file).\n`);
      process.exit(1);
    }
    if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
    else process.exit(0);
  });
  process.stderr.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
}
