/**
 * The nShift stand-in itself (nshift-stand-in.ts), raw HTTP, against nShift's published examples
 * (docs/shipping-stand-ins.md N1–N6): the `GET /delivery-checkouts/{id}` answer has the example's
 * fields and nesting, required parameters and Basic auth are enforced, prices follow the weight,
 * points come nearest first, and a booking (stored shipment, then printed) has the example's
 * parcel numbers and label links; failNext answers 503 and does nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE, startNshiftStandIn, type NshiftStandIn } from './nshift-stand-in.ts';
import { FREE_FROM, HOME_CONTAINER_ID } from './nshift-stand-in-rules.ts';

let nshift: NshiftStandIn;
let auth = '';

beforeAll(async () => {
  nshift = await startNshiftStandIn();
  auth = `Basic ${Buffer.from(`${nshift.keyId}:${nshift.keySecret}`).toString('base64')}`;
});
afterAll(() => nshift.close());

async function api(method: string, path: string, body?: unknown, authorization = auth) {
  const response = await fetch(`${nshift.url}${path}`, {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json')
    ? await response.json()
    : type.includes('pdf')
      ? Buffer.from(await response.arrayBuffer())
      : await response.text();
  return { status: response.status, type, data };
}

const options = (zip: string, extra = '') =>
  api(
    'GET',
    `/delivery-checkouts/${nshift.deliveryCheckoutId}?currency=SEK&language=sv&tocountry=SE&tozipcode=${zip}${extra}`,
  );

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nShift's JSON as answered
type Json = any;

const shipment = (orderNo: string) => ({
  sender: { quickId: 'SE' },
  receiver: {
    name: 'Receiver One',
    address1: 'Tegnérgatan 39',
    zipcode: '11359',
    city: 'STOCKHOLM',
    country: 'SE',
  },
  service: { id: 'P19', addons: [], normalShipment: true },
  agent: { quickId: '74383' },
  orderNo,
  senderReference: orderNo,
  parcels: [{ copies: 1, weight: 3.2, contents: 'Cykeltillbehör', valuePerParcel: true }],
});

describe(`nShift stand-in (${REFERENCE.slice(0, 60)}…)`, () => {
  it('answers delivery options in the shape of the published example (N2)', async () => {
    const { status, data } = await options('11359', '&weight=2.5&cartprice=499.00');
    expect(status).toBe(200);
    const body = data as Json;
    // The example's id is "…+37": the Delivery Checkout id including its version.
    expect(body.deliveryCheckoutId).toBe(`${nshift.deliveryCheckoutId}+1`);
    const home = body.options.find((o: Json) => o.id === HOME_CONTAINER_ID);
    // As the example's "Hemleverans": a container with carrierId/price null and sub-options.
    expect(home).toMatchObject({ name: 'Hemleverans', carrierId: null, priceValue: null });
    expect(Object.keys(home).sort()).toEqual(
      [
        'id',
        'name',
        'description1',
        'description2',
        'description3',
        'description4',
        'description5',
        'carrierId',
        'priceDescription',
        'priceValue',
        'subOptions',
        'agents',
      ].sort(),
    );
    const sub = home.subOptions.find((o: Json) => o.carrierId === 'PLAB');
    expect(sub).toMatchObject({
      name: 'PostNord MyPack Home',
      priceValue: 99,
      priceDescription: '99 kr',
    });
    expect(sub.agents).toEqual([]);
    const collect = body.options.find((o: Json) => o.name === 'PostNord MyPack Collect');
    expect(collect).toMatchObject({ carrierId: 'PLAB', priceValue: 49, subOptions: [] });
    // The example's agent fields (the stand-in adds distance and opening hours, N2).
    expect(collect.agents[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      address1: expect.any(String),
      address2: null,
      zipCode: expect.stringMatching(/^\d{5}$/),
      city: 'STOCKHOLM',
      country: 'SE',
    });
    const names = body.options
      .flatMap((o: Json) => [o, ...o.subOptions])
      .map((o: Json) => o.carrierId);
    expect(new Set(names)).toEqual(new Set([null, 'PLAB', 'DHL', 'BUDBEE', 'INSTABOX', 'BRING']));
  });

  it('lists pickup points nearest first, and only near the postcode', async () => {
    const body = (await options('11359')).data as Json;
    for (const option of body.options.filter((o: Json) => o.agents.length)) {
      const distances = option.agents.map((a: Json) => a.distance);
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
      expect(option.agents.every((a: Json) => a.zipCode.startsWith('11'))).toBe(true);
    }
    const kiruna = (await options('98130')).data as Json;
    // Far north: no home delivery, no Instabox; PostNord's point in Kiruna.
    expect(kiruna.options.map((o: Json) => o.name)).toEqual(['PostNord MyPack Collect']);
    expect(kiruna.options[0].agents[0].city).toBe('KIRUNA');
  });

  it('prices by weight, drops services too heavy, and is free from the cart price set up', async () => {
    const price = async (weight: string, cart = '100') => {
      const body = (await options('41121', `&weight=${weight}&cartprice=${cart}`)).data as Json;
      const all = body.options.flatMap((o: Json) => [o, ...o.subOptions]);
      return Object.fromEntries(
        all.filter((o: Json) => o.priceValue !== null).map((o: Json) => [o.name, o.priceValue]),
      );
    };
    expect((await price('2.0'))['PostNord MyPack Collect']).toBe(49);
    expect((await price('12.5'))['PostNord MyPack Collect']).toBe(79);
    const heavy = await price('30');
    expect(heavy['PostNord MyPack Collect']).toBeUndefined();
    expect(heavy['PostNord MyPack Home']).toBe(199);
    expect(heavy['Bring Hemleverans']).toBe(249);
    expect(Object.values(await price('2.0', String(FREE_FROM)))).toSatisfy((v: number[]) =>
      v.every((p) => p === 0),
    );
  });

  it('enforces Basic auth, the required parameters and a known Delivery Checkout id', async () => {
    expect((await api('GET', '/stored-shipments', undefined, 'Basic eA==')).status).toBe(401);
    const missing = await api(
      'GET',
      `/delivery-checkouts/${nshift.deliveryCheckoutId}?currency=SEK&language=sv`,
    );
    expect(missing.status).toBe(400);
    expect((missing.data as Json).map((e: Json) => e.field).sort()).toEqual([
      'tocountry',
      'tozipcode',
    ]);
    expect(
      (
        await api(
          'GET',
          '/delivery-checkouts/unknown?currency=SEK&language=sv&tocountry=SE&tozipcode=11359',
        )
      ).status,
    ).toBe(404);
    // N2: "The language and currency … must be configured for the Delivery Checkout".
    const euro = await api(
      'GET',
      `/delivery-checkouts/${nshift.deliveryCheckoutId}?currency=EUR&language=sv&tocountry=SE&tozipcode=11359`,
    );
    expect(euro.status).toBe(400);
  });

  it('books a stored shipment once: printed with parcel numbers and a label PDF (N4, N5)', async () => {
    const created = await api('POST', '/stored-shipments', shipment('T100042'));
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      id: expect.any(String),
      status: 'READY',
      orderNo: 'T100042',
    });
    const storedId = (created.data as Json).id;
    const found = await api(
      'GET',
      '/stored-shipments?searchField=orderNo&searchOp=equals&searchValue=T100042',
    );
    expect((found.data as Json).map((s: Json) => s.id)).toEqual([storedId]);
    const printed = await api('POST', `/stored-shipments/${storedId}/shipments`, {});
    expect(printed.status).toBe(201);
    const [sent] = printed.data as Json;
    expect(sent.parcels).toEqual([
      { parcelNo: expect.stringMatching(/^\d{11}SE$/), reference: null, returnParcelNo: null },
    ]);
    expect(sent.pdfs[0]).toMatchObject({
      description: 'Label',
      href: `${nshift.url}/shipments/${sent.id}/pdfs/271826`,
    });
    // Printed: gone from the stored list, and not printable again (stand-in assumption, N5).
    expect(
      (
        await api(
          'GET',
          '/stored-shipments?searchField=orderNo&searchOp=equals&searchValue=T100042',
        )
      ).data,
    ).toEqual([]);
    expect((await api('POST', `/stored-shipments/${storedId}/shipments`, {})).status).toBe(404);
    const label = await api('GET', `/shipments/${sent.id}/pdfs/271826`);
    expect(label.type).toBe('application/pdf');
    expect((label.data as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(nshift.shipments.size).toBe(1);
  });

  it('stores an incomplete shipment as INVALID and refuses to print it (422)', async () => {
    const { receiver: _r, ...incomplete } = shipment('T100043');
    const created = await api('POST', '/stored-shipments', incomplete);
    expect(created.data).toMatchObject({ status: 'INVALID' });
    const printed = await api(
      'POST',
      `/stored-shipments/${(created.data as Json).id}/shipments`,
      {},
    );
    expect(printed.status).toBe(422);
    expect((printed.data as Json)[0]).toMatchObject({ type: 'error', field: 'receiver' });
  });

  it('answers 503 without doing anything while failing, and logs every request', async () => {
    const before = nshift.stored.size;
    nshift.failNext(2);
    expect((await api('POST', '/stored-shipments', shipment('T100044'))).status).toBe(503);
    expect((await options('11359')).status).toBe(503);
    expect(nshift.stored.size).toBe(before);
    expect((await api('POST', '/stored-shipments', shipment('T100044'))).status).toBe(201);
    const last = nshift.requests.slice(-3);
    expect(last.map((r) => r.status)).toEqual([503, 503, 201]);
    expect(last[2]).toMatchObject({
      method: 'POST',
      path: '/stored-shipments',
      body: { orderNo: 'T100044' },
    });
  });
});
