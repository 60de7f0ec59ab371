/**
 * `npm run build:server` (part of `npm run build`): compiles the server programs to plain
 * JavaScript in `dist/`, so production runs them with `node` alone (no tsx; issue 15):
 *
 * - `dist/server.js`: the shop (`apps/storefront/server.ts`; `npm run start:prod`),
 * - `dist/api.js`: the standalone API of the scale-out mode (`apps/api/src/server.ts`),
 * - `dist/migrate.js`: the release step (`apps/api/src/db/migrate-cli.ts`; `npm run db:migrate:prod`),
 * - `dist/seed.js`: `apps/api/src/db/seed-cli.ts`.
 *
 * esbuild bundles our own TypeScript, including the `@trampa/api` workspace package (whose
 * exports point at `.ts` files), and leaves every npm package external: they are loaded from
 * node_modules at run time, so they must be production `dependencies`. The storefront's React
 * Router build (`apps/storefront/build/`) is made separately by `npm run build -w apps/storefront`.
 *
 * Paths a module derives from its own location (`new URL('../../drizzle', import.meta.url)`, the
 * migrations folder; `new URL('.', import.meta.url)`, the storefront folder with its build) are
 * rewritten to point from the bundle to the same place in the repository, so `dist/` works
 * wherever it sits next to `apps/`.
 */
import { isBuiltin } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from './build-if-stale.ts';

/** Bundle name -> entry file (relative to the repository root). */
export const SERVER_ENTRIES: Record<string, string> = {
  server: 'apps/storefront/server.ts',
  api: 'apps/api/src/server.ts',
  migrate: 'apps/api/src/db/migrate-cli.ts',
  seed: 'apps/api/src/db/seed-cli.ts',
  worker: 'apps/api/src/worker.ts',
};

/** The default output folder: `dist/` at the repository root (git-ignored). */
export const DEFAULT_OUTDIR = join(repoRoot, 'dist');

/** What {@link buildServer} produced. */
export interface ServerBuildResult {
  /** Bundle name (a key of {@link SERVER_ENTRIES}) -> absolute path of its `.js` file. */
  outputs: Record<string, string>;
  /** npm packages the bundles import at run time (sorted, without Node's built-in modules). */
  externals: string[];
}

/** The package of a bare import specifier (`@scope/name/sub` -> `@scope/name`), null for a built-in. */
export function packageName(specifier: string): string | null {
  if (isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** Keeps npm packages out of the bundle; our workspace packages (`@trampa/*`) go in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@trampa/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `new URL('<relative path>', import.meta.url)` with a string literal. */
const RELATIVE_URL = /new URL\(\s*(['"])([^'"]*)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Rewrites each `new URL('<path>', import.meta.url)` of a source file to the same target seen
 * from the bundle in `outdir`. Fails on `import.meta.dirname`/`filename`, which it cannot keep.
 */
function moduleRelativeUrls(outdir: string): Plugin {
  return {
    name: 'module-relative-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        if (args.path.split(sep).includes('node_modules')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        if (/import\.meta\.(?:dirname|filename)\b/.test(source)) {
          return {
            errors: [
              {
                text: `${relative(repoRoot, args.path)}: use new URL('…', import.meta.url) instead of import.meta.dirname/filename (the bundle lives elsewhere)`,
              },
            ],
          };
        }
        const contents = source.replace(RELATIVE_URL, (_match, _quote, path: string) => {
          const target = resolve(dirname(args.path), path);
          let fromBundle = relative(outdir, target).split(sep).join('/') || '.';
          if (!fromBundle.startsWith('.')) fromBundle = `./${fromBundle}`;
          if (/(?:^|\/)\.{0,2}$/.test(path) && !fromBundle.endsWith('/')) fromBundle += '/';
          return `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
        });
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Bundles {@link SERVER_ENTRIES} into `outdir` (default `dist/`) as ES modules for Node 20.19+,
 * with source maps (run with `node --enable-source-maps`).
 * @throws when esbuild reports an error (type errors are `npm run typecheck`'s job).
 */
export async function buildServer(options: { outdir?: string } = {}): Promise<ServerBuildResult> {
  const outdir = resolve(options.outdir ?? DEFAULT_OUTDIR);
  const entryPoints = Object.fromEntries(
    Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, join(repoRoot, file)]),
  );
  const result = await build({
    entryPoints,
    outdir,
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // The automatic JSX runtime for every .tsx (the mail templates), whatever tsconfig is near.
    jsx: 'automatic',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages, moduleRelativeUrls(outdir)],
  });
  const externals = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      const name = imported.external ? packageName(imported.path) : null;
      if (name) externals.add(name);
    }
  }
  return {
    outputs: Object.fromEntries(
      Object.keys(SERVER_ENTRIES).map((name) => [name, join(outdir, `${name}.js`)]),
    ),
    externals: [...externals].sort(),
  };
}

/** True when this file is the process's entry point (`tsx scripts/build-server.ts`). */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href;
}

if (isEntryPoint()) {
  const started = Date.now();
  const { outputs } = await buildServer();
  const files = Object.values(outputs).map((file) => relative(process.cwd(), file));
  console.log(`Built ${files.join(', ')} in ${Date.now() - started} ms`);
}
