// `inbox emulate`: flags only; the emulator itself lives in emulator/ and is imported on use.
import { Command, Option, InvalidArgumentError } from 'commander';
import type { SyncMode } from '../../../emulator/server.js';
import { CliError } from '../errors.js';
import { ioOf } from '../io.js';

export interface EmulateFlags {
  port: number;
  smtpPort: number;
  host: string;
  data: string;
  memory?: boolean;
  allowHttpWebhooks?: boolean;
  dns: 'simulated' | 'system';
  /** --fsync <when>, or false from --no-fsync. */
  fsync: SyncMode | false;
  json?: boolean;
  quiet?: boolean;
  /** --catch-all [account-key]: true for the enterprise key. */
  catchAll?: string | boolean;
  /** --catch-all-max-inboxes <n>; unset: the emulator's default (1,000). */
  catchAllMaxInboxes?: number;
  /** --allow-host, repeatable. */
  allowHost?: string[];
  allowRemote?: boolean;
  /** --cors-origin, repeatable. */
  corsOrigin?: string[];
}

/**
 * Every flag can come from an INBOX_EMULATOR_* variable (a service container has no command line to
 * edit); a flag on the command line wins over its variable, which wins over the default.
 */
export const EMULATOR_ENV = {
  port: 'INBOX_EMULATOR_PORT',
  smtpPort: 'INBOX_EMULATOR_SMTP_PORT',
  host: 'INBOX_EMULATOR_HOST',
  data: 'INBOX_EMULATOR_DATA',
  memory: 'INBOX_EMULATOR_MEMORY',
  allowHttpWebhooks: 'INBOX_EMULATOR_ALLOW_HTTP_WEBHOOKS',
  dns: 'INBOX_EMULATOR_DNS',
  fsync: 'INBOX_EMULATOR_FSYNC',
  quiet: 'INBOX_EMULATOR_QUIET',
  catchAll: 'INBOX_EMULATOR_CATCH_ALL',
  catchAllMaxInboxes: 'INBOX_EMULATOR_CATCH_ALL_MAX_INBOXES',
  allowHost: 'INBOX_EMULATOR_ALLOW_HOST',
  allowRemote: 'INBOX_EMULATOR_ALLOW_REMOTE',
  corsOrigin: 'INBOX_EMULATOR_CORS_ORIGIN',
} as const;

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off|)$/i;

function envBool(name: string, v: string): boolean {
  if (TRUE.test(v.trim())) return true;
  if (FALSE.test(v.trim())) return false;
  throw new CliError(
    'usage',
    'invalid_env',
    `${name}=${JSON.stringify(v)} is not a yes/no value.`,
    `Use ${name}=1 or ${name}=0 (also true/false, yes/no, on/off).`,
  );
}

/** Parses one variable's value as its flag would, or refuses it as a usage error naming the variable. */
function envValue<T>(name: string, v: string, parse: (v: string) => T): T {
  try {
    return parse(v.trim());
  } catch (e) {
    const why = e instanceof InvalidArgumentError ? e.message : String(e);
    throw new CliError(
      'usage',
      'invalid_env',
      `${name}=${JSON.stringify(v)} is not valid: ${why}`,
      `Fix or unset ${name}; the --help of inbox emulate lists the values.`,
    );
  }
}

/** The values of --dns and --fsync, for the options and their variables alike. */
const DNS_MODES = ['simulated', 'system'] as const;
const SYNC_MODES = ['always', 'interval', 'never'] as const satisfies readonly SyncMode[];

function oneOf<T extends string>(values: readonly T[]): (v: string) => T {
  return (v) => {
    if ((values as readonly string[]).includes(v)) return v as T;
    throw new InvalidArgumentError(`expected one of ${values.join(', ')}.`);
  };
}

const text = (v: string): string => {
  if (!v) throw new InvalidArgumentError('expected a value.');
  return v;
};

/**
 * The INBOX_EMULATOR_* variables of `env` (the CLI's io, not necessarily this process's), for every
 * flag the command line did not set.
 */
export function applyEnvFlags(flags: EmulateFlags, cmd: Command, env: NodeJS.ProcessEnv = process.env): EmulateFlags {
  const out = { ...flags };
  const fromCli = (name: string) => cmd.getOptionValueSource(name) === 'cli';
  const valued = (name: keyof typeof EMULATOR_ENV) => (fromCli(name) ? undefined : env[EMULATOR_ENV[name]]);
  const assign = <K extends keyof EmulateFlags & keyof typeof EMULATOR_ENV>(name: K, parse: (v: string) => EmulateFlags[K]) => {
    const v = valued(name);
    if (v !== undefined) (out as Record<K, EmulateFlags[K]>)[name] = envValue(EMULATOR_ENV[name], v, parse);
  };
  assign('port', parsePort);
  assign('smtpPort', parsePort);
  assign('host', text);
  assign('data', text);
  assign('dns', oneOf(DNS_MODES));
  assign('fsync', oneOf(SYNC_MODES));
  assign('catchAllMaxInboxes', parseCatchAllMax);
  for (const name of ['memory', 'allowHttpWebhooks', 'allowRemote', 'quiet'] as const) {
    const v = valued(name);
    if (v !== undefined) out[name] = envBool(EMULATOR_ENV[name], v);
  }
  assign('catchAll', (v) => (TRUE.test(v) ? true : FALSE.test(v) ? false : v));
  assign('corsOrigin', (v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map(parseOrigin),
  );
  assign('allowHost', (v) =>
    v
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  );
  return out;
}

/** A web page origin (`http://localhost:3000`), or `*`. */
export function parseOrigin(v: string): string {
  const o = v.trim();
  if (o === '*') return o;
  let url: URL | null = null;
  try {
    url = new URL(o);
  } catch {}
  const bare = url !== null && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) {
    throw new InvalidArgumentError(
      `expected a web page origin such as http://localhost:3000 (scheme, host and port, no path), or *; got "${o.slice(0, 100)}".`,
    );
  }
  return url.origin;
}

