/**
 * Engagement (issue 17): back-in-stock requests ("Bevaka", GEINS-API §2.3
 * `monitorProductAvailability`), newsletter subscriptions with double opt-in
 * (`subscribeToNewsletter`) and product reviews with moderation (`postProductReview`, `reviews`).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { products, skus } from '../catalog/catalog.tables.ts';
import { customers } from '../customers/customers.tables.ts';

/**
 * One open "tell me when this size is back" request of an e-mail address for a SKU. Open while
 * `notified_at` is null; the restock scan sets it in the transaction that enqueues the mail job,
 * and the job deletes the row once the mail went out (the request has ended). Unique per
 * (sku, address): a second submission changes nothing.
 */
export const availabilitySubscriptions = pgTable(
  'availability_subscriptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    /** Lower-case address the mail goes to. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the restock scan queued the mail (the request is no longer open). */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('availability_subscriptions_sku_email').on(t.skuId, t.email),
    // The restock scan's look-up: open requests by SKU.
    index('availability_subscriptions_open')
      .on(t.skuId)
      .where(sql`${t.notifiedAt} is null`),
    index('availability_subscriptions_email').on(t.email),
  ],
);

/** Newsletter subscription states: waiting for the confirmation link, confirmed, ended. */
export const NEWSLETTER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * One newsletter subscription per address (footer form and the account's checkbox share it).
 * Only `confirmed` rows count (double opt-in); `consent_text` and `consented_at` record what the
 * person agreed to and when (GDPR Art. 7(1)).
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull().unique(),
    state: text({ enum: NEWSLETTER_STATES }).notNull().default('pending'),
    /** Interest tags sent with the sign-up (`subscribeToNewsletter(tags)`). */
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where the consent was given: `footer`, `account`, `api`. */
    source: text().notNull(),
    /** The consent text shown to the person when they signed up. */
    consentText: text().notNull(),
    /** When the person asked to subscribe (the consent). */
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the confirmation link was followed. */
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'newsletter_subscriptions_state',
      sql`${t.state} in ('pending', 'confirmed', 'unsubscribed')`,
    ),
  ],
);

/** Review states: waiting for moderation, shown, refused. */
export const REVIEW_STATES = ['pending', 'published', 'rejected'] as const;

/**
 * A customer's review of a product (SPEC §3 Review: name, comment, star rating; §4 reviews go
 * to acceptance first). One per customer and product.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The name shown with the review. */
    author: text().notNull(),
    comment: text().notNull(),
    /** 1–5 stars. */
    rating: smallint().notNull(),
    state: text({ enum: REVIEW_STATES }).notNull().default('pending'),
    /** The customer had an order with this product when writing ("Verifierat köp"). */
    verifiedPurchase: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp({ withTimezone: true }),
    /** Why a review was rejected (written by staff in the back office; null otherwise). */
    moderationReason: text(),
  },
  (t) => [
    unique('product_reviews_product_customer').on(t.productId, t.customerId),
    check('product_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('product_reviews_state', sql`${t.state} in ('pending', 'published', 'rejected')`),
    index('product_reviews_published')
      .on(t.productId, t.createdAt)
      .where(sql`${t.state} = 'published'`),
  ],
);
