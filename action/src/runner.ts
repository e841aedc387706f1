// What a JavaScript action says to the runner, as GitHub's runner reads it: inputs arrive as INPUT_<NAME>
// variables (upper case, spaces as underscores); environment variables for later steps, outputs and
// the state handed to the post step are appended to the files GITHUB_ENV, GITHUB_OUTPUT and
// GITHUB_STATE in the runner's `name<<delimiter` form; workflow commands (`::error::`, groups) are
// lines on stdout. No dependency: the action's bundle carries only what it uses.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';

export type Env = Record<string, string | undefined>;

/** An input's value as the runner passes it (trimmed; '' when not given and without a default). */
export function input(env: Env, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** Appends `name` = `value` to the runner file named by `variable` (GITHUB_ENV, GITHUB_OUTPUT, GITHUB_STATE). */
export function fileCommand(env: Env, variable: 'GITHUB_ENV' | 'GITHUB_OUTPUT' | 'GITHUB_STATE', name: string, value: string): void {
  const file = env[variable];
  if (!file) throw new Error(`${variable} is not set: run this as a step of a GitHub Actions job (the runner sets it)`);
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, 'utf8');
}

/** A workflow command's data, escaped as the runner expects (% and line breaks). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function error(message: string): void {
  process.stdout.write(`::error::${escapeData(message)}${EOL}`);
}

export function warning(message: string): void {
  process.stdout.write(`::warning::${escapeData(message)}${EOL}`);
}

/** Prints `text` in a collapsible group of the job's log. */
export function group(title: string, text: string): void {
  process.stdout.write(`::group::${escapeData(title)}${EOL}${text.endsWith('\n') ? text : `${text}\n`}::endgroup::${EOL}`);
}
