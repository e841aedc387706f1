// Benchmark 2: latency from the end of DATA (the client's final ".\r\n" write) until a waiting
// `GET /v1/inboxes/{inbox}/wait` answers with that message; 200 messages sent one at a time.
// Target: p99 < 20 ms. The SMTP 250 latency is reported beside it.
import { httpJson, registerInboxes, routeExists, unthrottle } from './lib/api.js';
import { htmlMessage } from './lib/corpus.js';
import { benchEmulator, removeDir, tempDir } from './lib/procs.js';
import { fmt, FeatureMissing, sleep, summarize, table, type Benchmark, type BenchContext, type BenchResult } from './lib/report.js';
import { SmtpConnection, toDataPayload } from './lib/smtp-client.js';

export const waitLatency: Benchmark = {
  name: 'wait',
  title: 'End of DATA -> waiting GET /wait answers (p50/p99)',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const count = ctx.quick ? 50 : 200;
    const dir = tempDir('wait');
    const emu = await benchEmulator(dir, { bin: ctx.build.bin });
    let smtp: SmtpConnection | null = null;
    try {
      const inbox = 'waiter@inbox.test';
      const path = `/v1/inboxes/${encodeURIComponent(inbox)}/wait`;
      if (!(await routeExists(emu.url, 'GET', '/v1/inboxes/nobody%40inbox.test/wait?timeout=10'))) throw new FeatureMissing('GET /v1/inboxes/{inbox}/wait');
      await unthrottle(emu.url);
      await registerInboxes(emu.url, [inbox]);
      smtp = await SmtpConnection.open(emu.smtp.host, emu.smtp.port);

      const waitLat: number[] = [];
      const ackLat: number[] = [];
      let since: string | null = null;
      const total = count + 20; // the first 20 warm up and are not counted
      for (let i = 0; i < total; i++) {
        const q = `?timeout=10${since ? `&since=${encodeURIComponent(since)}` : ''}`;
        const pending = httpJson(emu.url, 'GET', path + q, { timeoutMs: 30_000 });
        // Give the server time to park the request; `since` covers the case where it has not yet.
        await sleep(15);
        const subject = `Your verification code is`;
        const payload = toDataPayload(Buffer.from(htmlMessage(i, 'sender@bench.localhost', inbox), 'utf8'));
        const t = await smtp.send('sender@bench.localhost', [inbox], payload);
        const res = await pending;
        const data = res.body.data as Record<string, unknown> | undefined;
        if (res.status !== 200 || res.body.success !== true || !data || !String(data.subject).startsWith(subject)) {
          throw new Error(`wait answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        }
        since = String(data.id);
        if (i >= 20) {
          waitLat.push(res.at - t.dataEnd);
          ackLat.push(t.replied - t.dataEnd);
        }
      }
      const w = summarize(waitLat);
      const a = summarize(ackLat);
      ctx.log(
        table([
          ['from end of DATA to ...', 'n', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'mean ms'],
          ['wait response complete', String(w.n), fmt(w.p50, 2), fmt(w.p90, 2), fmt(w.p99, 2), fmt(w.max, 2), fmt(w.mean, 2)],
          ['SMTP 250 reply', String(a.n), fmt(a.p50, 2), fmt(a.p90, 2), fmt(a.p99, 2), fmt(a.max, 2), fmt(a.mean, 2)],
        ]),
      );
      return {
        status: 'done',
        summary: [`wait: p50 ${fmt(w.p50, 2)} ms, p99 ${fmt(w.p99, 2)} ms over ${w.n} messages (SMTP 250: p50 ${fmt(a.p50, 2)} ms, p99 ${fmt(a.p99, 2)} ms)`],
        targets: [{ name: 'wait latency p99', value: w.p99, limit: 20, op: '<', unit: ' ms' }],
      };
    } finally {
      await smtp?.quit();
      await emu.stop();
      removeDir(dir);
    }
  },
};
