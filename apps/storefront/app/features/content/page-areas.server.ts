/**
 * The widget areas of list and product pages (issue 16; GEINS-API §2.4): family "Productlist"
 * above ("The top part of the product list") and below ("The bottom part of the product list")
 * the grid of a category, brand, campaign or generic list, narrowed by the page's
 * `{key: "Category" | "Brand" | "Campaign", value: alias}`; family "Product" ("Product detail
 * page") narrowed by the product's primary category, brand and alias.
 */
import type { AppLoadContext } from 'react-router';
import type { PageWidgetCollectionFilterInputType } from '../../graphql/generated';
import { loadWidgetArea } from './widget-area.server';
import type { AreaView } from './widget-view';

/** The list page areas (GEINS-API §2.4). */
const LIST_AREAS = {
  family: 'Productlist',
  top: 'The top part of the product list',
  bottom: 'The bottom part of the product list',
} as const;

/** The product page area (GEINS-API §2.4). */
const PRODUCT_AREA = { family: 'Product', areaName: 'Product detail page' } as const;

/** A list page's widget areas: above and below the product grid (null: none). */
export interface ListAreas {
  top: AreaView | null;
  bottom: AreaView | null;
}

/** The list pages that have areas, and the filter key each sends (ralph sends "Campaign"). */
const LIST_FILTER_KEYS = {
  category: 'Category',
  brand: 'Brand',
  campaign: 'Campaign',
  list: null,
} as const;

/** A list kind with widget areas. */
type AreaListKind = keyof typeof LIST_FILTER_KEYS;

/** True for a list kind with widget areas (category, brand, campaign, generic list). */
export function hasListAreas(kind: string): kind is AreaListKind {
  return kind in LIST_FILTER_KEYS;
}

/**
 * Both areas of a list page, in parallel. A generic list (`/l/…`) sends no filter, so it sees
 * the collections made for every list page only.
 */
export async function loadListAreas(
  context: AppLoadContext,
  kind: AreaListKind,
  alias: string,
): Promise<ListAreas> {
  const key = LIST_FILTER_KEYS[kind];
  const filters = key ? [{ key, value: alias }] : [];
  const [top, bottom] = await Promise.all([
    loadWidgetArea(context, { family: LIST_AREAS.family, areaName: LIST_AREAS.top, filters }),
    loadWidgetArea(context, { family: LIST_AREAS.family, areaName: LIST_AREAS.bottom, filters }),
  ]);
  return { top, bottom };
}

/** The product page's area for a product (aliases; a missing category or brand is left out). */
export function loadProductArea(
  context: AppLoadContext,
  product: { alias: string; categoryAlias: string | null; brandAlias: string | null },
): Promise<AreaView | null> {
  const filters: PageWidgetCollectionFilterInputType[] = [];
  if (product.categoryAlias) filters.push({ key: 'Category', value: product.categoryAlias });
  if (product.brandAlias) filters.push({ key: 'Brand', value: product.brandAlias });
  filters.push({ key: 'Product', value: product.alias });
  return loadWidgetArea(context, { ...PRODUCT_AREA, filters });
}
