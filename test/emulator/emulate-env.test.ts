// `inbox emulate` configured the way a service container does it: every flag from an INBOX_EMULATOR_*
// variable (the built binary, reading its process's environment), flags winning over variables, bad
// values refused; refused recipients on the terminal with their reason and fix, also with --quiet;
// --catch-all from the command line. Apart from the built binary's start, the emulators run in-process
// (main() with its own environment, streams and signals; one serves both the flags-over-variables and
// the --quiet case), as do `inbox send`, `emulate --help` and the refusals before anything listens.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulatorBinary, type RunningBinary } from '../helpers/binary.js';
import { runCli } from '../cli/helpers.js';
import { emulateInProcess, type EmulateRun } from '../helpers/emulate.js';
import { Command } from 'commander';
import { applyEnvFlags, registerEmulate, type EmulateFlags } from '../../src/cli/commands/emulate.js';

let dir: string;
const running: RunningBinary[] = [];
const inProcess: EmulateRun[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-emulate-env-'));
});
afterAll(async () => {
  for (const e of running) await e.stop('SIGKILL').catch(() => undefined);
  for (const r of inProcess) await r.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(args: string[], env: NodeJS.ProcessEnv, ports = true): Promise<RunningBinary> {
  const e = await startEmulatorBinary(args, { env, ports });
  running.push(e);
  return e;
}

/**
 * One emulator for the cases that need flags given over their variables and one with --quiet, run
 * in-process (main() with its own environment): started on first use.
 */
let flagged: Promise<{ run: EmulateRun; url: string; smtp: string }> | undefined;
function quietWithFlags(): Promise<{ run: EmulateRun; url: string; smtp: string }> {
  flagged ??= (async () => {
    const run = emulateInProcess(['--port', '0', '--smtp-port', '0', '--data', join(dir, 'state.json'), '--quiet'], {
      NO_COLOR: '1',
      INBOX_EMULATOR_PORT: '1',
      INBOX_EMULATOR_SMTP_PORT: '2',
      INBOX_EMULATOR_DATA: join(dir, 'ignored.json'),
    });
    inProcess.push(run);
    return { run, ...(await run.ready()) };
  })();
  return flagged;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `inbox send` (in-process) to an SMTP address; resolves with the exit code and stderr. */
function send(smtp: string, to: string): Promise<{ code: number; stderr: string }> {
  return runCli(['send', '--to', to, '--subject', 'Hello', '--text', 'Your verification code is 975310', '--smtp', smtp], {
    NO_COLOR: '1',
    INBOX_CONFIG_DIR: dir,
  });
}

/** Resolves once `check()` holds, checked again on each chunk `output` gives; fails if it ends first. */
function until(check: () => boolean, what: () => string, output: NodeJS.ReadableStream): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!check()) return;
      stop();
      resolve();
    };
    const onEnd = () => {
      stop();
      reject(new Error(`the output ended without what was awaited:\n${what()}`));
    };
    const stop = () => {
      output.off('data', onData);
      output.off('close', onEnd);
    };
    output.on('data', onData);
    output.on('close', onEnd);
  });
}

describe('INBOX_EMULATOR_* variables', () => {
  test('set the ports, memory mode and catch-all; the banner says so', async () => {
    // A fixed port is the point here, so it is picked free and then bound by the emulator; another
    // process on the machine can take it in between (EADDRINUSE): then another port is tried.
    let port = 0;
    let e: RunningBinary | undefined;
    for (let attempt = 0; !e; attempt++) {
      port = await freePort();
      try {
        e = await start(
          [],
          {
            INBOX_EMULATOR_PORT: String(port),
            INBOX_EMULATOR_SMTP_PORT: '0',
            INBOX_EMULATOR_MEMORY: '1',
            INBOX_EMULATOR_CATCH_ALL: 'emu_growth',
          },
          false,
        );
      } catch (err) {
        if (attempt >= 4 || !/EADDRINUSE/.test(String(err))) throw err;
      }
    }
    expect(e.url).toBe(`http://127.0.0.1:${port}`);
    expect(e.stdout()).toContain('(in memory: nothing is kept)');
    // The banner's later lines may come in a later chunk than the ready line.
    await until(() => /Catch .* for emu_growth/.test(e.stdout()), e.stdout, e.proc.stdout!);
    expect((await send(e.smtp, 'on-the-fly@inbox.test')).code).toBe(0);
    await until(() => /on-the-fly@inbox\.test +registered by catch-all for emu_growth/.test(e.stdout()), e.stdout, e.proc.stdout!);
    const list = (await fetch(`${e.apiUrl}/inboxes`, { headers: { authorization: 'Bearer emu_growth' } }).then((r) => r.json())) as {
      data: Array<{ inbox: string }>;
    };
    expect(list.data.map((d) => d.inbox)).toContain('on-the-fly@inbox.test');
  }, 60_000);

  test('a flag on the command line wins over its variable', async () => {
    const e = await quietWithFlags();
    expect(Number(new URL(e.url).port)).toBeGreaterThan(1024);
    expect(e.run.stdout()).toContain(join(dir, 'state.json'));
    expect(e.run.stdout()).not.toContain('ignored.json');
  }, 60_000);

  test('bad values are usage errors (exit 2) that name the variable; an unknown catch-all key exits 10', async () => {
    const dns = await emulateWithEnv({ INBOX_EMULATOR_DNS: 'bogus' });
    expect(dns.code).toBe(2);
    expect(dns.stderr).toContain('INBOX_EMULATOR_DNS="bogus" is not valid: expected one of simulated, system.');
    const mem = await emulateWithEnv({ INBOX_EMULATOR_MEMORY: 'maybe' });
    expect(mem.code).toBe(2);
    expect(mem.stderr).toContain('INBOX_EMULATOR_MEMORY="maybe" is not a yes/no value');
    const key = await emulateWithEnv({ INBOX_EMULATOR_CATCH_ALL: 'no_such_key', INBOX_EMULATOR_MEMORY: '1' });
    expect(key.code).toBe(10);
    expect(key.stderr).toMatch(/--catch-all: No account has the API key "no_such_key"/);
    // A data path that ends in a slash names a folder: refused before anything is made there.
    const folder = await emulateWithEnv({ INBOX_EMULATOR_DATA: `${join(tmpdir(), 'inbox-data-folder')}/` });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('expected the path of a file, not a folder');
    // The same port for HTTP and SMTP: one message naming both flags (exit 10), not "in use".
    const clash = await runCli(['emulate', '--memory', '--port', '46791', '--smtp-port', '46791'], { NO_COLOR: '1' });
    expect(clash.code).toBe(10);
    expect(clash.stderr).toContain('--port and --smtp-port are both 46791');
  });
});

