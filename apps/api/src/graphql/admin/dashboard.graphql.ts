/**
 * The back office's dashboard on the admin API (issue 27 "Dashboard"), one query per area so the
 * start page asks only for what the role may read: `orderStats` (orders:read: today's and this
 * week's orders and revenue per market, incl. and excl. VAT, and the daily series of the chart),
 * `lowStock` (stock:read), `pendingReviewCount` (content:read: moderation of what customers
 * write) and `pendingLeasingApplicationCount` (orders:read: a leasing application belongs to an
 * order). Amounts are integer minor units (öre) of the market's currency.
 */
import { z } from 'zod';
import { reviewCountsByState } from '../../modules/engagement/reviews.service.ts';
import {
  lowStock,
  LOW_STOCK_TAKE_MAX,
  type LowStock,
  type LowStockItem,
} from '../../modules/inventory/low-stock.service.ts';
import { countPendingLeasingApplications } from '../../modules/leasing/leasing-queue.ts';
import {
  orderStats,
  type DailyMarketRevenue,
  type MarketRevenue,
  type OrderStats,
} from '../../modules/orders/order-stats.service.ts';
import { adminBuilder } from './builder.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

const MarketRevenueType = adminBuilder.objectRef<MarketRevenue>('MarketRevenue').implement({
  description:
    "Orders and revenue of one market over a period, in minor units (öre) of the market's " +
    'currency; cancelled orders and leasing orders awaiting approval do not count.',
  fields: (t) => ({
    marketId: t.exposeString('marketId', { description: 'The market, e.g. `SE|SEK`.' }),
    currencyCode: t.exposeString('currencyCode', { description: 'ISO 4217, e.g. `SEK`.' }),
    orders: t.exposeInt('orders', { description: 'Number of orders.' }),
    revenueIncVat: t.exposeInt('revenueIncVat', {
      description: "Sum of the orders' totals incl. VAT (minor units), before refunds.",
    }),
    revenueExVat: t.exposeInt('revenueExVat', {
      description: "Sum of the orders' totals excl. VAT (minor units), before refunds.",
    }),
  }),
});

const DailyRevenueType = adminBuilder.objectRef<DailyMarketRevenue>('DailyRevenue').implement({
  description: 'Orders and revenue of one market on one day (Europe/Stockholm), minor units.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The day, `yyyy-mm-dd` (Europe/Stockholm).' }),
    marketId: t.exposeString('marketId', { description: 'The market, e.g. `SE|SEK`.' }),
    currencyCode: t.exposeString('currencyCode', { description: 'ISO 4217, e.g. `SEK`.' }),
    orders: t.exposeInt('orders', { description: 'Number of orders.' }),
    revenueIncVat: t.exposeInt('revenueIncVat', { description: 'Incl. VAT, minor units.' }),
    revenueExVat: t.exposeInt('revenueExVat', { description: 'Excl. VAT, minor units.' }),
  }),
});

const OrderStatsType = adminBuilder.objectRef<OrderStats>('OrderStats').implement({
  description:
    "Today's and this ISO week's (Monday first) orders and revenue per market, and a daily " +
    'series for the chart; days are calendar days in Europe/Stockholm.',
  fields: (t) => ({
    today: t.exposeString('today', { description: 'Today, `yyyy-mm-dd` (Europe/Stockholm).' }),
    weekStart: t.exposeString('weekStart', {
      description: 'Monday of the current ISO week, `yyyy-mm-dd`.',
    }),
    weekNumber: t.exposeInt('weekNumber', { description: 'The current ISO week number (1–53).' }),
    fromDay: t.exposeString('fromDay', { description: 'The first day of `days`, `yyyy-mm-dd`.' }),
    todayByMarket: t.field({
      type: [MarketRevenueType],
      description: "Today's orders and revenue per market (markets with orders only).",
      resolve: (s) => s.todayByMarket,
    }),
    weekByMarket: t.field({
      type: [MarketRevenueType],
      description: "This week's (Monday to now) orders and revenue per market.",
      resolve: (s) => s.weekByMarket,
    }),
    days: t.field({
      type: [DailyRevenueType],
      description: 'Per day and market from `fromDay` to today; days without orders are absent.',
      resolve: (s) => s.days,
    }),
  }),
});

const LowStockItemType = adminBuilder.objectRef<LowStockItem>('LowStockItem').implement({
  description: 'A SKU of an active product with few or no units in the web warehouse.',
  fields: (t) => ({
    skuId: t.exposeInt('skuId'),
    articleNumber: t.exposeString('articleNumber', { description: "The SKU's article number." }),
    size: t.exposeString('size', { description: 'The size label.' }),
    productId: t.exposeInt('productId'),
    productName: t.exposeString('productName'),
    inStock: t.exposeInt('inStock', { description: 'Units in the web warehouse.' }),
    oversellable: t.exposeInt('oversellable', { description: "Units on a supplier's stock." }),
    incoming: t.exposeString('incoming', {
      nullable: true,
      description: 'Expected restock date (yyyy-mm-dd), or null.',
    }),
  }),
});

const LowStockType = adminBuilder.objectRef<LowStock>('LowStock').implement({
  description: 'SKUs running low: how many in all and the lowest first.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Every SKU running low.' }),
    threshold: t.exposeInt('threshold', {
      description: 'At most this many units counts as low (the storefront\'s "few left").',
    }),
    items: t.field({ type: [LowStockItemType], resolve: (l) => l.items }),
  }),
});

adminBuilder.queryFields((t) => ({
  orderStats: t.field({
    type: OrderStatsType,
    description:
      "Today's and this week's orders and revenue per market and the daily series of the last " +
      '`days` days, 7–62 (orders:read).',
    args: { days: t.arg.int({ required: false, defaultValue: 14 }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      const input = parseInput(z.object({ days: z.number().int().min(7).max(62).nullish() }), args);
      return orderStats(ctx.db, ctx.now, { days: input.days ?? 14 });
    },
  }),
  lowStock: t.field({
    type: LowStockType,
    description: `SKUs of active products running low, fewest units first; take 1–${LOW_STOCK_TAKE_MAX} (stock:read).`,
    args: { take: t.arg.int({ required: false, defaultValue: 10 }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'stock', 'read');
      const input = parseInput(
        z.object({ take: z.number().int().min(1).max(LOW_STOCK_TAKE_MAX).nullish() }),
        args,
      );
      return lowStock(ctx.db, input.take ?? 10);
    },
  }),
  pendingReviewCount: t.int({
    description: 'How many product reviews wait for moderation (content:read).',
    resolve: async (_root, _args, ctx) => {
      requireStaff(ctx, 'content', 'read');
      return (await reviewCountsByState(ctx.db)).pending;
    },
  }),
  pendingLeasingApplicationCount: t.int({
    description: "How many leasing applications await the employer's answer (orders:read).",
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return countPendingLeasingApplications(ctx.db);
    },
  }),
}));
