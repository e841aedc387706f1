// Argument parsers shared by the client commands.
import { InvalidArgumentError } from 'commander';

/** The longest wait or timeout, in seconds: Node's timers hold at most 2^31 - 1 ms (about 24.8 days). */
export const MAX_SECONDS = 2_147_483;

/** A positive number of seconds (`90`, `0.5`) up to MAX_SECONDS, or null. */
export function secondsOf(v: string): number | null {
  const n = Number(v);
  return /^\d+(\.\d+)?$/.test(v.trim()) && n > 0 && n <= MAX_SECONDS ? n : null;
}

export function parseSeconds(v: string): number {
  const n = secondsOf(v);
  if (n === null) throw new InvalidArgumentError(`expected a positive number of seconds up to ${MAX_SECONDS} (about 24 days), e.g. 90.`);
  return n;
}

/** "host:port" or ":port" or "port" -> {host, port}. */
export function parseHostPort(v: string, defaultHost = '127.0.0.1'): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*))?:?(\d+)$/.exec(v.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || !(port > 0 && port < 65536)) throw new InvalidArgumentError('expected host:port, e.g. 127.0.0.1:2525.');
  return { host: m[1] || m[2] || defaultHost, port };
}
