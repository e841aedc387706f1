// Types of scripts/build.mjs, for the TypeScript that imports it (tests, benchmarks).
/** The mail viewer's browser script, bundled and minified, as text. */
export function buildViewerClient(root?: string): Promise<string>;
/** Builds `<root>/src` into `outdir` (default `<root>/dist`, emptied first). */
export function buildBundle(opts?: { root?: string; outdir?: string; logLevel?: string }): Promise<void>;
/** Writes `<outdir>/require.cjs` and the declaration files. */
export function buildExtras(opts?: { root?: string; outdir?: string; quiet?: boolean }): Promise<void>;
/** Whether `<root>/dist` was built after the last change to what goes into it. */
export function distIsCurrent(root?: string): boolean;
/** Whether the whole of `<root>/dist` is current: the bundle as distIsCurrent says, the declarations and the require() stub there. */
export function wholeDistIsCurrent(root?: string): boolean;
/** Builds the whole of `<root>/dist` (bundle, declarations, stub); with ifStale, only when it is not current. A bundle that built is kept when only the declarations fail. */
export function buildDist(opts?: { root?: string; ifStale?: boolean; logLevel?: string }): Promise<'current' | 'built'>;
/** Takes the build lock of `<root>/dist`, waiting while a live build holds it; resolves to its release. */
export function lockBuild(root?: string, opts?: { waitMs?: number; pollMs?: number }): Promise<() => void>;
