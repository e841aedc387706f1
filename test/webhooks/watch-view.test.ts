// The views of `inbox webhooks watch`: plain lines for pipes, NDJSON for --json (deliveries on stdout,
// everything else on stderr), and the Ink view for terminals.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ForwardedDelivery, WatchEvent } from '../../src/tunnel/events.js';
import { Output } from '../../src/ui/output.js';
import { deliveryLine, plainWatchRenderer } from '../../src/ui/watch-lines.js';
import { renderWatchView } from '../../src/ui/watch-view.js';

function stream(tty = false): NodeJS.WriteStream & { text(): string } {
  const s = new PassThrough() as unknown as NodeJS.WriteStream & { text(): string };
  let buf = '';
  (s as unknown as PassThrough).on('data', (d: Buffer) => (buf += d.toString()));
  Object.assign(s, { isTTY: tty, columns: 120, rows: 40, text: () => buf });
  return s;
}

const T = Date.UTC(2026, 0, 1, 12, 0, 1, 234);
const delivery = (over: Partial<ForwardedDelivery> = {}): ForwardedDelivery => ({
  id: 'dlv_1',
  time: T,
  inbox: 'a@inbox.test',
  messageId: 'm1',
  subject: 'Your code',
  otp: '123456',
  status: 200,
  ok: true,
  latencyMs: 14,
  queued: false,
  ...over,
});

const ready: WatchEvent = {
  type: 'ready',
  mode: 'tunnel',
  inbox: 'a@inbox.test',
  forwardTo: 'http://localhost:3000/hook',
  url: 'https://tunnel.inbox.test/abc',
  webhookId: 'wh1',
  secret: 'f'.repeat(64),
};

describe('watch views', () => {
  it('plain: one stable line per delivery on stdout, set-up and connection notes on stderr', async () => {
    const stdout = stream();
    const stderr = stream();
    const view = plainWatchRenderer(new Output({ stdout, stderr }));
    view.event(ready);
    view.event({ type: 'connected', reconnected: false, queued: 0 });
    view.event({ type: 'delivery', delivery: delivery() });
    view.event({ type: 'disconnected', reason: 'connection lost', retryInMs: 500 });
    view.event({
      type: 'delivery',
      delivery: delivery({ status: null, ok: false, otp: null, error: 'ECONNREFUSED: nothing listens at the target', latencyMs: 2, queued: true }),
    });
    view.stopped({ removed: ['webhook wh1', 'tunnel abc'], problems: [] });
    await view.close();
    expect(stdout.text()).toBe(
      '12:00:01.234  200  14 ms  "Your code"  code 123456\n' +
        '12:00:01.234  ERR  2 ms  "Your code"  ECONNREFUSED: nothing listens at the target  (queued while away)\n',
    );
    const err = stderr.text();
    expect(err).toContain('note: forwarding webhook deliveries of a@inbox.test to http://localhost:3000/hook');
    expect(err).toContain(`X-Webhook-Secret: ${'f'.repeat(64)}`);
    expect(err).toContain('warning: connection lost; reconnecting in 0.5 s');
    expect(err).toContain('note: stopped; removed webhook wh1, tunnel abc');
  });

  it('--json: one NDJSON object per delivery on stdout, JSON notices on stderr', async () => {
    const stdout = stream();
    const stderr = stream();
    const view = plainWatchRenderer(new Output({ json: true, stdout, stderr }));
    view.event(ready);
    view.event({ type: 'delivery', delivery: delivery() });
    view.event({ type: 'delivery', delivery: delivery({ id: 'dlv_2', status: 500, ok: false }) });
    await view.close();
    const lines = stdout
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        type: 'delivery',
        time: '2026-01-01T12:00:01.234Z',
        id: 'dlv_1',
        inbox: 'a@inbox.test',
        message_id: 'm1',
        subject: 'Your code',
        otp: '123456',
        status: 200,
        ok: true,
        latency_ms: 14,
        queued: false,
      },
      {
        type: 'delivery',
        time: '2026-01-01T12:00:01.234Z',
        id: 'dlv_2',
        inbox: 'a@inbox.test',
        message_id: 'm1',
        subject: 'Your code',
        otp: '123456',
        status: 500,
        ok: false,
        latency_ms: 14,
        queued: false,
      },
    ]);
    const notices = stderr
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(notices[0]).toMatchObject({
      event: 'ready',
      mode: 'tunnel',
      tunnel_url: 'https://tunnel.inbox.test/abc',
      webhook_id: 'wh1',
      secret: 'f'.repeat(64),
    });
  });

  it('push mode says that it forwards from the push channel', () => {
    const stderr = stream();
    const view = plainWatchRenderer(new Output({ stdout: stream(), stderr }));
    view.event({ type: 'ready', mode: 'push', inbox: 'a@inbox.test', forwardTo: 'http://localhost:3000/hook', secret: 'a'.repeat(64) });
    expect(stderr.text()).toMatch(/no webhook tunnel: receiving new mail of a@inbox.test over the WebSocket push channel \(\/v1\/ws\)/);
  });

  it('terminal: the Ink view shows each delivery with time, status, latency, subject and code', async () => {
    const stdout = stream(true);
    const view = renderWatchView(stdout, false);
    view.event(ready);
    view.event({ type: 'connected', reconnected: false, queued: 0 });
    view.event({ type: 'delivery', delivery: delivery() });
    view.event({ type: 'delivery', delivery: delivery({ subject: 'Second', status: 503, ok: false, otp: null, latencyMs: 120 }) });
    view.stopped({ removed: ['webhook wh1'], problems: [] });
    await view.close();
    const text = stdout.text().replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    expect(text).toContain('forwarding webhook deliveries of a@inbox.test to http://localhost:3000/hook');
    expect(text).toContain(deliveryLine(delivery()).replace('14 ms', '  14 ms'));
    expect(text).toMatch(/12:00:01\.234 {2}503 +120 ms {2}"Second"/);
    expect(text).toContain('stopped; removed webhook wh1');
  });
});
