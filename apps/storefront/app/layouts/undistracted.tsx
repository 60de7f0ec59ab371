/**
 * Layout route "undistracted" (SPEC §2, checkout-like): logo only. No page uses it yet; the
 * checkout (a later issue) will be nested under it in routes.ts.
 */
import { Outlet } from 'react-router';
import { ErrorPage, ErrorPageGuard } from '../features/errors/error-page';
import { UndistractedChrome } from '../features/layout/undistracted-chrome';

/** Page frame without distractions. */
export default function UndistractedLayout() {
  return (
    <UndistractedChrome>
      <Outlet />
    </UndistractedChrome>
  );
}

/** Error pages inside the undistracted frame. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard>
      <UndistractedChrome>
        <div className="page page--narrow">
          <ErrorPage error={error} />
        </div>
      </UndistractedChrome>
    </ErrorPageGuard>
  );
}
