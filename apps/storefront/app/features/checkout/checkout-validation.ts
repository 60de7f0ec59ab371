/**
 * Checkout validation in one round (issue 14 "Checkout validation in one round, with focus";
 * issue 22 "Libraries over hand-written code"): everything the shopper can fix in the form is
 * checked at once — required fields, e-mail, postcode of the checkout market's country, delivery,
 * pickup store, the Swedish personnummer / organisationsnummer (the `personnummer` and
 * `organisationsnummer` packages), payment and the terms — so a submit shows every error
 * together, in document order, for the error summary.
 *
 * The rules are ONE zod schema ({@link checkoutSchema}) that Conform (`@conform-to/zod`) parses
 * from the form's FormData, shared by the browser (before the order is sent, checkout-page.tsx)
 * and the route's action (forms sent without JavaScript, and again after the browser). The API
 * still checks all of it again when the order is placed; its field errors are merged with these.
 * Messages are SPEC §5's Swedish texts (message keys of the catalogue). Pure.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { normalizeOrganisationsnummer, normalizePersonnummer } from '@trampa/api/identity-number';
import { normalizeZip } from '@trampa/api/zip';
import { z } from 'zod';
import type { CheckoutInputType } from '../../graphql/generated';
import { t, type MessageKey } from '../../i18n/i18n';

/**
 * The form's fields in document order (the order of the error summary and of focus): the
 * customer type, postcode, delivery, pickup store or point, details, payment, terms; `form` (an error of
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

/** An e-mail address as the checkout (and the API) accepts it: something@domain.tld. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * A national id or VAT number outside Sweden: 4-20 letters, digits, + - . space (the API's
 * `checkIdentityNumber` accepts the same).
 */
const FOREIGN_ID = /^[0-9A-Za-z][0-9A-Za-z+\-. ]{2,18}[0-9A-Za-z]$/;

/**
 * A delivery option as the rules see it: its method id and kind, the radio's value when it is
 * not the id (a shipping provider's choice posts `${id}|${externalId}`, issue 43) and, for a
 * provider's service-point choice, its pickup points' ids.
 */
export interface ValidationShippingOption {
  id: number;
  kind: string;
  value?: string;
  points?: ReadonlyArray<{ id: string }>;
}

/** The radio value of an option: `value`, else the method id. */
const radioValue = (option: ValidationShippingOption) => option.value ?? String(option.id);

/** What the form knows about the checkout besides the input. */
export interface ValidationContext {
  /** The checkout market's country (ISO alpha-2): postcodes and identity numbers. */
  countryCode: string;
  /**
   * The delivery options offered for the entered postcode: id and kind. Null when not known for
   * the postcode in the form (the browser, after the postcode was changed without "Visa
   * leveranssätt"): the delivery rules are then left to the server, which saves the postcode
   * first.
   */
  shippingOptions: ReadonlyArray<ValidationShippingOption> | null;
  /** The payment options' ids. */
  paymentIds: readonly number[];
}

/** A text field that must not be empty or blank (SPEC §5 'Detta fält är obligatoriskt'). */
const required = () =>
  z
    .string({ error: 'checkout.error.required' satisfies MessageKey })
    .trim()
    .min(1, 'checkout.error.required' satisfies MessageKey);

/** A field that must be one of `accepted` (radio groups); `message` when missing or another. */
const oneOf = (accepted: readonly string[], message: MessageKey) =>
  z.string({ error: message }).refine((value) => accepted.includes(value), message);

/** Reads a string field ('' when missing). */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The identity number rule of the checkout market (SPEC §5): in Sweden required, a valid
 * personnummer for a private person and a valid organisationsnummer (or a sole trader's
 * personnummer) for a company; elsewhere optional, and only its form is checked.
 */
function identityRule(countryCode: string, organization: boolean) {
  if (countryCode.toUpperCase() !== 'SE') {
    return z
      .string()
      .trim()
      .regex(FOREIGN_ID, 'checkout.error.foreignId' satisfies MessageKey)
      .optional();
  }
  return required().refine(
    (value) =>
      organization
        ? normalizeOrganisationsnummer(value) !== null || normalizePersonnummer(value) !== null
        : normalizePersonnummer(value) !== null,
    (organization ? 'validation.organizationId' : 'validation.personalId') satisfies MessageKey,
  );
}

