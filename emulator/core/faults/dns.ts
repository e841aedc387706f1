// Custom-domain DNS that stays unpublished: a resolver over the emulator's own (simulated or system)
// that answers "no records" for a domain a `dns` fault rule fires on, so verification fails with the
// API's own 422 verification_failed, whatever was published. One verification looks up MX and TXT
// together; both lookups of one turn share one decision (one hit).
import type { DnsResolver } from '../accounts/dns.js';
import type { FaultAccount, Faults } from './faults.js';

export function withDnsFaults(inner: DnsResolver, faults: Pick<Faults, 'has' | 'decide'>, owners: (domain: string) => FaultAccount[]): DnsResolver {
  /** Decisions of this turn, by domain. */
  const turn = new Map<string, boolean>();
  const unpublished = (domain: string): boolean => {
    if (!faults.has('dns')) return false;
    const key = domain.trim().toLowerCase().replace(/\.$/, '');
    let hidden = turn.get(key);
    if (hidden === undefined) {
      if (turn.size === 0) queueMicrotask(() => turn.clear());
      hidden = faults.decide('dns', { domain: key, accounts: owners(key) })?.answer != null;
      turn.set(key, hidden);
    }
    return hidden;
  };
  return {
    get mode() {
      return inner.mode;
    },
    mx: (domain) => (unpublished(domain) ? Promise.resolve([]) : inner.mx(domain)),
    txt: (domain) => (unpublished(domain) ? Promise.resolve([]) : inner.txt(domain)),
  };
}
