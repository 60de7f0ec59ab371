/** Brand list: `/b/{brand+}` (SPEC §2), the shared list page scoped by brandAlias. */
import type { Route } from './+types/brand';
import { loadListPage, notFound } from '../features/list/list-page.server';
import { ListView } from '../features/list/list-view';
import { t } from '../i18n/i18n';
import { appUrl } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { pathSegments } from '../routing/paths';

/** Title, description and canonical. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** The brand's page info and products (last path segment = brand alias). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const alias = pathSegments(url.pathname).slice(1).at(-1);
  if (!alias) throw notFound(url.pathname);
  return loadListPage(request, context, { kind: 'brand', alias });
}

/** The brand page. */
export default function BrandPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListView
      data={loaderData}
      crumbs={[
        { name: t('brands.title'), url: '/varumarken' },
        { name: loaderData.name, url: loaderData.path },
      ]}
    />
  );
}
