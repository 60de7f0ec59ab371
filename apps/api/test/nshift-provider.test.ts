/**
 * nShift behind the shipping provider interface (modules/shipping/nshift-provider.ts,
 * provider.ts; ADR 020 §1, §3–§5) against the stand-in: `shippingData` is nShift's own answer
 * (what ralph's CaNshift feeds its widget), options and prices follow postcode, weight and
 * the shop's free-shipping rule, a forged fee or point is refused, an outage falls back, and a
 * booking retried after an outage books once with its label.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NshiftSettings } from '../src/config-shipping.ts';
import { nshiftProvider } from '../src/modules/shipping/nshift-provider.ts';
import { applyFreeShipping } from '../src/modules/cart/totals.ts';
import {
  checkClientFee,
  type BookingRequest,
  type ShippingProvider,
  type ShippingQuery,
} from '../src/modules/shipping/provider.ts';
import { startNshiftStandIn, type NshiftStandIn } from './nshift-stand-in.ts';

let nshift: NshiftStandIn;
let settings: NshiftSettings;
let provider: ShippingProvider;
let clock = 0;

const POSTNORD = 'https://tracking.postnord.com/se/?id={parcelNumber}';
const own: ShippingProvider = {
  name: 'own',
  offer: async () => ({
    provider: 'own',
    choices: [],
    shippingData: '{"noShippingForZip":false,"customerType":null,"pickupPoint":null}',
    fallback: false,
  }),
  choiceFor: async () => null,
  book: async () => ({ ok: false, retry: false, code: 'MANUAL', message: 'manual' }),
};

beforeAll(async () => {
  nshift = await startNshiftStandIn();
  settings = {
    apiUrl: nshift.url,
    keyId: nshift.keyId,
    keySecret: nshift.keySecret,
    deliveryCheckoutId: nshift.deliveryCheckoutId,
    senderQuickId: 'SE',
    testMode: true,
  };
  provider = nshiftProvider(settings, {
    fallback: own,
    carrierNames: { PLAB: 'PostNord', DHL: 'DHL' },
    trackingTemplates: { PLAB: POSTNORD },
    notFreeShippingEligible: new Set(['6a1f0c2e-0004-4c3a-9b1e-budbeehome04']),
    now: () => clock,
  });
});
afterAll(() => nshift.close());
beforeEach(() => {
  nshift.failNext(0);
  clock += 120_000; // a fresh cache per test
});

const query = (zip: string | null, weightGrams = 2_000, itemsValue = 30_000): ShippingQuery => ({
  marketId: 'SE|SEK',
  country: 'SE',
  currency: 'SEK',
  language: 'sv',
  zip,
  weightGrams,
  itemsValue,
  freeShippingThreshold: 49_900,
});

describe('nShift provider: offer', () => {
  it('shippingData is nShift’s own answer, which ralph’s widget takes as is', async () => {
    const offer = await provider.offer(query('11359'));
    expect(offer.fallback).toBe(false);
    const data = JSON.parse(offer.shippingData);
    // CaNshift: widget.updateList(JSON.parse(shippingData)); options?.length unlocks it.
    expect(data.deliveryCheckoutId).toBe(`${nshift.deliveryCheckoutId}+1`);
    expect(data.options.length).toBeGreaterThan(0);
    expect(data.options[0]).toHaveProperty('agents');
    expect(data).toEqual(
      await fetch(
        `${nshift.url}${nshift.requests.at(-1)!.path}?${new URLSearchParams(nshift.requests.at(-1)!.query)}`,
        {
          headers: {
            authorization: `Basic ${Buffer.from(`${nshift.keyId}:${nshift.keySecret}`).toString('base64')}`,
          },
        },
      ).then((r) => r.json()),
    );
    // Before a zip: the empty list (ralph asks for the zip), no call.
    const before = nshift.requests.length;
    const empty = await provider.offer(query(null));
    expect(JSON.parse(empty.shippingData)).toEqual({
      deliveryCheckoutId: nshift.deliveryCheckoutId,
      options: [],
    });
    expect(nshift.requests.length).toBe(before);
  });

  it('choices: carrier, kind, delivery promise, points nearest first, prices by weight', async () => {
    const light = await provider.offer(query('11359', 2_000));
    const collect = light.choices.find((c) => c.name === 'PostNord MyPack Collect')!;
    expect(collect).toMatchObject({
      carrier: { id: 'PLAB', name: 'PostNord' },
      kind: 'service_point',
      fee: 4_900,
      providerFee: 4_900,
      deliveryPromise: '1-3',
    });
    expect(collect.pickupPoints[0]!.distanceMetres).toBeLessThanOrEqual(
      collect.pickupPoints[1]!.distanceMetres!,
    );
    expect(light.choices.find((c) => c.name === 'PostNord MyPack Home')).toMatchObject({
      kind: 'home',
      fee: 9_900,
    });
    const heavy = await provider.offer(query('11359', 15_000));
    expect(heavy.choices.find((c) => c.name === 'PostNord MyPack Collect')!.fee).toBe(7_900);
    // Kiruna: PostNord's point only.
    expect((await provider.offer(query('98130'))).choices.map((c) => c.name)).toEqual([
      'PostNord MyPack Collect',
    ]);
  });

  it('the shop’s free-shipping rule applies on top, in one place, except for ineligible choices', async () => {
    const offer = await provider.offer(query('11359', 2_000, 49_900));
    const byName = Object.fromEntries(offer.choices.map((c) => [c.name, c]));
    expect(byName['PostNord MyPack Collect']).toMatchObject({ fee: 0, providerFee: 4_900 });
    expect(byName['Budbee Hem']).toMatchObject({ fee: 8_900, freeShippingEligible: false });
    expect(applyFreeShipping(4_900, true, 49_899, 49_900)).toBe(4_900);
    expect(applyFreeShipping(4_900, true, 10, null)).toBe(4_900);
  });

  it('reuses an answer for the same query within the cache time', async () => {
    const before = nshift.requests.length;
    await provider.offer(query('41121'));
    await provider.offer(query('41121'));
    await provider.choiceFor(query('41121'), 'x', null);
    expect(nshift.requests.length).toBe(before + 1);
    await provider.offer(query('41121', 3_000));
    expect(nshift.requests.length).toBe(before + 2);
  });

  it('falls back to the own offer when nShift is down', async () => {
    const failures: string[] = [];
    const logged = nshiftProvider(settings, {
      fallback: own,
      onFailure: (f) => void failures.push(f.code),
    });
    nshift.failNext(1);
    const offer = await logged.offer(query('11359'));
    expect(offer).toMatchObject({ provider: 'own', fallback: true });
    expect(failures).toEqual(['HTTP_503']);
  });
});

describe('nShift provider: a client’s selection and fee', () => {
  it('takes the provider’s own price; a forged fee or a point of another option is refused', async () => {
    const offer = await provider.offer(query('11359'));
    const dhl = offer.choices.find((c) => c.carrier.id === 'DHL')!;
    const chosen = await provider.choiceFor(query('11359'), dhl.id, dhl.pickupPoints[1]!.id);
    expect(chosen).toMatchObject({ fee: 5_500, pickupPoints: [{ id: dhl.pickupPoints[1]!.id }] });
    // ralph sends -1 ("not set"); the same price passes; a lower or odd one does not.
    expect(checkClientFee(chosen!, -1)).toEqual({ ok: true });
    expect(checkClientFee(chosen!, 55)).toEqual({ ok: true });
    expect(checkClientFee(chosen!, 0)).toMatchObject({ ok: false, code: 'SHIPPING_FEE_MISMATCH' });
    expect(checkClientFee(chosen!, 54.999)).toMatchObject({ ok: false });
    // A PostNord point with the DHL option, an unknown option: not offered.
    const postnord = offer.choices.find((c) => c.name === 'PostNord MyPack Collect')!;
    expect(
      await provider.choiceFor(query('11359'), dhl.id, postnord.pickupPoints[0]!.id),
    ).toBeNull();
    expect(await provider.choiceFor(query('11359'), 'forged-option', null)).toBeNull();
    // No point named: the nearest, as preselected.
    expect((await provider.choiceFor(query('11359'), dhl.id, null))!.pickupPoints).toEqual([
      dhl.pickupPoints[0],
    ]);
  });
});

describe('nShift provider: booking', () => {
  const request = (orderNo: string, providerRef: string | null = null): BookingRequest => ({
    orderId: 42,
    orderNo,
    choiceId: '6a1f0c2e-0001-4c3a-9b1e-postnord0001',
    serviceId: 'P19',
    carrierId: 'PLAB',
    pickupPointId: '74401',
    receiver: {
      name: 'Anna Andersson',
      address1: 'Tegnérgatan 39',
      zip: '113 59',
      city: 'Stockholm',
      country: 'SE',
      email: 'anna@example.se',
    },
    parcels: [{ weightGrams: 3_250, contents: 'Cykeltillbehör' }],
    providerRef,
  });

  it('a booking retried after an outage books once: parcel, tracking link, label', async () => {
    nshift.failNext(2);
    let ref: string | null = null;
    const outcomes = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const outcome = await provider.book(request('T42-1', ref), (r) => {
        ref = r;
      });
      outcomes.push(outcome);
      if (outcome.ok || !outcome.retry) break;
    }
    const last = outcomes.at(-1)!;
    expect(outcomes.slice(0, -1).every((o) => !o.ok && o.retry)).toBe(true);
    expect(last.ok).toBe(true);
    if (!last.ok) return;
    expect(last.providerRef).toBe(ref);
    const [parcel] = last.parcels;
    expect(parcel!.trackingUrl).toBe(POSTNORD.replace('{parcelNumber}', parcel!.parcelNumber));
    expect(last.label?.subarray(0, 5).toString()).toBe('%PDF-');
    expect([...nshift.shipments.values()].filter((s) => s.orderNo === 'T42-1')).toHaveLength(1);
    const stored = [...nshift.stored.values()].find((s) => s.orderNo === 'T42-1')!;
    expect(stored.shipment).toMatchObject({
      sender: { quickId: 'SE' },
      receiver: { zipcode: '11359' },
      agent: { quickId: '74401' },
      parcels: [{ weight: 3.25 }],
    });
  });
});
