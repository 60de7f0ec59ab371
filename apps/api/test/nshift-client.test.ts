/**
 * The real nShift client (modules/shipping/nshift-client.ts) against the stand-in
 * (nshift-stand-in.ts; docs/shipping-stand-ins.md N1–N6; ADR 020): options and prices for a
 * postcode and weight in öre, pickup points nearest first, retry classification, answers of
 * another shape refused, and a booking retried after an outage or a lost answer books once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NshiftClient,
  toShippingChoices,
  type ShipmentRequest,
} from '../src/modules/shipping/nshift-client.ts';
import { startNshiftStandIn, type NshiftStandIn } from './nshift-stand-in.ts';

let nshift: NshiftStandIn;
let client: NshiftClient;

beforeAll(async () => {
  nshift = await startNshiftStandIn();
  client = new NshiftClient({
    apiUrl: nshift.url,
    keyId: nshift.keyId,
    keySecret: nshift.keySecret,
    timeoutMs: 3_000,
  });
});
afterAll(() => nshift.close());
beforeEach(() => nshift.failNext(0));

const query = (zip: string, weightGrams: number, cartValue = 49_900) => ({
  deliveryCheckoutId: nshift.deliveryCheckoutId,
  currency: 'SEK',
  language: 'sv',
  country: 'SE',
  zip,
  weightGrams,
  cartValue,
});

const shipment = (orderNo: string): ShipmentRequest => ({
  orderNo,
  senderQuickId: 'SE',
  serviceId: 'P19',
  receiver: {
    name: 'Anna Andersson',
    address1: 'Tegnérgatan 39',
    zipcode: '11359',
    city: 'STOCKHOLM',
    country: 'SE',
    email: 'anna@example.se',
  },
  agentId: '74401',
  parcels: [{ weightKg: 3.2, contents: 'Cykeltillbehör' }],
});

describe('nShift client: delivery options', () => {
  it('reads the options for a postcode and weight, prices in öre, sub-options flattened', async () => {
    const result = await client.deliveryOptions(query('113 59', 2_500));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const sent = nshift.requests.at(-1)!;
    expect(sent.query).toMatchObject({
      currency: 'SEK',
      language: 'sv',
      tocountry: 'SE',
      tozipcode: '11359',
      weight: '2.500',
      cartprice: '499.00',
    });
    const choices = toShippingChoices(result.body);
    const byName = Object.fromEntries(choices.map((c) => [c.name, c]));
    expect(byName['PostNord MyPack Collect']).toMatchObject({
      carrierId: 'PLAB',
      price: 4_900,
      path: [],
      deliveryTime: '1-3',
    });
    expect(byName['PostNord MyPack Home']).toMatchObject({ price: 9_900, path: ['Hemleverans'] });
    expect(byName['Budbee Hem']).toMatchObject({ carrierId: 'BUDBEE', price: 8_900 });
    // The container itself is no choice.
    expect(choices.some((c) => c.name === 'Hemleverans')).toBe(false);
    // The raw answer keeps nShift's own shape for ralph's widget.
    expect(result.body.deliveryCheckoutId).toBe(`${nshift.deliveryCheckoutId}+1`);
  });

  it('prices follow the weight: heavier costs more, too heavy is not offered', async () => {
    const price = async (grams: number) => {
      const r = await client.deliveryOptions(query('41121', grams));
      if (!r.ok) throw new Error(r.message);
      return Object.fromEntries(toShippingChoices(r.body).map((c) => [c.name, c.price]));
    };
    expect((await price(1_000))['DHL Service Point']).toBe(5_500);
    expect((await price(15_000))['DHL Service Point']).toBe(8_500);
    expect((await price(25_000))['DHL Service Point']).toBeUndefined();
    expect((await price(25_000))['Bring Hemleverans']).toBe(24_900);
  });

  it('lists pickup points nearest first, with address, distance and opening hours', async () => {
    const r = await client.deliveryOptions(query('11359', 1_000));
    if (!r.ok) throw new Error(r.message);
    const collect = toShippingChoices(r.body).find((c) => c.name === 'PostNord MyPack Collect')!;
    expect(collect.pickupPoints.length).toBeGreaterThan(1);
    expect(collect.pickupPoints[0]).toEqual({
      id: '74401',
      name: 'Hemköp Birger Jarlsgatan',
      address: 'Birger Jarlsgatan 95',
      zip: '11356',
      city: 'STOCKHOLM',
      country: 'SE',
      distanceMetres: expect.any(Number),
      openingHours: expect.stringMatching(/^Mån/),
    });
    const distances = collect.pickupPoints.map((p) => p.distanceMetres!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('classifies failures: 503 retry, 400/401/404 final, an answer of another shape final', async () => {
    nshift.failNext(1);
    expect(await client.deliveryOptions(query('11359', 1_000))).toMatchObject({
      ok: false,
      status: 503,
      retry: true,
      code: 'HTTP_503',
    });
    expect(
      await client.deliveryOptions({ ...query('11359', 1_000), currency: 'EUR' }),
    ).toMatchObject({
      ok: false,
      status: 400,
      retry: false,
      message: 'currency: not configured for this delivery checkout',
    });
    expect(
      await client.deliveryOptions({ ...query('11359', 1_000), deliveryCheckoutId: 'x' }),
    ).toMatchObject({
      ok: false,
      status: 404,
      retry: false,
      code: 'NOT_FOUND',
    });
    const wrongKey = new NshiftClient({ apiUrl: nshift.url, keyId: 'k', keySecret: 's' });
    expect(await wrongKey.deliveryOptions(query('11359', 1_000))).toMatchObject({
      status: 401,
      retry: false,
    });
    const down = new NshiftClient({ apiUrl: 'http://127.0.0.1:1', keyId: 'k', keySecret: 's' });
    expect(await down.deliveryOptions(query('11359', 1_000))).toMatchObject({
      retry: true,
      code: 'NETWORK',
    });
  });

  it('refuses an answer that is not nShift’s shape (zod), without retrying', async () => {
    const odd: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ deliveryCheckoutId: 'x', options: [{ id: 1, name: 'PostNord' }] }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const other = new NshiftClient({
        apiUrl: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`,
        keyId: 'k',
        keySecret: 's',
      });
      expect(await other.deliveryOptions(query('11359', 1_000))).toMatchObject({
        ok: false,
        retry: false,
        code: 'BAD_ANSWER',
        message: expect.stringContaining('options.0.id'),
      });
    } finally {
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
  });
});

describe('nShift client: booking', () => {
  it('books a parcel: parcel number and a label PDF', async () => {
    const kept: string[] = [];
    const r = await client.bookShipment(shipment('T200001'), null, (id) => void kept.push(id));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(kept).toEqual([r.body.storedId]);
    const [sent] = r.body.shipments;
    expect(sent!.parcels[0]!.parcelNo).toMatch(/^\d{11}SE$/);
    expect(sent!.orderNo).toBe('T200001');
    const stored = nshift.stored.get(r.body.storedId)!;
    expect(stored.shipment).toMatchObject({
      agent: { quickId: '74401' },
      service: { id: 'P19' },
      parcels: [{ copies: 1, weight: 3.2, contents: 'Cykeltillbehör' }],
    });
    const label = await client.fetchLabel(sent!.pdfs[0]!.href);
    expect(label.ok && label.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a booking retried after an outage books once', async () => {
    nshift.failNext(3);
    const attempts = [];
    let storedId: string | null = null;
    for (let i = 0; i < 5; i++) {
      const r = await client.bookShipment(shipment('T200002'), storedId, (id) => {
        storedId = id;
      });
      attempts.push(r.ok ? 'ok' : `${r.code}:${r.retry}`);
      if (r.ok || !r.retry) break;
    }
    expect(attempts.at(-1)).toBe('ok');
    expect(attempts.slice(0, -1).every((a) => a === 'HTTP_503:true')).toBe(true);
    const booked = [...nshift.shipments.values()].filter((s) => s.orderNo === 'T200002');
    expect(booked).toHaveLength(1);
    expect([...nshift.stored.values()].filter((s) => s.orderNo === 'T200002')).toHaveLength(1);
  });

  it('a lost answer of the stored shipment: the retry finds it by orderNo and books once', async () => {
    nshift.dropNext(1, 'POST /stored-shipments');
    let storedId: string | null = null;
    const keep = (id: string) => {
      storedId = id;
    };
    const first = await client.bookShipment(shipment('T200003'), storedId, keep);
    expect(first).toMatchObject({ ok: false, retry: true, code: 'NETWORK' });
    expect(storedId).toBeNull();
    const second = await client.bookShipment(shipment('T200003'), storedId, keep);
    expect(second.ok).toBe(true);
    expect([...nshift.stored.values()].filter((s) => s.orderNo === 'T200003')).toHaveLength(1);
    expect([...nshift.shipments.values()].filter((s) => s.orderNo === 'T200003')).toHaveLength(1);
  });

  it('a lost answer of the printing: the retry with the kept id is BOOKING_UNCERTAIN, never a second parcel', async () => {
    let storedId: string | null = null;
    const keep = (id: string) => {
      storedId = id;
      // The printing is carried out, its answer lost.
      nshift.dropNext(1, `POST /stored-shipments/${id}/shipments`);
    };
    const first = await client.bookShipment(shipment('T200004'), storedId, keep);
    expect(first).toMatchObject({ ok: false, retry: true, code: 'NETWORK' });
    expect(storedId).not.toBeNull();
    const second = await client.bookShipment(shipment('T200004'), storedId, keep);
    expect(second).toMatchObject({ ok: false, retry: false, code: 'BOOKING_UNCERTAIN' });
    expect([...nshift.shipments.values()].filter((s) => s.orderNo === 'T200004')).toHaveLength(1);
  });

  it('an incomplete shipment is final (SHIPMENT_INVALID), nothing printed', async () => {
    const bad = { ...shipment('T200005'), receiver: { ...shipment('x').receiver, name: '' } };
    expect(await client.bookShipment(bad, null)).toMatchObject({
      ok: false,
      retry: false,
      code: 'SHIPMENT_INVALID',
    });
    expect([...nshift.shipments.values()].some((s) => s.orderNo === 'T200005')).toBe(false);
  });
});
