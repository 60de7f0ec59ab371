/**
 * Error pages (SPEC §2 "Error page", §8): a 404 variant for status 404 ("Sidan kunde inte
 * hittas" – 'This page could not be found'), a 503 variant when the shop is briefly unavailable
 * (issue 28: the database is gone; "Försök igen" reloads the page), otherwise a generic page
 * with the error's status or 500; and a guard whose fallback ('An error occurred while showing the error page') keeps a link
 * home when the error page itself fails.
 */
import { Component, type ReactNode } from 'react';
import { Link, isRouteErrorResponse, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';

/** The HTTP status of a caught error: a thrown response's status, else 500 (SPEC §8). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The error page for a caught route error. */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  if (status === 404) return <NotFoundContent />;
  if (status === 503) return <UnavailableContent />;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">{t('error.status', { status })}</p>
      <h1 id="error-title">{t('error.generic.title')}</h1>
      <p>{t('error.generic.text')}</p>
      <p>
        <Link className="button button--primary" to="/">
          {t('error.home')}
        </Link>
      </p>
    </section>
  );
}

/** The 404 page content ('This page could not be found'). */
export function NotFoundContent() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">404</p>
      <h1 id="error-title">{t('error.notFound.title')}</h1>
      <p>{t('error.notFound.text')}</p>
      <p>
        <Link className="button button--primary" to="/">
          {t('error.home')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The 503 page content (issue 28): the shop is briefly unavailable; "Försök igen" loads the same
 * address again as a full page load. Needs no data from the API.
 */
export function UnavailableContent() {
  const location = useLocation();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">503</p>
      <h1 id="error-title">{t('error.unavailable.title')}</h1>
      <p>{t('error.unavailable.text')}</p>
      <p>
        <Link
          className="button button--primary"
          to={{ pathname: location.pathname, search: location.search }}
          reloadDocument
        >
          {t('error.retry')}
        </Link>
      </p>
    </section>
  );
}

/** The title of an error page for `error` (404, 503 or the generic one). */
export function errorTitle(error: unknown): string {
  const status = errorStatus(error);
  return t(
    status === 404
      ? 'error.notFound.title'
      : status === 503
        ? 'error.unavailable.title'
        : 'error.generic.title',
  );
}

/** The fallback when rendering the error page fails. */
export function ErrorPageFallback() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{t('error.fallback')}</h1>
      <p>
        <a href="/">{t('error.home')}</a>
      </p>
    </section>
  );
}

/**
 * Catches errors thrown while rendering an error page and shows {@link ErrorPageFallback}
 * instead (React needs a class component for this).
 */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children;
  }
}
