import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorkerPlugin } from './app/features/pwa/service-worker.build';

/** The storefront folder: Vite and React Router resolve `app/` from here, whatever the cwd. */
const root = fileURLToPath(new URL('.', import.meta.url));

/** The ICU parser entry that intl-messageformat imports. */
const ICU_PARSER = '@formatjs/icu-messageformat-parser';

/**
 * Precompiled messages for the browser (FormatJS's documented "no parser" setup): in the client
 * build the message catalogues (`app/i18n/*.json`) are parsed to ICU ASTs at build time and the
 * ICU parser is replaced by its parser-less entry. The server and tests keep the plain strings.
 * Saves about 10 KB gzip of JavaScript on every page (ADR 003's budget).
 */
function precompiledMessages(): Plugin {
  const isClient = (plugin: { environment?: { config: { consumer: string } } }) =>
    plugin.environment?.config.consumer === 'client';
  return {
    name: 'trampa:precompiled-messages',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== ICU_PARSER || !isClient(this)) return null;
      return this.resolve(`${ICU_PARSER}/lib/no-parser.js`, importer, {
        ...options,
        skipSelf: true,
      });
    },
    transform(code, id) {
      if (!isClient(this) || !/[\\/]app[\\/]i18n[\\/][a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** The framework's own modules: React Router keeps one `router` chunk, React stays with the entry. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@react-router)[\\/]/;
/**
 * React Router and its own dependencies (`cookie`, `set-cookie-parser`): one `router` chunk. The
 * shop's client code imports `cookie` too; left in `shell`, it made `router` import `shell` while
 * `shell` imports `router` (Rollup's "Circular chunk" warning).
 */
const ROUTER = /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * React, React DOM, the scheduler and Rollup's CommonJS helpers (React ships CommonJS): one
 * `react` chunk that `router` and `shell` both import. Left unassigned, Rollup put them into
 * `shell`, which `router` then imported while `shell` imports `router` (a circular chunk).
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|commonjsHelpers/;

interface ModuleInfoLike {
  importedIds: readonly string[];
  importers: readonly string[];
  isEntry: boolean;
}
type ModuleInfoOf = (id: string) => ModuleInfoLike | null;

/** The modules `start` imports statically, to any depth, without entries, framework and `skip`. */
function reachable(start: string, info: ModuleInfoOf, skip: Set<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...(info(start)?.importedIds ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || skip.has(id) || FRAMEWORK.test(id)) continue;
    const module = info(id);
    if (!module || module.isEntry) continue;
    seen.add(id);
    stack.push(...module.importedIds);
  }
  return seen;
}

/**
 * Client chunks for the code every page runs (issue 23): the modules the root route imports
 * (statically, to any depth) go into one `shell` chunk, the modules only the default layout
 * needs (header, footer, cart panel; not those another route imports too) into one `chrome`
 * chunk, React Router into `router`. Without this Rollup cut that code into about 30 files of
 * 0.1–8 KiB (one request and one module preload each). Route modules stay entries, so a page
 * still loads only its own routes' code (the checkout, with its own layout, loads no `chrome`).
 */
function shellChunks() {
  let groups: Map<string, string> | undefined;
  return (
    id: string,
    api: { getModuleIds: () => IterableIterator<string>; getModuleInfo: ModuleInfoOf },
  ): string | undefined => {
    if (ROUTER.test(id)) return 'router';
    if (REACT.test(id)) return 'react';
    if (!groups) {
      groups = new Map();
      const ids = [...api.getModuleIds()];
      const find = (suffix: string) =>
        ids.find((candidate) => candidate.split('?')[0]!.endsWith(suffix));
      const rootId = find('/app/root.tsx');
      const layoutId = find('/app/layouts/default.tsx');
      const shell = rootId ? reachable(rootId, api.getModuleInfo, new Set()) : new Set<string>();
      const layoutPath = layoutId?.split('?')[0];
      const layoutModules = layoutId
        ? reachable(layoutId, api.getModuleInfo, shell)
        : new Set<string>();
      const chrome = new Set(layoutModules);
      // Only what nothing outside the layout imports: another route must not load the chrome.
      for (let changed = true; changed;) {
        changed = false;
        for (const member of chrome) {
          const importers = api.getModuleInfo(member)?.importers ?? [];
          const outside = (importer: string) =>
            importer.split('?')[0] !== layoutPath && !chrome.has(importer);
          if (importers.some(outside)) {
            chrome.delete(member);
            changed = true;
          }
        }
      }
      for (const member of shell) groups.set(member, 'shell');
      for (const member of chrome) groups.set(member, 'chrome');
      // The layout's modules that other routes import too (the price, the stars, the favourite
      // heart, the product card's helpers): one `common` chunk. Rollup would cut them into one
      // chunk per set of routes that reach them, about ten files of 0.1–1.3 KiB gzip on every
      // page, and each module request costs the browser about 1 ms of main thread (4 ms on
      // Lighthouse's phone), more than the few KiB a page that needs only some of them loads.
      for (const member of layoutModules) {
        if (!chrome.has(member)) groups.set(member, 'common');
      }
    }
    return groups.get(id);
  };
}

export default defineConfig({
  root,
  plugins: [precompiledMessages(), reactRouter(), serviceWorkerPlugin()],
  build: {
    assetsInlineLimit: 0,
    // `TRAMPA_SOURCEMAP=1 npx react-router build`: source maps beside the chunks (not linked
    // from them), to see which modules a chunk's bytes come from (docs/performance.md, issue 23).
    sourcemap: process.env.TRAMPA_SOURCEMAP ? 'hidden' : false,
  },
  environments: {
    client: {
      build: {
        rollupOptions: { output: { manualChunks: shellChunks() } },
      },
    },
  },
});
