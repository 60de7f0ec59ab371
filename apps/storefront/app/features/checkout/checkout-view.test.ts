import { describe, expect, it } from 'vitest';
import { withProfileDefaults, type CheckoutFormView } from './checkout-view';

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
