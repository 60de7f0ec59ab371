/**
 * The back office's dashboard (issue 27 "Dashboard"): today's and this week's orders and revenue
 * per market, incl. and excl. VAT, equal to the sums of the orders placed through the shop API;
 * days are Stockholm calendar days (an order at 00:30 Stockholm time, 23:30 UTC the day before,
 * is today's) and the week is the ISO week from Monday; cancelled orders do not count. Also low
 * stock, pending reviews and leasing applications, and who may read what. On every database kind.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  leasingApplications,
  orders,
  productPrices,
  productReviews,
  stock,
} from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { testDatabaseKinds } from './test-db.ts';

const STATS = `{ orderStats { today weekStart weekNumber fromDay
  todayByMarket { marketId currencyCode orders revenueIncVat revenueExVat }
  weekByMarket { marketId currencyCode orders revenueIncVat revenueExVat }
  days { day marketId orders revenueIncVat revenueExVat } } }`;
const LOW_STOCK = `{ lowStock(take: 50) { total threshold items { skuId inStock productName size } } }`;
const QUEUES = `{ pendingReviewCount pendingLeasingApplicationCount }`;

interface Revenue {
  marketId: string;
  currencyCode: string;
  orders: number;
  revenueIncVat: number;
  revenueExVat: number;
}

/** The expected figures of some orders of one market. */
function sumOf(list: PlacedOrder[]): Omit<Revenue, 'marketId' | 'currencyCode'> {
  return {
    orders: list.length,
    revenueIncVat: list.reduce((sum, o) => sum + o.orderValueIncVat, 0),
    revenueExVat: list.reduce((sum, o) => sum + o.orderValueExVat, 0),
  };
}

