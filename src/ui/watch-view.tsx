// `inbox webhooks watch` in a terminal: an Ink view. Set-up lines and one row per delivery (time,
// subject, code, target status, latency) scroll up as permanent output; a live footer says whether
// the watcher is connected. Loaded only when stdout is a terminal (never for pipes or --json).
import { Box, Static, Text, render } from 'ink';
import type { StopReport } from '../tunnel/watch.js';
import type { ForwardedDelivery, WatchEvent } from '../tunnel/events.js';
import { terminalText as safe } from './terminal-text.js';
import { clock, connectionLine, readyLines, stoppedLines, type WatchRenderer } from './watch-lines.js';

type Item = { key: number; kind: 'note'; text: string; tone?: 'warn' | 'dim' } | { key: number; kind: 'delivery'; d: ForwardedDelivery };

interface Status {
  connected: boolean;
  /** What the watcher does, shown while connected. */
  base: string;
  /** Why it is not connected (shown otherwise). */
  away: string | null;
  delivered: number;
  failed: number;
}

function DeliveryRow({ d, color }: { d: ForwardedDelivery; color: boolean }) {
  const c = (name: string) => (color ? name : undefined);
  return (
    <Text>
      <Text dimColor={color}>{clock(d.time)}</Text>
      {'  '}
      <Text color={c(d.ok ? 'green' : 'red')} bold>
        {d.status === null ? 'ERR' : String(d.status)}
      </Text>
      {'  '}
      <Text dimColor={color}>{`${d.latencyMs} ms`.padStart(7)}</Text>
      {'  '}
      <Text>{JSON.stringify(safe(d.subject))}</Text>
      {d.otp ? <Text color={c('yellow')} bold>{`  code ${safe(d.otp)}`}</Text> : null}
      {d.error ? <Text color={c('red')}>{`  ${safe(d.error)}`}</Text> : null}
      {d.queued ? <Text dimColor={color}>{'  (queued while away)'}</Text> : null}
    </Text>
  );
}

function WatchView({ items, status, color, live }: { items: Item[]; status: Status; color: boolean; live: boolean }) {
  return (
    <>
      <Static items={items}>
        {(item) =>
          item.kind === 'delivery' ? (
            <DeliveryRow key={item.key} d={item.d} color={color} />
          ) : (
            <Text key={item.key} color={color && item.tone === 'warn' ? 'yellow' : undefined} dimColor={color && item.tone === 'dim'}>
              {safe(item.text)}
            </Text>
          )
        }
      </Static>
      {live ? (
        <Box marginTop={1}>
          <Text color={color ? (status.connected ? 'green' : 'yellow') : undefined}>{status.connected ? '●' : '○'}</Text>
          <Text>{` ${status.connected ? status.base : (status.away ?? 'connecting…')}`}</Text>
          <Text dimColor={color}>{`  ${status.delivered} forwarded${status.failed ? `, ${status.failed} not 2xx` : ''}  Ctrl-C to stop`}</Text>
        </Box>
      ) : null}
    </>
  );
}

export function renderWatchView(stdout: NodeJS.WriteStream, color: boolean): WatchRenderer {
  const items: Item[] = [];
  const status: Status = { connected: false, base: 'connected', away: null, delivered: 0, failed: 0 };
  let key = 0;
  let live = true;
  const note = (text: string, tone?: 'warn' | 'dim') => items.push({ key: key++, kind: 'note', text, tone });
  const view = () => <WatchView items={[...items]} status={{ ...status }} color={color} live={live} />;
  const inst = render(view(), { stdout, patchConsole: false, exitOnCtrlC: false });
  const update = () => inst.rerender(view());

  return {
    event(e: WatchEvent) {
      if (e.type === 'ready') {
        readyLines(e).forEach((l, i) => note(l, i === 0 ? undefined : 'dim'));
        status.base = `forwarding to ${e.forwardTo} ${e.mode === 'tunnel' ? 'through the tunnel' : 'from the push channel'}`;
      } else if (e.type === 'delivery') {
        items.push({ key: key++, kind: 'delivery', d: e.delivery });
        status.delivered++;
        if (!e.delivery.ok) status.failed++;
      } else if (e.type === 'connected' || e.type === 'disconnected') {
        status.connected = e.type === 'connected';
        const line = connectionLine(e);
        if (e.type === 'disconnected') status.away = line;
        else if (e.reconnected && line) note(line, 'dim');
      } else if (e.type === 'settled' && e.disabled) {
        note('the emulator disabled the webhook after 10 failed deliveries in a row', 'warn');
      }
      update();
    },
    stopped(report: StopReport) {
      const s = stoppedLines(report);
      for (const p of s.problems) note(p, 'warn');
      if (s.done) note(s.done, 'dim');
      live = false;
      update();
    },
    async close() {
      live = false;
      update();
      inst.unmount();
      await inst.waitUntilExit();
    },
  };
}
