/**
 * `/preview-widgets?loginToken=…&alias=…` (issue 16; SPEC §2 widget preview, GEINS-API §2.4): an
 * editor's view of a content page, or of the start page without `alias`, with drafts. The
 * loginToken is a preview token (the back office's staff link, or `npm run content -w apps/api --
 * preview-token`) sent as Bearer; without a valid one the page answers 403. Never indexed, never
 * cached.
 */
import type { Route } from './+types/preview-widgets';
import { ContentPage } from '../features/content/content-page';
import { loadWidgetArea } from '../features/content/widget-area.server';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { FRONTPAGE } from './home';

/** "Förhandsgranskning", noindex. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: 'Förhandsgranskning', noindex: true });

/** No caching of drafts. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** The previewed area. @throws Response 403 without a valid token, 404 for an unknown alias. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('loginToken') ?? '';
  if (token === '') throw new Response('Forbidden', { status: 403, statusText: 'Forbidden' });
  const alias = url.searchParams.get('alias') ?? '';
  const area = await loadWidgetArea(
    context,
    alias ? { alias, previewToken: token } : { ...FRONTPAGE, previewToken: token },
  );
  if (!area) throw Response.json({ message: 'Page not found' }, { status: 404 });
  return { area };
}

/** The preview. */
export default function PreviewWidgets({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      area={loaderData.area}
      notice={
        <p className="container preview-notice" role="status">
          Förhandsgranskning: utkast visas.
        </p>
      }
    />
  );
}
