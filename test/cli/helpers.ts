// Runs the CLI in-process with its own streams and environment (main(argv, io): nothing of `process`
// is patched), against an emulator in the same process: by default its hono app over `app.request`
// (no ports) on a manual clock; `{sockets: true}` starts it on real ports (for `inbox send` over SMTP).
//
//   const t = await cliEmulator();                    // in-process emulator, temp config dir
//   const r = await t.run(['otp', 'a@inbox.test']);  // {code, stdout, stderr}; clock +1 s first
//   await t.close();
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { inject } from 'vitest';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { EmulatorCore } from '../../emulator/core/emulator.js';
import { SEED_KEYS } from '../../emulator/core/state.js';
import { createApp } from '../../emulator/http/app.js';
import { startEmulator, type RunningEmulator } from '../helpers/reader.js';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { InboxClient } from '../../src/client/index.js';
import type { FetchFn } from '../../src/client/fetch.js';
import { nodeFetch } from '../../src/client/node-http.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it (not a terminal), and calls `onWrite` with each write. */
export function captureStream(onWrite?: (chunk: string) => void): NodeJS.WriteStream & { text: string } {
  const s = {
    text: '',
    isTTY: false,
    write(chunk: string | Uint8Array, ...rest: unknown[]) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      s.text += text;
      onWrite?.(text);
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      cb?.();
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}

/**
 * A fetch that hands requests for `origin` to a hono app in this process; any other URL (a test's own
 * server, a closed port) goes over the network as usual.
 */
export function appFetch(app: Hono, origin = IN_PROCESS_URL): FetchFn {
  const network = nodeFetch();
  const port = new URL(origin).port;
  const ours = new Set([origin, `http://localhost:${port}`, `http://[::1]:${port}`]);
  return async (input, init) => (ours.has(new URL(input).origin) ? app.request(input, init) : network.fetch(input, init));
}

/** The environment a run starts from: nothing of this process's but PATH and HOME. */
const BASE_ENV: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };

