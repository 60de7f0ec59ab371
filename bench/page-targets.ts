/**
 * The pages the bench measures (`bench/run.ts`): each with its SSR load, browser and rendered
 * settings.
 */
import type { BenchTargets } from './operations.ts';
import type { TargetResult } from './report.ts';

/** A page target. */
export interface PageTarget {
  result: TargetResult;
  /** Whether SSR load is measured (not for /kassan). */
  load: boolean;
  /** False for XML (the sitemaps): no page weight or Lighthouse. */
  browser?: boolean;
  /**
   * True: SSR load as a returning shopper (a cookie), so every request renders the page; else
   * as a first visit (no cookie), which the page copies answer (PAGE_CACHE_SECONDS, issue 23).
   */
  rendered?: boolean;
}

/**
 * The start, category, product, checkout and search pages and the sitemaps; start, category,
 * product and search also as returning shoppers' rendered rows (issue 23).
 */
export function pageTargets(targets: BenchTargets): PageTarget[] {
  const page = (id: string, label: string, path: string, load: boolean): PageTarget => ({
    result: { id, kind: 'page', label: `Page ${label}`, path, load: [] },
    load,
  });
  // Issue 23: the first visit (no cookie) gets the page copy; the rendered row is a returning
  // shopper's request (a cookie), rendered every time. Only first visits go to the browser.
  const rendered = (target: PageTarget): PageTarget => ({
    result: {
      ...target.result,
      id: `${target.result.id}:rendered`,
      label: `${target.result.label} (rendered)`,
      load: [],
    },
    load: true,
    browser: false,
    rendered: true,
  });
  const home = page('page:home', '/', '/', true);
  const category = page('page:category', 'category', targets.category.path, true);
  const product = page('page:product', 'product', targets.product.path, true);
  // Issue 23: a search result page (a common word, so the search scans many products); server
  // load only, no browser figures (it is a list page like the category page).
  const search: PageTarget = {
    ...page('page:search', 'search "cykel"', '/s/cykel', true),
    browser: false,
  };
  return [
    home,
    rendered(home),
    category,
    rendered(category),
    product,
    rendered(product),
    page('page:checkout', '/kassan', '/kassan', false),
    search,
    rendered(search),
    // Issue 20: the sitemap index and the largest per-type file (up to 50 000 product URLs).
    { ...page('page:sitemap', '/sitemap.xml', '/sitemap.xml', true), browser: false },
    {
      ...page('page:sitemap-products', 'sitemap products', '/sitemap-products-1.xml', true),
      browser: false,
    },
  ];
}
