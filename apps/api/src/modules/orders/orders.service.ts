/**
 * Orders (SPEC §3 Order, §4 account order statuses; GEINS-API §4.6 OrderType, CheckoutOrderType).
 * Orders are written by the checkout's placeOrder transaction ({@link insertOrder}); afterwards
 * their status changes only through {@link ORDER_TRANSITIONS} (ARCHITECTURE convention 5).
 * Amounts are integer minor units (öre).
 */
import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { orderLines, orders, orderStatusHistory } from './orders.tables.ts';

/** An order row. */
export type OrderRecord = typeof orders.$inferSelect;
/** An order line row. */
export type OrderLineRecord = typeof orderLines.$inferSelect;
/** What {@link insertOrder} writes (id, timestamps and status are set by it). */
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'completedAt'
>;
/** A line to write (orderId and lineNo are set by {@link insertOrder}). */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'lineNo'>;

/** The four statuses (SPEC §4 "Account order statuses"). */
export type OrderStatus = 'received' | 'processing' | 'completed' | 'cancelled';

/**
 * The only allowed status changes: received -> processing -> completed; received or
 * processing -> cancelled. Completed and cancelled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ['processing', 'cancelled'],
  processing: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** True when the transitions table allows `from` -> `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** An order with its lines. */
export interface OrderView {
  order: OrderRecord;
  lines: OrderLineRecord[];
}

/**
 * Inside the placeOrder transaction: writes the order (status received), its lines and the first
 * history row. The unique `cart_id` and `idempotency_key` make a second order for the same cart
 * or key fail with a unique violation (PostgreSQL 23505), which the caller turns into "return
 * the existing order".
 */
export async function insertOrder(
  tx: Database,
  order: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<OrderRecord> {
  const [row] = await tx
    .insert(orders)
    .values({ ...order, status: 'received' })
    .returning();
  const written = row!;
  if (lines.length > 0) {
    await tx
      .insert(orderLines)
      .values(lines.map((line, i) => ({ ...line, orderId: written.id, lineNo: i + 1 })));
  }
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: written.id, fromStatus: null, toStatus: 'received', reason: 'placed' });
  return written;
}

/** The order for an idempotency key or a cart id, if one exists. One statement. */
export async function findOrderByKeyOrCart(
  db: Database,
  idempotencyKey: string,
  cartId: string,
): Promise<OrderRecord | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(or(eq(orders.idempotencyKey, idempotencyKey), eq(orders.cartId, cartId)))
    .orderBy(asc(orders.id))
    .limit(1);
  return row ?? null;
}

/** An order with lines by its id, or null. Two statements. */
export async function getOrderView(db: Database, orderId: number): Promise<OrderView | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  return { order, lines };
}

/** An order with lines by its public id (a UUID), or null. */
export async function getOrderViewByPublicId(
  db: Database,
  publicId: string,
): Promise<OrderView | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(publicId)) {
    return null;
  }
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.publicId, publicId.toLowerCase()))
    .limit(1);
  return order ? getOrderView(db, order.id) : null;
}

/**
 * A customer's orders with their lines, newest first (for `getOrders`, issue 7). Two statements.
 * @param customerId the logged-in customer's id (the caller checks the Bearer token)
 */
export async function listOrdersForCustomer(
  db: Database,
  customerId: number,
): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  return rows.map((order) => ({ order, lines: lines.filter((l) => l.orderId === order.id) }));
}

/**
 * Changes an order's status through {@link ORDER_TRANSITIONS}, locking the row (FOR UPDATE) and
 * writing a history row, in a transaction. Moving to the same status is a no-op.
 * @param onCancel runs inside the same transaction when the order is cancelled (e.g. return stock)
 * @throws ShopError NOT_FOUND for an unknown order; BAD_USER_INPUT for a transition the table
 *   does not allow (nothing is written).
 */
export async function transitionOrder(
  db: Database,
  orderId: number,
  to: OrderStatus,
  reason: string,
  onCancel?: (tx: Database, view: OrderView) => Promise<void>,
): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new ShopError('NOT_FOUND', 'Ordern finns inte');
    const from = order.status as OrderStatus;
    if (from === to) return order;
    if (!canTransition(from, to)) {
      throw new ShopError('BAD_USER_INPUT', `Ordern kan inte gå från ${from} till ${to}`, {
        from,
        to,
      });
    }
    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: new Date(),
        ...(to === 'completed' ? { completedAt: new Date() } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: from, toStatus: to, reason });
    if (to === 'cancelled' && onCancel) {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      await onCancel(tx, { order: updated!, lines });
    }
    return updated!;
  });
}

/** Marks that the order e-mail was handed to the mail transport. */
export async function markConfirmationSent(db: Database, orderId: number): Promise<void> {
  await db.update(orders).set({ confirmationSentAt: new Date() }).where(eq(orders.id, orderId));
}
