/**
 * Category list: `/c/{category}` and `/c/(.*)/{category}` (SPEC §2), rendered by the shared list
 * page (features/list): listPageInfo by url (null or id 0 means 404; another path than
 * canonicalUrl redirects with 301), products(categoryAlias = last segment) with the URL
 * selection and facets.
 */
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/category';
import { categoryTrail } from '../features/layout/category-tree';
import { loadListPage, notFound } from '../features/list/list-page.server';
import { ListView } from '../features/list/list-view';
import type { RootData } from '../root';
import { appUrl } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { categoryFromPath, normalizePath } from '../routing/paths';

/** Title, description, canonical (with ?page=N) and rel=prev/next. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** The category's page info and the products of `?page=N` with the selection. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const category = categoryFromPath(url.pathname);
  if (!category || category.kind !== 'c') throw notFound(url.pathname);
  return loadListPage(request, context, {
    kind: 'category',
    url: normalizePath(url.pathname),
    alias: category.alias,
  });
}

/** The category page. */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const trail = categoryTrail(root?.categories ?? [], loaderData.path);
  return (
    <ListView
      data={loaderData}
      crumbs={trail.length > 0 ? trail : [{ name: loaderData.name, url: loaderData.path }]}
    />
  );
}
