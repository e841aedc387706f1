/** @jsxImportSource hono/jsx */
// The fault rules on the viewer's Emulator page (docs/faults.md), read-only: each rule with its hits,
// then the last hits, newest first. Rules are set with --faults, "inbox faults add" or /_emulator/faults.
import type { FaultHit, FaultRuleView } from '../../../src/api/faults.js';

export interface FaultsData {
  rules: FaultRuleView[];
  /** The last hits, oldest first (as the hit log keeps them). */
  hits: FaultHit[];
}

/** Hits shown on the page (the log keeps more: GET /_emulator/faults/hits). */
const SHOWN_HITS = 20;

function compact(value: object): string {
  return Object.keys(value).length === 0 ? 'always' : JSON.stringify(value);
}

export function FaultsSection({ data }: { data: FaultsData }) {
  const hits = data.hits.slice(-SHOWN_HITS).reverse();
  return (
    <section id="faults">
      <h2>Fault rules</h2>
      {data.rules.length === 0 ? (
        <p class="dim">No fault rule is set: the emulator fails only where the API says it must.</p>
      ) : (
        <table class="grid">
          <tr>
            <th>Rule</th>
            <th>Where</th>
            <th>When</th>
            <th>What</th>
            <th>Hits</th>
            <th>Last hit</th>
          </tr>
          {data.rules.map((r) => (
            <tr data-fault={r.id}>
              <td class="mono">{r.id}</td>
              <td class="mono">{r.where.join(', ')}</td>
              <td class="mono">{compact(r.when)}</td>
              <td class="mono">{compact(r.what)}</td>
              <td>{r.hits}</td>
              <td>{r.lastHitAt ?? '-'}</td>
            </tr>
          ))}
        </table>
      )}
      {hits.length > 0 ? (
        <table class="grid" id="fault-hits">
          <tr>
            <th>Time</th>
            <th>Rule</th>
            <th>Where</th>
            <th>Effect</th>
            <th>On</th>
          </tr>
          {hits.map((h) => (
            <tr>
              <td>{h.at}</td>
              <td class="mono">{h.rule}</td>
              <td class="mono">{h.place}</td>
              <td>{h.effect}</td>
              <td class="mono">
                {Object.entries(h.subject)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(' ')}
              </td>
            </tr>
          ))}
        </table>
      ) : (
        ''
      )}
      <p class="dim">Set with --faults, "inbox faults add" or /_emulator/faults (docs/faults.md); a reset keeps the rules and starts their counts afresh.</p>
    </section>
  );
}
