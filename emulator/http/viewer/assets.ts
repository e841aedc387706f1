// The viewer's static assets: the stylesheet, the icon and the client script. The script is
// emulator/http/viewer/client.ts bundled by esbuild: `npm run build` bundles it once and embeds the
// result in dist/ (scripts/build.mjs defines __VIEWER_CLIENT__); run from source (tests, tsx) it is
// bundled on first use with the same function. Nothing is fetched from elsewhere: the page works offline.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

declare const __VIEWER_CLIENT__: string | undefined;

export { STYLE } from './style.js';

export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="6" width="28" height="20" rx="3" fill="#2f5bd3"/><path d="M4 9l12 9 12-9" stroke="#fff" stroke-width="2.5" fill="none" stroke-linejoin="round"/></svg>`;

let fromSource: Promise<string> | null = null;

/** The bundled client script. */
export function clientScript(): Promise<string> {
  if (typeof __VIEWER_CLIENT__ === 'string') return Promise.resolve(__VIEWER_CLIENT__);
  // A pure build product, the same for every emulator in the process, so one bundle is shared.
  fromSource ??= (async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const buildScript = pathToFileURL(join(root, 'scripts', 'build.mjs')).href;
    const mod = (await import(buildScript)) as { buildViewerClient(root: string): Promise<string> };
    return mod.buildViewerClient(root);
  })();
  fromSource.catch(() => (fromSource = null));
  return fromSource;
}
