/**
 * Order figures for the back office's dashboard (issue 27 "Dashboard"): orders and revenue per
 * market and day, incl. and excl. VAT, in the market's currency (integer minor units, öre). Days
 * are calendar days in Europe/Stockholm (the shop's time zone, daylight saving included) and a
 * week is the ISO week, Monday to Sunday.
 *
 * Revenue is the stored order value (`orderValueIncVat`/`orderValueExVat`: items after discounts
 * + shipping + payment fee, gift cards included) of the orders placed that day, before refunds.
 * Cancelled orders and leasing orders still awaiting the employer's approval are not sales and
 * do not count ({@link REVENUE_STATUSES}).
 */
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from './orders.tables.ts';

/** The shop's time zone: days and weeks of the figures are calendar days here. */
export const SHOP_TIME_ZONE = 'Europe/Stockholm';

/** The order statuses that count as sales (not cancelled, not awaiting approval). */
export const REVENUE_STATUSES = ['received', 'processing', 'completed'] as const;

/** Orders and revenue of one market over some period, minor units of `currencyCode`. */
export interface MarketRevenue {
  /** The market, e.g. `SE|SEK`. */
  marketId: string;
  currencyCode: string;
  /** Number of orders. */
  orders: number;
  /** Sum of the orders' totals incl. VAT (minor units). */
  revenueIncVat: number;
  /** Sum of the orders' totals excl. VAT (minor units). */
  revenueExVat: number;
}

/** {@link MarketRevenue} of one Stockholm calendar day. */
export interface DailyMarketRevenue extends MarketRevenue {
  /** The day, `yyyy-mm-dd` (Europe/Stockholm). */
  day: string;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Stockholm calendar day of an instant, `yyyy-mm-dd`. */
export function shopDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** `day` (`yyyy-mm-dd`) plus `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the ISO week of `day` (`yyyy-mm-dd`). */
export function isoWeekMonday(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The ISO week of `day` as `{ year, week }` (the year the week's Thursday falls in). */
export function isoWeekOf(day: string): { year: number; week: number } {
  const thursday = new Date(`${addDays(isoWeekMonday(day), 3)}T00:00:00Z`);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(`${isoWeekMonday(`${year}-01-04`)}T00:00:00Z`);
  firstThursday.setUTCDate(firstThursday.getUTCDate() + 3);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return { year, week };
}

/** The instant a Stockholm calendar day starts (as SQL, for comparing with timestamps). */
function dayStart(day: string) {
  return sql`((${day})::date::timestamp at time zone ${SHOP_TIME_ZONE})`;
}

/**
 * Orders and revenue per market and Stockholm day for the days `fromDay` to `toDay` (inclusive,
 * `yyyy-mm-dd`), counting {@link REVENUE_STATUSES} only; days and markets without orders are
 * absent. Sorted by day, then market. One statement.
 */
export async function revenueByMarketAndDay(
  db: Database,
  fromDay: string,
  toDay: string,
): Promise<DailyMarketRevenue[]> {
  // The zone as a literal, not a parameter: GROUP BY must see the same expression as SELECT.
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      marketId: orders.marketId,
      currencyCode: orders.currencyCode,
      orders: sql<string>`count(*)`,
      revenueIncVat: sql<string>`coalesce(sum(${orders.orderValueIncVat}), 0)`,
      revenueExVat: sql<string>`coalesce(sum(${orders.orderValueExVat}), 0)`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, dayStart(fromDay)),
        lt(orders.createdAt, dayStart(addDays(toDay, 1))),
        inArray(orders.status, [...REVENUE_STATUSES]),
      ),
    )
    .groupBy(day, orders.marketId, orders.currencyCode)
    .orderBy(day, orders.marketId);
  return rows.map((r) => ({
    day: r.day,
    marketId: r.marketId,
    currencyCode: r.currencyCode,
    orders: Number(r.orders),
    revenueIncVat: Number(r.revenueIncVat),
    revenueExVat: Number(r.revenueExVat),
  }));
}

/** Adds up daily figures per market (and currency), sorted by market. */
export function sumByMarket(days: readonly DailyMarketRevenue[]): MarketRevenue[] {
  const byMarket = new Map<string, MarketRevenue>();
  for (const d of days) {
    const key = `${d.marketId}\u0000${d.currencyCode}`;
    const sum = byMarket.get(key) ?? {
      marketId: d.marketId,
      currencyCode: d.currencyCode,
      orders: 0,
      revenueIncVat: 0,
      revenueExVat: 0,
    };
    sum.orders += d.orders;
    sum.revenueIncVat += d.revenueIncVat;
    sum.revenueExVat += d.revenueExVat;
    byMarket.set(key, sum);
  }
  return [...byMarket.values()].sort((a, b) => a.marketId.localeCompare(b.marketId));
}

/** The dashboard's order figures at one instant. */
export interface OrderStats {
  /** Today in Stockholm, `yyyy-mm-dd`. */
  today: string;
  /** Monday of the current ISO week, `yyyy-mm-dd`. */
  weekStart: string;
  /** The current ISO week's number (1–53). */
  weekNumber: number;
  /** Today's orders and revenue per market. */
  todayByMarket: MarketRevenue[];
  /** This ISO week's (Monday to now) orders and revenue per market. */
  weekByMarket: MarketRevenue[];
  /** Per market and day for the last {@link OrderStatsOptions.days} days up to today. */
  days: DailyMarketRevenue[];
  /** The first day of `days`, `yyyy-mm-dd`. */
  fromDay: string;
}

/** Options of {@link orderStats}. */
export interface OrderStatsOptions {
  /** How many days (today included) the daily series covers, at least the current week; default 14. */
  days?: number;
}

/**
 * Today's and this week's orders and revenue per market, and the daily series for the chart.
 * One statement.
 * @param now the current instant (its Stockholm day is "today")
 */
export async function orderStats(
  db: Database,
  now: Date,
  options: OrderStatsOptions = {},
): Promise<OrderStats> {
  const today = shopDay(now);
  const weekStart = isoWeekMonday(today);
  const span = Math.max(options.days ?? 14, 1);
  const seriesStart = addDays(today, -(span - 1));
  const fromDay = seriesStart < weekStart ? seriesStart : weekStart;
  const all = await revenueByMarketAndDay(db, fromDay, today);
  return {
    today,
    weekStart,
    weekNumber: isoWeekOf(today).week,
    todayByMarket: sumByMarket(all.filter((d) => d.day === today)),
    weekByMarket: sumByMarket(all.filter((d) => d.day >= weekStart)),
    days: all.filter((d) => d.day >= seriesStart),
    fromDay: seriesStart,
  };
}