export function parsePort(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return n;
}

function parseCatchAllMax(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > 1_000_000) throw new InvalidArgumentError('expected a number of inboxes from 1 to 1000000.');
  return n;
}

export function registerEmulate(program: Command): void {
  program
    .command('emulate')
    .description('run a local emulator of the API: HTTP on --port, SMTP on --smtp-port, state in --data')
    .addOption(new Option('--port <n>', `HTTP API port (0: any free port) (env: ${EMULATOR_ENV.port})`).default(4580).argParser(parsePort))
    .addOption(
      new Option('--smtp-port <n>', `SMTP port that receives mail (0: any free port) (env: ${EMULATOR_ENV.smtpPort})`).default(2525).argParser(parsePort),
    )
    .addOption(
      new Option('--host <addr>', `address to listen on (keep loopback unless you know why; 0.0.0.0 in a container) (env: ${EMULATOR_ENV.host})`).default(
        '127.0.0.1',
      ),
    )
    .addOption(
      new Option('--data <file>', `JSON state file; message bodies go to <file minus .json>.d/ (env: ${EMULATOR_ENV.data})`).default('.inbox/emulator.json'),
    )
    .option('--memory', `keep all state in memory (nothing written, nothing kept) (env: ${EMULATOR_ENV.memory}=1)`)
    .option(
      '--allow-http-webhooks',
      `also accept http:// webhook URLs, and targets on this machine (loopback, its own addresses) or its link-local network over https (env: ${EMULATOR_ENV.allowHttpWebhooks}=1)`,
    )
    .addOption(new Option('--dns <mode>', `DNS for custom-domain verification (env: ${EMULATOR_ENV.dns})`).choices(DNS_MODES).default('simulated'))
    .addOption(
      new Option(
        '--fsync <when>',
        `when stored mail reaches the disk: always (fsync before each reply), interval (background fsync about 1 s later), never; a killed emulator loses nothing in any mode (env: ${EMULATOR_ENV.fsync})`,
      )
        .choices(SYNC_MODES)
        .default('interval'),
    )
    .option('--no-fsync', 'same as --fsync never')
    .option(
      '--catch-all [account-key]',
      `accept mail to any address on a platform domain (or a verified custom domain of the account) and register the inbox on the fly, for the account of the key (default emu_enterprise) (env: ${EMULATOR_ENV.catchAll}=1 or =<key>)`,
    )
    .addOption(
      new Option(
        '--catch-all-max-inboxes <n>',
        `most inboxes catch-all keeps registered; a new address past it is refused with 550 until some are removed or the emulator is reset (default: 1000) (env: ${EMULATOR_ENV.catchAllMaxInboxes})`,
      ).argParser(parseCatchAllMax),
    )
    .option(
      '--allow-host <name>',
      `also answer HTTP requests for this Host name (repeatable; .example.test for a domain and its subdomains) (env: ${EMULATOR_ENV.allowHost}=a,b)`,
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option(
      '--cors-origin <origin>',
      `answer browser requests to the API from this web page origin, with CORS headers (repeatable; * for any page, which lets any web site use the public seeded keys) (env: ${EMULATOR_ENV.corsOrigin}=a,b)`,
      (v: string, prev: string[] = []) => [...prev, parseOrigin(v)],
    )
    .option('--allow-remote', `serve the control surface, tunnels and the mail viewer to other machines too (with --host) (env: ${EMULATOR_ENV.allowRemote}=1)`)
    .option('--quiet', `print only the start-up banner and refused recipients (env: ${EMULATOR_ENV.quiet}=1)`)
    .addHelpText(
      'after',
      '\nEvery flag can also be set by its INBOX_EMULATOR_* variable (shown above); a flag given on the\ncommand line wins over the variable.',
    )
    .action(async (cliFlags: EmulateFlags, cmd: Command) => {
      const flags = applyEnvFlags(cliFlags, cmd, ioOf(cmd).env);
      const globals = cmd.optsWithGlobals() as { json?: boolean };
      const { runEmulator } = await import('../emulate-runner.js');
      try {
        await runEmulator({ ...flags, sync: flags.fsync === false ? 'never' : flags.fsync, json: globals.json }, ioOf(cmd));
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
      `Another process holds the port; pick others with --port and --smtp-port (now ${flags.port} and ${flags.smtpPort}).`,
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
