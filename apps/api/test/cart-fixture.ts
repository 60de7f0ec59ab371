/**
 * Known products for cart, checkout and order tests, added on top of the seed catalogue: exact
 * prices (öre incl. VAT), brands, categories and stock. Ids far above the seed's.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  brands,
  productCategories,
  productPrices,
  products,
  skus,
  stock,
  storeStock,
} from '../src/db/schema.ts';

/** The fixture's products: price in öre incl. VAT, one SKU each unless noted. */
export const CART_FIXTURE = {
  /** Abus helmet 599 kr, two sizes, 10 + 2 in stock; 20 % Abus campaign applies. */
  helmet: { productId: 980001, skuIds: [9_800_011, 9_800_012], price: 59_900 },
  /** Tube 129 kr in "slangar" (3 för 2), 20 in stock. */
  tube: { productId: 980002, skuId: 9_800_021, price: 12_900 },
  /** Lock 299 kr (not Abus), 5 in stock: the race SKU. */
  lock: { productId: 980003, skuId: 9_800_031, price: 29_900, stock: 5 },
  /** Inactive product. */
  gone: { productId: 980004, skuId: 9_800_041, price: 10_000 },
  /** Bicycle 4 999 kr, 100 in stock (for runs of orders). */
  bike: { productId: 980005, skuId: 9_800_051, price: 499_900, stock: 100 },
} as const;

/** Inserts the fixture into a seeded database. */
export async function addCartFixture(db: Database): Promise<void> {
  const [abus] = await db.select().from(brands).where(eq(brands.alias, 'abus'));
  const [other] = await db.select().from(brands).where(eq(brands.alias, 'park-tool'));
  if (!abus || !other) throw new Error('seed the catalogue first');
  const f = CART_FIXTURE;
  const product = (
    id: number,
    name: string,
    brandId: number,
    categoryId: number,
    active = true,
  ) => ({
    id,
    articleNumber: `CART-${id}`,
    alias: `cart-test-${id}`,
    name,
    brandId,
    primaryCategoryId: categoryId,
    active,
    firstAvailableOn: '2020-01-01',
    weight: 500,
  });
  await db
    .insert(products)
    .values([
      product(f.helmet.productId, 'Testhjälm Abus', abus.id, 21),
      product(f.tube.productId, 'Testslang 28"', other.id, 32),
      product(f.lock.productId, 'Testlås Bygel', other.id, 22),
      product(f.gone.productId, 'Utgången testvara', other.id, 22, false),
      product(f.bike.productId, 'Testcykel Hybrid', other.id, 12),
    ]);
  await db.insert(productCategories).values([
    { productId: f.helmet.productId, categoryId: 21, sortOrder: 0 },
    { productId: f.tube.productId, categoryId: 32, sortOrder: 0 },
    { productId: f.lock.productId, categoryId: 22, sortOrder: 0 },
    { productId: f.bike.productId, categoryId: 12, sortOrder: 0 },
  ]);
  const sku = (id: number, productId: number, name: string) => ({
    id,
    productId,
    articleNumber: `CART-${id}`,
    name,
    weight: 500,
  });
  await db
    .insert(skus)
    .values([
      sku(f.helmet.skuIds[0], f.helmet.productId, 'S/M'),
      sku(f.helmet.skuIds[1], f.helmet.productId, 'M/L'),
      sku(f.tube.skuId, f.tube.productId, '28"'),
      sku(f.lock.skuId, f.lock.productId, 'One size'),
      sku(f.gone.skuId, f.gone.productId, 'One size'),
      sku(f.bike.skuId, f.bike.productId, 'M'),
    ]);
  await db.insert(stock).values([
    { skuId: f.helmet.skuIds[0], inStock: 10 },
    { skuId: f.helmet.skuIds[1], inStock: 2 },
    { skuId: f.tube.skuId, inStock: 20 },
    { skuId: f.lock.skuId, inStock: f.lock.stock },
    { skuId: f.gone.skuId, inStock: 5 },
    { skuId: f.bike.skuId, inStock: f.bike.stock },
  ]);
  await db.insert(storeStock).values([
    { storeId: 1, skuId: f.helmet.skuIds[0], quantity: 3 },
    { storeId: 2, skuId: f.helmet.skuIds[1], quantity: 1 },
  ]);
  const price = (productId: number, regularPriceIncVat: number) => ({
    productId,
    marketId: 'SE|SEK',
    currencyCode: 'SEK',
    regularPriceIncVat,
    vatRateBasisPoints: 2500,
  });
  await db
    .insert(productPrices)
    .values([
      price(f.helmet.productId, f.helmet.price),
      price(f.tube.productId, f.tube.price),
      price(f.lock.productId, f.lock.price),
      price(f.gone.productId, f.gone.price),
      price(f.bike.productId, f.bike.price),
    ]);
}

/** A valid personnummer and organisationsnummer (check digits right). */
export const PERSONAL_ID = '19900101-0017';
export const ORGANIZATION_ID = '556016-0680';

/** A complete checkout for a private person paying by invoice, home delivery. */
export function personCheckout(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 'PERSON',
    email: 'anna.andersson@example.se',
    identityNumber: PERSONAL_ID,
    paymentId: 1,
    shippingId: 2,
    billingAddress: {
      firstName: 'Anna',
      lastName: 'Andersson',
      addressLine1: 'Storgatan 1',
      zip: '11122',
      city: 'Stockholm',
      mobile: '0701234567',
      country: 'SE',
    },
    ...overrides,
  };
}
