// `inbox emulate` run through main(argv, io) in the test's process: its own output streams, its own
// environment, signals from an emitter and exits recorded, not taken. For the cases where what is
// tested is the command (flags, variables, banner, log lines), not the process; the built binary with
// real signals is test/emulator/binary.test.ts.
import { EventEmitter } from 'node:events';
import { main } from '../../src/cli/main.js';
import { captureStream } from '../cli/helpers.js';
import { bannerAddresses } from './binary.js';

export interface EmulateRun {
  signals: EventEmitter;
  /** Codes the command asked io.exit for (a second Ctrl-C). */
  exits: number[];
  stdout(): string;
  stderr(): string;
  /** main()'s exit code, once the command has ended. */
  done: Promise<number>;
  /** Resolves once `check()` holds, checked again on each write; rejects if the command ends first. */
  until(check: () => boolean): Promise<void>;
  /** The stdout lines that are JSON objects (with --json). */
  events(): Array<Record<string, unknown>>;
  /** Resolves once it listens: its URLs and SMTP address from the banner (text or --json). */
  ready(): Promise<{ url: string; apiUrl: string; smtp: string }>;
  /** Sends `signal` once it listens and resolves with the exit code (at once when it has ended). */
  stop(signal?: 'SIGINT' | 'SIGTERM'): Promise<number>;
}

/** Runs `inbox emulate <args>` with `env` as its whole environment (over PATH and HOME). */
export function emulateInProcess(args: string[], env: Record<string, string> = {}): EmulateRun {
  let ended = false;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiting]) w();
  };
  const stdout = captureStream(wake);
  const stderr = captureStream(wake);
  const signals = new EventEmitter();
  const exits: number[] = [];
  const done = main(['node', 'inbox', 'emulate', ...args], {
    stdout,
    stderr,
    stdin: process.stdin,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    signals,
    exit: (code) => exits.push(code),
  }).finally(() => {
    ended = true;
    wake();
  });
  const events = () =>
    stdout.text
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const until = (check: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const test = () => {
        if (check()) {
          waiting.delete(test);
          resolve();
        } else if (ended) {
          waiting.delete(test);
          reject(new Error(`inbox emulate ended before what was awaited\nstdout: ${stdout.text}\nstderr: ${stderr.text}`));
        }
      };
      waiting.add(test);
      test();
    });
  const addresses = () => {
    const json = events().find((e) => e.type === 'ready');
    if (json) return { apiUrl: json.api as string, smtp: json.smtp as string };
    return bannerAddresses(stdout.text);
  };
  return {
    signals,
    exits,
    stdout: () => stdout.text,
    stderr: () => stderr.text,
    done,
    until,
    events,
    async ready() {
      await until(() => addresses() !== null);
      const a = addresses()!;
      return { ...a, url: a.apiUrl.replace(/\/v1$/, '') };
    },
    async stop(signal = 'SIGTERM') {
      // A signal sent before the command listens would be lost: wait for its banner (it listens from
      // the same turn on), or for its end when it failed to start.
      await this.ready().catch(() => undefined);
      signals.emit(signal);
      return done;
    },
  };
}
