/**
 * The kinds of job the shop enqueues (issue 15 "Jobs", ADR 011): the rows services write inside
 * their own transactions. What runs each kind is handlers.ts. Kept apart from the handlers so
 * that services can enqueue without importing the handlers' modules (no import cycles).
 */
import type { Config } from '../../config.ts';
import type { NewJob } from './queue.ts';

/** A Message-ID for a job's mail, the same on every attempt. */
export function jobMessageId(key: string, config: Config): string {
  const host = new URL(config.publicUrl).hostname;
  return `${key.replace(/[^A-Za-z0-9.-]/g, '.')}@${host}`;
}

/** The order e-mail of order `orderId` (issue 6 "Confirmation"), one per order. */
export function orderConfirmationJob(orderId: number): NewJob {
  return { kind: 'order-confirmation', key: `order-confirmation:${orderId}`, payload: { orderId } };
}

/**
 * The booking of parcel booking `bookingId` (order_bookings, ADR 020 §5) with the shipping
 * provider: key `shipment-booking:{orderId}:{seq}` (one job per booking number), 12 attempts
 * (about 3 hours with the queue's back-off) while the provider is unreachable.
 */
export function shipmentBookingJob(orderId: number, seq: number, bookingId: number): NewJob {
  return {
    kind: 'shipment-booking',
    key: `shipment-booking:${orderId}:${seq}`,
    payload: { orderId, bookingId },
    maxAttempts: 12,
  };
}

/**
 * The "Din order har skickats" mail of one parcel registration of order `orderId` (ADR 020 §5):
 * a booking (`shipmentKey` `b{seq}`, its parcels by `bookingId`) or a parcel typed by staff
 * (`shipmentKey` `p-{parcelNumber}`), one mail per registration.
 */
export function orderShippedJob(
  orderId: number,
  shipmentKey: string,
  parcels: { bookingId: number } | { parcelNumber: string },
): NewJob {
  return {
    kind: 'order-shipped',
    key: `order-shipped:${orderId}:${shipmentKey}`,
    payload: { orderId, ...parcels },
  };
}

/**
 * The employer's mail of a förmånscykel application (issue 21): approve and decline links,
 * signed when the mail is written (modules/leasing/leasing-links.ts), one per order.
 */
export function leasingApprovalJob(orderId: number): NewJob {
  return { kind: 'leasing-approval', key: `leasing-approval:${orderId}`, payload: { orderId } };
}

/**
 * The reset link mail of a new reset key (issue 13 §13). The payload holds the key itself (the
 * database keeps only its hash elsewhere): it is emptied when the job ends, and a job older than
 * the key is dropped unsent.
 */
export function passwordResetMailJob(
  keyHash: string,
  to: string,
  resetKey: string,
  expiresAt: Date,
): NewJob {
  return {
    kind: 'password-reset-mail',
    key: `password-reset-mail:${keyHash}`,
    payload: { to, resetKey, expiresAt: expiresAt.toISOString() },
    maxAttempts: 6,
  };
}

/**
 * The mail that lets the new account `customerId` prove its address, so that the guest orders
 * placed with it join the account (issue 40 point 5; customers/guest-orders-mail.ts). One per
 * account; the payload holds no token (the link is signed when the mail is written).
 */
export function guestOrdersMailJob(customerId: number): NewJob {
  return {
    kind: 'guest-orders-mail',
    key: `guest-orders-mail:${customerId}`,
    payload: { customerId },
    maxAttempts: 6,
  };
}

/*
 * The `facet-postings` and `price-postings` jobs (one build each) were enqueued by lists before
 * the postings scan; their handlers stay for rows an earlier release left in the queue.
 */

/**
 * The price stamp job: at each campaign start or end (when selling prices change, list-cache.ts)
 * it records the changed selling prices in the price log (pricing/price-log.ts, issue 25) and
 * builds every market's price postings for the new stamp, so the first list after the boundary
 * does not count from rows, then schedules itself for the next boundary (at most an
 * hour ahead, so campaigns added meanwhile are seen).
 */
export const PRICE_STAMP_JOB: NewJob = { kind: 'price-stamp', key: 'price-stamp' };

/**
 * Back-in-stock mail of one request (issue 17, modules/engagement): "tell me when size X is
 * back" (payload `{ skuId, email }`), one per request (`since` is when it was made).
 */
/** @public reserved for the availability notices (engagement); no caller yet. */
export function backInStockJob(skuId: number, email: string, since: Date): NewJob {
  return {
    kind: 'back-in-stock',
    key: `back-in-stock:${skuId}:${email}:${since.toISOString()}`,
    payload: { skuId, email },
  };
}

/**
 * The postings scan (catalog/postings-scan.ts): builds the facet and price postings that are
 * missing, then runs again `POSTINGS_SCAN_MS` later. Scheduled by the job runner at start; the
 * only way builds start (lists never enqueue one).
 */
export const POSTINGS_SCAN_JOB: NewJob = { kind: 'postings-scan', key: 'postings-scan' };

/** The job kinds that build list indexes (tests run only these with `facetPostingsSettled`). */
export const INDEX_JOB_KINDS = ['facet-postings', 'price-postings', 'postings-scan'] as const;
