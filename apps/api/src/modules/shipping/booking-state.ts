/**
 * A booking's state as the order process changes it (ADR 020 §5): a parcel typed by staff makes
 * the order's waiting or refused bookings `manual` (they are not made any more). Kept apart
 * from booking.service.ts so that the order process can call it without an import cycle.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderBookings } from './shipping.tables.ts';

/** Marks the queued, failed and uncertain bookings of order `orderId` manual (in `tx`). */
export async function markBookingsManual(tx: Database, orderId: number): Promise<void> {
  await tx
    .update(orderBookings)
    .set({ state: 'manual', updatedAt: new Date() })
    .where(
      and(
        eq(orderBookings.orderId, orderId),
        inArray(orderBookings.state, ['queued', 'failed', 'uncertain']),
      ),
    );
}
