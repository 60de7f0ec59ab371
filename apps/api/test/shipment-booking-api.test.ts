/**
 * Parcel booking at shipment (issue 43; ADR 020 §5–§6) against the nShift stand-in: staff map
 * the order's nShift option to a service, "Skicka med nShift" (`bookShipment`) queues one
 * booking and its job (a second click books nothing), the job books with nShift and registers
 * the parcel with PostNord's tracking link, keeps the label (a download for staff only) and
 * sends "Din order har skickats" with the link; an outage is retried and books once, a lost
 * answer of the stored shipment too; a refusal shows nShift's words and "Försök igen" books with
 * the same orderNo; a parcel typed by staff sends the mail and makes a waiting booking manual.
 * Orders are placed through the shop API and made nShift orders with an UPDATE (what the
 * checkout writes). On every database kind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NshiftSettings } from '../src/config-shipping.ts';
import type { Config } from '../src/config.ts';
import { jobs, orders } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { JobRunner } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { orderShipments } from '../src/modules/orders/orders.tables.ts';
import { orderBookings } from '../src/modules/shipping/shipping.tables.ts';
import { createTestClient } from './api-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { startNshiftStandIn, type NshiftStandIn } from './nshift-stand-in.ts';
import { placeTestOrder } from './placed-orders.ts';
import { testDatabaseKinds } from './test-db.ts';

/** The stand-in's PostNord MyPack Collect option (nshift-stand-in-rules.ts SERVICES). */
const OPTION = '6a1f0c2e-0001-4c3a-9b1e-postnord0001';
const AGENT = {
  id: '74383',
  name: 'ICA Nära Tegnérlunden',
  address: 'Tegnérgatan 20',
  zip: '11140',
  city: 'STOCKHOLM',
  country: 'SE',
  distanceMetres: 600,
  openingHours: 'Mån–fre 8–20, lör 10–16',
};
const POSTNORD = 'https://tracking.postnord.com/se/?id=';

const BOOKING = 'id seq orderNo state stateName errorCode message hasLabel labelUrl';
const BOOK = `mutation($orderId: Int!) { bookShipment(orderId: $orderId) { ${BOOKING} } }`;
const RETRY = `mutation($id: Int!) { retryShipmentBooking(bookingId: $id) { ${BOOKING} } }`;
const ORDER = `query($id: Int!) { adminOrder(id: $id) { status nshiftBookable
  shipments { parcelNumber trackingLink } bookings { ${BOOKING} } } }`;
const SET_SERVICE = `mutation($input: AdminNshiftServiceInput!) {
  setNshiftService(input: $input) { optionId serviceId name } }`;
const SERVICES = `{ nshiftServices { optionId serviceId name } }`;
const FAILED_COUNT = `{ failedShipmentBookings }`;
const TRANSITION = `mutation($input: AdminOrderTransitionInput!) {
  changeOrderStatus(input: $input) { status } }`;

