/**
 * Refunds of an order (GEINS-API §4.6 RefundType; SPEC §4 account order statuses; issue 27).
 * Two sources, one list:
 *
 * - refund rows (`order_refunds`), written by the back office's refund (order-refund.service.ts):
 *   some units of a line, or the shipping fee, paid back to the payment or as store credit;
 * - a cancellation: cancelling an order returns every unit of its lines to stock
 *   (order-process.ts), and what is left of every line after its refund rows is then refunded,
 *   at the cancellation, with its reason (never a row: it follows from the status history).
 *
 * {@link refundState} is the one computation of what has been refunded and what is left, read
 * by the refund writer (a refund never exceeds what was paid) and the back office's order page.
 * Amounts in minor units (öre) of the order's currency.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderCartItemId } from './order-cart.ts';
import type { OrderLineRecord, OrderView } from './orders.service.ts';
import { orderLines, orderRefundRows, orders, orderStatusHistory } from './orders.tables.ts';

/** When and why an order was cancelled (its status history row). */
export interface OrderCancellation {
  at: Date;
  reason: string;
}

/** A row of `order_refunds`. */
export type OrderRefundRecord = typeof orderRefundRows.$inferSelect;

/** A refund of one order line or of the shipping fee, as the shop API shows it. */
export interface OrderRefund {
  /**
   * Unique over all orders: the row's id for a refund row; order id × 10 000 + line number
   * (above 10⁹) for a line refunded by the cancellation.
   */
  id: number;
  /** The line's id in `OrderType.cart.items` ({@link orderCartItemId}); 0 for the shipping fee. */
  itemId: number;
  /** The line's SKU article number; null for the shipping fee. */
  articleNumber: string | null;
  createdAt: Date;
  reason: string;
  /**
   * `cancellation` (what was left of the line, with the order), `line` (units of a line) or
   * `shipping` (the shipping fee).
   */
  refundType: 'cancellation' | 'line' | 'shipping';
  /** Paid back as store credit (the customer's balance); else to the payment. */
  toBalance: boolean;
  /** The amount refunded incl. VAT, minor units. */
  totalIncVat: number;
  /** The VAT of that amount, minor units. */
  vat: number;
}

/** What has been refunded of one line, and what is left of it. */
export interface LineRefundState {
  lineNo: number;
  refundedQuantity: number;
  refundedIncVat: number;
  refundedExVat: number;
  /** Units that can still be refunded (0 once cancelled). */
  remainingQuantity: number;
  remainingIncVat: number;
  remainingExVat: number;
}

/** What has been refunded of an order, and what is left (minor units). */
export interface RefundState {
  lines: LineRefundState[];
  shippingRefundedIncVat: number;
  shippingRemainingIncVat: number;
  shippingRemainingExVat: number;
  /** Everything refunded incl. VAT: the rows and, for a cancelled order, its lines' remainder. */
  refundedIncVat: number;
}

function sumOf(rows: readonly OrderRefundRecord[], pick: (row: OrderRefundRecord) => number) {
  return rows.reduce((sum, row) => sum + pick(row), 0);
}

/**
 * What has been refunded of an order and what is left: per line (units and amounts after its
 * refund rows; nothing left of a cancelled order's lines, which the cancellation refunded) and
 * of the shipping fee.
 */
export function refundState(view: OrderView, rows: readonly OrderRefundRecord[]): RefundState {
  const cancelled = view.order.status === 'cancelled';
  let refundedIncVat = sumOf(rows, (row) => row.amountIncVat);
  const lines = view.lines.map((line) => {
    const ofLine = rows.filter((row) => row.lineNo === line.lineNo);
    const refundedQuantity = sumOf(ofLine, (row) => row.quantity);
    const refundedInc = sumOf(ofLine, (row) => row.amountIncVat);
    const refundedEx = sumOf(ofLine, (row) => row.amountExVat);
    const leftInc = Math.max(0, line.totalIncVat - refundedInc);
    const leftEx = Math.max(0, line.totalExVat - refundedEx);
    if (cancelled) refundedIncVat += leftInc;
    return {
      lineNo: line.lineNo,
      refundedQuantity: cancelled ? line.quantity : refundedQuantity,
      refundedIncVat: cancelled ? refundedInc + leftInc : refundedInc,
      refundedExVat: cancelled ? refundedEx + leftEx : refundedEx,
      remainingQuantity: cancelled ? 0 : Math.max(0, line.quantity - refundedQuantity),
      remainingIncVat: cancelled ? 0 : leftInc,
      remainingExVat: cancelled ? 0 : leftEx,
    };
  });
  const shippingRows = rows.filter((row) => row.lineNo === null);
  const shippingRefundedIncVat = sumOf(shippingRows, (row) => row.amountIncVat);
  return {
    lines,
    shippingRefundedIncVat,
    shippingRemainingIncVat: Math.max(0, view.order.shippingFeeIncVat - shippingRefundedIncVat),
    shippingRemainingExVat: Math.max(
      0,
      view.order.shippingFeeExVat - sumOf(shippingRows, (row) => row.amountExVat),
    ),
    refundedIncVat,
  };
}

