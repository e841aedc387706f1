// The MCP server of the agent tools, over a backend: what `inbox mcp` serves on stdio (stdio.ts) and
// `inbox emulate` on /mcp over Streamable HTTP (emulator/http/routes/mcp.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { MailBackend } from './backend.js';
import { INSTRUCTIONS, registerTools, SERVER_NAME, type ToolOptions } from './tools.js';

declare const __INBOX_VERSION__: string | undefined;
/** The package version (compiled in by the build; `0.0.0-dev` run from source). */
export const MCP_SERVER_VERSION = typeof __INBOX_VERSION__ === 'string' ? __INBOX_VERSION__ : '0.0.0-dev';

/** An MCP server with the tools over `backend`. */
export function toolServer(backend: MailBackend, opts: ToolOptions = {}): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS, capabilities: { tools: {} } });
  registerTools(server, backend, opts);
  return server;
}
