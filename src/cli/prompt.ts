// Reading a secret without leaving it in shell history: `inbox config set api-key -` reads stdin,
// `inbox config set api-key` in a terminal asks for it without echoing what is typed.

/** All of stdin as text, without the trailing newline(s). */
export async function readStdin(stream: NodeJS.ReadStream = process.stdin): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk as string;
  return text.replace(/[\r\n]+$/, '');
}

export class PromptAborted extends Error {}

/**
 * Asks on `output` (stderr) and reads one line from the terminal `input` in raw mode, echoing nothing.
 * Backspace edits; Enter ends; Ctrl-C or Ctrl-D on an empty line aborts (PromptAborted).
 */
export function promptHidden(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const wasRaw = input.isRaw;
    const done = (err: Error | null) => {
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(null);
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) return done(new PromptAborted('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    output.write(question);
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** Asks a yes/no question on the terminal; y or yes goes on, anything else (Ctrl-C, Ctrl-D too) is a no. */
export async function askYesNo(question: string, input: NodeJS.ReadStream, output: NodeJS.WritableStream): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input, output });
  let answer = '';
  try {
    answer = await new Promise<string>((resolve) => {
      rl.once('SIGINT', () => rl.close());
      rl.once('close', () => resolve(''));
      rl.question(question).then(resolve, () => resolve(''));
    });
  } finally {
    rl.close();
  }
  return /^\s*y(es)?\s*$/i.test(answer);
}
