// The CLI's own JSON files (profiles, webhook-watch secrets) through conf: atomic writes, mode 0600
// because they hold API keys and secrets, in a folder created 0700. conf is imported on first write,
// so commands that only read their profile (`inbox otp`, `inbox wait`) never load it.
import { mkdirSync } from 'node:fs';
import { configDir } from './paths.js';

export type ConfFile<T extends Record<string, unknown>> = import('conf').default<T>;

/** `clearInvalid`: a file that is not valid JSON starts again empty (for files whose loss costs nothing). */
export async function openConfFile<T extends Record<string, unknown>>(
  name: string,
  defaults: T,
  env: NodeJS.ProcessEnv = process.env,
  clearInvalid = false,
): Promise<ConfFile<T>> {
  const cwd = configDir(env);
  mkdirSync(cwd, { recursive: true, mode: 0o700 });
  const { default: Conf } = await import('conf');
  return new Conf<T>({ cwd, configName: name, configFileMode: 0o600, defaults, clearInvalidConfig: clearInvalid });
}
