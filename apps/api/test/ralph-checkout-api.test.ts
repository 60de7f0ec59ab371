/**
 * The ralph storefront's checkout in internal-shipping mode (issue 25 "Shipping before the
 * zip"), replayed with ralph-ui 23.2.0's own documents and variables (fixtures, ralph-ui.ts):
 * on mount `createOrUpdateCheckout` without a zip must list the market's shipping options with
 * fees and the default selected (ralph draws the shipping choice from them); choosing one is
 * kept; a zip narrows the options; `placeOrder` with the zip only in the billing address (ralph
 * sends `shippingAddress` only when its first line is filled in) places the order with the
 * chosen method. On every database kind.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { orders, shippingFees } from '../src/db/schema.ts';
import { SHIPPING } from '../src/db/seed/checkout-data.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, PERSONAL_ID } from './cart-fixture.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const GET_CART = ralphUiOperation('cart/get.graphql', 'getCart');
const ADD_TO_CART = ralphUiOperation('cart/add.graphql', 'addToCart');
const CHECKOUT = ralphUiOperation('checkout/create-or-update.graphql', 'createOrUpdateCheckout');
const PLACE_ORDER = ralphUiOperation('checkout/place-order.graphql', 'placeOrder');

/** What ralph's Apollo middleware adds to every operation's variables (GEINS-API §0 item 3). */
const CONTEXT = { channelId: '1|se', languageId: 'sv-SE', marketId: 'se' };

interface ShippingOption {
  id: number;
  displayName: string;
  isSelected: boolean;
  feeIncVatFormatted: string;
}

