import { describe, expect, it } from 'vitest';
import { checkoutInputFromForm, fieldErrorsOf, parseShippingValue } from './checkout.server';

/** A checkout form with the delivery fields given. */
function form(values: Record<string, string>): FormData {
  const data = new FormData();
  data.set('customerType', 'PERSON');
  data.set('billingAddress.zip', '11122');
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('checkoutInputFromForm: the delivery radio (issue 43)', () => {
  it('the shop’s own options post their method id, as before', () => {
    const input = checkoutInputFromForm(form({ shippingId: '3', pickupPoint: 'stockholm' }));
    expect(input).toMatchObject({ shippingId: 3, pickupPoint: 'stockholm' });
    expect(input).not.toHaveProperty('externalShippingId');
  });

  it('a provider’s choice posts `${id}|${externalId}`: split into shippingId and externalShippingId', () => {
    const input = checkoutInputFromForm(
      form({ shippingId: '2|6a1f0c2e-0003-4c3a-9b1e-dhlservice03', pickupPoint: 'SE-11201' }),
    );
    expect(input).toMatchObject({
      shippingId: 2,
      externalShippingId: '6a1f0c2e-0003-4c3a-9b1e-dhlservice03',
      pickupPoint: 'SE-11201',
    });
    // The fee is never sent from the form: the API prices the choice.
    expect(input.externalShippingFee).toBeUndefined();
  });

  it('anything else is no choice', () => {
    for (const value of ['', '0', '-2', 'abc', '2.5', '|dhl', 'x|dhl', '99999999999|dhl']) {
      expect(parseShippingValue(value), value).toEqual({
        shippingId: null,
        externalShippingId: null,
      });
    }
    expect(parseShippingValue('2|')).toEqual({ shippingId: 2, externalShippingId: null });
    expect(parseShippingValue(null)).toEqual({ shippingId: null, externalShippingId: null });
  });
});

describe('shippingChanged (placeOrder asked nShift again)', () => {
  it('a moved price or a gone point has its Swedish text at the field the API names', () => {
    const error = (field: string) => ({
      message:
        'The delivery chosen is no longer offered at this price; check the delivery and the total',
      code: 'INVALID_CHECKOUT',
      extensions: { fieldCodes: { [field]: 'shippingChanged' } },
    });
    const text =
      'Fraktpriset eller utlämningsstället har ändrats. Kontrollera leveransen och summan.';
    expect(fieldErrorsOf(error('shippingId'))).toEqual({ shippingId: text });
    expect(fieldErrorsOf(error('pickupPoint'))).toEqual({ pickupPoint: text });
  });
});
