// How request paths are read. Every request path is read once, here, into its canonical form, and
// the guard (guard.ts), the router (app.ts) and the WebSocket switch (upgrade.ts) all judge that one
// form, so no spelling of a path can reach a route with a verdict meant for another path:
//
// 1. Dot segments are resolved as a WHATWG URL resolves them (`/v1/../x`, `/v1/%2e%2E/x` → `/x`).
// 2. Percent-escapes are decoded once, as `decodeURI` decodes them: `%5F` → `_`, `%65` → `e`, UTF-8
//    sequences to their characters; escapes of characters that delimit (`%2F`, `%40`, `%3F`, `%25`,
//    ...) stay as they are, so an encoded `/` never becomes a segment break and `%2525` never becomes
//    `%`. Malformed escapes stay as written.
// 3. Nothing else changes: case matters and `//` is an empty segment, so `/_EMULATOR/reset` and
//    `//_emulator/reset` match no route (404) rather than a route the guard did not judge.
//
// Clients write an inbox into the path three ways: fully percent-encoded (`a%2Fb%40x.test`), encoded
// but with `/` left as is (`a/b%40x.test`, Python's `quote`), or raw (`a+b@x.test`). An address holds
// exactly one `@` and its domain has no `/`, so the inbox ends at the first segment after
// `/v1/inboxes/` (or `/v1/mcp/inboxes/`) that holds an `@` (raw or `%40`); any segments before it are its local part and are
// joined back with `%2F`. Route parameters are then percent-decoded by hono as usual (`+` stays `+`).

/** Where an inbox starts a path: the API's inbox routes and the MCP layer's (routes/hosted-mcp.ts). */
const PREFIXES = ['/v1/inboxes/', '/v1/mcp/inboxes/'];
const AT = /@|%40/i;
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

function decodeOnce(path: string): string {
  return path.replace(ESCAPES, (run) => {
    try {
      // decodeURI leaves %25 undecoded only when it is followed by what it would not decode; doubling
      // it first keeps every %25 as written.
      return decodeURI(run.replace(/%25/g, '%2525'));
    } catch {
      return run.replace(/%[0-9A-Fa-f]{2}/g, (one) => {
        try {
          return decodeURI(one.replace(/%25/g, '%2525'));
        } catch {
          return one;
        }
      });
    }
  });
}

/** The canonical path of a request URL (absolute, or a request target such as `/a?b`). */
export function canonicalPath(url: string): string {
  // A request target is read against a base of its own: `new URL('//x/y', base)` would take `x` for
  // a host.
  const path = decodeOnce(new URL(url.startsWith('/') ? `http://localhost${url}` : url).pathname);
  const prefix = PREFIXES.find((p) => path.startsWith(p));
  if (!prefix) return path;
  const segments = path.slice(prefix.length).split('/');
  const k = segments.findIndex((s) => AT.test(s));
  if (k <= 0) return path;
  return prefix + [segments.slice(0, k + 1).join('%2F'), ...segments.slice(k + 1)].join('/');
}

/** The routing path of a request (hono's `getPath`): its canonical path. */
export function routingPath(request: Request): string {
  return canonicalPath(request.url);
}
