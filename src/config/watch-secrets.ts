// Stable secrets for `inbox webhooks watch`, one per profile and inbox, so a receiver configured with
// the secret keeps working across runs (as `stripe listen` keeps its signing secret). Kept beside the
// profiles in watch-secrets.json, mode 0600; `--new-secret` replaces one.
// Written by write.ts, not conf: conf's file writer (atomically) hooks SIGINT and SIGTERM on import and
// re-raises them, which would cut the graceful stop of the long-running `webhooks watch` that reads this.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from './paths.js';
import { writePrivateFile } from './write.js';

export const WATCH_SECRETS_FILE = 'watch-secrets.json';

type Secrets = Record<string, Record<string, { secret: string; createdAt: string }>>;

function read(path: string): Secrets {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Secrets) : {};
  } catch {
    return {}; // missing or unreadable: start again (a new secret is shown, nothing is lost)
  }
}

/**
 * The watch secret of `inbox` in `profile`: the stored one, or a new 64-hex-digit one (stored) when
 * there is none or `renew` is set. `created` says whether it is new.
 */
export function watchSecret(o: { profile: string; inbox: string; renew?: boolean; env?: NodeJS.ProcessEnv }): { secret: string; created: boolean } {
  const path = join(configDir(o.env), WATCH_SECRETS_FILE);
  const all = read(path);
  const inbox = o.inbox.trim().toLowerCase();
  const have = all[o.profile]?.[inbox]?.secret;
  if (have && /^[0-9a-f]{64}$/.test(have) && !o.renew) return { secret: have, created: false };
  const secret = randomBytes(32).toString('hex');
  all[o.profile] = { ...(all[o.profile] ?? {}), [inbox]: { secret, createdAt: new Date().toISOString() } };
  writePrivateFile(path, JSON.stringify(all, null, 2) + '\n');
  return { secret, created: true };
}
