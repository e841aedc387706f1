// `inbox mcp`: the agent tools (tools.ts) served over stdio, one JSON-RPC message a line, until the
// client closes stdin or the process is asked to stop (SIGINT, SIGTERM). Loaded only by that command:
// the MCP SDK stays off every other command's start-up path. Nothing else may write to stdout.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { MailBackend } from './backend.js';
import { toolServer } from './server.js';

export interface StdioIo {
  stdin: NodeJS.ReadableStream & { pause(): unknown };
  stdout: NodeJS.WritableStream;
  signals?: { on(s: 'SIGINT' | 'SIGTERM', f: () => void): unknown; off(s: 'SIGINT' | 'SIGTERM', f: () => void): unknown };
}

/** Serves the tools on stdin/stdout; resolves once the client has gone (stdin ended) or a stop signal came. */
export async function serveStdio(backend: MailBackend, io: StdioIo): Promise<void> {
  const server = toolServer(backend);
  const transport = new StdioServerTransport(io.stdin as never, io.stdout as never);
  let stop = () => undefined as void;
  await new Promise<void>((resolve) => {
    stop = () => resolve();
    transport.onclose = stop;
    io.stdin.once('end', stop);
    io.stdin.once('close', stop);
    io.signals?.on('SIGINT', stop);
    io.signals?.on('SIGTERM', stop);
    server.connect(transport).catch(stop);
  });
  io.signals?.off('SIGINT', stop);
  io.signals?.off('SIGTERM', stop);
  await server.close().catch(() => undefined);
}
