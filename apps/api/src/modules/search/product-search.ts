/**
 * `ProductSearch`: how product lists and search are answered (issue 22; ADR 012). The GraphQL
 * layer calls only this interface, with the Geins arguments of `products` (GEINS-API §3.1, §5)
 * and the prefix of `searchSuggestions`; an implementation decides how it finds the products.
 * Modelled on Vendure's `SearchStrategy`: a small interface, a SQL default, an external engine
 * as a drop-in.
 *
 * Implementations (PRODUCT_SEARCH):
 * - `rows`: SQL over the catalogue rows (catalog/product-list.service.ts), nothing to build.
 * - `postings`: the same SQL, but a list made of facet keys (scope catalogue, category or brand;
 *   Category, Brand, Sku, Parameter selections; search words) counts its facets, its count and its
 *   RELEVANCE page from the facet postings (catalog/facet-postings.ts) once the job queue has
 *   built them for the catalogue version, and from rows until then.
 * Both give the same answers (the discovery tests run against each, `testProductSearches`).
 * An external engine (OpenSearch, Typesense) would be a third implementation fed from the
 * catalogue's change log; ADR 012 maps the arguments, facets and RELEVANCE onto one.
 */
import type { Database } from '../../db/client.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import type { CategoryTree } from '../catalog/catalog.service.ts';
import { listProducts } from '../catalog/product-list.service.ts';
import type { ListOptions, ProductListArgs, ProductPage } from '../catalog/product-list.types.ts';
import { suggestNames, type NameSuggestions } from './search.service.ts';

/** The names of the implementations (the PRODUCT_SEARCH values). */
export const PRODUCT_SEARCH_NAMES = ['postings', 'rows'] as const;

/** One of {@link PRODUCT_SEARCH_NAMES}. */
export type ProductSearchName = (typeof PRODUCT_SEARCH_NAMES)[number];

/** What every request to a {@link ProductSearch} carries: where and for whom. */
export interface SearchScope {
  db: Database;
  /** The category tree of the request (category aliases, subcategories, facet labels). */
  tree: CategoryTree;
  /** The channel, market, currency and language (prices, price facets in the market currency). */
  shop: PricedShopContext;
  /** The request time: which campaigns are active, which products are news. */
  now: Date;
}

/** Product listing and search behind one interface (see the module comment). */
export interface ProductSearch {
  /** The implementation's name (PRODUCT_SEARCH). */
  readonly name: ProductSearchName;
  /**
   * One page of `products` (GEINS-API §3.1, §5): the page, the total count and (on demand,
   * `filters()`) the facets, from the Geins arguments (scope by categoryAlias, brandAlias,
   * discountCampaignAlias or url; `FilterInputType`; skip and take). Default order LATEST,
   * RELEVANCE with a searchText and no sort.
   * @throws ShopError BAD_USER_INPUT for arguments out of range (see `listProducts`).
   */
  products(scope: SearchScope, args: ProductListArgs, options?: ListOptions): Promise<ProductPage>;
  /**
   * Categories and brands whose names match what a shopper types (`searchSuggestions`, an
   * extension of the API), at most `take` (1..10) of each.
   */
  suggestions(
    scope: Pick<SearchScope, 'db' | 'tree'>,
    prefix: string,
    take: number,
  ): Promise<NameSuggestions>;
}

/** SQL over rows, optionally from the facet postings (the two SQL implementations). */
function sqlProductSearch(name: ProductSearchName, postings: boolean): ProductSearch {
  return {
    name,
    products: ({ db, tree, shop, now }, args, options) =>
      listProducts(db, tree, shop, now, args, options, { postings }),
    suggestions: ({ db, tree }, prefix, take) => suggestNames(db, tree, prefix, take),
  };
}

/** The implementations by name. */
export const PRODUCT_SEARCHES: Readonly<Record<ProductSearchName, ProductSearch>> = {
  postings: sqlProductSearch('postings', true),
  rows: sqlProductSearch('rows', false),
};

/** The implementation PRODUCT_SEARCH names. */
export function productSearchNamed(name: ProductSearchName): ProductSearch {
  return PRODUCT_SEARCHES[name];
}
