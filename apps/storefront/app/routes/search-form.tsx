/**
 * `/s?q=term`: the header's search form without JavaScript lands here and is sent on to
 * `/s/{term}` (SPEC §2 search route; the search page itself comes in a later issue).
 */
import { redirect } from 'react-router';
import type { Route } from './+types/search-form';
import { searchPath } from '../routing/paths';

/** Redirects to the search page of the term, or home without a term. */
export function loader({ request }: Route.LoaderArgs): Response {
  const term = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return redirect(term ? searchPath(term) : '/', 303);
}
