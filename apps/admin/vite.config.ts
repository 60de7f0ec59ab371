/**
 * The back office's build (issue 26; ADR 015): a single-page app under `/admin`, built into
 * `dist/` as static files that the shop's server serves (apps/storefront/app/back-office). A
 * build of its own, so nothing of it enters the storefront's bundles.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';

/**
 * React Router's package exports only its development build; its own Vite plugin (used by the
 * storefront) swaps in `dist/production` for builds, and so does this one.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  base: '/admin/',
  resolve: command === 'build' ? { alias: { 'react-router': reactRouterProduction } } : {},
  esbuild: { jsx: 'automatic' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/admin/graphql': 'http://localhost:3000' } },
}));
