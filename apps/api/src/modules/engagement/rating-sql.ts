/**
 * SQL forms of a product's rating from its published reviews (issue 17), for statements of
 * other modules that order by it (the VOTES list sort, catalog/list-conditions.ts). The same
 * rule as `ratingsByProductIds` in reviews.service.ts: only `published` reviews count.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { productReviews } from './engagement.tables.ts';

/** Average stars (1–5, not rounded) of the product's published reviews; null without any. */
export function averageRatingSql(productId: AnyColumn): SQL<number | null> {
  return sql<number | null>`(select avg(${productReviews.rating}) from ${productReviews}
    where ${productReviews.productId} = ${productId} and ${productReviews.state} = 'published')`;
}

/** Number of the product's published reviews (0 without any). */
export function voteCountSql(productId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*) from ${productReviews}
    where ${productReviews.productId} = ${productId} and ${productReviews.state} = 'published')`;
}
