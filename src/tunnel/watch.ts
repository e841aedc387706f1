// The `inbox webhooks watch` service: decides how deliveries reach localhost and sets it up.
//   emulator (GET /_emulator/health answers): open a tunnel with the API key (it belongs to the key's
//     account), register its https URL as a real webhook of the inbox, hold the tunnel's WebSocket
//     (with the same key); on stop remove the webhook and close the tunnel. A watcher killed before
//     that leaves both behind; the next run for the same profile and inbox (given the tunnels it
//     remembered, `memory`) reattaches to that tunnel, reusing its webhook, and gets what was queued.
//   hosted service (no such route): forward the push channel's new_mail frames in the webhook format.
// Everything it has to say goes out as WatchEvents; the command renders them.
import { randomBytes } from 'node:crypto';
import type { InboxClient } from '../client/client.js';
import { InboxApiError, InboxNetworkError } from '../client/errors.js';
import { TunnelClient } from './client.js';
import type { Fatal, WatchListener } from './events.js';
import { createForwarder } from './forward.js';
import { PushForwarder } from './hosted.js';
import type { Backoff } from './socket.js';

export interface WatchOptions {
  client: InboxClient;
  apiKey: string | undefined;
  inbox: string;
  /** Absolute http(s) URL of the local receiver. */
  forwardTo: string;
  /**
   * The X-Webhook-Secret the receiver gets (the caller keeps it stable across runs); it replaces the
   * secret of the webhook the tunnel registers. Default: that webhook's secret (tunnel), a random one (push).
   */
  secret?: string;
  onEvent: WatchListener;
  /** The local target's answer window (default 10 s, the webhook window). */
  timeoutMs?: number;
  backoff?: Backoff;
  heartbeatMs?: number;
  /**
   * The tunnels earlier runs for this profile and inbox left open (src/config/watch-tunnels.ts in the
   * CLI). With it a run reattaches to the newest one that still exists and has no watcher, instead
   * of opening a new tunnel; without it every run opens its own.
   */
  memory?: TunnelMemory;
}

/** A tunnel a run opened and has not closed. */
export interface RememberedTunnel {
  tunnelId: string;
  webhookId?: string;
  /** The webhook's own secret (shown only when it was registered). */
  secret?: string;
}

export interface TunnelMemory {
  /** Newest first. */
  recall(): RememberedTunnel[];
  remember(t: RememberedTunnel): void;
  forget(tunnelId: string): void;
}

export interface StopReport {
  /** What was cleaned up on the service (webhook, tunnel). */
  removed: string[];
  /** Clean-up that failed (the emulator was unreachable, say). */
  problems: string[];
}

export interface WatchSession {
  mode: 'tunnel' | 'push';
  /** Resolves when the watch ended on its own (with why); stop() resolves it with null. */
  finished: Promise<Fatal | null>;
  stop(): Promise<StopReport>;
}

interface TunnelInfo {
  success: true;
  data: { id: string; url: string; connected?: boolean };
}

/** True against `inbox emulate`, false against a service without the control surface. */
export async function isEmulator(client: InboxClient): Promise<boolean> {
  try {
    const h = await client.emulatorHealth();
    return h?.success === true;
  } catch (e) {
    if (e instanceof InboxApiError && e.code !== 'service_unavailable') return false;
    if (e instanceof InboxNetworkError && e.kind === 'invalid_response') return false;
    throw e;
  }
}

const SHORT = { timeoutMs: 5_000, deadlineMs: 8_000 };

/** A forwarder that sends `secret` as X-Webhook-Secret in place of the delivery's own. */
function withSecret(f: ReturnType<typeof createForwarder>, secret: string | undefined): ReturnType<typeof createForwarder> {
  if (!secret) return f;
  return {
    forward: (headers, body) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() !== 'x-webhook-secret') out[k] = v;
      return f.forward({ ...out, 'X-Webhook-Secret': secret }, body);
    },
    close: () => f.close(),
  };
}

