/**
 * An order's delivery facts on display (issue 43; ADR 020 §6): an order with a chosen pickup
 * point, carrier and delivery promise answers them to its owner on the shop API (getOrders,
 * getOrderPublic, the confirm page's checkout order) and to staff on the admin API; an order from
 * before issue 43 with a store pickup answers the store; home delivery answers null. The packing
 * slip (PDF) and the packing list (CSV) name the point so the parcel can be labelled for it. The
 * checkout does not write the columns in this test: an UPDATE sets them as it will. On every
 * database kind.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import type { PickupPoint } from '../src/modules/shipping/provider.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { testDatabaseKinds } from './test-db.ts';

const POINT: PickupPoint = {
  id: '1234567',
  name: 'ICA Nära Ågatan',
  address: 'Ågatan 5',
  zip: '41101',
  city: 'Göteborg',
  country: 'SE',
  distanceMetres: 350,
  openingHours: 'Mån–fre 8–21, lör–sön 9–20',
};

const SHOP_FIELDS = `shippingCarrierName deliveryPromise
  pickupPointDetails { id name address zip city country distanceMetres openingHours }`;
const ADMIN_ORDER = `query($id: Int!) { adminOrder(id: $id) { shippingName shippingProvider
  shippingCarrierName deliveryPromise pickupPoint
  pickupPointDetails { id name address zip city country openingHours } } }`;

describe.each(testDatabaseKinds())('order delivery facts on %s', (kind) => {
  const state = useAdminApi(kind);
  let shop: TestClient;
  let staff: ReturnType<typeof adminClient>;
  let owner: { id: number; token: string };
  /** nShift to a service point; a store pickup from before issue 43; home delivery. */
  let nshift: PlacedOrder;
  let store: PlacedOrder;
  let home: PlacedOrder;

  beforeAll(async () => {
    const db = state.handle.db;
    await seedCatalogue(db, { products: 10 });
    await addCartFixture(db);
    shop = createTestClient(state.handle, state.config);
    owner = await customerSession(db, state.config, 'agare@example.se');
    nshift = await placeTestOrder(shop, db, [[F.tube.skuId, 2]]);
    store = await placeTestOrder(shop, db, [[F.tube.skuId, 1]]);
    home = await placeTestOrder(shop, db, [[F.tube.skuId, 1]]);
    // Placed on the admin clock's day (2026-11-28 in Stockholm), for the packing list.
    const placedAt = new Date('2026-11-28T08:00:00Z');
    await db
      .update(orders)
      .set({
        customerId: owner.id,
        createdAt: placedAt,
        shippingProvider: 'nshift',
        shippingName: 'Hämta hos ombud',
        shippingChoiceId: 'opt-postnord-ombud',
        shippingCarrierId: 'PLAB',
        shippingCarrierName: 'PostNord',
        deliveryPromise: '1–3 vardagar',
        pickupPoint: POINT.id,
        pickupPointDetails: POINT,
      })
      .where(eq(orders.id, nshift.id));
    await db
      .update(orders)
      .set({ customerId: owner.id, createdAt: placedAt, pickupPoint: 'goteborg' })
      .where(eq(orders.id, store.id));
    await db
      .update(orders)
      .set({ customerId: owner.id, createdAt: placedAt })
      .where(eq(orders.id, home.id));
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    staff = adminClient(state.api, '10.43.6.1');
    expect((await staff.login('kundtjanst@example.se')).status).toBe(200);
  }, 120_000);

  /** The owner's orders by id, with the delivery fields. */
  async function ownOrders(): Promise<Map<number, Record<string, unknown>>> {
    const response = await shop.post(
      { query: `{ getOrders { id ${SHOP_FIELDS} } }` },
      { authorization: `Bearer ${owner.token}` },
    );
    const body = (await response.json()) as {
      errors?: unknown;
      data: { getOrders: Array<Record<string, unknown> & { id: number }> };
    };
    expect(body.errors).toBeUndefined();
    return new Map(body.data.getOrders.map((o) => [o.id, o]));
  }

  it('answers the point, carrier and promise to the owner (getOrders, getOrderPublic, confirm page)', async () => {
    const mine = await ownOrders();
    const expected = {
      shippingCarrierName: 'PostNord',
      deliveryPromise: '1–3 vardagar',
      pickupPointDetails: POINT,
    };
    expect(mine.get(nshift.id)).toEqual({ id: nshift.id, ...expected });
    const byPublicId = await shop.query(
      `query($p: Guid!) { getOrderPublic(publicOrderId: $p) { ${SHOP_FIELDS} } }`,
      { p: nshift.publicId },
    );
    expect(byPublicId.errors).toBeUndefined();
    expect(byPublicId.data?.getOrderPublic).toEqual(expected);
    const confirm = await shop.query(
      `query($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) {
        order { shippingName pickupPoint ${SHOP_FIELDS} } } }`,
      { id: String(nshift.id), cartId: nshift.cartId },
    );
    expect(confirm.errors).toBeUndefined();
    expect(confirm.data?.checkout.order).toEqual({
      shippingName: 'Hämta hos ombud',
      pickupPoint: POINT.id,
      ...expected,
    });
  });

  it('an older store pickup answers its store; home delivery answers null', async () => {
    const mine = await ownOrders();
    expect(mine.get(store.id)).toMatchObject({
      shippingCarrierName: null,
      deliveryPromise: null,
      pickupPointDetails: {
        id: 'goteborg',
        name: 'Trampa Göteborg Haga',
        country: 'SE',
        distanceMetres: null,
      },
    });
    expect((mine.get(store.id)!.pickupPointDetails as PickupPoint).address).not.toBe('');
    expect(mine.get(home.id)).toEqual({
      id: home.id,
      shippingCarrierName: null,
      deliveryPromise: null,
      pickupPointDetails: null,
    });
  });

  it('answers the same to staff on the admin API', async () => {
    const answer = await staff.send(ADMIN_ORDER, { id: nshift.id });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.adminOrder).toEqual({
      shippingName: 'Hämta hos ombud',
      shippingProvider: 'nshift',
      shippingCarrierName: 'PostNord',
      deliveryPromise: '1–3 vardagar',
      pickupPoint: POINT.id,
      pickupPointDetails: {
        id: POINT.id,
        name: POINT.name,
        address: POINT.address,
        zip: POINT.zip,
        city: POINT.city,
        country: 'SE',
        openingHours: POINT.openingHours,
      },
    });
    const homeAnswer = await staff.send(ADMIN_ORDER, { id: home.id });
    expect(homeAnswer.body.data?.adminOrder).toMatchObject({
      shippingProvider: 'own',
      shippingCarrierName: null,
      deliveryPromise: null,
      pickupPointDetails: null,
    });
  });

  it('the packing slip names the point, the carrier and the promise', async () => {
    const response = await state.api.fetch(
      new Request(`http://shop.local/admin/orders/${nshift.id}/packing-slip.pdf`, {
        headers: { cookie: staff.cookie! },
      }),
    );
    expect(response.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Leveranssätt: Hämta hos ombud (PostNord, 1–3 vardagar)');
    expect(text).toContain(
      'Utlämningsställe ICA Nära Ågatan Ågatan 5 411 01 Göteborg Öppettider: Mån–fre 8–21, lör–sön 9–20',
    );
    expect(text).toContain('Utlämningsställets id: 1234567');
  });

  it('the packing list names the point with its address', async () => {
    const answer = await staff.send(
      `mutation($day: String) { exportShippingFile(file: PACKING_LIST, day: $day) { csv } }`,
      { day: '2026-11-28' },
    );
    expect(answer.body.errors).toBeUndefined();
    const csv = (answer.body.data?.exportShippingFile as { csv: string }).csv;
    const rows = parse(csv, { bom: true, delimiter: ';', columns: true }) as Array<
      Record<string, string>
    >;
    const point = (id: number) => rows.find((r) => r.ordernummer === String(id))?.utlamningsstalle;
    expect(point(nshift.id)).toBe('ICA Nära Ågatan, Ågatan 5, 411 01 Göteborg');
    expect(point(store.id)).toMatch(/^Trampa Göteborg Haga, .+, \d{3} \d{2} Göteborg$/);
    expect(point(home.id)).toBe('');
  });
});
