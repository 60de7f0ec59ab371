/**
 * The order e-mail (issue 6 "Confirmation"): a plain-text and HTML confirmation in Swedish sent
 * through the mail module (file outbox by default, SMTP with SMTP_URL). Sent once per order: the
 * order row is claimed with a conditional UPDATE of `confirmation_sent_at` before sending, and
 * released again when the transport fails (so a later call can retry).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sendMail, type MailOptions } from '../mail/mail.service.ts';
import { formatMoney } from '../pricing/money.ts';
import { getOrderView, type OrderView } from './orders.service.ts';
import { orders } from './orders.tables.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Subject, text and HTML of the confirmation of an order. */
export function orderEmail(view: OrderView, shopName: string) {
  const { order, lines } = view;
  const money = (minor: number) =>
    formatMoney(minor, order.currencyCode, order.languageId).replace(/\u00a0/g, ' ');
  const rows = lines.map(
    (l) => `${l.quantity} × ${l.name}${l.skuName ? `, ${l.skuName}` : ''}: ${money(l.totalIncVat)}`,
  );
  const address = order.shippingAddress;
  const text = [
    `Hej ${order.billingAddress.firstName ?? ''}!`,
    '',
    `Tack för din beställning hos ${shopName}. Ordernummer: ${order.id}.`,
    '',
    ...rows,
    '',
    `Frakt (${order.shippingName}): ${money(order.shippingFeeIncVat)}`,
    ...(order.discountIncVat > 0 ? [`Rabatt: −${money(order.discountIncVat)}`] : []),
    `Totalt: ${money(order.orderValueIncVat)} (varav moms ${money(order.orderValueIncVat - order.orderValueExVat)})`,
    `Betalning: ${order.paymentName}`,
    '',
    'Leveransadress:',
    `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
    address.addressLine1 ?? '',
    `${address.zip ?? ''} ${address.city ?? ''}`.trim(),
    '',
    `Vänliga hälsningar, ${shopName}`,
  ].join('\n');
  const html = `<p>Hej ${escapeHtml(order.billingAddress.firstName ?? '')}!</p>
<p>Tack för din beställning hos ${escapeHtml(shopName)}. Ordernummer: <strong>${order.id}</strong>.</p>
<ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
<p>Totalt: <strong>${escapeHtml(money(order.orderValueIncVat))}</strong></p>`;
  return { subject: `Orderbekräftelse ${order.id} – ${shopName}`, text, html };
}

/**
 * Sends the confirmation of an order unless it was sent already.
 * @returns true when this call sent it; false when it was sent before (or the order is unknown)
 * @throws the transport's error (the claim is released first, so a retry can send it)
 */
export async function sendOrderConfirmation(
  db: Database,
  orderId: number,
  mail: MailOptions,
): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ confirmationSentAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.confirmationSentAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  const view = await getOrderView(db, orderId);
  if (!view) return false;
  try {
    await sendMail(mail, { to: view.order.email, ...orderEmail(view, mail.fromName) });
    return true;
  } catch (error) {
    await db.update(orders).set({ confirmationSentAt: null }).where(eq(orders.id, orderId));
    throw error;
  }
}
