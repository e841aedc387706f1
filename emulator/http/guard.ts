// The HTTP side's guard: one middleware, run before every route, that decides who may talk to the
// emulator at all. Three checks, in this order:
//
// 1. Host. Only requests whose `Host` names the emulator itself are answered: loopback names
//    (localhost, *.localhost, 127.0.0.0/8, ::1), the address the server is bound to, the address the
//    connection came in on, and names the user adds (--allow-host). A web page on a name that
//    resolves here (DNS rebinding) gets 403 `forbidden_host` before any route runs.
// 2. Peer. The control surface (/_emulator/*, tunnels included), and the mail viewer (its pages, its
//    push channel, its assets) answer loopback peers only, unless the user opted in (--allow-remote).
//    /_emulator/health stays open: it reveals nothing and `inbox send` on another machine uses it.
// 3. Cross-site requests. A browser request from a web page of another origin (a foreign `Origin`,
//    or a `Sec-Fetch-Site` other than same-origin/none) is refused with 403 `forbidden_origin`:
//    - to the API (/v1), whatever its method, before its key is charged: the seeded keys are public,
//      so any page could otherwise spend their quota or read their mail (`?api_key=`). Origins the
//      user names (--cors-origin, `*` for any) are let through and answered with CORS headers;
//    - elsewhere, when it changes state (any method but GET/HEAD/OPTIONS).
//    On the control surface and the viewer, a state-changing request with a content type an HTML
//    form or a no-preflight fetch can send (text/plain, form encodings) is refused with 415: a
//    cross-site form can never reset state or delete mail.
//
// Requests without a socket (in-process `app.request()`) count as loopback peers.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../core/errors.js';
import { errorResponse } from './respond.js';

export interface GuardOptions {
  /** The address the HTTP server is bound to (--host). */
  host: string;
  /** More Host names to answer (--allow-host): `name` exactly, or `.name` for it and its subdomains. */
  allowHosts?: readonly string[];
  /** Serve the control surface, tunnels and the viewer to non-loopback peers too (--allow-remote). */
  allowRemote?: boolean;
  /** Web page origins whose browser requests to /v1 are answered, with CORS headers (--cors-origin); `*`: any. */
  corsOrigins?: readonly string[];
}

/** Which rules a request falls under. */
export type Scope = 'api' | 'local' | 'open';

/** Paths served by the mail viewer besides `/` (emulator/http/viewer/). */
export const VIEWER_PREFIXES = ['/inbox/', '/emulator', '/_viewer/'] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Content types a cross-site page can send without a CORS preflight. */
const SIMPLE_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/** An origin as browsers send it: scheme://host[:port], lower-case, no default port or trailing slash. */
function normalOrigin(origin: string): string {
  const o = origin.trim();
  if (o === '*' || o === 'null') return o;
  try {
    return new URL(o).origin;
  } catch {
    return o.toLowerCase();
  }
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lower-cased, no trailing dot. */
export function hostName(header: string): string {
  let h = header.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end > 0 ? h.slice(1, end) : h;
  } else {
    const colon = h.lastIndexOf(':');
    if (colon >= 0 && h.indexOf(':') === colon) h = h.slice(0, colon);
  }
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = unbracket(address.toLowerCase()).replace(/^::ffff:/, '');
  if (a === '::1') return true;
  return isIP(a) === 4 && a.startsWith('127.');
}

export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

function isWildcard(host: string): boolean {
  const h = unbracket(host);
  return h === '0.0.0.0' || h === '::' || h === '';
}

/** Whether `--host` keeps the emulator on this machine. */
export function isLoopbackBind(host: string): boolean {
  return isLoopbackName(unbracket(host).toLowerCase());
}

/** Which rules apply to a path: the API (`/v1`), the local-only surface, or open (health). */
export function scopeOf(path: string, method: string, accept: string | undefined): Scope {
  if (path === '/_emulator/health') return 'open';
  if (path.startsWith('/_emulator/') || path === '/_emulator') return 'local';
  if (VIEWER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return 'local';
  if (path === '/') return (method === 'GET' || method === 'HEAD') && wantsHtml(accept) ? 'local' : 'open';
  return 'api';
}

/**
 * Content negotiation of `GET /`: HTML (the viewer) when the client lists text/html (browsers do)
 * at least as high as application/json; JSON otherwise (no Accept, `*∕*`, `application/json`).
 */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    if (type === 'application/json') json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}

function socketOf(c: Context): IncomingMessage['socket'] | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
}

/** Whether a request came from this machine (no socket: an in-process `app.request()`, which does). */
export function fromLoopback(c: Context): boolean {
  const socket = socketOf(c);
  return !socket || isLoopbackAddress(socket.remoteAddress);
}