describe.each(testDatabaseKinds())('admin dashboard on %s', (kind) => {
  const state = useAdminApi(kind);
  const placed: Record<string, PlacedOrder> = {};

  beforeAll(async () => {
    const db = state.handle.db;
    await seedCatalogue(db, { products: 20 });
    await addCartFixture(db);
    await db.insert(productPrices).values({
      productId: F.bike.productId,
      marketId: 'FI|EUR',
      currencyCode: 'EUR',
      regularPriceIncVat: 44_990,
      vatRateBasisPoints: 2550,
    });
    const client = createTestClient(state.handle, state.config);
    // Wednesday 25 November 2026 (ISO week 48, Monday the 23rd), 11:00 in Stockholm (UTC+1).
    state.clock.now = new Date('2026-11-25T10:00:00Z');
    const at = {
      // Today.
      bike: '2026-11-25T08:00:00Z',
      // 00:30 on Wednesday in Stockholm: today, though the UTC date is Tuesday.
      afterMidnight: '2026-11-24T23:30:00Z',
      // 23:30 on Tuesday in Stockholm: this week, not today.
      tuesday: '2026-11-24T22:30:00Z',
      // 23:30 on Sunday the 22nd in Stockholm: last week (but in the 14-day series).
      sunday: '2026-11-22T22:30:00Z',
      // Finland, today.
      finland: '2026-11-25T09:00:00Z',
      // Cancelled today: not a sale.
      cancelled: '2026-11-25T09:30:00Z',
    };
    placed.bike = await placeTestOrder(client, db, [[F.bike.skuId, 1]], 'se', { shippingId: 2 });
    placed.afterMidnight = await placeTestOrder(client, db, [[F.tube.skuId, 3]], 'se', {
      shippingId: 1,
    });
    placed.tuesday = await placeTestOrder(client, db, [[F.helmet.skuIds[0], 1]]);
    placed.sunday = await placeTestOrder(client, db, [[F.lock.skuId, 1]]);
    placed.finland = await placeTestOrder(client, db, [[F.bike.skuId, 1]], 'fi', {
      shippingId: 2,
    });
    placed.cancelled = await placeTestOrder(client, db, [[F.tube.skuId, 1]]);
    for (const [name, instant] of Object.entries(at)) {
      await db
        .update(orders)
        .set({ createdAt: new Date(instant) })
        .where(eq(orders.id, placed[name]!.id));
    }
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.cancelled.id));

    // A pending and a published review; an awaiting and a decided leasing application.
    const customer = await customerSession(db, state.config, 'recensent@example.se');
    await db.insert(productReviews).values([
      {
        productId: F.bike.productId,
        customerId: customer.id,
        author: 'Åsa',
        comment: 'Bra',
        rating: 5,
      },
      {
        productId: F.lock.productId,
        customerId: customer.id,
        author: 'Örjan',
        comment: 'Fin',
        rating: 4,
        state: 'published',
      },
    ]);
    const application = {
      employerName: 'Arbetsgivaren AB',
      organisationNumber: '556016-0680',
      employerEmail: 'hr@example.se',
      periodMonths: 36,
      packageId: 'bas',
      marginalTaxBasisPoints: 3200,
      netCostPerMonth: 50_000,
      grossDeductionPerMonth: 70_000,
    };
    await db.insert(leasingApplications).values([
      { ...application, orderId: placed.sunday.id },
      { ...application, orderId: placed.tuesday.id, status: 'approved' },
    ]);

    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
  }, 180_000);

  it("today's and this week's revenue per market equal the placed orders, incl. and excl. VAT", async () => {
    const chef = adminClient(state.api, '10.72.0.1');
    await chef.login('chef@example.se');
    const answer = await chef.send(STATS);
    expect(answer.body.errors).toBeUndefined();
    const stats = answer.body.data!.orderStats as {
      today: string;
      weekStart: string;
      weekNumber: number;
      fromDay: string;
      todayByMarket: Revenue[];
      weekByMarket: Revenue[];
      days: Array<Revenue & { day: string }>;
    };
    expect(stats).toMatchObject({
      today: '2026-11-25',
      weekStart: '2026-11-23',
      weekNumber: 48,
      fromDay: '2026-11-12',
    });
    // The bike: 4 999 kr incl. 25 % VAT, free shipping to a service point: 3 999,20 kr excl.
    expect(placed.bike).toMatchObject({ orderValueIncVat: 499_900, orderValueExVat: 399_920 });
    expect(stats.todayByMarket).toEqual([
      { marketId: 'FI|EUR', currencyCode: 'EUR', ...sumOf([placed.finland!]) },
      {
        marketId: 'SE|SEK',
        currencyCode: 'SEK',
        ...sumOf([placed.bike!, placed.afterMidnight!]),
      },
    ]);
    expect(stats.weekByMarket).toEqual([
      { marketId: 'FI|EUR', currencyCode: 'EUR', ...sumOf([placed.finland!]) },
      {
        marketId: 'SE|SEK',
        currencyCode: 'SEK',
        ...sumOf([placed.bike!, placed.afterMidnight!, placed.tuesday!]),
      },
    ]);
    // Excl. VAT is less than incl. VAT by the orders' VAT.
    const se = stats.weekByMarket.find((m) => m.marketId === 'SE|SEK')!;
    const vat = [placed.bike!, placed.afterMidnight!, placed.tuesday!]
      .flatMap((o) => o.vats)
      .reduce((sum, v) => sum + v.amount, 0);
    expect(se.revenueIncVat - se.revenueExVat).toBe(vat);
    // The daily series: Sunday's order on its Stockholm day, Tuesday's on Tuesday.
    expect(stats.days).toEqual([
      { day: '2026-11-22', marketId: 'SE|SEK', ...sumOf([placed.sunday!]) },
      { day: '2026-11-24', marketId: 'SE|SEK', ...sumOf([placed.tuesday!]) },
      { day: '2026-11-25', marketId: 'FI|EUR', ...sumOf([placed.finland!]) },
      { day: '2026-11-25', marketId: 'SE|SEK', ...sumOf([placed.bike!, placed.afterMidnight!]) },
    ]);

    // On Monday the week starts again: last week's orders are gone from it.
    state.clock.now = new Date('2026-11-30T06:00:00Z');
    await chef.login('chef@example.se'); // the session ended while the clock moved on
    const monday = (await chef.send(STATS)).body.data!.orderStats as typeof stats;
    expect(monday).toMatchObject({ today: '2026-11-30', weekStart: '2026-11-30', weekNumber: 49 });
    expect(monday.todayByMarket).toEqual([]);
    expect(monday.weekByMarket).toEqual([]);
    state.clock.now = new Date('2026-11-25T10:00:00Z');
  });

  it('lists low stock and counts pending reviews and leasing applications', async () => {
    const db = state.handle.db;
    await db
      .update(stock)
      .set({ inStock: 0, oversellable: 3 })
      .where(eq(stock.skuId, F.lock.skuId));
    const chef = adminClient(state.api, '10.72.0.2');
    await chef.login('chef@example.se');
    const low = (await chef.send(LOW_STOCK)).body.data!.lowStock as {
      total: number;
      threshold: number;
      items: Array<{ skuId: number; inStock: number; productName: string; size: string }>;
    };
    expect(low.threshold).toBe(5);
    expect(low.items.every((i) => i.inStock <= 5)).toBe(true);
    expect(low.items.map((i) => i.inStock)).toEqual(
      [...low.items.map((i) => i.inStock)].sort((a, b) => a - b),
    );
    const skuIds = low.items.map((i) => i.skuId);
    // The lock (0 left), the helmet's M/L (2); not the S/M (9 after an order) nor the inactive product.
    expect(skuIds).toContain(F.lock.skuId);
    expect(skuIds).toContain(F.helmet.skuIds[1]);
    expect(skuIds).not.toContain(F.helmet.skuIds[0]);
    expect(skuIds).not.toContain(F.gone.skuId);
    expect(low.items.find((i) => i.skuId === F.lock.skuId)).toMatchObject({ inStock: 0 });
    expect(low.total).toBeGreaterThanOrEqual(low.items.length);
    const queues = await chef.send(QUEUES);
    expect(queues.body.data).toEqual({ pendingReviewCount: 1, pendingLeasingApplicationCount: 1 });
    const reviewIds = await db.select({ id: productReviews.id }).from(productReviews);
    await db
      .update(productReviews)
      .set({ state: 'published' })
      .where(
        inArray(
          productReviews.id,
          reviewIds.map((r) => r.id),
        ),
      );
    expect((await chef.send(QUEUES)).body.data).toMatchObject({ pendingReviewCount: 0 });
  });

  it('shows each part only to a role that may read it', async () => {
    const anonymous = await adminClient(state.api).send(STATS);
    expect(anonymous.status).toBe(401);
    expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');

    const editor = adminClient(state.api, '10.72.0.3');
    await editor.login('redaktor@example.se');
    for (const query of [STATS, LOW_STOCK, '{ pendingLeasingApplicationCount }']) {
      const answer = await editor.send(query);
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    expect((await editor.send('{ pendingReviewCount }')).body.errors).toBeUndefined();

    const service = adminClient(state.api, '10.72.0.4');
    await service.login('kundtjanst@example.se');
    for (const query of [STATS, LOW_STOCK, '{ pendingLeasingApplicationCount }']) {
      expect((await service.send(query)).body.errors).toBeUndefined();
    }
    expect(codeOf(await service.send('{ pendingReviewCount }'))).toBe('FORBIDDEN');
    expect(codeOf(await service.send('{ orderStats(days: 1000) { today } }'))).toBe(
      'BAD_USER_INPUT',
    );
  });
});
