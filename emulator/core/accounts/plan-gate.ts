// The 403 a plan too low for a feature gets: `plan_required` with where to upgrade, and the fields the
// hosted service adds to its plan gates (`upgrade_required`, `recommended_plan`, `pricing_url`).
import { lowestPlanWith, type Plan } from '../../../src/api/plans.js';
import type { EmulatorSettings } from '../config.js';
import { ApiError } from '../errors.js';
import type { AccountRecord } from '../state.js';

/** The fields every plan refusal carries besides `error` and `message`. */
export function upgradeFields(settings: EmulatorSettings, feature: (p: Plan) => boolean): Record<string, unknown> {
  return {
    upgrade_url: settings.upgradeUrl,
    upgrade_required: true,
    recommended_plan: lowestPlanWith((p) => feature(settings.plans[p.name] ?? p)),
    pricing_url: settings.upgradeUrl,
  };
}

/** Returns the account's plan when it has the feature, else throws 403 `plan_required`. */
export function requireFeature(settings: EmulatorSettings, account: AccountRecord, feature: (p: Plan) => boolean, what: string): Plan {
  const plan = settings.plans[account.plan];
  if (feature(plan)) return plan;
  const fields = upgradeFields(settings, feature);
  throw new ApiError('plan_required', `${what} needs the ${String(fields.recommended_plan)} plan or above; this key is on the ${account.plan} plan.`, fields);
}
