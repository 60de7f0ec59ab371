/**
 * The published Geins SDK (@geins/core, @geins/crm, @geins/oms 0.10.4 from npm, unchanged)
 * against Trampa (issue 18; GEINS-API §8): its documented flows, with its hard-coded endpoints
 * routed to an in-process API on a real database (sdk-endpoints.ts) and AUTH_PASSWORD_SALT set to
 * the salt the SDK digests passwords with. Each step goes through the SDK's own services and
 * parsers, so a field our schema lacks or answers wrongly fails here as it would for a merchant.
 * The CMS flows (@geins/cms 0.10.4): a menu at its location, the start page's widget area, a
 * content page by alias, and the `cmsPages` list through the raw query service (the SDK has no
 * service for it).
 */
import { GeinsCore, GeinsCustomerType } from '@geins/core';
import { GeinsCMS } from '@geins/cms';
import { GeinsCRM } from '@geins/crm';
import { GeinsOMS } from '@geins/oms';
import type { CheckoutInputType } from '@geins/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { seedCatalogue } from '../../src/db/seed/seed.ts';
import { transitionOrder } from '../../src/modules/orders/order-process.ts';
import { createTestClient, testConfig, TEST_API_KEY, type TestClient } from '../api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from '../cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from '../test-db.ts';
import { geinsSdkPasswordSalt, routeGeinsEndpoints, type RoutedRequest } from './sdk-endpoints.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = 'sdk.kund@example.se';
const PASSWORD = 'Cykla-till-jobbet-1';
const NEW_PASSWORD = 'Cykla-hem-igen-2';

/** A complete invoice checkout as the SDK takes it. */
function sdkCheckout(overrides: Record<string, unknown> = {}): CheckoutInputType {
  return personCheckout(overrides) as CheckoutInputType;
}

