/**
 * The back office's build (issue 26; ADR 015): a single-page app under `/admin`, built into
 * `dist/` as static files that the shop's server serves (apps/storefront/app/back-office). A
 * build of its own, so nothing of it enters the storefront's bundles.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  esbuild: { jsx: 'automatic' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/admin/graphql': 'http://localhost:3000' } },
});
