// The seam under InboxClient: a fetch-shaped function. Anything with the shape of WHATWG fetch fits:
// Node's global `fetch`, undici's `fetch` with a dispatcher of your own, or a hono app's `app.request`
// (tests run the client in-process that way). The client reads only `status`, `headers` and `body`
// of the answer, so `FetchResponse` names just those; a real `Response` is one.

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface FetchResponse {
  readonly status: number;
  readonly headers: { forEach(cb: (value: string, key: string) => void): void };
  readonly body: ReadableStream<Uint8Array> | null;
}

export type FetchFn = (input: string, init: FetchInit) => Promise<FetchResponse>;

/** A fetch the client made itself and must close (keep-alive sockets). */
export interface OwnedFetch {
  fetch: FetchFn;
  close(): void;
}
