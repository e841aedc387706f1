// CLI errors: a code, a message, a hint that says what to do next, and the exit code that follows.
import { EXIT, type ExitName } from './exit-codes.js';

export class CliError extends Error {
  readonly exit: ExitName;
  readonly code: string;
  readonly hint?: string;
  /** Extra fields for --json error output (e.g. the API's error body). */
  readonly details?: Record<string, unknown>;

  constructor(exit: ExitName, code: string, message: string, hint?: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'CliError';
    this.exit = exit;
    this.code = code;
    this.hint = hint;
    this.details = details;
  }

  get exitCode(): number {
    return EXIT[this.exit];
  }
}
