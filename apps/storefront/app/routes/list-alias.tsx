/**
 * `/list/{alias}` (SPEC §2: /list/{category?}, /list/{brand?}, /list/{discountCampaign?},
 * /list/{list?}, /list/{search?}): a category, brand, campaign or generic list with that alias
 * is redirected to its own path (301); anything else is searched for.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/list-alias';
import { loadListPage } from '../features/list/list-page.server';
import { searchPath } from '../routing/paths';

/** Redirects to the list page of the alias, or to its search page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const alias = (params.alias ?? '').trim();
  if (!alias) throw redirect('/', 302);
  try {
    await loadListPage(request, context, { kind: 'lookup', alias });
  } catch (error) {
    if (error instanceof Response && error.status === 404) {
      throw redirect(searchPath(alias), 302);
    }
    throw error;
  }
  throw redirect(searchPath(alias), 302);
}
