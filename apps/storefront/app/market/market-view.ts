/**
 * The request's market as the browser sees it (root loader data `market`): customer type, the
 * current and checkout markets, every market for the pickers, and the routing settings that
 * hreflang and canonical links follow. Read it in components with {@link useMarketView}.
 */
import type { AppLoadContext } from 'react-router';
import { useRouteLoaderData } from 'react-router';
import type { MarketDirectory, ShopLanguage, ShopMarket } from './markets';
import { defaultMarket, type CustomerType } from './request-market';
import type { LocalePrefixStrategy } from '../routing/locale-routing';
import { t } from '../i18n/i18n';

/** What the root loader tells the page about markets. */
export interface MarketView {
  customerType: CustomerType;
  /** True for PERSON: prices incl. VAT. */
  pricesIncludeVat: boolean;
  /** The browsing market's alias (`no`), its country name, currency and culture. */
  marketAlias: string;
  countryName: string;
  currency: string;
  languageId: string;
  /** The locale code (`nb`). */
  locale: string;
  /** The checkout market's alias (`fi`). */
  checkoutMarketAlias: string;
  /** The path prefix of this request ('' or `/no/nb`). */
  basename: string;
  /** All active markets (the pickers filter them). */
  markets: ShopMarket[];
  /** The channel's languages. */
  languages: ShopLanguage[];
  /** The routing settings links follow. */
  routing: { marketInPath: boolean; localePrefix: LocalePrefixStrategy; defaultLocale: string };
  /** Alias of the fallback market. */
  defaultMarketAlias: string;
}

/** Builds the view from the load context. */
export function toMarketView(
  context: Pick<AppLoadContext, 'market' | 'markets' | 'routing'>,
): MarketView {
  const { market, markets, routing } = context;
  const directory: MarketDirectory | null = markets;
  const current = directory?.markets.find((m) => m.alias === market.marketId);
  return {
    customerType: market.customerType,
    pricesIncludeVat: market.pricesIncludeVat,
    marketAlias: market.marketId,
    countryName: current?.name ?? 'Sverige',
    currency: market.currency,
    languageId: market.languageId,
    locale: market.locale,
    checkoutMarketAlias: market.checkoutMarketId,
    basename: market.basename,
    markets: directory?.markets ?? [],
    languages: directory?.languages ?? [],
    routing: {
      marketInPath: routing.marketInPath,
      localePrefix: routing.localePrefix,
      defaultLocale: routing.defaultLocale,
    },
    defaultMarketAlias: directory?.defaultMarketAlias ?? defaultMarket.marketId,
  };
}

/** The market view of the root loader; undefined when the root loader failed. */
export function useMarketView(): MarketView | undefined {
  const root = useRouteLoaderData('root') as { market?: MarketView } | undefined;
  return root?.market;
}

/**
 * "Fri frakt över 499 kr" in the browsing market's currency ("… 49 €" in Finland; SPEC §9), or
 * null when the market has no free shipping (or the markets are unknown).
 */
export function useFreeShippingText(): string | null {
  const view = useMarketView();
  const market = view?.markets.find((m) => m.alias === view.marketAlias);
  return market?.freeShippingThreshold
    ? t('topBar.freeShipping', { amount: market.freeShippingThreshold })
    : null;
}

/**
 * The culture for numbers and dates of this request (the language's, e.g. `nb-NO`; texts stay
 * Swedish): pass it to `formatDate(value, culture)`.
 */
export function useCulture(): string {
  return useMarketView()?.languageId ?? 'sv-SE';
}
