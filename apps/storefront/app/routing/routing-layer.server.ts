/**
 * The Express side of market-in-path and locale prefixes (issue 4; SPEC §2, §4): a middleware
 * that runs `routeRequest` before React Router and either redirects (status + Location) or
 * records the market, language and path prefix in `res.locals`; and a request handler that
 * serves the React Router app under that prefix as its `basename`. One route table serves every
 * prefix: `/no/nb/c/cyklar` matches the route `c/*` under basename `/no/nb`, and `<Link
 * to="/c/cyklar">` renders `/no/nb/c/cyklar` in the browser.
 */
import { createRequestHandler } from '@react-router/express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ServerBuild } from 'react-router';
import type { MarketDirectory } from '../market/markets';
import type { RoutedMarket } from '../market/request-market';
import type { ShopCookies } from '../security/shop-cookies.server';
import { routeRequest, type RoutingSettings } from './locale-routing';

/** Paths the routing layer leaves alone: build assets, images, the API, well-known files. */
const PASS_THROUGH =
  /^\/(?:assets|img|graphql|auth)(?:\/|$)|^\/[^/]+\.(?:ico|svg|png|txt|xml|js|webmanifest)$/;

/** Options of {@link routingLayer}. */
export interface RoutingLayerOptions {
  settings: Omit<RoutingSettings, 'defaultLocale'> & { defaultLocale?: string };
  /** The market directory (cached); null or a failure: serve unprefixed with the defaults. */
  directory: { get(): Promise<MarketDirectory | null> };
  /** The signed `ralph-market` and `ralph-locale` cookies (`createShopCookies`). */
  cookies: Pick<ShopCookies, 'market' | 'locale'>;
  /** Whether cookies get the Secure flag (https public URL). */
  secure?: () => boolean;
}

/**
 * Express middleware: decides redirect or render for page and data requests. Sets
 * `res.locals.marketDirectory` and `res.locals.routedMarket` for `getLoadContext`.
 */
export function routingLayer(options: RoutingLayerOptions): RequestHandler {
  const settings: RoutingSettings = { defaultLocale: 'sv', ...options.settings };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    const url = new URL(req.originalUrl, 'http://shop.local');
    if (PASS_THROUGH.test(url.pathname)) return next();
    const { cookies } = options;
    const secure = options.secure?.() ?? false;
    // `.data` requests of client navigations carry the same prefix as the page.
    const dataSuffix = url.pathname.endsWith('.data') ? '.data' : '';
    const pathname = dataSuffix ? url.pathname.slice(0, -dataSuffix.length) : url.pathname;
    Promise.all([
      options.directory.get().catch(() => null),
      cookies.market.read(req.headers.cookie),
      cookies.locale.read(req.headers.cookie),
    ])
      .then(async ([directory, marketCookie, localeCookie]) => {
        if (!directory) return null;
        const decision = routeRequest(settings, directory, {
          pathname: pathname === '/_root' ? '/' : pathname,
          search: url.search,
          marketCookie: marketCookie ?? undefined,
          localeCookie: localeCookie ?? undefined,
          acceptLanguage: req.headers['accept-language'] ?? null,
        });
        const setCookies: string[] = [];
        if (decision.setLocaleCookie) {
          setCookies.push(await cookies.locale.serialize(decision.setLocaleCookie, secure));
        }
        if (decision.kind !== 'redirect' && decision.setMarketCookie) {
          setCookies.push(await cookies.market.serialize(decision.setMarketCookie, secure));
        }
        return { directory, decision, setCookies };
      })
      .then((outcome) => {
        if (!outcome) return next();
        const { directory, decision, setCookies } = outcome;
        res.locals.marketDirectory = directory;
        for (const cookie of setCookies) res.append('Set-Cookie', cookie);
        if (decision.kind === 'redirect') {
          // Form posts and data requests are never redirected here (the client keeps its prefix).
          if (req.method !== 'POST' && !dataSuffix) {
            res.setHeader('Cache-Control', 'no-store');
            res.redirect(decision.status, decision.location);
            return;
          }
          return next();
        }
        res.locals.routedMarket = {
          market: decision.market,
          language: decision.language,
          locale: decision.locale,
          basename: decision.basename,
        } satisfies RoutedMarket;
        next();
      }, next);
  };
}

type HandlerOptions = Parameters<typeof createRequestHandler>[0];

/**
 * React Router's Express handler per basename: the build is served under the prefix decided by
 * {@link routingLayer} (`res.locals.routedMarket.basename`), unprefixed otherwise.
 */
export function routedRequestHandler(options: HandlerOptions): RequestHandler {
  const handlers = new Map<string, RequestHandler>();
  const withBasename = (basename: string): HandlerOptions['build'] => {
    const { build } = options;
    if (!basename) return build;
    return typeof build === 'function'
      ? async () => ({ ...(await build()), basename }) as ServerBuild
      : ({ ...build, basename } as ServerBuild);
  };
  return (req, res, next) => {
    const basename = (res.locals.routedMarket as RoutedMarket | undefined)?.basename ?? '';
    let handler = handlers.get(basename);
    if (!handler) {
      handler = createRequestHandler({ ...options, build: withBasename(basename) });
      handlers.set(basename, handler);
    }
    return handler(req, res, next);
  };
}
