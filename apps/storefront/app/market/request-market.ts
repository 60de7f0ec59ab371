/**
 * Market, language, currency, checkout market and customer type of one request (ARCHITECTURE
 * convention 8): resolved once in server.ts (`getLoadContext`) from the path decision of
 * `routing/locale-routing.ts` and the `ralph-*` cookies, then passed explicitly to the API client
 * and the loaders (`context.market`). Bad cookie values fall back silently (issue 4 "Bad input").
 */
import {
  defaultLanguageOf,
  defaultMarketOf,
  findMarket,
  isCheckoutMarket,
  type MarketDirectory,
  type ShopLanguage,
  type ShopMarket,
} from './markets';

/** Customer types of SPEC §6; PERSON is the default and sees prices including VAT. */
export type CustomerType = 'PERSON' | 'ORGANIZATION';

/** The customer types the switch offers, the default first. */
export const CUSTOMER_TYPES: readonly CustomerType[] = ['PERSON', 'ORGANIZATION'];

/** A cookie or form value as a customer type: unknown or missing values give PERSON. */
export function parseCustomerType(value: string | null | undefined): CustomerType {
  return value === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON';
}

/** The context ids every GraphQL operation receives (GEINS-API §1), plus what the UI needs. */
export interface RequestMarket {
  /** `"{internalChannelId}|{channelAlias}"`, e.g. `1|se`. */
  channelId: string;
  /** The browsing market's alias, e.g. `se`; sent as `marketId`. */
  marketId: string;
  /** Culture code, e.g. `sv-SE`; sent as `languageId`. */
  languageId: string;
  /** ISO currency code of the browsing market, e.g. `SEK`. */
  currency: string;
  customerType: CustomerType;
  /** Whether prices are shown including VAT (true for PERSON, false for ORGANIZATION). */
  pricesIncludeVat: boolean;
  /**
   * The checkout market's alias (SPEC §2: routes whose name contains "checkout" use it for cart
   * requests): the `ralph-checkout-market` cookie when it names a non-virtual market, else the
   * browsing market (or the default market when that one is virtual).
   */
  checkoutMarketId: string;
  /** The locale code in use, e.g. `sv` (SPEC §4 "Locale switching"). */
  locale: string;
  /** React Router basename of the request: '' or a prefix like `/no/nb` or `/en`. */
  basename: string;
}

/** The default market of the shop: Sweden, Swedish, SEK, private person. */
export const defaultMarket: RequestMarket = {
  channelId: '1|se',
  marketId: 'se',
  languageId: 'sv-SE',
  currency: 'SEK',
  customerType: 'PERSON',
  pricesIncludeVat: true,
  checkoutMarketId: 'se',
  locale: 'sv',
  basename: '',
};

/** What the routing layer decided for the request (see `routing/locale-routing.ts`). */
export interface RoutedMarket {
  market: ShopMarket;
  language: ShopLanguage;
  locale: string;
  basename: string;
}

/**
 * The checkout market for a browsing market and a `ralph-checkout-market` value: a known
 * non-virtual market, else the browsing market when it is not virtual, else the default market.
 */
export function resolveCheckoutMarket(
  directory: MarketDirectory,
  browsing: ShopMarket,
  cookieValue: string | null | undefined,
): ShopMarket {
  const chosen = findMarket(directory, cookieValue);
  if (chosen && isCheckoutMarket(chosen)) return chosen;
  if (isCheckoutMarket(browsing)) return browsing;
  const fallback = defaultMarketOf(directory);
  return isCheckoutMarket(fallback) ? fallback : browsing;
}

/** The preference cookies a request's market depends on (already verified; null when absent). */
export interface MarketCookies {
  /** `ralph-user-type`. */
  userType?: string | null;
  /** `ralph-checkout-market`. */
  checkoutMarket?: string | null;
}

/**
 * Resolves the market of a request from the routing decision and the cookies (read with
 * `context.cookies`, see `security/shop-cookies.server.ts`). Without a directory (the API is
 * unreachable) every request gets {@link defaultMarket} with the customer type of the cookie.
 */
export function resolveRequestMarket(
  cookies: MarketCookies,
  directory?: MarketDirectory,
  routed?: RoutedMarket,
): RequestMarket {
  const customerType = parseCustomerType(cookies.userType);
  const pricing = { customerType, pricesIncludeVat: customerType === 'PERSON' };
  if (!directory) return { ...defaultMarket, ...pricing };
  const market = routed?.market ?? defaultMarketOf(directory);
  const language = routed?.language ?? defaultLanguageOf(market);
  const checkout = resolveCheckoutMarket(directory, market, cookies.checkoutMarket);
  return {
    channelId: directory.channelId,
    marketId: market.alias,
    languageId: language.id,
    currency: market.currency ?? '',
    ...pricing,
    checkoutMarketId: checkout.alias,
    locale: routed?.locale ?? language.code,
    basename: routed?.basename ?? '',
  };
}

/**
 * The market alias for cart requests of a route (SPEC §2): the checkout market when the route's
 * id contains "checkout" (e.g. `checkout`, `checkout-confirm`), else the browsing market. Pass
 * it as the operation's market variable (e.g. `$cartMarketAlias`, GEINS-API §2.1).
 */
export function cartMarketAlias(market: RequestMarket, routeId: string): string {
  return routeId.toLowerCase().includes('checkout') ? market.checkoutMarketId : market.marketId;
}

/** How a cart's amounts are written: ISO 4217 currency and BCP 47 culture, e.g. NOK, nb-NO. */
export interface CartMoneyFormat {
  currency: string;
  culture: string;
}

/**
 * The currency and culture of a route's cart amounts (SPEC §2, issue 4): the browsing market's
 * currency in the request's language; on checkout routes with another checkout market, that
 * market's currency in its default language (e.g. Norway: NOK in nb-NO). Falls back to the
 * browsing market when the directory does not know the checkout market or it lacks a currency.
 */
export function cartMoneyFormat(
  market: RequestMarket,
  directory: MarketDirectory | null,
  routeId: string,
): CartMoneyFormat {
  const browsing = { currency: market.currency || 'SEK', culture: market.languageId };
  const alias = cartMarketAlias(market, routeId);
  if (alias === market.marketId || !directory) return browsing;
  const checkout = findMarket(directory, alias);
  return checkout?.currency
    ? { currency: checkout.currency, culture: checkout.defaultLanguageId }
    : browsing;
}
