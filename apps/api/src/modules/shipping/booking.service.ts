/**
 * Parcel bookings at shipment (issue 43; ADR 020 §5–§6): "Skicka med nShift" in the back office
 * writes an `order_bookings` row (booking number `seq`, nShift `orderNo` `T{orderId}-{seq}`,
 * state `queued`) and its `shipment-booking` job in one transaction; the job (booking.run.ts)
 * books with the provider and registers the parcels. A booking is made for an order whose
 * provider is nShift and whose nShift option has a service mapping (`nshift_services`); any
 * other order is shipped with parcel numbers typed by staff (order-process.ts), which marks the
 * order's open bookings `manual`.
 *
 * No GraphQL here: the admin API (booking-admin.graphql.ts) maps these results to its types.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '../jobs/jobs.tables.ts';
import type { Database } from '../../db/client.ts';
import { ShopError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { shipmentBookingJob } from '../jobs/job-kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { orders } from '../orders/orders.tables.ts';
import { nshiftServices, orderBookings } from './shipping.tables.ts';

/** The states of a booking (order_bookings.state). */
export type BookingState = 'queued' | 'booked' | 'failed' | 'uncertain' | 'manual';

/** A booking as the back office shows it (the label's bytes left out). */
export interface BookingView {
  id: number;
  orderId: number;
  /** The booking's number for the order, 1 for the first. */
  seq: number;
  provider: string;
  /** nShift's `orderNo`, `T{orderId}-{seq}`. */
  orderNo: string;
  state: BookingState;
  /** nShift's stored shipment id (saved before the print), null before. */
  providerRef: string | null;
  /** nShift's shipment id once printed. */
  shipmentRef: string | null;
  errorCode: string | null;
  /** The provider's own words of a refusal (or the shop's, Swedish), null otherwise. */
  providerMessage: string | null;
  /** True when the label PDF is stored (admin-booking-label.ts route). */
  hasLabel: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** `T{orderId}-{seq}`: the booking's nShift `orderNo`, the key its stored shipment is found by. */
export function bookingOrderNo(orderId: number, seq: number): string {
  return `T${orderId}-${seq}`;
}

const viewColumns = {
  id: orderBookings.id,
  orderId: orderBookings.orderId,
  seq: orderBookings.seq,
  provider: orderBookings.provider,
  orderNo: orderBookings.orderNo,
  state: orderBookings.state,
  providerRef: orderBookings.providerRef,
  shipmentRef: orderBookings.shipmentRef,
  errorCode: orderBookings.errorCode,
  providerMessage: orderBookings.providerMessage,
  hasLabel: sql<boolean>`${orderBookings.labelPdf} is not null`.mapWith(Boolean),
  createdAt: orderBookings.createdAt,
  updatedAt: orderBookings.updatedAt,
  jobState: jobs.state,
  jobError: jobs.lastError,
};

/** The booking's job (its key, job-kinds.ts `shipmentBookingJob`). */
const bookingJobJoin = sql`${jobs.key} = 'shipment-booking:' || ${orderBookings.orderId} || ':' || ${orderBookings.seq}`;

/**
 * A row as staff see it: a `queued` booking whose job gave up (nShift unreachable through all
 * its attempts) is `failed`, with the last attempt's words, so it can be retried.
 */
function toView(row: {
  state: string;
  providerMessage: string | null;
  jobState: string | null;
  jobError: string | null;
}): { state: BookingState; providerMessage: string | null } {
  if (row.state === 'queued' && row.jobState === 'failed') {
    return { state: 'failed', providerMessage: row.providerMessage ?? row.jobError };
  }
  return { state: row.state as BookingState, providerMessage: row.providerMessage };
}

function view(row: Awaited<ReturnType<typeof selectViews>>[number]): BookingView {
  const { jobState: _state, jobError: _error, ...rest } = row;
  return { ...rest, ...toView(row) };
}

function selectViews(db: Database) {
  return db.select(viewColumns).from(orderBookings).leftJoin(jobs, bookingJobJoin);
}

/** The bookings of order `orderId`, the first first. */
export async function listOrderBookings(db: Database, orderId: number): Promise<BookingView[]> {
  const rows = await selectViews(db)
    .where(eq(orderBookings.orderId, orderId))
    .orderBy(asc(orderBookings.seq));
  return rows.map(view);
}

/**
 * How many bookings nShift refused (`failed`) or left unanswered (`uncertain`) on orders still to
 * ship (`received` or `processing`): the dashboard's "Att hantera" (issue 43). Each is retried or
 * typed by hand from its order's page; either ends its count.
 */
export async function countFailedBookings(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderBookings)
    .innerJoin(orders, eq(orders.id, orderBookings.orderId))
    .where(
      and(
        inArray(orderBookings.state, ['failed', 'uncertain']),
        inArray(orders.status, ['received', 'processing']),
      ),
    );
  return row?.n ?? 0;
}

