// GET / POST / DELETE /_emulator/catch-all: reads or changes catch-all mode at run time (the
// `--catch-all` flag sets it at start). POST `{}` turns it on for the enterprise key, `{account: key}`
// for another account; DELETE (or POST `{enabled: false}`) turns it off.
import type { Hono } from 'hono';
import { ApiError } from '../../core/errors.js';
import type { HttpDeps } from '../api-route.js';
import { readJsonObject } from '../body.js';

const DEFAULT_ACCOUNT_KEY = 'emu_enterprise';

export function controlCatchAllRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;
  const answer = () => ({ success: true, data: core.catchAll.state });

  app.get('/_emulator/catch-all', (c) => c.json(answer()));

  app.post('/_emulator/catch-all', async (c) => {
    const body = await readJsonObject(c, core.settings.maxBodyBytes);
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean') {
      throw new ApiError('invalid_parameter', '"enabled" must be true or false.');
    }
    if (body.account !== undefined && (typeof body.account !== 'string' || body.account.trim() === '')) {
      throw new ApiError('invalid_parameter', '"account" must be the API key of an account, e.g. "emu_growth".');
    }
    core.catchAll.set(body.enabled === false ? null : ((body.account as string | undefined)?.trim() ?? DEFAULT_ACCOUNT_KEY));
    return c.json(answer());
  });

  app.delete('/_emulator/catch-all', (c) => {
    core.catchAll.set(null);
    return c.json(answer());
  });
}
