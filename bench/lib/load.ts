// The load generator: pushes a pre-built corpus through N open SMTP connections as fast as the server
// acknowledges, and reports the rate. Connections are opened before the clock starts.
import { performance } from 'node:perf_hooks';
import type { CorpusMessage } from './corpus.js';
import { SmtpConnection } from './smtp-client.js';

export interface LoadResult {
  sent: number;
  failed: number;
  ms: number;
  rate: number;
  firstError?: string;
}

export async function sendCorpus(host: string, port: number, corpus: CorpusMessage[], connections: number): Promise<LoadResult> {
  const conns = await Promise.all(Array.from({ length: connections }, () => SmtpConnection.open(host, port)));
  let next = 0;
  let sent = 0;
  let failed = 0;
  let firstError: string | undefined;
  const start = performance.now();
  await Promise.all(
    conns.map(async (c) => {
      while (next < corpus.length) {
        const m = corpus[next++]!;
        try {
          await c.send(m.from, [m.to], m.payload);
          sent++;
        } catch (e) {
          failed++;
          firstError ??= (e as Error).message;
          if (failed > 20) throw new Error(`too many SMTP failures; first: ${firstError}`);
          await c.command('RSET', 250).catch(() => undefined);
        }
      }
    }),
  );
  const ms = performance.now() - start;
  await Promise.all(conns.map((c) => c.quit()));
  return { sent, failed, ms, rate: (sent / ms) * 1000, firstError };
}
