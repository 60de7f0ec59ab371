/**
 * `/sok/forslag?q=…`: a resource route (JSON) behind the header's search box. With text: up to
 * 5 products (products(filter: {searchText}), RELEVANCE), categories and brands matching it;
 * without text: popular searches (counted on the server). Text is cut to 100 characters.
 */
import type { Route } from './+types/search-suggestions';
import { toSuggestions, type Suggestions } from '../features/search/suggestions';
import { PopularSearchesDocument, SearchSuggestionsDocument } from '../graphql/generated';

/** Suggestions for `?q=`, cacheable for a minute by the browser. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Response> {
  const q = (new URL(request.url).searchParams.get('q') ?? '').replace(/\s+/g, ' ').trim();
  const text = q.slice(0, 100);
  let body: Suggestions;
  if (!text) {
    const data = await context.api.query(PopularSearchesDocument, { take: 6 });
    body = {
      query: '',
      count: 0,
      products: [],
      categories: [],
      brands: [],
      popular: (data.popularSearches ?? []).map((p) => p.term),
    };
  } else {
    const data = await context.api.query(SearchSuggestionsDocument, { text, take: 5 });
    body = toSuggestions(text, data);
  }
  return Response.json(body, { headers: { 'Cache-Control': 'private, max-age=60' } });
}
