/**
 * "Bevaka" (issue 17; GEINS-API §2.3): under a sold-out size, a form that asks for one e-mail
 * when the size is back in stock. It is its own form beside the buy form (never inside it), posts
 * to `/bevaka` with a fetcher (a plain POST without JavaScript), and is prefilled with the
 * logged-in shopper's address. The outcome is announced in a live region; an invalid address is
 * an alert tied to the field, which gets the focus.
 */
import { useEffect, useId, useRef } from 'react';
import { useFetcher, useLocation, useRouteLoaderData, useSearchParams } from 'react-router';
import { t } from '../../i18n/i18n';
import type { AccountSummary } from '../account/account-summary';
import {
  backInStockText,
  isBackInStockError,
  parseBackInStockStatus,
  type BackInStockResult,
} from './back-in-stock';
import type { SizeOption } from './product-view';
import { JsFlag } from '../../components/ui/js-flag';

/** The back-in-stock form of one sold-out size. */
export function BackInStockForm({ option }: { option: SizeOption }) {
  const fetcher = useFetcher<BackInStockResult>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const root = useRouteLoaderData<{ account?: AccountSummary }>('root');
  const email = root?.account?.loggedIn ? root.account.email : '';
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const fieldId = `${id}-email`;
  const messageId = `${id}-message`;

  // The answer of the last post: the fetcher's, or after a plain post the redirect's parameters.
  const fromQuery =
    searchParams.get('bevakaSku') === String(option.id)
      ? parseBackInStockStatus(searchParams.get('bevaka'))
      : null;
  const fetched = fetcher.data?.skuId === option.id ? fetcher.data.status : null;
  const status = fetcher.state === 'idle' ? (fetched ?? fromQuery) : null;
  const error = status !== null && isBackInStockError(status);
  const finished = status === 'subscribed' || status === 'in-stock';

  // After an answer the focus goes where the shopper reads on: the field with the error, or the
  // confirmation (the form, and the button that had the focus, are gone then).
  useEffect(() => {
    if (!fetcher.data) return;
    if (error) input.current?.focus();
    else if (finished) done.current?.focus();
  }, [error, finished, fetcher.data]);

  const intro = option.name
    ? t('backInStock.introSize', { size: option.name })
    : t('backInStock.intro');
  return (
    <section className="back-in-stock" id="bevaka" aria-labelledby={`${id}-title`}>
      <h2 className="back-in-stock__title" id={`${id}-title`}>
        {t('backInStock.title')}
      </h2>
      <p className="back-in-stock__intro">{intro}</p>
      {finished ? null : (
        <fetcher.Form method="post" action="/bevaka" className="back-in-stock__form" noValidate>
          <input type="hidden" name="skuId" value={option.id} />
          <JsFlag />
          <input type="hidden" name="returnTo" value={location.pathname} />
          <label htmlFor={fieldId} className="back-in-stock__label">
            {t('backInStock.email')}
          </label>
          <div className="back-in-stock__row">
            <input
              ref={input}
              id={fieldId}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              defaultValue={email}
              className="back-in-stock__input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
            />
            <button
              type="submit"
              className="button button--secondary back-in-stock__button"
              disabled={fetcher.state !== 'idle'}
            >
              {fetcher.state !== 'idle' ? t('backInStock.sending') : t('backInStock.submit')}
            </button>
          </div>
        </fetcher.Form>
      )}
      {error ? (
        <p id={messageId} className="form-error back-in-stock__error" role="alert">
          {backInStockText(status)}
        </p>
      ) : null}
      <p ref={done} className="back-in-stock__done" role="status" tabIndex={-1}>
        {finished ? backInStockText(status) : null}
      </p>
    </section>
  );
}
