// The id of a process that has ended, for the tests of what happens to a lock or a folder left behind
// by a process that is gone. `true` instead of node: the same dead pid for a millisecond of CPU rather
// than a tenth of a second.
import { spawnSync } from 'node:child_process';

export function deadPid(): number {
  const r = spawnSync('true');
  if (r.error || !r.pid) throw new Error(`could not run true: ${r.error?.message ?? 'no pid'}`);
  return r.pid;
}
