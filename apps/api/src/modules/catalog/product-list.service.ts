/**
 * Product lists (GEINS-API §3.1 products, §5 filtering, sorting, paging, facets; issue 5):
 * scope, `FilterInputType`, sort and the facets of the result, all in SQL (the catalogue is never
 * loaded into memory). Costs: count and page are two statements; the facets (`filters`) one more,
 * and only when asked for; with `withFilters` the count comes from the facet statement (two).
 *
 * Facet selections (`filter.facets`, see facet-ids.ts) combine as OR within a group and AND
 * across groups. With `filterMode` BY_GROUP the counts of a group ignore the selection within that
 * group (multi-select UIs); with CURRENT they count the current result.
 */
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { availableStockSql, totalStockSql } from '../inventory/inventory.service.ts';
import { decimalToMinor, minorToDecimal } from '../pricing/money.ts';
import { campaignProductIdsSql, sellingPriceSql } from '../pricing/pricing.service.ts';
import { productPrices } from '../pricing/pricing.tables.ts';
import {
  MAX_SEARCH_TEXT,
  rankedPageSql,
  searchSql,
  type SearchSql,
  searchWords,
  typoSql,
} from '../search/search-text.ts';
import {
  parseListUrl,
  type CategoryTree,
  type ProductNode,
  type ProductRecord,
} from './catalog.service.ts';
import {
  brands,
  categoryFacetCounts,
  parameters,
  parameterValues,
  productCategories,
  productParameters,
  products,
  skus,
} from './catalog.tables.ts';
import {
  DISCOUNT_BUCKETS,
  PRICE_BUCKETS,
  encodeFacetText,
  facetIdOf,
  groupFacets,
  parseFacetId,
  type FacetSelection,
} from './facet-ids.ts';
import {
  activeCampaignPricesSql,
  currentCatalogueVersion,
  discountBucketSql,
  discountPercentSql,
  facetPostingsEnabled,
  postingsFacetStatement,
  postingsRankedPageStatement,
  priceBucketSql,
  scheduleFacetPostingsBuild,
  schedulePricePostingsBuild,
  type PostingsList,
} from './facet-postings.ts';
import { DEFAULT_NEWS_WINDOW_DAYS, genericList, type GenericListContext } from './generic-lists.ts';
import { cached, readStamp } from './list-cache.ts';

/** The `SortType` values (GEINS-API §5.3). */
export type ProductSort =
  | 'NONE'
  | 'PRICE'
  | 'PRICE_DESC'
  | 'MOST_SOLD'
  | 'VOTES'
  | 'BRAND'
  | 'LATEST'
  | 'RELEVANCE'
  | 'FACET_ORDER'
  | 'ALPHABETICAL'
  | 'ALPHABETICAL_DESC'
  | 'CUSTOM_1'
  | 'CUSTOM_2'
  | 'CUSTOM_3'
  | 'CUSTOM_4'
  | 'CUSTOM_5'
  | 'AVAILABLE_STOCK'
  | 'AVAILABLE_STOCK_DESC'
  | 'TOTAL_STOCK'
  | 'TOTAL_STOCK_DESC';

type IdList = ReadonlyArray<number | null | undefined> | null | undefined;
type StringList = ReadonlyArray<string | null | undefined> | null | undefined;

/**
 * `FilterInputType` (GEINS-API §5.2). Not applied: `includeCollapsed` (no collapsed variants in
 * this shop) and `priceListIdentifier` (one price list per market).
 */
export interface ProductFilter {
  /** Free text (max 256 characters): Swedish full-text search with typo tolerance. */
  searchText?: string | null;
  /** Facet ids (facet-ids.ts); unknown ids are ignored. */
  facets?: StringList;
  /** Products having any of these facets are left out. */
  excludeFacets?: StringList;
  /** Legacy include list of facet ids, combined by `includeMode`. */
  include?: StringList;
  includeMode?: 'INTERSECT' | 'UNION' | null;
  /** Legacy exclude list of facet ids (as excludeFacets). */
  exclude?: StringList;
  sort?: ProductSort | null;
  /** Selling-price range incl. VAT, in kronor (the market currency's major unit). */
  price?: { lowest?: number | null; highest?: number | null } | null;
  filterMode?: 'BY_GROUP' | 'CURRENT' | null;
  /** When set (max 600), every other filter and the scope are ignored and this order is kept. */
  productIds?: IdList;
  /** Like productIds, with lower priority. */
  articleNumbers?: StringList;
  categoryIds?: IdList;
  brandIds?: IdList;
  discountCampaignIds?: IdList;
  excludeCategoryIds?: IdList;
  excludeBrandIds?: IdList;
  excludeDiscountCampaignIds?: IdList;
  includeCollapsed?: boolean | null;
  priceListIdentifier?: string | null;
}

/** Arguments of `products` (GEINS-API §3.1, §5). */
export interface ProductListArgs {
  /** Offset, 0..6000 (default 0). */
  skip?: number | null;
  /** Page size, 0..200 (default 200; larger values are capped at 200). */
  take?: number | null;
  categoryAlias?: string | null;
  brandAlias?: string | null;
  /** Alias of a price campaign (`price_campaigns.alias`); only an active campaign has products. */
  discountCampaignAlias?: string | null;
  /** A list page path: `/c/…`, `/b/…`, `/dc/…` or `/l/{generic list}`. */
  url?: string | null;
  filter?: ProductFilter | null;
}

