/**
 * The back office under `/admin` (issue 26; ADR 015), mounted by server.ts: the admin API at
 * `/admin/graphql` (its own schema and session cookie, `@trampa/api/admin`), an order's packing
 * slip and receipt (PDF, `/admin/orders/:id/packing-slip.pdf`, `…/receipt.pdf`) and the admin app's
 * static build (`apps/admin/dist`, `npm run build -w apps/admin`), with `index.html` for every
 * other `/admin` path (the app routes in the browser). Nothing here enters the storefront's
 * bundles: the app is a separate Vite build served as files.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminApi } from '@trampa/api/admin';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/** The admin app's build folder. */
const adminDist = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

/** The page when the admin app has not been built. */
const NOT_BUILT = `<!doctype html><html lang="sv"><meta charset="utf-8"><title>Administration</title>
<h1>Administrationen är inte byggd</h1><p>Kör <code>npm run build</code> och starta om.</p></html>`;

/** Hands a GET under `/admin/orders/` to the admin API's documents, or on when it is none. */
async function sendDocument(adminApi: AdminApi, req: Request, res: Response, next: NextFunction) {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  const answer = await adminApi.documents(
    new globalThis.Request(new URL(req.originalUrl, 'http://localhost'), {
      method: req.method,
      headers,
    }),
  );
  if (!answer) return next();
  res.status(answer.status);
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * The `/admin` router: the admin API (when this process has the database) and the app.
 * @param adminApi undefined in scale-out mode (API_URL): then `/admin/graphql` answers 404
 */
export function backOfficeRouter(adminApi: AdminApi | undefined): Router {
  const router = express.Router();
  if (adminApi) {
    router.all('/admin/graphql', (req, res) => adminApi.yoga(req, res));
    router.get('/admin/orders/*splat', (req, res, next) => {
      sendDocument(adminApi, req, res, next).catch(next);
    });
  }
  router.use(
    '/admin/assets',
    express.static(join(adminDist, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  router.get(['/admin', '/admin/*splat'], (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    const index = join(adminDist, 'index.html');
    if (!existsSync(index)) res.status(503).type('html').send(NOT_BUILT);
    else res.sendFile(index);
  });
  return router;
}