describe.each(testDatabaseKinds())('shipment booking on %s', (kind) => {
  const state = useAdminApi(kind);
  const outbox = mkdtempSync(join(tmpdir(), 'trampa-shipment-booking-'));
  let nshift: NshiftStandIn;
  let jobConfig: Config;
  let staff: ReturnType<typeof adminClient>;
  const logged: string[] = [];

  const runner = () =>
    new JobRunner({
      db: state.handle.db,
      config: jobConfig,
      log: { info: () => {}, error: (message) => logged.push(message) },
      kinds: ['shipment-booking', 'order-shipped'],
      backoff: () => 0,
    });

  /** An invoice order placed through the shop API, then made an nShift order as the checkout writes one. */
  async function nshiftOrder(email: string, nshiftOn = true) {
    const db = state.handle.db;
    const order = await placeTestOrder(
      createTestClient(state.handle, state.config),
      db,
      [[F.helmet.skuIds[0], 1]],
      'se',
      { email },
    );
    if (nshiftOn) {
      await db
        .update(orders)
        .set({
          shippingProvider: 'nshift',
          shippingChoiceId: OPTION,
          shippingCarrierId: 'PLAB',
          shippingCarrierName: 'PostNord',
          shippingName: 'PostNord MyPack Collect',
          pickupPoint: AGENT.id,
          pickupPointDetails: AGENT,
        })
        .where(eq(orders.id, order.id));
    }
    return order;
  }

  const bookingsOf = (orderId: number) =>
    state.handle.db.select().from(orderBookings).where(eq(orderBookings.orderId, orderId));
  const parcelsOf = (orderId: number) =>
    state.handle.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
  const storedFor = (orderNo: string) =>
    [...nshift.stored.values()].filter((s) => s.orderNo === orderNo);
  const printedFor = (orderNo: string) =>
    [...nshift.shipments.values()].filter((s) => s.orderNo === orderNo);
  const shippedMails = async (email: string) =>
    (await readOutbox(outbox, email)).filter((m) => m.includes('har skickats med'));
  const download = (path: string, cookie?: string) =>
    state.api.fetch(new Request(`http://shop.local${path}`, { headers: cookie ? { cookie } : {} }));

  beforeAll(async () => {
    nshift = await startNshiftStandIn();
    const settings: NshiftSettings = {
      apiUrl: nshift.url,
      keyId: nshift.keyId,
      keySecret: nshift.keySecret,
      deliveryCheckoutId: nshift.deliveryCheckoutId,
      senderQuickId: '1',
      testMode: true,
    };
    jobConfig = {
      ...state.config,
      mail: { ...state.config.mail, outboxDir: outbox },
      shipping: { ...state.config.shipping, nshift: settings },
    };
    const db = state.handle.db;
    await seedCatalogue(db, { products: 10 });
    await addCartFixture(db);
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    staff = adminClient(state.api, '10.43.0.1');
    expect((await staff.login('kundtjanst@example.se')).status).toBe(200);
    const mapped = await staff.send(SET_SERVICE, {
      input: { optionId: OPTION, serviceId: 'P19', name: 'PostNord MyPack Collect' },
    });
    expect(mapped.body.errors).toBeUndefined();
  }, 120_000);
  afterAll(() => nshift?.close());
  beforeEach(() => nshift.failNext(0));

  it('lists the mapping; a content editor may neither book nor map (403)', async () => {
    const listed = await staff.send(SERVICES);
    expect(listed.body.data!.nshiftServices).toEqual([
      { optionId: OPTION, serviceId: 'P19', name: 'PostNord MyPack Collect' },
    ]);
    const bad = await staff.send(SET_SERVICE, {
      input: { optionId: OPTION, serviceId: 'P 19; drop', name: '' },
    });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const editor = adminClient(state.api, '10.43.0.2');
    await editor.login('redaktor@example.se');
    const order = await nshiftOrder('redaktor.test@example.se');
    for (const [query, variables] of [
      [BOOK, { orderId: order.id }],
      [SET_SERVICE, { input: { optionId: 'x', serviceId: 'P19' } }],
      [SERVICES, {}],
    ] as const) {
      const answer = await editor.send(query, variables);
      expect(answer.status).toBe(403);
    }
    expect(await bookingsOf(order.id)).toEqual([]);
  });

  it('"Skicka med nShift" books once as a job: PostNord parcel with its tracking link, the label for staff only, the shipped mail with the link', async () => {
    const order = await nshiftOrder('booked@example.se');
    const before = (await staff.send(ORDER, { id: order.id })).body.data!.adminOrder;
    expect(before.nshiftBookable).toBe(true);
    const first = await staff.send(BOOK, { orderId: order.id });
    expect(first.body.errors).toBeUndefined();
    const booking = first.body.data!.bookShipment;
    expect(booking).toMatchObject({ seq: 1, orderNo: `T${order.id}-1`, state: 'queued' });
    // A second click while it waits books nothing.
    const again = await staff.send(BOOK, { orderId: order.id });
    expect(again.body.data!.bookShipment.id).toBe(booking.id);
    expect(await bookingsOf(order.id)).toHaveLength(1);
    const [job] = await state.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `shipment-booking:${order.id}:1`));
    expect(job).toMatchObject({ kind: 'shipment-booking', maxAttempts: 12 });

    await runner().runUntilIdle();
    const [printed] = printedFor(`T${order.id}-1`);
    expect(printed).toBeDefined();
    const parcelNo = printed!.parcels[0]!.parcelNo;
    const parcels = await parcelsOf(order.id);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({
      parcelNumber: parcelNo,
      trackingLink: `${POSTNORD}${parcelNo}`,
      bookingId: booking.id,
    });
    // What nShift was asked: the mapped service, the chosen agent, the order's receiver.
    expect(storedFor(`T${order.id}-1`)[0]!.shipment).toMatchObject({
      service: { id: 'P19' },
      receiver: { zipcode: '11122', city: 'Stockholm' },
    });
    const after = (await staff.send(ORDER, { id: order.id })).body.data!.adminOrder;
    expect(after.status).toBe('processing');
    expect(after.bookings).toEqual([
      expect.objectContaining({
        id: booking.id,
        state: 'booked',
        hasLabel: true,
        labelUrl: `/admin/orders/${order.id}/bookings/${booking.id}/label.pdf`,
      }),
    ]);
    // Booked: "Skicka med nShift" again returns the booking.
    expect((await staff.send(BOOK, { orderId: order.id })).body.data!.bookShipment.id).toBe(
      booking.id,
    );
    expect(await bookingsOf(order.id)).toHaveLength(1);

    // The label: staff with orders:read only.
    const label = await download(after.bookings[0].labelUrl, staff.cookie);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(label.headers.get('cache-control')).toBe('no-store');
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await download(after.bookings[0].labelUrl)).status).toBe(401);
    const editor = adminClient(state.api, '10.43.0.3');
    await editor.login('redaktor@example.se');
    expect((await download(after.bookings[0].labelUrl, editor.cookie)).status).toBe(403);
    expect(
      (
        await download(
          `/admin/orders/${order.id + 1}/bookings/${booking.id}/label.pdf`,
          staff.cookie,
        )
      ).status,
    ).toBe(404);

    // "Din order har skickats": once, with the parcel, its tracking link and the pickup point.
    await runner().runUntilIdle();
    const mails = await shippedMails('booked@example.se');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Din order ${order.id} har skickats med PostNord MyPack Collect`);
    expect(mails[0]).toContain(`Kollinummer ${parcelNo}: ${POSTNORD}${parcelNo}`);
    expect(mails[0]).toContain(`href="${POSTNORD}${parcelNo}"`);
    expect(mails[0]).toContain('ICA Nära Tegnérlunden');
    expect(mails[0]).toContain('Öppettider: Mån–fre 8–20, lör 10–16');
  });

  it('a booking retried after a provider outage books once', async () => {
    const order = await nshiftOrder('outage@example.se');
    await staff.send(BOOK, { orderId: order.id });
    nshift.failNext(1);
    const run = runner();
    expect(await run.runOne()).toBe('retry');
    const [waiting] = await bookingsOf(order.id);
    expect(waiting).toMatchObject({ state: 'queued' });
    expect(waiting!.errorCode).not.toBeNull();
    await run.runUntilIdle();
    const [booked] = await bookingsOf(order.id);
    expect(booked).toMatchObject({ state: 'booked', orderNo: `T${order.id}-1` });
    const [job] = await state.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `shipment-booking:${order.id}:1`));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect(storedFor(`T${order.id}-1`)).toHaveLength(1);
    expect(printedFor(`T${order.id}-1`)).toHaveLength(1);
    expect(await parcelsOf(order.id)).toHaveLength(1);
    expect(await shippedMails('outage@example.se')).toHaveLength(1);
  });

  it('a booking whose job gave up while nShift was down shows failed; "Försök igen" books it once', async () => {
    const order = await nshiftOrder('down@example.se');
    const booking = (await staff.send(BOOK, { orderId: order.id })).body.data!.bookShipment;
    await state.handle.db
      .update(jobs)
      .set({ maxAttempts: 1 })
      .where(eq(jobs.key, `shipment-booking:${order.id}:1`));
    nshift.failNext(1);
    expect(await runner().runOne()).toBe('failed');
    const seen = (await staff.send(ORDER, { id: order.id })).body.data!.adminOrder;
    expect(seen.bookings[0]).toMatchObject({ id: booking.id, state: 'failed' });
    expect(seen.bookings[0].message).toBeTruthy();
    const retried = await staff.send(RETRY, { id: booking.id });
    expect(retried.body.data!.retryShipmentBooking.state).toBe('queued');
    await runner().runUntilIdle();
    expect((await bookingsOf(order.id))[0]!.state).toBe('booked');
    expect(storedFor(`T${order.id}-1`)).toHaveLength(1);
    expect(printedFor(`T${order.id}-1`)).toHaveLength(1);
  });

  it('a lost answer of the stored shipment: the retry finds it by orderNo and books once', async () => {
    const order = await nshiftOrder('lost@example.se');
    await staff.send(BOOK, { orderId: order.id });
    nshift.dropNext(1, 'POST /stored-shipments');
    await runner().runUntilIdle();
    expect(storedFor(`T${order.id}-1`)).toHaveLength(1);
    expect(printedFor(`T${order.id}-1`)).toHaveLength(1);
    const [booked] = await bookingsOf(order.id);
    expect(booked!.state).toBe('booked');
    expect(await parcelsOf(order.id)).toHaveLength(1);
  });

  it('a refusal shows nShift’s words; "Försök igen" books with the same booking and orderNo', async () => {
    const order = await nshiftOrder('refused@example.se');
    const failedCount = async () =>
      (await staff.send(FAILED_COUNT, {})).body.data!.failedShipmentBookings as number;
    const before = await failedCount();
    const db = state.handle.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    await db
      .update(orders)
      .set({ shippingAddress: { ...row!.shippingAddress, city: '' } })
      .where(eq(orders.id, order.id));
    const booking = (await staff.send(BOOK, { orderId: order.id })).body.data!.bookShipment;
    await runner().runUntilIdle();
    const refused = (await staff.send(ORDER, { id: order.id })).body.data!.adminOrder;
    expect(refused.status).toBe('received');
    expect(refused.bookings[0]).toMatchObject({ id: booking.id, state: 'failed', hasLabel: false });
    // nShift stores a shipment it cannot book as INVALID (N4); its words are shown.
    expect(refused.bookings[0].message).toContain('INVALID');
    expect(await parcelsOf(order.id)).toEqual([]);
    // The dashboard's "Att hantera" counts it until it is booked.
    expect(await failedCount()).toBe(before + 1);

    await db
      .update(orders)
      .set({ shippingAddress: row!.shippingAddress })
      .where(eq(orders.id, order.id));
    const retried = await staff.send(RETRY, { id: booking.id });
    expect(retried.body.data!.retryShipmentBooking).toMatchObject({
      id: booking.id,
      state: 'queued',
      orderNo: `T${order.id}-1`,
    });
    await runner().runUntilIdle();
    const [booked] = await bookingsOf(order.id);
    expect(booked).toMatchObject({ id: booking.id, state: 'booked' });
    expect(printedFor(`T${order.id}-1`)).toHaveLength(1);
    expect(await failedCount()).toBe(before);
    expect(codeOf(await staff.send(RETRY, { id: booking.id }))).toBe('BAD_USER_INPUT');
  });

  it('a parcel typed by staff sends the shipped mail once and makes a waiting booking manual', async () => {
    const order = await nshiftOrder('manual@example.se');
    await staff.send(BOOK, { orderId: order.id });
    const typed = await staff.send(TRANSITION, {
      input: { orderId: order.id, to: 'processing', parcelNumber: 'PN-123456SE' },
    });
    expect(typed.body.errors).toBeUndefined();
    const [manual] = await bookingsOf(order.id);
    expect(manual!.state).toBe('manual');
    await runner().runUntilIdle();
    // The job found the booking manual: nothing booked with nShift.
    expect(storedFor(`T${order.id}-1`)).toEqual([]);
    // The same parcel registered again (the order already processing) is neither written nor mailed twice.
    await transitionOrder(state.handle.db, order.id, 'processing', 'igen', {
      shipment: { parcelNumber: 'PN-123456SE' },
    });
    await runner().runUntilIdle();
    const mails = await shippedMails('manual@example.se');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Kollinummer PN-123456SE');
    const [parcel] = await parcelsOf(order.id);
    expect(parcel!.bookingId).toBeNull();
    if (parcel!.trackingLink) expect(mails[0]).toContain(`href="${parcel!.trackingLink}"`);
  });

  it("the shipped mail is written in the order's language (a Norwegian order: Norwegian words)", async () => {
    const order = await nshiftOrder('norsk@example.se');
    await state.handle.db
      .update(orders)
      .set({ languageId: 'nb-NO' })
      .where(eq(orders.id, order.id));
    const typed = await staff.send(TRANSITION, {
      input: { orderId: order.id, to: 'processing', parcelNumber: 'PN-NB123456' },
    });
    expect(typed.body.errors).toBeUndefined();
    await runner().runUntilIdle();
    const mails = await readOutbox(outbox, 'norsk@example.se');
    const shipped = mails.filter((m) => m.includes('er sendt med'));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toContain(`Ordren din ${order.id} er sendt med`);
    expect(shipped[0]).toContain('Kollinummer PN-NB123456');
    expect(shipped[0]).toContain('lang="nb"');
    expect(shipped[0]).not.toContain('har skickats');
  });

  it('an order of the shop’s own shipping is not booked: parcels are typed (NOT_BOOKABLE)', async () => {
    const order = await nshiftOrder('own@example.se', false);
    const view = (await staff.send(ORDER, { id: order.id })).body.data!.adminOrder;
    expect(view.nshiftBookable).toBe(false);
    const refused = await staff.send(BOOK, { orderId: order.id });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.body.errors![0]!.extensions!.reason).toBe('NOT_BOOKABLE');
    expect(
      await state.handle.db
        .select()
        .from(jobs)
        .where(
          and(eq(jobs.kind, 'shipment-booking'), eq(jobs.key, `shipment-booking:${order.id}:1`)),
        ),
    ).toEqual([]);
  });
});
