/**
 * The product page's reviews (issue 17; SPEC §3 Review, §4 moderation, §5 rules): the average
 * and count near the name ({@link RatingSummary}), and a section with the published reviews,
 * newest first and paged (`?recensioner=N`), "Verifierat köp" when the reviewer bought the
 * product, and the form: a logged-in customer writes name, comment and 1–5 stars (all
 * required); an anonymous visitor reads "Du måste logga in för att kunna skriva en recension"
 * with a login link. Texts are rendered by React (escaped). The schema.org
 * `AggregateRating` and `Review` are part of the page's one Product JSON-LD
 * (features/product/product-json-ld.server.ts).
 */
import { useEffect, useId, useRef } from 'react';
import { Link, useFetcher, useLocation, useRouteLoaderData } from 'react-router';
import { formatScore as score, Stars } from '../../components/ui/stars';
import { formatDate, t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import type { AccountSummary } from '../account/account-summary';
import type { ReviewResult } from './review-result';
import type { ReviewsView } from './reviews.server';

/** "★★★★☆ 4,5 (2 recensioner)" near the product name; nothing without reviews. */
export function RatingSummary({ reviews }: { reviews: ReviewsView }) {
  const culture = useCulture();
  if (reviews.count === 0) return null;
  const average = score(reviews.average, culture);
  return (
    <p className="rating-summary">
      <a href="#recensioner">
        <Stars rating={reviews.average} label={t('reviews.average', { score: average })} />{' '}
        <span>
          {average} ({t('reviews.count', { count: reviews.count }, culture)})
        </span>
      </a>
    </p>
  );
}

/** The review form, or the login notice. */
function ReviewForm({ alias }: { alias: string }) {
  const root = useRouteLoaderData<{ account?: AccountSummary }>('root');
  const location = useLocation();
  const fetcher = useFetcher<ReviewResult>();
  const id = useId();
  const done = useRef<HTMLParagraphElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = result?.errors ?? {};

  useEffect(() => {
    if (!result) return;
    if (result.status === 'invalid') {
      const first = Object.keys(result.errors)[0];
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } else done.current?.focus();
  }, [result]);

  if (!root?.account?.loggedIn || result?.status === 'login') {
    const back = `${location.pathname}${location.search}#recensioner`;
    return (
      <p className="reviews__login">
        {t('reviews.loginRequired')}{' '}
        <Link to={`/account?redirectTo=${encodeURIComponent(back)}`}>{t('reviews.login')}</Link>
      </p>
    );
  }
  const message =
    result && result.status !== 'invalid' ? t(`reviews.status.${result.status}`) : null;
  if (result?.status === 'posted' || result?.status === 'duplicate') {
    return (
      <p ref={done} className="reviews__done" role="status" tabIndex={-1}>
        {message}
      </p>
    );
  }
  const describedBy = (name: keyof ReviewResult['errors']) =>
    errors[name] ? `${id}-${name}-error` : undefined;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/recension"
      className="review-form"
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t('reviews.write')}</h3>
      <input type="hidden" name="alias" value={alias} />
      <fieldset
        className="review-form__rating"
        aria-describedby={describedBy('rating')}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend>{t('reviews.rating')}</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="review-form__star">
            <input type="radio" name="rating" value={stars} required />
            {t('reviews.stars', { count: stars })}
          </label>
        ))}
      </fieldset>
      {errors.rating ? (
        <p id={`${id}-rating-error`} className="field__error" role="alert">
          {errors.rating}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-author`}>{t('reviews.author')}</label>
        <input
          id={`${id}-author`}
          name="author"
          type="text"
          autoComplete="given-name"
          maxLength={60}
          required
          aria-invalid={errors.author ? true : undefined}
          aria-describedby={describedBy('author')}
        />
        {errors.author ? (
          <p id={`${id}-author-error`} className="field__error" role="alert">
            {errors.author}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{t('reviews.comment')}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={5}
          maxLength={2000}
          required
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy('comment')}
        />
        {errors.comment ? (
          <p id={`${id}-comment-error`} className="field__error" role="alert">
            {errors.comment}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
        {t('reviews.submit')}
      </button>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The reviews section of the product page. */
export function ProductReviews({ alias, reviews }: { alias: string; reviews: ReviewsView }) {
  const culture = useCulture();
  const location = useLocation();
  const pageLink = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set('recensioner', String(page));
    return `${location.pathname}?${params.toString()}#recensioner`;
  };
  return (
    <section
      className="product-details__section reviews"
      id="recensioner"
      aria-labelledby="reviews-title"
    >
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {reviews.count === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <>
          <p className="reviews__average">
            <Stars
              rating={reviews.average}
              label={t('reviews.average', { score: score(reviews.average, culture) })}
            />{' '}
            {score(reviews.average, culture)} (
            {t('reviews.count', { count: reviews.count }, culture)})
          </p>
          <ol className="reviews__list">
            {reviews.reviews.map((review, index) => (
              <li key={`${review.date}-${index}`} className="review">
                <p className="review__head">
                  <Stars
                    rating={review.rating}
                    label={t('reviews.stars', { count: review.rating })}
                  />{' '}
                  <strong>{review.author}</strong>{' '}
                  <span className="review__date">{formatDate(review.date, culture)}</span>
                  {review.verifiedPurchase ? (
                    <span className="review__verified"> {t('reviews.verified')}</span>
                  ) : null}
                </p>
                <p className="review__comment">{review.comment}</p>
              </li>
            ))}
          </ol>
          {reviews.pages > 1 ? (
            <nav className="reviews__pages" aria-label={t('reviews.pages')}>
              {reviews.page > 1 ? (
                <Link to={pageLink(reviews.page - 1)}>{t('reviews.newer')}</Link>
              ) : null}
              <span>{t('reviews.page', { page: reviews.page, pages: reviews.pages })}</span>
              {reviews.page < reviews.pages ? (
                <Link to={pageLink(reviews.page + 1)}>{t('reviews.older')}</Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
      <ReviewForm alias={alias} />
    </section>
  );
}
