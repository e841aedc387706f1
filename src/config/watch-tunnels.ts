// The emulator tunnels `inbox webhooks watch` has open, per profile, inbox and emulator URL, so a
// watcher that comes back after a kill (SIGKILL, a closed terminal, a crash) reattaches to its tunnel
// and gets what was queued for it while it was away, instead of opening a new one. A clean stop
// (Ctrl-C) closes the tunnel and forgets it here. Kept beside the profiles in watch-tunnels.json,
// mode 0600 (it names webhook secrets); written by write.ts, not conf (see watch-secrets.ts).
// Each change reads the file again, so watchers of other inboxes running at the same time keep theirs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from './paths.js';
import { writePrivateFile } from './write.js';

export const WATCH_TUNNELS_FILE = 'watch-tunnels.json';

/** Tunnels kept per profile, inbox and emulator (newest first); older ones expire on the emulator anyway. */
const MAX_KEPT = 16;

export interface WatchTunnel {
  tunnelId: string;
  /** The webhook the watcher registered at the tunnel's URL. */
  webhookId?: string;
  /** That webhook's own secret (the receiver gets the watch secret instead). */
  secret?: string;
}

interface Stored extends WatchTunnel {
  baseUrl: string;
  savedAt: string;
}

type Tunnels = Record<string, Record<string, Stored[]>>;

function read(path: string): Tunnels {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Tunnels) : {};
  } catch {
    return {}; // missing or unreadable: the next watch opens a new tunnel (the old one expires)
  }
}

function valid(t: unknown): t is Stored {
  const r = t as Partial<Stored> | null;
  return typeof r === 'object' && r !== null && typeof r.tunnelId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(r.tunnelId) && typeof r.baseUrl === 'string';
}

/** The remembered tunnels of one profile, inbox and emulator base URL. */
export function watchTunnels(o: { profile: string; inbox: string; baseUrl: string; env?: NodeJS.ProcessEnv }): {
  /** Newest first. */
  recall(): WatchTunnel[];
  /** Adds or updates one (it becomes the newest). */
  remember(t: WatchTunnel): void;
  forget(tunnelId: string): void;
} {
  const path = join(configDir(o.env), WATCH_TUNNELS_FILE);
  const inbox = o.inbox.trim().toLowerCase();
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  const mine = (t: Stored) => t.baseUrl === baseUrl;
  const listOf = (all: Tunnels): Stored[] => {
    const list = all[o.profile]?.[inbox];
    return Array.isArray(list) ? list.filter(valid) : [];
  };
  const change = (fn: (list: Stored[]) => Stored[]) => {
    const all = read(path);
    const before = listOf(all);
    const after = fn(before);
    if (after.length === before.length && after.every((t, i) => t === before[i])) return;
    const profile = { ...(all[o.profile] ?? {}) };
    if (after.length > 0) profile[inbox] = after;
    else delete profile[inbox];
    all[o.profile] = profile;
    writePrivateFile(path, JSON.stringify(all, null, 2) + '\n');
  };
  return {
    recall: () =>
      listOf(read(path))
        .filter(mine)
        .map((t) => ({ tunnelId: t.tunnelId, ...(t.webhookId ? { webhookId: t.webhookId } : {}), ...(t.secret ? { secret: t.secret } : {}) })),
    remember: (t) =>
      change((list) => {
        const entry: Stored = { ...t, baseUrl, savedAt: new Date().toISOString() };
        const rest = list.filter((x) => !(mine(x) && x.tunnelId === t.tunnelId));
        return [entry, ...rest].slice(0, MAX_KEPT);
      }),
    forget: (tunnelId) => change((list) => list.filter((x) => !(mine(x) && x.tunnelId === tunnelId))),
  };
}
