// The licence notices of the third-party code that the build copies into dist/ (Ink, React, conf and
// their dependencies are bundled, not installed beside the package). Their licences (MIT, ISC and the
// like) ask that the copyright notice and licence text travel with every copy, so the build writes
// them into dist/THIRD-PARTY-NOTICES.md from what esbuild reports it bundled.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.md';

const LICENSE_FILE = /^(licen[cs]e|copying|notice)([-._][a-z0-9]+)*(\.(md|markdown|txt))?$/i;

/**
 * The package folders (relative to the build's working folder) that the given esbuild input paths
 * come from: `node_modules/ink/build/x.js` → `node_modules/ink`, nested and scoped ones included.
 */
export function packageFolders(inputPaths) {
  const folders = new Set();
  for (const p of inputPaths) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(p.replaceAll('\\', '/'));
    if (m) folders.add(m[1]);
  }
  return [...folders];
}

/** The files of an esbuild metafile's inputs that put at least one byte into an output. */
export function bundledInputs(metafile) {
  const used = new Set();
  for (const out of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) if (bytesInOutput > 0) used.add(input);
  }
  return [...used];
}

function licenseName(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'not stated';
}

/** One package's entry: name, version, licence, and the text of its licence and notice files. */
export function packageNotice(folder) {
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const files = readdirSync(folder)
    .filter((f) => LICENSE_FILE.test(f))
    .sort();
  return {
    name: pkg.name,
    version: pkg.version,
    license: licenseName(pkg),
    homepage: typeof pkg.homepage === 'string' ? pkg.homepage : undefined,
    texts: files.map((f) => ({ file: f, text: readFileSync(join(folder, f), 'utf8').trim() })),
  };
}

/** The notices document for the packages bundled from `root` (esbuild's working folder). */
export function noticesOf(root, metafile, ownName) {
  const byName = new Map();
  for (const folder of packageFolders(bundledInputs(metafile))) {
    const abs = join(root, folder);
    if (!existsSync(join(abs, 'package.json'))) continue;
    const n = packageNotice(abs);
    if (n.name === ownName) continue;
    byName.set(`${n.name}@${n.version}`, n);
  }
  const entries = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const fence = (text) => {
    let f = '```';
    while (text.includes(f)) f += '`';
    return `${f}\n${text}\n${f}`;
  };
  const parts = [
    '# Third-party notices',
    '',
    `${ownName} bundles the following packages into dist/ (they are not installed as dependencies). ` +
      'Each is used under its own licence, reproduced below as the package ships it.',
    '',
    ...entries.map((e) => `- ${e.name} ${e.version} (${e.license})`),
  ];
  for (const e of entries) {
    parts.push('', `## ${e.name} ${e.version}`, '', `Licence: ${e.license}${e.homepage ? `. Home: ${e.homepage}` : ''}`);
    if (e.texts.length === 0) parts.push('', 'The package ships no licence file; its package.json states the licence above.');
    for (const t of e.texts) parts.push('', `### ${t.file}`, '', fence(t.text));
  }
  return `${parts.join('\n')}\n`;
}
