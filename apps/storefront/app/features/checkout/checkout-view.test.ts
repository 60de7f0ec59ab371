import { describe, expect, it } from 'vitest';
import type { CheckoutFieldsFragment } from '../../graphql/generated';
import { toCheckoutView, withProfileDefaults, type CheckoutFormView } from './checkout-view';

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

describe('toCheckoutView: zip first (issue 25)', () => {
  const price = (inc: number, ex: number) => ({
    sellingPriceIncVat: inc,
    sellingPriceExVat: ex,
    regularPriceIncVat: inc,
    regularPriceExVat: ex,
    isDiscounted: false,
  });
  // The API lists the market's options before a zip too (for ralph); we show them after one.
  const checkout = (zip: string) =>
    ({
      email: null,
      identityNumber: null,
      billingAddress: { zip },
      shippingData: JSON.stringify({ noShippingForZip: false }),
      paymentOptions: [],
      shippingOptions: [
        {
          id: 2,
          displayName: 'Ombud',
          externalId: 'agent',
          feeIncVat: 49,
          feeExVat: 39.2,
          isSelected: true,
          shippingData: null,
        },
      ],
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

  it("shows no delivery options before a postcode is entered, the API's after", () => {
    expect(toCheckoutView(checkout(''), 'PERSON').shippingOptions).toEqual([]);
    const view = toCheckoutView(checkout('11122'), 'PERSON');
    expect(view.shippingOptions.map((o) => [o.id, o.name, o.isSelected])).toEqual([
      [2, 'Ombud', true],
    ]);
  });
});
