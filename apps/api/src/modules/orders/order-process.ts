/**
 * The order process (SPEC §4 "Account order statuses"; ARCHITECTURE convention 5; issue 22 "one
 * function per rule"): the statuses an order can have, the only allowed changes between them,
 * and what each change does besides changing the status. As in Vendure's order process, a
 * transition owns its side effects and runs them in the transaction that changes the status, so
 * no caller can forget one:
 *
 * - placed (none -> `received`, {@link placeOrderRecord}): the order, its lines and the first
 *   history row, and the order e-mail job (issue 15, ADR 011: sent by the job queue, committed
 *   with the order or not at all);
 * - `received` -> `processing` -> `completed` ({@link transitionOrder}): a history row; with a
 *   shipment, the parcel and its tracking link;
 * - `received` or `processing` -> `cancelled`: a history row, and every unit of the order goes
 *   back to stock.
 *
 * - placed as a förmånscykel application (none -> `awaiting_approval`, issue 21): the same rows
 *   with the employer's approval mail job instead of the order e-mail; the employer's approval
 *   moves it to `received` (which then enqueues the order e-mail), a decline to `cancelled`.
 *
 * `completed` and `cancelled` are final; a move the table does not allow is the typed error
 * ORDER_TRANSITION_NOT_ALLOWED ({@link transitionNotAllowed}). Each history row names the
 * back-office user who made the change (issue 27; null for the shop's own changes); the back
 * office's audit entry is written by order-admin.service.ts in the same transaction. A hosted
 * payment that is not approved yet is a payment session (payments module), not an order: orders
 * start as placed (`received`).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { returnStock } from '../inventory/inventory.service.ts';
import { returnStoreStock } from '../inventory/store-stock.service.ts';
import { leasingApprovalJob, orderConfirmationJob, orderShippedJob } from '../jobs/job-kinds.ts';
import { LEASING_STATUS_NAMES } from '../leasing/leasing-status.ts';
import { queueCancellation, queueCapture } from '../payments/payment-operations.service.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { trackingUrlTemplateOf } from '../shipping/shipping.service.ts';
import { markBookingsManual } from '../shipping/booking-state.ts';
import type { NewOrder, NewOrderLine, OrderLineRecord, OrderRecord } from './orders.service.ts';
import { orderLines, orders, orderShipments, orderStatusHistory } from './orders.tables.ts';

/**
 * The four statuses (SPEC §4 "Account order statuses") and `awaiting_approval`: a förmånscykel
 * application waiting for the employer (issue 21).
 */
export type OrderStatus =
  'awaiting_approval' | 'received' | 'processing' | 'completed' | 'cancelled';

/**
 * The only allowed status changes: received -> processing -> completed; received or
 * processing -> cancelled. Completed and cancelled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_approval: ['received', 'cancelled'],
  received: ['processing', 'cancelled'],
  processing: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** True when the transitions table allows `from` -> `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * What entering a status does besides the status and its history row, inside the transition's
 * transaction: placed (`received`) enqueues the order e-mail; `cancelled` returns every unit of
 * the order's lines to stock (the web stock, or the shelf of the store a line was reserved in).
 * The other statuses have none.
 */
async function onEnter(
  tx: Database,
  order: OrderRecord,
  lines: readonly Pick<OrderLineRecord, 'skuId' | 'quantity' | 'pickupStoreId'>[],
): Promise<void> {
  switch (order.status as OrderStatus) {
    case 'received':
      await enqueueJob(tx, orderConfirmationJob(order.id));
      return;
    case 'awaiting_approval':
      await enqueueJob(tx, leasingApprovalJob(order.id));
      return;
    case 'cancelled':
      await returnStock(
        tx,
        lines
          .filter((line) => line.pickupStoreId == null)
          .map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
      );
      // Units reserved in a store go back on its shelf (click and collect, issue 40 §6).
      await returnStoreStock(
        tx,
        lines.flatMap((line) =>
          line.pickupStoreId == null
            ? []
            : [{ storeId: line.pickupStoreId, skuId: line.skuId, quantity: line.quantity }],
        ),
      );
      return;
    default:
      return;
  }
}

/**
 * Places an order, inside the placeOrder transaction (the checkout's order writer, which has
 * reserved the stock): writes the order (status `received`), its lines, the first history row
 * and the order e-mail job ({@link onEnter}). The unique `cart_id` and `idempotency_key` make a
 * second order for the same cart or key fail with a unique violation (PostgreSQL 23505), which
 * the caller turns into "return the existing order".
 * @param tx the caller's transaction
 * @param status the first status: `received` (default) or `awaiting_approval`
 */
export async function placeOrderRecord(
  tx: Database,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  status: 'received' | 'awaiting_approval' = 'received',
): Promise<OrderRecord> {
  const [row] = await tx
    .insert(orders)
    .values({ ...order, status })
    .returning();
  const written = row!;
  if (lines.length > 0) {
    await tx
      .insert(orderLines)
      .values(lines.map((line, i) => ({ ...line, orderId: written.id, lineNo: i + 1 })));
  }
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: written.id, fromStatus: null, toStatus: status, reason: 'placed' });
  await onEnter(
    tx,
    written,
    lines.map((line) => ({ ...line, pickupStoreId: line.pickupStoreId ?? null })),
  );
  return written;
}

