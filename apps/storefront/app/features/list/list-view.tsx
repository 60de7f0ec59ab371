/**
 * The product list page every list route renders (category, brand, campaign, generic list,
 * search, news): heading, the top widget area, filter panel, active-filter chips, sort, grid,
 * paging and the bottom widget area (issue 16).
 *
 * The filter panel and the sort are ONE GET form: without JavaScript the shopper ticks boxes and
 * presses "Visa produkter"; with JavaScript every change navigates at once (the URL is the state,
 * so reload, back and sharing keep it) and focus stays on the control. On phones the panel is a
 * disclosure (<details>) that starts closed. Price has one control (issue 14): the API's price
 * buckets ("Pris") when the list has them, else the from–to range ("Pris (kr)").
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useFetcher, useNavigation } from 'react-router';
import { useApplyOnChoice } from '../../components/ui/apply-on-choice';
import { Breadcrumbs, type Crumb } from '../../components/ui/breadcrumbs';
import { BreadcrumbJsonLd } from '../../seo/json-ld-script';
import { currencySymbol, formatNumber, t, type MessageKey } from '../../i18n/i18n';
import { useCulture, useMarketView } from '../../market/market-view';
import { ProductGrid } from '../product/product-card';
import { WidgetArea } from '../content/widgets';
import type { ListPageData, ListProduct } from './list-page.server';
import {
  hrefOf,
  selectionParams,
  withoutFacet,
  withoutFilters,
  type ListSort,
} from './list-selection';
import { FilterPanel, FORM_ID } from './filter-panel';
import { PAGE_SIZE, pageHref } from './paging';

/** Swedish label of a sort. */
export function sortLabel(sort: ListSort): string {
  return t(`list.sort.${sort}` as MessageKey);
}

