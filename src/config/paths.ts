// Where the CLI keeps its profiles: $INBOX_CONFIG_DIR, else the platform's config folder + /inbox.
// Computed here, with no dependency, so the start-up path stays light.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const CONFIG_FILE_NAME = 'config.json';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.INBOX_CONFIG_DIR) return env.INBOX_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'inbox');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'inbox');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'inbox');
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}
