/**
 * The shop's markets as the storefront sees them (SPEC §3 Market, GEINS-API §4.1 MarketType),
 * and the pure rules that choose among them: which markets the market picker lists, which can be
 * checkout markets, and how an alias from a path or cookie is looked up. Shared by server and
 * browser code.
 */

/** A language of a market or the channel: `id` the culture (`nb-NO`), `code` the short code (`nb`). */
export interface ShopLanguage {
  id: string;
  code: string;
  name: string;
}

/** A market (`MarketType`) with what the storefront needs. */
export interface ShopMarket {
  /** `NO|NOK`. */
  id: string;
  /** URL alias and cookie value, `no`. */
  alias: string;
  /** Country name in Swedish, `Norge`. */
  name: string;
  /** ISO 3166-1 alpha-2 code, `NO`. */
  countryCode: string;
  /** ISO 4217 code, `NOK`; null when the market is misconfigured (the API then fails). */
  currency: string | null;
  /** The market's default language id, e.g. `nb-NO`: its culture for numbers and dates. */
  defaultLanguageId: string;
  /** Languages allowed in the market, the default first. */
  languages: ShopLanguage[];
  /** Groups markets in the picker, e.g. "Norden". */
  groupKey: string;
  /** A virtual market is never offered in the picker and cannot be a checkout market. */
  virtual: boolean;
  /** Offered only as a checkout market, never in the market picker. */
  onlyDisplayInCheckout: boolean;
  /**
   * Free shipping from this amount, formatted in the market's currency and culture ("499 kr",
   * "49 €"; SPEC §9); null or absent when the market has no free shipping.
   */
  freeShippingThreshold?: string | null;
}

/** The channel's markets and languages, read from the API's `channel` query. */
export interface MarketDirectory {
  /** `1|se`. */
  channelId: string;
  /** Alias of the channel's default market (the fallback market), `se`. */
  defaultMarketAlias: string;
  /** Active markets in display order. */
  markets: ShopMarket[];
  /** The channel's languages, Swedish first. */
  languages: ShopLanguage[];
}

/** A group of markets in the picker. */
export interface MarketGroup {
  groupKey: string;
  markets: ShopMarket[];
}

/** Finds a market by alias or id (`no`, `NO|NOK`), case-insensitively; null when unknown. */
export function findMarket(
  directory: MarketDirectory,
  aliasOrId: string | null | undefined,
): ShopMarket | null {
  const wanted = aliasOrId?.trim().toLowerCase();
  if (!wanted) return null;
  return (
    directory.markets.find((m) => m.alias.toLowerCase() === wanted) ??
    directory.markets.find((m) => m.id.toLowerCase() === wanted) ??
    null
  );
}

/** The channel's default market (the fallback market); the first market when misconfigured. */
export function defaultMarketOf(directory: MarketDirectory): ShopMarket {
  const market = findMarket(directory, directory.defaultMarketAlias) ?? directory.markets[0];
  if (!market) throw new Error(`Channel ${directory.channelId} has no market`);
  return market;
}

/** True when shoppers may browse in the market: every market except checkout-only ones. */
export function isBrowsable(market: ShopMarket): boolean {
  return !market.onlyDisplayInCheckout;
}

/** True when the market can be chosen as checkout market (SPEC §2): non-virtual markets. */
export function isCheckoutMarket(market: ShopMarket): boolean {
  return !market.virtual;
}

/**
 * A browsing market by alias (path or `ralph-market` cookie): known and not checkout-only;
 * null otherwise, and the caller falls back to the default market.
 */
export function findBrowsingMarket(
  directory: MarketDirectory,
  alias: string | null | undefined,
): ShopMarket | null {
  const market = findMarket(directory, alias);
  return market && isBrowsable(market) ? market : null;
}

/** Groups markets by groupKey, keeping the display order of the markets and of the groups. */
export function groupMarkets(markets: readonly ShopMarket[]): MarketGroup[] {
  const groups: MarketGroup[] = [];
  for (const market of markets) {
    let group = groups.find((g) => g.groupKey === market.groupKey);
    if (!group) {
      group = { groupKey: market.groupKey, markets: [] };
      groups.push(group);
    }
    group.markets.push(market);
  }
  return groups;
}

/**
 * The markets of the market picker, grouped by groupKey: virtual and checkout-only markets are
 * hidden (SPEC §2 "region/market picker").
 */
export function pickerGroups(markets: readonly ShopMarket[]): MarketGroup[] {
  return groupMarkets(markets.filter((m) => !m.virtual && !m.onlyDisplayInCheckout));
}

/** The markets a checkout can use, grouped: non-virtual ones, checkout-only ones included. */
export function checkoutMarketGroups(markets: readonly ShopMarket[]): MarketGroup[] {
  return groupMarkets(markets.filter(isCheckoutMarket));
}

/** The language of a market with the short code or culture given, or null. */
export function marketLanguage(
  market: ShopMarket,
  codeOrId: string | null | undefined,
): ShopLanguage | null {
  const wanted = codeOrId?.trim().toLowerCase();
  if (!wanted) return null;
  return (
    market.languages.find((l) => l.id.toLowerCase() === wanted) ??
    market.languages.find((l) => l.code.toLowerCase() === wanted) ??
    null
  );
}

/** The market's default language (its first allowed language when misconfigured). */
export function defaultLanguageOf(market: ShopMarket): ShopLanguage {
  return (
    marketLanguage(market, market.defaultLanguageId) ??
    market.languages[0] ?? {
      id: market.defaultLanguageId,
      code: market.defaultLanguageId.split('-')[0]!,
      name: market.defaultLanguageId,
    }
  );
}
