/**
 * The product page's reviews (issue 17): one page of published reviews, newest first, with the
 * count and average (GEINS-API §3 reviews), for the page and its structured data.
 */
import type { AppLoadContext } from 'react-router';
import { ProductReviewsDocument } from '../../graphql/generated';

/** Reviews per page on the product page. */
export const REVIEWS_PER_PAGE = 5;

/** One review as the page shows it (plain text; React escapes it). */
export interface ReviewView {
  rating: number;
  comment: string;
  author: string;
  /** ISO 8601. */
  date: string;
  verifiedPurchase: boolean;
}

/** The reviews block of the product page. */
export interface ReviewsView {
  count: number;
  average: number;
  page: number;
  pages: number;
  reviews: ReviewView[];
}

/** Loads page `?recensioner=N` (default 1) of a product's published reviews; empty on failure. */
export async function loadReviews(
  context: AppLoadContext,
  alias: string,
  url: URL,
): Promise<ReviewsView> {
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get('recensioner')) || 1));
  try {
    const data = await context.api.query(ProductReviewsDocument, {
      alias,
      skip: (page - 1) * REVIEWS_PER_PAGE,
      take: REVIEWS_PER_PAGE,
    });
    const result = data.reviews;
    const count = Number(result?.count ?? 0);
    return {
      count,
      average: result?.averageRating ?? 0,
      page,
      pages: Math.max(1, Math.ceil(count / REVIEWS_PER_PAGE)),
      reviews: (result?.reviews ?? []).flatMap((r) =>
        r
          ? [
              {
                rating: r.rating,
                comment: r.comment,
                author: r.author,
                date: String(r.reviewDate),
                verifiedPurchase: r.verifiedPurchase,
              },
            ]
          : [],
      ),
    };
  } catch (error) {
    context.log.error('Product reviews could not be loaded', { error: String(error) });
    return { count: 0, average: 0, page: 1, pages: 1, reviews: [] };
  }
}
