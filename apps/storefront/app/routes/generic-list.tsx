/**
 * Generic list: `/l/*` (SPEC §2), e.g. `/l/rea`, `/l/nyheter`, `/l/i-lager`, `/l/mest-salda`
 * (the API's lists, products(url)); an unknown list is a 404.
 */
import type { Route } from './+types/generic-list';
import { loadListPage, notFound } from '../features/list/list-page.server';
import { ListView } from '../features/list/list-view';
import { appUrl } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { pathSegments } from '../routing/paths';

/** Title, description and canonical. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** The list's page info and products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const alias = pathSegments(url.pathname).slice(1).at(-1);
  if (!alias) throw notFound(url.pathname);
  return loadListPage(request, context, { kind: 'list', alias });
}

/** The generic list page. */
export default function GenericListPage({ loaderData }: Route.ComponentProps) {
  return <ListView data={loaderData} crumbs={[{ name: loaderData.name, url: loaderData.path }]} />;
}