function articleOf(line: OrderLineRecord | undefined): string | null {
  return line ? line.skuArticleNumber || line.articleNumber : null;
}

/**
 * The refunds of an order, oldest first: its refund rows, then, when `cancellation` is given
 * (the order was cancelled), what was left of every line at the cancellation.
 * @param rows the order's `order_refunds` rows (none when omitted)
 */
export function orderRefunds(
  view: OrderView,
  cancellation: OrderCancellation | null | undefined,
  rows: readonly OrderRefundRecord[] = [],
): OrderRefund[] {
  const refunds: OrderRefund[] = rows.map((row) => {
    const line = view.lines.find((l) => l.lineNo === row.lineNo);
    return {
      id: row.id,
      itemId: row.lineNo === null ? 0 : orderCartItemId(view.order.id, row.lineNo),
      articleNumber: row.lineNo === null ? null : articleOf(line),
      createdAt: row.createdAt,
      reason: row.reason,
      refundType: row.lineNo === null ? 'shipping' : 'line',
      toBalance: row.toBalance,
      totalIncVat: row.amountIncVat,
      vat: row.amountIncVat - row.amountExVat,
    };
  });
  if (view.order.status !== 'cancelled' || !cancellation) return refunds;
  const state = refundState({ ...view, order: { ...view.order, status: 'received' } }, rows);
  for (const line of view.lines) {
    const left = state.lines.find((l) => l.lineNo === line.lineNo)!;
    if (left.remainingIncVat <= 0 && left.remainingQuantity <= 0) continue;
    refunds.push({
      id: view.order.id * 10_000 + line.lineNo,
      itemId: orderCartItemId(view.order.id, line.lineNo),
      articleNumber: articleOf(line),
      createdAt: cancellation.at,
      reason: cancellation.reason,
      refundType: 'cancellation',
      toBalance: false,
      totalIncVat: left.remainingIncVat,
      vat: left.remainingIncVat - left.remainingExVat,
    });
  }
  return refunds;
}

/**
 * The refund rows of several orders in one statement (a DataLoader's batch): order id → its
 * rows, oldest first. Orders without rows are absent from the map.
 */
export async function refundRowsByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, OrderRefundRecord[]>> {
  const rows = await db
    .select()
    .from(orderRefundRows)
    .where(inArray(orderRefundRows.orderId, [...orderIds]))
    .orderBy(asc(orderRefundRows.id));
  const byOrder = new Map<number, OrderRefundRecord[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
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

/**
 * One back-office refund with what a provider needs to list its lines (issue 42, Kustom's
 * refund `order_lines`): the order, its lines and the refund's rows (`refundNo`), oldest first.
 * @returns null for an unknown order or a refund without rows
 */
export async function refundWithOrderLines(
  db: Database,
  orderId: number,
  refundNo: number,
): Promise<{
  order: typeof orders.$inferSelect;
  lines: Array<typeof orderLines.$inferSelect>;
  rows: OrderRefundRecord[];
} | null> {
  const rows = await db
    .select()
    .from(orderRefundRows)
    .where(and(eq(orderRefundRows.orderId, orderId), eq(orderRefundRows.refundNo, refundNo)))
    .orderBy(asc(orderRefundRows.id));
  if (rows.length === 0) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { order, lines, rows };
}
