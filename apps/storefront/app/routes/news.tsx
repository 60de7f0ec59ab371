/**
 * New items: `/nyheter` (SPEC §2; GEINS-API §2.4, default sort LATEST): the products first
 * available within the API's news window (NEWS_WINDOW_DAYS, the list `/l/nyheter`; issue 14),
 * not the whole catalogue.
 */
import type { Route } from './+types/news';
import { loadListPage } from '../features/list/list-page.server';
import { ListView } from '../features/list/list-view';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Title, description and canonical. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** The news list, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListPage(request, context, {
    kind: 'all',
    title: t('news.title'),
    description: t('news.description'),
    url: '/l/nyheter',
  });
}

/** The news page. */
export default function NewsPage({ loaderData }: Route.ComponentProps) {
  return <ListView data={loaderData} crumbs={[{ name: loaderData.name, url: loaderData.path }]} />;
}
