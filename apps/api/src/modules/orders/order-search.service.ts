/**
 * Reading orders in the back office (issue 27 "Orders"): the order list with filters (status,
 * market, date, payment option, store pickup) and search (order number, e-mail, name), paged,
 * newest first; and one order in full: lines, VAT per rate, totals, payments, parcels, refunds
 * (what is left to refund), the customer and the history (every status change, note and refund,
 * who and when). Amounts in minor units (öre) of the order's currency.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findCustomer } from '../customers/customers.service.ts';
import { paymentsByOrderIds, type OrderPaymentRecord } from '../payments/payments.service.ts';
import { ORDER_STATUS_NAMES, ORDER_TRANSITIONS, type OrderStatus } from './order-process.ts';
import { paidAmountOf } from './order-refund.service.ts';
import {
  cancellationsByOrderIds,
  orderRefunds,
  refundRowsByOrderIds,
  refundState,
  type OrderRefund,
  type RefundState,
} from './order-refunds.ts';
import { orderTotals, type OrderTotals } from './order-totals.ts';
import { paymentStateOf, type PaymentState } from './payment-state.ts';
import {
  getOrderView,
  linesByOrderIds,
  shipmentsOfOrder,
  type OrderRecord,
  type OrderShipmentRecord,
  type OrderView,
} from './orders.service.ts';
import { orderNotes, orderRefundRows, orders, orderStatusHistory } from './orders.tables.ts';

/** Most orders on one page of the list. */
export const MAX_ORDER_PAGE = 100;

/** Filters of {@link searchOrders}; each is optional. */
export interface OrderFilter {
  status?: OrderStatus | null | undefined;
  marketId?: string | null | undefined;
  /** Orders placed at or after this instant. */
  from?: Date | null | undefined;
  /** Orders placed before this instant. */
  to?: Date | null | undefined;
  /** The payment option (`orders.paymentId`). */
  paymentId?: number | null | undefined;
  /** true: only store pickup orders; false: none of them. */
  storePickup?: boolean | null | undefined;
  /** An order number (exact), or part of the e-mail address or the billing name. */
  query?: string | null | undefined;
}

/** A row of the order list. */
export interface OrderListItem {
  id: number;
  createdAt: Date;
  status: string;
  email: string;
  /** The billing name, "first last" (or the company). */
  name: string;
  marketId: string;
  currencyCode: string;
  orderValueIncVat: number;
  paymentId: number;
  paymentName: string;
  shippingName: string;
  /** The store of a store pickup order; null otherwise. */
  pickupPoint: string | null;
  /** Paid, reserved, refunded… ({@link paymentStateOf}, the same as on the order page). */
  paymentState: PaymentState;
}

/** A page of the list and how many orders match in all. */
export interface OrderPage {
  items: OrderListItem[];
  total: number;
}