export async function startWatch(o: WatchOptions): Promise<WatchSession> {
  const forwarder = withSecret(createForwarder(o.forwardTo, { timeoutMs: o.timeoutMs }), o.secret);
  try {
    return (await isEmulator(o.client)) ? await viaTunnel(o, forwarder) : viaPush(o, forwarder);
  } catch (e) {
    await forwarder.close();
    throw e;
  }
}

const tunnelPath = (id: string) => `/_emulator/tunnels/${encodeURIComponent(id)}`;

/**
 * The newest remembered tunnel that still exists on this emulator for this key and has no watcher
 * (a connected one belongs to another run that is still going). Tunnels the emulator no longer has
 * (closed, expired, reset) are forgotten.
 */
async function reattachable(o: WatchOptions): Promise<{ tunnel: TunnelInfo['data']; remembered: RememberedTunnel } | null> {
  if (!o.memory) return null;
  for (const remembered of o.memory.recall()) {
    let info: TunnelInfo;
    try {
      info = await o.client.request<TunnelInfo>('GET', tunnelPath(remembered.tunnelId), SHORT);
    } catch (e) {
      if (!(e instanceof InboxApiError)) throw e; // no emulator to ask: opening a tunnel fails too
      // Gone: forgotten. Any other answer (a 500, a 429 after the client's retries): kept for a later
      // run, and this one opens a tunnel of its own.
      if (e.status === 404) o.memory.forget(remembered.tunnelId);
      continue;
    }
    if (info.data.connected) continue;
    return { tunnel: info.data, remembered };
  }
  return null;
}

/**
 * The remembered webhook when it is still active on the tunnel's URL for the inbox, else null. Any
 * other webhook of the inbox on that URL was registered by a run killed before it could write it
 * down: it is removed, or every message would be forwarded twice.
 */
async function activeHook(o: WatchOptions, url: string, remembered: RememberedTunnel): Promise<{ id: string; inbox: string; secret: string } | null> {
  const inbox = o.inbox.trim().toLowerCase();
  const list = await o.client.listWebhooks();
  const onTunnel = list.data.filter((w) => w.url === url && w.inbox.toLowerCase() === inbox);
  const found = remembered.webhookId ? onTunnel.find((w) => w._id === remembered.webhookId) : undefined;
  for (const stray of onTunnel) if (stray !== found) await o.client.removeWebhook(stray._id);
  return found ? { id: found._id, inbox: found.inbox, secret: remembered.secret ?? '' } : null;
}

/** The memory, with writes that fail ignored: a watch that cannot write them down still runs (it cannot reattach). */
function sparing(memory: TunnelMemory | undefined): TunnelMemory | undefined {
  if (!memory) return undefined;
  const quietly = (fn: () => void) => {
    try {
      fn();
    } catch {
      /* the next run opens a new tunnel; this one expires on the emulator */
    }
  };
  return {
    recall: () => {
      try {
        return memory.recall();
      } catch {
        return [];
      }
    },
    remember: (t) => quietly(() => memory.remember(t)),
    forget: (id) => quietly(() => memory.forget(id)),
  };
}

