import { describe, expect, it } from 'vitest';
import { checkoutFormErrors, orderedErrors, zipError } from './checkout-validation';

const context = {
  countryCode: 'SE',
  shippingOptions: [
    { id: 2, kind: 'service_point' },
    { id: 3, kind: 'pickup' },
  ],
  paymentIds: [1, 2],
  terms: false,
};

describe('checkout validation in one round (issue 14)', () => {
  it('an empty form gives every error at once, the terms included, in document order', () => {
    const errors = checkoutFormErrors({ customerType: 'PERSON', paymentId: 1 }, context);
    expect(orderedErrors(errors).map(([field]) => field)).toEqual([
      'billingAddress.zip',
      'identityNumber',
      'email',
      'billingAddress.firstName',
      'billingAddress.lastName',
      'billingAddress.addressLine1',
      'billingAddress.city',
      'billingAddress.mobile',
      'terms',
    ]);
    expect(errors.email).toBe('Detta fält är obligatoriskt');
    expect(errors.terms).toBe('Du måste godkänna köpvillkoren innan du slutför ditt köp');
  });

  it('checks the postcode of the market, the delivery, the pickup store and the company', () => {
    const base = {
      customerType: 'ORGANIZATION' as const,
      email: 'fel@',
      paymentId: 9,
      identityNumber: '556016-0680',
    };
    let errors = checkoutFormErrors({ ...base, billingAddress: { zip: 'ABCDE' } }, context);
    expect(errors['billingAddress.zip']).toBe('Ange ett giltigt postnummer');
    expect(errors['billingAddress.company']).toBe('Detta fält är obligatoriskt');
    expect(errors.email).toBe('Du måste ange en giltig email');
    expect(errors.paymentId).toBe('Välj ett betalsätt');
    errors = checkoutFormErrors({ ...base, billingAddress: { zip: '111 22' } }, context);
    expect(errors.shippingId).toBe('Välj ett leveranssätt');
    errors = checkoutFormErrors(
      { ...base, billingAddress: { zip: '11122' }, shippingId: 3 },
      { ...context, terms: true },
    );
    expect(errors.pickupPoint).toBe('Välj en butik att hämta i');
    expect(errors.terms).toBeUndefined();
    // A valid postcode without options is told at the postcode.
    errors = checkoutFormErrors(
      { ...base, billingAddress: { zip: '11122' } },
      { ...context, shippingOptions: [] },
    );
    expect(errors['billingAddress.zip']).toBe('Det finns inga leveranssätt för det här postnumret');
    // Outside Sweden the identity number is optional and the postcode is the country's.
    errors = checkoutFormErrors(
      { customerType: 'PERSON', billingAddress: { zip: '0150' } },
      { ...context, countryCode: 'NO' },
    );
    expect(errors.identityNumber).toBeUndefined();
    expect(errors['billingAddress.zip']).toBeUndefined();
  });

  it('zipError: malformed postcodes, and an empty one only when the options were asked for', () => {
    expect(zipError('ABCDE', 'SE', false)).toBe('Ange ett giltigt postnummer');
    expect(zipError('1234', 'SE', true)).toBe('Ange ett giltigt postnummer');
    expect(zipError('', 'SE', true)).toBe('Ange ett giltigt postnummer');
    expect(zipError('', 'SE', false)).toBeNull();
    expect(zipError('111 22', 'SE', true)).toBeNull();
    expect(zipError('00100', 'FI', true)).toBeNull();
  });
});
