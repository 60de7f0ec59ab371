/**
 * The request context every loader and action gets (`context`, app/load-context.d.ts), built per
 * request by `startServer` (server.ts) for React Router's request handler: the shopper's login
 * session (refreshed when its token expired, issue 7), the request's market, an API client
 * speaking for the shopper (token, address, request id), the signed cookies and the shop's
 * settings.
 */
import type { Api } from '@trampa/api';
import type { Config } from '@trampa/api/config';
import { contextLogger, type Logger } from '@trampa/api/log';
import type { Request, Response } from 'express';
import type { AppLoadContext } from 'react-router';
import {
  createAccountContext,
  httpAuthFetch,
} from '../app/features/account/account-context.server.ts';
import { createApiClient, type ApiTransport } from '../app/graphql/client.server.ts';
import type { MarketDirectory } from '../app/market/markets.ts';
import { resolveRequestMarket, type RoutedMarket } from '../app/market/request-market.ts';
import type { ShopCookies } from '../app/security/shop-cookies.server.ts';
import { graphqlUrl } from './scale-out.ts';

/** What {@link loadContextOf} needs from the running shop. */
export interface LoadContextOptions {
  config: Config;
  /** How the API is reached: in process, or over HTTP in scale-out mode. */
  transport: ApiTransport;
  /**
   * The in-process auth service (GEINS-API §7); absent in scale-out mode, where the auth calls
   * go to `apiUrl`.
   */
  auth?: Api['auth'];
  /** API_URL of the scale-out mode. */
  apiUrl?: string;
  cookies: ShopCookies;
  logger: Logger;
  dev: boolean;
  /** The shop's public URL (PUBLIC_URL, or the listening URL once known). */
  publicUrl: () => string;
}

/**
 * `getLoadContext` of the request handler: reads the session and the market cookies of `req`,
 * appends the session's Set-Cookie values to `res`, and returns the context. The market comes
 * from the routing layer (`res.locals.routedMarket`, `res.locals.marketDirectory`) and the
 * `ralph-user-type` / `ralph-checkout-market` cookies.
 */
export function loadContextOf(options: LoadContextOptions) {
  const { config, transport, cookies, logger, dev } = options;
  return async (req: Request, res: Response): Promise<AppLoadContext> => {
    const https = options.publicUrl().startsWith('https:');
    const { auth, apiUrl } = options;
    // The shopper's login session (issue 7): refreshed here when the token has expired.
    const account = await createAccountContext({
      cookieHeader: req.headers.cookie,
      authFetch: auth
        ? (authRequest) => auth(authRequest, { clientIp: req.ip })
        : httpAuthFetch(graphqlUrl(apiUrl!), req.ip, req.get('x-request-id')),
      apiKey: config.apiKey,
      secure: https,
      passwordSalt: config.auth.passwordSalt,
      apiWithToken: (token) =>
        createApiClient({
          transport,
          apiKey: config.apiKey,
          market,
          token,
          clientIp: req.ip,
          requestId: req.get('x-request-id'),
        }),
    });
    for (const cookie of account.session.setCookies) res.append('Set-Cookie', cookie);
    const market = resolveRequestMarket(
      {
        userType: await cookies.userType.read(req.headers.cookie),
        checkoutMarket: await cookies.checkoutMarket.read(req.headers.cookie),
      },
      res.locals.marketDirectory,
      res.locals.routedMarket as RoutedMarket | undefined,
    );
    return {
      // The shopper's address goes along for the API's per-client limits (issue 13 §6).
      api: createApiClient({
        transport,
        apiKey: config.apiKey,
        market,
        token: account.session.token,
        clientIp: req.ip,
        requestId: req.get('x-request-id'),
      }),
      log: contextLogger(logger),
      cookies,
      account,
      market,
      markets: (res.locals.marketDirectory as MarketDirectory | undefined) ?? null,
      routing: { defaultLocale: 'sv', ...config.routing },
      shop: { name: config.shopName, publicUrl: options.publicUrl(), seller: config.seller },
      tags: config.tags,
      // Dev mode allows inline scripts (Vite) and renders without nonces, so hydration matches.
      cspNonce: dev ? '' : String(res.locals.cspNonce ?? ''),
    };
  };
}
