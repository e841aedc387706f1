// The `inbox` program: commander parses the arguments, each command calls the API client (or starts
// the emulator) and renders through src/ui; errors become exit codes (exit-codes.ts).
// Heavy modules (the emulator, Ink, nodemailer) are imported inside the commands that use them. `main()`
// takes its streams, environment and HTTP as an argument (io.ts), the process's own by default.
import { Command, CommanderError, Option } from 'commander';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { registerEmulate } from './commands/emulate.js';
import { registerClientCommands } from './commands/register.js';
import { registerCompletion } from './commands/completion.js';
import { addHelp } from './help.js';
import { attachIo, processIo, type CliIo } from './io.js';
import { reportError } from './report-error.js';
import { colorEnabled } from '../ui/mode.js';

declare const __INBOX_VERSION__: string | undefined;
const VERSION = typeof __INBOX_VERSION__ === 'string' ? __INBOX_VERSION__ : '0.0.0-dev';

export { handleClosedPipes } from './closed-pipes.js';

export function buildProgram(opts: { json?: boolean; io?: CliIo } = {}): Command {
  const io = opts.io ?? processIo();
  const program = new Command('inbox')
    .description('Client and local emulator of the Disposable Inbox API')
    // With --json the version is JSON too, like every other answer.
    .version(opts.json ? JSON.stringify({ success: true, version: VERSION }) : VERSION, '-V, --version')
    .addOption(new Option('--json', "print JSON (the API's own) on stdout, errors as JSON on stderr"))
    .showSuggestionAfterError()
    .exitOverride()
    // With --json, stderr carries only JSON: a group's help (shown when its subcommand is missing) is left out.
    .configureOutput({
      outputError: () => undefined,
      writeOut: (s) => io.stdout.write(s),
      writeErr: opts.json ? () => undefined : (s) => io.stderr.write(s),
      getOutHelpWidth: () => (io.stdout.isTTY ? io.stdout.columns : undefined) as number,
      getErrHelpWidth: () => (io.stderr.isTTY ? io.stderr.columns : undefined) as number,
      getOutHasColors: () => colorEnabled(io.stdout, io.env),
      getErrHasColors: () => colorEnabled(io.stderr, io.env),
    });
  attachIo(program, io);
  program
    .addOption(new Option('--api-key <key>', 'API key (else INBOX_API_KEY, then the profile)'))
    .addOption(new Option('--base-url <url>', 'API base URL (else INBOX_BASE_URL, then the profile; default the local emulator)'))
    .addOption(new Option('--profile <name>', 'config profile to use (else INBOX_PROFILE, then the current one)'));
  registerClientCommands(program);
  registerEmulate(program);
  registerCompletion(program);
  addHelp(program);
  return program;
}

/**
 * Runs `inbox` with `argv` (as process.argv: node, script, args...). `io` replaces the process's streams,
 * environment and HTTP (tests pass their own); the exit code is returned, never set.
 */
export async function main(argv: string[] = process.argv, io: Partial<CliIo> = {}): Promise<number> {
  const full: CliIo = { ...processIo(), ...io };
  const json = argv.includes('--json');
  const program = buildProgram({ json, io: full });
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.ok;
      // A command group without its subcommand: commander already printed the group's help on stderr.
      if (e.code === 'commander.help') {
        if (!json) return EXIT.usage;
        return reportError(
          new CliError('usage', 'missing_command', 'this command needs a subcommand.', 'Run "inbox <command> --help" to list them.'),
          json,
          full,
        );
      }
      const message = e.message.replace(/^error:\s*/i, '');
      return reportError(new CliError('usage', 'usage', message, 'Run "inbox --help" or "inbox <command> --help" for usage.'), json, full);
    }
    return reportError(e, json, full);
  }
}
