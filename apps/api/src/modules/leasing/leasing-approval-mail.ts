/**
 * The employer's mail of a förmånscykel application (issue 21): who applies, what, the monthly
 * deduction, and the signed approve and decline links (leasing-links.ts), which open the
 * storefront's confirmation page. Sent by the `leasing-approval` job that the order process
 * enqueues with the order (status `awaiting_approval`).
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailOptionsFromConfig, sendMail } from '../mail/mail.service.ts';
import { formatMoney } from '../pricing/money.ts';
import { getOrderView } from '../orders/orders.service.ts';
import { LEASING_DECISION_PATH, leasingLinksExpireAt, signLeasingLink } from './leasing-links.ts';
import { applicationOf } from './leasing-order.service.ts';

/**
 * Sends the approval mail of order `orderId`; nothing when the order is no longer awaiting
 * approval (decided meanwhile) or is not a leasing order.
 * @param options.messageId a Message-ID that stays the same when the job is retried
 * @throws the transport's error
 */
export async function sendLeasingApprovalMail(
  db: Database,
  config: Config,
  orderId: number,
  options: { messageId?: string } = {},
): Promise<void> {
  const view = await getOrderView(db, orderId);
  const application = await applicationOf(db, orderId);
  if (!view || !application || application.status !== 'awaiting') return;
  const { order, lines } = view;
  const expiresAt = leasingLinksExpireAt(order.createdAt);
  const link = (decision: 'approve' | 'decline') =>
    `${config.publicUrl}${LEASING_DECISION_PATH}?token=${signLeasingLink(
      { orderPublicId: order.publicId, decision, expiresAt },
      config.auth.jwtSecret,
    )}`;
  const money = (ore: number) => formatMoney(ore, 'SEK', 'sv-SE').replace(/\u00a0/g, ' ');
  const employee = `${order.billingAddress.firstName ?? ''} ${order.billingAddress.lastName ?? ''}`;
  const { leasingApprovalMail } = await import('../mail/templates/leasing-approval.tsx');
  const mail = await leasingApprovalMail({
    shopName: config.shopName,
    shopUrl: config.publicUrl,
    seller: config.seller,
    employerName: application.employerName,
    employee: employee.trim(),
    employeeEmail: order.email,
    organisationNumber: application.organisationNumber,
    lines: lines.map(
      (l) =>
        `${l.quantity} × ${l.name}${l.skuName ? `, ${l.skuName}` : ''}: ${money(l.totalIncVat)}`,
    ),
    periodMonths: application.periodMonths,
    grossDeductionPerMonth: money(application.grossDeductionPerMonth),
    approveUrl: link('approve'),
    declineUrl: link('decline'),
    validUntil: new Date(expiresAt).toISOString().slice(0, 10),
  });
  await sendMail(mailOptionsFromConfig(config), {
    to: application.employerEmail,
    ...(options.messageId ? { messageId: options.messageId } : {}),
    ...mail,
  });
}
