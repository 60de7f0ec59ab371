/**
 * Reading customers in the back office (issue 27 "Customers"): search by e-mail, name, phone,
 * personal/organisation number, customer id or order number, paged; and one customer's page:
 * profile, balance, orders (orders module), newsletter status with its consent and reviews
 * (engagement module). Changes (erasure, impersonation, export) are customer-admin.service.ts.
 */
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { engagementOfPerson, type EngagementOfPerson } from '../engagement/personal-data.ts';
import { getOrderView, listOrdersForCustomer } from '../orders/orders.service.ts';
import { findCustomer, type Customer } from './customers.service.ts';
import { customers } from './customers.tables.ts';

/** Most customers one search page holds. */
export const MAX_CUSTOMER_PAGE = 50;

/** A customer as a search result lists it. */
export interface CustomerSummary {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  /** PERSON or ORGANIZATION. */
  customerType: string;
  /** The account's newsletter choice (the subscription may still await confirmation). */
  newsletter: boolean;
  /** Store credit in öre of `balanceCurrency`. */
  balance: number;
  balanceCurrency: string;
  createdAt: Date;
}

/** One page of a search. */
export interface CustomerPage {
  /** Matches in all pages. */
  total: number;
  items: CustomerSummary[];
}

const summaryColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  company: customers.company,
  phone: customers.phone,
  customerType: customers.customerType,
  newsletter: customers.newsletter,
  balance: customers.balance,
  balanceCurrency: customers.balanceCurrency,
  createdAt: customers.createdAt,
};

/** `text` with LIKE's wildcards escaped (backslash is PostgreSQL's default escape). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The condition of a search text; an order number matches the order's customer. */
async function searchCondition(db: Database, query: string): Promise<SQL | undefined> {
  const q = query.trim();
  if (!q) return undefined;
  const contains = `%${likeLiteral(q)}%`;
  const fullName = sql`${customers.firstName} || ' ' || ${customers.lastName}`;
  const conditions: SQL[] = [
    ilike(customers.email, contains),
    sql`${fullName} ilike ${contains}`,
    ilike(customers.company, contains),
  ];
  const digits = q.replace(/[\s-]/g, '');
  if (/^\+?\d{3,}$/.test(digits)) {
    conditions.push(ilike(customers.phone, `%${likeLiteral(q)}%`));
    conditions.push(ilike(customers.mobile, `%${likeLiteral(q)}%`));
    conditions.push(ilike(customers.personalId, `%${digits}%`));
    conditions.push(sql`replace(${customers.organizationId}, '-', '') like ${`%${digits}%`}`);
  }
  if (/^\d{1,9}$/.test(q)) {
    const id = Number(q);
    conditions.push(eq(customers.id, id));
    const order = await getOrderView(db, id);
    if (order?.order.customerId) conditions.push(eq(customers.id, order.order.customerId));
  }
  return or(...conditions);
}

/**
 * Customers whose e-mail, name or company contains `query` (any case), whose phone, mobile,
 * personal or organisation number contains its digits, whose id it is, or who placed the order
 * with that number; newest accounts first. An empty query lists every customer.
 * @param take 1–{@link MAX_CUSTOMER_PAGE}; `skip` ≥ 0
 */
export async function searchCustomers(
  db: Database,
  query: string,
  take = 20,
  skip = 0,
): Promise<CustomerPage> {
  const where = await searchCondition(db, query);
  const [items, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(Math.min(Math.max(take, 1), MAX_CUSTOMER_PAGE))
      .offset(Math.max(skip, 0)),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/** One order as the customer page lists it (amounts in öre of `currencyCode`). */
export interface CustomerOrderSummary {
  id: number;
  createdAt: Date;
  /** awaiting_approval, received, processing, completed or cancelled (SPEC §4). */
  status: string;
  marketId: string;
  currencyCode: string;
  /** The order's value incl. VAT, öre. */
  orderValueIncVat: number;
  /** Units ordered (all lines). */
  quantity: number;
}

/** A customer's page in the back office. */
export interface CustomerOverview {
  customer: Customer;
  orders: CustomerOrderSummary[];
  engagement: EngagementOfPerson;
}

/** The order statuses of an order still to be delivered or decided (SPEC §4). */
export const OPEN_ORDER_STATUSES: readonly string[] = [
  'awaiting_approval',
  'received',
  'processing',
];

/**
 * A customer with their orders (newest first), newsletter subscription, back-in-stock requests
 * and reviews; null when there is no such account.
 */
export async function customerOverview(
  db: Database,
  customerId: number,
): Promise<CustomerOverview | null> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return null;
  const [orderViews, engagement] = await Promise.all([
    listOrdersForCustomer(db, customerId),
    engagementOfPerson(db, customer.email, customerId),
  ]);
  const orders = orderViews.map(({ order, lines }) => ({
    id: order.id,
    createdAt: order.createdAt,
    status: order.status,
    marketId: order.marketId,
    currencyCode: order.currencyCode,
    orderValueIncVat: order.orderValueIncVat,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
  }));
  return { customer, orders, engagement };
}
