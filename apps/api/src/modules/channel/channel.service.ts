/**
 * Channels, markets and languages, and the per-request shop context (GEINS-API §1 "Context IDs",
 * §4.1; SPEC §3 Channel/Market, §8 "Currency not found for this market").
 *
 * The whole directory (a handful of rows) is read with a fixed number of statements and then
 * searched in memory; the GraphQL layer reads it once per request.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import {
  channelLanguages,
  channels,
  countries,
  currencies,
  languages,
  marketLanguages,
  markets,
} from './channel.tables.ts';

/** A language (`LanguageType`): id `sv-SE`, code `sv`. */
export interface LanguageInfo {
  id: string;
  code: string;
  name: string;
}

/** A currency (`CurrencyType`). `rate` converts to the default currency; `minorUnits` 100 for SEK. */
export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string;
  rate: number;
  minorUnits: number;
}

/** A country (`CountryType`): ISO 3166-1 alpha-2 code and Swedish name. */
export interface CountryInfo {
  code: string;
  name: string;
}

/** A market (`MarketType`) with its currency (null when misconfigured), country and languages. */
export interface MarketInfo {
  /** `SE|SEK`. */
  id: string;
  /** URL alias, `se`. */
  alias: string;
  channelId: number;
  country: CountryInfo;
  currency: CurrencyInfo | null;
  /** Standard VAT rate of the market in basis points (2500 = 25 %). */
  vatRateBasisPoints: number;
  /** Culture used for formatting money, e.g. `sv-SE`. */
  defaultLanguageId: string;
  virtual: boolean;
  onlyDisplayInCheckout: boolean;
  groupKey: string;
  active: boolean;
  allowedLanguages: LanguageInfo[];
}

/** A sales channel (`ChannelType`) with its languages and markets. */
export interface ChannelInfo {
  /** Internal integer id. */
  internalId: number;
  /** API id `{internalId}|{alias}`, e.g. `1|se`. */
  id: string;
  alias: string;
  name: string;
  type: string;
  url: string;
  defaultLanguageId: string;
  defaultMarketId: string;
  languages: LanguageInfo[];
  /** Active markets of the channel, in display order. */
  markets: MarketInfo[];
  /** Every market of the channel including inactive ones (for "unavailable market" logging). */
  allMarkets: MarketInfo[];
}

/** Every channel with its markets and languages, as read by {@link loadChannelDirectory}. */
export interface ChannelDirectory {
  /** Ordered by internal id; the first is the default channel. */
  channels: ChannelInfo[];
}

/**
 * The resolved context of a root field (GEINS-API §1): channel, market and language after
 * fallbacks. Resolved once per request (src/graphql/context.ts) and passed explicitly.
 */
export interface ShopContext {
  channel: ChannelInfo;
  market: MarketInfo;
  language: LanguageInfo;
}

/** A priced shop context: the market's currency is known. */
export interface PricedShopContext extends ShopContext {
  currency: CurrencyInfo;
}

/** The ctx arguments every root field takes (GEINS-API §1), all optional. */
export interface ContextArgs {
  channelId?: string | null;
  languageId?: string | null;
  marketId?: string | null;
}

/** The ids of every market (e.g. `se`), in id order: one statement. */
export async function listMarketIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: markets.id }).from(markets).orderBy(asc(markets.id));
  return rows.map((row) => row.id);
}

/**
 * Reads channels, markets (with currency and country), languages and their links: five
 * statements whatever the size.
 */
export async function loadChannelDirectory(db: Database): Promise<ChannelDirectory> {
  const [channelRows, marketRows, languageRows, channelLanguageRows, marketLanguageRows] =
    await Promise.all([
      db.select().from(channels).orderBy(asc(channels.id)),
      db
        .select({ market: markets, currency: currencies, country: countries })
        .from(markets)
        .innerJoin(countries, eq(markets.countryCode, countries.code))
        .leftJoin(currencies, eq(markets.currencyCode, currencies.code))
        .orderBy(asc(markets.sortOrder), asc(markets.id)),
      db.select().from(languages),
      db.select().from(channelLanguages).orderBy(asc(channelLanguages.sortOrder)),
      db.select().from(marketLanguages).orderBy(asc(marketLanguages.sortOrder)),
    ]);
  const languageById = new Map(languageRows.map((l) => [l.id, l]));
  const toLanguage = (id: string): LanguageInfo | undefined => {
    const l = languageById.get(id);
    return l && { id: l.id, code: l.code, name: l.name };
  };
  const allMarkets: MarketInfo[] = marketRows.map(({ market, currency, country }) => ({
    id: market.id,
    alias: market.alias,
    channelId: market.channelId,
    country: { code: country.code, name: country.name },
    currency: currency
      ? {
          code: currency.code,
          name: currency.name,
          symbol: currency.symbol,
          rate: Number(currency.rate),
          minorUnits: currency.minorUnits,
        }
      : null,
    vatRateBasisPoints: market.vatRateBasisPoints,
    defaultLanguageId: market.defaultLanguageId,
    virtual: market.virtual,
    onlyDisplayInCheckout: market.onlyDisplayInCheckout,
    groupKey: market.groupKey,
    active: market.active,
    allowedLanguages: marketLanguageRows
      .filter((ml) => ml.marketId === market.id)
      .map((ml) => toLanguage(ml.languageId))
      .filter((l): l is LanguageInfo => l !== undefined),
  }));
  return {
    channels: channelRows.map((c) => {
      const own = allMarkets.filter((m) => m.channelId === c.id);
      return {
        internalId: c.id,
        id: `${c.id}|${c.alias}`,
        alias: c.alias,
        name: c.name,
        type: c.type,
        url: c.url,
        defaultLanguageId: c.defaultLanguageId,
        defaultMarketId: c.defaultMarketId,
        languages: channelLanguageRows
          .filter((cl) => cl.channelId === c.id)
          .map((cl) => toLanguage(cl.languageId))
          .filter((l): l is LanguageInfo => l !== undefined),
        markets: own.filter((m) => m.active),
        allMarkets: own,
      };
    }),
  };
}

