// Runs the CLI in-process against an in-process emulator (real sockets, manual clock), capturing
// stdout/stderr. Keep small.
//
//   const t = await cliEmulator();                    // emulator on port 0, temp config dir
//   const r = await t.run(['otp', 'a@inbox.test']);  // {code, stdout, stderr}; clock +1 s first
//   await t.close();
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EmulatorClock } from '../../emulator/core/clock.js';
import { startEmulator, type RunningEmulator } from '../../emulator/server.js';
import { main } from '../../src/cli/main.js';
import { InboxClient } from '../../src/client/index.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `inbox <args>` in this process with `env` applied to process.env for the duration. */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const saved: Record<string, string | undefined> = {};
  for (const k of Object.keys(env)) {
    saved[k] = process.env[k];
    if (env[k] === undefined) delete process.env[k];
    else process.env[k] = env[k];
  }
  let stdout = '';
  let stderr = '';
  const outWrite = process.stdout.write;
  const errWrite = process.stderr.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await main(['node', 'inbox', ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = outWrite;
    process.stderr.write = errWrite;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

export interface CliEmulator {
  emu: RunningEmulator;
  clock: EmulatorClock;
  configDir: string;
  /** Environment every run gets: the emulator's URL, the enterprise key, the temp config dir. */
  env: Record<string, string | undefined>;
  /** A client for test setup (enterprise key). */
  client: InboxClient;
  run(args: string[], env?: Record<string, string | undefined>): Promise<CliResult>;
  /** Stores a message through the emulator's ingest route (dated by the manual clock). */
  deliver(to: string, fields: { subject?: string; text?: string; html?: string; from?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function cliEmulator(): Promise<CliEmulator> {
  const clock = new EmulatorClock({ mode: 'manual' });
  const bugs: unknown[] = [];
  const emu = await startEmulator({ port: 0, smtpPort: 0, clock, onBug: (e) => bugs.push(e) });
  const configDir = mkdtempSync(join(tmpdir(), 'inbox-cli-'));
  const env = {
    INBOX_BASE_URL: emu.url,
    INBOX_API_KEY: emu.keys.enterprise,
    INBOX_CONFIG_DIR: configDir,
    INBOX_PROFILE: undefined,
    NO_COLOR: undefined,
  };
  const client = new InboxClient({ baseUrl: emu.url, apiKey: emu.keys.enterprise });
  return {
    emu,
    clock,
    configDir,
    env,
    client,
    run(args, extra = {}) {
      clock.advance(1000); // a second per command: per-second windows never fill across a test file
      return runCli(args, { ...env, ...extra });
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
 * Builds this repository into a private folder (with scripts/build.mjs's buildBundle) and returns it as an
 * installable package: `<dir>/bin/inbox.js`, `<dir>/dist/`, `<dir>/package.json` named "disposable-inbox", and
 * `<dir>/node_modules` linked to the repository's. Tests of the binary then always run the current
 * sources, and never race with a concurrent `npm run build` rewriting dist/.
 */
export async function buildPrivateCopy(root: string): Promise<{ dir: string; bin: string; close(): void }> {
  const { buildBundle } = (await import(pathToFileURL(join(root, 'scripts/build.mjs')).href)) as {
    buildBundle(o: { root: string; outdir: string; logLevel: string }): Promise<void>;
  };
  const dir = mkdtempSync(join(tmpdir(), 'inbox-build-'));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  await buildBundle({ root, outdir: join(dir, 'dist'), logLevel: 'error' });
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'bin/inbox.js'), join(dir, 'bin/inbox.js'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'disposable-inbox', version: pkg.version, type: 'module', main: 'dist/index.js', exports: { '.': { import: './dist/index.js' } },
  }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, bin: join(dir, 'bin/inbox.js'), close: () => rmSync(dir, { recursive: true, force: true }) };
}
