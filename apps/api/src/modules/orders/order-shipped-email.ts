/**
 * The "Din order har skickats" e-mail (issue 43; ADR 020 §5; template
 * mail/templates/order-shipped.tsx): sent by the `order-shipped` job that transitionOrder
 * (order-process.ts) writes with each new parcel registration, in the same transaction: a booked
 * parcel set (the job names its booking) or a parcel typed by staff (the job names the parcel).
 * One job per registration (its key), so each registration is mailed once; a retried job sends
 * the same Message-ID (jobs/handlers.ts). Written in the order's language (`languageId`,
 * mail/mail-language.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sendMail, type MailOptions } from '../mail/mail.service.ts';
import { mailLanguageOf } from '../mail/mail-language.ts';
import type { RenderedMail } from '../mail/templates/layout.tsx';
import { loadOrderDelivery, pickupPointLines } from './order-delivery.ts';
import { orders, orderShipments } from './orders.tables.ts';

/** Which parcels of the order the mail is about (the job's payload). */
export type ShippedParcels = { bookingId: number } | { parcelNumber: string };

/** The account's order page of the storefront (routes.ts `mina-sidor/ordrar`). */
export const ACCOUNT_ORDERS_PATH = '/mina-sidor/ordrar';

/**
 * Subject, text and HTML of the shipped mail of order `orderId` for `parcels`.
 * @param mail the mail options (the shop's name, its public address for the account link)
 * @returns null when the order or its parcels are not there (nothing to announce)
 */
export async function orderShippedEmail(
  db: Database,
  orderId: number,
  parcels: ShippedParcels,
  mail: Pick<MailOptions, 'fromName' | 'shopUrl' | 'seller'>,
): Promise<{ to: string; mail: RenderedMail } | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const rows = await db
    .select({
      parcelNumber: orderShipments.parcelNumber,
      trackingLink: orderShipments.trackingLink,
    })
    .from(orderShipments)
    .where(
      and(
        eq(orderShipments.orderId, orderId),
        'bookingId' in parcels
          ? eq(orderShipments.bookingId, parcels.bookingId)
          : eq(orderShipments.parcelNumber, parcels.parcelNumber),
      ),
    )
    .orderBy(asc(orderShipments.id));
  if (rows.length === 0) return null;
  const delivery = await loadOrderDelivery(db, order);
  const { orderShippedMail } = await import('../mail/templates/order-shipped.tsx');
  const { SHIPPED_TEXTS } = await import('../mail/templates/order-shipped-texts.ts');
  const language = mailLanguageOf(order.languageId);
  const shopUrl = mail.shopUrl?.replace(/\/+$/, '');
  const rendered = await orderShippedMail({
    shopName: mail.fromName,
    shopUrl: mail.shopUrl,
    seller: mail.seller,
    orderId: order.id,
    firstName: order.billingAddress.firstName ?? '',
    shippingName: delivery.shippingName,
    carrierName: delivery.carrierName,
    parcels: rows.map((r) => ({
      parcelNumber: r.parcelNumber,
      trackingLink: r.trackingLink && /^https?:\/\//.test(r.trackingLink) ? r.trackingLink : null,
    })),
    // The carrier's agent (nShift) or the store (own pickup method) the parcel waits at.
    pickupPoint: delivery.pickupPoint
      ? pickupPointLines(delivery.pickupPoint, SHIPPED_TEXTS[language].openingHours)
      : null,
    // Only an account has the order page; a guest's order joins one later (issue 40 point 5).
    ordersUrl: shopUrl && order.customerId != null ? `${shopUrl}${ACCOUNT_ORDERS_PATH}` : null,
    language,
  });
  return { to: order.email, mail: rendered };
}

/**
 * Sends the shipped mail of order `orderId` for `parcels`.
 * @param options.messageId a Message-ID that stays the same when the job is retried
 * @returns false when there was nothing to send (unknown order or parcels)
 * @throws the transport's error (the job retries)
 */
export async function sendOrderShipped(
  db: Database,
  orderId: number,
  parcels: ShippedParcels,
  mail: MailOptions,
  options: { messageId?: string } = {},
): Promise<boolean> {
  const built = await orderShippedEmail(db, orderId, parcels, mail);
  if (!built) return false;
  await sendMail(mail, {
    to: built.to,
    ...built.mail,
    ...(options.messageId ? { messageId: options.messageId } : {}),
  });
  return true;
}
