// Developer aid, preloaded into the emulator by bench/lib/profile-ingest.ts (`--fs`): times every
// asynchronous file-system call from the moment it is made until its callback runs (which includes
// the wait for a libuv thread), and counts the synchronous ones. SIGUSR2 clears the counters (after
// a warm-up); on exit the table goes to $FS_TIMING_OUT as JSON.
'use strict';
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const { performance } = require('node:perf_hooks');

const stats = new Map();
function record(name, t0) {
  const s = stats.get(name) ?? { calls: 0, ms: 0 };
  s.calls++;
  s.ms += performance.now() - t0;
  stats.set(name, s);
}

for (const name of ['open', 'fsync', 'fdatasync', 'close', 'rename', 'write', 'writev', 'unlink', 'link', 'readFile', 'writeFile', 'copyFile']) {
  const orig = fs[name];
  if (typeof orig !== 'function') continue;
  fs[name] = function (...args) {
    const cb = args[args.length - 1];
    if (typeof cb !== 'function') return orig.apply(this, args);
    const t0 = performance.now();
    args[args.length - 1] = function (...res) {
      record(`fs.${name}`, t0);
      return cb.apply(this, res);
    };
    return orig.apply(this, args);
  };
}
for (const name of ['open', 'rename', 'rm', 'link', 'readFile', 'unlink', 'writeFile', 'copyFile', 'mkdir']) {
  const orig = fs.promises[name];
  fs.promises[name] = async function (...args) {
    const t0 = performance.now();
    try {
      return await orig.apply(this, args);
    } finally {
      record(`fs.promises.${name}`, t0);
    }
  };
}
for (const name of ['openSync', 'writeSync', 'closeSync', 'fsyncSync', 'renameSync', 'readFileSync', 'writeFileSync']) {
  const orig = fs[name];
  fs[name] = function (...args) {
    const t0 = performance.now();
    try {
      return orig.apply(this, args);
    } finally {
      record(`fs.${name}`, t0);
    }
  };
}
// FileHandle methods (fs.promises.open results).
fs.promises.open(__filename, 'r').then((fh) => {
  const proto = Object.getPrototypeOf(fh);
  for (const name of ['writeFile', 'write', 'sync', 'datasync', 'close', 'writev']) {
    const orig = proto[name];
    if (typeof orig !== 'function') continue;
    proto[name] = async function (...args) {
      const t0 = performance.now();
      try {
        return await orig.apply(this, args);
      } finally {
        record(`FileHandle.${name}`, t0);
      }
    };
  }
  return fh.close();
});
syncBuiltinESMExports();

process.on('SIGUSR2', () => stats.clear());
process.on('exit', () => {
  if (process.env.FS_TIMING_OUT) fs.writeFileSync(process.env.FS_TIMING_OUT, JSON.stringify(Object.fromEntries(stats)));
});
