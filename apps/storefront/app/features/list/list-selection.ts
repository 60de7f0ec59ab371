/**
 * The list selection in the URL (SPEC §3 "List selection"; GEINS-API §5.4): facet values as
 * `label~facetId` under the keys `categories`, `brands`, `skus`, `price`, `discount` and
 * `p-<group>` (repeated keys, as a GET form sends checkboxes), plus `lowest`/`highest` (price
 * range in kronor), `sort` and `page`. Pure: parsing, validating and building URLs.
 *
 * Hostile or broken values are dropped, never passed on: a value must be at most 200 characters
 * and its facet id must have the prefix of its key (`brands` -> `b_…`).
 */

/** The facet keys of the URL and the facet id prefix each one accepts. */
export const FACET_KEYS = {
  categories: 'c_',
  brands: 'b_',
  skus: 's_',
  price: 'pr_',
  discount: 'd_',
} as const;

/** A URL key holding facet values. */
export type FacetKey = keyof typeof FACET_KEYS | `p-${string}`;

/** The API facet type each fixed key holds (GEINS-API §4.4 FilterType.type). */
export const KEY_OF_TYPE: Record<string, keyof typeof FACET_KEYS> = {
  Category: 'categories',
  Brand: 'brands',
  Sku: 'skus',
  Price: 'price',
  Discount: 'discount',
};

/** One selected facet value. */
export interface SelectedFacet {
  key: FacetKey;
  label: string;
  facetId: string;
}

/**
 * The sorts the shop offers (GEINS-API §5.3: ralph's UI set plus the highest rated, issue 17,
 * and the campaign order).
 */
export const SORTS = [
  'RELEVANCE',
  'LATEST',
  'MOST_SOLD',
  'PRICE',
  'PRICE_DESC',
  'VOTES',
  'CUSTOM_1',
] as const;
/** A sort the shop offers. */
export type ListSort = (typeof SORTS)[number];

/** A parsed selection. */
export interface ListSelection {
  facets: SelectedFacet[];
  /** Price range in kronor (whole numbers), lowest <= highest when both are set. */
  lowest: number | null;
  highest: number | null;
  /** The sort from the URL, null when absent or not offered. */
  sort: ListSort | null;
}

/** Most facet values read from a URL. */
export const MAX_SELECTED = 60;
const MAX_VALUE = 200;
const FACET_ID = /^(c|b|s|pr|d|p|a)_[A-Za-z0-9_-]{1,150}$/;
const MAX_PRICE = 10_000_000;

/** The URL key of a parameter group (`p-Färg`). */
export function parameterKey(group: string): FacetKey {
  return `p-${group}`;
}

function prefixOf(key: string): string | null {
  if (key in FACET_KEYS) return FACET_KEYS[key as keyof typeof FACET_KEYS];
  if (key.startsWith('p-') && key.length > 2 && key.length <= 60) return 'p_';
  return null;
}

/** Splits `label~facetId` at the last `~`; null when malformed or of the wrong kind. */
export function parseFacetValue(key: string, value: string): SelectedFacet | null {
  const prefix = prefixOf(key);
  if (!prefix || value.length > MAX_VALUE) return null;
  const at = value.lastIndexOf('~');
  const label = (at >= 0 ? value.slice(0, at) : '').trim();
  const facetId = (at >= 0 ? value.slice(at + 1) : value).trim();
  if (!FACET_ID.test(facetId) || !facetId.startsWith(prefix)) return null;
  return { key: key as FacetKey, label: label || facetId, facetId };
}

function parseKronor(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,8}([.,]\d+)?\s*$/.test(value)) return null;
  const number = Math.round(Number(value.trim().replace(',', '.')));
  return number <= MAX_PRICE ? number : null;
}

/**
 * Reads the selection from URL search parameters. Invalid values are ignored; a reversed price
 * range is swapped; at most {@link MAX_SELECTED} facet values are kept.
 */
export function parseSelection(params: URLSearchParams): ListSelection {
  const facets: SelectedFacet[] = [];
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (facets.length >= MAX_SELECTED) break;
    const facet = parseFacetValue(key, value);
    if (!facet || seen.has(facet.facetId)) continue;
    seen.add(facet.facetId);
    facets.push(facet);
  }
  let lowest = parseKronor(params.get('lowest'));
  let highest = parseKronor(params.get('highest'));
  if (lowest !== null && highest !== null && lowest > highest)
    [lowest, highest] = [highest, lowest];
  const sortParam = params.get('sort');
  const sort = SORTS.find((s) => s === sortParam) ?? null;
  return { facets, lowest, highest, sort };
}

/** True when the shopper chose anything that narrows the list. */
export function hasFilters(selection: ListSelection): boolean {
  return selection.facets.length > 0 || selection.lowest !== null || selection.highest !== null;
}

/** Search parameters of a selection (page 1; `sort` only when it is not the default). */
export function selectionParams(selection: ListSelection, defaultSort: ListSort): URLSearchParams {
  const params = new URLSearchParams();
  for (const facet of selection.facets) params.append(facet.key, `${facet.label}~${facet.facetId}`);
  if (selection.lowest !== null) params.set('lowest', String(selection.lowest));
  if (selection.highest !== null) params.set('highest', String(selection.highest));
  if (selection.sort && selection.sort !== defaultSort) params.set('sort', selection.sort);
  return params;
}

/** `path?query` (no `?` when the query is empty). */
export function hrefOf(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The selection without one facet value (a chip's "remove" link). */
export function withoutFacet(selection: ListSelection, facetId: string): ListSelection {
  return { ...selection, facets: selection.facets.filter((f) => f.facetId !== facetId) };
}

/** The selection without any filter (keeps the sort): "Rensa alla". */
export function withoutFilters(selection: ListSelection): ListSelection {
  return { ...selection, facets: [], lowest: null, highest: null };
}
