/**
 * Setup of the shipping-per-market tests (shipping-markets-*-api.test.ts): the seed catalogue
 * with the cart fixture and fees and prices in Finland and Norway on a fresh database of `kind`,
 * a mail outbox, a client, the shared operation texts and cart helpers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { productPrices } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import type { Config } from '../src/config.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { openTestDb } from './test-db.ts';

/** Intl's non-breaking spaces as plain spaces. */
export const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');

const SHIPPING = `shipping { id name feeIncVat feeExVat feeIncVatFormatted amountLeftToFreeShipping amountLeftToFreeShippingFormatted }`;

export const GET_CART = `query($id: String, $m: String, $external: Boolean) {
  getCart(id: $id, marketId: $m, allowExternalShippingFee: $external) {
    id freeShipping summary { total { sellingPriceIncVat currency { code } } ${SHIPPING} }
  } }`;

export const CHECKOUT = `mutation($cartId: String!, $checkout: CheckoutInputType, $m: String) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, marketId: $m) {
    cart { summary { ${SHIPPING} } }
    shippingOptions { id name feeIncVat feeExVat feeIncVatFormatted isSelected }
    shippingData
  } }`;

export const SET_FEE = `mutation($cartId: String!, $fee: Decimal!, $m: String) {
  setCartShippingFee(cartId: $cartId, shippingFee: $fee, marketId: $m) {
    cart { id summary { ${SHIPPING} } }
    shippingOptions { name feeIncVat isSelected }
  } }`;

export const VALIDATE = `query($cartId: String!, $email: String, $m: String) {
  validateOrderConditions(cartId: $cartId, email: $email, marketId: $m) { isValid message } }`;

export type ShippingFields = {
  id: number;
  name: string;
  feeIncVat: number;
  feeExVat: number;
  feeIncVatFormatted: string;
  amountLeftToFreeShipping: number;
  amountLeftToFreeShippingFormatted: string;
};

/** Registers the hooks of a shipping-per-market suite and returns its handle, client and helpers. */
export function useShippingMarketsApi(kind: 'pglite' | 'postgres') {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  /** The test configuration with the outbox folder (the order e-mail job reads it). */
  let mailConfig: Config;

  /** A new cart in the market with these SKUs and units. */
  const cartWith = async (market: string, items: Array<[number, number]>): Promise<string> => {
    const { data } = await client.query(GET_CART, { id: '', m: market });
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      const result = await client.query(
        `mutation($id: String!, $item: CartItemInputType!, $m: String) {
        addToCart(id: $id, item: $item, marketId: $m) { id } }`,
        { id, item: { skuId, quantity }, m: market },
      );
      expect(result.errors).toBeUndefined();
    }
    return id;
  };
  const shippingOf = async (id: string, market: string, external?: boolean) => {
    const result = await client.query(GET_CART, { id, m: market, external });
    expect(result.errors).toBeUndefined();
    return result.data!.getCart.summary.shipping as ShippingFields;
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    // The fixture's tube and bike in Finland (EUR, 25.5 %) and Norway (NOK).
    await handle.db.insert(productPrices).values([
      {
        productId: F.tube.productId,
        marketId: 'FI|EUR',
        currencyCode: 'EUR',
        regularPriceIncVat: 1_290,
        vatRateBasisPoints: 2550,
      },
      {
        productId: F.bike.productId,
        marketId: 'FI|EUR',
        currencyCode: 'EUR',
        regularPriceIncVat: 44_990,
        vatRateBasisPoints: 2550,
      },
      {
        productId: F.bike.productId,
        marketId: 'DK|DKK',
        currencyCode: 'DKK',
        regularPriceIncVat: 379_900,
        vatRateBasisPoints: 2500,
      },
      {
        productId: F.tube.productId,
        marketId: 'NO|NOK',
        currencyCode: 'NOK',
        regularPriceIncVat: 15_900,
        vatRateBasisPoints: 2500,
      },
    ]);
    outbox = mkdtempSync(join(tmpdir(), 'trampa-outbox-'));
    const base = testConfig();
    mailConfig = { ...base, mail: { ...base.mail, outboxDir: outbox } };
    client = createTestClient(handle, mailConfig);
  });

  afterAll(async () => {
    await handle?.close();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });
  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
    get outbox() {
      return outbox;
    },
    get mailConfig() {
      return mailConfig;
    },
    cartWith,
    shippingOf,
  };
}
