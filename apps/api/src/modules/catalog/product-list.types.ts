/**
 * The arguments and results of product lists (GEINS-API §3.1 products, §5 filtering, sorting,
 * paging, facets; issue 5): what every `ProductSearch` implementation (search/product-search.ts)
 * takes and gives, independent of how it finds the products.
 */
import type { ProductNode } from './catalog.service.ts';

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

/** A list argument of ids as GraphQL gives it (items may be null). */
export type IdList = ReadonlyArray<number | null | undefined> | null | undefined;
/** A list argument of strings as GraphQL gives it (items may be null). */
export type StringList = ReadonlyArray<string | null | undefined> | null | undefined;

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
/** Most productIds or articleNumbers in a filter (GEINS-API §5.2). */
export const MAX_ID_LIST = 600;
/** Most facet ids in `facets`/`include` or in `excludeFacets`/`exclude`. */
export const MAX_FACETS = 200;

/** How a caller will use a `ProductSearch.products` result. */
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