async function viaTunnel(given: WatchOptions, forwarder: ReturnType<typeof createForwarder>): Promise<WatchSession> {
  const o: WatchOptions = { ...given, memory: sparing(given.memory) };
  const { client, memory } = o;
  // The tunnel is the key's account's: its routes and its WebSocket need the same key. A tunnel an
  // earlier run left behind (killed) is taken up again: deliveries queued for it while no watcher
  // was connected come first.
  const left = await reattachable(o);
  const tunnel = left ? { data: left.tunnel } : await client.request<TunnelInfo>('POST', '/_emulator/tunnels');
  const tunnelId = tunnel.data.id;
  if (!left) memory?.remember({ tunnelId }); // a kill from here on leaves a tunnel the next run finds
  const closeTunnel = () => client.request('DELETE', tunnelPath(tunnelId), SHORT);
  let hook: { id: string; inbox: string; secret: string };
  try {
    const kept = left ? await activeHook(o, tunnel.data.url, left.remembered) : null;
    hook = kept ?? (await client.addWebhook(o.inbox, tunnel.data.url));
    if (!kept) memory?.remember({ tunnelId, webhookId: hook.id, secret: hook.secret });
  } catch (e) {
    // A new tunnel is closed again; one taken up again is left as it was (with what is queued for
    // it) for the next run to try.
    if (!left)
      await closeTunnel().then(
        () => memory?.forget(tunnelId),
        () => undefined,
      );
    throw e;
  }
  let disabled!: (f: Fatal) => void;
  const disabledP = new Promise<Fatal>((r) => (disabled = r));
  const onEvent: WatchListener = (e) => {
    o.onEvent(e);
    if (e.type === 'settled' && e.disabled) {
      disabled({
        code: 'webhook_disabled',
        message: `webhook ${hook.id} was disabled after 10 failed deliveries in a row.`,
        hint: 'Make the local target answer 2xx within 10 s, then run the command again.',
      });
    }
  };
  o.onEvent({
    type: 'ready',
    mode: 'tunnel',
    inbox: hook.inbox,
    forwardTo: o.forwardTo,
    url: tunnel.data.url,
    webhookId: hook.id,
    secret: o.secret ?? hook.secret,
    ...(left ? { resumed: true } : {}),
  });
  const tc = new TunnelClient({
    baseUrl: client.baseUrl,
    apiKey: client.apiKey,
    tunnelId,
    forward: forwarder.forward,
    onEvent,
    backoff: o.backoff,
    heartbeatMs: o.heartbeatMs,
  });
  tc.start();
  // Another run connected to this tunnel (two runs for one profile and inbox reattached at once):
  // the tunnel and its webhook are that run's now, and stop() leaves them to it.
  let takenOver = false;
  void tc.finished.then((f) => (takenOver = f?.code === 'tunnel_taken_over'));
  let stopping: Promise<StopReport> | null = null;
  return {
    mode: 'tunnel',
    finished: Promise.race([tc.finished, disabledP]),
    stop: () =>
      (stopping ??= (async () => {
        const report: StopReport = { removed: [], problems: [] };
        await tc.stop();
        if (takenOver) {
          await forwarder.close();
          return report;
        }
        try {
          await client.call('removeWebhook', { id: hook.id }, SHORT);
          report.removed.push(`webhook ${hook.id}`);
        } catch (e) {
          if (e instanceof InboxApiError && e.status === 404) report.removed.push(`webhook ${hook.id} (already gone)`);
          else report.problems.push(`could not remove webhook ${hook.id}: ${(e as Error).message}`);
        }
        try {
          await closeTunnel();
          report.removed.push(`tunnel ${tunnelId}`);
          memory?.forget(tunnelId);
        } catch (e) {
          if (!(e instanceof InboxApiError && e.status === 404)) report.problems.push(`could not close tunnel ${tunnelId}: ${(e as Error).message}`);
          else memory?.forget(tunnelId);
        }
        await forwarder.close();
        return report;
      })()),
  };
}

function viaPush(o: WatchOptions, forwarder: ReturnType<typeof createForwarder>): WatchSession {
  const inbox = o.inbox.trim().toLowerCase();
  const secret = o.secret ?? randomBytes(32).toString('hex');
  o.onEvent({ type: 'ready', mode: 'push', inbox, forwardTo: o.forwardTo, secret });
  const pf = new PushForwarder({
    baseUrl: o.client.baseUrl,
    apiKey: o.apiKey,
    inbox,
    secret,
    forward: forwarder.forward,
    onEvent: o.onEvent,
    backoff: o.backoff,
    heartbeatMs: o.heartbeatMs,
  });
  pf.start();
  let stopping: Promise<StopReport> | null = null;
  return {
    mode: 'push',
    finished: pf.finished,
    stop: () =>
      (stopping ??= (async () => {
        await pf.stop();
        await forwarder.close();
        return { removed: [], problems: [] };
      })()),
  };
}
