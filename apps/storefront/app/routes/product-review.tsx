/**
 * `/recension` (issue 17): the action of the product page's review form (GEINS-API §3
 * postProductReview). SPEC §5: all fields and a star rating, login required. Answers
 * `{status, errors}` as JSON to the form's fetcher.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/product-review';
import { PostProductReviewDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import type { ReviewResult } from '../features/reviews/review-result';

/** Nothing to show at this address: back to the start page. */
export function loader() {
  return redirect('/');
}

/** Checks the fields, then posts the review as the logged-in customer. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const alias = text('alias');
  const author = text('author');
  const comment = text('comment');
  const rating = Number(form.get('rating'));
  const answer = (result: ReviewResult) =>
    Response.json(result, { headers: { 'cache-control': 'no-store' } });
  if (!context.account.session.token) return answer({ status: 'login', errors: {} });
  const errors: ReviewResult['errors'] = {};
  const required = t('validation.required');
  if (!author) errors.author = required;
  else if (author.length > 60) errors.author = t('reviews.tooLong', { max: 60 });
  if (!comment) errors.comment = required;
  else if (comment.length > 2000) errors.comment = t('reviews.tooLong', { max: 2000 });
  if (!(Number.isInteger(rating) && rating >= 1 && rating <= 5))
    errors.rating = t('reviews.ratingRequired');
  if (Object.keys(errors).length > 0) return answer({ status: 'invalid', errors });
  const result = await context.api.attempt(PostProductReviewDocument, {
    alias,
    author,
    comment,
    rating,
  });
  const error = result.errors[0];
  if (!error && result.data?.postProductReview) return answer({ status: 'posted', errors: {} });
  if (error?.code === 'UNAUTHENTICATED') return answer({ status: 'login', errors: {} });
  if (error?.code === 'RATE_LIMITED') return answer({ status: 'rate-limited', errors: {} });
  if (error?.extensions.reason === 'already-reviewed') {
    return answer({ status: 'duplicate', errors: {} });
  }
  context.log.error('Posting a review failed', { code: error?.code ?? null });
  return answer({ status: 'error', errors: {} });
}
