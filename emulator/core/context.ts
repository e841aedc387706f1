// What every core service is given: settings, clock, randomness, the main document, events, DNS. No
// globals. Maildirs and their indexes are not here: the mailbox (mailbox.ts) alone asks for them.
import type { EmulatorSettings } from './config.js';
import type { Clock } from './clock.js';
import type { RandomSource } from './ids.js';
import type { EventBus } from './events.js';
import type { Doc } from '../store/document.js';
import type { MainDoc } from './state.js';
import type { DnsResolver } from './accounts/dns.js';

export interface CoreContext {
  settings: EmulatorSettings;
  clock: Clock;
  random: RandomSource;
  /** The main document (accounts, domains, inboxes, webhooks, tunnels, DNS); commit() writes it. */
  main: Doc<MainDoc>;
  bus: EventBus;
  dns: DnsResolver;
}