/**
 * Finds a channel by API id (`1|se`), internal id (`1`) or alias (`se`). Unknown or missing ids
 * fall back to the default (first) channel; null only when no channel exists at all.
 */
export function findChannel(
  directory: ChannelDirectory,
  channelId: string | null | undefined,
): ChannelInfo | null {
  const wanted = channelId?.trim().toLowerCase();
  if (wanted) {
    const [head, alias] = wanted.split('|');
    const match =
      directory.channels.find((c) => c.id.toLowerCase() === wanted) ??
      directory.channels.find((c) => String(c.internalId) === head) ??
      directory.channels.find((c) => c.alias.toLowerCase() === (alias ?? head));
    if (match) return match;
  }
  return directory.channels[0] ?? null;
}

/** Finds a market of a channel by id (`SE|SEK`) or alias (`se`), case-insensitively; active only. */
export function findMarket(
  channel: ChannelInfo,
  marketId: string | null | undefined,
): MarketInfo | null {
  const wanted = marketId?.trim().toLowerCase();
  if (!wanted) return null;
  return (
    channel.markets.find((m) => m.id.toLowerCase() === wanted) ??
    channel.markets.find((m) => m.alias.toLowerCase() === wanted) ??
    null
  );
}

/**
 * Resolves the ctx arguments of a root field to a channel, market and language (GEINS-API §1):
 * - channel: `1|se`, `1` or `se`; unknown -> the default channel;
 * - market: id `SE|SEK` or alias `se`; unknown or inactive -> the channel's default market, and
 *   the unavailable id is reported through `onUnavailableMarket` (SPEC §8: logged as an error);
 * - language: `sv-SE` or `sv`; unknown -> the market's default language, else the channel's.
 * @throws ShopError NOT_FOUND when the database holds no channel or the channel has no market.
 */
export function resolveShopContext(
  directory: ChannelDirectory,
  args: ContextArgs,
  onUnavailableMarket: (marketId: string, channel: ChannelInfo) => void = () => {},
): ShopContext {
  const channel = findChannel(directory, args.channelId);
  if (!channel) throw new ShopError('NOT_FOUND', 'No sales channel is configured');
  let market = findMarket(channel, args.marketId);
  if (!market && args.marketId?.trim()) onUnavailableMarket(args.marketId.trim(), channel);
  market ??=
    channel.markets.find((m) => m.id === channel.defaultMarketId) ?? channel.markets[0] ?? null;
  if (!market) throw new ShopError('NOT_FOUND', `Channel ${channel.id} has no active market`);
  const language = findLanguage(
    [...market.allowedLanguages, ...channel.languages],
    args.languageId,
  ) ??
    findLanguage(market.allowedLanguages, market.defaultLanguageId) ??
    findLanguage(channel.languages, channel.defaultLanguageId) ??
    market.allowedLanguages[0] ??
    channel.languages[0] ?? { id: market.defaultLanguageId, code: '', name: '' };
  return { channel, market, language };
}

/** Finds a language by culture (`sv-SE`) or short code (`sv`), case-insensitively. */
export function findLanguage(
  candidates: readonly LanguageInfo[],
  languageId: string | null | undefined,
): LanguageInfo | null {
  const wanted = languageId?.trim().toLowerCase();
  if (!wanted) return null;
  return (
    candidates.find((l) => l.id.toLowerCase() === wanted) ??
    candidates.find((l) => l.code.toLowerCase() === wanted) ??
    null
  );
}

/**
 * The context with its currency, for everything that shows prices.
 * @throws ShopError CURRENCY_NOT_FOUND "Currency not found for this market" (SPEC §8) when the
 * market has no currency.
 */
export function requireCurrency(shop: ShopContext): PricedShopContext {
  const currency = shop.market.currency;
  if (!currency) {
    throw new ShopError('CURRENCY_NOT_FOUND', 'Currency not found for this market', {
      marketId: shop.market.id,
    });
  }
  return { ...shop, currency };
}
