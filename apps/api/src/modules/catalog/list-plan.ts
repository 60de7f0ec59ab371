/**
 * The plan of a product list (GEINS-API §3.1 products, §5): its arguments read into SQL
 * conditions on `products`, facet selection groups, price range, order and search, checked
 * against the paging and size limits. Facet selections (`filter.facets`, see facet-ids.ts)
 * combine as OR within a group and AND across groups.
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { decimalToMinor } from '../pricing/money.ts';
import {
  MAX_SEARCH_TEXT,
  searchSql,
  type SearchSql,
  searchWords,
  typoSql,
} from '../search/search-text.ts';
import type { CategoryTree } from './catalog.service.ts';
import { brands, products } from './catalog.tables.ts';
import { groupFacets, parseFacetId, type FacetSelection } from './facet-ids.ts';
import type { PostingsList } from './postings-statements.ts';
import {
  groupCondition,
  idConditions,
  idList,
  inputOrder,
  listScope,
  scopeCategory,
  scopeConditions,
  stringList,
  type PriceRange,
  type PriceSql,
} from './list-conditions.ts';
import {
  MAX_FACETS,
  MAX_ID_LIST,
  type ProductFilter,
  type ProductListArgs,
} from './product-list.types.ts';

/** What the list is about before facets: everything that is not a facet group. */
export interface ListPlan {
  /** Conditions every product of the list (and every facet count) meets. */
  base: SQL[];
  /** Facet groups (OR within, AND across), in a fixed order. */
  groups: Array<{ key: string; selections: FacetSelection[] }>;
  /** Price range in minor units (a group of its own: the price statistics ignore it). */
  range: PriceRange | null;
  /** Order that overrides the sort (productIds, articleNumbers, FACET_ORDER of alias facets). */
  keepOrder: SQL | null;
  /** The relevance of a search text (an SQL expression, higher first), null without one. */
  rank: SQL | null;
  /** The search of a searchText (matching and ranking SQL), null without one. */
  search: SearchSql | null;
  /** BY_GROUP facet counts (the default) rather than CURRENT. */
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

/**
 * Reads a list's arguments into its {@link ListPlan}.
 * @throws ShopError BAD_USER_INPUT for more than 600 ids, more than 200 facets, a reversed or
 *   negative price range, or searchText over 256 characters.
 */
export function planList(
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
