// How the CLI writes: Ink-style rich output in a terminal, plain stable text in pipes, JSON for --json.
export type OutputMode = 'tty' | 'plain' | 'json';

export function outputMode(opts: { json?: boolean }, stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): OutputMode {
  if (opts.json) return 'json';
  return stream.isTTY && env.TERM !== 'dumb' ? 'tty' : 'plain';
}

/** Colours only in a terminal and only without NO_COLOR (https://no-color.org). */
export function colorEnabled(stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

const codes = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof codes;

export function paint(on: boolean, style: Style, text: string): string {
  if (!on) return text;
  const [a, b] = codes[style];
  return `\x1b[${a}m${text}\x1b[${b}m`;
}
