// `inbox emulate`: flags only; the emulator itself lives in emulator/ and is imported on use. The flags
// and their INBOX_EMULATOR_* variables are derived from the emulator's options (emulator/options.ts).
import { Command, Option, InvalidArgumentError } from 'commander';
import {
  choicesOf,
  EMULATOR_OPTIONS,
  flagOf,
  parseOptionValue,
  variableOf,
  yesNo,
  type EmulateFlags,
  type OptionName,
  type OptionSpec,
} from '../../../emulator/options.js';
import { CliError } from '../errors.js';
import { ioOf } from '../io.js';

export type { EmulateFlags };

const OPTIONS = Object.entries(EMULATOR_OPTIONS) as Array<[OptionName, OptionSpec]>;

/** How help shows a variable's value after its name, by kind (none: the flag's own value). */
const VARIABLE_FORM: Record<OptionSpec['kind'], (spec: OptionSpec) => string> = {
  value: () => '',
  switch: () => '=1',
  optional: (spec) => `=1 or =<${spec.arg?.slice(1, -1)}>`,
  list: () => '=a,b',
};

/** A flag's value from its text, or commander's usage error saying what is expected. */
function flagValue(name: OptionName, v: string): unknown {
  try {
    return parseOptionValue(name, v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/** The commander options of one of the emulator's options: the flag, its `--no-` form if any. */
function flagsOf(name: OptionName, spec: OptionSpec): Option[] {
  const help = `${spec.help} (env: ${variableOf(name)}${VARIABLE_FORM[spec.kind](spec)})`;
  const o = new Option(spec.arg ? `${flagOf(name)} ${spec.arg}` : flagOf(name), help);
  const choices = choicesOf(name);
  if (choices) o.choices(choices);
  else if (spec.kind === 'list') o.argParser((v: string, prev: unknown[] = []) => [...prev, flagValue(name, v)]);
  else if (spec.type) o.argParser((v: string) => flagValue(name, v));
  if (spec.default !== undefined) o.default(spec.default);
  if (spec.negate === undefined) return [o];
  return [o, new Option(`--no-${flagOf(name).slice(2)}`, `same as ${flagOf(name)} ${spec.negate}`)];
}

/** Parses one variable's value as its flag would, or refuses it as a usage error naming the variable. */
function variableValue(name: OptionName, spec: OptionSpec, raw: string): unknown {
  const variable = variableOf(name);
  const v = raw.trim();
  if (spec.kind === 'switch') {
    const on = yesNo(v);
    if (on !== undefined) return on;
    throw new CliError(
      'usage',
      'invalid_env',
      `${variable}=${JSON.stringify(raw)} is not a yes/no value.`,
      `Use ${variable}=1 or ${variable}=0 (also true/false, yes/no, on/off).`,
    );
  }
  try {
    if (spec.kind === 'optional') return yesNo(v) ?? parseOptionValue(name, v);
    if (spec.kind === 'list') {
      return v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => parseOptionValue(name, item));
    }
    return parseOptionValue(name, v);
  } catch (e) {
    throw new CliError(
      'usage',
      'invalid_env',
      `${variable}=${JSON.stringify(raw)} is not valid: ${(e as Error).message}`,
      `Fix or unset ${variable}; the --help of inbox emulate lists the values.`,
    );
  }
}

/**
 * Every flag can come from an INBOX_EMULATOR_* variable (a service container has no command line to
 * edit) of `env` (the CLI's io, not necessarily this process's); a flag on the command line wins over
 * its variable, which wins over the default.
 */
export function applyEnvFlags(flags: EmulateFlags, cmd: Command, env: NodeJS.ProcessEnv = process.env): EmulateFlags {
  const out: Record<string, unknown> = { ...flags };
  for (const [name, spec] of OPTIONS) {
    const raw = cmd.getOptionValueSource(name) === 'cli' ? undefined : env[variableOf(name)];
    if (raw !== undefined) out[name] = variableValue(name, spec, raw);
  }
  return out as EmulateFlags;
}

export function registerEmulate(program: Command): void {
  const cmd = program.command('emulate').description('run a local emulator of the API: HTTP on --port, SMTP on --smtp-port, state in --data');
  for (const [name, spec] of OPTIONS) for (const o of flagsOf(name, spec)) cmd.addOption(o);
  cmd
    .addHelpText(
      'after',
      '\nEvery flag can also be set by its INBOX_EMULATOR_* variable (shown above); a flag given on the\ncommand line wins over the variable.',
    )
    .action(async (cliFlags: EmulateFlags) => {
      const flags = applyEnvFlags(cliFlags, cmd, ioOf(cmd).env);
      const globals = cmd.optsWithGlobals() as { json?: boolean };
      const { runEmulator } = await import('../emulate-runner.js');
      try {
        await runEmulator({ ...flags, json: globals.json }, ioOf(cmd));
      } catch (e) {
        throw e instanceof CliError ? e : translateStartError(e, flags);
      }
    });
}

function translateStartError(e: unknown, flags: EmulateFlags): unknown {
  const err = e as NodeJS.ErrnoException & { hint?: string; code?: string };
  if (err?.name === 'StoreError' || err?.name === 'StartError') return new CliError('emulator', err.code ?? 'data_error', err.message, err.hint);
  if (err?.code === 'EADDRINUSE') {
    return new CliError(
      'emulator',
      'port_in_use',
      `${err.message}`,
      flags.smtpsPort === undefined
        ? `Another process holds the port; pick others with --port and --smtp-port (now ${flags.port} and ${flags.smtpPort}).`
        : `Another process holds the port; pick others with --port, --smtp-port and --smtps-port (now ${flags.port}, ${flags.smtpPort} and ${flags.smtpsPort}).`,
    );
  }
  if (err?.code === 'EACCES' && err.syscall === 'listen') {
    return new CliError('emulator', 'port_denied', err.message, 'Ports below 1024 need privileges; use a higher --port / --smtp-port.');
  }
  if (err?.syscall === 'getaddrinfo' || err?.code === 'EADDRNOTAVAIL') {
    return new CliError(
      'emulator',
      'bad_host',
      `cannot listen on --host ${flags.host}: ${err.message}`,
      'Give --host an address of this machine: 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface.',
    );
  }
  if (typeof err?.syscall === 'string' && err.syscall !== 'listen' && FILE_ERRORS.has(err.code ?? '')) {
    return new CliError(
      'emulator',
      'data_path',
      `cannot use the data file ${flags.data}: ${err.message}`,
      'Point --data at a JSON file in a folder you can write (the folders are created), or run with --memory.',
    );
  }
  return e;
}

/** File-system errors that mean the --data path cannot be used (not a bug of the emulator). */
const FILE_ERRORS = new Set(['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'EROFS', 'ENOSPC', 'ENAMETOOLONG', 'ELOOP', 'EEXIST']);
