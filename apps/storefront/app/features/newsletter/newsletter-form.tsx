/**
 * The footer's newsletter sign-up (issue 17; GEINS-API §3 subscribeToNewsletter), for every
 * visitor: an e-mail field, the consent text the API stores with the sign-up (GDPR Art. 7), and
 * a button. It posts to `/nyhetsbrev` with a fetcher (a plain POST without JavaScript, answered
 * by `?nyhetsbrev=<status>`). Double opt-in: the answer asks the visitor to confirm through the
 * mailed link. The outcome is announced in a live region; an invalid address is an alert tied
 * to the field, which gets the focus.
 */
import { useEffect, useId, useRef } from 'react';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import { t } from '../../i18n/i18n';
import { JsFlag } from '../../components/ui/js-flag';

/** What became of a sign-up. */
export type NewsletterStatus = 'pending' | 'invalid-email' | 'rate-limited' | 'error';

const STATUSES: readonly NewsletterStatus[] = ['pending', 'invalid-email', 'rate-limited', 'error'];

/** A status from a query parameter, or null. */
export function parseNewsletterStatus(value: string | null): NewsletterStatus | null {
  return STATUSES.find((status) => status === value) ?? null;
}

/** The Swedish text of an outcome. */
export function newsletterText(status: NewsletterStatus): string {
  switch (status) {
    case 'pending':
      return t('newsletter.pending');
    case 'invalid-email':
      return t('validation.email');
    case 'rate-limited':
      return t('backInStock.rateLimited');
    default:
      return t('error.generic.text');
  }
}

/** The sign-up form. */
export function NewsletterForm({ shopName }: { shopName: string }) {
  const fetcher = useFetcher<{ status: NewsletterStatus }>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const id = useId();

  const status =
    fetcher.state === 'idle'
      ? (fetcher.data?.status ?? parseNewsletterStatus(searchParams.get('nyhetsbrev')))
      : null;
  const error = status !== null && status !== 'pending';
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.status === 'pending') done.current?.focus();
    else input.current?.focus();
  }, [fetcher.data]);

  return (
    <section aria-labelledby={`${id}-title`} className="newsletter" id="nyhetsbrev">
      <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
      <p>{t('newsletter.intro', { shop: shopName })}</p>
      {status === 'pending' ? null : (
        <fetcher.Form method="post" action="/nyhetsbrev" noValidate className="newsletter__form">
          <JsFlag />
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <label htmlFor={`${id}-email`} className="newsletter__label">
            {t('newsletter.email')}
          </label>
          <div className="newsletter__row">
            <input
              ref={input}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              className="newsletter__input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error ${id}-consent` : `${id}-consent`}
            />
            <button
              type="submit"
              className="button button--primary newsletter__button"
              disabled={fetcher.state !== 'idle'}
            >
              {t('newsletter.submit')}
            </button>
          </div>
          <p id={`${id}-consent`} className="newsletter__consent">
            {t('newsletter.consent', { shop: shopName })}
          </p>
        </fetcher.Form>
      )}
      {error ? (
        <p id={`${id}-error`} className="form-error newsletter__error" role="alert">
          {newsletterText(status)}
        </p>
      ) : null}
      <p ref={done} className="newsletter__done" role="status" tabIndex={-1}>
        {status === 'pending' ? newsletterText(status) : null}
      </p>
    </section>
  );
}
