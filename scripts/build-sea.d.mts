// Types of scripts/build-sea.mjs, for the TypeScript that imports it (test/package/sea.test.ts).
/** The Node line the executable is built on (26). */
export const SEA_NODE_LINE: number;
/** A failure to get a Node to build with: no registry, or a machine that is not Linux x64. */
export class SeaError extends Error {
  code: 'sea_node_unavailable' | 'sea_unsupported_host';
}
/** The Node 26 binary for Linux x64 (INBOX_SEA_NODE, else fetched once into .cache/sea/). */
export function seaNode(opts?: {
  root?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<{ binary: string; version: string; license: string | null }>;
/** The executable's two bundles (the CLI, the mail reader's worker) and their notices, in memory. */
export function seaBundles(root?: string): Promise<{ main: string; reader: string; notices: string }>;
/** Builds `<out>/inbox` (default dist-sea/), skipped when its inputs hash as the last build's did. */
export function buildSea(opts?: {
  root?: string;
  out?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<{ path: string; built: boolean; hash: string; node: string; size: number }>;
