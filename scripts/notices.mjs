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
 * come from, each with its files among them: `node_modules/ink/build/x.js` → `node_modules/ink`,
 * nested and scoped ones included.
 */
function packageFolders(inputPaths) {
  const folders = new Map();
  for (const p of inputPaths) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(p.replaceAll('\\', '/'));
    if (!m) continue;
    if (!folders.has(m[1])) folders.set(m[1], []);
    folders.get(m[1]).push(p);
  }
  return folders;
}

/** The files of an esbuild metafile's inputs that put at least one byte into an output. */
function bundledInputs(metafile) {
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

/** The copyright lines of source files (their header comments), once each. */
function copyrightLines(files) {
  const lines = new Set();
  for (const f of files) {
    for (const m of readFileSync(f, 'utf8').matchAll(/^[\s*/#!]*(Copyright\b.*?)\s*(?:\*\/)?$/gim)) lines.add(m[1]);
  }
  return [...lines];
}

/** The MIT permission notice, for an MIT package that ships no licence file (with its copyright lines). */
const MIT_PERMISSION = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense,
and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so,
subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial
portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/**
 * One package's entry: name, version, licence, and the text of its licence and notice files. A
 * package that ships no licence file gets the copyright lines of its bundled `sources` instead (with
 * the MIT permission notice when it is MIT); one with neither stops the build, since its notice
 * cannot be made here.
 */
function packageNotice(folder, sources = []) {
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const files = readdirSync(folder)
    .filter((f) => LICENSE_FILE.test(f))
    .sort();
  const texts = files.map((f) => ({ file: f, text: readFileSync(join(folder, f), 'utf8').trim() }));
  const license = licenseName(pkg);
  if (texts.length === 0) {
    const copyright = copyrightLines(sources);
    if (copyright.length === 0) {
      throw new Error(
        `${pkg.name} ${pkg.version} is bundled into dist/ but ships no licence file and no copyright line: give its notice in scripts/notices.mjs`,
      );
    }
    const text = [...copyright, ...(license === 'MIT' ? ['', MIT_PERMISSION] : [])].join('\n');
    texts.push({ file: `copyright lines of its sources${license === 'MIT' ? ', with the MIT licence it states' : ''}`, text });
  }
  return { name: pkg.name, version: pkg.version, license, homepage: typeof pkg.homepage === 'string' ? pkg.homepage : undefined, texts };
}

/** The notices document for the packages bundled from `root` (esbuild's working folder). */
export function noticesOf(root, metafile, ownName) {
  const byName = new Map();
  for (const [folder, files] of packageFolders(bundledInputs(metafile))) {
    const abs = join(root, folder);
    if (!existsSync(join(abs, 'package.json'))) continue;
    const n = packageNotice(
      abs,
      files.map((f) => join(root, f)),
    );
    if (n.name === ownName) continue;
    byName.set(`${n.name}@${n.version}`, n);
  }
  const entries = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, 'en', { numeric: true }));
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
    for (const t of e.texts) parts.push('', `### ${t.file}`, '', fence(t.text));
  }
  return `${parts.join('\n')}\n`;
}
