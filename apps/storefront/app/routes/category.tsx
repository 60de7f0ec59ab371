/**
 * Category list: `/c/{category}`, `/c/(.*)/{category}` and `/list/{category}` (SPEC §2).
 * listPageInfo gives name, description and subcategories (null or id 0 means 404; a path other
 * than canonicalUrl redirects with 301), products(categoryAlias = last segment) the products.
 * Paging: see features/list/paging.ts; "Visa fler" is a plain link, enhanced to append the next
 * page with a fetcher.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, redirect, useFetcher, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/category';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { categoryTrail } from '../features/layout/category-tree';
import {
  PAGE_SIZE,
  pageCount,
  pageHref,
  parsePage,
  productWindow,
  singlePageWindow,
} from '../features/list/paging';
import { present, toCardProduct, type CardProduct } from '../features/product/card-product';
import { ProductGrid } from '../features/product/product-card';
import { CategoryPageDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import type { RootData } from '../root';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { categoryFromPath, needsCanonicalRedirect, normalizePath } from '../routing/paths';
import listStyles from '../styles/list.css?url';
import { appUrl } from '../routing/local-path';

/** List page styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listStyles }];

/** Title, description, canonical (with ?page=N) and rel=prev/next. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  return pageMeta(shopFromMatches(matches), loaderData.seo);
};

/** A 404 response for an unknown category or page. */
function notFound(pathname: string): Response {
  return Response.json(
    { message: `Page not found: ${pathname}` },
    { status: 404, statusText: 'Page not found' },
  );
}

/** The category's page info and the products of `?page=N` (`&append=1`: page N alone). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const category = categoryFromPath(url.pathname);
  const page = parsePage(url.searchParams.get('page'));
  if (!category || page === null) throw notFound(url.pathname);
  const append = url.searchParams.get('append') === '1';
  const window = append ? singlePageWindow(page) : productWindow(page);

  const data = await context.api.query(CategoryPageDocument, {
    url: category.kind === 'c' ? normalizePath(url.pathname) : null,
    alias: category.kind === 'list' ? category.alias : null,
    categoryAlias: category.alias,
    skip: window.skip,
    take: window.take,
  });
  const info = data.listPageInfo;
  if (!info || !info.id) throw notFound(url.pathname);
  const canonicalUrl = info.canonicalUrl || normalizePath(url.pathname);
  if (!append && needsCanonicalRedirect(url.pathname, canonicalUrl)) {
    throw redirect(pageHref(canonicalUrl, page, url.search), 301);
  }
  const count = data.products?.count ?? 0;
  const pages = pageCount(count);
  if (page > pages) throw notFound(url.pathname);

  const products: CardProduct[] = present(data.products?.products).map(toCardProduct);
  const description = info.primaryDescription?.trim() || null;
  return {
    name: info.name,
    description,
    canonicalUrl,
    subCategories: present(info.subCategories).map((sub) => ({
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
    seo: {
      title: info.name,
      description:
        info.meta?.description ||
        description ||
        t('meta.list.description', { name: info.name, shop: context.shop.name }),
      canonicalPath: pageHref(canonicalUrl, page),
      prevPath: page > 1 ? pageHref(canonicalUrl, page - 1) : undefined,
      nextPath: page < pages ? pageHref(canonicalUrl, page + 1) : undefined,
    },
  };
}

/** The category page. */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const trail = categoryTrail(root?.categories ?? [], loaderData.canonicalUrl);
  const crumbs =
    trail.length > 0 ? trail : [{ name: loaderData.name, url: loaderData.canonicalUrl }];
  const { products, lastPage, more, loading } = useAppendedPages(loaderData);
  const { pages, count, firstPage, canonicalUrl } = loaderData;
  return (
    <div className="page container">
      <Breadcrumbs items={crumbs} />
      <header className="list-header">
        <h1 className="list-header__title">{loaderData.name}</h1>
        {loaderData.description ? (
          <p className="list-header__description">{loaderData.description}</p>
        ) : null}
      </header>
      {loaderData.subCategories.length > 0 ? (
        <nav className="sub-categories" aria-label={t('list.subCategories')}>
          <ul className="chip-list">
            {loaderData.subCategories.map((sub) => (
              <li key={sub.id}>
                <Link to={sub.url} className="chip">
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section aria-labelledby="list-products-title" className="list-products">
        <div className="list-toolbar">
          <h2 id="list-products-title" className="list-toolbar__count">
            {t('list.count', { count })}
          </h2>
        </div>
        {firstPage > 1 ? (
          <p className="list-pager">
            <Link
              to={pageHref(canonicalUrl, firstPage - 1)}
              className="button button--secondary"
              rel="prev"
            >
              {t('list.showPrevious')}
            </Link>
          </p>
        ) : null}
        {products.length > 0 ? (
          <ProductGrid products={products} eagerCount={4} />
        ) : (
          <p className="list-empty">{t('list.empty')}</p>
        )}
        <div className="list-pager">
          <p className="list-pager__status" aria-live="polite">
            {count > 0
              ? t('list.showing', {
                  shown: Math.min(count, (firstPage - 1) * PAGE_SIZE + products.length),
                  count,
                })
              : null}
          </p>
          {lastPage < pages ? (
            <Link
              to={pageHref(canonicalUrl, lastPage + 1)}
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
  );
}

/** Loader data of the category route. */
type CategoryData = Route.ComponentProps['loaderData'];

/**
 * "Visa fler" with JavaScript: loads the next page with a fetcher and appends it, then puts
 * `?page=N` into the address (without a navigation) so reload and sharing show the same list.
 */
function useAppendedPages(data: CategoryData) {
  const fetcher = useFetcher<typeof loader>();
  const baseKey = `${data.canonicalUrl}|${data.firstPage}|${data.lastPage}`;
  const [state, setState] = useState({
    key: baseKey,
    products: [] as CardProduct[],
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
    void fetcher.load(`${data.canonicalUrl}?page=${current.lastPage + 1}&append=1`);
  };
  return {
    products: [...data.products, ...current.products],
    lastPage: current.lastPage,
    more,
    loading,
  };
}
