// Types for the two undici modules the client loads directly (undici 7 has no exports map), so the CLI
// does not pay for the whole package (fetch, WebSocket, caches, mocks) on start-up.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  const request: (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}
