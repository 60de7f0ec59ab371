/**
 * Generic product lists of the `/l/{alias}` route (SPEC §2 "Generic list: /l/*"; GEINS-API §5.2
 * `url`): named selections of the catalogue that are not a category, brand or campaign.
 *
 * | alias       | name         | products                                   | default sort |
 * |-------------|--------------|--------------------------------------------|--------------|
 * | nyheter     | Nyheter      | first available within NEWS_WINDOW_DAYS    | LATEST       |
 * | rea         | Rea          | a campaign lowers the price now            | CUSTOM_1     |
 * | i-lager     | Finns i lager| units in stock (or static stock) now       | LATEST       |
 * | mest-salda  | Mest sålda   | sold at least once                         | MOST_SOLD    |
 */
import { gt, sql, type SQL } from 'drizzle-orm';
import { stock } from '../inventory/inventory.tables.ts';
import { priceCampaignPrices, priceCampaigns, productPrices } from '../pricing/pricing.tables.ts';
import { products, skus } from './catalog.tables.ts';

/** A generic list. */
export interface GenericList {
  /** Page id for `listPageInfo` (non-zero: ralph treats 0 as 404). */
  id: number;
  alias: string;
  name: string;
  description: string;
  /** The sort the storefront uses when the shopper has not chosen one (GEINS-API §5.3). */
  defaultSort: 'LATEST' | 'CUSTOM_1' | 'MOST_SOLD';
  /** True when the condition reads stock levels (such lists are never cached, list-cache.ts). */
  readsStock?: boolean;
  /** SQL condition on `products` for a market at a time. */
  condition(context: GenericListContext): SQL;
}

/** What a generic list's condition depends on. */
export interface GenericListContext {
  marketId: string;
  now: Date;
  /** NEWS_WINDOW_DAYS (config.catalog.newsWindowDays): the `nyheter` list's window in days. */
  newsWindowDays: number;
}

/** The news window when the caller names none (config.ts NEWS_WINDOW_DAYS default; issue 14). */
export const DEFAULT_NEWS_WINDOW_DAYS = 60;

const DAY_MS = 86_400_000;

/** The generic lists, by alias. */
export const GENERIC_LISTS: readonly GenericList[] = [
  {
    id: 9001,
    alias: 'nyheter',
    name: 'Nyheter',
    description: 'Det senaste i sortimentet: produkter som kommit in nyligen, nyast först.',
    defaultSort: 'LATEST',
    condition: ({ now, newsWindowDays }) =>
      sql`${products.firstAvailableOn} >= ${new Date(now.getTime() - newsWindowDays * DAY_MS).toISOString().slice(0, 10)}`,
  },
  {
    id: 9002,
    alias: 'rea',
    name: 'Rea',
    description: 'Alla produkter med kampanjpris just nu, störst rabatt först.',
    defaultSort: 'CUSTOM_1',
    condition: ({ marketId, now }) => sql`${products.id} in (
      select ${priceCampaignPrices.productId} from ${priceCampaignPrices}
      join ${priceCampaigns} on ${priceCampaigns.id} = ${priceCampaignPrices.campaignId}
      join ${productPrices} on ${productPrices.productId} = ${priceCampaignPrices.productId}
        and ${productPrices.marketId} = ${priceCampaignPrices.marketId}
      where ${priceCampaignPrices.marketId} = ${marketId}
        and ${priceCampaigns.startsAt} <= ${now.toISOString()}::timestamptz
        and (${priceCampaigns.endsAt} is null or ${priceCampaigns.endsAt} > ${now.toISOString()}::timestamptz)
        and ${priceCampaignPrices.sellingPriceIncVat} < ${productPrices.regularPriceIncVat})`,
  },
  {
    id: 9003,
    alias: 'i-lager',
    name: 'Finns i lager',
    description: 'Produkter som finns i vårt lager och skickas inom 1–3 dagar.',
    defaultSort: 'LATEST',
    readsStock: true,
    condition: () =>
      sql`exists (select 1 from ${stock} join ${skus} on ${skus.id} = ${stock.skuId} where ${skus.productId} = ${products.id} and ${stock.inStock} + ${stock.static} > 0)`,
  },
  {
    id: 9004,
    alias: 'mest-salda',
    name: 'Mest sålda',
    description: 'Våra mest sålda produkter.',
    defaultSort: 'MOST_SOLD',
    condition: () => gt(products.salesCount, 0),
  },
];

/** A generic list by alias (case-insensitive); undefined when unknown. */
export function genericList(alias: string): GenericList | undefined {
  const key = alias.trim().toLowerCase();
  return GENERIC_LISTS.find((list) => list.alias === key);
}