/** Booking `id`, or null. */
export async function getBooking(db: Database, id: number): Promise<BookingView | null> {
  const [row] = await selectViews(db).where(eq(orderBookings.id, id));
  return row ? view(row) : null;
}

/** The order columns a booking needs. */
type BookableOrder = Pick<
  typeof orders.$inferSelect,
  'id' | 'status' | 'shippingProvider' | 'shippingChoiceId'
>;

/**
 * The nShift service that books `order` (its option's `nshift_services` row), or null when the
 * order is not an nShift order or its option has no mapping (shipped with typed parcels).
 */
export async function bookingServiceOf(
  db: Database,
  order: Pick<BookableOrder, 'shippingProvider' | 'shippingChoiceId'>,
): Promise<string | null> {
  if (order.shippingProvider !== 'nshift' || !order.shippingChoiceId) return null;
  const [row] = await db
    .select({ serviceId: nshiftServices.serviceId })
    .from(nshiftServices)
    .where(eq(nshiftServices.optionId, order.shippingChoiceId));
  return row?.serviceId ?? null;
}

/** Statuses an order may be booked in: placed, or on its way (a further parcel). */
const BOOKABLE_STATUSES = new Set(['received', 'processing']);

function refused(message: string, reason: string): ShopError {
  return new ShopError('BAD_USER_INPUT', message, { locale: 'sv', reason });
}

/**
 * "Skicka med nShift": books order `orderId`'s parcel with nShift as a job. In one transaction
 * (the order row locked): a new `order_bookings` row (`seq` one more than the order's last,
 * state `queued`), its `shipment-booking` job and the audit entry `order.booking`. While the
 * order's latest booking is `queued` or `booked` that booking is returned and nothing written
 * (a second click books nothing); a `failed` one is queued again instead (same row, same
 * orderNo: {@link retryBooking}).
 * @returns the booking and whether this call wrote or re-queued it
 * @throws ShopError NOT_FOUND (unknown order); BAD_USER_INPUT (Swedish) when the order is not
 *   received or processing (`reason` STATUS), not an nShift order with a mapped service
 *   (NOT_BOOKABLE), or its latest booking is `uncertain` (UNCERTAIN: staff read the parcel in
 *   nShift Delivery and type it)
 */
