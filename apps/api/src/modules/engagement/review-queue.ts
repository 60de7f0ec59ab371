/**
 * The size of the review moderation queue (issue 27 "Dashboard": pending reviews). The queue
 * itself is reviews.service.ts `reviewsInState`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productReviews } from './engagement.tables.ts';

/** How many reviews wait for moderation (state `pending`). One statement. */
export async function countPendingReviews(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(productReviews)
    .where(eq(productReviews.state, 'pending'));
  return Number(row?.count ?? 0);
}