describe.each(testDatabaseKinds())("ralph's internal-shipping checkout on %s", (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  const run = async (query: string, variables: Record<string, unknown>) => {
    const result = await client.query(query, { ...CONTEXT, ...variables });
    expect(result.errors).toBeUndefined();
    return result.data!;
  };
  /** ralph's `checkoutInput` (MixCheckout): only what is set, and always externalShippingFee. */
  const checkout = (cartId: string, input: Record<string, unknown>) =>
    run(CHECKOUT, {
      cartId,
      checkoutMarketId: 'se',
      checkout: { customerType: 'PERSON', paymentId: 1, externalShippingFee: -1, ...input },
    });
  const options = (data: Record<string, unknown>) =>
    (data.createOrUpdateCheckout as { shippingOptions: ShippingOption[] }).shippingOptions;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("an empty cart costs nothing: ralph's getCart shows no shipping fee until a line is added (issue 44 §5)", async () => {
    const empty = (await run(GET_CART, { id: '', cartMarketAlias: 'se' })).getCart as {
      id: string;
      summary: {
        shipping: { feeIncVat: number };
        total: { sellingPriceIncVat: number };
        balance: { totalSellingPriceExBalanceIncVat: number };
      };
    };
    expect(empty.summary.shipping.feeIncVat).toBe(0);
    expect(empty.summary.total.sellingPriceIncVat).toBe(0);
    expect(empty.summary.balance.totalSellingPriceExBalanceIncVat).toBe(0);
    const added = (
      await run(ADD_TO_CART, { id: empty.id, item: { skuId: F.tube.skuId, quantity: 1 } })
    ).addToCart as typeof empty;
    expect(added.summary.shipping.feeIncVat).toBeGreaterThan(0);
  });

  it("serves the order terms as ralph's `order` consent, checked once accepted (issue 44 §3)", async () => {
    const cart = await run(GET_CART, { id: '', cartMarketAlias: 'se' });
    const cartId = cart.getCart.id as string;
    await run(ADD_TO_CART, { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } });
    const consents = (data: Record<string, unknown>) =>
      (data.createOrUpdateCheckout as { consents: Array<{ type: string; checked: boolean }> })
        .consents;
    // ralph finds its `order` consent and draws the terms box unticked.
    expect(consents(await checkout(cartId, {}))).toEqual([
      expect.objectContaining({ type: 'order', checked: false }),
    ]);
    // Ticked: ralph sends acceptedConsents ["order"]; the next answer keeps it ticked.
    expect(consents(await checkout(cartId, { acceptedConsents: ['order'] }))).toEqual([
      expect.objectContaining({ type: 'order', checked: true }),
    ]);
    expect(consents(await checkout(cartId, {}))[0]!.checked).toBe(true);
  });

  it('lists the options before the zip, keeps the choice, and places the order with the billing zip', async () => {
    const cart = await run(GET_CART, { id: '', cartMarketAlias: 'se' });
    const cartId = cart.getCart.id as string;
    await run(ADD_TO_CART, { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } });

    // Mounted: no zip yet. The market's options with fees, the default (service point) chosen.
    const mounted = options(await checkout(cartId, {}));
    expect(mounted.map((o) => o.id)).toEqual([
      SHIPPING.servicePoint,
      SHIPPING.home,
      SHIPPING.pickup,
    ]);
    expect(mounted.filter((o) => o.isSelected).map((o) => o.id)).toEqual([SHIPPING.servicePoint]);
    for (const option of mounted) expect(option.feeIncVatFormatted).toMatch(/kr/);

    // The shopper picks home delivery: it is selected and prices the cart.
    const chosen = await checkout(cartId, { shippingId: SHIPPING.home });
    expect(
      options(chosen)
        .filter((o) => o.isSelected)
        .map((o) => o.id),
    ).toEqual([SHIPPING.home]);
    // ralph's cart fragment selects no shipping id: the cart is priced with a non-default method.
    expect(chosen.createOrUpdateCheckout.cart.summary.shipping.isDefault).toBe(false);

    // A zip narrows the options (no home delivery north of 980 00) and says none is missing.
    const north = await checkout(cartId, {
      shippingId: SHIPPING.home,
      billingAddress: { zip: '98210' },
    });
    expect(options(north).map((o) => o.id)).toEqual([SHIPPING.servicePoint, SHIPPING.pickup]);
    expect(JSON.parse(north.createOrUpdateCheckout.shippingData).noShippingForZip).toBe(false);

    // The billing address with the zip, no shipping address (its first line is empty in ralph).
    const billingAddress = {
      firstName: 'Anna',
      lastName: 'Andersson',
      careOf: '',
      addressLine1: 'Storgatan 1',
      addressLine2: '',
      zip: '11122',
      city: 'Stockholm',
      country: 'SE',
      entryCode: '',
      mobile: '0701234567',
      company: '',
    };
    const input = {
      customerType: 'PERSON',
      paymentId: 1,
      shippingId: SHIPPING.home,
      billingAddress,
      email: 'anna.ralph@example.se',
      identityNumber: PERSONAL_ID,
      externalShippingFee: -1,
    };
    await checkout(cartId, input);
    const placed = await run(PLACE_ORDER, { cartId, checkout: input, checkoutMarketId: 'se' });
    expect(placed.placeOrder).toMatchObject({ status: 'completed', redirectUrl: null });
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(placed.placeOrder.orderId)));
    expect(order).toMatchObject({ shippingId: SHIPPING.home });
  });

  it('a zip no method serves says so (noShippingForZip); a malformed zip lists none', async () => {
    const cart = await run(GET_CART, { id: '', cartMarketAlias: 'se' });
    const cartId = cart.getCart.id as string;
    await run(ADD_TO_CART, { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } });
    // Not a Swedish postcode: no options (the zip's own error is the storefront's), no "none".
    const malformed = await checkout(cartId, { billingAddress: { zip: '00012' } });
    expect(options(malformed)).toEqual([]);
    expect(JSON.parse(malformed.createOrUpdateCheckout.shippingData).noShippingForZip).toBe(false);
    // Only home delivery left in Sweden, which does not reach 982 10 (Kiruna area).
    await handle.db
      .delete(shippingFees)
      .where(
        and(
          eq(shippingFees.marketId, 'SE|SEK'),
          inArray(shippingFees.shippingMethodId, [SHIPPING.servicePoint, SHIPPING.pickup]),
        ),
      );
    const north = await checkout(cartId, { billingAddress: { zip: '982 10' } });
    expect(options(north)).toEqual([]);
    expect(JSON.parse(north.createOrUpdateCheckout.shippingData).noShippingForZip).toBe(true);
    // Without the zip the market's remaining option is back, selected.
    const cleared = await checkout(cartId, { billingAddress: { zip: '' } });
    expect(options(cleared).map((o) => [o.id, o.isSelected])).toEqual([[SHIPPING.home, true]]);
  });
});
