/**
 * The `shipment-booking` job (issue 43; ADR 020 §5): books one `order_bookings` row with the
 * shop's shipping provider (shop-provider.ts; nShift's stored shipment found again by the
 * booking's orderNo, so a retry never books twice) and, when booked, registers the parcels in
 * one transaction: the booking `booked` with its references and label, one `order_shipments` row
 * per parcel number with the carrier's tracking link, the order moved as the ship transition
 * moves it (order-process.ts `transitionOrder`: `received` → `processing`, the payment's capture
 * on the first parcel, the "Din order har skickats" mail job). The provider unreachable: the job
 * throws and the queue retries (12 attempts, about 3 hours). A refusal: the booking `failed` with
 * the provider's words (`uncertain` for a lost print answer), the job ends; staff retry it or
 * type the parcel. Also the `order-shipped` mail job (orders/order-shipped-email.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { jobMessageId } from '../jobs/job-kinds.ts';
import { mailOptionsFromConfig } from '../mail/mail.service.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { transitionOrder, type OrderStatus } from '../orders/order-process.ts';
import { sendOrderShipped } from '../orders/order-shipped-email.ts';
import { orderLines, orders } from '../orders/orders.tables.ts';
import { bookingServiceOf } from './booking.service.ts';
import type { BookingOutcome, BookingRequest, ShippingProvider } from './provider.ts';
import { shopShippingProvider } from './shop-provider.ts';
import { orderBookings } from './shipping.tables.ts';

/** Where a booking's refusals and surprises are logged (jobs/handlers.ts `JobLog`). */
interface BookingLog {
  error(message: string, details?: Record<string, unknown>): void;
}

/**
 * A job handler as jobs/handlers.ts `JobHandler` calls it (declared here so that this module
 * does not import the handlers' module that imports it).
 */
export interface ShippingJobHandler {
  run(
    payload: Record<string, unknown>,
    ctx: { db: Database; config: Config | undefined; log: BookingLog; key: string },
  ): Promise<void>;
}

/** The provider could not answer (network, 5xx, 429): the job is retried with back-off. */
export class RetryableBookingError extends Error {
  override name = 'RetryableBookingError';
}

/** The weight of a parcel whose SKUs have no weight (0 = unknown): 1 kg. */
export const UNKNOWN_PARCEL_GRAMS = 1_000;

/** The largest label kept (order_bookings check): 1 MB; a larger one is not stored. */
const LABEL_MAX_BYTES = 1_048_576;

/** What {@link runShipmentBooking} did. */
export type BookingRunResult = 'skipped' | 'booked' | 'failed' | 'uncertain';

/**
 * One parcel for the whole order: Σ SKU weight × quantity in grams (catalog `skus.weight`; SKUs
 * without a weight count 0), {@link UNKNOWN_PARCEL_GRAMS} when that sum is 0; contents
 * "Order {id}".
 */
