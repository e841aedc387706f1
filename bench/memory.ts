// Benchmark 4: receiving one 50 MB message (an attachment of about 36 MB, base64 on the wire) raises the
// emulator process's peak RSS by less than 100 MB. Measured from outside, in the child process's
// /proc status: the peak counter (VmHWM) is reset after a warm-up, then read once the 250 came back
// and the store settled. MailDev 3 receiving the same message is shown for comparison.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { registerInboxes, unthrottle } from './lib/api.js';
import { attachmentMessage, buildCorpus } from './lib/corpus.js';
import { sendCorpus } from './lib/load.js';
import { benchEmulator, mailDevAvailable, procMemory, removeDir, resetPeak, startMailDev, tempDir } from './lib/procs.js';
import { fmt, fmtBytes, sleep, table, type Benchmark, type BenchContext, type BenchResult } from './lib/report.js';
import { SmtpConnection, toDataPayload } from './lib/smtp-client.js';

const MESSAGE_BYTES = 50 * 1024 * 1024;
const MB = 1024 * 1024;

interface Measured {
  rssBefore: number;
  peakAfter: number;
  rise: number;
  sendMs: number;
  method: string;
}

/** Sends `payload` over one connection to host:port and measures the peak RSS rise of `pid`. */
async function measure(pid: number, host: string, port: number, to: string, payload: Buffer): Promise<Measured> {
  await sleep(1000);
  const before = procMemory(pid);
  const reset = resetPeak(pid);
  // Poll as well, in case the peak counter cannot be reset here.
  let polled = before.rss;
  const timer = setInterval(() => {
    try {
      polled = Math.max(polled, procMemory(pid).rss);
    } catch {
      /* exited */
    }
  }, 10);
  const c = await SmtpConnection.open(host, port);
  const t0 = performance.now();
  await c.send('sender@bench.localhost', [to], payload);
  const sendMs = performance.now() - t0;
  await c.quit();
  await sleep(1500); // blob and document writes that finish after the 250
  clearInterval(timer);
  const after = procMemory(pid);
  const peak = reset ? after.hwm : Math.max(polled, after.rss);
  return { rssBefore: before.rss, peakAfter: peak, rise: peak - before.rss, sendMs, method: reset ? 'VmHWM reset' : 'RSS polled every 10 ms' };
}

export const memory: Benchmark = {
  name: 'memory',
  title: 'Peak RSS rise receiving one 50 MB message',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const dir = tempDir('memory');
    const emu = await benchEmulator(dir, { bin: ctx.build.bin });
    const inbox = 'big@inbox.test';
    // Attachment size so that the whole message (base64 in 76-character lines) is about 50 MiB.
    const attBytes = Math.floor(MESSAGE_BYTES / ((4 / 3) * (78 / 76))) - 64 * 1024;
    const payload = toDataPayload(attachmentMessage(1, 'sender@bench.localhost', inbox, randomBytes(4 * MB), attBytes));
    const rows = [['server', 'message', 'RSS before', 'peak after', 'rise', 'send s', 'method']];
    let ours: Measured | null = null;
    let md: Awaited<ReturnType<typeof startMailDev>> | null = null;
    try {
      await unthrottle(emu.url);
      await registerInboxes(emu.url, [inbox]);
      const warm = buildCorpus({ count: 40, recipients: [inbox], attachmentEvery: 20 });
      await sendCorpus(emu.smtp.host, emu.smtp.port, warm, 1);
      ours = await measure(emu.pid, emu.smtp.host, emu.smtp.port, inbox, payload);
      rows.push([
        'inbox emulate (durable store)',
        fmtBytes(payload.length),
        fmtBytes(ours.rssBefore),
        fmtBytes(ours.peakAfter),
        fmtBytes(ours.rise),
        fmt(ours.sendMs / 1000, 2),
        ours.method,
      ]);
      if (mailDevAvailable()) {
        md = await startMailDev(join(dir, 'maildev'));
        await sendCorpus('127.0.0.1', md.port, warm, 1);
        const m = await measure(md.pid, '127.0.0.1', md.port, inbox, payload);
        rows.push([
          'MailDev 3 (--mail-directory)',
          fmtBytes(payload.length),
          fmtBytes(m.rssBefore),
          fmtBytes(m.peakAfter),
          fmtBytes(m.rise),
          fmt(m.sendMs / 1000, 2),
          m.method,
        ]);
      }
    } finally {
      await md?.stop();
      await emu.stop();
      removeDir(dir);
    }
    ctx.log(table(rows));
    return {
      status: 'done',
      summary: [`one ${fmtBytes(payload.length)} message: emulator peak RSS +${fmtBytes(ours.rise)} (from ${fmtBytes(ours.rssBefore)})`],
      targets: [{ name: 'peak RSS rise for a 50 MB message', value: ours.rise / MB, limit: 100, op: '<', unit: ' MiB' }],
    };
  },
};