/**
 * `inbox emulate --port 0 --smtp-port 0` in-process with `env` as the CLI's environment (main()'s io;
 * this process's own is left alone), for refusals that come before anything listens.
 */
function emulateWithEnv(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return runCli(['emulate', '--port', '0', '--smtp-port', '0'], { NO_COLOR: '1', ...env });
}

describe("applyEnvFlags: the variables of the CLI's environment under the flags", () => {
  /** The emulate command's flags after `args`, with `env` as the CLI's environment. */
  function flagsFor(args: string[], env: NodeJS.ProcessEnv): EmulateFlags {
    const program = new Command();
    registerEmulate(program);
    const cmd = program.commands.find((c) => c.name() === 'emulate')!;
    cmd.parseOptions(args);
    return applyEnvFlags(cmd.opts() as EmulateFlags, cmd, env);
  }

  const env = {
    INBOX_EMULATOR_PORT: '1234',
    INBOX_EMULATOR_SMTP_PORT: ' 2600 ',
    INBOX_EMULATOR_ALLOW_HOST: ' inbox.dev.test, .corp.test ,',
    INBOX_EMULATOR_CATCH_ALL: 'yes',
    INBOX_EMULATOR_QUIET: 'on',
  };

  test('each variable counts where its flag is not on the command line, trimmed, lists split at commas', () => {
    expect(flagsFor([], env)).toMatchObject({ port: 1234, smtpPort: 2600, allowHost: ['inbox.dev.test', '.corp.test'], catchAll: true, quiet: true });
    expect(flagsFor([], { INBOX_EMULATOR_CATCH_ALL: 'emu_growth' }).catchAll).toBe('emu_growth');
    expect(flagsFor([], { INBOX_EMULATOR_CATCH_ALL: '0' }).catchAll).toBe(false);
    expect(flagsFor([], { INBOX_EMULATOR_CORS_ORIGIN: 'http://localhost:3000/, *' }).corsOrigin).toEqual(['http://localhost:3000', '*']);
    expect(flagsFor(['--cors-origin', 'HTTP://App.test:8080'], {}).corsOrigin).toEqual(['http://app.test:8080']);
  });

  test('a flag on the command line wins over its variable; the others still count', () => {
    expect(flagsFor(['--port', '0', '--allow-host', 'only.test', '--catch-all', 'emu_free'], env)).toMatchObject({
      port: 0,
      smtpPort: 2600,
      allowHost: ['only.test'],
      catchAll: 'emu_free',
      quiet: true,
    });
  });
});

describe('refused recipients on the terminal', () => {
  test('each refusal is one line with the reason and the fix, also with --quiet; --json gives an object', async () => {
    const quiet = await quietWithFlags();
    const r = await send(quiet.smtp, 'typo@inbox.test');
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(/hint: inbox inboxes register typo@inbox\.test/);
    await quiet.run.until(() => /refused typo@inbox\.test: not registered +fix: inbox inboxes register typo@inbox\.test/.test(quiet.run.stdout()));

    // With --json: one object per refusal.
    const json = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--json'], { NO_COLOR: '1' });
    inProcess.push(json);
    const ready = await json.ready();
    expect(json.events().find((e) => e.type === 'ready')?.catch_all).toBeNull();
    await send(ready.smtp, 'nobody@mail.test');
    await json.until(() => json.events().some((e) => e.type === 'refused'));
    expect(json.events().find((e) => e.type === 'refused')).toMatchObject({
      address: 'nobody@mail.test',
      reason: 'not registered',
      hint: expect.stringContaining('inbox inboxes register nobody@mail.test'),
    });
  }, 60_000);

  test('--catch-all alone uses the enterprise account', async () => {
    const e = emulateInProcess(['--port', '0', '--smtp-port', '0', '--memory', '--catch-all'], { NO_COLOR: '1' });
    inProcess.push(e);
    const { apiUrl, smtp } = await e.ready();
    await e.until(() => /Catch .* for emu_enterprise/.test(e.stdout()));
    expect((await send(smtp, 'anyone@example.test')).code).toBe(0);
    const list = (await fetch(`${apiUrl}/inboxes`, { headers: { authorization: 'Bearer emu_enterprise' } }).then((r) => r.json())) as {
      data: Array<{ inbox: string }>;
    };
    expect(list.data.map((d) => d.inbox)).toContain('anyone@example.test');
    const status = await runCli(['emulate', '--help'], { NO_COLOR: '1' });
    expect(status.stdout).toContain('INBOX_EMULATOR_CATCH_ALL');
  }, 60_000);
});
