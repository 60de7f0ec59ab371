/**
 * Paging of product lists. `?page=N` is a plain link that works without JavaScript.
 *
 * What a shopper expects from "Visa fler" is that the list grows: so `?page=N` renders pages
 * 1..N together (the same list the JavaScript "Visa fler" builds by appending), up to
 * {@link MAX_CUMULATIVE_PAGES}; deeper pages render page N alone with a "Visa föregående" link
 * (the API takes at most 200 products per call). rel=prev/next links point at N-1 and N+1.
 */

/** Products per page. */
export const PAGE_SIZE = 24;

/** Up to this page the list shows pages 1..N; 8 × 24 = 192 stays under the API's take of 200. */
export const MAX_CUMULATIVE_PAGES = 8;

/** The largest page number accepted from a URL (6000 products, the API's skip limit). */
export const MAX_PAGE = 250;

/** Reads `?page=`: a whole number from 1 to {@link MAX_PAGE}; anything else is null (invalid). */
export function parsePage(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^\d{1,4}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** Which products a list page shows: API skip/take and the first and last page covered. */
export interface ProductWindow {
  skip: number;
  take: number;
  firstPage: number;
  lastPage: number;
}

/** The products `?page=N` shows (see the module comment). */
export function productWindow(page: number, pageSize = PAGE_SIZE): ProductWindow {
  if (page <= MAX_CUMULATIVE_PAGES)
    return { skip: 0, take: page * pageSize, firstPage: 1, lastPage: page };
  return { skip: (page - 1) * pageSize, take: pageSize, firstPage: page, lastPage: page };
}

/** The products of page N alone (what "Visa fler" appends with JavaScript). */
export function singlePageWindow(page: number, pageSize = PAGE_SIZE): ProductWindow {
  return { skip: (page - 1) * pageSize, take: pageSize, firstPage: page, lastPage: page };
}

/** Number of pages for `count` products; at least 1. */
export function pageCount(count: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * The URL of page `page` of a list: page 1 has no parameter; other query parameters are kept.
 */
export function pageHref(pathname: string, page: number, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
