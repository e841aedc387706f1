// Small files the emulator keeps beside its data file from one start to the next (the SMTP ports'
// generated certificate and key: emulator/smtp/tls.ts), and files a user names on the command line
// (--tls-cert, --tls-key). What they hold is the caller's business; here they are only read and
// written: whole, 0600, each replaced atomically.
import { readFileSync } from 'node:fs';
import { replaceFileSync } from './fs.js';

/** The texts of `paths`, or null when any of them is missing or unreadable (the caller makes them again). */
export function readKeptFiles(paths: string[]): string[] | null {
  try {
    return paths.map((p) => readFileSync(p, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes each [path, text] whole (a temp file renamed over it, fsynced), in the order given. */
export function writeKeptFiles(files: Array<[path: string, text: string]>): void {
  for (const [path, text] of files) replaceFileSync(path, text, true);
}

/**
 * A file a user named with `flag`, as text; one that cannot be read is a start error naming the flag,
 * the path and the reason, with `hint` (the CLI's exit 10).
 */
export function readUserFile(path: string, flag: string, hint: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw Object.assign(new Error(`cannot read ${flag} ${path}: ${err.code ?? err.message}.`), { name: 'StartError', code: 'tls_files', hint });
  }
}
