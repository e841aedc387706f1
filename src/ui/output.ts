// The CLI's only writer to the terminal. Commands hand it data; it picks the view: Ink tables and
// spinners in a terminal (imported on use), plain stable text in pipes, the API's JSON for --json.
// Notices (retries, defaults) go to stderr: plain "note:" lines, or JSON lines with --json.
import { formatExplanation, type ExplainReport } from './explain.js';
import { formatFields, formatTable, type Column, type Fields } from './format.js';
import { colorEnabled, outputMode, paint, type OutputMode, type Style } from './mode.js';
import { terminalJson, terminalText } from './terminal-text.js';

export interface OutputOptions {
  json?: boolean;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** TERM and NO_COLOR are read from it (default process.env). */
  env?: NodeJS.ProcessEnv;
}

export class Output {
  readonly mode: OutputMode;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** Colours on stdout / stderr (terminal, NO_COLOR unset, never with --json). */
  readonly color: boolean;
  readonly errColor: boolean;
  readonly #env: NodeJS.ProcessEnv;

  constructor(opts: OutputOptions = {}) {
    this.stdout = opts.stdout ?? process.stdout;
    this.stderr = opts.stderr ?? process.stderr;
    this.#env = opts.env ?? process.env;
    this.mode = outputMode({ json: opts.json }, this.stdout, this.#env);
    this.color = this.mode === 'tty' && colorEnabled(this.stdout, this.#env);
    this.errColor = this.mode !== 'json' && colorEnabled(this.stderr, this.#env);
  }

  get json(): boolean {
    return this.mode === 'json';
  }

  paint(style: Style, text: string): string {
    return paint(this.color, style, text);
  }

  /** A line on stdout. */
  print(text = ''): void {
    this.stdout.write(text + '\n');
  }

  /** A value as JSON on stdout (2-space indented, one document). */
  printJson(value: unknown): void {
    this.stdout.write(terminalJson(value, 2) + '\n');
  }

  /** Information for the person at the terminal, on stderr. */
  note(text: string, extra: Record<string, unknown> = {}): void {
    if (this.json) this.stderr.write(terminalJson({ notice: text, ...extra }) + '\n');
    else this.stderr.write(`${paint(this.errColor, 'dim', 'note')}: ${terminalText(text)}\n`);
  }

  warn(text: string, extra: Record<string, unknown> = {}): void {
    if (this.json) this.stderr.write(terminalJson({ warning: text, ...extra }) + '\n');
    else this.stderr.write(`${paint(this.errColor, 'yellow', 'warning')}: ${terminalText(text)}\n`);
  }

  /** A success line in a terminal (green tick), plain text otherwise. Not used with --json. */
  done(text: string): void {
    this.print(this.color ? `${paint(true, 'green', '✓')} ${terminalText(text)}` : terminalText(text));
  }

  async table<R>(columns: Array<Column<R>>, rows: R[]): Promise<void> {
    if (this.mode === 'tty') {
      const { renderTable } = await import('./ink/render.js');
      await renderTable(this.stdout, columns, rows, this.color);
      return;
    }
    this.stdout.write(formatTable(columns, rows));
  }

  async fields(fields: Fields): Promise<void> {
    if (this.mode === 'tty') {
      const { renderFields } = await import('./ink/render.js');
      await renderFields(this.stdout, fields, this.color);
      return;
    }
    this.stdout.write(formatFields(fields));
  }

  /** How a message's code and link were found (--explain): JSON, the Ink view in a terminal, plain text in pipes. */
  async explanation(report: ExplainReport): Promise<void> {
    if (this.json) return this.printJson(report);
    if (this.mode === 'tty') {
      const { renderExplanation } = await import('./ink/render.js');
      await renderExplanation(this.stdout, report, this.color);
      return;
    }
    this.stdout.write(formatExplanation(report));
  }

  /**
   * Runs `fn` with a spinner on stderr whenever stderr is a terminal (also when stdout is piped, as in
   * `CODE=$(inbox wait ...)`); silently with --json, on a dumb terminal, or when the terminal reports
   * no size (a live view there would clear the screen and its scrollback). With `totalMs` the spinner
   * counts down the time left instead of up. `fn` gets an update function to change the label.
   */
  async spin<T>(label: string, fn: (update: (label: string) => void) => Promise<T>, opts: { totalMs?: number } = {}): Promise<T> {
    if (!canDrawLive(this.json, this.stderr, this.#env)) return fn(() => undefined);
    const { startSpinner } = await import('./ink/render.js');
    const s = startSpinner(this.stderr, label, this.errColor, opts.totalMs);
    // Ctrl-C ends the process as before (exit 130), but the frame goes first: Ink's own exit hook
    // would unmount it as it is, leaving the spinner on the screen above the prompt.
    const interrupted = () => {
      s.stop();
      if (process.listenerCount('SIGINT') === 0) process.kill(process.pid, 'SIGINT');
    };
    process.prependOnceListener('SIGINT', interrupted);
    try {
      return await fn((l) => s.update(l));
    } finally {
      process.off('SIGINT', interrupted);
      s.stop();
    }
  }
}

/** A live view on `stream` only in a real terminal that reports its size. */
export function canDrawLive(json: boolean, stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return !json && Boolean(stream.isTTY) && env.TERM !== 'dumb' && (stream.columns ?? 0) > 0 && (stream.rows ?? 0) > 0;
}
