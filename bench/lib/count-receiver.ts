// A webhook receiver in a process of its own, for bench/me-latency.ts: answers every POST with 200 at
// once and counts them, so the benchmark's own process only measures the emulator. Prints
// {"port": N} once listening on 127.0.0.1, then {"count": N, "distinct": D, "firstAt": ms, "lastAt": ms}
// each time the count reaches a multiple of `--every` (default 1000); times are wall-clock ms
// (performance.timeOrigin + performance.now()), comparable with the parent's. Each POST's path names
// its webhook; `distinct` counts the (path, subject) pairs seen, so a repeated delivery shows.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const everyAt = process.argv.indexOf('--every');
const every = everyAt > 0 ? Number(process.argv[everyAt + 1]) : 1000;
const seen = new Set<string>();
let count = 0;
let firstAt = 0;
let lastAt = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    const now = performance.timeOrigin + performance.now();
    let subject = '';
    try {
      subject = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { subject?: unknown }).subject ?? '');
    } catch {
      /* not JSON: counted under an empty subject */
    }
    count++;
    firstAt ||= now;
    lastAt = now;
    seen.add(`${req.url} ${subject}`);
    if (count % every === 0) process.stdout.write(`${JSON.stringify({ count, distinct: seen.size, firstAt, lastAt })}\n`);
  });
});
server.keepAliveTimeout = 60_000;
server.maxConnections = 20_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
