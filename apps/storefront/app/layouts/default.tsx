/**
 * Layout route "default" (SPEC §2): top bar, header and footer around the pages. Its error
 * boundary renders 404 and other errors inside the same frame.
 */
import { Outlet } from 'react-router';
import type { Route } from './+types/default';
import { ErrorPage, ErrorPageGuard, errorTitle } from '../features/errors/error-page';
import { DefaultChrome } from '../features/layout/default-chrome';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Head of an error page rendered by this layout's boundary. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  return pageMeta(shopFromMatches(matches), {
    title: errorTitle(error),
    noindex: true,
  });
};

/** Page frame of the shop. */
export default function DefaultLayout() {
  return (
    <DefaultChrome>
      <Outlet />
    </DefaultChrome>
  );
}

/** Error pages inside the shop's frame (404 variant or generic with status). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPageGuard>
      <DefaultChrome>
        <div className="page page--narrow">
          <ErrorPage error={error} />
        </div>
      </DefaultChrome>
    </ErrorPageGuard>
  );
}
