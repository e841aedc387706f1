// The action's inputs (action.yml declares the same, with the same defaults: test/action/action.test.ts
// holds the two together) and how they become `inbox emulate` arguments.

export interface ActionInput {
  description: string;
  default: string;
}

export const INPUTS = {
  port: { description: 'HTTP port of the API, the control surface and the mail viewer', default: '4580' },
  'smtp-port': { description: 'SMTP port', default: '2525' },
  host: { description: 'address to listen on (0.0.0.0 for service containers; the exported URLs name 127.0.0.1 then)', default: '127.0.0.1' },
  'catch-all': {
    description: "accept mail for any address at any domain: 'true' for the emu_enterprise account, an account's API key, or 'false'",
    default: 'false',
  },
  'catch-all-max-inboxes': { description: 'most inboxes catch-all registers (empty: the emulator default, 1000)', default: '' },
  data: { description: 'JSON data file to keep state in (empty: in memory, nothing kept)', default: '' },
  fsync: { description: 'with a data file: always, interval or never', default: 'interval' },
  timeout: { description: 'seconds to wait for the emulator to be ready', default: '30' },
  log: { description: "file the emulator's log is written to (empty: inbox-emulator.log in RUNNER_TEMP)", default: '' },
} as const satisfies Record<string, ActionInput>;

export type InputName = keyof typeof INPUTS;

export const OUTPUTS = {
  'base-url': 'the API base URL, e.g. http://127.0.0.1:4580 (also exported as INBOX_BASE_URL)',
  smtp: 'host:port of the SMTP port (also exported as INBOX_SMTP)',
  'smtp-host': 'host of the SMTP port (also exported as INBOX_SMTP_HOST)',
  'smtp-port': 'the SMTP port (also exported as INBOX_SMTP_PORT)',
  log: "path of the emulator's log file",
  pid: "the emulator's process id",
} as const;

export interface Settings {
  port: number;
  smtpPort: number;
  /** Where it listens. */
  host: string;
  /** Where the job's steps reach it (127.0.0.1 for a wildcard host; an IPv6 address without brackets). */
  connectHost: string;
  timeoutMs: number;
  log: string | null;
  args: string[];
}

function port(name: string, v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > 65535) throw new Error(`input ${name}: expected a port number from 1 to 65535, got "${v}"`);
  return n;
}

/** The settings of a run from the inputs (`get` gives an input's value or its default); a bad input throws, naming it. */
export function settingsOf(get: (name: InputName) => string): Settings {
  const value = (name: InputName) => get(name) || INPUTS[name].default;
  const p = port('port', value('port'));
  const smtpPort = port('smtp-port', value('smtp-port'));
  const host = value('host');
  const args = ['emulate', '--port', String(p), '--smtp-port', String(smtpPort), '--host', host];
  const catchAll = value('catch-all');
  if (/^(true|yes|1)$/i.test(catchAll)) args.push('--catch-all');
  else if (!/^(false|no|0|)$/i.test(catchAll)) args.push('--catch-all', catchAll);
  const max = value('catch-all-max-inboxes');
  if (max) args.push('--catch-all-max-inboxes', max);
  const data = value('data');
  if (data) args.push('--data', data, '--fsync', value('fsync'));
  else args.push('--memory');
  const seconds = Number(value('timeout'));
  if (!(seconds > 0 && seconds <= 3600)) throw new Error(`input timeout: expected seconds from 1 to 3600, got "${value('timeout')}"`);
  const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
  return {
    port: p,
    smtpPort,
    host,
    connectHost: wildcard ? '127.0.0.1' : host.replace(/^\[(.*)\]$/, '$1'),
    timeoutMs: seconds * 1000,
    log: value('log') || null,
    args,
  };
}
