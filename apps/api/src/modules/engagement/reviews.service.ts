/**
 * Product reviews with moderation (issue 17; GEINS-API §3 `reviews(alias, skip, take)`,
 * `postProductReview(alias, rating, comment, author)`; SPEC §3 Review, §4 "Reviews go to
 * acceptance and are published later", §5 all fields and a star rating, login required).
 *
 * A logged-in customer writes one review per product; it waits as `pending` until an operator
 * publishes or rejects it (`npm run reviews -w apps/api`, until the back office exists). Only
 * published reviews are listed and counted in `ProductType.rating`. Texts are stored as typed
 * (plain text); clients escape them when rendering.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badUserInput, ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { products } from '../catalog/catalog.tables.ts';
import { orderLines, orders } from '../orders/orders.tables.ts';
import { takeAttempt } from '../rate-limits/rate-limits.service.ts';
import { productReviews, type REVIEW_STATES } from './engagement.tables.ts';

/** Longest author name, in characters. */
export const AUTHOR_MAX = 60;
/** Longest comment, in characters. */
export const COMMENT_MAX = 2000;
/** Reviews one customer may post per hour (all products). */
export const REVIEWS_PER_HOUR = 5;
/** Most reviews one `reviews` call returns. */
export const REVIEWS_TAKE_MAX = 100;

/** A review state. */
export type ReviewState = (typeof REVIEW_STATES)[number];

/** What {@link postProductReview} takes (GEINS-API §3). */
export interface ReviewInput {
  alias: string;
  rating?: number | null | undefined;
  comment?: string | null | undefined;
  author: string;
}

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1).max(max));

/** The active product of an alias. @throws ShopError NOT_FOUND */
async function productByAlias(db: Database, alias: string): Promise<{ id: number }> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.alias, alias), eq(products.active, true)));
  if (!product) throw new ShopError('NOT_FOUND', 'Product not found', { argument: 'alias' });
  return product;
}

/**
 * Stores a customer's review as `pending` (published after moderation). "Verifierat köp" is
 * recorded when the customer has a non-cancelled order with the product.
 * @returns true
 * @throws ShopError NOT_FOUND (alias), BAD_USER_INPUT (rating not 1–5, author 1–{@link
 *   AUTHOR_MAX} or comment 1–{@link COMMENT_MAX} characters; `extensions.argument`; already
 *   reviewed: `extensions.reason` "already-reviewed"), RATE_LIMITED ({@link REVIEWS_PER_HOUR})
 */
