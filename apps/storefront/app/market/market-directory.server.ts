/**
 * The market directory of the storefront server: the channel's markets and languages from the
 * API's `channel` query, cached in memory for a short time (markets change rarely; nothing here
 * is state another instance would need).
 */
import type { ChannelMarketsQuery } from '../graphql/generated';
import type { MarketDirectory, ShopMarket } from './markets';

/** Maps the API's channel to the storefront's directory; null without channel or markets. */
export function toMarketDirectory(
  channel: ChannelMarketsQuery['channel'] | null | undefined,
): MarketDirectory | null {
  if (!channel) return null;
  const markets: ShopMarket[] = (channel.markets ?? [])
    .filter((m) => m !== null && Boolean(m.alias))
    .map((m) => ({
      id: m!.id,
      alias: m!.alias!,
      name: m!.country?.name ?? m!.alias!,
      countryCode: m!.country?.code ?? '',
      currency: m!.currency?.code ?? null,
      defaultLanguageId: m!.defaultLanguageId,
      languages: (m!.allowedLanguages ?? [])
        .filter((l) => l !== null)
        .map((l) => ({ id: l!.id, code: l!.code, name: l!.name })),
      groupKey: m!.groupKey,
      virtual: m!.virtual ?? false,
      onlyDisplayInCheckout: m!.onlyDisplayInCheckout ?? false,
      freeShippingThreshold: m!.freeShippingThresholdIncVatFormatted ?? null,
    }));
  if (markets.length === 0) return null;
  const fallback = markets.find((m) => m.id === channel.defaultMarketId) ?? markets[0]!;
  return {
    channelId: channel.id,
    defaultMarketAlias: fallback.alias,
    markets,
    languages: (channel.languages ?? [])
      .filter((l) => l !== null)
      .map((l) => ({ id: l!.id, code: l!.code, name: l!.name })),
  };
}

/**
 * A cached source of the directory: `get()` loads at most once per `ttlMs` (concurrent callers
 * share one load); a failed load is not cached.
 */
export function cachedDirectory(
  load: () => Promise<MarketDirectory | null>,
  ttlMs = 60_000,
): { get(): Promise<MarketDirectory | null> } {
  let cached: { at: number; value: Promise<MarketDirectory | null> } | undefined;
  return {
    get() {
      const now = Date.now();
      if (!cached || now - cached.at > ttlMs) {
        const value = load();
        cached = { at: now, value };
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
  };
}
