// Writes an error to stderr (text with a hint, or JSON) and returns its exit code.
import type { CliIo } from './io.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { colorEnabled, paint } from '../ui/mode.js';
import { terminalJson, terminalText } from '../ui/terminal-text.js';

export function reportError(e: unknown, json: boolean, io: Pick<CliIo, 'stderr' | 'env'> = process): number {
  const { stderr, env } = io;
  const err =
    e instanceof CliError
      ? e
      : new CliError(
          'error',
          'unexpected',
          e instanceof Error ? e.message : String(e),
          'This looks like a bug in inbox; please report it with the command you ran.',
        );
  if (json) {
    stderr.write(terminalJson({ success: false, error: err.code, message: err.message, hint: err.hint, exit_code: err.exitCode, ...err.details }) + '\n');
  } else {
    const c = colorEnabled(stderr, env);
    // Messages can quote what a server or a mail said: through the terminal gate.
    // A usage error is composed here (commander's, e.g. "unknown command 'x'" and "(Did you mean y?)"
    // on the next line): its newlines are kept, each line still through the gate.
    const lines = err.code === 'usage' ? err.message.split('\n') : [err.message];
    const message = lines.map((l) => terminalText(l)).join('\n');
    stderr.write(`${paint(c, 'red', 'error')}: ${message}\n`);
    if (err.hint) stderr.write(`${paint(c, 'dim', 'hint')}: ${terminalText(err.hint)}\n`);
    if (err.exit === 'error' && !(e instanceof CliError) && env.INBOX_DEBUG && e instanceof Error) {
      stderr.write(`${e.stack}\n`);
    }
  }
  return err.exitCode ?? EXIT.error;
}

/** The exit code of a second Ctrl-C during a clean stop: the shell's for an interrupt (128 + SIGINT). */
export const FORCED_EXIT = 130;

/**
 * A second Ctrl-C while a long-running command cleans up: says what was left undone (`undone`, a
 * sentence), as a JSON error line with --json like any other error, and returns the exit code.
 */
export function reportForcedExit(undone: string, json: boolean, stderr: NodeJS.WriteStream): number {
  const message = `Forced exit; ${undone}`;
  stderr.write(json ? `${terminalJson({ success: false, error: 'forced_exit', message, exit_code: FORCED_EXIT })}\n` : `${message}\n`);
  return FORCED_EXIT;
}
