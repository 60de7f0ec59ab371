import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/** The storefront folder: Vite and React Router resolve `app/` from here, whatever the cwd. */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [reactRouter()],
  build: {
    // Keep small modules together; the product page must stay under 100 KB gzip of JavaScript.
    assetsInlineLimit: 0,
  },
  server: {
    // The shop's own server.ts hosts Vite in middleware mode during `npm run dev`.
    hmr: true,
  },
});
