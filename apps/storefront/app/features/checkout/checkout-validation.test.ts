import { describe, expect, it } from 'vitest';
import {
  checkoutFormData,
  checkoutFormErrors,
  orderedErrors,
  validateCheckoutForm,
  zipError,
} from './checkout-validation';

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

/** A checkout form as the browser posts it, filled in correctly (Swedish market, a person). */
function filledForm(overrides: Record<string, string | null> = {}): FormData {
  const values: Record<string, string | null> = {
    customerType: 'PERSON',
    'billingAddress.zip': '111 22',
    shippingId: '2',
    identityNumber: '19121212-1212',
    email: 'anna@example.se',
    'billingAddress.firstName': 'Anna',
    'billingAddress.lastName': 'Andersson',
    'billingAddress.careOf': '',
    'billingAddress.addressLine1': 'Storgatan 1',
    'billingAddress.city': 'Stockholm',
    'billingAddress.mobile': '0701234567',
    paymentId: '1',
    terms: '1',
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== null) form.set(name, value);
  return form;
}

const formContext = {
  countryCode: 'SE',
  shippingOptions: context.shippingOptions,
  paymentIds: [1, 2],
};

describe('the checkout schema, parsed from the form by Conform (issue 22)', () => {
  it('a correctly filled form has no errors; blank and unticked fields have SPEC §5 texts', () => {
    expect(validateCheckoutForm(filledForm(), formContext)).toEqual({});
    const errors = validateCheckoutForm(
      filledForm({ 'billingAddress.city': '   ', email: '', terms: null }),
      formContext,
    );
    expect(errors).toEqual({
      'billingAddress.city': 'Detta fält är obligatoriskt',
      email: 'Detta fält är obligatoriskt',
      terms: 'Du måste godkänna köpvillkoren innan du slutför ditt köp',
    });
    // The server sees what the browser sees: a ticked box is '1', anything else is not ticked.
    expect(validateCheckoutForm(filledForm({ terms: 'on' }), formContext).terms).toBe(
      'Du måste godkänna köpvillkoren innan du slutför ditt köp',
    );
  });

  it('personnummer and organisationsnummer are checked with their packages in Sweden', () => {
    const check = (values: Record<string, string | null>) =>
      validateCheckoutForm(filledForm(values), formContext).identityNumber;
    expect(check({ identityNumber: '19121212-1213' })).toBe('Ange ett giltigt personnummer');
    expect(check({ identityNumber: '121212-1212' })).toBeUndefined();
    expect(check({ identityNumber: null })).toBe('Detta fält är obligatoriskt');
    const company = { customerType: 'ORGANIZATION', 'billingAddress.company': 'Cykel AB' };
    expect(check({ ...company, identityNumber: '556016-0681' })).toBe(
      'Ange ett giltigt organisationsnummer',
    );
    expect(check({ ...company, identityNumber: '556016-0680' })).toBeUndefined();
    // A sole trader's personnummer is an organisation's identity number too.
    expect(check({ ...company, identityNumber: '19121212-1212' })).toBeUndefined();
    // A company must name itself; a person's form does not ask.
    expect(
      validateCheckoutForm(filledForm({ customerType: 'ORGANIZATION' }), formContext)[
        'billingAddress.company'
      ],
    ).toBe('Detta fält är obligatoriskt');
    // Outside Sweden the number is optional, only its form is checked.
    const norway = { ...formContext, countryCode: 'NO' };
    const foreign = (identityNumber: string | null) =>
      validateCheckoutForm(filledForm({ identityNumber, 'billingAddress.zip': '0150' }), norway)
        .identityNumber;
    expect(foreign(null)).toBeUndefined();
    expect(foreign('01019012345')).toBeUndefined();
    expect(foreign('!?')).toBe('Ange ett giltigt ID-nummer (siffror och bokstäver)');
  });

  it('delivery: one of the options, a store for pickup, left to the server when not known', () => {
    expect(validateCheckoutForm(filledForm({ shippingId: '7' }), formContext)).toEqual({
      shippingId: 'Välj ett leveranssätt',
    });
    expect(validateCheckoutForm(filledForm({ shippingId: '3' }), formContext)).toEqual({
      pickupPoint: 'Välj en butik att hämta i',
    });
    expect(
      validateCheckoutForm(filledForm({ shippingId: '3', pickupPoint: 'stockholm' }), formContext),
    ).toEqual({});
    // The browser after a new postcode without "Visa leveranssätt": options not known yet.
    expect(
      validateCheckoutForm(filledForm({ shippingId: null }), {
        ...formContext,
        shippingOptions: null,
      }),
    ).toEqual({});
    expect(validateCheckoutForm(filledForm({ paymentId: '5' }), formContext)).toEqual({
      paymentId: 'Välj ett betalsätt',
    });
  });

  it('checkoutFormData writes an API input as the form posts it', () => {
    const form = checkoutFormData(
      {
        customerType: 'PERSON',
        email: 'anna@example.se',
        billingAddress: { zip: '11122', careOf: '' },
        shippingId: 2,
        paymentId: null,
      },
      true,
    );
    expect([...form.entries()]).toEqual([
      ['customerType', 'PERSON'],
      ['billingAddress.zip', '11122'],
      ['email', 'anna@example.se'],
      ['shippingId', '2'],
      ['terms', '1'],
    ]);
  });
});

describe('a shipping provider’s choices (nShift, issue 43)', () => {
  // Two service-point choices share method id 2: the radio posts `${id}|${externalId}`.
  const nshift = {
    ...formContext,
    shippingOptions: [
      { id: 2, kind: 'service_point', value: '2|pn', points: [{ id: '74383' }, { id: '74390' }] },
      { id: 2, kind: 'service_point', value: '2|dhl', points: [{ id: 'SE-11201' }] },
      { id: 1, kind: 'home', value: '1|home', points: [] },
    ],
  };

  it('the choice by its radio value, one of its own pickup points', () => {
    const form = (shippingId: string, pickupPoint: string | null) =>
      validateCheckoutForm(filledForm({ shippingId, pickupPoint }), nshift);
    expect(form('2|pn', '74390')).toEqual({});
    expect(form('1|home', null)).toEqual({});
    // The bare method id is not a choice any more: it names two.
    expect(form('2', '74390')).toEqual({ shippingId: 'Välj ett leveranssätt' });
    // A point of the choice chosen before (no JavaScript: the points of the new one not shown).
    expect(form('2|dhl', '74390')).toEqual({ pickupPoint: 'Välj ett utlämningsställe' });
    expect(form('2|dhl', null)).toEqual({ pickupPoint: 'Välj ett utlämningsställe' });
  });

  it('checkoutFormData writes a provider’s choice as its radio value', () => {
    const form = checkoutFormData(
      { shippingId: 2, externalShippingId: 'dhl', pickupPoint: 'SE-11201' },
      false,
    );
    expect([...form.entries()]).toEqual([
      ['shippingId', '2|dhl'],
      ['pickupPoint', 'SE-11201'],
    ]);
  });
});
