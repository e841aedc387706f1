// /mcp: the agent tools of `inbox mcp` (src/mcp/tools.ts) over MCP's Streamable HTTP transport, on the
// emulator itself. Every request needs `Authorization: Bearer <key>` (the account the tools act for)
// and passes the guard like the rest (Host, cross-site Origin; it is an API path, so remote peers are
// answered as /v1 is). Stateless: each POST gets its own server and transport, answered as JSON, so
// no session outlives a request and two emulators never share one. The request itself costs nothing;
// each tool spends what the API routes it stands for cost (core/mcp/agent-backend.ts). The MCP SDK is
// loaded on the first request.
import type { Hono } from 'hono';
import { AgentBackend } from '../../core/mcp/agent-backend.js';
import { ApiError } from '../../core/errors.js';
import type { HttpDeps } from '../api-route.js';

export const MCP_PATH = '/mcp';

export function mcpRoutes(app: Hono, deps: HttpDeps): void {
  const { core } = deps;
  // POST only: without sessions there is no stream to open (GET) or session to end (DELETE); the app
  // answers those 405 with `Allow: POST`, as the transport's specification asks of such a server.
  app.post(MCP_PATH, async (c) => {
    const auth = c.req.header('authorization');
    const key = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
    if (!key) {
      throw new ApiError('unauthorized', 'The MCP endpoint needs "Authorization: Bearer <API key>".', {
        hint: 'Add the header to the MCP client\'s configuration, e.g. "headers": {"Authorization": "Bearer emu_enterprise"} (docs/mcp.md).',
      });
    }
    const account = core.accounts.authenticate(key);
    const [{ WebStandardStreamableHTTPServerTransport }, { toolServer }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
      import('../../../src/mcp/server.js'),
    ]);
    const url = new URL(c.req.url);
    const backend = new AgentBackend(
      core.ctx,
      {
        accounts: core.accounts,
        inboxes: core.inboxes,
        domains: core.domains,
        messages: core.messages,
        waits: core.waits,
        commit: () => core.commit(),
      },
      account,
      `${url.protocol}//${c.req.header('host') ?? url.host}`,
    );
    const server = toolServer(backend);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
}
