// Commands of the emulator's control surface (`inbox faults`, `inbox reset`) answer only on `inbox
// emulate` (it answers /_emulator/health); pointed anywhere else, they say so (exit 9).
import { InboxApiError, InboxNetworkError } from '../client/errors.js';
import type { CommandContext } from './context.js';
import { CliError } from './errors.js';

/** Runs `fn` once the base URL is known to be an emulator; `feature` names what the command needs ("fault rules", "reset"). */
export async function onEmulator<T>(
  ctx: CommandContext,
  feature: string,
  fn: () => Promise<T>,
  hint = 'This command needs the control surface of "inbox emulate"; point --base-url at it (default http://127.0.0.1:4580).',
): Promise<T> {
  const refuse = () =>
    new CliError('rejected', 'not_an_emulator', `${ctx.target.baseUrl} is not an inbox emulator (no /_emulator/health), so it has no ${feature}.`, hint);
  try {
    const h = await ctx.client().emulatorHealth();
    if (!h || h.success !== true) throw refuse();
  } catch (e) {
    if (e instanceof InboxApiError || (e instanceof InboxNetworkError && e.kind === 'invalid_response')) throw refuse();
    throw e;
  }
  return fn();
}
