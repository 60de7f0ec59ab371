/**
 * Seed data of cart and checkout (issue 6): promo codes, cart campaigns, shipping methods and a
 * test gift card. Deterministic; dates relative to `now`. Promo codes, shipping methods and gift
 * cards are not catalogue tables (a reseed keeps them), so they are inserted only when missing.
 */
import type { Database } from '../client.ts';
import { cartCampaigns, giftCards, promoCodes, shippingMethods } from '../schema.ts';
import { BRANDS } from './brands.ts';
import { CATEGORIES } from './categories.ts';

const DAY_MS = 86_400_000;

/** The test gift card: 500 kr (50 000 öre). */
export const TEST_GIFT_CARD = { code: 'PRESENT500', balance: 50_000 } as const;

/** Shipping method ids. */
export const SHIPPING = { home: 1, servicePoint: 2, pickup: 3 } as const;

function idOf<T extends { id: number; alias: string }>(rows: readonly T[], alias: string): number {
  const row = rows.find((r) => r.alias === alias);
  if (!row) throw new Error(`seed: unknown alias ${alias}`);
  return row.id;
}

/** Inserts promo codes, cart campaigns, shipping methods and the test gift card. */
export async function seedCheckoutData(db: Database, now: Date): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await db
    .insert(promoCodes)
    .values([
      {
        code: 'VÅR10',
        name: '10 % på hela köpet',
        kind: 'percent',
        percentBasisPoints: 1000,
        startsAt: at(-30),
        endsAt: at(60),
      },
      {
        code: 'CYKEL10',
        name: '10 % på hela köpet',
        kind: 'percent',
        percentBasisPoints: 1000,
        startsAt: at(-30),
        endsAt: null,
      },
      {
        code: 'HUNDRA',
        name: '100 kr rabatt när du handlar för minst 500 kr',
        kind: 'fixed',
        amountIncVat: 10_000,
        minOrderIncVat: 50_000,
        startsAt: at(-30),
        endsAt: at(90),
      },
      {
        code: 'SOMMAR20',
        name: '20 % sommarrabatt (har gått ut)',
        kind: 'percent',
        percentBasisPoints: 2000,
        startsAt: at(-120),
        endsAt: at(-30),
      },
    ])
    .onConflictDoNothing();
  await db.insert(cartCampaigns).values([
    {
      id: 1001,
      name: '3 för 2 på slangar',
      categoryId: idOf(CATEGORIES, 'slangar'),
      action: 'buy_x_pay_y',
      buyQuantity: 3,
      payQuantity: 2,
      startsAt: at(-10),
      endsAt: at(50),
    },
    {
      id: 1002,
      name: '20 % på Abus',
      brandId: idOf(BRANDS, 'abus'),
      action: 'percent',
      percentBasisPoints: 2000,
      startsAt: at(-10),
      endsAt: at(50),
    },
  ]);
  await db
    .insert(shippingMethods)
    .values([
      {
        id: SHIPPING.home,
        alias: 'hemleverans',
        name: 'Hemleverans med bud',
        kind: 'home',
        feeIncVat: 9_900,
        vatRateBasisPoints: 2500,
        freeShippingEligible: false,
        sortOrder: 2,
      },
      {
        id: SHIPPING.servicePoint,
        alias: 'ombud',
        name: 'Leverans till ombud',
        kind: 'service_point',
        feeIncVat: 4_900,
        vatRateBasisPoints: 2500,
        freeShippingEligible: true,
        isDefault: true,
        sortOrder: 1,
      },
      {
        id: SHIPPING.pickup,
        alias: 'hamta-i-butik',
        name: 'Hämta i butik',
        kind: 'pickup',
        feeIncVat: 0,
        vatRateBasisPoints: 2500,
        freeShippingEligible: true,
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(giftCards)
    .values({ code: TEST_GIFT_CARD.code, currencyCode: 'SEK', balance: TEST_GIFT_CARD.balance })
    .onConflictDoNothing();
}
