/**
 * What server.ts's `getLoadContext` gives every loader and action (`context` argument).
 */
import 'react-router';
import type { ApiClient } from './graphql/client.server';
import type { RequestMarket } from './market/request-market';

declare module 'react-router' {
  interface AppLoadContext {
    /** The typed GraphQL client of this request (in-process API or API_URL). */
    api: ApiClient;
    /** Market, language, currency and customer type, resolved once for this request. */
    market: RequestMarket;
    /** The trade name (SHOP_NAME) and public base URL (PUBLIC_URL) of the shop. */
    shop: { name: string; publicUrl: string };
    /** Per-request Content-Security-Policy nonce for React Router's inline scripts. */
    cspNonce: string;
  }
}
