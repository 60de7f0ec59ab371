import { describe, expect, it } from 'vitest';
import type { CheckoutFieldsFragment } from '../../graphql/generated';
import {
  formatDistance,
  promiseText,
  toCheckoutView,
  withProfileDefaults,
  type CheckoutFormView,
} from './checkout-view';

const empty: CheckoutFormView = {
  cart: { lines: [] } as unknown as CheckoutFormView['cart'],
  customerType: 'PERSON',
  email: '',
  identityNumber: '',
  address: {
    firstName: '',
    lastName: '',
    company: '',
    careOf: '',
    addressLine1: '',
    zip: '',
    city: '',
    mobile: '',
  },
  pickupPoint: '',
  shippingOptions: [],
  noShippingForZip: false,
  paymentOptions: [],
};

const profile = {
  email: 'anna@example.se',
  customerType: 'PERSON',
  personalId: '19900101-0017',
  address: {
    firstName: 'Anna',
    lastName: 'Andersson',
    zip: '11122',
    city: 'Stockholm',
    phone: '08-123',
  },
};

describe('withProfileDefaults', () => {
  it('fills empty fields from the profile, the phone when there is no mobile', () => {
    const view = withProfileDefaults(empty, profile);
    expect(view.email).toBe('anna@example.se');
    expect(view.identityNumber).toBe('19900101-0017');
    expect(view.address).toMatchObject({
      firstName: 'Anna',
      lastName: 'Andersson',
      zip: '11122',
      city: 'Stockholm',
      mobile: '08-123',
      addressLine1: '',
    });
  });

  it('keeps what the shopper entered, and a personal id only for the same customer type', () => {
    const entered = {
      ...empty,
      email: 'annan@example.se',
      address: { ...empty.address, city: 'Lund' },
    };
    const view = withProfileDefaults(entered, profile);
    expect(view.email).toBe('annan@example.se');
    expect(view.address.city).toBe('Lund');
    const company = withProfileDefaults({ ...empty, customerType: 'ORGANIZATION' }, profile);
    expect(company.identityNumber).toBe('');
  });
});

const OWN_OPTIONS = [
  {
    id: 2,
    displayName: 'Ombud',
    externalId: 'agent',
    feeIncVat: 49,
    feeExVat: 39.2,
    isSelected: true,
    shippingData: null,
  },
];

/** A pickup point subOption as the API answers it with nShift. */
const point = (id: string, name: string, distanceMetres: number | null, isSelected = false) => ({
  externalId: id,
  displayName: `${name}, Gatan 1`,
  isSelected,
  shippingData: JSON.stringify({
    id,
    name,
    address: 'Gatan 1',
    zip: '11140',
    city: 'Stockholm',
    country: 'SE',
    distanceMetres,
    openingHours: 'Mån–fre 8–20',
  }),
});

/** nShift's choices as the API answers them: two service-point choices share method id 2. */
const NSHIFT_OPTIONS = [
  {
    id: 2,
    displayName: 'PostNord MyPack Collect',
    externalId: 'pn-collect',
    logo: 'postnord.svg',
    feeIncVat: 49,
    feeExVat: 39.2,
    isSelected: true,
    shippingData: JSON.stringify({
      carrier: { id: 'PLAB', name: 'PostNord' },
      kind: 'service_point',
      deliveryPromise: '1-3',
    }),
    subOptions: [
      point('74383', 'ICA Nära Tegnérlunden', 960, true),
      point('74390', 'Pressbyrån Odenplan', 1240),
    ],
  },
  {
    id: 2,
    displayName: 'DHL Service Point',
    externalId: 'dhl-point',
    logo: '../evil.svg',
    feeIncVat: 55,
    feeExVat: 44,
    isSelected: false,
    shippingData: JSON.stringify({
      carrier: { id: 'DHL', name: 'DHL' },
      kind: 'service_point',
      deliveryPromise: null,
    }),
    // Unordered and none chosen (not the API's way): nearest first, the nearest checked.
    subOptions: [point('SE-2', 'Far', 12_400), point('SE-1', 'Near', 300)],
  },
  {
    id: 1,
    displayName: 'PostNord MyPack Home',
    externalId: 'pn-home',
    logo: 'postnord.svg',
    feeIncVat: 99,
    feeExVat: 79.2,
    isSelected: false,
    shippingData: JSON.stringify({
      carrier: { id: 'PLAB', name: 'PostNord' },
      kind: 'home',
      deliveryPromise: 'Kvällsleverans 1–2 vardagar',
    }),
    subOptions: [],
  },
];

describe('promiseText', () => {
  it('working days for nShift’s bare day ranges, other texts as they are', () => {
    expect(promiseText('1-3')).toBe('1–3 vardagar');
    expect(promiseText('0-1')).toBe('0–1 vardagar');
    expect(promiseText('1')).toBe('1 vardag');
    expect(promiseText('2')).toBe('2 vardagar');
    expect(promiseText(' Kvällsleverans 1–2 vardagar ')).toBe('Kvällsleverans 1–2 vardagar');
    expect(promiseText(null)).toBe('');
  });
});

