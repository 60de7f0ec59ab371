/**
 * The order e-mail (issue 6 "Confirmation"): a plain-text and HTML confirmation in Swedish
 * (React Email template mail/templates/order-confirmation.tsx, issue 22) sent through the mail module (file outbox by default, SMTP with SMTP_URL). Sent by the
 * `order-confirmation` job (issue 15, modules/jobs), written in the order's transaction: one job
 * per order, retried with back-off; `confirmation_sent_at` is set once the transport accepted
 * the message, and an order that has it is not mailed again (see handlers.ts for the one crash
 * window where a second copy, with the same Message-ID, can go out).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sendMail, type MailOptions } from '../mail/mail.service.ts';
import type { OrderMailLine } from '../mail/templates/order-confirmation.tsx';
import { formatDeduction, formatMoney } from '../pricing/money.ts';
import { formatZip } from '../shipping/zip.ts';
import { swedishPromise } from '../shipping/delivery-promise.ts';
import {
  loadOrderDelivery,
  orderDelivery,
  pickupPointLines,
  type OrderDelivery,
} from './order-delivery.ts';
import { getOrderView, type OrderView } from './orders.service.ts';
import { orderTotals } from './order-totals.ts';
import { orders } from './orders.tables.ts';
import type { SellerIdentity } from '../../seller.ts';

/**
 * Subject, text and HTML of the confirmation of an order (template
 * mail/templates/order-confirmation.tsx). The summary is {@link orderTotals} (issue 14): items at
 * regular prices − discount + shipping (+ payment fee) = total, with the VAT in it, then the gift
 * card and what is left to pay; deductions written with U+2212.
 * @param shopUrl the shop's public address (absolute) for the links of the layout; none when absent
 * @param seller the seller for the layout's footer (config `seller`, issue 40 §2)
 * @param delivery the order's delivery facts (method, carrier, promise, pickup point; issue 43),
 *   by default read from the row alone ({@link orderDelivery})
 */
export async function orderEmail(
  view: OrderView,
  shopName: string,
  shopUrl?: string,
  seller?: SellerIdentity,
  delivery: OrderDelivery = orderDelivery(view.order),
) {
  // Loaded on first use: React and React Email stay out of processes that send no mail.
  const { orderConfirmationMail } = await import('../mail/templates/order-confirmation.tsx');
  const { order, lines } = view;
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');
  const money = (minor: number) => plain(formatMoney(minor, order.currencyCode, order.languageId));
  const off = (minor: number) =>
    plain(formatDeduction(minor, order.currencyCode, order.languageId));
  const totals = orderTotals(order);
  // At regular prices, so the lines add up to "Varor"; what was paid beside it when lower.
  const rows: OrderMailLine[] = lines.map((l) => {
    const regular = l.regularUnitPriceIncVat * l.quantity;
    const paid = l.totalIncVat;
    const name = `${l.quantity} × ${l.name}${l.skuName ? `, ${l.skuName}` : ''}`;
    return { name, amount: money(regular), ...(regular > paid ? { paid: money(paid) } : {}) };
  });
  const summary: Array<[string, string]> = [
    ['Varor', money(totals.incVat.items)],
    ...(totals.incVat.discount > 0
      ? [
          [
            order.promoCode ? `Rabatt (${order.promoCode})` : 'Rabatt',
            off(totals.incVat.discount),
          ] as [string, string],
        ]
      : []),
    [`Frakt (${order.shippingName})`, money(totals.incVat.shipping)],
    ...(totals.incVat.paymentFee > 0
      ? [['Betalningsavgift', money(totals.incVat.paymentFee)] as [string, string]]
      : []),
    ['Totalt', `${money(totals.incVat.total)} (varav moms ${money(totals.vat)})`],
    ...(totals.giftCard > 0
      ? [
          ['Presentkort', off(totals.giftCard)] as [string, string],
          ['Att betala', money(totals.toPay)] as [string, string],
        ]
      : []),
  ];
  const address = order.shippingAddress;
  return orderConfirmationMail({
    shopName,
    shopUrl,
    seller,
    orderId: order.id,
    firstName: order.billingAddress.firstName ?? '',
    lines: rows,
    summary,
    paymentName: order.paymentName,
    delivery: {
      method: delivery.shippingName,
      carrier: delivery.carrierName,
      promise: swedishPromise(delivery.deliveryPromise),
      pickupPoint: delivery.pickupPoint ? pickupPointLines(delivery.pickupPoint) : null,
    },
    address: [
      `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
      address.addressLine1 ?? '',
      `${formatZip(address.zip, address.country)} ${address.city ?? ''}`.trim(),
    ],
  });
}

/**
 * Sends the confirmation of an order unless it was sent already, then records it as sent.
 * @param options.messageId a Message-ID that stays the same when the job is retried
 * @returns true when this call sent it; false when it was sent before (or the order is unknown)
 * @throws the transport's error (nothing recorded: the job retries)
 */
export async function sendOrderConfirmation(
  db: Database,
  orderId: number,
  mail: MailOptions,
  options: { messageId?: string } = {},
): Promise<boolean> {
  const view = await getOrderView(db, orderId);
  if (!view || view.order.confirmationSentAt) return false;
  await sendMail(mail, {
    to: view.order.email,
    ...(await orderEmail(
      view,
      mail.fromName,
      mail.shopUrl,
      mail.seller,
      await loadOrderDelivery(db, view.order),
    )),
    ...(options.messageId ? { messageId: options.messageId } : {}),
  });
  await db
    .update(orders)
    .set({ confirmationSentAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.confirmationSentAt)));
  return true;
}
