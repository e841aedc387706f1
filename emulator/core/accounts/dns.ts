// DNS lookups for custom-domain verification: a simulated zone held in the store (default), or the
// system resolver (`--dns system`).
import { Resolver } from 'node:dns/promises';
import type { MainDoc, SimulatedDnsRecord } from '../state.js';

export interface DnsResolver {
  readonly mode: 'simulated' | 'system';
  /** Mail hosts of the domain's MX records, lower-cased, trailing dot stripped. */
  mx(domain: string): Promise<string[]>;
  /** TXT record values (chunks joined). */
  txt(domain: string): Promise<string[]>;
}

export function normaliseHost(h: string): string {
  return h.trim().toLowerCase().replace(/\.$/, '');
}

export class SimulatedDns implements DnsResolver {
  readonly mode = 'simulated' as const;
  constructor(private readonly doc: () => MainDoc) {}

  #records(domain: string, type: SimulatedDnsRecord['type']): SimulatedDnsRecord[] {
    return (this.doc().dns[normaliseHost(domain)] ?? []).filter((r) => r.type === type);
  }

  async mx(domain: string): Promise<string[]> {
    return this.#records(domain, 'MX').map((r) => normaliseHost(r.value));
  }

  async txt(domain: string): Promise<string[]> {
    return this.#records(domain, 'TXT').map((r) => r.value);
  }
}

/** Answers that mean "the domain has no such records"; anything else is a failed lookup. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

export interface SystemDnsOptions {
  timeoutMs?: number;
  tries?: number;
  /** Name servers (`ip` or `ip:port`); default: the system's. */
  servers?: string[];
}

export class SystemDns implements DnsResolver {
  readonly mode = 'system' as const;
  readonly #resolver: Resolver;

  constructor(opts: SystemDnsOptions = {}) {
    this.#resolver = new Resolver({ timeout: opts.timeoutMs ?? 5000, tries: opts.tries ?? 2 });
    if (opts.servers) this.#resolver.setServers(opts.servers);
  }

  async mx(domain: string): Promise<string[]> {
    try {
      return (await this.#resolver.resolveMx(domain)).map((r) => normaliseHost(r.exchange));
    } catch (e) {
      if (NO_RECORDS.has((e as NodeJS.ErrnoException).code ?? '')) return [];
      throw e;
    }
  }

  async txt(domain: string): Promise<string[]> {
    try {
      return (await this.#resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
    } catch (e) {
      if (NO_RECORDS.has((e as NodeJS.ErrnoException).code ?? '')) return [];
      throw e;
    }
  }
}
