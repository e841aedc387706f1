// The emulator's fault rules (docs/faults.md), opened with the core: the rules given at start (a file
// path, the rules as JSON text, or the rules themselves) loaded, and the adapters that live in the
// core wired to them: the DNS of custom-domain verification and the webhook dispatcher. The HTTP and
// SMTP adapters take the same Faults from startEmulator() (server.ts).
import { FAULT_PRESETS, type FaultRulesInput } from '../src/api/faults.js';
import type { EmulatorCore } from './core/emulator.js';
import { ApiError } from './core/errors.js';
import { withDnsFaults } from './core/faults/dns.js';
import { Faults } from './core/faults/faults.js';
import { readIfExists } from './store/fs.js';

/** What a program does with the rules of a running emulator (RunningEmulator.faults). */
export type FaultControl = Pick<Faults, 'add' | 'list' | 'remove' | 'clear' | 'hits'>;

function startError(message: string, hint: string): Error {
  return Object.assign(new Error(message), { name: 'StartError', code: 'faults_file', hint });
}

const FORMAT_HINT = `docs/faults.md describes the rule file (a rule, a list, or {"rules": [...]}) and the presets (${FAULT_PRESETS.join(', ')}).`;

/** The rules `--faults` names: a JSON file, or (starting with `{` or `[`) the rules themselves. */
async function readGiven(given: string): Promise<{ rules: unknown; from: string }> {
  const text = given.trim();
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return { rules: JSON.parse(text), from: 'the rules given' };
    } catch (e) {
      throw startError(`--faults: the rules given are not valid JSON: ${(e as Error).message}`, FORMAT_HINT);
    }
  }
  let raw: string | null;
  try {
    raw = await readIfExists(given, 'utf8');
  } catch (e) {
    throw startError(`--faults: cannot read ${given}: ${(e as Error).message}`, 'Give the path of a JSON rule file you can read.');
  }
  if (raw === null) throw startError(`--faults: no file ${given}`, `Give the path of a JSON rule file, or the rules themselves as JSON. ${FORMAT_HINT}`);
  try {
    return { rules: JSON.parse(raw), from: given };
  } catch (e) {
    throw startError(`--faults ${given} is not valid JSON: ${(e as Error).message}`, FORMAT_HINT);
  }
}

/** The core's fault rules, loaded from what startEmulator() was given, with DNS and webhooks wired. */
export async function openFaults(core: EmulatorCore, given: string | FaultRulesInput | undefined): Promise<Faults> {
  const faults = new Faults({ clock: core.clock, bus: core.bus });
  if (given !== undefined) {
    const { rules, from } = typeof given === 'string' ? await readGiven(given) : { rules: given, from: 'the rules given' };
    try {
      faults.add(rules);
    } catch (e) {
      if (e instanceof ApiError) throw startError(`--faults (${from}): ${e.message.replace(/^Fault rules: /, '')}`, FORMAT_HINT);
      throw e;
    }
  }
  // Custom-domain verification looks up DNS through the rules: a `dns` rule keeps records unseen.
  const owners = (domain: string) =>
    core.store.main.data.customDomains
      .filter((d) => d.domain === domain)
      .flatMap((d) => {
        const a = core.accounts.byId(d.accountId);
        return a ? [{ apiKey: a.apiKey, id: a.id }] : [];
      });
  core.ctx.dns = withDnsFaults(core.ctx.dns, faults, owners);
  core.dispatcher.setFaults(faults);
  return faults;
}
