// One-time notices: a marker file per notice in the config folder, so a hint (such as "no key
// configured, using the local emulator") is shown once, not on every call of a CI job.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from './paths.js';

/** True the first time for this notice and config folder (also when the folder is not writable). */
export function firstTime(notice: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const dir = configDir(env);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, `.noticed-${notice}`), new Date().toISOString() + '\n', { flag: 'wx', mode: 0o600 });
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'EEXIST';
  }
}
