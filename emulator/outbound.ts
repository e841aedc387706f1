// The real HTTP transport of webhook deliveries: the dispatcher's `post`, on undici with its own
// Agent (never the global dispatcher). Redirects are not followed: a 3xx is a failed delivery, as any
// non-2xx. The 10 s acknowledgement window is the dispatcher's, on the emulator clock; the agent's
// own timeouts are only a backstop so no socket lives forever. Unless local targets are allowed
// (`--allow-http-webhooks`), a host that is or resolves to a loopback, link-local or unspecified
// address, or to any address of this machine's interfaces, is not connected to: the registration
// check sees only the URL, this one sees where it leads (a public name pointing at 127.0.0.1, DNS
// rebinding, a webhook registered by an earlier run with the flag). undici is loaded at the first delivery: most runs of
// the emulator deliver no webhook, and loading it was a quarter of the emulator's start-up.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Agent } from 'undici';
import type { PostFn } from './core/delivery/dispatcher.js';
import { describeLocal, localTarget, machineHosts } from './core/delivery/webhooks.js';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFn = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/** Every address of this machine's network interfaces, loopback included (read each time: they change). */
export function machineAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));
}

function refusal(message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code: 'EWEBHOOKLOCAL' });
}

/** A resolver that refuses names leading to this machine (any of `machine()`'s addresses too) or its link-local network. */
export function publicOnlyLookup(resolve: LookupFn = dnsLookup as unknown as LookupFn, machine: () => Iterable<string> = machineAddresses): LookupFn {
  return (hostname, options, callback) => {
    resolve(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const list = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
      const own = machineHosts(machine());
      for (const a of list) {
        const kind = localTarget(a.family === 6 ? `[${a.address.toLowerCase()}]` : a.address, own);
        if (kind) {
          const e = refusal(`${hostname} resolves to ${describeLocal(kind)} (${a.address}); webhooks to this machine need --allow-http-webhooks`);
          return callback(e, address, family);
        }
      }
      callback(null, address, family);
    });
  };
}

export interface Outbound {
  post: PostFn;
  close(): Promise<void>;
}

export interface OutboundOptions {
  backstopMs?: number;
  /** Connect to names that resolve to loopback or link-local addresses (`--allow-http-webhooks`). Default true. */
  allowLocal?: boolean;
  /** The resolver (tests); default dns.lookup. */
  lookup?: LookupFn;
  /** This machine's addresses, refused like loopback unless local targets are allowed; default machineAddresses(). */
  machineAddresses?: () => Iterable<string>;
}

export function createOutbound(opts: OutboundOptions = {}): Outbound {
  const backstop = opts.backstopMs ?? 60_000;
  const strict = opts.allowLocal === false;
  const machine = opts.machineAddresses ?? machineAddresses;
  const lookup = strict ? publicOnlyLookup(opts.lookup, machine) : opts.lookup;
  let transport: Promise<{ agent: Agent; request: typeof import('undici').request }> | null = null;
  const load = () =>
    (transport ??= import('undici').then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        ...(lookup ? { connect: { lookup: lookup as never } } : {}),
        connectTimeout: backstop,
        headersTimeout: backstop,
        bodyTimeout: backstop,
        keepAliveTimeout: 4_000,
      }),
    })));
  const post: PostFn = async (url, body, headers, signal) => {
    if (strict) {
      // An address in the URL is connected to without a lookup: checked here.
      const host = new URL(url).hostname;
      const kind = isIP(host.replace(/^\[|\]$/g, '')) ? localTarget(host, machineHosts(machine())) : null;
      if (kind) throw refusal(`${host} is ${describeLocal(kind)}; webhooks to this machine need --allow-http-webhooks`);
    }
    const { agent, request } = await load();
    const res = await request(url, { method: 'POST', body, headers, signal, dispatcher: agent });
    // The answer's body means nothing to a delivery; read a little of it and let the socket go.
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return res.statusCode;
  };
  return {
    post,
    async close() {
      const loaded = await transport?.catch(() => null);
      await loaded?.agent.destroy().catch(() => undefined);
    },
  };
}
