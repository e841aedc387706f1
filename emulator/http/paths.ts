// How request paths are read for routing. Clients write an inbox into the path three ways: fully
// percent-encoded (`a%2Fb%40x.test`), encoded but with `/` left as is (`a/b%40x.test`, Python's
// `quote`), or raw (`a+b@x.test`). An address holds exactly one `@` and its domain has no `/`, so
// the inbox ends at the first segment after `/v1/inboxes/` that holds an `@` (raw or `%40`); any
// segments before it are its local part and are joined back with `%2F`. Route parameters are then
// percent-decoded by hono as usual (`+` stays `+`).
import { getPath } from 'hono/utils/url';

const PREFIX = '/v1/inboxes/';
const AT = /@|%40/i;

/** The routing path of a request: hono's, with a multi-segment inbox joined into one segment. */
export function routingPath(request: Request): string {
  const path = getPath(request);
  if (!path.startsWith(PREFIX)) return path;
  const segments = path.slice(PREFIX.length).split('/');
  const k = segments.findIndex((s) => AT.test(s));
  if (k <= 0) return path;
  return PREFIX + [segments.slice(0, k + 1).join('%2F'), ...segments.slice(k + 1)].join('/');
}
