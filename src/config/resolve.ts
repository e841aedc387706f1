// Which service, key and default inbox a command talks to. Precedence, per setting:
// flags (--base-url, --api-key, --profile), then INBOX_BASE_URL / INBOX_API_KEY / INBOX_PROFILE, then the
// profile in the config file, then the local emulator's defaults.
import { DEFAULT_PROFILE, currentProfileName, readConfig, type ConfigFile } from './profiles.js';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4580';
/** The seeded enterprise key of `inbox emulate`: every feature works against a local emulator. */
export const DEFAULT_EMULATOR_KEY = 'emu_enterprise';

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

export interface TargetFlags {
  baseUrl?: string;
  apiKey?: string;
  profile?: string;
}

export interface ResolvedTarget {
  baseUrl: string;
  apiKey?: string;
  /** The profile's default inbox, if any. */
  inbox?: string;
  profile: string;
  sources: { baseUrl: Source; apiKey: Source; profile: Source };
  /** True when the emulator's default key was filled in because nothing was configured. */
  usedDefaultKey: boolean;
}

/**
 * Shows the start and end of a key, never all of it, and enough to tell keys apart:
 * emu_enterprise -> emu_…prise; a short key keeps its last 2 characters (emu_growth -> emu_…th,
 * emu_free -> emu_…ee), so the emulator's keys all read differently.
 */
export function maskKey(key: string | undefined): string {
  if (!key) return '(none)';
  if (key.length >= 12) return `${key.slice(0, 4)}…${key.slice(-5)}`;
  if (key.length >= 7) return `${key.slice(0, 4)}…${key.slice(-2)}`;
  if (key.length >= 6) return `${key.slice(0, 4)}…`;
  return '…';
}

/** Loopback hosts: only there is the emulator's default key a sensible guess. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const h = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
  } catch {
    return false;
  }
}

/** Normalises a base URL: trims, drops trailing slashes and a trailing /v1 (routes carry /v1). */
export function normaliseBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** A profile named by --profile or INBOX_PROFILE that the config file does not have. */
export class UnknownProfileError extends Error {
  constructor(
    readonly profile: string,
    readonly source: 'flag' | 'env',
    readonly known: string[],
  ) {
    super(`no profile named "${profile}" (from ${source === 'flag' ? '--profile' : 'INBOX_PROFILE'}).`);
    this.name = 'UnknownProfileError';
  }
}

export function resolveTarget(
  flags: TargetFlags,
  env: NodeJS.ProcessEnv = process.env,
  file: ConfigFile = readConfig(env),
  opts: { allowNewProfile?: boolean } = {},
): ResolvedTarget {
  const profileSource: Source = flags.profile ? 'flag' : env.INBOX_PROFILE ? 'env' : file.current ? 'profile' : 'default';
  const profile = currentProfileName(file, flags.profile || env.INBOX_PROFILE);
  // A typo in --profile must not silently fall back to other settings (the emulator's key, say).
  if ((profileSource === 'flag' || profileSource === 'env') && !file.profiles[profile] && profile !== DEFAULT_PROFILE && !opts.allowNewProfile) {
    throw new UnknownProfileError(profile, profileSource, Object.keys(file.profiles).sort());
  }
  const p = file.profiles[profile] ?? {};

  let baseUrl: string;
  let baseSource: Source;
  if (flags.baseUrl) [baseUrl, baseSource] = [flags.baseUrl, 'flag'];
  else if (env.INBOX_BASE_URL) [baseUrl, baseSource] = [env.INBOX_BASE_URL, 'env'];
  else if (p.baseUrl) [baseUrl, baseSource] = [p.baseUrl, 'profile'];
  else [baseUrl, baseSource] = [DEFAULT_BASE_URL, 'default'];
  baseUrl = normaliseBaseUrl(baseUrl);

  let apiKey: string | undefined;
  let keySource: Source;
  if (flags.apiKey) [apiKey, keySource] = [flags.apiKey, 'flag'];
  else if (env.INBOX_API_KEY) [apiKey, keySource] = [env.INBOX_API_KEY, 'env'];
  else if (p.apiKey) [apiKey, keySource] = [p.apiKey, 'profile'];
  else if (isLoopbackUrl(baseUrl)) [apiKey, keySource] = [DEFAULT_EMULATOR_KEY, 'default'];
  else [apiKey, keySource] = [undefined, 'none'];
  // A key pasted or read from a file often brings a newline: what surrounds it is never part of it.
  apiKey = apiKey?.trim();

  return {
    baseUrl,
    apiKey,
    inbox: p.inbox,
    profile,
    sources: { baseUrl: baseSource, apiKey: keySource, profile: profileSource },
    usedDefaultKey: keySource === 'default',
  };
}
