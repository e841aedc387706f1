// Starts test/mail/fixtures/child-emulator.ts as a separate Node process (through tsx) and talks to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./fixtures/child-emulator.ts', import.meta.url));

export interface ChildEmulator {
  proc: ChildProcess;
  url: string;
  smtpPort: number;
  /** The next JSON line the child prints. */
  nextLine(): Promise<Record<string, unknown>>;
  exited: Promise<NodeJS.Signals | number | null>;
}

export async function startChild(data: string, sync?: string): Promise<ChildEmulator> {
  const proc = spawn(process.execPath, ['--import', 'tsx', SCRIPT, data, ...(sync ? [sync] : [])], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  const lines: string[] = [];
  const waiting: Array<(l: string) => void> = [];
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    const w = waiting.shift();
    if (w) w(l);
    else lines.push(l);
  });
  const nextLine = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const take = (l: string) => {
        try {
          resolve(JSON.parse(l) as Record<string, unknown>);
        } catch {
          reject(new Error(`child printed ${l}`));
        }
      };
      const l = lines.shift();
      if (l !== undefined) return take(l);
      waiting.push(take);
      void exited.then((how) => reject(new Error(`child exited (${String(how)}): ${stderr}`)));
    });
  const ready = await nextLine();
  return { proc, url: String(ready.url), smtpPort: Number(ready.smtpPort), nextLine, exited };
}
