// Benchmark: reading big mail keeps memory flat. Peak RSS rise of the emulator process while 6
// clients GET, at the same time, one message with a 40 MB attachment (base64 in the JSON answer,
// about 53 MB each), against its RSS before; one GET alone is shown beside it. Target: +150 MiB for
// the six (when answers were built in memory, each GET cost about 200 MB). Measured from outside, in
// the child's /proc status (the VmHWM peak counter, reset first; polled RSS where it cannot be).
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { registerInboxes, unthrottle, BENCH_KEY, httpJson } from './lib/api.js';
import { attachmentMessage } from './lib/corpus.js';
import { benchEmulator, procMemory, removeDir, resetPeak, tempDir } from './lib/procs.js';
import { fmt, fmtBytes, sleep, table, type Benchmark, type BenchContext, type BenchResult } from './lib/report.js';
import { SmtpConnection, toDataPayload } from './lib/smtp-client.js';

const MB = 1024 * 1024;
const ATTACHMENT_BYTES = 40 * MB;
const CONCURRENT = 6;
const agent = new Agent({ keepAlive: false, maxSockets: 64 });

interface Got {
  status: number;
  bytes: number;
  /** sha256 of the attachment decoded from the answer (only when asked to check it). */
  sha256?: string;
}

/** GET the message; the body is counted as it arrives (kept only when `check`, to decode it). */
function getMessage(base: string, path: string, check: boolean): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { authorization: `Bearer ${BENCH_KEY}` }, agent }, (res) => {
      let bytes = 0;
      const kept: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (check) kept.push(c);
      });
      res.on('end', () => {
        const got: Got = { status: res.statusCode ?? 0, bytes };
        if (check) {
          const body = JSON.parse(Buffer.concat(kept).toString('utf8')) as { data: { attachments: Array<{ content: string }> } };
          got.sha256 = createHash('sha256').update(Buffer.from(body.data.attachments[0]!.content, 'base64')).digest('hex');
        }
        resolve(got);
      });
      res.on('error', reject);
    });
    req.setTimeout(300_000, () => req.destroy(new Error('GET timed out')));
    req.on('error', reject);
    req.end();
  });
}

interface Measured {
  before: number;
  peak: number;
  rise: number;
  seconds: number;
  method: string;
}

async function measure(pid: number, run: () => Promise<void>): Promise<Measured> {
  await sleep(1000);
  const before = procMemory(pid).rss;
  const reset = resetPeak(pid);
  let polled = before;
  const timer = setInterval(() => {
    try {
      polled = Math.max(polled, procMemory(pid).rss);
    } catch {
      /* exited */
    }
  }, 10);
  const t0 = performance.now();
  await run();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const after = procMemory(pid);
  const peak = reset ? after.hwm : Math.max(polled, after.rss);
  return { before, peak, rise: peak - before, seconds, method: reset ? 'VmHWM reset' : 'RSS polled every 10 ms' };
}

export const readMemory: Benchmark = {
  name: 'read-memory',
  title: `Peak RSS rise with ${CONCURRENT} concurrent GETs of a message with a 40 MB attachment`,
  async run(ctx: BenchContext): Promise<BenchResult> {
    const dir = tempDir('read-memory');
    const emu = await benchEmulator(dir, { bin: ctx.build.bin });
    const inbox = 'bigread@inbox.test';
    const rows = [['GETs at once', 'answer each', 'RSS before', 'peak', 'rise', 'seconds', 'method']];
    let six: Measured | null = null;
    try {
      await unthrottle(emu.url);
      await registerInboxes(emu.url, [inbox]);
      // Message 0 of the corpus takes its attachment from the start of the pool: these very bytes.
      const content = randomBytes(ATTACHMENT_BYTES);
      const sent = createHash('sha256').update(content).digest('hex');
      const c = await SmtpConnection.open(emu.smtp.host, emu.smtp.port);
      await c.send('sender@bench.localhost', [inbox], toDataPayload(attachmentMessage(0, 'sender@bench.localhost', inbox, content, ATTACHMENT_BYTES)));
      await c.quit();
      const list = await httpJson(emu.url, 'GET', `/v1/inboxes/${encodeURIComponent(inbox)}/messages`);
      const id = (list.body.data as Array<{ id: string }>)[0]!.id;
      const path = `/v1/inboxes/${encodeURIComponent(inbox)}/messages/${encodeURIComponent(id)}`;

      // Warm-up, and a check that the answer carries the attachment byte for byte.
      const warm = await getMessage(emu.url, path, true);
      if (warm.status !== 200 || warm.sha256 !== sent) throw new Error(`the GET did not return the attachment (status ${warm.status})`);

      let size = 0;
      const one = await measure(emu.pid, async () => {
        size = (await getMessage(emu.url, path, false)).bytes;
      });
      rows.push(['1', fmtBytes(size), fmtBytes(one.before), fmtBytes(one.peak), fmtBytes(one.rise), fmt(one.seconds, 2), one.method]);
      six = await measure(emu.pid, async () => {
        const all = await Promise.all(Array.from({ length: CONCURRENT }, () => getMessage(emu.url, path, false)));
        if (all.some((g) => g.status !== 200 || g.bytes !== size)) throw new Error('a concurrent GET returned a different answer');
      });
      rows.push([String(CONCURRENT), fmtBytes(size), fmtBytes(six.before), fmtBytes(six.peak), fmtBytes(six.rise), fmt(six.seconds, 2), six.method]);
    } finally {
      await emu.stop();
      removeDir(dir);
    }
    ctx.log(table(rows));
    return {
      status: 'done',
      summary: [`${CONCURRENT} concurrent GETs of a 40 MB attachment: emulator peak RSS +${fmtBytes(six.rise)} (from ${fmtBytes(six.before)})`],
      targets: [{ name: `peak RSS rise, ${CONCURRENT} concurrent GETs of a 40 MB attachment`, value: six.rise / MB, limit: 150, op: '<', unit: ' MiB' }],
    };
  },
};