/** The billing name of an order. */
export function billingNameOf(order: Pick<OrderRecord, 'billingAddress'>): string {
  const address = order.billingAddress;
  const name = `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim();
  return name || address.company || '';
}

/** The SQL conditions of a filter (an ILIKE pattern's % and _ typed by staff are literal). */
function conditionsOf(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.marketId) conditions.push(eq(orders.marketId, filter.marketId));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
  if (filter.paymentId != null) conditions.push(eq(orders.paymentId, filter.paymentId));
  if (filter.storePickup === true) conditions.push(isNotNull(orders.pickupPoint));
  if (filter.storePickup === false) conditions.push(isNull(orders.pickupPoint));
  const query = filter.query?.trim();
  if (query) {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const name = sql`(coalesce(${orders.billingAddress} ->> 'firstName', '') || ' ' || coalesce(${orders.billingAddress} ->> 'lastName', ''))`;
    const matches: SQL[] = [
      ilike(orders.email, pattern),
      sql`${name} ilike ${pattern}`,
      sql`coalesce(${orders.billingAddress} ->> 'company', '') ilike ${pattern}`,
    ];
    const number = query.replace(/^#/, '');
    if (/^\d{1,9}$/.test(number)) matches.push(eq(orders.id, Number(number)));
    conditions.push(or(...matches)!);
  }
  return conditions;
}

/**
 * The orders matching `filter`, newest first, `take` of them after `skip` (two statements: the
 * page and the count).
 */
export async function searchOrders(
  db: Database,
  filter: OrderFilter,
  skip: number,
  take: number,
): Promise<OrderPage> {
  const where = and(...conditionsOf(filter));
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(skip)
    .limit(Math.min(take, MAX_ORDER_PAGE));
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const ids = rows.map((order) => order.id);
  const [payments, refundRows, lines] = await Promise.all([
    paymentsByOrderIds(db, ids),
    refundRowsByOrderIds(db, ids),
    linesByOrderIds(db, ids),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      email: order.email,
      name: billingNameOf(order),
      marketId: order.marketId,
      currencyCode: order.currencyCode,
      orderValueIncVat: order.orderValueIncVat,
      paymentId: order.paymentId,
      paymentName: order.paymentName,
      shippingName: order.shippingName,
      pickupPoint: order.pickupPoint,
      paymentState: paymentStateOf(
        payments.get(order.id) ?? [],
        order.fromBalance,
        refundState(
          { order, lines: lines.get(order.id) ?? [], shipments: [] },
          refundRows.get(order.id) ?? [],
        ).refundedIncVat,
      ),
    })),
  };
}

/**
 * The values the list's filters offer: the statuses (code and Swedish name, in the order's
 * life), and the markets and payment options orders have.
 */
export async function orderFilterOptions(db: Database) {
  const markets = await db
    .selectDistinct({ marketId: orders.marketId })
    .from(orders)
    .orderBy(asc(orders.marketId));
  const payments = await db
    .selectDistinct({ id: orders.paymentId, name: orders.paymentName })
    .from(orders)
    .orderBy(asc(orders.paymentId), asc(orders.paymentName));
  const byId = new Map<number, string>();
  for (const p of payments) if (!byId.has(p.id)) byId.set(p.id, p.name);
  return {
    statuses: Object.entries(ORDER_STATUS_NAMES).map(([code, name]) => ({ code, name })),
    markets: markets.map((m) => m.marketId),
    payments: [...byId].map(([id, name]) => ({ id, name })),
  };
}

/** One entry of an order's history. */
export interface OrderHistoryEntry {
  at: Date;
  /** `status` (a status change), `note`, `confirmation` (resent) or `refund`. */
  kind: 'status' | 'note' | 'confirmation' | 'refund';
  fromStatus: string | null;
  toStatus: string | null;
  /** The reason of a status change, the note, or the refund's reason. */
  text: string;
  /** A refund's amount incl. VAT; null otherwise. */
  amountIncVat: number | null;
  /** Who: the staff user's e-mail; null for the shop itself (checkout, the employer's answer). */
  staffEmail: string | null;
}

/** The customer of an order (null for a guest or an erased account). */
export interface OrderCustomer {
  id: number;
  email: string;
  name: string;
  /** Store credit, minor units of `balanceCurrency`. */
  balance: number;
  balanceCurrency: string;
}

/** One order in full for the back office. */
export interface OrderDetail extends OrderView {
  shipments: OrderShipmentRecord[];
  payments: OrderPaymentRecord[];
  totals: OrderTotals;
  refunds: OrderRefund[];
  refundState: RefundState;
  /** What was paid incl. VAT (payments authorized or paid, plus the gift card). */
  paidIncVat: number;
  /** Paid, reserved, refunded… ({@link paymentStateOf}, the same as in the order list). */
  paymentState: PaymentState;
  customer: OrderCustomer | null;
  history: OrderHistoryEntry[];
  /** The statuses staff may move it to now (the transitions table; none while awaiting the employer). */
  nextStatuses: OrderStatus[];
}

/** An order's history: status changes, notes and refunds, oldest first. Three statements. */
async function historyOf(db: Database, orderId: number): Promise<OrderHistoryEntry[]> {
  const statuses = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const notes = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.id));
  const refunds = await db
    .select({
      refundNo: orderRefundRows.refundNo,
      at: sql<Date>`min(${orderRefundRows.createdAt})`.mapWith(orderRefundRows.createdAt),
      amount: sql<number>`sum(${orderRefundRows.amountIncVat})`.mapWith(Number),
      reason: sql<string>`min(${orderRefundRows.reason})`,
      staffEmail: sql<string | null>`min(${orderRefundRows.staffEmail})`,
      toBalance: sql<boolean>`bool_or(${orderRefundRows.toBalance})`,
    })
    .from(orderRefundRows)
    .where(eq(orderRefundRows.orderId, orderId))
    .groupBy(orderRefundRows.refundNo);
  const entries: OrderHistoryEntry[] = [
    ...statuses.map((s) => ({
      at: s.at,
      kind: 'status' as const,
      fromStatus: s.fromStatus,
      toStatus: s.toStatus,
      text: s.reason,
      amountIncVat: null,
      staffEmail: s.staffEmail,
    })),
    ...notes.map((n) => ({
      at: n.at,
      kind: n.kind === 'confirmation' ? ('confirmation' as const) : ('note' as const),
      fromStatus: null,
      toStatus: null,
      text: n.text,
      amountIncVat: null,
      staffEmail: n.staffEmail,
    })),
    ...refunds.map((r) => ({
      at: r.at,
      kind: 'refund' as const,
      fromStatus: null,
      toStatus: null,
      text: `${r.toBalance ? 'Till kundens saldo' : 'Till betalningen'}${r.reason ? `: ${r.reason}` : ''}`,
      amountIncVat: r.amount,
      staffEmail: r.staffEmail,
    })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** One order in full (see {@link OrderDetail}), or null when unknown. */
export async function getOrderDetail(db: Database, orderId: number): Promise<OrderDetail | null> {
  const view = await getOrderView(db, orderId);
  if (!view) return null;
  const { order } = view;
  const [shipments, payments, rows, cancellations, history, customer, paidIncVat] =
    await Promise.all([
      shipmentsOfOrder(db, orderId),
      paymentsByOrderIds(db, [orderId]),
      refundRowsByOrderIds(db, [orderId]),
      cancellationsByOrderIds(db, [orderId]),
      historyOf(db, orderId),
      order.customerId === null ? undefined : findCustomer(db, order.customerId),
      paidAmountOf(db, orderId, order.fromBalance),
    ]);
  const refundRows = rows.get(orderId) ?? [];
  const paymentsOfOrder = payments.get(orderId) ?? [];
  const refunded = refundState(view, refundRows);
  return {
    ...view,
    shipments,
    payments: paymentsOfOrder,
    totals: orderTotals(order),
    refunds: orderRefunds(view, cancellations.get(orderId), refundRows),
    refundState: refunded,
    paidIncVat,
    paymentState: paymentStateOf(paymentsOfOrder, order.fromBalance, refunded.refundedIncVat),
    customer: customer
      ? {
          id: customer.id,
          email: customer.email,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          balance: customer.balance,
          balanceCurrency: customer.balanceCurrency,
        }
      : null,
    history,
    // The employer answers a förmånscykel application (issue 21); staff move the others.
    nextStatuses:
      order.status === 'awaiting_approval'
        ? []
        : [...(ORDER_TRANSITIONS[order.status as OrderStatus] ?? [])],
  };
}