/** One facet value (`FilterValueType`). */
export interface FacetValue {
  facetId: string;
  parentId: string | null;
  label: string | null;
  url: string | null;
  order: number;
  count: number;
  hidden: boolean;
}

/** One facet (`FilterType`). */
export interface Facet {
  filterId: string;
  /** Category, Brand, Sku, Price, Discount or Parameter. */
  type: string;
  /** Parameter facets: the parameter's label (ralph's URL key `p-<group>`); else null. */
  group: string | null;
  label: string;
  order: number;
  values: FacetValue[];
}

/** `FilterCollectionType`: price range in kronor and the facets. */
export interface FilterCollection {
  price: { lowest: number; highest: number } | null;
  facets: Facet[];
}

/** One page of products, the total number of hits and (on demand) the facets. */
export interface ProductPage {
  count: number;
  products: ProductNode[];
  /** Computes the facets: one statement, run only when `filters` is selected. */
  filters: () => Promise<FilterCollection>;
}

/** Paging limits (GEINS-API §5.1). */
export const MAX_SKIP = 6000;
export const MAX_TAKE = 200;
const MAX_ID_LIST = 600;
const MAX_FACETS = 200;

function idList(values: IdList): number[] {
  return (values ?? []).filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31,
  );
}

function stringList(values: StringList): string[] {
  return (values ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** `CASE column WHEN v0 THEN 0 WHEN v1 THEN 1 … END`: keeps the order of an input list. */
function inputOrder(column: SQL | AnyPgColumn, values: ReadonlyArray<string | number>): SQL {
  return sql`case ${column} ${sql.join(
    values.map((v, i) => sql`when ${v} then ${i}`),
    sql` `,
  )} end`;
}

const nothing = sql`false`;

/** Price expressions of a market, as correlated subqueries on `products` (minor units). */
interface PriceSql {
  selling: SQL;
  regular: SQL;
}

function priceSqlOf(marketId: string, now: Date): PriceSql {
  return {
    selling: sellingPriceSql(products.id, marketId, now),
    regular: sql`(select ${productPrices.regularPriceIncVat} from ${productPrices} where ${productPrices.productId} = ${products.id} and ${productPrices.marketId} = ${marketId})`,
  };
}

/** What the list is about before facets: everything that is not a facet group. */
interface ListPlan {
  /** Conditions every product of the list (and every facet count) meets. */
  base: SQL[];
  /** Facet groups (OR within, AND across), in a fixed order. */
  groups: Array<{ key: string; selections: FacetSelection[] }>;
  /** Price range in minor units (a group of its own: the price statistics ignore it). */
  range: { lowest: number | null; highest: number | null } | null;
  /** Order that overrides the sort (productIds, articleNumbers, FACET_ORDER of alias facets). */
  keepOrder: SQL | null;
  rank: SQL | null;
  /** The search of a searchText (matching and ranking SQL), null without one. */
  search: SearchSql | null;
  byGroup: boolean;
  /**
   * The category of an unfiltered category page (scope a category only: no facets, exclusions,
   * price range, search, ids or other scope), whose catalogue facet counts are stored per
   * catalogue version (`category_facet_counts`); else null.
   */
  storedCategory: number | null;
  /**
   * The list in facet keys when its scope (the whole catalogue, a category or a brand) and its
   * selections (Category, Brand, Sku, Parameter) all are (facet-postings.ts): its facets can
   * then be counted from the postings; else null (search, price selections, ids, exclusions…).
   */
  postings: PostingsList | null;
}

/** How a caller will use a {@link listProducts} result. */
export interface ListOptions {
  /**
   * The caller will read `filters` (the GraphQL selection asks for them): the facets are
   * computed right away, beside the page, and the count is taken from the facet statement
   * instead of a statement of its own (one statement and one scan of the scope fewer).
   */
  withFilters?: boolean;
  /** NEWS_WINDOW_DAYS: the window of the `/l/nyheter` list in days (default 60; issue 14). */
  newsWindowDays?: number;
}

/**
 * One page of products with the total count and the facets (GEINS-API §5). Scope:
 * `categoryAlias` (with its subcategories), `brandAlias`, `discountCampaignAlias` (products an
 * active campaign lowers in the market), `url` (`/c/`, `/b/`, `/dc/`, `/l/`); none = the whole
 * catalogue. An unknown scope gives no hits. Default order LATEST (RELEVANCE with searchText
 * and no sort).
 * @throws ShopError BAD_USER_INPUT for skip outside 0..6000, negative take, more than 600 ids,
 *   more than 200 facets, a reversed or negative price range, or searchText over 256 characters.
 */
export async function listProducts(
  db: Database,
  tree: CategoryTree,
  shop: PricedShopContext,
  now: Date,
  args: ProductListArgs,
  options: ListOptions = {},
): Promise<ProductPage> {
  const skip = args.skip ?? 0;
  const take = Math.min(args.take ?? MAX_TAKE, MAX_TAKE);
  if (skip < 0 || skip > MAX_SKIP) throw badUserInput(`skip must be 0..${MAX_SKIP}`, 'skip');
  if (take < 0) throw badUserInput('take must not be negative', 'take');
  const filter = args.filter ?? {};
  const price = priceSqlOf(shop.market.id, now);
  const newsWindowDays = options.newsWindowDays ?? DEFAULT_NEWS_WINDOW_DAYS;
  const plan = planList(db, tree, shop, { now, newsWindowDays }, args, filter, price);

  const flags = plan.groups.map((g) => groupCondition(tree, g.selections, price));
  const rangeFlag = rangeCondition(plan.range, price.selling);
  const where = and(...plan.base, ...flags, ...(rangeFlag ? [rangeFlag] : []));
  const sort = filter.sort ?? (plan.rank ? 'RELEVANCE' : 'LATEST');
  const order = plan.keepOrder ? [asc(plan.keepOrder)] : sortOrder(sort, price, plan.rank);
  const rankedOrder = !plan.keepOrder && sort === 'RELEVANCE' && plan.rank !== null;

  // Results are cached per catalogue version (list-cache.ts), except what reads stock.
  const stamp = readsStock(args) ? null : await readStamp(db, now);
  const key = JSON.stringify([
    shop.market.id,
    shop.currency.code,
    args.categoryAlias ?? null,
    args.brandAlias ?? null,
    args.discountCampaignAlias ?? null,
    args.url ?? null,
    filter,
    newsWindowDays,
  ]);
  let facetRows: Promise<FacetRow[]> | undefined;
  const readFacetRows = () =>
    (facetRows ??= cached(db, stamp, `facets ${key}`, () =>
      computeFacetRows(db, tree, shop, now, plan, price),
    ));
  const [count, rows] = await Promise.all([
    options.withFilters
      ? readFacetRows().then((facets) => facets.find((r) => r.t === 'Count')?.n ?? 0)
      : cached(db, stamp, `count ${key}`, async () => {
          // From the postings when the list is made of facet keys and they are built.
          if (plan.postings && facetPostingsEnabled(db)) {
            const rows = (
              (await db.execute(
                postingsFacetStatement(plan.postings, shop.market.id, now, 'count'),
              )) as unknown as { rows: FacetRow[] }
            ).rows;
            const counted = rows.find((r) => r.t === 'Count');
            const state = postingsState(rows);
            if (state === 'answered' && counted) return counted.n;
            if (state === 'not built') scheduleFacetPostingsBuild(db);
          }
          const countRows = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(products)
            .where(where);
          return Number(countRows[0]?.count ?? 0);
        }),
    take === 0
      ? Promise.resolve([] as ProductRecord[])
      : cached(
          db,
          STOCK_SORTS.has(sort) ? null : stamp,
          `page ${skip} ${take} ${key}`,
          // Awaited inside: a Drizzle query runs again each time it is awaited. The relevance
          // order ranks the hits in a derived table (rankedPageSql) and joins the page's rows.
          async () => {
            // A search's RELEVANCE page from the postings when they can answer (else rows).
            if (rankedOrder && plan.search && plan.postings && facetPostingsEnabled(db)) {
              const page = await postingsRankedPage(db, plan.postings, skip, take);
              if (page) return page;
            }
            return rankedOrder && plan.search
              ? await db
                  .select(getTableColumns(products))
                  .from(products)
                  .innerJoin(
                    rankedPageSql(plan.search, where ?? sql`true`, skip, take),
                    sql`top.id = ${products.id}`,
                  )
                  .orderBy(sql`top.rank desc`, sql`top.fad desc nulls last`, sql`top.id desc`)
              : await db
                  .select()
                  .from(products)
                  .where(where)
                  .orderBy(...order)
                  .limit(take)
                  .offset(skip);
          },
        ),
  ]);
  let filters: Promise<FilterCollection> | undefined;
  return {
    count,
    products: rows.map((row) => ({ ...row, shop })),
    filters: () => (filters ??= readFacetRows().then((r) => buildFacets(tree, shop, r))),
  };
}

/**
 * Whether a postings facet statement (facet-postings.ts `postingsFacetStatement`) answered:
 * 'answered' (rows `Ready` and `Usable`), 'not built' (no postings of the catalogue version
 * yet: build them) or 'unusable' (a search word they cannot answer). The caller counts from rows
 * unless 'answered'.
 */
function postingsState(rows: FacetRow[]): 'answered' | 'not built' | 'unusable' {
  if (!rows.some((r) => r.t === 'Ready' && r.n > 0)) return 'not built';
  return rows.some((r) => r.t === 'Usable' && r.n > 0) ? 'answered' : 'unusable';
}

/**
 * A RELEVANCE page of a search list from the postings (facet-postings.ts
 * `postingsRankedPageStatement`, which also reads the page's product rows): one statement.
 * Null when the postings cannot answer (the caller pages from rows).
 */
async function postingsRankedPage(
  db: Database,
  list: PostingsList,
  skip: number,
  take: number,
): Promise<ProductRecord[] | null> {
  const result = (await db.execute(postingsRankedPageStatement(list, skip, take))) as unknown as {
    rows: Array<Record<string, unknown> & { _ok: boolean | null; id: unknown }>;
  };
  if (result.rows[0]?._ok !== true) return null;
  // Driver values to record values, as Drizzle maps the rows of a select.
  const columns = Object.entries(getTableColumns(products));
  return result.rows
    .filter((row) => row.id !== null)
    .map(
      (row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [
            key,
            row[key] === null ? null : column.mapFromDriverValue(row[key]),
          ]),
        ) as ProductRecord,
    );
}

/** Sorts that read stock levels (not cached: stock is not part of the cache stamp). */
const STOCK_SORTS: ReadonlySet<ProductSort> = new Set([
  'AVAILABLE_STOCK',
  'AVAILABLE_STOCK_DESC',
  'TOTAL_STOCK',
  'TOTAL_STOCK_DESC',
]);

/** True when the list's scope reads stock levels (a generic list such as `/l/i-lager`). */
function readsStock(args: ProductListArgs): boolean {
  const list = listScope(args).list;
  return list !== null && genericList(list)?.readsStock === true;
}

/** The scope of a list as its arguments name it, with `url` read into the alias it names. */
interface ListScope {
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
function listScope(args: ProductListArgs): ListScope {
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

function planList(
  db: Database,
  tree: CategoryTree,
  shop: PricedShopContext,
  { now, newsWindowDays }: { now: Date; newsWindowDays: number },
  args: ProductListArgs,
  filter: ProductFilter,
  price: PriceSql,
): ListPlan {
  const base: SQL[] = [eq(products.active, true)];
  const plan: ListPlan = {
    base,
    groups: [],
    range: null,
    keepOrder: null,
    rank: null,
    search: null,
    byGroup: filter.filterMode !== 'CURRENT',
    storedCategory: null,
    postings: null,
  };
  const productIds = idList(filter.productIds);
  const articleNumbers = stringList(filter.articleNumbers);
  if (productIds.length > MAX_ID_LIST || articleNumbers.length > MAX_ID_LIST) {
    throw badUserInput(`At most ${MAX_ID_LIST} productIds or articleNumbers`, 'filter');
  }
  if (productIds.length > 0) {
    base.push(inArray(products.id, productIds));
    plan.keepOrder = inputOrder(products.id, productIds);
    return plan;
  }
  if (articleNumbers.length > 0) {
    base.push(inArray(products.articleNumber, articleNumbers));
    plan.keepOrder = inputOrder(products.articleNumber, articleNumbers);
    return plan;
  }
  const facetIds = [...stringList(filter.facets), ...stringList(filter.include)];
  const excluded = [...stringList(filter.excludeFacets), ...stringList(filter.exclude)];
  if (facetIds.length > MAX_FACETS || excluded.length > MAX_FACETS) {
    throw badUserInput(`At most ${MAX_FACETS} facets`, 'filter');
  }
  const searchText = filter.searchText?.trim() ?? '';
  if (searchText.length > MAX_SEARCH_TEXT) {
    throw badUserInput(`searchText must be at most ${MAX_SEARCH_TEXT} characters`, 'filter');
  }
  const lowest = filter.price?.lowest ?? null;
  const highest = filter.price?.highest ?? null;
  for (const value of [lowest, highest]) {
    if (value !== null && (!Number.isFinite(value) || value < 0 || value > 1e9)) {
      throw badUserInput('price must be between 0 and 1 000 000 000', 'filter');
    }
  }
  if (lowest !== null && highest !== null && lowest > highest) {
    throw badUserInput('price.lowest must not be above price.highest', 'filter');
  }
  if (lowest !== null || highest !== null) {
    const code = shop.currency.code;
    plan.range = {
      lowest: lowest === null ? null : decimalToMinor(lowest, code),
      highest: highest === null ? null : decimalToMinor(highest, code),
    };
  }

  base.push(...scopeConditions(db, tree, { marketId: shop.market.id, now, newsWindowDays }, args));
  const ids = idConditions(db, tree, shop.market.id, now, filter);
  base.push(...ids);
  if (
    ids.length === 0 &&
    facetIds.length === 0 &&
    excluded.length === 0 &&
    searchText === '' &&
    plan.range === null
  ) {
    plan.storedCategory = scopeCategory(tree, args);
  }

  const words = searchWords(searchText);
  const search = searchSql(words);
  if (search) {
    base.push(search.condition);
    plan.rank = search.rank;
    plan.search = search;
  }

  for (const id of excluded) {
    const selection = parseFacetId(id);
    if (selection) base.push(sql`not (${groupCondition(tree, [selection], price)})`);
  }

  const grouped = groupFacets(facetIds);
  if (filter.includeMode === 'UNION' && grouped.size > 0) {
    const all = [...grouped.values()].flat();
    base.push(or(...all.map((s) => groupCondition(tree, [s], price)))!);
  } else {
    for (const [key, selections] of grouped) plan.groups.push({ key, selections });
  }
  if (
    ids.length === 0 &&
    excluded.length === 0 &&
    plan.range === null &&
    (filter.includeMode !== 'UNION' || grouped.size === 0)
  ) {
    plan.postings = postingsList(tree, args, plan, search ? words : null);
  }
  const aliases = grouped.get('alias');
  if (aliases && filter.sort === 'FACET_ORDER') {
    plan.keepOrder = inputOrder(
      sql`lower(${products.alias})`,
      aliases.map((s) => (s.kind === 'alias' ? s.alias : '')),
    );
  }
  return plan;
}

/** The facet key of a selection (facet-postings.ts), null for price, discount and alias. */
function postingsKey(selection: FacetSelection): string | null {
  switch (selection.kind) {
    case 'category':
      return `c${selection.id}`;
    case 'brand':
      return `b${selection.id}`;
    case 'sku':
      return `s${selection.name}`;
    case 'parameter':
      return `p${selection.parameterId}_${selection.valueId}`;
    default:
      return null;
  }
}

/**
 * The list in facet keys (see {@link ListPlan.postings}): scope the whole catalogue, a known
 * category (`categoryAlias`, `/c/`) and/or a brand (`brandAlias`, `/b/`), and the products
 * matching the `words` of a search text; selections of facet kinds only. Null for anything else.
 */
function postingsList(
  tree: CategoryTree,
  args: ProductListArgs,
  plan: ListPlan,
  words: string[] | null,
): PostingsList | null {
  const { categoryAlias, brandAlias, campaignAlias, list, badUrl } = listScope(args);
  if (campaignAlias || list !== null || badUrl) return null;
  const scope: SQL[] = [sql`${'all'}`];
  if (categoryAlias) {
    const category = tree.byAlias.get(categoryAlias.toLowerCase());
    if (!category) return null;
    scope.push(sql`${`c${category.id}`}`);
  }
  if (brandAlias) {
    scope.push(
      sql`(select 'b' || ${brands.id} from ${brands} where lower(${brands.alias}) = ${brandAlias.toLowerCase()} order by ${brands.id} limit 1)`,
    );
  }
  const groups: PostingsList['groups'] = [];
  for (const group of plan.groups) {
    const keys = group.selections.map(postingsKey);
    if (keys.some((k) => k === null)) return null;
    groups.push({ key: group.key, keys: keys as string[] });
  }
  return {
    scope,
    words,
    typo: words ? typoSql : null,
    groups,
    byGroup: plan.byGroup,
  };
}

function categoryCondition(tree: CategoryTree, categoryIds: number[]): SQL {
  const ids = [...new Set(categoryIds.flatMap((id) => tree.descendantIds(id)))];
  if (ids.length === 0) return nothing;
  return sql`${products.id} in (select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, ids)})`;
}

/** SQL: the product matches at least one of the selections (all of one group). */
function groupCondition(tree: CategoryTree, selections: FacetSelection[], price: PriceSql): SQL {
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

function rangeCondition(range: ListPlan['range'], selling: SQL): SQL | null {
  if (!range) return null;
  const parts: SQL[] = [];
  if (range.lowest !== null) parts.push(sql`${selling} >= ${range.lowest}`);
  if (range.highest !== null) parts.push(sql`${selling} <= ${range.highest}`);
  return and(...parts)!;
}

function scopeConditions(
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
function scopeCategory(tree: CategoryTree, args: ProductListArgs): number | null {
  const scope = listScope(args);
  if (scope.brandAlias || scope.campaignAlias || scope.list !== null || scope.badUrl) return null;
  if (!scope.categoryAlias) return null;
  return tree.byAlias.get(scope.categoryAlias.toLowerCase())?.id ?? null;
}

function idConditions(
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
 * order: highest discount percentage first (the default of discount-campaign pages); VOTES and
 * CUSTOM_2..5 sort as LATEST (no ratings or custom orders yet).
 */
function sortOrder(sort: ProductSort, price: PriceSql, rank: SQL | null): SQL[] {
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

// ---------------------------------------------------------------------------------------------
// Facets

/** Swedish names of the facet types. */
const FACET_LABELS = {
  Category: 'Kategori',
  Brand: 'Varumärke',
  Sku: 'Storlek',
  Price: 'Pris',
  Discount: 'Rabatt',
} as const;

interface FacetRow {
  t: string;
  k: string;
  n: number;
  label: string | null;
  grp: string | null;
  o1: number | null;
  o2: number | null;
}

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Size labels in a shopper's order: XS < S < M < … then numbers ascending, then the rest. */
export function compareSizes(a: string, b: string): number {
  const rank = (s: string) => {
    const letter = SIZE_ORDER.indexOf(s.split(' ')[0]!.toUpperCase());
    if (letter >= 0) return [0, letter];
    const number = Number.parseFloat(s.replace(',', '.'));
    if (Number.isFinite(number)) return [1, number];
    return [2, 0];
  };
  const [ga, va] = rank(a);
  const [gb, vb] = rank(b);
  return ga! - gb! || va! - vb! || a.localeCompare(b, 'sv');
}

const kronor = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

function formatKronor(amount: number): string {
  return kronor.format(amount);
}

/** The label of a price bucket, e.g. "500–999 kr", "Under 500 kr", "Över 40 000 kr". */
export function priceBucketLabel(bucket: { from: number; to: number | null }): string {
  if (bucket.from === 0 && bucket.to !== null) return `Under ${formatKronor(bucket.to)} kr`;
  if (bucket.to === null) return `Över ${formatKronor(bucket.from)} kr`;
  return `${formatKronor(bucket.from)}–${formatKronor(bucket.to - 1)} kr`;
}

/**
 * The facet rows of a list: one statement (see {@link buildFacets}). Counts of a group leave
 * out that group's own selection (BY_GROUP) or not (CURRENT); the price range leaves out the
 * price-range filter. The row of type 'Count' is the list's count (every group and the range),
 * the same as the count statement of {@link listProducts}.
 *
 * An unfiltered category page (`plan.storedCategory`) reads the catalogue parts (Category, Brand,
 * Sku, Parameter, Count) from `category_facet_counts` at the current catalogue version, computing
 * and storing them first when they are missing, and computes only the price parts (Price,
 * Discount, Range) beside: two statements (four on the first request after a catalogue write).
 */
async function computeFacetRows(
  db: Database,
  tree: CategoryTree,
  shop: PricedShopContext,
  now: Date,
  plan: ListPlan,
  price: PriceSql,
): Promise<FacetRow[]> {
  const run = async (statement: SQL) =>
    ((await db.execute(statement)) as unknown as { rows: FacetRow[] }).rows;
  if (plan.postings && facetPostingsEnabled(db)) {
    const rows = await run(postingsFacetStatement(plan.postings, shop.market.id, now));
    const state = postingsState(rows);
    if (state === 'answered') {
      // Without the market's price postings the price parts were counted from price rows.
      if (!rows.some((r) => r.t === 'PriceReady' && r.n > 0)) {
        schedulePricePostingsBuild(db, shop.market.id, now);
      }
      return rows.filter((r) => r.t !== 'Ready' && r.t !== 'Usable' && r.t !== 'PriceReady');
    }
    // No postings for this catalogue version yet: count from rows and build them meanwhile
    // (built but not usable for the search words: from rows).
    if (state === 'not built') scheduleFacetPostingsBuild(db);
  }
  const categoryId = plan.storedCategory;
  if (categoryId === null) return run(facetStatement(tree, shop, now, plan, price, 'all'));
  const version = currentCatalogueVersion;
  const read = () =>
    run(sql`select t, k, n, label, grp, o1, o2 from ${categoryFacetCounts}
      where ${categoryFacetCounts.categoryId} = ${categoryId}
        and ${categoryFacetCounts.catalogueVersion} = ${version}`);
  const [stored, priceRows] = await Promise.all([
    read().then(async (rows) => {
      if (rows.length > 0) return rows;
      // One statement: the version and the counts come from the same snapshot.
      await db.execute(sql`with gone as (
          delete from ${categoryFacetCounts} where ${categoryFacetCounts.catalogueVersion} <> ${version})
        insert into ${categoryFacetCounts} (catalogue_version, category_id, t, k, n, label, grp, o1, o2)
        select ${version}, ${categoryId}, f.t, coalesce(f.k, ''), f.n, f.label, f.grp, f.o1, f.o2
        from (${facetStatement(tree, shop, now, plan, price, 'catalogue')}) as f
        where ${version} is not null
        on conflict do nothing`);
      return read();
    }),
    run(facetStatement(tree, shop, now, plan, price, 'price')),
  ]);
  // No catalogue_state row (nothing stored): count the catalogue parts as any other list.
  if (stored.length === 0) return run(facetStatement(tree, shop, now, plan, price, 'all'));
  return [...stored, ...priceRows];
}

/** The facet statement of a list: all parts, only those of the catalogue, or only the prices. */
function facetStatement(
  tree: CategoryTree,
  shop: PricedShopContext,
  now: Date,
  plan: ListPlan,
  price: PriceSql,
  parts: 'all' | 'catalogue' | 'price',
): SQL {
  // Columns of the CTE "base": price and discount as values, one boolean per selected group.
  const column: PriceSql = { selling: sql`priced.selling`, regular: sql`priced.regular` };
  const isPriceGroup = (key: string) => key === 'price' || key === 'discount';
  const flagColumns = plan.groups.map((g, i) =>
    isPriceGroup(g.key)
      ? sql`${groupCondition(tree, g.selections, column)} as ${sql.raw(`f${i}`)}`
      : sql`priced.${sql.raw(`f${i}`)}`,
  );
  const pricedFlags = plan.groups.map((g, i) =>
    isPriceGroup(g.key)
      ? sql`true as ${sql.raw(`f${i}`)}`
      : sql`${groupCondition(tree, g.selections, price)} as ${sql.raw(`f${i}`)}`,
  );
  const rangeFlag = rangeCondition(plan.range, sql`priced.selling`) ?? sql`true`;

  /** Flags every counted product must have: all groups except `own` (BY_GROUP). */
  const flagsExcept = (own: string | null): SQL => {
    const parts = [sql`base.in_range`];
    plan.groups.forEach((g, i) => {
      if (plan.byGroup && g.key === own) return;
      if (plan.byGroup && own === 'parameter' && g.key.startsWith('parameter:')) return;
      parts.push(sql.raw(`base.f${i}`));
    });
    return sql.join(parts, sql` and `);
  };
  const parameterGroups = plan.groups
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => g.key.startsWith('parameter:'));
  // A parameter value counts with every selection except its own parameter's (BY_GROUP).
  const parameterFlags = plan.byGroup
    ? sql.join(
        [
          sql`true`,
          ...parameterGroups.map(
            ({ g, i }) =>
              sql`(${productParameters.parameterId} = ${Number(g.key.split(':')[1])} or ${sql.raw(`base.f${i}`)})`,
          ),
        ],
        sql` and `,
      )
    : sql`true`;

  const closure = categoryClosure(tree);
  const categoryPairs =
    closure.length > 0
      ? sql`(values ${sql.join(
          closure.map(([leaf, ancestor]) => sql`(${leaf}::int, ${ancestor}::int)`),
          sql`, `,
        )}) as tree(leaf, ancestor)`
      : sql`(select 0 as leaf, 0 as ancestor where false) as tree`;
  const priceBucket = priceBucketSql(sql`base.selling`);
  const discountBucket = discountBucketSql(sql`base.discount`);

  // Prices by joins (hash joins over the whole scope), the same rule as sellingPriceSql: the
  // lowest active campaign price when below the regular price; null without a regular price.
  const marketId = shop.market.id;
  const campaignPrices = activeCampaignPricesSql(marketId, now);
  const regular = productPrices.regularPriceIncVat;
  const withPrices = parts !== 'catalogue';
  const pricedFrom = withPrices
    ? sql`from ${products}
      left join ${productPrices} on ${productPrices.productId} = ${products.id}
        and ${productPrices.marketId} = ${marketId}
      left join ${campaignPrices} on cp.product_id = ${products.id}`
    : sql`from ${products}`;
  const sellingColumns = withPrices
    ? sql`(case when ${regular} is null then null else least(${regular}, cp.selling) end) as selling,
        ${regular} as regular`
    : sql`null::int as selling, null::int as regular`;
  const withBase = sql`with priced as (
      select ${products.id} as id, ${products.brandId} as brand_id,
        ${sellingColumns}
        ${pricedFlags.length > 0 ? sql`, ${sql.join(pricedFlags, sql`, `)}` : sql``}
      ${pricedFrom}
      where ${and(...plan.base)}
    ), base as materialized (
      select priced.id, priced.brand_id, priced.selling, priced.regular,
        ${discountPercentSql(sql`priced.selling`, sql`priced.regular`)} as discount,
        ${rangeFlag} as in_range
        ${flagColumns.length > 0 ? sql`, ${sql.join(flagColumns, sql`, `)}` : sql``}
      from priced
    )`;
  // Parts that depend on the catalogue or on prices; typed nulls: UNION resolves types left to right.
  const selects: Array<{ type: string; catalogue: boolean; sql: SQL }> = [
    {
      type: 'Brand',
      catalogue: true,
      sql: sql`select 'Brand' as t, base.brand_id::text as k, count(*)::int as n, min(${brands.name}) as label,
      null as grp, null::int as o1, null::int as o2
      from base join ${brands} on ${brands.id} = base.brand_id
      where ${flagsExcept('brand')} group by base.brand_id`,
    },
    {
      type: 'Category',
      catalogue: true,
      sql: sql`select 'Category', c.ancestor::text, count(*)::int, null, null, null, null
      from (select distinct base.id, tree.ancestor
        from base join ${productCategories} on ${productCategories.productId} = base.id
        join ${categoryPairs} on tree.leaf = ${productCategories.categoryId}
        where ${flagsExcept('category')}) as c
      group by c.ancestor`,
    },
    {
      type: 'Sku',
      catalogue: true,
      sql: sql`select 'Sku', s.name, count(*)::int, null, null, min(s.o), null
      from (select base.id, ${skus.name} as name, min(${skus.sortOrder}) as o
        from base join ${skus} on ${skus.productId} = base.id
        where ${flagsExcept('sku')} group by base.id, ${skus.name}) as s
      group by s.name`,
    },
    {
      type: 'Parameter',
      catalogue: true,
      sql: sql`select 'Parameter', g.parameter_id::text || '_' || g.parameter_value_id::text, g.n,
      ${parameterValues.value}, ${parameters.label}, ${parameters.sortOrder}, ${parameterValues.sortOrder}
      from (select ${productParameters.parameterId} as parameter_id,
          ${productParameters.parameterValueId} as parameter_value_id, count(*)::int as n
        from base join ${productParameters} on ${productParameters.productId} = base.id
        where ${productParameters.parameterId} = any(array(
            select ${parameters.id} from ${parameters} where ${parameters.showFilter}))
          and ${flagsExcept('parameter')} and ${parameterFlags}
        group by 1, 2) as g
      join ${parameters} on ${parameters.id} = g.parameter_id
      join ${parameterValues} on ${parameterValues.id} = g.parameter_value_id`,
    },
    {
      type: 'Price',
      catalogue: false,
      sql: sql`select 'Price', ${priceBucket}::text, count(*)::int, null::text, null::text, null::int, null::int
      from base where base.selling is not null and ${flagsExcept('price')} group by 2`,
    },
    {
      type: 'Discount',
      catalogue: false,
      sql: sql`select 'Discount', ${discountBucket}::text, count(*)::int, null::text, null::text, null::int, null::int
      from base where base.discount >= 1 and ${flagsExcept('discount')} group by 2`,
    },
    {
      type: 'Range',
      catalogue: false,
      sql: sql`select 'Range', null, count(*)::int, null, null, min(base.selling)::int, max(base.selling)::int
      from base where ${rangeIgnored(plan)}`,
    },
    {
      type: 'Count',
      catalogue: true,
      sql: sql`select 'Count', null, count(*)::int, null, null, null, null
      from base where ${flagsExcept(null)}`,
    },
  ];
  const chosen = selects.filter((part) =>
    parts === 'all' ? true : parts === 'catalogue' ? part.catalogue : !part.catalogue,
  );
  return sql`${withBase} select * from (${sql.join(
    chosen.map((part) => part.sql),
    sql` union all `,
  )}) as facet_rows (t, k, n, label, grp, o1, o2)`;
}

/** The flags of the price statistics: every group (BY_GROUP or not), but not the range. */
function rangeIgnored(plan: ListPlan): SQL {
  return sql.join([sql`true`, ...plan.groups.map((_, i) => sql.raw(`base.f${i}`))], sql` and `);
}

/** (category, ancestor-or-self) pairs of the whole tree, for counting with subcategories. */
function categoryClosure(tree: CategoryTree): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (const category of tree.all) {
    for (const ancestor of tree.pathOf(category.id)) pairs.push([category.id, ancestor.id]);
  }
  return pairs;
}

function buildFacets(
  tree: CategoryTree,
  shop: PricedShopContext,
  rows: FacetRow[],
): FilterCollection {
  const of = (type: string) => rows.filter((r) => r.t === type && r.k !== null && r.n > 0);
  const code = shop.currency.code;
  const facets: Facet[] = [];

  const categoryValues: FacetValue[] = of('Category')
    .map((r) => tree.byId.get(Number(r.k)))
    .filter((c) => c !== undefined)
    .map((c) => {
      const row = rows.find((r) => r.t === 'Category' && r.k === String(c.id))!;
      return {
        facetId: facetIdOf({ kind: 'category', id: c.id }),
        parentId: c.parentId === null ? null : facetIdOf({ kind: 'category', id: c.parentId }),
        label: c.name,
        url: null,
        order: tree.all.indexOf(c),
        count: row.n,
        hidden: tree.pathOf(c.id).some((a) => a.isHidden),
      };
    })
    .sort((a, b) => a.order - b.order);
  facets.push({
    filterId: 'Category',
    type: 'Category',
    group: null,
    label: FACET_LABELS.Category,
    order: 1,
    values: categoryValues,
  });

  facets.push({
    filterId: 'Brand',
    type: 'Brand',
    group: null,
    label: FACET_LABELS.Brand,
    order: 2,
    values: of('Brand')
      .sort((a, b) => (a.label ?? '').localeCompare(b.label ?? '', 'sv'))
      .map((r, i) => ({
        facetId: facetIdOf({ kind: 'brand', id: Number(r.k) }),
        parentId: null,
        label: r.label,
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  facets.push({
    filterId: 'Sku',
    type: 'Sku',
    group: null,
    label: FACET_LABELS.Sku,
    order: 3,
    values: of('Sku')
      .sort((a, b) => compareSizes(a.k, b.k))
      .map((r, i) => ({
        facetId: `s_${encodeFacetText(r.k)}`,
        parentId: null,
        label: r.k,
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  facets.push({
    filterId: 'Price',
    type: 'Price',
    group: null,
    label: FACET_LABELS.Price,
    order: 4,
    values: of('Price')
      .map((r) => ({ r, bucket: PRICE_BUCKETS[Number(r.k)]! }))
      .sort((a, b) => a.bucket.from - b.bucket.from)
      .map(({ r, bucket }, i) => ({
        facetId: facetIdOf({ kind: 'price', ...bucket }),
        parentId: null,
        label: priceBucketLabel(bucket),
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  facets.push({
    filterId: 'Discount',
    type: 'Discount',
    group: null,
    label: FACET_LABELS.Discount,
    order: 5,
    values: of('Discount')
      .map((r) => ({ r, bucket: DISCOUNT_BUCKETS[Number(r.k)]! }))
      .sort((a, b) => a.bucket.from - b.bucket.from)
      .map(({ r, bucket }, i) => ({
        facetId: facetIdOf({ kind: 'discount', ...bucket }),
        parentId: null,
        label: `${bucket.from}–${bucket.to} %`,
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  const byParameter = new Map<string, FacetRow[]>();
  for (const row of of('Parameter')) {
    const parameterId = row.k.split('_')[0]!;
    byParameter.set(parameterId, [...(byParameter.get(parameterId) ?? []), row]);
  }
  for (const [parameterId, values] of byParameter) {
    const first = values[0]!;
    facets.push({
      filterId: `Parameter-${parameterId}`,
      type: 'Parameter',
      group: first.grp,
      label: first.grp ?? '',
      order: 10 + (first.o1 ?? 0),
      values: values
        .sort((a, b) => (a.o2 ?? 0) - (b.o2 ?? 0) || (a.label ?? '').localeCompare(b.label ?? ''))
        .map((r, i) => {
          const [pid, vid] = r.k.split('_');
          return {
            facetId: facetIdOf({
              kind: 'parameter',
              parameterId: Number(pid),
              valueId: Number(vid),
            }),
            parentId: null,
            label: r.label,
            url: null,
            order: i,
            count: r.n,
            hidden: false,
          };
        }),
    });
  }
  facets.sort((a, b) => a.order - b.order);

  const range = rows.find((r) => r.t === 'Range');
  const price =
    range && range.o1 !== null && range.o2 !== null
      ? { lowest: minorToDecimal(range.o1, code), highest: minorToDecimal(range.o2, code) }
      : null;
  return { price, facets };
}