/**
 * The checkout form's schema (field names as the form posts them: `billingAddress.zip`, ...).
 * Which rules apply depends on what was entered (as Conform's docs build conditional schemas):
 * the company only for companies; the delivery only once the postcode is valid and its options
 * are known and exist ("no options for the postcode" is told at the postcode); the pickup store
 * only when store pickup is chosen.
 */
export function checkoutSchema(form: FormData, context: ValidationContext) {
  const organization = form.get('customerType') === 'ORGANIZATION';
  const options = context.shippingOptions;
  const validZip = normalizeZip(text(form, 'billingAddress.zip'), context.countryCode) !== null;
  const billing: Record<string, z.ZodType> = {
    zip: required()
      .refine(
        (value) => normalizeZip(value, context.countryCode) !== null,
        'checkout.error.zip' satisfies MessageKey,
      )
      .refine(() => options === null || options.length > 0, 'checkout.shipping.none'),
    firstName: required(),
    lastName: required(),
    addressLine1: required(),
    city: required(),
    mobile: required(),
  };
  if (organization) billing.company = required();
  const shape: Record<string, z.ZodType> = {
    // No address field sent at all: each required one is still reported.
    billingAddress: z.preprocess((value) => value ?? {}, z.object(billing)),
    identityNumber: identityRule(context.countryCode, organization),
    email: required().regex(EMAIL, 'checkout.error.email' satisfies MessageKey),
    paymentId: oneOf(context.paymentIds.map(String), 'checkout.error.payment'),
    terms: z.literal('1', { error: 'checkout.terms.required' satisfies MessageKey }),
  };
  if (validZip && options && options.length > 0) {
    shape.shippingId = oneOf(options.map(radioValue), 'checkout.error.shipping');
    const chosen = options.find((o) => radioValue(o) === text(form, 'shippingId'));
    if (chosen?.kind === 'pickup') {
      shape.pickupPoint = z
        .string({ error: 'checkout.error.pickup' satisfies MessageKey })
        .trim()
        .min(1, 'checkout.error.pickup' satisfies MessageKey);
    } else if (chosen?.points && chosen.points.length > 0) {
      // A carrier's service point (issue 43): one of this choice's points (a point of the choice
      // chosen before is not; the page then shows this choice's points, the nearest checked).
      shape.pickupPoint = oneOf(
        chosen.points.map((p) => p.id),
        'checkout.error.point',
      );
    }
  }
  return z.object(shape);
}

/**
 * Every error of a submitted checkout form at once: field name -> the Swedish message of the
 * first rule it breaks (SPEC §5). Used by the browser before sending and by the route's action.
 */
export function validateCheckoutForm(form: FormData, context: ValidationContext): FieldErrors {
  const submission = parseWithZod(form, { schema: checkoutSchema(form, context) });
  const errors: FieldErrors = {};
  if (submission.status === 'success') return errors;
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (name && first) errors[name] = t(first as MessageKey);
  }
  return errors;
}

/** The FormData the checkout form would post for an API checkout input. */
export function checkoutFormData(input: CheckoutInputType, terms: boolean): FormData {
  const form = new FormData();
  const set = (name: string, value: unknown) => {
    if (value !== null && value !== undefined && value !== '') form.set(name, String(value));
  };
  set('customerType', input.customerType);
  for (const [field, value] of Object.entries(input.billingAddress ?? {})) {
    set(`billingAddress.${field}`, value);
  }
  set('identityNumber', input.identityNumber);
  set('email', input.email);
  set(
    'shippingId',
    input.shippingId && input.externalShippingId
      ? `${input.shippingId}|${input.externalShippingId}`
      : input.shippingId,
  );
  set('pickupPoint', input.pickupPoint);
  set('paymentId', input.paymentId);
  if (terms) form.set('terms', '1');
  return form;
}

/**
 * Every error of a checkout input (as the API takes it) at once, with {@link checkoutSchema}:
 * the input is written as the form would post it first.
 * @param terms true when the terms box was ticked
 */
export function checkoutFormErrors(
  input: CheckoutInputType,
  context: ValidationContext & { terms: boolean },
): FieldErrors {
  return validateCheckoutForm(checkoutFormData(input, context.terms), context);
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
