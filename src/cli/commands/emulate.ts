// `inbox emulate`: flags only; the emulator itself lives in emulator/ and is imported on use.
import { Command, Option, InvalidArgumentError } from 'commander';
import type { SyncMode } from '../../../emulator/store/durability.js';
import { CliError } from '../errors.js';

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
  /** --allow-host, repeatable. */
  allowHost?: string[];
  allowRemote?: boolean;
}

export function parsePort(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return n;
}

export function registerEmulate(program: Command): void {
  program
    .command('emulate')
    .description('run a local emulator of the API: HTTP on --port, SMTP on --smtp-port, state in --data')
    .addOption(new Option('--port <n>', 'HTTP API port (0: any free port)').default(4580).argParser(parsePort))
    .addOption(new Option('--smtp-port <n>', 'SMTP port that receives mail (0: any free port)').default(2525).argParser(parsePort))
    .option('--host <addr>', 'address to listen on (keep loopback unless you know why)', '127.0.0.1')
    .option('--data <file>', 'JSON state file; message bodies go to <file minus .json>.d/', '.inbox/emulator.json')
    .option('--memory', 'keep all state in memory (nothing written, nothing kept)')
    .option('--allow-http-webhooks', 'also accept http:// webhook URLs (receivers on localhost)')
    .addOption(new Option('--dns <mode>', 'DNS for custom-domain verification').choices(['simulated', 'system']).default('simulated'))
    .addOption(
      new Option('--fsync <when>', 'when stored mail reaches the disk: always (fsync before each reply), interval (background fsync about 1 s later), never; a killed emulator loses nothing in any mode')
        .choices(['always', 'interval', 'never'] satisfies SyncMode[])
        .default('interval'),
    )
    .option('--no-fsync', 'same as --fsync never')
    .option('--allow-host <name>', 'also answer HTTP requests for this Host name (repeatable; .example.test for a domain and its subdomains)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--allow-remote', 'serve the control surface, tunnels and the mail viewer to other machines too (with --host)')
    .option('--quiet', 'print only the start-up banner')
    .action(async (flags: EmulateFlags, cmd: Command) => {
      const globals = cmd.optsWithGlobals() as { json?: boolean };
      const { runEmulator } = await import('../../../emulator/cli-runner.js');
      try {
        await runEmulator({ ...flags, sync: flags.fsync === false ? 'never' : flags.fsync, json: globals.json });
      } catch (e) {
        throw e instanceof CliError ? e : translateStartError(e, flags);
      }
    });
}

function translateStartError(e: unknown, flags: EmulateFlags): unknown {
  const err = e as NodeJS.ErrnoException & { hint?: string; code?: string };
  if (err?.name === 'StoreError') return new CliError('emulator', err.code ?? 'data_error', err.message, err.hint);
  if (err?.code === 'EADDRINUSE') {
    return new CliError('emulator', 'port_in_use', `${err.message}`, `Another process holds the port; pick others with --port and --smtp-port (now ${flags.port} and ${flags.smtpPort}).`);
  }
  if (err?.code === 'EACCES') {
    return new CliError('emulator', 'port_denied', err.message, 'Ports below 1024 need privileges; use a higher --port / --smtp-port.');
  }
  return e;
}
