/**
 * Checkout validation in one round (issue 14 "Checkout validation in one round, with focus"):
 * everything the shopper can fix in the form is checked at once — required fields, e-mail,
 * postcode of the checkout market's country, delivery, pickup store, payment and the terms — so
 * a submit shows every error together, in document order, for the error summary. The API still
 * checks all of it again (and the identity number's check digits) when the order is placed;
 * its field errors are merged with these. Messages are SPEC §5's Swedish texts. Pure.
 */
import { normalizeZip } from '@trampa/api/zip';
import type { CheckoutInputType } from '../../graphql/generated';
import { t } from '../../i18n/i18n';

/**
 * The form's fields in document order (the order of the error summary and of focus): the
 * customer type, postcode, delivery, pickup store, details, payment, terms; `form` (an error of
 * the whole form) first.
 */
export const FIELD_ORDER = [
  'form',
  'customerType',
  'billingAddress.zip',
  'shippingId',
  'pickupPoint',
  'billingAddress.company',
  'identityNumber',
  'email',
  'billingAddress.firstName',
  'billingAddress.lastName',
  'billingAddress.careOf',
  'billingAddress.addressLine1',
  'billingAddress.city',
  'billingAddress.mobile',
  'paymentId',
  'terms',
] as const;

/** The errors sorted in document order ({@link FIELD_ORDER}); unknown fields last. */
export function orderedErrors(errors: FieldErrors): Array<[string, string]> {
  const rank = (field: string) => {
    const index = (FIELD_ORDER as readonly string[]).indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b));
}

/** Field name -> Swedish message. */
export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** What the form knows about the checkout besides the input. */
export interface ValidationContext {
  /** The checkout market's country (ISO alpha-2): postcodes and identity numbers. */
  countryCode: string;
  /** The delivery options offered for the entered postcode: id and kind. */
  shippingOptions: ReadonlyArray<{ id: number; kind: string }>;
  /** The payment options' ids. */
  paymentIds: readonly number[];
  /** True when the terms box was ticked. */
  terms: boolean;
}

/**
 * Every error of a submitted checkout form at once (SPEC §5 messages). The postcode is checked
 * against the checkout market's country; delivery only once the postcode is valid and options
 * exist ("no options for the postcode" is told at the postcode).
 */
export function checkoutFormErrors(
  input: CheckoutInputType,
  context: ValidationContext,
): FieldErrors {
  const errors: FieldErrors = {};
  const required = t('checkout.error.required');
  const billing = (input.billingAddress ?? {}) as Record<string, string | null | undefined>;
  const value = (field: string) => (billing[field] ?? '').trim();
  const zip = value('zip');
  if (!zip) errors['billingAddress.zip'] = required;
  else if (!normalizeZip(zip, context.countryCode)) {
    errors['billingAddress.zip'] = t('checkout.error.zip');
  } else if (context.shippingOptions.length === 0) {
    // Told at the postcode: that is what the shopper can change.
    errors['billingAddress.zip'] = t('checkout.shipping.none');
  } else {
    const chosen = context.shippingOptions.find((o) => o.id === input.shippingId);
    if (!chosen) errors.shippingId = t('checkout.error.shipping');
    else if (chosen.kind === 'pickup' && !input.pickupPoint) {
      errors.pickupPoint = t('checkout.error.pickup');
    }
  }
  if (input.customerType === 'ORGANIZATION' && !value('company')) {
    errors['billingAddress.company'] = required;
  }
  if (!input.identityNumber?.trim() && context.countryCode.toUpperCase() === 'SE') {
    errors.identityNumber = required;
  }
  const email = input.email?.trim() ?? '';
  if (!email) errors.email = required;
  else if (!EMAIL.test(email)) errors.email = t('checkout.error.email');
  for (const field of ['firstName', 'lastName', 'addressLine1', 'city', 'mobile']) {
    if (!value(field)) errors[`billingAddress.${field}`] = required;
  }
  if (!input.paymentId || !context.paymentIds.includes(input.paymentId)) {
    errors.paymentId = t('checkout.error.payment');
  }
  if (!context.terms) errors.terms = t('checkout.terms.required');
  return errors;
}

/**
 * The postcode error to show after "Visa leveranssätt" or an autosave: a malformed postcode of
 * the checkout market's country ("ABCDE", "1234" in Sweden), or none entered when the shopper
 * asked for the options. Null when the postcode is fine (or empty on an autosave).
 */
export function zipError(zip: string, countryCode: string, asked: boolean): string | null {
  const entered = zip.trim();
  if (!entered) return asked ? t('checkout.error.zip') : null;
  return normalizeZip(entered, countryCode) ? null : t('checkout.error.zip');
}

/**
 * "No options for the postcode" is told at the postcode (the API names `shippingId`): the
 * delivery fieldset is not shown then, so the error moves to `billingAddress.zip` while the
 * checkout has no shipping options.
 */
export function atPostcode(
  errors: FieldErrors,
  view: { shippingOptions: readonly unknown[] } | null,
): FieldErrors {
  if (!errors.shippingId || (view && view.shippingOptions.length > 0)) return errors;
  const { shippingId, ...rest } = errors;
  return { ...rest, 'billingAddress.zip': rest['billingAddress.zip'] ?? shippingId };
}
