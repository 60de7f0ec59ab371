/**
 * Reading customers in the back office (issue 27 "Customers"): search by e-mail, name, phone,
 * personal/organisation number, customer id or order number, paged; and one customer's page:
 * profile, balance, orders (orders module), newsletter status with its consent and reviews
 * (engagement module). Changes (erasure, impersonation, export) are customer-admin.service.ts.
 *
 * Guest buyers are customers too (issue 40 point 5): an e-mail address with orders and no
 * account is listed by the search (`guest: true`, `id` null) and has a page by its address,
 * built from its orders (orders/guest-orders.service.ts). An account's page also shows the guest
 * orders of its address that have not joined it yet (the address not proved).
 */
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { engagementOfPerson, type EngagementOfPerson } from '../engagement/personal-data.ts';
import {
  findGuestBuyer,
  searchGuestBuyers,
  type GuestBuyer,
} from '../orders/guest-orders.service.ts';
import {
  getOrderView,
  listGuestOrdersByEmail,
  listOrdersForCustomer,
  type OrderView,
} from '../orders/orders.service.ts';
import { findCustomer, type Customer } from './customers.service.ts';
import { customers } from './customers.tables.ts';

/** Most customers one search page holds. */
export const MAX_CUSTOMER_PAGE = 50;

/** A customer as a search result lists it: an account, or a guest buyer (`guest`). */
export interface CustomerSummary {
  /** The account's id; null for a guest (no account: found by `email`). */
  id: number | null;
  /** True for a guest buyer: orders with this address and no account. */
  guest: boolean;
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
  /** When the account was made; a guest's first order. */
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
  guest: sql<boolean>`false`.mapWith(Boolean),
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

/** A guest buyer as a search result. */
function guestSummary(guest: GuestBuyer): CustomerSummary {
  return {
    id: null,
    guest: true,
    email: guest.email,
    firstName: guest.firstName,
    lastName: guest.lastName,
    company: guest.company,
    phone: guest.phone,
    customerType: guest.customerType,
    newsletter: false,
    balance: 0,
    balanceCurrency: guest.currencyCode,
    createdAt: guest.createdAt,
  };
}

/**
 * Customers whose e-mail, name or company contains `query` (any case), whose phone, mobile,
 * personal or organisation number contains its digits, whose id it is, or who placed the order
 * with that number: accounts and guest buyers (by their orders' e-mail, name, phone, identity
 * number or order number), newest first (an account by its creation, a guest by its first
 * order). An empty query lists every customer. Four statements (five with an order number).
 * @param take 1–{@link MAX_CUSTOMER_PAGE}; `skip` ≥ 0
 */
export async function searchCustomers(
  db: Database,
  query: string,
  take = 20,
  skip = 0,
): Promise<CustomerPage> {
  const where = await searchCondition(db, query);
  const size = Math.min(Math.max(take, 1), MAX_CUSTOMER_PAGE);
  const start = Math.max(skip, 0);
  // The page of the merged list lies within the first skip + take of each list.
  const [accounts, [accountTotal], guests] = await Promise.all([
    db
      .select(summaryColumns)
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(start + size),
    db.select({ n: count() }).from(customers).where(where),
    searchGuestBuyers(db, query, start + size),
  ]);
  const merged = [...accounts, ...guests.items.map(guestSummary)].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  );
  return {
    total: (accountTotal?.n ?? 0) + guests.total,
    items: merged.slice(start, start + size),
  };
}

