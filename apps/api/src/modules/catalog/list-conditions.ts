/**
 * The SQL conditions and orders of product lists (GEINS-API §5.2 filters, §5.3 sorts), as
 * conditions on `products`: scope (category, brand, campaign, generic list), id filters, facet
 * selections, the price range and the sort. Used by the list plan (list-plan.ts) and the facet
 * statement (facet-statement.ts) of the SQL implementation of `ProductSearch`.
 */
import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { averageRatingSql, voteCountSql } from '../engagement/rating-sql.ts';
import { availableStockSql, totalStockSql } from '../inventory/inventory.service.ts';
import { sellingPriceSql } from '../pricing/campaign-price.ts';
import { campaignProductIdsSql, discountPercentSql } from '../pricing/pricing.service.ts';
import { productPrices } from '../pricing/pricing.tables.ts';
import type { CategoryTree } from './catalog.service.ts';
import { parseListUrl } from './list-pages.service.ts';
import { brands, productCategories, productParameters, products, skus } from './catalog.tables.ts';
import type { FacetSelection } from './facet-ids.ts';
import { genericList, type GenericListContext } from './generic-lists.ts';
import type {
  IdList,
  ProductFilter,
  ProductListArgs,
  ProductSort,
  StringList,
} from './product-list.types.ts';

/** A selling-price range in minor units; null ends are open. */
export interface PriceRange {
  lowest: number | null;
  highest: number | null;
}

/** The usable ids of an id list argument (integers of the int4 range; nulls dropped). */
export function idList(values: IdList): number[] {
  return (values ?? []).filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31,
  );
}

