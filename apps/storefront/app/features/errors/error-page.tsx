/**
 * Error pages (SPEC §2 "Error page", §8): a 404 variant for status 404 ("Sidan kunde inte
 * hittas" – 'This page could not be found'), otherwise a generic page with the error's status or
 * 500; and a guard whose fallback ('An error occurred while showing the error page') keeps a link
 * home when the error page itself fails.
 */
import { Component, type ReactNode } from 'react';
import { Link, isRouteErrorResponse } from 'react-router';
import { t } from '../../i18n/i18n';

/** The HTTP status of a caught error: a thrown response's status, else 500 (SPEC §8). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The error page for a caught route error. */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  if (status === 404) return <NotFoundContent />;
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
