/**
 * Refunds of an order (GEINS-API §4.6 RefundType; SPEC §4 account order statuses). The shop
 * refunds by cancelling: cancelling an order returns every unit of its lines to stock
 * (order-process.ts), and every line is then refunded in full, at the cancellation, with its
 * reason. A placed order that is not cancelled has no refunds (returns of single lines are not
 * registered by the shop yet). Amounts in minor units (öre) of the order's currency.
 */
import { inArray, and, eq, asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderCartItemId } from './order-cart.ts';
import type { OrderView } from './orders.service.ts';
import { orderStatusHistory } from './orders.tables.ts';

/** When and why an order was cancelled (its status history row). */
export interface OrderCancellation {
  at: Date;
  reason: string;
}

/** A refund of one order line. */
export interface OrderRefund {
  /** Unique over all orders: order id × 10 000 + line number. */
  id: number;
  /** The line's id in `OrderType.cart.items` ({@link orderCartItemId}). */
  itemId: number;
  articleNumber: string;
  createdAt: Date;
  reason: string;
  /** "cancellation": the whole line, with the order. */
  refundType: 'cancellation';
  /** Refunded to the customer's balance (store credit): never, the payment is refunded. */
  toBalance: false;
  /** The amount paid for the line incl. VAT, minor units. */
  totalIncVat: number;
  /** The VAT of that amount, minor units. */
  vat: number;
}

/**
 * The refunds of an order: one per line, the line's paid amount, when `cancellation` is given
 * (the order was cancelled); none otherwise.
 */
export function orderRefunds(
  view: OrderView,
  cancellation: OrderCancellation | null | undefined,
): OrderRefund[] {
  if (view.order.status !== 'cancelled' || !cancellation) return [];
  return view.lines.map((line) => ({
    id: view.order.id * 10_000 + line.lineNo,
    itemId: orderCartItemId(view.order.id, line.lineNo),
    articleNumber: line.skuArticleNumber || line.articleNumber,
    createdAt: cancellation.at,
    reason: cancellation.reason,
    refundType: 'cancellation',
    toBalance: false,
    totalIncVat: line.totalIncVat,
    vat: line.totalIncVat - line.totalExVat,
  }));
}

/**
 * The cancellations of several orders in one statement (a DataLoader's batch): order id → the
 * first move to `cancelled` (there is only one: cancelled is final). Orders never cancelled are
 * absent from the map.
 */
export async function cancellationsByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, OrderCancellation>> {
  const rows = await db
    .select({
      orderId: orderStatusHistory.orderId,
      at: orderStatusHistory.at,
      reason: orderStatusHistory.reason,
    })
    .from(orderStatusHistory)
    .where(
      and(
        inArray(orderStatusHistory.orderId, [...orderIds]),
        eq(orderStatusHistory.toStatus, 'cancelled'),
      ),
    )
    .orderBy(asc(orderStatusHistory.id));
  const byOrder = new Map<number, OrderCancellation>();
  for (const row of rows) {
    if (!byOrder.has(row.orderId)) byOrder.set(row.orderId, { at: row.at, reason: row.reason });
  }
  return byOrder;
}
