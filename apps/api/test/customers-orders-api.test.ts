/**
 * GraphQL account operations with Bearer auth (GEINS-API §4.7, §7.2), part 2: getOrders (only
 * the caller's, no N+1) and deleteUser (GDPR: orders anonymised, tokens refused), on every
 * database kind.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import { customers, orderLines, orders, shippingMethods } from '../src/db/schema.ts';
import { ANONYMISED_EMAIL } from '../src/modules/orders/orders-anonymise.service.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { testDatabaseKinds } from './test-db.ts';
import { orderFixture, useAccountApi } from './customers-fixture.ts';

describe.each(testDatabaseKinds())('account operations on %s', (kind) => {
  const api = useAccountApi(kind);
  const { credentials, register, gql, code } = api;

  it("getOrders: only the caller's orders, lines as cart, tracking once shipped; IDOR", async () => {
    const ids = async (email: string) =>
      (await api.handle.db.select().from(customers).where(eq(customers.email, email)))[0]!.id;
    const base = orderFixture(await ids('anna@example.se'), 'anna@example.se');
    const [annaOrder] = await api.handle.db.insert(orders).values(base).returning();
    await api.handle.db
      .insert(orders)
      .values(orderFixture(await ids('bertil@example.se'), 'bertil@example.se'));
    await api.handle.db.insert(orderLines).values({
      orderId: annaOrder!.id,
      lineNo: 1,
      skuId: 1,
      productId: 1,
      articleNumber: 'A-1',
      skuArticleNumber: 'A-1-M',
      name: 'Cykelhjälm Vind',
      skuName: 'M',
      brandName: 'Trampa',
      quantity: 1,
      regularUnitPriceIncVat: 49900,
      unitPriceIncVat: 49900,
      vatRateBasisPoints: 2500,
      totalIncVat: 49900,
      totalExVat: 39920,
      discountIncVat: 0,
      discountExVat: 0,
    });
    const query = `{ getOrders { id customerId status orderTotal { sellingPriceIncVat }
      cart { __typename id isCompleted items { id skuId quantity product { name articleNumber
        canonicalUrl brand { name } primaryCategory { name } unitPrice { sellingPriceIncVat } skus { skuId } }
        unitPrice { sellingPriceIncVatFormatted } totalPrice { sellingPriceIncVat sellingPriceIncVatFormatted } }
        summary { subTotal { sellingPriceIncVatFormatted } total { sellingPriceIncVat } vats { rate amount } } }
      shippingDetails { __typename id name parcelNumber shippingDate trackingLink } } }`;
    expect(code(await gql(query))).toBe('UNAUTHENTICATED');
    const asAnna = await gql(query, {}, api.anna.token);
    expect(asAnna.errors).toBeUndefined();
    expect(asAnna.data?.getOrders).toEqual([
      {
        id: annaOrder!.id,
        customerId: annaOrder!.customerId,
        status: 'received',
        orderTotal: { sellingPriceIncVat: 499 },
        cart: {
          __typename: 'CartType',
          id: annaOrder!.cartId,
          isCompleted: true,
          items: [
            {
              id: String(-(annaOrder!.id * 10000 + 1)),
              skuId: 1,
              quantity: 1,
              // The product left the catalogue: the line still names what was bought.
              product: {
                name: 'Cykelhjälm Vind',
                articleNumber: 'A-1',
                canonicalUrl: '/p/',
                brand: null,
                primaryCategory: null,
                unitPrice: null,
                skus: [],
              },
              unitPrice: { sellingPriceIncVatFormatted: '499\u00a0kr' },
              totalPrice: { sellingPriceIncVat: 499, sellingPriceIncVatFormatted: '499\u00a0kr' },
            },
          ],
          summary: {
            subTotal: { sellingPriceIncVatFormatted: '499\u00a0kr' },
            total: { sellingPriceIncVat: 499 },
            vats: [{ rate: 25, amount: 99.8 }],
          },
        },
        shippingDetails: [
          {
            __typename: 'ShippingDetailType',
            id: -annaOrder!.id,
            name: 'Postnord',
            parcelNumber: null,
            shippingDate: null,
            trackingLink: null,
          },
        ],
      },
    ]);
    const asBertil = await gql(query, {}, api.bertil.token);
    expect(asBertil.data?.getOrders).toHaveLength(1);
    expect(asBertil.data?.getOrders[0].id).not.toBe(annaOrder!.id);
    expect(JSON.stringify(asBertil.data)).not.toContain('Cykelhjälm');

    // Shipped through the transitions table: a parcel with the method's tracking link.
    await api.handle.db.insert(shippingMethods).values({
      id: 1,
      alias: 'ombud-test',
      name: 'Postnord',
      kind: 'service_point',
      trackingUrlTemplate: 'https://tracking.example/se/?id={parcelNumber}',
    });
    await expect(
      transitionOrder(api.handle.db, annaOrder!.id, 'cancelled', 'x', {
        shipment: { parcelNumber: 'PN123456SE' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(
      transitionOrder(api.handle.db, annaOrder!.id, 'processing', 'x', {
        shipment: { parcelNumber: 'bad parcel <a>' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    const shippedAt = new Date('2026-11-20T10:00:00Z');
    await transitionOrder(api.handle.db, annaOrder!.id, 'processing', 'packed and handed over', {
      shipment: { parcelNumber: 'PN123456SE', shippedAt },
    });
    // The same parcel again (a retried call) is written once.
    await transitionOrder(api.handle.db, annaOrder!.id, 'processing', 'retry', {
      shipment: { parcelNumber: 'PN123456SE', shippedAt },
    });
    const shipped = await gql(
      `{ getOrders { id status shippingDetails { name parcelNumber shippingDate trackingLink } } }`,
      {},
      api.anna.token,
    );
    expect(shipped.data?.getOrders).toEqual([
      {
        id: annaOrder!.id,
        status: 'processing',
        shippingDetails: [
          {
            name: 'Postnord',
            parcelNumber: 'PN123456SE',
            shippingDate: shippedAt.toISOString(),
            trackingLink: 'https://tracking.example/se/?id=PN123456SE',
          },
        ],
      },
    ]);
    // Bertil's order is untouched and his view shows no parcel of Anna's.
    const bertilShipping = await gql(
      `{ getOrders { shippingDetails { parcelNumber } } }`,
      {},
      api.bertil.token,
    );
    expect(bertilShipping.data?.getOrders).toEqual([{ shippingDetails: [{ parcelNumber: null }] }]);
    // The public order page (by its UUID) shows the same tracking.
    const publicOrder = await gql(
      `query($id: Guid!) { getOrderPublic(publicOrderId: $id) { shippingDetails { trackingLink } } }`,
      { id: annaOrder!.publicId },
    );
    expect(publicOrder.data?.getOrderPublic.shippingDetails).toEqual([
      { trackingLink: 'https://tracking.example/se/?id=PN123456SE' },
    ]);
  });

  it('getOrders costs the same number of SQL statements for 1 and 5 orders (no N+1)', async () => {
    const dora = await register('dora@example.se');
    const [row] = await api.handle.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'dora@example.se'));
    const addOrder = async () => {
      const [order] = await api.handle.db
        .insert(orders)
        .values(orderFixture(row!.id, 'dora@example.se'))
        .returning();
      await api.handle.db.insert(orderLines).values(
        [1, 2].map((lineNo) => ({
          orderId: order!.id,
          lineNo,
          skuId: lineNo,
          productId: lineNo,
          articleNumber: `D-${lineNo}`,
          skuArticleNumber: `D-${lineNo}-M`,
          name: `Vara ${lineNo}`,
          skuName: 'M',
          quantity: 1,
          regularUnitPriceIncVat: 24950,
          unitPriceIncVat: 24950,
          vatRateBasisPoints: 2500,
          totalIncVat: 24950,
          totalExVat: 19960,
          discountIncVat: 0,
          discountExVat: 0,
        })),
      );
    };
    const query = `{ getOrders { id cart { items { id quantity product { name skus { skuId name } }
      totalPrice { sellingPriceIncVatFormatted } } summary { subTotal { regularPriceIncVatFormatted } } }
      shippingDetails { parcelNumber trackingLink } paymentDetails { id isPaid } } }`;
    const statements = async (expected: number) => {
      const { result, counter } = await countStatements(() => gql(query, {}, dora.token));
      expect(result.errors).toBeUndefined();
      expect(result.data?.getOrders).toHaveLength(expected);
      return counter.count;
    };
    await addOrder();
    await statements(1); // warm-up
    const one = await statements(1);
    for (let i = 0; i < 4; i += 1) await addOrder();
    const five = await statements(5);
    expect(five).toBe(one);
  });

  it('deleteUser removes the account, anonymises its orders and refuses its tokens', async () => {
    const carl = await register('carl@example.se');
    const [row] = await api.handle.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'carl@example.se'));
    const address = {
      firstName: 'Carl',
      lastName: 'Carlsson',
      addressLine1: 'Vägen 2',
      zip: '41101',
      city: 'Göteborg',
      country: 'SE',
      company: '',
      phone: '070111',
    };
    const order = {
      publicId: randomUUID(),
      customerId: row!.id,
      marketId: 'SE|SEK',
      currencyCode: 'SEK',
      languageId: 'sv-SE',
      customerType: 'PERSON',
      email: 'carl@example.se',
      phone: '070111',
      identityNumber: '199001010017',
      billingAddress: address,
      shippingAddress: address,
      shippingId: 1,
      shippingName: 'Postnord',
      paymentId: 1,
      paymentName: 'Faktura',
      paymentType: 'STANDARD',
      itemValueIncVat: 49900,
      itemValueExVat: 39920,
      discountIncVat: 0,
      discountExVat: 0,
      shippingFeeIncVat: 0,
      shippingFeeExVat: 0,
      orderValueIncVat: 49900,
      orderValueExVat: 39920,
      vats: [{ rateBasisPoints: 2500, amount: 9980 }],
    };
    await api.handle.db.insert(orders).values([
      { ...order, cartId: randomUUID(), idempotencyKey: randomUUID() },
      {
        ...order,
        cartId: randomUUID(),
        idempotencyKey: randomUUID(),
        customerId: null,
        publicId: randomUUID(),
      },
    ] as never);

    const deleted = await gql(`mutation { deleteUser }`, {}, carl.token);
    expect(deleted.data?.deleteUser).toBe(true);
    expect(code(await gql(`{ getUser { id } }`, {}, carl.token))).toBe('UNAUTHENTICATED');
    const refreshed = await api.client.api.auth(
      new Request('http://in-process.local/auth/login', {
        headers: { 'x-auth-refresh-token': carl.refresh },
      }),
    );
    expect(refreshed.status).toBe(401);
    expect((await credentials('login', 'carl@example.se', 'hemligt1')).status).toBe(401);

    const rows = await api.handle.db.select().from(orders);
    const anonymised = rows.filter((o) => o.email === ANONYMISED_EMAIL);
    expect(anonymised).toHaveLength(1);
    expect(anonymised[0]).toMatchObject({
      customerId: null,
      phone: '',
      identityNumber: '',
      orderValueIncVat: 49900,
      billingAddress: { firstName: '', lastName: '', addressLine1: '', zip: '', country: 'SE' },
    });
    // The guest order with the same e-mail but no account link is not the account's: untouched.
    expect(rows.filter((o) => o.email === 'carl@example.se')).toHaveLength(1);
    // IDOR: Carl's deletion touched nobody else: Anna still logs in, with her orders and parcel.
    expect((await gql(`{ getUser { email } }`, {}, api.anna.token)).data?.getUser).toEqual({
      email: 'anna@example.se',
    });
    const annasOrders = await gql(
      `{ getOrders { customerId cart { items { quantity } } shippingDetails { parcelNumber } } }`,
      {},
      api.anna.token,
    );
    expect(annasOrders.data?.getOrders).toEqual([
      {
        customerId: expect.any(Number),
        cart: { items: [{ quantity: 1 }] },
        shippingDetails: [{ parcelNumber: 'PN123456SE' }],
      },
    ]);
  });
});
