/**
 * What the engagement module holds about one person (issue 27 "Customers": the back office's
 * customer page, GDPR export and erasure): the newsletter subscription of their address with its
 * consent (GDPR Art. 7(1)), their open back-in-stock requests and their reviews, and the erasure
 * of the rows keyed by the address (reviews go with the customer row, ON DELETE CASCADE).
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  availabilitySubscriptions,
  newsletterSubscriptions,
  productReviews,
} from './engagement.tables.ts';

/** The newsletter subscription of an address: its state and the consent it was given with. */
export interface NewsletterRecord {
  /** pending (not confirmed yet), confirmed or unsubscribed. */
  state: string;
  /** Where the consent was given: footer, account or api. */
  source: string;
  tags: string[];
  /** The consent text the person agreed to. */
  consentText: string;
  /** When the person asked to subscribe. */
  consentedAt: Date;
  /** When the confirmation link was followed, or null. */
  confirmedAt: Date | null;
  /** When the subscription ended, or null. */
  unsubscribedAt: Date | null;
}

/** One back-in-stock request ("Bevaka") of an address. */
export interface AvailabilityRequestRecord {
  skuId: number;
  createdAt: Date;
  /** When the mail was queued (the request ended), or null while open. */
  notifiedAt: Date | null;
}

/** One review a customer wrote. */
export interface ReviewRecord {
  productId: number;
  author: string;
  comment: string;
  /** 1–5 stars. */
  rating: number;
  /** pending, published or rejected. */
  state: string;
  createdAt: Date;
}

/** The engagement rows of one person. */
export interface EngagementOfPerson {
  /** The subscription of the address, or null when it never signed up. */
  newsletter: NewsletterRecord | null;
  availabilityRequests: AvailabilityRequestRecord[];
  reviews: ReviewRecord[];
}

/**
 * The newsletter subscription, back-in-stock requests and reviews of a person (three
 * statements).
 * @param email the normalised address; `customerId` the account (reviews), or null for none
 */
export async function engagementOfPerson(
  db: Database,
  email: string,
  customerId: number | null,
): Promise<EngagementOfPerson> {
  const [newsletter, availabilityRequests, reviews] = await Promise.all([
    db
      .select({
        state: newsletterSubscriptions.state,
        source: newsletterSubscriptions.source,
        tags: newsletterSubscriptions.tags,
        consentText: newsletterSubscriptions.consentText,
        consentedAt: newsletterSubscriptions.consentedAt,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .limit(1),
    db
      .select({
        skuId: availabilitySubscriptions.skuId,
        createdAt: availabilitySubscriptions.createdAt,
        notifiedAt: availabilitySubscriptions.notifiedAt,
      })
      .from(availabilitySubscriptions)
      .where(eq(availabilitySubscriptions.email, email))
      .orderBy(asc(availabilitySubscriptions.id)),
    customerId === null
      ? Promise.resolve([])
      : db
          .select({
            productId: productReviews.productId,
            author: productReviews.author,
            comment: productReviews.comment,
            rating: productReviews.rating,
            state: productReviews.state,
            createdAt: productReviews.createdAt,
          })
          .from(productReviews)
          .where(eq(productReviews.customerId, customerId))
          .orderBy(asc(productReviews.id)),
  ]);
  return { newsletter: newsletter[0] ?? null, availabilityRequests, reviews };
}

/**
 * Erases the rows keyed by an address (GDPR Art. 17): its newsletter subscription with the
 * consent record (nothing is sent to the address any more, so there is no consent left to
 * prove) and its back-in-stock requests. Run it in the erasure's transaction.
 * @returns how many rows of each went
 */
export async function eraseEngagementOf(
  tx: Database,
  email: string,
): Promise<{ newsletter: number; availabilityRequests: number }> {
  const newsletter = await tx
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email))
    .returning({ id: newsletterSubscriptions.id });
  const requests = await tx
    .delete(availabilitySubscriptions)
    .where(eq(availabilitySubscriptions.email, email))
    .returning({ id: availabilitySubscriptions.id });
  return { newsletter: newsletter.length, availabilityRequests: requests.length };
}
