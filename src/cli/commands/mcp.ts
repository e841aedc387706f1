// inbox mcp: an MCP server over stdio for AI agents (docs/mcp.md), against whichever service the
// client is pointed at (the same profile, key and base URL rules as every other command). The MCP
// SDK and the tools are imported only here, when the command runs. stdout carries the protocol alone:
// notes go to stderr.
import type { Command } from 'commander';
import { run } from '../context.js';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the agent tools over MCP on stdio (create inboxes, wait for codes and links); see docs/mcp.md')
    .action((_o: unknown, cmd: Command) =>
      run(cmd, async (ctx) => {
        const client = ctx.client();
        const [{ serveStdio }, { ClientBackend }] = await Promise.all([import('../../mcp/stdio.js'), import('../../mcp/client-backend.js')]);
        await serveStdio(new ClientBackend(client), { stdin: ctx.io.stdin, stdout: ctx.io.stdout, signals: ctx.io.signals });
      }),
    );
}