/** A parcel handed to the carrier, registered with a status transition. */
export interface ShipmentInput {
  /** The carrier's parcel number: 4–40 letters, digits or dashes. */
  parcelNumber: string;
  /** When it was handed over (default: now). */
  shippedAt?: Date;
  /**
   * A booked parcel (ADR 020 §5; shipping/booking.run.ts): its booking (order_bookings.id and
   * seq) and the tracking link the provider's carrier gives (instead of the shipping method's
   * template). Absent for a parcel typed by staff, which marks the order's open bookings
   * (queued, failed, uncertain) `manual`.
   */
  booking?: { id: number; seq: number; trackingLink: string | null };
}

/** Options of {@link transitionOrder}. */
export interface TransitionOptions {
  /**
   * A parcel shipped with a move to processing or completed (also when the order already has
   * that status: a further parcel). Its tracking link comes from the order's shipping method.
   */
  shipment?: ShipmentInput;
  /** The back-office user making the change, written on the history row (issue 27). */
  actor?: { staffUserId: number | null; staffEmail: string | null };
}

/**
 * The Swedish names of the statuses, as the back office shows them; an order awaiting approval
 * is named as its förmånscykel application waiting for the employer (one name, issue 40).
 */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  received: 'Mottagen',
  processing: 'Behandlas',
  completed: 'Slutförd',
  cancelled: 'Avbruten',
  awaiting_approval: LEASING_STATUS_NAMES.awaiting,
};

/**
 * The typed error of a change the transitions table does not allow: code
 * ORDER_TRANSITION_NOT_ALLOWED with `from` and `to`, and a Swedish message for staff.
 */
export function transitionNotAllowed(from: OrderStatus, to: OrderStatus): ShopError {
  return new ShopError(
    'ORDER_TRANSITION_NOT_ALLOWED',
    `En order kan inte gå från ${ORDER_STATUS_NAMES[from] ?? from} till ${ORDER_STATUS_NAMES[to] ?? to}.`,
    { from, to, locale: 'sv' },
  );
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

/**
 * Changes an order's status through {@link ORDER_TRANSITIONS}, locking the row (FOR UPDATE),
 * writing a history row and running the new status's side effects ({@link onEnter}: cancelling
 * returns the order's units to stock), in one transaction. Moving to the same status changes
 * nothing and runs no side effect (but still registers a given shipment), so a repeated cancel
 * never returns stock twice. A shipment writes an `order_shipments` row with the tracking link
 * of the order's shipping method ({@link trackingLinkFor}, or the booking's own link); the same
 * parcel number twice is written once. A new parcel enqueues the "Din order har skickats" mail
 * (`order-shipped`, one per registration: a booking's parcels together, a typed parcel alone);
 * a typed parcel marks the order's open bookings `manual` (ADR 020 §5).
 * @throws ShopError NOT_FOUND for an unknown order; ORDER_TRANSITION_NOT_ALLOWED for a
 *   transition the table does not allow ({@link transitionNotAllowed}); BAD_USER_INPUT for a
 *   shipment with another status than processing or completed, or a malformed parcel number
 *   (nothing is written).
 */
export async function transitionOrder(
  db: Database,
  orderId: number,
  to: OrderStatus,
  reason: string,
  options: TransitionOptions = {},
): Promise<OrderRecord> {
  const { shipment } = options;
  const parcelNumber = shipment?.parcelNumber.trim();
  if (shipment && (!SHIPPING_STATUSES.has(to) || !/^[A-Za-z0-9-]{4,40}$/.test(parcelNumber!))) {
    throw new ShopError('BAD_USER_INPUT', 'Invalid shipment', { to, field: 'parcelNumber' });
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new ShopError('NOT_FOUND', 'Order not found');
    const from = order.status as OrderStatus;
    let current = order;
    if (from !== to) {
      if (!canTransition(from, to)) throw transitionNotAllowed(from, to);
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
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: from,
        toStatus: to,
        reason,
        staffUserId: options.actor?.staffUserId ?? null,
        staffEmail: options.actor?.staffEmail ?? null,
      });
      // Only cancelling needs the lines (their units go back to stock).
      const lines =
        to === 'cancelled'
          ? await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
          : [];
      await onEnter(tx, current, lines);
      // The provider payment (issue 42): cancelled (or refunded once captured).
      if (to === 'cancelled') await queueCancellation(tx, orderId, options.actor ?? null);
    }
    // The provider payment is captured when the order ships (its first parcel) or completes.
    if (current.status !== 'cancelled' && ((shipment && parcelNumber) || to === 'completed')) {
      await queueCapture(
        tx,
        orderId,
        parcelNumber ? { trackingNumber: parcelNumber, shippingCompany: order.shippingName } : null,
      );
    }
    if (shipment && parcelNumber) {
      const [known] = await tx
        .select({ id: orderShipments.id })
        .from(orderShipments)
        .where(
          and(eq(orderShipments.orderId, orderId), eq(orderShipments.parcelNumber, parcelNumber)),
        );
      if (!known) {
        const { booking } = shipment;
        const trackingLink = booking
          ? booking.trackingLink
          : trackingLinkFor(await trackingUrlTemplateOf(tx, order.shippingId), parcelNumber);
        await tx.insert(orderShipments).values({
          orderId,
          shippingId: order.shippingId,
          shippingName: order.shippingName,
          parcelNumber,
          shippingDate: shipment.shippedAt ?? new Date(),
          trackingLink,
          bookingId: booking?.id ?? null,
        });
        if (!booking) {
          // Staff typed the parcel: a booking still waiting or refused is not made any more.
          await markBookingsManual(tx, orderId);
        }
        await enqueueJob(
          tx,
          booking
            ? orderShippedJob(orderId, `b${booking.seq}`, { bookingId: booking.id })
            : orderShippedJob(orderId, `p-${parcelNumber}`, { parcelNumber }),
        );
      }
    }
    return current;
  });
}