export class Guard {
  readonly #bound: string;
  readonly #exact = new Set<string>();
  readonly #suffixes: string[] = [];
  readonly allowRemote: boolean;
  readonly #corsOrigins: Set<string>;

  constructor(opts: GuardOptions) {
    this.#bound = unbracket(opts.host.toLowerCase());
    this.allowRemote = opts.allowRemote ?? false;
    this.#corsOrigins = new Set((opts.corsOrigins ?? []).map(normalOrigin));
    for (const raw of opts.allowHosts ?? []) {
      const name = raw.trim().toLowerCase().replace(/\.$/, '');
      if (name.startsWith('.')) this.#suffixes.push(name);
      else if (name) this.#exact.add(unbracket(name));
    }
  }

  /** Whether a Host header names this emulator; `local` is the address the connection came in on. */
  hostAllowed(header: string, local?: string): boolean {
    const name = hostName(header);
    if (name === '') return false;
    if (isLoopbackName(name)) return true;
    if (!isWildcard(this.#bound) && name === this.#bound) return true;
    if (local && isIP(name) && name === unbracket(local.toLowerCase()).replace(/^::ffff:/, '')) return true;
    if (this.#exact.has(name)) return true;
    return this.#suffixes.some((s) => name === s.slice(1) || name.endsWith(s));
  }

  /** Whether an `Origin` is this very emulator: as the request addressed it (same scheme, host, port), or under another loopback name on that port. */
  sameOrigin(origin: string, hostHeader: string): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:') return false;
    let target: URL;
    try {
      target = new URL(`http://${hostHeader}`);
    } catch {
      return false;
    }
    if (url.host === target.host) return true;
    // The emulator under another of its loopback names (a viewer page on localhost calling
    // 127.0.0.1): the same server when the port is the same.
    const port = (u: URL) => u.port || '80';
    return isLoopbackName(url.hostname.toLowerCase()) && isLoopbackName(target.hostname.toLowerCase()) && port(url) === port(target);
  }

  /** Whether browser requests to /v1 from this page origin are answered (--cors-origin). */
  corsAllows(origin: string): boolean {
    return this.#corsOrigins.has('*') || this.#corsOrigins.has(normalOrigin(origin));
  }

  /** The middleware (mount before every route). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const refusal = this.check(c);
      if (refusal) return errorResponse(c, refusal);
      await next();
    };
  }

  /** Why a request is refused, or null. */
  check(c: Context): ApiError | null {
    const socket = socketOf(c);
    const url = new URL(c.req.url);
    const hostHeader = c.req.header('host') ?? url.host;
    if (!this.hostAllowed(hostHeader, socket?.localAddress)) {
      return new ApiError('forbidden_host', `This emulator does not answer for host "${hostName(hostHeader).slice(0, 100)}".`, {
        hint: 'Use http://127.0.0.1 or http://localhost; to serve another name, start it with --allow-host <name>.',
      });
    }
    const method = c.req.method.toUpperCase();
    // The canonical path (paths.ts), the one the router matches: every spelling of a path gets the
    // verdict of the route it reaches.
    const path = c.req.path;
    const scope = scopeOf(path, method, c.req.header('accept'));
    if (scope === 'local' && !this.allowRemote && !fromLoopback(c)) {
      return new ApiError('forbidden_peer', 'The control surface, tunnels and the mail viewer answer this machine only.', {
        hint: 'Use them on the machine that runs "inbox emulate", or start it with --allow-remote (anyone who can reach it can then read mail and reset state).',
      });
    }
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const crossSite = (origin !== undefined && !this.sameOrigin(origin, hostHeader)) || (site !== undefined && site !== 'same-origin' && site !== 'none');
    if (crossSite && scope === 'api' && !(origin !== undefined && this.corsAllows(origin))) {
      const from = origin === undefined ? 'a web page of another site' : `the web page origin ${origin.slice(0, 100)}`;
      return new ApiError('forbidden_origin', `Browser requests to the API from ${from} are refused: the emulator's seeded keys are public.`, {
        hint:
          origin === undefined || origin === 'null'
            ? 'Call the API from a program (no Origin header), or serve the page from an origin and start the emulator with --cors-origin <origin>.'
            : `To call the API from that page during development, start the emulator with --cors-origin ${origin.slice(0, 100)}.`,
      });
    }
    if (SAFE_METHODS.has(method) || scope === 'api') return null;
    if (crossSite) {
      return new ApiError('forbidden_origin', `${method} from a web page of another origin is refused.`, {
        hint: 'Call the emulator from a program (no Origin header) or from its own viewer page.',
      });
    }
    if (scope === 'local') {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (SIMPLE_TYPES.has(type)) {
        return new ApiError('unsupported_media_type', `${type} is not accepted on ${path}; send JSON (Content-Type: application/json) or no body.`);
      }
    }
    return null;
  }
}
