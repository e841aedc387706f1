// `inbox webhooks watch` outside a terminal: one plain line per delivery on stdout (stable text for
// pipes and logs), or one NDJSON object per delivery with --json; everything else (set-up, connection
// changes) goes to stderr as notes. The Ink view for terminals is watch-view.tsx.
import type { StopReport } from '../tunnel/watch.js';
import type { ForwardedDelivery, WatchEvent } from '../tunnel/events.js';
import type { Output } from './output.js';
import { terminalJson, terminalText } from './terminal-text.js';

export interface WatchRenderer {
  event(e: WatchEvent): void;
  /** The watch ended; says what was cleaned up. */
  stopped(report: StopReport): void;
  close(): Promise<void>;
}

export function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

export function deliveryJson(d: ForwardedDelivery): Record<string, unknown> {
  return {
    type: 'delivery',
    time: new Date(d.time).toISOString(),
    id: d.id,
    inbox: d.inbox,
    message_id: d.messageId,
    subject: d.subject,
    otp: d.otp,
    status: d.status,
    ok: d.ok,
    latency_ms: d.latencyMs,
    ...(d.error ? { error: d.error } : {}),
    queued: d.queued,
  };
}

/** `12:00:01.234  200  14 ms  "Your code"  code 123456` */
export function deliveryLine(d: ForwardedDelivery): string {
  const parts = [clock(d.time), d.status === null ? 'ERR' : String(d.status), `${d.latencyMs} ms`, JSON.stringify(terminalText(d.subject))];
  if (d.otp) parts.push(`code ${terminalText(d.otp)}`);
  if (d.error) parts.push(terminalText(d.error));
  if (d.queued) parts.push('(queued while away)');
  return parts.join('  ');
}

/** The set-up sentences, shared by every view. */
export function readyLines(e: Extract<WatchEvent, { type: 'ready' }>): string[] {
  if (e.mode === 'tunnel') {
    return [
      `forwarding webhook deliveries of ${e.inbox} to ${e.forwardTo}`,
      `webhook ${e.webhookId} -> tunnel ${e.url}${e.resumed ? ' (left open by an earlier run: reattached)' : ''}`,
      `X-Webhook-Secret: ${e.secret}`,
    ];
  }
  return [
    `this service has no webhook tunnel: receiving new mail of ${e.inbox} over the WebSocket push channel (/v1/ws) and forwarding it in the webhook format to ${e.forwardTo}`,
    `X-Webhook-Secret: ${e.secret}`,
  ];
}

export function connectionLine(e: WatchEvent): string | null {
  if (e.type === 'connected') {
    if (!e.reconnected) {
      const queued = e.queued > 0 ? `${e.queued} delivery(ies) made while no watcher was connected follow; ` : '';
      return `connected; ${queued}waiting for mail (Ctrl-C stops and removes what it set up)`;
    }
    return e.queued > 0 ? `reconnected; ${e.queued} delivery(ies) made while away follow` : 'reconnected';
  }
  if (e.type === 'disconnected') return `${e.reason}; reconnecting in ${(e.retryInMs / 1000).toFixed(1)} s`;
  return null;
}

export function stoppedLines(report: StopReport): { done: string | null; problems: string[] } {
  return { done: report.removed.length ? `stopped; removed ${report.removed.join(', ')}` : 'stopped', problems: report.problems };
}

export function plainWatchRenderer(out: Output): WatchRenderer {
  return {
    event(e) {
      if (e.type === 'delivery') {
        if (out.json) out.stdout.write(terminalJson(deliveryJson(e.delivery)) + '\n');
        else out.print(deliveryLine(e.delivery));
        return;
      }
      if (e.type === 'ready') {
        const [first, ...rest] = readyLines(e);
        out.note(first!, {
          event: 'ready',
          mode: e.mode,
          inbox: e.inbox,
          forward_to: e.forwardTo,
          ...(e.url ? { tunnel_url: e.url, webhook_id: e.webhookId } : {}),
          ...(e.resumed ? { resumed: true } : {}),
          secret: e.secret,
        });
        if (!out.json) for (const l of rest) out.note(l);
        return;
      }
      const line = connectionLine(e);
      if (!line) return;
      if (e.type === 'disconnected') out.warn(line, { event: 'disconnected', retry_in_ms: e.retryInMs });
      else if (e.type === 'connected') out.note(line, { event: 'connected', reconnected: e.reconnected, queued: e.queued });
    },
    stopped(report) {
      const s = stoppedLines(report);
      for (const p of s.problems) out.warn(p);
      if (s.done) out.note(s.done, { event: 'stopped', removed: report.removed });
    },
    close: async () => undefined,
  };
}