describe('formatDistance', () => {
  it('metres under a kilometre, kilometres with one decimal above, nothing when unknown', () => {
    const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(nbsp(formatDistance(960))).toBe('960 m');
    expect(nbsp(formatDistance(1240))).toBe('1,2 km');
    expect(nbsp(formatDistance(12_400))).toBe('12 km');
    expect(nbsp(formatDistance(1240, 'en-US'))).toBe('1.2 km');
    expect(formatDistance(null)).toBe('');
    expect(formatDistance(-1)).toBe('');
  });
});

const price = (inc: number, ex: number) => ({
  sellingPriceIncVat: inc,
  sellingPriceExVat: ex,
  regularPriceIncVat: inc,
  regularPriceExVat: ex,
  isDiscounted: false,
});
// The API lists the market's options before a zip too (for ralph); we show them after one.
const checkout = (zip: string, shippingOptions: unknown[] = OWN_OPTIONS) =>
  ({
    email: null,
    identityNumber: null,
    billingAddress: { zip },
    shippingData: JSON.stringify({ noShippingForZip: false }),
    paymentOptions: [],
    shippingOptions,
    cart: {
      id: 'c1',
      isCompleted: false,
      promoCode: null,
      freeShipping: false,
      appliedCampaigns: [],
      items: [],
      summary: {
        total: { ...price(49, 39.2), vat: 9.8 },
        subTotal: price(0, 0),
        vats: [],
        fixedAmountDiscountIncVat: 0,
        fixedAmountDiscountExVat: 0,
        shipping: { id: 2, displayName: 'Ombud', feeIncVat: 49, feeExVat: 39.2 },
        balance: {
          pending: 0,
          totalSellingPriceExBalanceIncVat: 49,
          totalSellingPriceExBalanceExVat: 39.2,
        },
      },
    },
  }) as unknown as CheckoutFieldsFragment;

describe('toCheckoutView: zip first (issue 25)', () => {
  it("shows no delivery options before a postcode is entered, the API's after", () => {
    expect(toCheckoutView(checkout(''), 'PERSON').shippingOptions).toEqual([]);
    const view = toCheckoutView(checkout('11122'), 'PERSON');
    expect(view.shippingOptions.map((o) => [o.id, o.name, o.isSelected])).toEqual([
      [2, 'Ombud', true],
    ]);
  });
});

describe('toCheckoutView: a shipping provider’s choices (nShift, issue 43)', () => {
  const view = () => toCheckoutView(checkout('11122', NSHIFT_OPTIONS), 'PERSON');

  it('gives each choice a unique radio value, its carrier, badge and delivery promise', () => {
    const options = view().shippingOptions;
    expect(options.map((o) => o.value)).toEqual(['2|pn-collect', '2|dhl-point', '1|pn-home']);
    expect(options[0]).toMatchObject({
      id: 2,
      externalId: 'pn-collect',
      name: 'PostNord MyPack Collect',
      kind: 'service_point',
      carrier: { name: 'PostNord', logoUrl: '/shipping/postnord.svg' },
      deliveryPromise: '1–3 vardagar',
      isSelected: true,
      stores: [],
    });
    // Only a plain badge file name becomes a URL; no promise gives ''.
    expect(options[1]).toMatchObject({ carrier: { name: 'DHL', logoUrl: null } });
    expect(options[1]!.deliveryPromise).toBe('');
    expect(options[2]).toMatchObject({ kind: 'home', points: [] });
  });

  it('lists a service point choice’s points nearest first, the chosen (else the nearest) checked', () => {
    const [collect, dhl] = view().shippingOptions;
    expect(collect!.points.map((p) => [p.id, p.isSelected])).toEqual([
      ['74383', true],
      ['74390', false],
    ]);
    expect(collect!.points[0]).toMatchObject({
      name: 'ICA Nära Tegnérlunden',
      address: 'Gatan 1',
      zipCity: '111 40 Stockholm',
      openingHours: 'Mån–fre 8–20',
    });
    expect(collect!.points[0]!.distance.replace(/\u00a0/g, ' ')).toBe('960 m');
    expect(dhl!.points.map((p) => [p.id, p.isSelected])).toEqual([
      ['SE-1', true],
      ['SE-2', false],
    ]);
  });

  it('keeps the shop’s own options as they were: the method id as the value, no carrier', () => {
    const own = toCheckoutView(checkout('11122'), 'PERSON').shippingOptions;
    expect(own).toEqual([
      expect.objectContaining({
        id: 2,
        value: '2',
        externalId: null,
        kind: 'agent',
        carrier: null,
        deliveryPromise: '',
        points: [],
      }),
    ]);
  });
});
