/**
 * Seed data of cart and checkout (issue 6): promo codes, cart campaigns, shipping methods and a
 * test gift card. Deterministic; dates relative to `now`. Promo codes, shipping methods and gift
 * cards are not catalogue tables (a reseed keeps them), so they are inserted only when missing.
 */
import type { Database } from '../client.ts';
import {
  cartCampaigns,
  freeShippingThresholds,
  giftCards,
  promoCodeAmounts,
  promoCodes,
  shippingFees,
  shippingMethods,
} from '../schema.ts';
import { BRANDS } from './brands.ts';
import { CATEGORIES } from './categories.ts';

const DAY_MS = 86_400_000;

/** The test gift card: 500 kr (50 000 öre). */
export const TEST_GIFT_CARD = { code: 'PRESENT500', balance: 50_000 } as const;

/**
 * The fixed promo code HUNDRA per currency (issue 13 §4: a fixed amount belongs to a currency),
 * [amount off, minimum order], minor units incl. VAT: 100 kr from 500 kr in Sweden, 100 NOK from
 * 500 NOK, 75 DKK from 375 DKK, 10 € from 50 € (Finland and the Europe market). Round amounts of
 * about the same value, like the free-shipping thresholds; a currency without a row would refuse
 * the code ("Koden är ej giltig").
 */
export const HUNDRA_AMOUNTS: Readonly<Record<string, readonly [number, number]>> = {
  SEK: [10_000, 50_000],
  NOK: [10_000, 50_000],
  DKK: [7_500, 37_500],
  EUR: [1_000, 5_000],
};

/** Shipping method ids. */
export const SHIPPING = { home: 1, servicePoint: 2, pickup: 3 } as const;

/** PostNord's tracking page (migration 0006 sets the same on existing shops). */
const POSTNORD_TRACKING = 'https://tracking.postnord.com/se/?id={parcelNumber}';

/**
 * Free shipping from these item values per market, minor units incl. VAT (SPEC §9: 499 kr in
 * Sweden; round amounts of the same order elsewhere): 499 kr, 599 NOK, 449 DKK, 49 € (Finland
 * and the checkout-only Europe market). Migration 0005 writes the same values into existing shops.
 */
export const FREE_SHIPPING_THRESHOLDS: Readonly<Record<string, number>> = {
  'SE|SEK': 49_900,
  'NO|NOK': 59_900,
  'DK|DKK': 44_900,
  'FI|EUR': 4_900,
  'EU|EUR': 4_900,
};

/**
 * Fee of each shipping method per market, minor units incl. the market's VAT: service point
 * 49 kr / 59 NOK / 49 DKK / 5,90 €, home delivery 99 kr / 119 NOK / 89 DKK / 9,90 €; store
 * pickup (the stores are Swedish) only in Sweden, free. A method without a row is not offered
 * in that market.
 */
export const SHIPPING_FEES: ReadonlyArray<{
  shippingMethodId: number;
  marketId: string;
  feeIncVat: number;
  vatRateBasisPoints: number;
}> = [
  ...(
    [
      ['SE|SEK', 4_900, 9_900, 2500],
      ['NO|NOK', 5_900, 11_900, 2500],
      ['DK|DKK', 4_900, 8_900, 2500],
      ['FI|EUR', 590, 990, 2550],
      ['EU|EUR', 590, 990, 2500],
    ] as const
  ).flatMap(([marketId, servicePoint, home, vatRateBasisPoints]) => [
    {
      shippingMethodId: SHIPPING.servicePoint,
      marketId,
      feeIncVat: servicePoint,
      vatRateBasisPoints,
    },
    { shippingMethodId: SHIPPING.home, marketId, feeIncVat: home, vatRateBasisPoints },
  ]),
  { shippingMethodId: SHIPPING.pickup, marketId: 'SE|SEK', feeIncVat: 0, vatRateBasisPoints: 2500 },
];

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
        startsAt: at(-30),
        endsAt: at(90),
      },
      {
        // Issue 40 §3: a code that leaves out items already on campaign.
        code: 'MEDLEM15',
        name: '15 % på ordinarie priser (gäller inte redan nedsatta varor)',
        kind: 'percent',
        percentBasisPoints: 1500,
        startsAt: at(-30),
        endsAt: null,
        excludeDiscountedItems: true,
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
  await db
    .insert(promoCodeAmounts)
    .values(
      Object.entries(HUNDRA_AMOUNTS).map(([currencyCode, [amountIncVat, minOrderIncVat]]) => ({
        code: 'HUNDRA',
        currencyCode,
        amountIncVat,
        minOrderIncVat,
      })),
    )
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
        freeShippingEligible: false,
        sortOrder: 2,
        trackingUrlTemplate: POSTNORD_TRACKING,
      },
      {
        id: SHIPPING.servicePoint,
        alias: 'ombud',
        name: 'Leverans till ombud',
        kind: 'service_point',
        freeShippingEligible: true,
        isDefault: true,
        sortOrder: 1,
        trackingUrlTemplate: POSTNORD_TRACKING,
      },
      {
        id: SHIPPING.pickup,
        alias: 'hamta-i-butik',
        name: 'Hämta i butik',
        kind: 'pickup',
        freeShippingEligible: true,
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(shippingFees)
    .values([...SHIPPING_FEES])
    .onConflictDoNothing();
  await db
    .insert(freeShippingThresholds)
    .values(
      Object.entries(FREE_SHIPPING_THRESHOLDS).map(([marketId, thresholdIncVat]) => ({
        marketId,
        thresholdIncVat,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(giftCards)
    .values({ code: TEST_GIFT_CARD.code, currencyCode: 'SEK', balance: TEST_GIFT_CARD.balance })
    .onConflictDoNothing();
}
