/**
 * Orders (SPEC §3 Order, §4 account order statuses; GEINS-API §4.6 OrderType, CheckoutOrderType).
 * Orders are written by the checkout's placeOrder transaction ({@link insertOrder}); afterwards
 * their status changes only through {@link ORDER_TRANSITIONS} (ARCHITECTURE convention 5).
 * Amounts are integer minor units (öre).
 */
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { trackingUrlTemplateOf } from '../shipping/shipping.service.ts';
import { orderLines, orders, orderShipments, orderStatusHistory } from './orders.tables.ts';

/** An order row. */
export type OrderRecord = typeof orders.$inferSelect;
/** An order line row. */
export type OrderLineRecord = typeof orderLines.$inferSelect;
/** A parcel of an order (GEINS-API §4.6 ShippingDetailType). */
export type OrderShipmentRecord = typeof orderShipments.$inferSelect;
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
  /** Its parcels, oldest first, when the reader loaded them (see {@link shipmentsOfOrder}). */
  shipments?: OrderShipmentRecord[];
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
  const shipments = await db
    .select()
    .from(orderShipments)
    .where(
      inArray(
        orderShipments.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderShipments.id));
  return rows.map((order) => ({
    order,
    lines: lines.filter((l) => l.orderId === order.id),
    shipments: shipments.filter((p) => p.orderId === order.id),
  }));
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

/** A parcel handed to the carrier, registered with a status transition. */
export interface ShipmentInput {
  /** The carrier's parcel number: 4–40 letters, digits or dashes. */
  parcelNumber: string;
  /** When it was handed over (default: now). */
  shippedAt?: Date;
}

/** Statuses with which a parcel may be registered: the order is on its way. */
const SHIPPING_STATUSES: ReadonlySet<OrderStatus> = new Set(['processing', 'completed']);

/**
 * The tracking page of a parcel: the method's template with `{parcelNumber}` filled in
 * (URL-encoded); null without a template or when the result is not an http(s) URL.
 */
export function trackingLinkFor(template: string | null, parcelNumber: string): string | null {
  if (!template || !template.includes('{parcelNumber}')) return null;
  const link = template.replaceAll('{parcelNumber}', encodeURIComponent(parcelNumber));
  try {
    const { protocol } = new URL(link);
    return protocol === 'https:' || protocol === 'http:' ? link : null;
  } catch {
    return null;
  }
}

/** Options of {@link transitionOrder}. */
export interface TransitionOptions {
  /** Runs inside the transaction when the order is cancelled (e.g. return stock). */
  onCancel?: (tx: Database, view: OrderView) => Promise<void>;
  /**
   * A parcel shipped with a move to processing or completed (also when the order already has
   * that status: a further parcel). Its tracking link comes from the order's shipping method.
   */
  shipment?: ShipmentInput;
}

/**
 * Changes an order's status through {@link ORDER_TRANSITIONS}, locking the row (FOR UPDATE) and
 * writing a history row, in a transaction. Moving to the same status changes nothing (but still
 * registers a given shipment). A shipment writes an `order_shipments` row with the tracking link
 * of the order's shipping method ({@link trackingLinkFor}); the same parcel number twice is
 * written once.
 * @param options `onCancel`, or {@link TransitionOptions} (`onCancel`, `shipment`)
 * @throws ShopError NOT_FOUND for an unknown order; BAD_USER_INPUT for a transition the table
 *   does not allow, a shipment with another status than processing or completed, or a malformed
 *   parcel number (nothing is written).
 */
export async function transitionOrder(
  db: Database,
  orderId: number,
  to: OrderStatus,
  reason: string,
  options?: TransitionOptions | TransitionOptions['onCancel'],
): Promise<OrderRecord> {
  const { onCancel, shipment } =
    typeof options === 'function' ? { onCancel: options } : { ...options };
  const parcelNumber = shipment?.parcelNumber.trim();
  if (shipment && (!SHIPPING_STATUSES.has(to) || !/^[A-Za-z0-9-]{4,40}$/.test(parcelNumber!))) {
    throw new ShopError(
      'BAD_USER_INPUT',
      'Invalid shipment: a shipping status and a parcel number of 4-40 letters, digits or -',
      { to, field: 'parcelNumber' },
    );
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new ShopError('NOT_FOUND', 'Order not found');
    const from = order.status as OrderStatus;
    let current = order;
    if (from !== to) {
      if (!canTransition(from, to)) {
        throw new ShopError('BAD_USER_INPUT', `An order cannot go from ${from} to ${to}`, {
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
      current = updated!;
      await tx
        .insert(orderStatusHistory)
        .values({ orderId, fromStatus: from, toStatus: to, reason });
      if (to === 'cancelled' && onCancel) {
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
        await onCancel(tx, { order: current, lines });
      }
    }
    if (shipment && parcelNumber) {
      const [known] = await tx
        .select({ id: orderShipments.id })
        .from(orderShipments)
        .where(
          and(eq(orderShipments.orderId, orderId), eq(orderShipments.parcelNumber, parcelNumber)),
        );
      if (!known) {
        const template = await trackingUrlTemplateOf(tx, order.shippingId);
        await tx.insert(orderShipments).values({
          orderId,
          shippingId: order.shippingId,
          shippingName: order.shippingName,
          parcelNumber,
          shippingDate: shipment.shippedAt ?? new Date(),
          trackingLink: trackingLinkFor(template, parcelNumber),
        });
      }
    }
    return current;
  });
}
