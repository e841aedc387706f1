// The licence notices of the code bundled into dist/ (scripts/notices.mjs): every package whose code
// the bundle carries is named in dist/THIRD-PARTY-NOTICES.md with its licence text. What the bundle
// carries is read here from the source maps, not from esbuild's metafile that the notices come from.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, inject, test } from 'vitest';
import { ROOT } from '../helpers/binary.js';

const dist = join(inject('privateBuild'), 'dist');

/** `<package folder relative to the checkout>` of every node_modules source in dist/'s source maps. */
function bundledPackageFolders(): Set<string> {
  const folders = new Set<string>();
  const maps = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js.map'));
  for (const map of maps) {
    const { sources } = JSON.parse(readFileSync(join(dist, map), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      // Sources are relative to the map, as the map sits in the checkout's dist/.
      const rel = relative(ROOT, join(ROOT, 'dist', dirname(map), source)).replaceAll('\\', '/');
      const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(rel);
      if (m) folders.add(m[1]);
    }
  }
  return folders;
}

test('every package the bundle carries is named with its version, licence and licence text', () => {
  const notices = readFileSync(join(dist, 'THIRD-PARTY-NOTICES.md'), 'utf8');
  const folders = bundledPackageFolders();
  // Ink, React and conf, with their dependencies: dozens of packages.
  expect(folders.size).toBeGreaterThan(20);
  for (const folder of folders) {
    const pkg = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as { name: string; version: string };
    const section = notices.split(`\n## ${pkg.name} ${pkg.version}\n`)[1]?.split('\n## ')[0];
    expect(section, `${pkg.name} ${pkg.version}`).toBeDefined();
    const licenseFile = readdirSync(join(ROOT, folder)).find((f) => /^licen[cs]e/i.test(f));
    if (licenseFile) expect(section).toContain(readFileSync(join(ROOT, folder, licenseFile), 'utf8').trim());
    // Without a licence file (yoga-layout): the copyright lines of its sources, and the MIT text.
    else expect(section).toMatch(/^Copyright .+\n\nPermission is hereby granted/m);
  }
  // Run-time dependencies are installed with the package, not bundled: they carry their own licences.
  // But zod: the parts of zod/mini that emulator/options.ts uses are bundled (it loads at every start of
  // the CLI; scripts/build.mjs says why), so zod is named above, as the loop over the source maps checks.
  const deps = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
  for (const dep of deps.filter((d) => d !== 'zod')) expect(notices).not.toContain(`\n## ${dep} `);
});