describe.each(testDatabaseKinds())('the Geins SDK 0.10.4 against Trampa on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let routing: { requests: RoutedRequest[]; restore(): void };
  let core: GeinsCore;
  let oms: GeinsOMS;
  let crm: GeinsCRM;
  let cms: GeinsCMS;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 8 });
    await addCartFixture(handle.db);
    const base = testConfig();
    client = createTestClient(handle, {
      ...base,
      auth: { ...base.auth, passwordSalt: geinsSdkPasswordSalt() },
    });
    routing = routeGeinsEndpoints(client.api);
    // The settings of the SDK's README; the key is ours (at least 8 characters).
    core = new GeinsCore({
      apiKey: TEST_API_KEY,
      accountName: 'trampa',
      channel: '1',
      tld: 'se',
      locale: 'sv-SE',
      market: 'se',
      environment: 'prod',
    });
    oms = new GeinsOMS(core);
    crm = new GeinsCRM(core, { clientConnectionMode: 'Direct' });
    cms = new GeinsCMS(core);
  });

  afterAll(async () => {
    routing?.restore();
    await handle?.close();
  });

  it('reads the channel with its markets and languages (core.channel)', async () => {
    const channel = await core.channel.current();
    expect(channel).toMatchObject({ id: '1|se', defaultMarketId: 'SE|SEK' });
    const se = channel!.markets!.find((m) => m?.alias === 'se');
    expect(se).toMatchObject({ id: 'SE|SEK', currency: { code: 'SEK' } });
    const all = await core.channel.all();
    expect(all?.map((c) => c?.id)).toContain('1|se');
    // Every call went to Trampa, none to a Geins host.
    expect(routing.requests.every((r) => r.url.startsWith('http://localhost/'))).toBe(true);
  });

  it('lists products and reads one (core.graphql, the raw query service)', async () => {
    const list = (await core.graphql.query({
      queryAsString: `query products($take: Int, $channelId: String, $languageId: String, $marketId: String) {
        products(take: $take, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          count products { productId alias name unitPrice { sellingPriceIncVatFormatted } } } }`,
      variables: { take: 3 },
    })) as { products: { count: number; products: Array<{ alias: string }> } };
    expect(list.products.count).toBeGreaterThan(3);
    expect(list.products.products).toHaveLength(3);
    const product = (await core.graphql.query({
      queryAsString: `query product($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
        product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          productId name skus { skuId } unitPrice { sellingPriceIncVat currency { code } } } }`,
      variables: { alias: `cart-test-${F.tube.productId}` },
    })) as { product: Record<string, unknown> };
    expect(product.product).toMatchObject({
      productId: F.tube.productId,
      skus: [{ skuId: F.tube.skuId }],
      unitPrice: { sellingPriceIncVat: 129, currency: { code: 'SEK' } },
    });
  });

  let cartId = '';

  it('creates a cart, adds, updates, deletes, sets promo code and merchant data, and reads it (oms.cart)', async () => {
    const created = await oms.cart.create();
    expect(created.id).toMatch(UUID);
    expect(created.items).toEqual([]);
    cartId = created.id;

    let cart = await oms.cart.addItem(cartId, { skuId: F.tube.skuId, quantity: 1 });
    cart = await oms.cart.addItem(cartId, { skuId: F.bike.skuId, quantity: 1 });
    const tube = cart.items.find((i) => i.skuId === F.tube.skuId)!;
    expect(tube).toMatchObject({ quantity: 1, unitPrice: { sellingPriceIncVat: 129 } });
    // No line belongs to a product package.
    expect(cart.items.every((i) => i.productPackage == null)).toBe(true);

    cart = await oms.cart.updateItem(cartId, { id: tube.id, quantity: 3 });
    expect(cart.items.find((i) => i.skuId === F.tube.skuId)?.quantity).toBe(3);

    cart = await oms.cart.setPromotionCode(cartId, 'CYKEL10');
    expect(cart.promoCode).toBe('CYKEL10');
    // 4 999 kr + 3 × 129 kr ("3 för 2" on tubes: 258 kr), then 10 %.
    expect(cart.summary.total?.sellingPriceIncVat).toBeCloseTo((499_900 + 25_800) * 0.009, 2);
    await expect(oms.cart.setPromotionCode(cartId, 'FINNS-INTE')).rejects.toThrow();
    cart = await oms.cart.removePromotionCode(cartId);
    expect(cart.promoCode ?? null).toBeNull();

    cart = await oms.cart.setMerchantData(cartId, '{"källa":"nyhetsbrev"}');
    expect(cart.merchantData).toBe('{"källa":"nyhetsbrev"}');

    cart = await oms.cart.deleteItem(cartId, cart.items.find((i) => i.skuId === F.tube.skuId)!.id!);
    const read = await oms.cart.get(cartId);
    expect(read.id).toBe(cartId);
    expect(read.items.map((i) => [i.skuId, i.quantity])).toEqual([[F.bike.skuId, 1]]);
    expect(read.merchantData).toBe('{"källa":"nyhetsbrev"}');
  });

  let publicId = '';
  let orderNumber = '';

  it('gets and validates the checkout, creates the order and reads its summary (oms.checkout)', async () => {
    const checkout = await oms.checkout.get({ cartId, paymentMethodId: 1, shippingMethodId: 2 });
    expect(checkout?.cart?.id).toBe(cartId);
    expect(checkout?.paymentOptions?.map((o) => o?.id)).toContain(1);
    expect(checkout?.shippingOptions?.length).toBeGreaterThan(0);

    const refused = await oms.checkout.validate({
      cartId,
      checkoutOptions: sdkCheckout({ email: 'inte-en-adress' }),
    });
    expect(refused).toMatchObject({ isValid: false });
    expect(refused?.message).toBeTruthy();
    const options = sdkCheckout({
      customerOrderNumber: 'PO-4711',
      goodsLabel: 'Verkstaden',
      desiredDeliveryDate: '2026-12-01T09:00:00.000Z',
    });
    expect(await oms.checkout.validate({ cartId, checkoutOptions: options })).toMatchObject({
      isValid: true,
    });

    const created = await oms.checkout.createOrder({ cartId, checkoutOptions: options });
    expect(created).toMatchObject({ created: true });
    expect(created?.publicId).toMatch(UUID);
    publicId = created!.publicId!;
    orderNumber = created!.orderId!;
    // The cart is an order now: validating it again says why not.
    expect(await oms.checkout.validate({ cartId, checkoutOptions: options })).toMatchObject({
      isValid: false,
      message: 'The cart is already completed',
    });

    // The public id alone finds the order; the order number alone does not (guessable).
    const summary = await oms.checkout.summary({ orderId: publicId, paymentMethod: 'STANDARD' });
    expect(summary?.order).toMatchObject({
      orderId: orderNumber,
      transactionId: publicId,
      customerOrderNumber: 'PO-4711',
      goodsLabel: 'Verkstaden',
    });
    expect(new Date(summary!.order!.desiredDeliveryDate!).toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
    expect(summary?.order?.rows?.map((r) => r?.quantity)).toEqual([1]);
    const guessed = await client.query(
      `query($id: String!) { checkout(id: $id, paymentType: STANDARD) { completed order { orderId } } }`,
      { id: orderNumber },
    );
    expect(guessed.data?.checkout).toEqual({ completed: false, order: null });
    // The deprecated forms older clients send answer the same way.
    const deprecated = await client.query(
      `query($id: String!) { getCheckout(id: $id, paymentType: STANDARD)
        getCheckoutAndOrder(id: $id, paymentType: STANDARD) { htmlSnippet order { orderId } } }`,
      { id: publicId },
    );
    expect(deprecated.data).toEqual({
      getCheckout: null,
      getCheckoutAndOrder: { htmlSnippet: '', order: { orderId: orderNumber } },
    });
  });

  it('reads the order by its public id (oms.order)', async () => {
    const order = await oms.order.get({ publicOrderId: publicId });
    expect(order).toMatchObject({
      publicId,
      status: 'received',
      currency: 'SEK',
      customerOrderNumber: 'PO-4711',
      goodsLabel: 'Verkstaden',
      refunds: [],
    });
    expect(order?.orderTotal?.sellingPriceIncVat).toBe(4999);
    expect(order?.vat?.sellingPriceIncVat).toBeCloseTo(4999 * 0.2, 2);
  });

  it('the SDK 0.10.4 sends validateOrder with the validateOrderCreation document (an SDK bug)', async () => {
    // checkout.validateOrder sends the validateOrderCreation query without its required
    // $checkout, which any GraphQL server refuses; validateOrderConditions itself works.
    await expect(oms.checkout.validateOrder({ cartId, email: EMAIL })).rejects.toThrow(
      /validating order/i,
    );
    expect(routing.requests.at(-1)).toMatchObject({
      operationName: 'validateOrderCreation',
      status: 400,
    });
  });

  let token = '';
  let refreshToken = '';

  it('registers with user info, logs in, refreshes, reads and updates the user (crm)', async () => {
    const registered = await crm.user.create(
      { username: EMAIL, password: PASSWORD },
      {
        newsletter: true,
        customerType: GeinsCustomerType.PersonType,
        address: { firstName: 'Sara', city: 'Umeå' },
      },
    );
    expect(registered?.succeeded).toBe(true);

    const login = await crm.auth.login({ username: EMAIL, password: PASSWORD, rememberUser: true });
    expect(login).toMatchObject({ succeeded: true, user: { username: EMAIL } });
    token = login!.tokens!.token!;
    refreshToken = login!.tokens!.refreshToken!;

    const refreshed = await crm.auth.refresh(refreshToken);
    expect(refreshed?.succeeded).toBe(true);
    expect(refreshed?.tokens?.refreshToken).not.toBe(refreshToken);
    token = refreshed!.tokens!.token!;
    refreshToken = refreshed!.tokens!.refreshToken!;

    const user = await crm.user.get(token);
    expect(user).toMatchObject({
      email: EMAIL,
      customerType: 'PERSON',
      address: { firstName: 'Sara', city: 'Umeå' },
    });
    expect(user?.availableChannels?.[0]).toMatchObject({ channelId: '1|se' });

    const updated = await crm.user.update({ address: { lastName: 'Lind' } }, token);
    expect(updated?.address).toMatchObject({ firstName: 'Sara', lastName: 'Lind' });
  });

  it("lists the user's orders with refunds of a cancelled one (crm.user.orders)", async () => {
    const cart = await oms.cart.create();
    await oms.cart.addItem(cart.id, { skuId: F.lock.skuId, quantity: 2 }, { userToken: token });
    const created = await oms.checkout.createOrder({
      cartId: cart.id,
      checkoutOptions: sdkCheckout({ email: EMAIL }),
      requestContext: { userToken: token },
    });
    expect(created?.created).toBe(true);
    await transitionOrder(handle.db, Number(created!.orderId), 'cancelled', 'Kunden ångrade sig');

    const orders = (await crm.user.orders.get(token)) as unknown as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    // Only this order is the customer's (the earlier one was a guest's).
    expect(orders.map((o) => o.id)).toEqual([Number(created!.orderId)]);
    expect(orders[0]).toMatchObject({ status: 'cancelled' });
    // The CRM's order list selects a part of RefundType; oms.order.get selects all of it.
    expect(orders[0]!.refunds).toEqual([
      expect.objectContaining({ reason: 'Kunden ångrade sig', total: 598, vat: 119.6 }),
    ]);
    const order = await oms.order.get({ publicOrderId: created!.publicId! });
    expect(order?.refunds).toEqual([
      expect.objectContaining({
        itemId: Number(order!.cart!.items[0]!.id),
        articleNumber: `CART-${F.lock.skuId}`,
        reason: 'Kunden ångrade sig',
        refundType: 'cancellation',
        toBalance: false,
        total: 598,
        vat: 119.6,
      }),
    ]);
  });

  it('changes the password, logs in with the new one and logs out (crm)', async () => {
    const changed = await crm.user.password.change(
      { username: EMAIL, password: PASSWORD, newPassword: NEW_PASSWORD },
      refreshToken,
    );
    expect(changed?.succeeded).toBe(true);
    expect((await crm.auth.login({ username: EMAIL, password: PASSWORD }))?.succeeded).toBeFalsy();
    const again = await crm.auth.login({ username: EMAIL, password: NEW_PASSWORD });
    expect(again?.succeeded).toBe(true);
    expect(await crm.auth.logout()).toMatchObject({ succeeded: true });
  });
  it('reads a menu at its location (cms.menu, getMenuAtLocation)', async () => {
    const menu = (await cms.menu.get({ menuLocationId: 'info-pages' })) as {
      id: string;
      title?: string;
      menuItems: Array<{ label?: string; canonicalUrl?: string; type?: string }>;
    };
    expect(menu.id).toBeTruthy();
    const urls = menu.menuItems.map((item) => item.canonicalUrl);
    expect(urls).toEqual(expect.arrayContaining(['/om-oss', '/kopvillkor']));
    expect(menu.menuItems.every((item) => !!item.label)).toBe(true);
  });

  it("reads the start page's widget area (cms.area, widgetArea)", async () => {
    const area = (await cms.area.get({
      family: 'Frontpage',
      areaName: 'The front page area',
    })) as {
      meta?: { title?: string };
      containers: Array<{
        layout: string;
        content: Array<{ config: { name: string; type: string }; data: unknown }>;
      }>;
    };
    expect(area.containers.length).toBeGreaterThan(0);
    const widgets = area.containers.flatMap((c) => c.content);
    expect(widgets.length).toBeGreaterThan(0);
    expect(widgets.every((w) => !!w.config.type && typeof w.data === 'object')).toBe(true);
  });

  it('reads a content page by alias (cms.page) and lists the pages (cmsPages)', async () => {
    const page = (await cms.page.get({ alias: 'om-oss' })) as {
      title?: string;
      meta?: { title?: string; description?: string };
      containers: Array<{ content: Array<{ config: { name: string }; data: unknown }> }>;
    };
    expect(page.title).toBe('Om oss');
    expect(page.meta?.description).toMatch(/cykelbutik/);
    const texts = page.containers.flatMap((c) => c.content).map((w) => JSON.stringify(w.data));
    expect(texts.join(' ')).toMatch(/Trampa startade 2012/);
    const listed = (await core.graphql.query({
      queryAsString: `query cmsPages($includeTags: [String], $excludeTags: [String], $channelId: String, $languageId: String, $marketId: String) {
        cmsPages(includeTags: $includeTags, excludeTags: $excludeTags, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          id alias title canonicalUrl tags meta { title description } } }`,
      variables: { includeTags: ['menu'] },
    })) as { cmsPages: Array<{ alias: string; canonicalUrl: string }> };
    const aliases = listed.cmsPages.map((p) => p.alias);
    expect(aliases).toContain('om-oss');
    expect(listed.cmsPages.find((p) => p.alias === 'om-oss')?.canonicalUrl).toBe('/om-oss');
  });
});
