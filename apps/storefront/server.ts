/**
 * The shop's one Node process (ADR 001, React Router's node-custom-server pattern):
 * compression, security headers, `/graphql` (the API in-process), product images, the built
 * static assets, the first visits' page copies and finally the React Router request handler. `--dev` (root `npm run dev`)
 * serves the app through Vite in middleware mode instead of the build. This file wires the
 * parts together; each lives in `server/`: the security headers and CSP
 * (`security-headers.ts`), the scale-out mode's API URL and image forwarding (`scale-out.ts`),
 * the client build and the PWA's service worker and manifest (`static-assets.ts`), the request
 * context (`load-context.ts`) and the error handler (`error-handler.ts`).
 *
 * Run directly: `tsx apps/storefront/server.ts [--dev]`. Imported: `startServer(options)`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { createApi } from '@trampa/api';
import { createAdminApi } from '@trampa/api/admin';
import { authNodeListener } from '@trampa/api/auth-node';
import { loadConfigOrExit, type Config } from '@trampa/api/config';
import { optionsNotAllowed } from '@trampa/api/cors';
import { prepareDatabase } from '@trampa/api/db/setup';
import { SchemaOutdatedError } from '@trampa/api/db/migrate';
import { drainable, stopBackgroundWork } from '@trampa/api/graceful-close';
import { createHealth, HEALTHZ_PATH, READYZ_PATH } from '@trampa/api/health';
import { jobLog, startJobRunner } from '@trampa/api/jobs';
import { sqlStatementCountHeader } from '@trampa/api/db/statement-count-header';
import { memoryReport, MEMORY_REPORT_PATH } from '@trampa/api/memory-report';
import { createLogger, currentRequestId, requestLogging, type Logger } from '@trampa/api/log';
import compression from 'compression';
import express, { type Request } from 'express';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { createApiClient, type ApiTransport } from './app/graphql/client.server.ts';
import { ChannelMarketsDocument } from './app/graphql/generated.ts';
import { retryAfterOn503 } from './app/features/errors/unavailable.server.ts';
import { MANIFEST_PATH } from './app/features/pwa/manifest.ts';
import { cachedDirectory, toMarketDirectory } from './app/market/market-directory.server.ts';
import { defaultMarket } from './app/market/request-market.ts';
import { routedRequestHandler, routingLayer } from './app/routing/routing-layer.server.ts';
import {
  rejectUnsafeUrl,
  sameOriginGuard,
  secureCookies,
} from './app/routing/request-guards.server.ts';
import { createShopCookies } from './app/security/shop-cookies.server.ts';
import { seoRoutes } from './app/seo/seo-routes.server.ts';
import { backOfficeRouter } from './app/back-office/back-office.server.ts';
import { errorHandler } from './server/error-handler.ts';
import { loadContextOf } from './server/load-context.ts';
import { renderQueue } from './server/render-queue.ts';
import { forwardImages, graphqlUrl } from './server/scale-out.ts';
import { crossOriginResource, securityHeaders } from './server/security-headers.ts';
import { offlineFiles } from './server/offline-page.ts';
import { pageCache } from './server/page-cache.ts';
import { clientBuildFiles, webManifestHandler } from './server/static-assets.ts';

/** The storefront folder (build output and Vite root are found from here, whatever the cwd). */
const storefrontDir = fileURLToPath(new URL('.', import.meta.url));

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** TCP port; 0 picks a free one. Default: the configured PORT. */
  port?: number;
  /** Serve through Vite (middleware mode) instead of the build. */
  dev?: boolean;
  /**
   * Environment to read the configuration from (default process.env). Besides the API's
   * variables: API_URL (scale-out mode: the API's base or /graphql URL; no database here).
   */
  env?: Record<string, string | undefined>;
  /** Where the JSON logs go (default: a logger at LOG_LEVEL on stdout; src/log.ts). */
  logger?: Logger;
  /**
   * Tests only: an empty embedded database starts from this PGlite data folder tarball (a
   * migrated and seeded shop, tests/e2e/shop-template.ts) instead of initdb, the migrations
   * and the seed; a folder that holds a database ignores it.
   */
  pgliteLoadDataDir?: Blob | undefined;
}

