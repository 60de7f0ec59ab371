/**
 * The one loader behind every product list route (SPEC §2: category `/c/…`, brand `/b/…`,
 * campaign `/dc/…`, generic `/l/…`, `/list/…`, search `/s/{term}`, news `/nyheter`): page info,
 * products of `?page=N` with the URL selection (features/list/list-selection.ts) and the facets.
 *
 * Default sort (SPEC §2): RELEVANCE on search, LATEST on news, the named route's custom default
 * (campaigns: CUSTOM_1, biggest discount first), otherwise configuration (LATEST).
 */
import { productImageUrl } from '../product/image-url';
import { stockStatus } from '@trampa/api/stock-status';
import { redirect, type AppLoadContext } from 'react-router';
import { ListPageDocument, type ListPageQueryVariables } from '../../graphql/generated';
import { t } from '../../i18n/i18n';
import type { PageSeo } from '../../routing/meta';
import { appUrl } from '../../routing/local-path';
import { needsCanonicalRedirect, normalizePath } from '../../routing/paths';
import { present, toCardProduct, type CardProduct } from '../product/card-product';
import type { StockStatusName } from '../product/product-view';
import { hasListAreas, loadListAreas, type ListAreas } from '../content/page-areas.server';
import { facetGroups, type FacetGroup } from './facets';
import {
  hasFilters,
  hrefOf,
  parseSelection,
  selectionParams,
  type ListSelection,
  type ListSort,
} from './list-selection';
import { MAX_PAGE, pageCount, pageHref, productWindow, singlePageWindow } from './paging';

/** The sort of a list when the shopper has not chosen one (configuration, SPEC §2). */
export const CONFIGURED_DEFAULT_SORT: ListSort = 'LATEST';

/** What a list shows. */
export type ListScope =
  | { kind: 'category'; url: string | null; alias: string }
  | { kind: 'brand'; alias: string }
  | { kind: 'campaign'; alias: string }
  | { kind: 'list'; alias: string }
  | { kind: 'lookup'; alias: string }
  | { kind: 'search'; term: string }
  | {
      kind: 'all';
      title: string;
      description: string;
      /** A list-page path that narrows the catalogue (`/nyheter`: '/l/nyheter'; issue 14). */
      url?: string;
    };

/** A product card with its compact stock line. */
export type ListProduct = CardProduct & { stockStatus: StockStatusName | null };

/** Loader data of every list route. */
export interface ListPageData {
  kind: ListScope['kind'];
  name: string;
  description: string | null;
  /** The list's own path (no query): forms and paging links point here. */
  path: string;
  searchTerm: string | null;
  subCategories: Array<{ id: number; name: string; url: string }>;
  count: number;
  products: ListProduct[];
  page: number;
  pages: number;
  firstPage: number;
  lastPage: number;
  groups: FacetGroup[];
  /** Price range of the list without the price filter, kronor (null: no prices). */
  priceRange: { lowest: number; highest: number } | null;
  selection: ListSelection;
  sort: ListSort;
  defaultSort: ListSort;
  sortOptions: ListSort[];
  filtered: boolean;
  /** Query string of the selection (no page), for paging links. */
  query: string;
  /** Widget areas above and below the grid (issue 16; none on search, news, `&append=1`). */
  areas: ListAreas;
  seo: PageSeo;
}

/** A 404 response (SPEC §2: 'Page not found' with the url). */
export function notFound(pathname: string): Response {
  return Response.json(
    { message: `Page not found: ${pathname}` },
    { status: 404, statusText: 'Page not found' },
  );
}

/** Reads `?page=`: invalid or negative -> 1, above the limit -> the limit (never an error). */
export function clampPage(value: string | null): number {
  if (value === null || !/^\d{1,9}$/.test(value)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(value)));
}

function defaultSortOf(scope: ListScope, listDefault?: string | null): ListSort {
  if (scope.kind === 'search') return 'RELEVANCE';
  if (scope.kind === 'campaign') return 'CUSTOM_1';
  if (scope.kind === 'all') return 'LATEST';
  if (listDefault === 'CUSTOM_1' || listDefault === 'MOST_SOLD') return listDefault;
  return CONFIGURED_DEFAULT_SORT;
}

function sortOptionsOf(scope: ListScope): ListSort[] {
  const common: ListSort[] = ['LATEST', 'MOST_SOLD', 'PRICE', 'PRICE_DESC', 'VOTES'];
  if (scope.kind === 'search') return ['RELEVANCE', ...common];
  if (scope.kind === 'campaign' || (scope.kind === 'list' && scope.alias === 'rea'))
    return ['CUSTOM_1', ...common];
  return common;
}

/** Generic list default sorts (the API's list of /l/ lists, GEINS-API §5.2 url). */
const GENERIC_DEFAULT_SORT: Record<string, ListSort> = {
  rea: 'CUSTOM_1',
  'mest-salda': 'MOST_SOLD',
};

/**
 * Loads a list page. `&append=1` returns page N alone (the JavaScript "Visa fler").
 * @throws a 404 response for an unknown category, brand, campaign or list; a 301 redirect to the
 *   canonical path of a category, brand or campaign reached by another path.
 */