export async function postProductReview(
  db: Database,
  customerId: number,
  input: ReviewInput,
  now: Date,
): Promise<boolean> {
  const rating = input.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw badUserInput('rating must be a whole number from 1 to 5', 'rating');
  }
  const author = text(AUTHOR_MAX).safeParse(input.author ?? '');
  if (!author.success) {
    throw badUserInput(`author is required (at most ${AUTHOR_MAX} characters)`, 'author');
  }
  const comment = text(COMMENT_MAX).safeParse(input.comment ?? '');
  if (!comment.success) {
    throw badUserInput(`comment is required (at most ${COMMENT_MAX} characters)`, 'comment');
  }
  const product = await productByAlias(db, input.alias);
  const attempt = await takeAttempt(
    db,
    [{ key: `review-customer:${customerId}`, limit: REVIEWS_PER_HOUR, windowSeconds: 3600 }],
    now,
  );
  if (!attempt.allowed) {
    throw new ShopError('RATE_LIMITED', 'Too many reviews; try again later', {
      retryAfter: attempt.retryAfterSeconds,
    });
  }
  const bought = db
    .select({ one: sql`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orderLines.productId, product.id),
        sql`${orders.status} <> 'cancelled'`,
      ),
    );
  const rows = await db
    .insert(productReviews)
    .values({
      productId: product.id,
      customerId,
      author: author.data,
      comment: comment.data,
      rating,
      verifiedPurchase: sql`exists (${bought})`,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: productReviews.id });
  if (rows.length === 0) {
    throw new ShopError('BAD_USER_INPUT', 'You have already reviewed this product', {
      argument: 'alias',
      reason: 'already-reviewed',
    });
  }
  return true;
}

/** One published review (`ProductReviewType`). */
export interface PublishedReview {
  rating: number;
  comment: string;
  author: string;
  reviewDate: Date;
  verifiedPurchase: boolean;
}

/** A page of published reviews (`ProductReviewResultType`). */
export interface ReviewPage {
  /** Published reviews of the product in all. */
  count: number;
  /** Their average rating (0 when there are none). */
  averageRating: number;
  /** The page, newest first. */
  reviews: PublishedReview[];
}

/**
 * The published reviews of a product, newest first (GEINS-API §5.1 offset paging).
 * @param skip reviews to skip (>= 0); @param take page size (0–{@link REVIEWS_TAKE_MAX})
 * @throws ShopError NOT_FOUND (alias), BAD_USER_INPUT (skip, take)
 */
export async function listReviews(
  db: Database,
  alias: string,
  skip: number,
  take: number,
): Promise<ReviewPage> {
  if (!Number.isInteger(skip) || skip < 0) throw badUserInput('skip must be >= 0', 'skip');
  if (!Number.isInteger(take) || take < 0 || take > REVIEWS_TAKE_MAX) {
    throw badUserInput(`take must be from 0 to ${REVIEWS_TAKE_MAX}`, 'take');
  }
  const product = await productByAlias(db, alias);
  const published = and(
    eq(productReviews.productId, product.id),
    eq(productReviews.state, 'published'),
  );
  const [totals] = await db
    .select({ count: count(), average: sql<string | null>`avg(${productReviews.rating})` })
    .from(productReviews)
    .where(published);
  const page =
    take === 0
      ? []
      : await db
          .select({
            rating: productReviews.rating,
            comment: productReviews.comment,
            author: productReviews.author,
            reviewDate: productReviews.createdAt,
            verifiedPurchase: productReviews.verifiedPurchase,
          })
          .from(productReviews)
          .where(published)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .offset(skip)
          .limit(take);
  return {
    count: Number(totals?.count ?? 0),
    averageRating: roundRating(Number(totals?.average ?? 0)),
    reviews: page,
  };
}

/** An average rounded to one decimal (4.333… → 4.3). */
function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

/** `RatingType`: the average of the published reviews and their number. */
export interface Rating {
  /** Average stars, one decimal. */
  score: number;
  voteCount: number;
}

/**
 * The ratings of products from their published reviews, in the order of `productIds` (null for
 * a product without published reviews). One statement (a DataLoader batch).
 */
export async function ratingsByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Array<Rating | null>> {
  const rows = await db
    .select({
      productId: productReviews.productId,
      votes: count(),
      average: sql<string>`avg(${productReviews.rating})`,
    })
    .from(productReviews)
    .where(
      and(
        inArray(productReviews.productId, [...productIds]),
        eq(productReviews.state, 'published'),
      ),
    )
    .groupBy(productReviews.productId);
  const byId = new Map(
    rows.map((r) => [r.productId, { score: roundRating(Number(r.average)), voteCount: r.votes }]),
  );
  return productIds.map((id) => byId.get(id) ?? null);
}

/** A review as the moderation queue (CLI and back office) lists it. */
export interface ModerationItem {
  id: number;
  /** The product's alias (its page is `/p/{alias}` in the storefront's routes). */
  product: string;
  productName: string;
  author: string;
  rating: number;
  comment: string;
  state: ReviewState;
  verifiedPurchase: boolean;
  createdAt: Date;
  /** When staff (or the CLI) last published or rejected it; null while pending. */
  moderatedAt: Date | null;
  /** Why it was rejected; null otherwise. */
  moderationReason: string | null;
}

const moderationColumns = {
  id: productReviews.id,
  product: products.alias,
  productName: products.name,
  author: productReviews.author,
  rating: productReviews.rating,
  comment: productReviews.comment,
  state: productReviews.state,
  verifiedPurchase: productReviews.verifiedPurchase,
  createdAt: productReviews.createdAt,
  moderatedAt: productReviews.moderatedAt,
  moderationReason: productReviews.moderationReason,
};

/** Most reviews one page of the moderation queue holds. */
export const MODERATION_TAKE_MAX = 200;

/**
 * Reviews in a state (default pending), oldest first (the moderation queue: the longest waiting
 * first). `skip`/`take` page it (take at most {@link MODERATION_TAKE_MAX}; default all of them).
 */
export async function reviewsInState(
  db: Database,
  state: ReviewState = 'pending',
  page: { skip?: number; take?: number } = {},
): Promise<ModerationItem[]> {
  const query = db
    .select(moderationColumns)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.state, state))
    .orderBy(productReviews.createdAt, productReviews.id)
    .offset(page.skip ?? 0);
  return page.take === undefined ? query : query.limit(page.take);
}

/** The number of reviews in each state (every state present, 0 when none). */
export async function reviewCountsByState(db: Database): Promise<Record<ReviewState, number>> {
  const rows = await db
    .select({ state: productReviews.state, n: count() })
    .from(productReviews)
    .groupBy(productReviews.state);
  const counts: Record<ReviewState, number> = { pending: 0, published: 0, rejected: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** Longest rejection reason, in characters. */
export const MODERATION_REASON_MAX = 500;

/**
 * A moderation decision as the back office sends it: publish, or reject with a reason (1–{@link
 * MODERATION_REASON_MAX} characters, required for a rejection; Swedish messages for staff).
 */
export const reviewModerationSchema = z
  .object({
    id: z.number().int().positive(),
    state: z.enum(['published', 'rejected'], 'Välj publicera eller avvisa.'),
    reason: z
      .string()
      .trim()
      .max(MODERATION_REASON_MAX, `Skälet får vara högst ${MODERATION_REASON_MAX} tecken.`)
      .nullish(),
  })
  .refine((input) => input.state !== 'rejected' || (input.reason ?? '') !== '', {
    message: 'Skriv varför recensionen avvisas.',
    path: ['reason'],
  });

/** Who moderates and why (the audit entry's actor; the CLI passes none: the system). */
export interface ModerationOptions {
  actor?: AuditActor | undefined;
  /** Why a review is rejected (stored with it; cleared when published). */
  reason?: string | null | undefined;
}

/**
 * Publishes or rejects a review (moderation; SPEC §4): only published reviews are listed and
 * counted in the product's rating. In one transaction the row is locked, changed and the audit
 * entry `review.publish`/`review.reject` written with the state before and after. Publishing
 * clears a former rejection reason.
 * @returns the review after the change, or null when no review has that id
 */
export async function moderateReview(
  db: Database,
  id: number,
  state: 'published' | 'rejected',
  now: Date,
  options: ModerationOptions = {},
): Promise<ModerationItem | null> {
  const reason = state === 'rejected' ? options.reason?.trim() || null : null;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(moderationColumns)
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(eq(productReviews.id, id))
      .for('update', { of: productReviews });
    if (!before) return null;
    await tx
      .update(productReviews)
      .set({ state, moderatedAt: now, moderationReason: reason })
      .where(eq(productReviews.id, id));
    const after: ModerationItem = { ...before, state, moderatedAt: now, moderationReason: reason };
    const summary = (r: ModerationItem) => ({
      product: r.product,
      author: r.author,
      rating: r.rating,
      state: r.state,
      moderationReason: r.moderationReason,
    });
    await recordAudit(tx, {
      actor: options.actor ?? { staffUserId: null, staffEmail: null },
      action: state === 'published' ? 'review.publish' : 'review.reject',
      entityType: 'review',
      entityId: id,
      before: summary(before),
      after: summary(after),
      at: now,
    });
    return after;
  });
}