/** The non-blank strings of a string list argument. */
export function stringList(values: StringList): string[] {
  return (values ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** `CASE column WHEN v0 THEN 0 WHEN v1 THEN 1 … END`: keeps the order of an input list. */
export function inputOrder(column: SQL | AnyPgColumn, values: ReadonlyArray<string | number>): SQL {
  return sql`case ${column} ${sql.join(
    values.map((v, i) => sql`when ${v} then ${i}`),
    sql` `,
  )} end`;
}

export const nothing = sql`false`;

/** Price expressions of a market, as correlated subqueries on `products` (minor units). */
export interface PriceSql {
  selling: SQL;
  regular: SQL;
}

export function priceSqlOf(marketId: string, now: Date): PriceSql {
  return {
    selling: sellingPriceSql(products.id, marketId, now),
    regular: sql`(select ${productPrices.regularPriceIncVat} from ${productPrices} where ${productPrices.productId} = ${products.id} and ${productPrices.marketId} = ${marketId})`,
  };
}

/** Sorts that read stock levels (not cached: stock is not part of the cache stamp). */
export const STOCK_SORTS: ReadonlySet<ProductSort> = new Set([
  'AVAILABLE_STOCK',
  'AVAILABLE_STOCK_DESC',
  'TOTAL_STOCK',
  'TOTAL_STOCK_DESC',
]);

/** True when the list's scope reads stock levels (a generic list such as `/l/i-lager`). */
export function readsStock(args: ProductListArgs): boolean {
  const list = listScope(args).list;
  return list !== null && genericList(list)?.readsStock === true;
}

/** The scope of a list as its arguments name it, with `url` read into the alias it names. */
export interface ListScope {
  categoryAlias: string | null;
  brandAlias: string | null;
  campaignAlias: string | null;
  /** The generic list of a `/l/…` url (its last alias), else null. */
  list: string | null;
  /** The url is not a list page path: the list is empty. */
  badUrl: boolean;
}

/**
 * Reads `categoryAlias`, `brandAlias`, `discountCampaignAlias` and `url` (`/c/`, `/b/`, `/dc/`,
 * `/l/`): an alias given as an argument wins over the url's of the same kind.
 */
export function listScope(args: ProductListArgs): ListScope {
  const scope: ListScope = {
    categoryAlias: args.categoryAlias?.trim() || null,
    brandAlias: args.brandAlias?.trim() || null,
    campaignAlias: args.discountCampaignAlias?.trim() || null,
    list: null,
    badUrl: false,
  };
  if (args.url?.trim()) {
    const parsed = parseListUrl(args.url);
    if (!parsed) return { ...scope, badUrl: true };
    const last = parsed.aliases[parsed.aliases.length - 1]!;
    if (parsed.kind === 'list') scope.list = last;
    if (parsed.kind === 'category') scope.categoryAlias ??= last;
    if (parsed.kind === 'brand') scope.brandAlias ??= last;
    if (parsed.kind === 'campaign') scope.campaignAlias ??= last;
  }
  return scope;
}

/** SQL: the product is in one of the categories or their subcategories. */
export function categoryCondition(tree: CategoryTree, categoryIds: number[]): SQL {
  const ids = [...new Set(categoryIds.flatMap((id) => tree.descendantIds(id)))];
  if (ids.length === 0) return nothing;
  return sql`${products.id} in (select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, ids)})`;
}

/** SQL: the product matches at least one of the selections (all of one group). */
export function groupCondition(
  tree: CategoryTree,
  selections: FacetSelection[],
  price: PriceSql,
): SQL {
  const parts: SQL[] = [];
  const ofKind = <K extends FacetSelection['kind']>(kind: K) =>
    selections.filter((s): s is Extract<FacetSelection, { kind: K }> => s.kind === kind);
  const categoryIds = ofKind('category').map((s) => s.id);
  if (categoryIds.length > 0) parts.push(categoryCondition(tree, categoryIds));
  const brandIds = ofKind('brand').map((s) => s.id);
  if (brandIds.length > 0) parts.push(inArray(products.brandId, brandIds));
  const skuNames = ofKind('sku').map((s) => s.name);
  if (skuNames.length > 0) {
    parts.push(
      sql`exists (select 1 from ${skus} where ${skus.productId} = ${products.id} and ${inArray(skus.name, skuNames)})`,
    );
  }
  const parameterValueIds = ofKind('parameter');
  if (parameterValueIds.length > 0) {
    parts.push(
      sql`exists (select 1 from ${productParameters} where ${productParameters.productId} = ${products.id} and ${or(
        ...parameterValueIds.map((s) =>
          and(
            eq(productParameters.parameterId, s.parameterId),
            eq(productParameters.parameterValueId, s.valueId),
          ),
        ),
      )})`,
    );
  }
  const aliases = ofKind('alias').map((s) => s.alias);
  if (aliases.length > 0) parts.push(inArray(sql`lower(${products.alias})`, aliases));
  for (const bucket of ofKind('price')) {
    const from = sql`${price.selling} >= ${bucket.from * 100}`;
    parts.push(
      bucket.to === null ? from : sql`(${from} and ${price.selling} < ${bucket.to * 100})`,
    );
  }
  const discounts = ofKind('discount');
  if (discounts.length > 0) {
    const percent = discountPercentSql(price.selling, price.regular);
    for (const bucket of discounts) {
      parts.push(sql`(${percent} >= ${Math.max(1, bucket.from)} and ${percent} <= ${bucket.to})`);
    }
  }
  return parts.length === 0 ? nothing : parts.length === 1 ? parts[0]! : or(...parts)!;
}

/** SQL: the selling price lies in the range (minor units), or null without a range. */
export function rangeCondition(range: PriceRange | null, selling: SQL): SQL | null {
  if (!range) return null;
  const parts: SQL[] = [];
  if (range.lowest !== null) parts.push(sql`${selling} >= ${range.lowest}`);
  if (range.highest !== null) parts.push(sql`${selling} <= ${range.highest}`);
  return and(...parts)!;
}

/**
 * SQL conditions of the list's scope (`categoryAlias`, `brandAlias`, `discountCampaignAlias`,
 * `url`): an unknown alias or url gives `false` (no hits).
 */
export function scopeConditions(
  db: Database,
  tree: CategoryTree,
  listContext: GenericListContext,
  args: ProductListArgs,
): SQL[] {
  const { marketId, now } = listContext;
  const result: SQL[] = [];
  const { categoryAlias, brandAlias, campaignAlias, list: listAlias, badUrl } = listScope(args);
  if (badUrl) return [nothing];
  if (listAlias !== null) {
    const list = genericList(listAlias);
    if (!list) return [nothing];
    result.push(list.condition(listContext));
  }
  if (categoryAlias) {
    const category = tree.byAlias.get(categoryAlias.toLowerCase());
    result.push(category ? categoryCondition(tree, [category.id]) : nothing);
  }
  if (brandAlias) {
    result.push(
      inArray(
        products.brandId,
        db
          .select({ id: brands.id })
          .from(brands)
          .where(eq(sql`lower(${brands.alias})`, brandAlias.toLowerCase())),
      ),
    );
  }
  if (campaignAlias) {
    result.push(
      inArray(products.id, campaignProductIdsSql(db, { alias: campaignAlias }, marketId, now)),
    );
  }
  return result;
}

/**
 * The category id when the list's scope is exactly one known category (`categoryAlias` or a
 * `/c/` url, as {@link scopeConditions} reads them, and no brand or campaign scope); else null.
 */
export function scopeCategory(tree: CategoryTree, args: ProductListArgs): number | null {
  const scope = listScope(args);
  if (scope.brandAlias || scope.campaignAlias || scope.list !== null || scope.badUrl) return null;
  if (!scope.categoryAlias) return null;
  return tree.byAlias.get(scope.categoryAlias.toLowerCase())?.id ?? null;
}

/** SQL conditions of the filter's id lists (categoryIds, brandIds, discountCampaignIds and exclusions). */
export function idConditions(
  db: Database,
  tree: CategoryTree,
  marketId: string,
  now: Date,
  filter: ProductFilter,
): SQL[] {
  const result: SQL[] = [];
  const categoryIds = idList(filter.categoryIds);
  if (categoryIds.length > 0) result.push(categoryCondition(tree, categoryIds));
  const excludeCategoryIds = idList(filter.excludeCategoryIds);
  if (excludeCategoryIds.length > 0) {
    result.push(sql`not (${categoryCondition(tree, excludeCategoryIds)})`);
  }
  const brandIds = idList(filter.brandIds);
  if (brandIds.length > 0) result.push(inArray(products.brandId, brandIds));
  const excludeBrandIds = idList(filter.excludeBrandIds);
  if (excludeBrandIds.length > 0) result.push(notInArray(products.brandId, excludeBrandIds));
  const campaignIds = idList(filter.discountCampaignIds);
  if (campaignIds.length > 0) {
    result.push(
      inArray(products.id, campaignProductIdsSql(db, { ids: campaignIds }, marketId, now)),
    );
  }
  const excludeCampaignIds = idList(filter.excludeDiscountCampaignIds);
  if (excludeCampaignIds.length > 0) {
    result.push(
      notInArray(
        products.id,
        campaignProductIdsSql(db, { ids: excludeCampaignIds }, marketId, now),
      ),
    );
  }
  return result;
}

/**
 * ORDER BY of a sort. RELEVANCE without search text sorts as LATEST; CUSTOM_1 is the campaign
 * order: highest discount percentage first (the default of discount-campaign pages); VOTES is
 * the highest average rating of published reviews first, then the most reviews, products
 * without reviews last (issue 17); CUSTOM_2..5 sort as LATEST (no custom orders yet).
 */
export function sortOrder(sort: ProductSort, price: PriceSql, rank: SQL | null): SQL[] {
  const latest = [sql`${products.firstAvailableOn} desc nulls last`, desc(products.id)];
  switch (sort) {
    case 'PRICE':
      return [sql`${price.selling} asc nulls last`, asc(products.id)];
    case 'PRICE_DESC':
      return [sql`${price.selling} desc nulls last`, desc(products.id)];
    case 'ALPHABETICAL':
      return [asc(products.name), asc(products.id)];
    case 'ALPHABETICAL_DESC':
      return [desc(products.name), desc(products.id)];
    case 'MOST_SOLD':
      return [desc(products.salesCount), desc(products.id)];
    case 'BRAND':
      return [
        asc(sql`(select ${brands.name} from ${brands} where ${brands.id} = ${products.brandId})`),
        asc(products.name),
        asc(products.id),
      ];
    case 'RELEVANCE':
      return rank ? [sql`${rank} desc`, ...latest] : latest;
    case 'CUSTOM_1':
      return [sql`${discountPercentSql(price.selling, price.regular)} desc`, ...latest];
    case 'VOTES':
      return [
        sql`${averageRatingSql(products.id)} desc nulls last`,
        sql`${voteCountSql(products.id)} desc`,
        ...latest,
      ];
    case 'AVAILABLE_STOCK':
      return [asc(availableStockSql(products.id)), asc(products.id)];
    case 'AVAILABLE_STOCK_DESC':
      return [desc(availableStockSql(products.id)), desc(products.id)];
    case 'TOTAL_STOCK':
      return [asc(totalStockSql(products.id)), asc(products.id)];
    case 'TOTAL_STOCK_DESC':
      return [desc(totalStockSql(products.id)), desc(products.id)];
    case 'NONE':
      return [asc(products.id)];
    default:
      return latest;
  }
}