export async function loadListPage(
  request: Request,
  context: AppLoadContext,
  scope: ListScope,
): Promise<ListPageData> {
  const url = appUrl(request, context.market.basename);
  const selection = parseSelection(url.searchParams);
  const requestedPage = clampPage(url.searchParams.get('page'));
  const append = url.searchParams.get('append') === '1';
  const genericDefault = scope.kind === 'list' ? GENERIC_DEFAULT_SORT[scope.alias] : undefined;
  const defaultSort = defaultSortOf(scope, genericDefault);
  const sortOptions = sortOptionsOf(scope);
  const sort =
    selection.sort && sortOptions.includes(selection.sort) ? selection.sort : defaultSort;
  const facetIds = selection.facets.map((f) => f.facetId);
  const filtered = hasFilters(selection);

  const variables: Omit<ListPageQueryVariables, 'channelId' | 'languageId' | 'marketId'> = {
    withInfo: scope.kind !== 'search' && scope.kind !== 'all',
    withBase: filtered,
    filter: {
      facets: facetIds,
      sort,
      filterMode: facetIds.length > 0 ? 'BY_GROUP' : 'CURRENT',
      price:
        selection.lowest !== null || selection.highest !== null
          ? { lowest: selection.lowest, highest: selection.highest }
          : null,
      searchText: scope.kind === 'search' ? scope.term : null,
    },
    baseFilter: { searchText: scope.kind === 'search' ? scope.term : null },
  };
  switch (scope.kind) {
    case 'category':
      variables.infoUrl = scope.url;
      variables.infoAlias = scope.url ? null : scope.alias;
      variables.categoryAlias = scope.alias;
      break;
    case 'brand':
      variables.infoUrl = `/b/${scope.alias}`;
      variables.brandAlias = scope.alias;
      break;
    case 'campaign':
      variables.infoUrl = `/dc/${scope.alias}`;
      variables.discountCampaignAlias = scope.alias;
      break;
    case 'list':
      variables.infoUrl = `/l/${scope.alias}`;
      variables.url = `/l/${scope.alias}`;
      break;
    case 'lookup':
      variables.infoAlias = scope.alias;
      break;
    case 'all':
      variables.url = scope.url ?? null;
      break;
  }

  const query = async (page: number) => {
    const window = append ? singlePageWindow(page) : productWindow(page);
    const data = await context.api.query(ListPageDocument, {
      ...variables,
      skip: window.skip,
      take: window.take,
    });
    return { data, window };
  };
  const noAreas: ListAreas = { top: null, bottom: null };
  const [first, areas] = await Promise.all([
    query(requestedPage),
    !append && hasListAreas(scope.kind) && 'alias' in scope
      ? loadListAreas(context, scope.kind, scope.alias)
      : noAreas,
  ]);
  let { data, window } = first;

  // `/list/{alias}`: a category, brand or campaign found by alias, else a generic list.
  const info = data.listPageInfo ?? null;
  if (variables.withInfo && (!info || !info.id)) throw notFound(url.pathname);
  if (scope.kind === 'lookup' && info?.canonicalUrl) {
    throw redirect(hrefOf(info.canonicalUrl, url.searchParams), 301);
  }
  const ownPath = normalizePath(url.pathname);
  const canonicalUrl = info?.canonicalUrl || ownPath;
  if (
    !append &&
    (scope.kind === 'category' || scope.kind === 'brand' || scope.kind === 'campaign') &&
    needsCanonicalRedirect(url.pathname, canonicalUrl)
  ) {
    throw redirect(pageHref(canonicalUrl, requestedPage, url.search), 301);
  }

  const count = Number(data.products?.count ?? 0);
  const pages = pageCount(count);
  let page = requestedPage;
  if (page > pages) {
    page = pages;
    ({ data, window } = await query(page));
  }
  const path =
    scope.kind === 'category' || scope.kind === 'brand' || scope.kind === 'campaign'
      ? canonicalUrl
      : ownPath;

  const products: ListProduct[] = present(data.products?.products).map((product) => ({
    ...toCardProduct(product),
    stockStatus: product.totalStock ? stockStatus(product.totalStock) : null,
  }));
  const current = data.products?.filters ?? null;
  const base = data.base?.filters ?? null;
  const hide = scope.kind === 'brand' ? ['Brand'] : [];
  const groups = facetGroups(base, current, selection, hide);
  const priceSource = (base ?? current)?.price ?? null;
  // Chips show the shop's own label of a facet, not whatever label the URL carried.
  const labels = new Map(
    groups.flatMap((g) => g.options.map((o) => [o.facetId, o.label] as const)),
  );
  selection.facets = selection.facets.map((f) => ({
    ...f,
    label: labels.get(f.facetId) ?? f.label,
  }));

  const name =
    scope.kind === 'search'
      ? t('search.title', { term: scope.term })
      : scope.kind === 'all'
        ? scope.title
        : (info?.name ?? '');
  const description =
    scope.kind === 'all' ? scope.description : info?.primaryDescription?.trim() || null;
  const queryString = selectionParams({ ...selection, sort }, defaultSort).toString();
  const canonicalPath = pageHref(path, page);
  return {
    kind: scope.kind,
    name,
    description,
    path,
    searchTerm: scope.kind === 'search' ? scope.term : null,
    subCategories: present(info?.subCategories).map((sub) => ({
      id: sub.categoryId,
      name: sub.name,
      url: sub.canonicalUrl,
    })),
    count,
    products,
    page,
    pages,
    firstPage: window.firstPage,
    lastPage: window.lastPage,
    groups,
    priceRange: priceSource
      ? { lowest: Math.floor(priceSource.lowest), highest: Math.ceil(priceSource.highest) }
      : null,
    selection: { ...selection, sort },
    sort,
    defaultSort,
    sortOptions,
    filtered,
    query: queryString,
    areas,
    seo: {
      title: name,
      description:
        info?.meta?.description ||
        description ||
        t('meta.list.description', { name, shop: context.shop.name }),
      canonicalPath,
      page,
      image: products[0]?.imageFileName
        ? productImageUrl(products[0].imageFileName, '800x800')
        : null,
      prevPath: page > 1 ? pageHref(path, page - 1) : undefined,
      nextPath: page < pages ? pageHref(path, page + 1) : undefined,
      ...(filtered || scope.kind === 'search' ? { noindex: true } : {}),
    },
  };
}