async function parcelsOf(db: Database, orderId: number): Promise<BookingRequest['parcels']> {
  const lines = await db
    .select({ skuId: orderLines.skuId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const ids = [...new Set(lines.map((l) => l.skuId))];
  const weights = ids.length
    ? await db.select({ id: skus.id, weight: skus.weight }).from(skus).where(inArray(skus.id, ids))
    : [];
  const weightOf = new Map(weights.map((w) => [w.id, w.weight]));
  const grams = lines.reduce((sum, l) => sum + (weightOf.get(l.skuId) ?? 0) * l.quantity, 0);
  return [{ weightGrams: grams > 0 ? grams : UNKNOWN_PARCEL_GRAMS, contents: `Order ${orderId}` }];
}

/** The receiver of an order: its shipping address (the checkout copies billing when none). */
function receiverOf(order: typeof orders.$inferSelect): BookingRequest['receiver'] {
  const a = order.shippingAddress;
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ').trim();
  const mobile = a.mobile || a.phone || order.phone || undefined;
  return {
    name: a.company ? `${a.company}${name ? `, ${name}` : ''}` : name,
    address1: a.addressLine1 ?? '',
    ...(a.addressLine2 ? { address2: a.addressLine2 } : {}),
    zip: a.zip ?? '',
    city: a.city ?? '',
    country: a.country || 'SE',
    email: order.email,
    ...(mobile ? { mobile } : {}),
  };
}

/** Marks booking `id` refused (`failed`, or `uncertain` for BOOKING_UNCERTAIN) with the words. */
async function refuse(
  db: Database,
  id: number,
  code: string,
  message: string,
): Promise<'failed' | 'uncertain'> {
  const state = code === 'BOOKING_UNCERTAIN' ? 'uncertain' : 'failed';
  await db
    .update(orderBookings)
    .set({ state, errorCode: code, providerMessage: message.slice(0, 1000), updatedAt: new Date() })
    .where(sql`${orderBookings.id} = ${id} and ${orderBookings.state} = 'queued'`);
  return state;
}

/**
 * Runs booking `bookingId` once with `provider` (nothing for a booking no longer `queued`:
 * booked, refused, or made manual by staff meanwhile).
 * @throws RetryableBookingError when the provider could not answer (the queue retries)
 */
export async function runShipmentBooking(
  db: Database,
  provider: ShippingProvider,
  bookingId: number,
  log?: BookingLog,
): Promise<BookingRunResult> {
  const [booking] = await db.select().from(orderBookings).where(eq(orderBookings.id, bookingId));
  if (!booking || booking.state !== 'queued') return 'skipped';
  const [order] = await db.select().from(orders).where(eq(orders.id, booking.orderId));
  if (!order) return 'skipped';
  if (order.status !== 'received' && order.status !== 'processing') {
    return refuse(db, booking.id, 'ORDER_STATUS', 'Ordern är avbruten eller redan slutförd.');
  }
  const serviceId = await bookingServiceOf(db, order);
  if (!serviceId) {
    return refuse(db, booking.id, 'NOT_MAPPED', 'Ordern har ingen nShift-tjänst kopplad.');
  }
  const request: BookingRequest = {
    orderId: order.id,
    orderNo: booking.orderNo,
    choiceId: order.shippingChoiceId ?? '',
    serviceId,
    carrierId: order.shippingCarrierId,
    pickupPointId: order.pickupPoint,
    receiver: receiverOf(order),
    parcels: await parcelsOf(db, order.id),
    providerRef: booking.providerRef,
  };
  // The stored shipment's id is kept before the print (its own statement), for the retry.
  const outcome: BookingOutcome = await provider.book(request, async (ref) => {
    await db
      .update(orderBookings)
      .set({ providerRef: ref, updatedAt: new Date() })
      .where(eq(orderBookings.id, booking.id));
  });
  if (!outcome.ok) {
    if (outcome.retry) {
      await db
        .update(orderBookings)
        .set({ errorCode: outcome.code, providerMessage: outcome.message, updatedAt: new Date() })
        .where(eq(orderBookings.id, booking.id));
      throw new RetryableBookingError(
        `booking ${booking.orderNo}: ${outcome.code} ${outcome.message}`,
      );
    }
    log?.error('Parcel booking refused by the provider', {
      bookingId: booking.id,
      orderId: order.id,
      orderNo: booking.orderNo,
      code: outcome.code,
      message: outcome.message,
    });
    return refuse(db, booking.id, outcome.code, outcome.message);
  }
  if (outcome.parcels.length === 0) {
    return refuse(db, booking.id, 'NO_PARCELS', 'nShift svarade utan kollinummer.');
  }
  const label = outcome.label && outcome.label.byteLength <= LABEL_MAX_BYTES ? outcome.label : null;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: orderBookings.state })
      .from(orderBookings)
      .where(eq(orderBookings.id, booking.id))
      .for('update');
    const refs = {
      providerRef: outcome.providerRef,
      shipmentRef: outcome.shipmentRef,
      labelPdf: label,
      updatedAt: new Date(),
    };
    if (current?.state !== 'queued') {
      // Staff typed a parcel while nShift booked this one: both exist; staff decide in nShift.
      await tx.update(orderBookings).set(refs).where(eq(orderBookings.id, booking.id));
      log?.error('Parcel booked after the order was shipped by hand', {
        bookingId: booking.id,
        orderId: order.id,
        orderNo: booking.orderNo,
        parcels: outcome.parcels.map((p) => p.parcelNumber),
      });
      return 'skipped';
    }
    await tx
      .update(orderBookings)
      .set({ ...refs, state: 'booked', errorCode: null, providerMessage: null })
      .where(eq(orderBookings.id, booking.id));
    const [now] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    // As the ship transition: received → processing; a completed order keeps its status.
    const to: OrderStatus = now?.status === 'completed' ? 'completed' : 'processing';
    for (const parcel of outcome.parcels) {
      await transitionOrder(tx, order.id, to, 'Skickad (bokad hos nShift)', {
        shipment: {
          parcelNumber: parcel.parcelNumber,
          booking: { id: booking.id, seq: booking.seq, trackingLink: parcel.trackingUrl },
        },
        actor: { staffUserId: booking.staffUserId, staffEmail: null },
      });
    }
    return 'booked';
  });
}

/** The job handlers of shipping (merged into jobs/handlers.ts `JOB_HANDLERS`). */
export const SHIPPING_JOB_HANDLERS: Readonly<Record<string, ShippingJobHandler>> = {
  'shipment-booking': {
    async run(payload, { db, config, log }) {
      if (!config) throw new Error('The shipping jobs need the configuration');
      const provider = shopShippingProvider(db, config.shipping.nshift);
      await runShipmentBooking(db, provider, Number(payload.bookingId), log);
    },
  },
  'order-shipped': {
    async run(payload, { db, config, key }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      const parcels =
        payload.bookingId != null
          ? { bookingId: Number(payload.bookingId) }
          : { parcelNumber: String(payload.parcelNumber) };
      await sendOrderShipped(db, Number(payload.orderId), parcels, mailOptionsFromConfig(config), {
        messageId: jobMessageId(key, config),
      });
    },
  },
};
