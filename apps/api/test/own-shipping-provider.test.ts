/**
 * The shop's own shipping options behind the provider interface (modules/shipping/
 * own-provider.ts; ADR 020 §1) on the seed's methods and fees, and the choice between it and
 * nShift (`shippingProvider`): the market's methods and fees, the zip filter, the one
 * free-shipping rule, the stores as pickup points, a client's choice re-read, no booking;
 * with nShift configured, nShift's options, and the own ones when nShift is down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { SHIPPING } from '../src/db/seed/checkout-data.ts';
import { ownShippingProvider, shippingProvider } from '../src/modules/shipping/own-provider.ts';
import type { ShippingQuery } from '../src/modules/shipping/provider.ts';
import { startNshiftStandIn, type NshiftStandIn } from './nshift-stand-in.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const query = (zip: string | null, itemsValue = 30_000): ShippingQuery => ({
  marketId: 'SE|SEK',
  country: 'SE',
  currency: 'SEK',
  language: 'sv',
  zip,
  weightGrams: 2_000,
  itemsValue,
  freeShippingThreshold: 49_900,
});

describe.each(testDatabaseKinds())('own shipping provider on %s', (kind) => {
  let handle: DbHandle;
  let nshift: NshiftStandIn;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 5 });
    nshift = await startNshiftStandIn();
  });
  afterAll(async () => {
    await nshift?.close();
    await handle?.close();
  });

  it('offers the market’s methods with their fees; free over the threshold where eligible', async () => {
    const own = ownShippingProvider(handle.db);
    const offer = await own.offer(query('11359'));
    expect(offer.provider).toBe('own');
    expect(offer.choices.map((c) => [c.id, c.kind, c.fee])).toEqual([
      [String(SHIPPING.servicePoint), 'service_point', 4_900],
      [String(SHIPPING.home), 'home', 9_900],
      [String(SHIPPING.pickup), 'pickup', 0],
    ]);
    expect(JSON.parse(offer.shippingData)).toEqual({
      noShippingForZip: false,
      customerType: null,
      pickupPoint: null,
    });
    const free = await own.offer(query('11359', 49_900));
    expect(free.choices.map((c) => [c.kind, c.fee, c.providerFee])).toEqual([
      ['service_point', 0, 4_900],
      ['home', 9_900, 9_900], // not eligible (seed)
      ['pickup', 0, 0],
    ]);
  });

  it('filters by zip: no home delivery in the far north, none for a foreign zip', async () => {
    const own = ownShippingProvider(handle.db);
    expect((await own.offer(query('98130'))).choices.map((c) => c.kind)).toEqual([
      'service_point',
      'pickup',
    ]);
    const none = await own.offer(query('ABC'));
    expect(none.choices).toEqual([]);
    // Before a zip: all methods (ralph's internal-shipping checkout shows them first).
    expect((await own.offer(query(null))).choices).toHaveLength(3);
  });

  it('the stores are the pickup method’s points; a client’s choice is re-read', async () => {
    const own = ownShippingProvider(handle.db);
    const pickup = (await own.offer(query('11359'))).choices.find((c) => c.kind === 'pickup')!;
    expect(pickup.pickupPoints.length).toBeGreaterThan(0);
    const store = pickup.pickupPoints[0]!;
    expect(await own.choiceFor(query('11359'), pickup.id, store.id)).toMatchObject({
      fee: 0,
      pickupPoints: [store],
    });
    expect(await own.choiceFor(query('11359'), pickup.id, 'no-such-store')).toBeNull();
    expect(await own.choiceFor(query('98130'), String(SHIPPING.home), null)).toBeNull();
    expect(await own.book({} as never, () => {})).toMatchObject({ ok: false, code: 'MANUAL' });
  });

  it('shippingProvider: the own options without nShift; nShift’s with it, the own when it is down', async () => {
    expect(shippingProvider(handle.db, null).name).toBe('own');
    const settings = {
      apiUrl: nshift.url,
      keyId: nshift.keyId,
      keySecret: nshift.keySecret,
      deliveryCheckoutId: nshift.deliveryCheckoutId,
      senderQuickId: 'SE',
      testMode: true,
    };
    const provider = shippingProvider(handle.db, settings, { cacheMs: 0 });
    const up = await provider.offer(query('11359'));
    expect(up).toMatchObject({ provider: 'nshift', fallback: false });
    expect(JSON.parse(up.shippingData).options.length).toBeGreaterThan(0);
    nshift.failNext(1);
    const down = await provider.offer(query('11359'));
    expect(down).toMatchObject({ provider: 'own', fallback: true });
    expect(down.choices).toHaveLength(3);
  });
});