/** The list page. `crumbs` is the trail below the start page. */
export function ListView({
  data,
  crumbs,
  intro,
  hideEmpty = false,
}: {
  data: ListPageData;
  crumbs: Crumb[];
  /** Shown above the filters (e.g. the search page's no-results help). */
  intro?: ReactNode;
  /** Leave out filters and grid (a search without hits: the intro says it). */
  hideEmpty?: boolean;
}) {
  const { products, lastPage, more, loading } = useAppendedPages(data);
  const culture = useCulture();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === data.path;
  const clearAll = hrefOf(
    data.path,
    selectionParams(withoutFilters(data.selection), data.defaultSort),
  );
  const pageLink = (page: number) => pageHref(data.path, page, data.query);
  return (
    <div className="page container">
      <Breadcrumbs items={crumbs} />
      <BreadcrumbJsonLd items={crumbs} />
      <header className="list-header">
        <h1 className="list-header__title">{data.name}</h1>
        {data.description ? <p className="list-header__description">{data.description}</p> : null}
      </header>
      {data.areas.top ? (
        <div className="list-area list-area--top">
          <WidgetArea area={data.areas.top} />
        </div>
      ) : null}
      {intro}
      {data.subCategories.length > 0 ? (
        <nav className="sub-categories" aria-label={t('list.subCategories')}>
          <ul className="chip-list">
            {data.subCategories.map((sub) => (
              <li key={sub.id}>
                <Link to={sub.url} className="chip">
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {hideEmpty ? null : (
        <div className="list-layout">
          <FilterPanel data={data} />
          <section
            aria-labelledby="list-products-title"
            className="list-products"
            aria-busy={busy || undefined}
          >
            <div className="list-toolbar">
              <h2 id="list-products-title" className="list-toolbar__count" aria-live="polite">
                {t('list.count', { count: data.count }, culture)}
              </h2>
              <div className="list-sort">
                <label htmlFor="list-sort">{t('list.sort.label')}</label>
                <SortSelect sort={data.sort} options={data.sortOptions} />
                <noscript>
                  <button type="submit" form={FORM_ID} className="button button--secondary">
                    {t('list.sort.apply')}
                  </button>
                </noscript>
              </div>
            </div>
            <ActiveFilters data={data} clearAll={clearAll} />
            {data.firstPage > 1 ? (
              <p className="list-pager">
                <Link
                  to={pageLink(data.firstPage - 1)}
                  className="button button--secondary"
                  rel="prev"
                >
                  {t('list.showPrevious')}
                </Link>
              </p>
            ) : null}
            {products.length > 0 ? (
              <ProductGrid products={products} eagerCount={4} />
            ) : data.filtered ? (
              <div className="list-empty" role="status">
                <p className="list-empty__title">{t('list.noMatch')}</p>
                <p>
                  <Link to={clearAll} className="button button--secondary">
                    {t('list.clearAll')}
                  </Link>
                </p>
              </div>
            ) : (
              <p className="list-empty">{t('list.empty')}</p>
            )}
            <div className="list-pager">
              <p className="list-pager__status" aria-live="polite">
                {data.count > 0
                  ? t(
                      'list.showing',
                      {
                        shown: Math.min(
                          data.count,
                          (data.firstPage - 1) * PAGE_SIZE + products.length,
                        ),
                        count: data.count,
                      },
                      culture,
                    )
                  : null}
              </p>
              {lastPage < data.pages ? (
                <Link
                  to={pageLink(lastPage + 1)}
                  className="button button--secondary"
                  rel="next"
                  onClick={more}
                  aria-disabled={loading || undefined}
                  preventScrollReset
                >
                  {loading ? t('list.loading') : t('list.showMore')}
                </Link>
              ) : null}
            </div>
          </section>
        </div>
      )}
      {data.areas.bottom ? (
        <div className="list-area list-area--bottom">
          <WidgetArea area={data.areas.bottom} eager={false} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Sortera" (issue 14; WCAG 2.1.1, 3.2.2): part of the filter form. With JavaScript a choice made
 * with the mouse (or in the opened list) sorts at once; the arrow keys on the closed control only
 * move through the options, and Enter or leaving the control sorts, so the list does not reload
 * on every key. Uncontrolled and never remounted, so focus stays on it while the list reloads;
 * it follows the URL when that changes otherwise (back button, chips).
 */
function SortSelect({ sort, options }: { sort: ListSort; options: ListSort[] }) {
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.value !== sort) ref.current.value = sort;
  }, [sort]);
  const handlers = useApplyOnChoice((select) => {
    if (select.value !== sort) select.form?.requestSubmit();
  });
  return (
    <select ref={ref} id="list-sort" name="sort" form={FORM_ID} defaultValue={sort} {...handlers}>
      {options.map((option) => (
        <option key={option} value={option}>
          {sortLabel(option)}
        </option>
      ))}
    </select>
  );
}

/** Chips of the active filters, each a link without it, and "Rensa alla". */
function ActiveFilters({ data, clearAll }: { data: ListPageData; clearAll: string }) {
  const { selection } = data;
  const culture = useCulture();
  const currency = useMarketView()?.currency ?? 'SEK';
  if (!data.filtered) return null;
  const price =
    selection.lowest !== null || selection.highest !== null
      ? t('list.filter.priceChip', {
          lowest: formatNumber(selection.lowest ?? 0, culture),
          highest: selection.highest === null ? '…' : formatNumber(selection.highest, culture),
          currency: currencySymbol(currency, culture),
        })
      : null;
  return (
    <div className="active-filters">
      <h3 className="sr-only">{t('list.filter.active')}</h3>
      <ul className="chip-list">
        {selection.facets.map((facet) => (
          <li key={facet.facetId}>
            <Link
              className="chip chip--active"
              to={hrefOf(
                data.path,
                selectionParams(withoutFacet(selection, facet.facetId), data.defaultSort),
              )}
              preventScrollReset
            >
              {facet.label}
              <span aria-hidden="true"> ×</span>
              <span className="sr-only"> {t('list.filter.remove')}</span>
            </Link>
          </li>
        ))}
        {price ? (
          <li>
            <Link
              className="chip chip--active"
              to={hrefOf(
                data.path,
                selectionParams({ ...selection, lowest: null, highest: null }, data.defaultSort),
              )}
              preventScrollReset
            >
              {price}
              <span aria-hidden="true"> ×</span>
              <span className="sr-only"> {t('list.filter.remove')}</span>
            </Link>
          </li>
        ) : null}
        <li>
          <Link className="chip chip--clear" to={clearAll} preventScrollReset>
            {t('list.clearAll')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

/**
 * "Visa fler" with JavaScript: loads the next page with a fetcher and appends it, then puts
 * `?page=N` into the address (without a navigation) so reload and sharing show the same list.
 */
function useAppendedPages(data: ListPageData) {
  const fetcher = useFetcher<ListPageData>();
  const baseKey = `${data.path}?${data.query}|${data.firstPage}|${data.lastPage}`;
  const [state, setState] = useState({
    key: baseKey,
    products: [] as ListProduct[],
    lastPage: data.lastPage,
    seen: undefined as unknown,
  });
  let current = state;
  if (state.key !== baseKey) {
    current = { key: baseKey, products: [], lastPage: data.lastPage, seen: fetcher.data };
    setState(current);
  } else if (fetcher.state === 'idle' && fetcher.data && fetcher.data !== state.seen) {
    const next = fetcher.data;
    current = {
      ...state,
      products: [...state.products, ...next.products],
      lastPage: next.lastPage,
      seen: next,
    };
    setState(current);
  }

  useEffect(() => {
    if (current.lastPage === data.lastPage) return;
    const href = pageHref(window.location.pathname, current.lastPage, window.location.search);
    window.history.replaceState(window.history.state, '', href);
  }, [current.lastPage, data.lastPage]);

  const loading = fetcher.state !== 'idle';
  const more = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    if (loading) return;
    const params = new URLSearchParams(data.query);
    params.set('page', String(current.lastPage + 1));
    params.set('append', '1');
    void fetcher.load(`${data.path}?${params.toString()}`);
  };
  return {
    products: [...data.products, ...current.products],
    lastPage: current.lastPage,
    more,
    loading,
  };
}
