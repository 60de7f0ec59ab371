/**
 * How many förmånscykel applications wait for the employer (issue 27 "Dashboard"): status
 * `awaiting` in leasing.tables.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leasingApplications } from './leasing.tables.ts';

/** How many leasing applications are still awaiting the employer's answer. One statement. */
export async function countPendingLeasingApplications(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(leasingApplications)
    .where(eq(leasingApplications.status, 'awaiting'));
  return Number(row?.count ?? 0);
}
