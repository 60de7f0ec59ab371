/**
 * Discount campaign list: `/dc/{discountCampaign+}` (SPEC §2), the shared list page scoped by
 * discountCampaignAlias (only an active campaign has products); default sort: biggest discount.
 */
import type { Route } from './+types/campaign';
import { loadListPage, notFound } from '../features/list/list-page.server';
import { ListView } from '../features/list/list-view';
import { appUrl } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { pathSegments } from '../routing/paths';

/** Title, description and canonical. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** The campaign's page info and products (last path segment = campaign alias). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const alias = pathSegments(url.pathname).slice(1).at(-1);
  if (!alias) throw notFound(url.pathname);
  return loadListPage(request, context, { kind: 'campaign', alias });
}

/** The campaign page. */
export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  return <ListView data={loaderData} crumbs={[{ name: loaderData.name, url: loaderData.path }]} />;
}
