// What every core service is given: settings, clock, randomness, store, events, DNS. No globals.
import type { EmulatorSettings } from './config.js';
import type { Clock } from './clock.js';
import type { RandomSource } from './ids.js';
import type { EventBus } from './events.js';
import type { Store } from './store.js';
import type { InboxDoc, MainDoc } from './state.js';
import type { DnsResolver } from './dns.js';

export interface CoreContext {
  settings: EmulatorSettings;
  clock: Clock;
  random: RandomSource;
  store: Store<MainDoc, InboxDoc>;
  bus: EventBus;
  dns: DnsResolver;
}
