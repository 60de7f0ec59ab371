/**
 * Search: `/s/{search}` (SPEC §2; GEINS-API §2.4: products(filter.searchText = term), default
 * sort RELEVANCE, with facets, no listPageInfo). Page 1 of a search counts it for popular
 * searches (recordSearch). No hits: a clear page with popular searches and the categories.
 */
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/search';
import { loadListPage } from '../features/list/list-page.server';
import { ListView } from '../features/list/list-view';
import { PopularSearchesDocument, RecordSearchDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import type { RootData } from '../root';
import { appUrl } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { searchPath } from '../routing/paths';

/** The longest search term used (longer text is cut; the API accepts 256). */
export const MAX_TERM = 100;

/** Title "Sökresultat för …", never indexed. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** The products for the term with facets; popular searches when nothing was found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const term = (params.search ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TERM);
  const data = await loadListPage(request, context, { kind: 'search', term });
  const url = appUrl(request, context.market.basename);
  if (data.page === 1 && !data.filtered && url.searchParams.get('append') !== '1' && term) {
    try {
      await context.api.mutate(RecordSearchDocument, { term, hits: data.count });
    } catch {
      // Counting popular searches must never break the search page.
    }
  }
  const popular =
    data.count === 0
      ? ((await context.api.query(PopularSearchesDocument, { take: 8 })).popularSearches ?? [])
          .map((p) => p.term)
          .filter((p) => p !== term.toLowerCase())
      : [];
  return { ...data, popular };
}

/** The search page. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const empty = loaderData.count === 0 && !loaderData.filtered;
  const intro = empty ? (
    <section className="no-results" aria-labelledby="no-results-title">
      <h2 id="no-results-title" className="no-results__title">
        {t('search.noResults', { term: loaderData.searchTerm ?? '' })}
      </h2>
      <p>{t('search.noResultsHelp')}</p>
      {loaderData.popular.length > 0 ? (
        <>
          <h3 className="no-results__subtitle">{t('search.popular')}</h3>
          <ul className="chip-list">
            {loaderData.popular.map((term) => (
              <li key={term}>
                <Link className="chip" to={searchPath(term)}>
                  {term}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="no-results__subtitle">{t('search.categories')}</h3>
      <ul className="chip-list">
        {(root?.categories ?? []).map((category) => (
          <li key={category.id}>
            <Link className="chip" to={category.url}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  ) : null;
  return (
    <ListView
      data={loaderData}
      crumbs={[{ name: loaderData.name, url: loaderData.path }]}
      intro={intro}
      hideEmpty={empty}
    />
  );
}
