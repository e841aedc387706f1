// Argument parsers shared by the client commands.
import { InvalidArgumentError } from 'commander';

export function parseSeconds(v: string): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v.trim()) || !Number.isFinite(n) || n <= 0) {
    throw new InvalidArgumentError('expected a positive number of seconds, e.g. 90.');
  }
  return n;
}

/** "host:port" or ":port" or "port" -> {host, port}. */
export function parseHostPort(v: string, defaultHost = '127.0.0.1'): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*))?:?(\d+)$/.exec(v.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || !(port > 0 && port < 65536)) throw new InvalidArgumentError('expected host:port, e.g. 127.0.0.1:2525.');
  return { host: m[1] || m[2] || defaultHost, port };
}