/**
 * Runs `inbox <args>` in this process: `env` is its whole environment (over PATH and HOME; undefined
 * values are left out), `fetch` how its client sends requests (default: the real one).
 */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  io: { fetch?: FetchFn; stdin?: NodeJS.ReadStream; stdoutIsTerminal?: boolean; sleep?: CliIo['sleep']; now?: CliIo['now'] } = {},
): Promise<CliResult> {
  const stdout = captureStream();
  if (io.stdoutIsTerminal) stdout.isTTY = true;
  const stderr = captureStream();
  const full: NodeJS.ProcessEnv = { ...BASE_ENV };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete full[k];
    else full[k] = v;
  }
  const code = await main(['node', 'inbox', ...args], {
    stdout,
    stderr,
    env: full,
    fetch: io.fetch,
    ...(io.stdin ? { stdin: io.stdin } : {}),
    ...(io.sleep ? { sleep: io.sleep } : {}),
    ...(io.now ? { now: io.now } : {}),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** What the tests read of the emulator when it runs in-process (a RunningEmulator has all of it). */
export interface InProcessEmulator {
  url: string;
  keys: RunningEmulator['keys'];
  core: EmulatorCore;
  events: EmulatorCore['bus'];
}

export interface CliEmulator<E extends InProcessEmulator = InProcessEmulator> {
  emu: E;
  clock: EmulatorClock;
  configDir: string;
  /** Environment every run gets: the emulator's URL, the enterprise key, the temp config dir. */
  env: Record<string, string | undefined>;
  /** How runs reach the emulator (app.request in-process; undefined on real sockets). */
  fetch: FetchFn | undefined;
  /** A client for test setup (enterprise key). */
  client: InboxClient;
  run(args: string[], env?: Record<string, string | undefined>): Promise<CliResult>;
  /** Stores a message through the emulator's ingest route (dated by the manual clock). */
  deliver(to: string, fields: { subject?: string; text?: string; html?: string; from?: string }): Promise<string>;
  close(): Promise<void>;
}

/** The URL runs are given for the in-process emulator (no socket listens there). */
export const IN_PROCESS_URL = 'http://127.0.0.1:4580';

export async function cliEmulator(): Promise<CliEmulator>;
export async function cliEmulator(opts: { sockets: true }): Promise<CliEmulator<RunningEmulator>>;
export async function cliEmulator(opts: { sockets?: boolean } = {}): Promise<CliEmulator<InProcessEmulator>> {
  const clock = new EmulatorClock({ mode: 'manual' });
  const bugs: unknown[] = [];
  let emu: InProcessEmulator & { close(): Promise<void> };
  let fetch: FetchFn | undefined;
  if (opts.sockets) {
    emu = await startEmulator({ port: 0, smtpPort: 0, clock, onBug: (e) => bugs.push(e) });
  } else {
    const core = await EmulatorCore.open({ dataPath: null, clock });
    core.settings.upgradeUrl = `${IN_PROCESS_URL}/v1/plans`;
    core.settings.creditsUrl = `${IN_PROCESS_URL}/v1/plans#credits`;
    const app = createApp(core, { onBug: (e) => bugs.push(e), ready: () => true });
    fetch = appFetch(app);
    emu = { url: IN_PROCESS_URL, keys: { ...SEED_KEYS }, core, events: core.bus, close: () => core.close() };
  }
  const configDir = mkdtempSync(join(tmpdir(), 'inbox-cli-'));
  const env = {
    INBOX_BASE_URL: emu.url,
    INBOX_API_KEY: emu.keys.enterprise,
    INBOX_CONFIG_DIR: configDir,
  };
  const client = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.enterprise, fetch });
  return {
    emu,
    clock,
    configDir,
    env,
    fetch,
    client,
    run(args, extra = {}) {
      clock.advance(1000); // a second per command: per-second windows never fill across a test file
      return runCli(args, { ...env, ...extra }, { fetch });
    },
    async deliver(to, fields) {
      const res = await client.request<{ data?: { messages?: Array<{ id: string }> }; [k: string]: unknown }>('POST', '/_emulator/messages', {
        auth: false,
        body: { to, from: fields.from ?? 'app@example.test', subject: fields.subject ?? 'Hello', text: fields.text, html: fields.html },
      });
      const id = findId(res);
      if (!id) throw new Error(`no message id in ${JSON.stringify(res)}`);
      return id;
    },
    async close() {
      await client.close();
      await emu.close();
      rmSync(configDir, { recursive: true, force: true });
      if (bugs.length) throw new Error(`the emulator hit unexpected errors: ${bugs.map(String).join('; ')}`);
    },
  };
}

function findId(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.id === 'string') return o.id;
  for (const x of Object.values(o)) {
    const found = Array.isArray(x) ? x.map(findId).find(Boolean) : findId(x);
    if (found) return found;
  }
  return undefined;
}

/**
 * Makes output stable for snapshots: ISO dates and the given values (ids, secrets) are replaced by
 * placeholders of the same length, so column alignment is kept; the emulator's port becomes PORT.
 */
export function mask(text: string, values: Record<string, string> = {}): string {
  let out = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'YYYY-MM-DDTHH:MM:SS.sssZ');
  for (const [name, value] of Object.entries(values)) {
    const placeholder = `<${name}>`.padEnd(value.length, '_');
    out = out.split(value).join(placeholder);
  }
  return out.replace(/127\.0\.0\.1:\d{2,5}/g, '127.0.0.1:PORT');
}

/**
 * A copy, for this test file alone, of the run's private build of the package (made once by the
 * global setup, test/helpers/private-build.ts): `<dir>/bin/inbox.js`, `<dir>/dist/`, `<dir>/package.json`
 * named "disposable-inbox", and `<dir>/node_modules` linked to the repository's. Tests of the binary
 * run the current sources, and may move or change their copy.
 */
export function privateCopy(): { dir: string; bin: string; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-build-'));
  cpSync(inject('privateBuild'), dir, { recursive: true, verbatimSymlinks: true });
  return { dir, bin: join(dir, 'bin/inbox.js'), close: () => rmSync(dir, { recursive: true, force: true }) };
}
