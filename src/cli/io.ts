// What the CLI talks to: its output streams, its environment, and how it sends HTTP. `main()` takes
// them as an argument (the process's own by default), so a test or an embedding program runs the CLI
// in-process without patching `process`: its own streams, its own env, a fetch over `app.request`.
import type { Command } from 'commander';
import type { FetchFn } from '../client/fetch.js';

export interface CliIo {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
  /** How the API client sends requests (default: its own fetch over node:http). */
  fetch?: FetchFn;
  /** How the API client waits between 429 retries, and a command between its checks (default: a timer). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The time a command's own deadlines are measured on, in ms (default: Date.now); a command waits
   *  with `sleep` between its own checks only when both are given. */
  now?: () => number;
  /** Where Ctrl-C (SIGINT) and SIGTERM come from for `emulate` and `webhooks watch` (default: the process). */
  signals?: SignalSource;
  /** How a second Ctrl-C during a clean stop ends the program at once (default: process.exit). */
  exit?: (code: number) => void;
}

/** The part of `process` a long-running command listens on for SIGINT and SIGTERM. */
export interface SignalSource {
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** io.exit, or process.exit when the io has none. */
export function exitOf(io: Pick<CliIo, 'exit'>): (code: number) => void {
  return io.exit ?? ((code) => process.exit(code));
}

export function processIo(): CliIo {
  // No `exit`: exitOf() falls back to process.exit.
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, signals: process };
}

const ios = new WeakMap<Command, CliIo>();

export function attachIo(program: Command, io: CliIo): void {
  ios.set(program, io);
}

/** The io of the program `cmd` belongs to (the process's when it was built without one). */
export function ioOf(cmd: Command): CliIo {
  let root = cmd;
  while (root.parent) root = root.parent;
  return ios.get(root) ?? processIo();
}
