/**
 * What server.ts's `getLoadContext` gives every loader and action (`context` argument).
 */
import 'react-router';
import type { SellerIdentity } from '@trampa/api/seller';
import type { ApiClient } from './graphql/client.server';
import type { AccountContext } from './features/account/account-context.server';
import type { MarketDirectory } from './market/markets';
import type { RequestMarket } from './market/request-market';
import type { RoutingSettings } from './routing/locale-routing';
import type { ShopCookies } from './security/shop-cookies.server';

declare module 'react-router' {
  interface AppLoadContext {
    /** The typed GraphQL client of this request (in-process API or API_URL). */
    api: ApiClient;
    /** Market, language, currency and customer type, resolved once for this request. */
    market: RequestMarket;
    /** The channel's markets and languages (null when the API could not be asked). */
    markets: MarketDirectory | null;
    /** Market-in-path, locale prefix strategy and detection settings (issue 4). */
    routing: RoutingSettings;
    /**
     * The trade name (SHOP_NAME), public base URL (PUBLIC_URL) and the seller's identity
     * (SHOP_LEGAL_NAME … SHOP_PHONE; issue 40 §2, `@trampa/api/seller`) of the shop.
     */
    shop: { name: string; publicUrl: string; seller: SellerIdentity };
    /**
     * Third-party tags loaded after consent (issue 19): GTM_ID and TRUST_SEAL_SRC, null when
     * unset; absent in tests that build their own context.
     */
    tags?: { gtmId: string | null; trustSealSrc: string | null };
    /** The shop's signed cookies (cart, market, customer type, locale; issue 22). */
    cookies: ShopCookies;
    /** The shopper's login session and the auth service (issue 7). */
    account: AccountContext;
    /** Per-request Content-Security-Policy nonce for React Router's inline scripts. */
    cspNonce: string;
    /**
     * The server's log (issue 15, `@trampa/api/log`): writes a JSON error line with this
     * request's id; message and details are scrubbed of e-mails and personnummer.
     */
    log: { error(message: string, details?: Record<string, unknown>): void };
  }
}
