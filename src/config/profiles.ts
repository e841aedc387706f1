// Profiles: named sets of {baseUrl, apiKey, inbox}, one of them current. Reading is a plain JSON read;
// writing goes through conf (conf-file.ts: atomic, file mode 0600 because the file holds API keys).
import { readFileSync } from 'node:fs';
import { configPath } from './paths.js';
import { openConfFile, type ConfFile } from './conf-file.js';

export interface Profile {
  baseUrl?: string;
  apiKey?: string;
  /** Default inbox for `inbox otp`, `inbox wait`, `inbox messages list` ... */
  inbox?: string;
}

export interface ConfigFile {
  current?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';

/** Profile keys as typed on the command line, mapped to the stored field. */
export const PROFILE_KEYS = { 'base-url': 'baseUrl', 'api-key': 'apiKey', inbox: 'inbox' } as const;
export type ProfileKeyName = keyof typeof PROFILE_KEYS;

/** Accepts base-url, base_url, baseUrl, BASE_URL ... */
export function profileKey(name: string): ProfileKeyName | undefined {
  const n = name.toLowerCase().replace(/[-_]/g, '');
  return n === 'baseurl' ? 'base-url' : n === 'apikey' ? 'api-key' : n === 'inbox' ? 'inbox' : undefined;
}

export class ConfigReadError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigReadError';
  }
}

function sanitize(raw: unknown, path: string): ConfigFile {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ConfigReadError(path, `${path} is not a JSON object.`);
  }
  const obj = raw as { current?: unknown; profiles?: unknown };
  const profiles: Record<string, Profile> = {};
  if (typeof obj.profiles === 'object' && obj.profiles !== null && !Array.isArray(obj.profiles)) {
    for (const [name, p] of Object.entries(obj.profiles as Record<string, unknown>)) {
      if (typeof p !== 'object' || p === null) continue;
      const src = p as Record<string, unknown>;
      const out: Profile = {};
      if (typeof src.baseUrl === 'string') out.baseUrl = src.baseUrl;
      if (typeof src.apiKey === 'string') out.apiKey = src.apiKey;
      if (typeof src.inbox === 'string') out.inbox = src.inbox;
      profiles[name] = out;
    }
  }
  return { current: typeof obj.current === 'string' ? obj.current : undefined, profiles };
}

/** Reads the config file; a missing file is an empty config. A broken file is a ConfigReadError. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ConfigFile {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new ConfigReadError(path, `cannot read ${path}: ${(e as Error).message}`);
  }
  if (text.trim() === '') return { profiles: {} };
  try {
    return sanitize(JSON.parse(text), path);
  } catch (e) {
    if (e instanceof ConfigReadError) throw e;
    throw new ConfigReadError(path, `${path} is not valid JSON: ${(e as Error).message}`);
  }
}

/** The profile in force: explicit name, else the file's current one, else "default". */
export function currentProfileName(file: ConfigFile, explicit?: string): string {
  return explicit || file.current || DEFAULT_PROFILE;
}

/** Writable view of the config file, backed by conf (conf-file.ts: atomic, 0600, imported on use). */
export class ProfileStore {
  private constructor(private readonly conf: ConfFile<ConfigFile & Record<string, unknown>>) {}

  static async open(env: NodeJS.ProcessEnv = process.env): Promise<ProfileStore> {
    return new ProfileStore(await openConfFile<ConfigFile & Record<string, unknown>>('config', { profiles: {} }, env));
  }

  get path(): string {
    return this.conf.path;
  }

  read(): ConfigFile {
    return sanitize(this.conf.store, this.conf.path);
  }

  set(profile: string, key: keyof Profile, value: string): void {
    const file = this.read();
    const p = { ...(file.profiles[profile] ?? {}), [key]: value };
    this.conf.set('profiles', { ...file.profiles, [profile]: p });
  }

  unset(profile: string, key: keyof Profile): boolean {
    const file = this.read();
    const p = file.profiles[profile];
    if (!p || p[key] === undefined) return false;
    const { [key]: _gone, ...rest } = p;
    this.conf.set('profiles', { ...file.profiles, [profile]: rest });
    return true;
  }

  use(profile: string): void {
    const file = this.read();
    if (!file.profiles[profile]) this.conf.set('profiles', { ...file.profiles, [profile]: {} });
    this.conf.set('current', profile);
  }

  remove(profile: string): boolean {
    const file = this.read();
    if (!file.profiles[profile]) return false;
    const { [profile]: _gone, ...rest } = file.profiles;
    this.conf.set('profiles', rest);
    if (file.current === profile) this.conf.delete('current');
    return true;
  }
}
