/**
 * Refunds in the back office (issue 27 "Refunds"): the whole order, or some units of some lines,
 * with or without the shipping fee, paid back to the payment or as store credit (the customer's
 * balance, modules/customers/customer-credit.service.ts). Each refund runs in one transaction
 * that locks the order, writes its `order_refunds` rows (the shop API's `OrderType.refunds`,
 * order-refunds.ts), credits the balance and records the audit entry.
 *
 * A refund never exceeds what was paid: per line, at most the units and the amount left after
 * earlier refunds (a cancelled order's lines were refunded by the cancellation); the shipping fee
 * at most once; in all, at most the order's payments (authorized or paid) plus its gift-card
 * part. Amounts in minor units (öre) of the order's currency.
 */
import { asc, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ShopError, swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { creditCustomerBalance } from '../customers/customer-credit.service.ts';
import { queueRefund } from '../payments/payment-operations.service.ts';
import { paymentsByOrderIds } from '../payments/payments.service.ts';
import { refundState, type OrderRefundRecord } from './order-refunds.ts';
import type { OrderView } from './orders.service.ts';
import { orderLines, orderRefundRows, orders } from './orders.tables.ts';

/**
 * A refund as the admin API takes it: `full` refunds every unit left of every line, otherwise
 * `lines` names units of lines (both together are refused, issue 41 §8: which one was meant?); `includeShipping` adds what is
 * left of the shipping fee; `toBalance` pays it back as store credit instead of to the payment.
 */
export const refundInputSchema = z
  .object({
    orderId: z.number().int().positive(),
    full: z.boolean().default(false),
    lines: z
      .array(
        z.object({
          lineNo: z.number().int().positive(),
          quantity: z.number().int().min(1, 'minst 1 st').max(100_000),
        }),
      )
      .max(500)
      .default([]),
    includeShipping: z.boolean().default(false),
    toBalance: z.boolean().default(false),
    reason: z.string().trim().max(500).default(''),
  })
  .refine((input) => input.full || input.lines.length > 0 || input.includeShipping, {
    message: 'välj minst en rad eller frakten',
    path: ['lines'],
  })
  .refine((input) => !(input.full && input.lines.length > 0), {
    message: 'välj antingen hela ordern eller enskilda rader, inte båda',
    path: ['lines'],
  });

/** A parsed refund. */
export type RefundInput = z.infer<typeof refundInputSchema>;

/** What a refund did. */
export interface RefundOutcome {
  orderId: number;
  refundNo: number;
  /** The rows written. */
  rows: OrderRefundRecord[];
  /** The sum of the rows incl. VAT, minor units. */
  amountIncVat: number;
  /** Everything refunded of the order now, incl. VAT. */
  refundedIncVat: number;
  /** What was paid (payments authorized or paid, plus the gift card), incl. VAT. */
  paidIncVat: number;
  /** The customer's balance after a refund as store credit; null otherwise. */
  balanceAfter: number | null;
}

/** REFUND_EXCEEDS_PAID with a Swedish message for staff (`argument` the field). */
function exceeds(message: string, argument: string): ShopError {
  return new ShopError('REFUND_EXCEEDS_PAID', message, { locale: 'sv', argument });
}

/**
 * What an order has been paid, incl. VAT: its payments that are authorized or paid, plus the
 * part paid with gift cards (minor units). A declined or pending payment counts as nothing.
 */
export async function paidAmountOf(db: Database, orderId: number, fromBalance: number) {
  const payments = (await paymentsByOrderIds(db, [orderId])).get(orderId) ?? [];
  const charged = payments
    .filter((p) => p.status === 'authorized' || p.status === 'paid')
    .reduce((sum, p) => sum + p.amount, 0);
  return charged + fromBalance;
}

/** Units and amounts of one line's refund: proportional, the exact remainder for the last units. */
function lineAmounts(
  line: OrderView['lines'][number],
  left: { remainingQuantity: number; remainingIncVat: number; remainingExVat: number },
  quantity: number,
) {
  if (quantity === left.remainingQuantity) {
    return { amountIncVat: left.remainingIncVat, amountExVat: left.remainingExVat };
  }
  const amountIncVat = Math.min(
    left.remainingIncVat,
    Math.round((line.totalIncVat * quantity) / line.quantity),
  );
  const amountExVat = Math.min(
    left.remainingExVat,
    amountIncVat,
    Math.round((line.totalExVat * quantity) / line.quantity),
  );
  return { amountIncVat, amountExVat };
}

/**
 * Refunds (part of) an order in one transaction: locks the order, checks the refund against
 * what is left and what was paid, writes the rows, credits the customer's balance when
 * `toBalance`, and records the audit entry `order.refund` with before/after.
 * @throws ShopError NOT_FOUND (Swedish) for an unknown order; BAD_USER_INPUT (Swedish) for an
 *   unknown line, nothing to refund, an order waiting for the employer or store credit on a
 *   guest order; REFUND_EXCEEDS_PAID (Swedish, `argument` the field) for more units or money
 *   than are left. Nothing is written then.
 */
export async function refundOrder(
  db: Database,
  input: RefundInput,
  actor: AuditActor,
  now: Date,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw swedishNotFound('Ordern finns inte.');
    if (order.status === 'awaiting_approval') {
      throw swedishInputError('Ordern väntar på arbetsgivaren och är inte betald.', 'orderId');
    }
    if (input.toBalance && order.customerId === null) {
      throw swedishInputError(
        'Ordern är lagd utan konto: återbetala till betalningen i stället.',
        'toBalance',
      );
    }
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.lineNo));
    const existing = await tx
      .select()
      .from(orderRefundRows)
      .where(eq(orderRefundRows.orderId, order.id))
      .orderBy(asc(orderRefundRows.id));
    const view: OrderView = { order, lines };
    const state = refundState(view, existing);
    const wanted = input.full
      ? state.lines
          .filter((l) => l.remainingQuantity > 0)
          .map((l) => ({ lineNo: l.lineNo, quantity: l.remainingQuantity }))
      : input.lines;
    const seen = new Set<number>();
    const newRows: Array<
      Pick<
        typeof orderRefundRows.$inferInsert,
        'lineNo' | 'quantity' | 'amountIncVat' | 'amountExVat'
      >
    > = [];
    for (const want of wanted) {
      const line = lines.find((l) => l.lineNo === want.lineNo);
      if (!line || seen.has(want.lineNo)) {
        throw swedishInputError(`Ordern har ingen rad ${want.lineNo}.`, 'lines');
      }
      seen.add(want.lineNo);
      const left = state.lines.find((l) => l.lineNo === want.lineNo)!;
      if (want.quantity > left.remainingQuantity) {
        throw exceeds(
          left.remainingQuantity === 0
            ? `Rad ${want.lineNo} (${line.name}) är redan helt återbetald.`
            : `Rad ${want.lineNo} (${line.name}): högst ${left.remainingQuantity} st kan återbetalas.`,
          'lines',
        );
      }
      newRows.push({
        lineNo: line.lineNo,
        quantity: want.quantity,
        ...lineAmounts(line, left, want.quantity),
      });
    }
    if (input.includeShipping) {
      if (state.shippingRemainingIncVat <= 0 && order.shippingFeeIncVat > 0) {
        throw exceeds('Frakten är redan återbetald.', 'includeShipping');
      }
      if (state.shippingRemainingIncVat > 0) {
        newRows.push({
          lineNo: null,
          quantity: 0,
          amountIncVat: state.shippingRemainingIncVat,
          amountExVat: state.shippingRemainingExVat,
        });
      }
    }
    const amountIncVat = newRows.reduce((sum, row) => sum + row.amountIncVat, 0);
    if (newRows.length === 0)
      throw swedishInputError('Det finns inget kvar att återbetala.', 'lines');
    const paidIncVat = await paidAmountOf(tx, order.id, order.fromBalance);
    if (state.refundedIncVat + amountIncVat > paidIncVat) {
      throw exceeds(
        `Återbetalningen (${amountIncVat / 100} ${order.currencyCode}) är större än det som ` +
          `finns kvar av det betalda (${Math.max(0, paidIncVat - state.refundedIncVat) / 100} ${order.currencyCode}).`,
        'lines',
      );
    }
    const [last] = await tx
      .select({ refundNo: max(orderRefundRows.refundNo) })
      .from(orderRefundRows)
      .where(eq(orderRefundRows.orderId, order.id));
    const refundNo = (last?.refundNo ?? 0) + 1;
    const rows = await tx
      .insert(orderRefundRows)
      .values(
        newRows.map((row) => ({
          ...row,
          orderId: order.id,
          refundNo,
          toBalance: input.toBalance,
          reason: input.reason,
          staffUserId: actor.staffUserId,
          staffEmail: actor.staffEmail,
        })),
      )
      .returning();
    const credit = input.toBalance
      ? await creditCustomerBalance(tx, order.customerId!, amountIncVat, order.currencyCode)
      : null;
    // To the payment: a provider's payment gets its refund call (issue 42), as a job.
    const operation = input.toBalance
      ? null
      : await queueRefund(tx, order.id, refundNo, amountIncVat, actor);
    await recordAudit(tx, {
      actor,
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      before: {
        refundedIncVat: state.refundedIncVat,
        paidIncVat,
        ...(credit ? { customerBalance: credit.before } : {}),
      },
      after: {
        refundedIncVat: state.refundedIncVat + amountIncVat,
        refundNo,
        amountIncVat,
        toBalance: input.toBalance,
        reason: input.reason,
        ...(operation ? { paymentOperation: operation.idempotencyKey } : {}),
        rows: rows.map((row) => ({
          lineNo: row.lineNo,
          quantity: row.quantity,
          amountIncVat: row.amountIncVat,
          amountExVat: row.amountExVat,
        })),
        ...(credit ? { customerBalance: credit.after } : {}),
      },
      at: now,
    });
    return {
      orderId: order.id,
      refundNo,
      rows,
      amountIncVat,
      refundedIncVat: state.refundedIncVat + amountIncVat,
      paidIncVat,
      balanceAfter: credit?.after ?? null,
    };
  });
}