/** A running shop. */
export interface RunningServer {
  /** Base URL, e.g. `http://localhost:3000`. */
  url: string;
  /**
   * Drains (issue 15 "Shutdown"): `/readyz` answers 503, SHUTDOWN_DELAY_SECONDS later the
   * listener closes, requests in flight get SHUTDOWN_TIMEOUT_SECONDS to finish, background
   * builds stop, then Vite and the database close. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Starts the shop: opens the database (migrating it when MIGRATE_ON_START, seeding the embedded
 * one when empty; see prepareDatabase), mounts the probes `/healthz` and `/readyz`, the API and
 * the storefront, and listens. Resolves once the server accepts connections.
 * @throws SchemaOutdatedError when the schema is older than this release (run `npm run db:migrate`)
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config: Config = loadConfigOrExit(env);
  const dev = options.dev ?? false;
  const port = options.port ?? config.port;
  const apiUrl = env.API_URL?.trim() || undefined;
  const logger = options.logger ?? createLogger(config);

  // Scale-out mode (API_URL): the API runs elsewhere, this process holds no database.
  const database = apiUrl
    ? undefined
    : await prepareDatabase(config, (message) => logger.info(message), logger, {
        pgliteLoadDataDir: options.pgliteLoadDataDir,
      });
  const api = database ? createApi({ db: database.db, config, logger }) : undefined;
  // Issue 23: first visits' pages served from a copy for PAGE_CACHE_SECONDS (not while the
  // database is unavailable; dropped after every back-office mutation of this process).
  const pages = pageCache({
    ttlMs: dev ? 0 : config.pageCacheTtlMs,
    bypass: () => database?.availability?.available === false,
  });
  // The job queue (issue 15: e-mails, index builds) in this process unless `npm run worker` runs it.
  const jobs =
    database && config.jobs.inProcess
      ? startJobRunner({ db: database.db, config, log: jobLog(logger) })
      : undefined;
  const transport: ApiTransport = api
    ? { kind: 'in-process', fetch: (request, info) => api.fetch(request, info) }
    : { kind: 'http', url: graphqlUrl(apiUrl!) };

  const app = express();
  app.disable('x-powered-by');
  // TRUST_PROXY hops: req.ip is the shopper's address behind a load balancer (rate limits).
  app.set('trust proxy', config.trustProxyHops);
  const httpServer: Server = createServer(app);
  // Probes for load balancers (issue 15), before every other middleware and without an API key
  // (not logged: a probe every few seconds would drown the request lines).
  const health = createHealth(database?.db);
  const draining = drainable(httpServer, health);
  app.get([HEALTHZ_PATH, READYZ_PATH], (req, res, next) => {
    if (!health.handle(req, res)) next();
  });
  // Issue 15: a request id (x-request-id) and one JSON log line per request.
  app.use(requestLogging(logger));
  // Issue 28: every 503 (the database is unavailable) says when to try again.
  app.use(retryAfterOn503);
  // BENCH_SQL_COUNT=1 only: the `x-sql-statements` header for the bench (docs/performance.md).
  if (config.benchSqlCount && database) app.use(sqlStatementCountHeader);
  // BENCH_MEMORY=1 only: what the memory is spent on, for bench/soak.ts (docs/performance.md).
  if (config.benchMemory && database) {
    app.get(MEMORY_REPORT_PATH, (_req, res) => {
      res.json(memoryReport(database));
    });
  }
  let publicUrl = config.publicUrl;
  const https = () => publicUrl.startsWith('https:');
  // Brotli (what browsers ask for first) with a 256 KiB window instead of zlib's 4 MiB: no page
  // is larger, and with 4 MiB per response 32 responses at once compressed at a third of the
  // rate (issue 23, docs/performance.md). Quality stays compression's 4.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));
  app.use(
    securityHeaders(
      dev,
      config.nodeEnv === 'production' && https(),
      config.tags,
      config.payments.stripe?.apiUrl ?? null,
    ),
  );
  // Issue 13: Secure on every cookie over https (§17), no NUL or broken encoding in a URL
  // (§21), no state change from another site (§15), before any route.
  app.use(secureCookies(https));
  app.use(rejectUnsafeUrl());
  app.use(sameOriginGuard({ publicUrl: () => publicUrl, corsOrigins: config.cors.origins }));
  if (api) app.all('/graphql', (req, res) => api.yoga(req, res));
  // Issue 26: the back office and its API under /admin (app/back-office, ADR 015).
  // With API_URL, /admin/graphql is proxied to the API server.
  app.use(
    backOfficeRouter(
      database &&
        createAdminApi({ db: database.db, config, logger, onMutation: () => pages.invalidate() }),
      apiUrl,
    ),
  );
  // The auth service (GEINS-API §7) at /auth/*, with the client's address for its rate limit.
  const auth = api ? authNodeListener(api.auth, (req) => (req as Request).ip) : undefined;
  if (auth) app.all('/auth/*splat', auth);
  // Issue 25: an OPTIONS request anywhere else is a 405 with Allow, never a page handler's 500.
  app.use(optionsNotAllowed());
  // The payment sandbox (a stand-in for an external hosted checkout) and its notifications.
  // Its pages bring their own Content-Security-Policy, whose frame-ancestors let CORS_ORIGINS
  // embed the payment (issue 25): the shop's CSP and X-Frame-Options DENY do not apply there.
  if (api) {
    const payments = authNodeListener((request) => api.payments(request));
    app.all('/payments/*splat', (req, res) => {
      res.removeHeader('X-Frame-Options');
      res.removeHeader('Content-Security-Policy');
      return payments(req, res);
    });
  }
  // Product images (GEINS-API §1): the stored files, from the database or the API server;
  // public, so a headless storefront on another origin (ralph) may show them.
  app.use('/img', crossOriginResource);
  if (api)
    app.all(
      '/img/*splat',
      authNodeListener((request) => api.images(request)),
    );
  else app.all('/img/*splat', forwardImages(apiUrl!));

  let vite: ViteDevServer | undefined;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({
      root: storefrontDir,
      configFile: join(storefrontDir, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: httpServer } },
    });
    app.use(vite.middlewares);
    const devServer = vite;
    build = () =>
      devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const clientDir = join(storefrontDir, 'build/client');
    // The offline page and the service worker with the trade name (issue 19); hashed assets a
    // year, the rest of the build an hour.
    for (const [path, handler] of Object.entries(offlineFiles(clientDir, config.shopName))) {
      app.get(path, handler);
    }
    app.use(clientBuildFiles(clientDir));
    const serverBuildUrl = pathToFileURL(join(storefrontDir, 'build/server/index.js')).href;
    build = (await import(serverBuildUrl)) as ServerBuild;
  }

  // Markets and languages for the routing layer and the request context (cached for a minute).
  const directory = cachedDirectory(async () => {
    const client = createApiClient({
      transport,
      apiKey: config.apiKey,
      market: defaultMarket,
      requestId: currentRequestId(),
    });
    return toMarketDirectory((await client.query(ChannelMarketsDocument)).channel);
  });
  // The web app manifest with the trade name (issue 19), the same under every prefix.
  app.get(MANIFEST_PATH, webManifestHandler(config.shopName));
  // robots.txt and the sitemaps (issue 20), the same under every prefix: before the routing layer.
  // Scale-out mode (no database here) serves robots.txt only.
  app.use(
    seoRoutes({
      db: database?.db,
      publicUrl: () => publicUrl,
      settings: { defaultLocale: 'sv', ...config.routing },
      directory,
    }),
  );
  // The signed ralph-* cookies (issue 22): keys from COOKIE_SECRETS or derived from AUTH_JWT_SECRET.
  const cookies = createShopCookies(config.auth.cookieSecrets);
  // Market-in-path and locale prefixes (issue 4): redirects, or the basename to render with.
  app.use(
    routingLayer({
      settings: config.routing,
      directory,
      cookies,
      secure: https,
    }),
  );
  app.use(pages);
  // Issue 23: at most SSR_CONCURRENCY page renders at once, the rest wait in arrival order.
  app.use(renderQueue(config.ssrConcurrency));
  app.use(
    routedRequestHandler({
      build,
      mode: dev ? 'development' : 'production',
      getLoadContext: loadContextOf({
        config,
        transport,
        auth: api ? (request, info) => api.auth(request, info) : undefined,
        apiUrl,
        cookies,
        logger,
        dev,
        publicUrl: () => publicUrl,
      }),
    }),
  );

  // Errors passed to Express: logged when 5xx, answered with the reason phrase (or the 503 page).
  app.use(errorHandler(logger, config.shopName));

  await new Promise<void>((resolveListen, rejectListen) => {
    httpServer.once('error', rejectListen);
    httpServer.listen(port, config.host, () => {
      httpServer.off('error', rejectListen);
      resolveListen();
    });
  });
  const { port: actualPort } = httpServer.address() as AddressInfo;
  const url = `http://localhost:${actualPort}`;
  if (!env.PUBLIC_URL?.trim()) publicUrl = url;

  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= (async () => {
        // Vite's HMR web socket would keep the listener open for the whole drain time.
        if (vite) await vite.close();
        await draining.close(config.shutdown);
        if (database) await stopBackgroundWork(database.db, 5_000);
        await jobs?.stop();
        await database?.close();
      })();
      return closing;
    },
  };
}

/** True when this file is the process's entry point (`tsx apps/storefront/server.ts`). */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href;
}

/**
 * Stops the process on SIGINT/SIGTERM: drains `server` ({@link RunningServer.close}), then
 * exits 0 (1 when closing failed or hung past the drain time plus 10 s).
 */
export function stopOnSignals(server: RunningServer, config: Config): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { delayMs, timeoutMs } = config.shutdown;
    console.log(`${signal}: draining (requests in flight get ${timeoutMs / 1000} s)`);
    setTimeout(() => process.exit(1), delayMs + timeoutMs + 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not stop cleanly after ${signal}:`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Starts the shop or, when the schema is outdated, prints why and exits 1. */
export async function startServerOrExit(options: StartServerOptions): Promise<RunningServer> {
  try {
    return await startServer(options);
  } catch (error) {
    if (!(error instanceof SchemaOutdatedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

if (isEntryPoint()) {
  const config = loadConfigOrExit();
  const server = await startServerOrExit({
    port: config.port,
    dev: process.argv.includes('--dev'),
  });
  console.log(`${config.shopName} körs på ${server.url}`);
  stopOnSignals(server, config);
}
