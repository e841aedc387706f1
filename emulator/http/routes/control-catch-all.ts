// GET / POST / DELETE /_emulator/catch-all: reads or changes catch-all mode at run time (the
// `--catch-all` flag sets it at start). POST `{}` turns it on for the enterprise key, `{account: key}`
// for another account; DELETE (or POST `{enabled: false}`) turns it off. `maxInboxes` sets the cap on
// the inboxes catch-all keeps registered (left out: unchanged), also when turning it off.
import type { Hono } from 'hono';
import { checkMaxInboxes } from '../../core/accounts/catch-all.js';
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
    const key = body.enabled === false ? null : ((body.account as string | undefined)?.trim() ?? DEFAULT_ACCOUNT_KEY);
    // Checked before anything changes: a refused request changes nothing.
    const max = body.maxInboxes === undefined ? undefined : checkMaxInboxes(body.maxInboxes);
    core.catchAll.set(key);
    if (max !== undefined) core.catchAll.setMaxInboxes(max);
    return c.json(answer());
  });

  app.delete('/_emulator/catch-all', (c) => {
    core.catchAll.set(null);
    return c.json(answer());
  });
}
