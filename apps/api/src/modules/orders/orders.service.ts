/**
 * Orders (SPEC §3 Order, §4 account order statuses; GEINS-API §4.6 OrderType, CheckoutOrderType).
 * Reading orders. Orders are written and change status only through the order process
 * (order-process.ts: placing, {@link ORDER_TRANSITIONS} and their side effects; ARCHITECTURE
 * convention 5).
 * Amounts are integer minor units (öre).
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, orderShipments } from './orders.tables.ts';

/** An order row. */
export type OrderRecord = typeof orders.$inferSelect;
/** An order line row. */
export type OrderLineRecord = typeof orderLines.$inferSelect;
/** A parcel of an order (GEINS-API §4.6 ShippingDetailType). */
export type OrderShipmentRecord = typeof orderShipments.$inferSelect;
/** What {@link placeOrderRecord} writes (id, timestamps and status are set by it). */
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'completedAt'
>;
/** A line to write (orderId and lineNo are set by {@link placeOrderRecord}). */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'lineNo'>;

/** An order with its lines. */
export interface OrderView {
  order: OrderRecord;
  lines: OrderLineRecord[];
  /** Its parcels, oldest first, when the reader loaded them (see {@link shipmentsOfOrder}). */
  shipments?: OrderShipmentRecord[];
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
 * The lines of several orders in one statement, each order's in line order; orders without
 * lines are absent from the map.
 */
export async function linesByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, OrderLineRecord[]>> {
  const byOrder = new Map<number, OrderLineRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The orders matching `where` with their lines and parcels, newest first. Three statements. */
async function listOrdersWhere(db: Database, where: SQL): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await linesByOrderIds(db, ids);
  const shipments = await db
    .select()
    .from(orderShipments)
    .where(inArray(orderShipments.orderId, ids))
    .orderBy(asc(orderShipments.id));
  return rows.map((order) => ({
    order,
    lines: lines.get(order.id) ?? [],
    shipments: shipments.filter((p) => p.orderId === order.id),
  }));
}

/**
 * A customer's orders with their lines, newest first (for `getOrders`, issue 7). Three statements.
 * @param customerId the logged-in customer's id (the caller checks the Bearer token)
 */
export async function listOrdersForCustomer(
  db: Database,
  customerId: number,
): Promise<OrderView[]> {
  return listOrdersWhere(db, eq(orders.customerId, customerId));
}

/**
 * The guest orders (no account) placed with `email` (compared in lower case), with their lines
 * and parcels, newest first (issue 40 point 5: a guest buyer is a customer by e-mail).
 */
export async function listGuestOrdersByEmail(db: Database, email: string): Promise<OrderView[]> {
  return listOrdersWhere(db, guestOrdersOf(email));
}

/** The condition "a guest order placed with `email`" (lower case). */
export function guestOrdersOf(email: string): SQL {
  return and(
    isNull(orders.customerId),
    eq(sql`lower(${orders.email})`, email.trim().toLowerCase()),
  )!;
}

/** The parcels of an order, oldest first. One statement. */
export async function shipmentsOfOrder(
  db: Database,
  orderId: number,
): Promise<OrderShipmentRecord[]> {
  return db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.id));
}