export async function requestBooking(
  db: Database,
  orderId: number,
  actor: AuditActor,
  now: Date,
): Promise<{ booking: BookingView; created: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw swedishNotFound('Ordern finns inte.');
    if (!BOOKABLE_STATUSES.has(order.status)) {
      throw refused('Bara mottagna ordrar och ordrar som behandlas kan skickas.', 'STATUS');
    }
    if (!(await bookingServiceOf(tx, order))) {
      throw refused(
        'Ordern har ingen nShift-tjänst kopplad. Ange kollinumret manuellt, eller koppla tjänsten under Frakttjänster (nShift).',
        'NOT_BOOKABLE',
      );
    }
    const [last] = await tx
      .select({
        id: orderBookings.id,
        seq: orderBookings.seq,
        state: orderBookings.state,
        providerMessage: orderBookings.providerMessage,
        jobState: jobs.state,
        jobError: jobs.lastError,
      })
      .from(orderBookings)
      .leftJoin(jobs, bookingJobJoin)
      .where(eq(orderBookings.orderId, orderId))
      .orderBy(desc(orderBookings.seq))
      .limit(1);
    const latest = last ? { ...last, state: toView(last).state } : undefined;
    if (latest && (latest.state === 'queued' || latest.state === 'booked')) {
      return { id: latest.id, created: false };
    }
    if (latest?.state === 'uncertain') {
      throw refused(
        'Bokningens svar kom aldrig fram. Läs kollinumret i nShift Delivery och ange det manuellt.',
        'UNCERTAIN',
      );
    }
    if (latest?.state === 'failed') {
      await requeue(tx, latest.id, orderId, latest.seq, actor, now);
      return { id: latest.id, created: true };
    }
    const seq = (latest?.seq ?? 0) + 1;
    const [row] = await tx
      .insert(orderBookings)
      .values({
        orderId,
        seq,
        provider: 'nshift',
        orderNo: bookingOrderNo(orderId, seq),
        state: 'queued',
        staffUserId: actor.staffUserId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orderBookings.id });
    await enqueueJob(tx, shipmentBookingJob(orderId, seq, row!.id));
    await recordAudit(tx, {
      actor,
      action: 'order.booking',
      entityType: 'order',
      entityId: orderId,
      before: null,
      after: { bookingId: row!.id, orderNo: bookingOrderNo(orderId, seq), state: 'queued' },
      at: now,
    });
    return { id: row!.id, created: true };
  });
  return { booking: (await getBooking(db, result.id))!, created: result.created };
}

/** Queues failed booking `id` again: state queued, its job re-armed with fresh attempts. */
async function requeue(
  tx: Database,
  id: number,
  orderId: number,
  seq: number,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await tx
    .update(orderBookings)
    .set({ state: 'queued', errorCode: null, providerMessage: null, updatedAt: now })
    .where(eq(orderBookings.id, id));
  await enqueueJob(tx, shipmentBookingJob(orderId, seq, id), { rearm: true });
  await recordAudit(tx, {
    actor,
    action: 'order.booking.retry',
    entityType: 'order',
    entityId: orderId,
    before: { bookingId: id, state: 'failed' },
    after: { bookingId: id, state: 'queued' },
    at: now,
  });
}

/**
 * "Försök igen" on a failed booking (refused by nShift, or its job gave up while nShift was
 * unreachable): the same row and orderNo (nShift's stored shipment is found by it, so nothing
 * is booked twice) queued again with a fresh set of job attempts.
 * @throws ShopError NOT_FOUND; BAD_USER_INPUT (Swedish, `reason` NOT_FAILED) when it is not failed
 */
export async function retryBooking(
  db: Database,
  bookingId: number,
  actor: AuditActor,
  now: Date,
): Promise<BookingView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: orderBookings.id,
        orderId: orderBookings.orderId,
        seq: orderBookings.seq,
        state: orderBookings.state,
        providerMessage: orderBookings.providerMessage,
        jobState: jobs.state,
        jobError: jobs.lastError,
      })
      .from(orderBookings)
      .leftJoin(jobs, bookingJobJoin)
      .where(eq(orderBookings.id, bookingId))
      .for('update', { of: orderBookings });
    if (!row) throw swedishNotFound('Bokningen finns inte.');
    if (toView(row).state !== 'failed') {
      throw refused('Bara en misslyckad bokning kan försökas igen.', 'NOT_FAILED');
    }
    await requeue(tx, row.id, row.orderId, row.seq, actor, now);
  });
  return (await getBooking(db, bookingId))!;
}

/**
 * The stored label PDF of booking `bookingId` of order `orderId`, or null when there is none
 * (unknown booking, another order's, or no label kept).
 */
export async function bookingLabel(
  db: Database,
  orderId: number,
  bookingId: number,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ labelPdf: orderBookings.labelPdf })
    .from(orderBookings)
    .where(and(eq(orderBookings.id, bookingId), eq(orderBookings.orderId, orderId)));
  return row?.labelPdf ?? null;
}
