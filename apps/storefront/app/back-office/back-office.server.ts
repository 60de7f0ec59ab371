/**
 * The back office under `/admin` (issue 26; ADR 015), mounted by server.ts: the admin API at
 * `/admin/graphql` (its own schema and session cookie, `@trampa/api/admin`), an order's packing
 * slip and receipt (PDF, `/admin/orders/:id/packing-slip.pdf`, `…/receipt.pdf`) and the admin app's
 * static build (`apps/admin/dist`, `npm run build -w apps/admin`), with `index.html` for every
 * other `/admin` path (the app routes in the browser). Nothing here enters the storefront's
 * bundles: the app is a separate Vite build served as files.
 *
 * In scale-out mode (API_URL) this process has no database: the admin API's paths are proxied
 * to the API server (http-proxy-middleware, streaming both ways: uploads and the CSV import's
 * server-sent events pass through), with the shopper's address as `X-Forwarded-For` (the API's
 * per-IP login limit counts it with TRUST_PROXY=1), so staff use one origin either way.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_GRAPHQL_PATH,
  BOOKING_LABEL_PATH,
  ORDER_DOCUMENT_PATH,
  type AdminApi,
} from '@trampa/api/admin';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

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

/** The JSON answer when the API server cannot be reached (scale-out mode). */
const BAD_GATEWAY = JSON.stringify({
  errors: [{ message: 'The API server cannot be reached', extensions: { code: 'BAD_GATEWAY' } }],
});

/**
 * `/admin/graphql` and the order documents (`/admin/orders/:id/*.pdf`) forwarded to the API
 * server at `apiUrl`'s origin: request and response streamed, the client's address (Express's
 * `req.ip`, TRUST_PROXY hops) as the only `X-Forwarded-For` entry; 502 with a GraphQL error when the API does not answer.
 */
export function adminApiProxy(apiUrl: string) {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: new URL(apiUrl).origin,
    changeOrigin: true,
    pathFilter: (path) => {
      const pathname = path.split('?')[0]!;
      return (
        pathname === ADMIN_GRAPHQL_PATH ||
        ORDER_DOCUMENT_PATH.test(pathname) ||
        BOOKING_LABEL_PATH.test(pathname)
      );
    },
    on: {
      proxyReq: (proxyReq, req) => {
        const ip = (req as Request).ip;
        if (ip) proxyReq.setHeader('x-forwarded-for', ip);
        else proxyReq.removeHeader('x-forwarded-for');
      },
      error: (_error, _req, res) => {
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(502, { 'content-type': 'application/json' }).end(BAD_GATEWAY);
      },
    },
  });
}

/**
 * The `/admin` router: the admin API and the app.
 * @param adminApi the in-process admin API; undefined in scale-out mode
 * @param apiUrl API_URL in scale-out mode: the admin API is proxied there
 */
export function backOfficeRouter(adminApi: AdminApi | undefined, apiUrl?: string): Router {
  const router = express.Router();
  if (adminApi) {
    router.all(ADMIN_GRAPHQL_PATH, (req, res) => adminApi.yoga(req, res));
    router.get('/admin/orders/*splat', (req, res, next) => {
      sendDocument(adminApi, req, res, next).catch(next);
    });
  } else if (apiUrl) {
    router.use(adminApiProxy(apiUrl));
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