/** One order as the customer page lists it (amounts in öre of `currencyCode`). */
export interface CustomerOrderSummary {
  id: number;
  /** Placed without an account (a guest order with the customer's address). */
  guest: boolean;
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

/** The profile a customer page shows: an account's, or a guest's from its newest order. */
export type CustomerProfile = Pick<
  Customer,
  | 'email'
  | 'customerType'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'phone'
  | 'mobile'
  | 'addressLine1'
  | 'zip'
  | 'city'
  | 'country'
  | 'personalId'
  | 'balance'
  | 'balanceCurrency'
  | 'newsletter'
  | 'createdAt'
> & {
  /** The account's id; null for a guest. */
  id: number | null;
};

/** A customer's page in the back office. */
export interface CustomerOverview {
  customer: CustomerProfile;
  /** True for a guest buyer (no account). */
  guest: boolean;
  /** The account's orders and the guest orders of its address, newest first. */
  orders: CustomerOrderSummary[];
  engagement: EngagementOfPerson;
}

/** The page's rows of `views`. */
function orderSummaries(views: OrderView[]): CustomerOrderSummary[] {
  return views
    .map(({ order, lines }) => ({
      id: order.id,
      guest: order.customerId === null,
      createdAt: order.createdAt,
      status: order.status,
      marketId: order.marketId,
      currencyCode: order.currencyCode,
      orderValueIncVat: order.orderValueIncVat,
      quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/**
 * Everything the orders module holds of a customer: the account's orders (none for a guest)
 * and the guest orders placed with its address. For the page, the export and the erasure.
 */
export async function ordersOfPerson(
  db: Database,
  customerId: number | null,
  email: string,
): Promise<OrderView[]> {
  const [own, guest] = await Promise.all([
    customerId === null ? [] : listOrdersForCustomer(db, customerId),
    listGuestOrdersByEmail(db, email),
  ]);
  return [...own, ...guest];
}

/** The order statuses of an order still to be delivered or decided (SPEC §4). */
export const OPEN_ORDER_STATUSES: readonly string[] = [
  'awaiting_approval',
  'received',
  'processing',
];

/**
 * A customer with their orders (newest first; the guest orders of the address too),
 * newsletter subscription, back-in-stock requests and reviews; null when there is no such
 * account.
 */
export async function customerOverview(
  db: Database,
  customerId: number,
): Promise<CustomerOverview | null> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return null;
  const [orderViews, engagement] = await Promise.all([
    ordersOfPerson(db, customerId, customer.email),
    engagementOfPerson(db, customer.email, customerId),
  ]);
  const { passwordHash: _hash, ...profile } = customer;
  return { customer: profile, guest: false, orders: orderSummaries(orderViews), engagement };
}

/** A guest's profile: the newest order's billing address, e-mail, phone and identity number. */
export function guestProfile(
  guest: GuestBuyer,
  newestOrder: OrderView | undefined,
): CustomerProfile {
  const address = newestOrder?.order.billingAddress ?? {};
  return {
    id: null,
    email: guest.email,
    customerType: guest.customerType,
    firstName: guest.firstName,
    lastName: guest.lastName,
    company: guest.company,
    phone: guest.phone,
    mobile: address.mobile ?? '',
    addressLine1: address.addressLine1 ?? '',
    zip: address.zip ?? '',
    city: address.city ?? '',
    country: address.country ?? '',
    personalId: newestOrder?.order.identityNumber ?? '',
    balance: 0,
    balanceCurrency: guest.currencyCode,
    newsletter: false,
    createdAt: guest.createdAt,
  };
}

/**
 * A guest buyer's page by the address `email` (any case): the profile from the newest order,
 * the guest orders, and the newsletter subscription and back-in-stock requests of the address;
 * null when the address has no guest orders (or has an account: its page is by id).
 */
export async function guestOverview(db: Database, email: string): Promise<CustomerOverview | null> {
  const guest = await findGuestBuyer(db, email);
  if (!guest) return null;
  const [orderViews, engagement] = await Promise.all([
    listGuestOrdersByEmail(db, guest.email),
    engagementOfPerson(db, guest.email, null),
  ]);
  const orders = orderSummaries(orderViews);
  const newest = orderViews.find((view) => view.order.id === orders[0]?.id);
  return { customer: guestProfile(guest, newest), guest: true, orders, engagement };
}
