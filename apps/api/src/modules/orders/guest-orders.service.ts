/**
 * Guest buyers (issue 40 point 5: "Customers are found by e-mail whether or not they
 * registered"): the orders placed without an account, grouped by their e-mail address (in lower
 * case), for the back office's customer search; and the join of a guest's orders to the account
 * that later proves the same address ({@link joinGuestOrders}). Anonymised orders (an erasure)
 * are nobody's. Only this module touches the `orders` table.
 */
import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers } from '../customers/customers.tables.ts';
import { ANONYMISED_EMAIL } from './orders-anonymise.service.ts';
import { guestOrdersOf } from './orders.service.ts';
import { orders } from './orders.tables.ts';

/** A guest buyer: an e-mail address with orders and no account, as the customer search lists it. */
export interface GuestBuyer {
  /** The address, lower case. */
  email: string;
  /** From the newest order's billing address ('' when not given). */
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  /** PERSON or ORGANIZATION, of the newest order. */
  customerType: string;
  /** The newest order's currency. */
  currencyCode: string;
  /** The first order's time (when the guest became a customer). */
  createdAt: Date;
  /** Guest orders with the address. */
  orderCount: number;
}

const lowerEmail = sql<string>`lower(${orders.email})`;

/** `text` with LIKE's wildcards escaped (backslash is PostgreSQL's default escape). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The newest order's value of `value` in a group. */
function newest(value: SQL): SQL<string> {
  return sql<string>`(array_agg(${value} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`;
}

/** Guest orders (no account, not anonymised) whose address has no account either. */
function guestBuyerOrders(): SQL {
  return and(
    isNull(orders.customerId),
    ne(lowerEmail, ANONYMISED_EMAIL),
    sql`not exists (select 1 from ${customers} where ${customers.email} = ${lowerEmail})`,
  )!;
}

/**
 * Guest orders (no account, not anonymised) whose address has no account either (an account
 * with the address that has not proved it yet keeps them apart), matching `query`: the e-mail,
 * billing name or company contains it (any case), the phone or personnummer/organisationsnummer
 * contains its digits, or it is the order number.
 */
function guestCondition(query: string): SQL {
  const conditions: SQL[] = [guestBuyerOrders()];
  const q = query.trim();
  if (q) {
    const contains = `%${likeLiteral(q)}%`;
    const name = sql`(coalesce(${orders.billingAddress} ->> 'firstName', '') || ' ' || coalesce(${orders.billingAddress} ->> 'lastName', ''))`;
    const matches: SQL[] = [
      ilike(orders.email, contains),
      sql`${name} ilike ${contains}`,
      sql`coalesce(${orders.billingAddress} ->> 'company', '') ilike ${contains}`,
    ];
    const digits = q.replace(/[\s-]/g, '');
    if (/^\+?\d{3,}$/.test(digits)) {
      matches.push(ilike(orders.phone, contains));
      matches.push(sql`replace(${orders.identityNumber}, '-', '') like ${`%${digits}%`}`);
    }
    const number = q.replace(/^#/, '');
    if (/^\d{1,9}$/.test(number)) matches.push(eq(orders.id, Number(number)));
    conditions.push(or(...matches)!);
  }
  return and(...conditions)!;
}

/**
 * The guest buyers matching `query` (see {@link guestCondition}; empty: all), newest first
 * (by their first order), at most `limit` of them, and how many match in all. Two statements.
 */
export async function searchGuestBuyers(
  db: Database,
  query: string,
  limit: number,
): Promise<{ total: number; items: GuestBuyer[] }> {
  return guestBuyersWhere(db, guestCondition(query), limit);
}

async function guestBuyersWhere(
  db: Database,
  where: SQL,
  limit: number,
): Promise<{ total: number; items: GuestBuyer[] }> {
  const first = sql<Date>`min(${orders.createdAt})`.mapWith(orders.createdAt);
  const [items, [total]] = await Promise.all([
    db
      .select({
        email: lowerEmail,
        firstName: newest(sql`coalesce(${orders.billingAddress} ->> 'firstName', '')`),
        lastName: newest(sql`coalesce(${orders.billingAddress} ->> 'lastName', '')`),
        company: newest(sql`coalesce(${orders.billingAddress} ->> 'company', '')`),
        phone: newest(sql`${orders.phone}`),
        customerType: newest(sql`${orders.customerType}`),
        currencyCode: newest(sql`${orders.currencyCode}`),
        createdAt: first,
        orderCount: count(),
      })
      .from(orders)
      .where(where)
      .groupBy(lowerEmail)
      .orderBy(desc(first), lowerEmail)
      .limit(limit),
    db
      .select({ n: sql<number>`count(distinct ${lowerEmail})`.mapWith(Number) })
      .from(orders)
      .where(where),
  ]);
  return { total: total?.n ?? 0, items };
}

/**
 * The guest buyer with address `email` (any case), or null when it has no guest orders (or the
 * address is an account's, whose page shows them, or the anonymised one). Two statements.
 */
export async function findGuestBuyer(db: Database, email: string): Promise<GuestBuyer | null> {
  const normalised = email.trim().toLowerCase();
  if (!normalised || normalised === ANONYMISED_EMAIL) return null;
  const where = and(guestBuyerOrders(), eq(lowerEmail, normalised))!;
  const { items } = await guestBuyersWhere(db, where, 1);
  return items[0] ?? null;
}

/**
 * Joins the guest orders placed with `email` to the account `customerId` (issue 40 point 5:
 * "a guest's orders join the account that the same verified e-mail registers later"). Call it
 * only once the account has proved that it receives mail at `email` (a login link mailed there,
 * a password reset): an unproved registration must not see someone else's orders.
 * @returns the numbers of the orders joined
 */
export async function joinGuestOrders(
  db: Database,
  customerId: number,
  email: string,
): Promise<number[]> {
  const normalised = email.trim().toLowerCase();
  if (normalised === ANONYMISED_EMAIL) return [];
  const rows = await db
    .update(orders)
    .set({ customerId, updatedAt: new Date() })
    .where(guestOrdersOf(normalised))
    .returning({ id: orders.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** True when guest orders with `email` exist (any case). One statement. */
export async function hasGuestOrders(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(guestOrdersOf(email))
    .limit(1);
  return row !== undefined;
}
