/**
 * The checkout input and its validation (GEINS-API §4.6 CheckoutInputType; SPEC §5 validation
 * rules, with problem codes and English messages): parsing with zod, the field checks, identity numbers, and
 * store pickup only at one of the shop's stores (issue 13 §7).
 */
import Organisationsnummer from 'organisationsnummer';
import Personnummer from 'personnummer';
import { z } from 'zod';
import { ShopError } from '../../errors.ts';
import { ADDRESS_FIELDS, emptyAddress, type AddressData } from '../customers/address.ts';
import {
  methodsForZip,
  normalizeZip,
  type ShippingMethodRecord,
} from '../shipping/shipping.service.ts';

/**
 * The checkout problems (SPEC §5 rules): the key is the stable problem code sent in
 * `extensions.reason` and `extensions.fieldCodes`, the value the English message for API
 * clients. The storefront shows its own Swedish text per code (SPEC §5 texts, i18n).
 */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Enter a valid e-mail address',
  personalId: 'Enter a valid Swedish personal identity number (personnummer)',
  organizationId: 'Enter a valid Swedish organisation number (organisationsnummer)',
  foreignId: 'Enter a valid ID number (digits and letters)',
  zip: 'Enter a valid postal code',
  noShipping: 'No shipping method delivers to this postal code',
  pickupPoint: 'Choose a store to pick up from',
  pickupStoreOnly:
    'The cart holds items reserved in a store: the order can only be picked up in that store',
  terms: 'The terms of purchase must be accepted before placing the order',
  emptyCart: 'The cart is empty',
  chooseShipping: 'Choose a shipping method',
  shippingChanged:
    'The delivery chosen is no longer offered at this price; check the delivery and the total',
  choosePayment: 'Choose a payment method',
} as const;

/** A checkout problem code (a key of {@link MESSAGES}), e.g. `required`. */
export type CheckoutProblem = keyof typeof MESSAGES;

/** The problem code of one of the {@link MESSAGES} (they are unique). */
function problemOf(message: string): CheckoutProblem | undefined {
  return (Object.keys(MESSAGES) as CheckoutProblem[]).find((key) => MESSAGES[key] === message);
}

/**
 * The INVALID_CHECKOUT error: `message` the first problem in English, `extensions.fields` field
 * path → English message, `extensions.fieldCodes` field path → problem code, and
 * `extensions.reason` the problem code of `message`.
 * @param fields field errors as {@link checkoutFieldErrors} makes them (may be empty)
 * @param problem the problem when it is not a field's (e.g. `emptyCart`)
 */
export function invalidCheckout(fields: FieldErrors, problem?: CheckoutProblem): ShopError {
  const message = problem ? MESSAGES[problem] : (Object.values(fields)[0] ?? MESSAGES.required);
  const fieldCodes = Object.fromEntries(
    Object.entries(fields).map(([field, text]) => [field, problemOf(text) ?? 'required']),
  );
  return new ShopError('INVALID_CHECKOUT', message, {
    fields,
    fieldCodes,
    reason: problem ?? problemOf(message),
  });
}

const text = (max: number) => z.string().trim().max(max).optional().nullable();

const addressSchema = z
  .object(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(200)])))
  .partial()
  .optional()
  .nullable();

/** The accepted CheckoutInputType (GEINS-API §4.6), validated with zod; unknown fields dropped. */
export const checkoutInputSchema = z.object({
  paymentId: z.number().int().optional().nullable(),
  shippingId: z.number().int().optional().nullable(),
  pickupPoint: text(100),
  /** The shipping provider's option (nShift's id, ADR 020 §4); only with a provider that has them. */
  externalShippingId: text(200),
  /** The fee a widget reports for it, decimal major units; −1 = not set (ralph). Checked, never used. */
  externalShippingFee: z.number().finite().optional().nullable(),
  message: text(1000),
  acceptedConsents: z.array(z.string().max(100)).max(20).optional().nullable(),
  shippingAddress: addressSchema,
  billingAddress: addressSchema,
  identityNumber: text(20),
  email: text(254),
  customerType: z.enum(['PERSON', 'ORGANIZATION']).optional().nullable(),
  customerOrderNumber: text(100),
  goodsLabel: text(100),
  /**
   * The delivery date asked for: a Date from the DateTime scalar, or its ISO text when read back
   * from a stored checkout (the cart's or a payment session's JSON).
   */
  desiredDeliveryDate: z.preprocess(
    (value) => (typeof value === 'string' ? new Date(value) : value),
    z.date().optional().nullable(),
  ),
});

/** A parsed checkout input. */
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/**
 * Parses a client's CheckoutInputType.
 * @throws ShopError BAD_USER_INPUT naming the first bad field
 */
export function parseCheckoutInput(input: unknown): CheckoutInput {
  const parsed = checkoutInputSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ShopError('BAD_USER_INPUT', `Invalid value: ${issue.path.join('.')}`, {
      argument: 'checkout',
      field: issue.path.join('.'),
    });
  }
  return parsed.data;
}

/** An address with every field a string ('' when missing). */
export function toAddress(input: Record<string, string | null | undefined> | null | undefined) {
  const address = emptyAddress();
  for (const field of ADDRESS_FIELDS) address[field] = (input?.[field] ?? '').trim();
  return address;
}

/** Field errors of a checkout: path -> English message, one of {@link MESSAGES} (SPEC §5). */
export type FieldErrors = Record<string, string>;

/** An e-mail address as the checkout accepts it: something@domain.tld. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** True for a valid personnummer (with or without century and dash). */
export function isValidPersonalId(value: string): boolean {
  return Personnummer.valid(value.trim());
}

/** True for a valid organisationsnummer. */
export function isValidOrganizationId(value: string): boolean {
  return Organisationsnummer.valid(value.trim());
}

/**
 * Checks a checkout for placing an order: required fields, e-mail, zip (a postcode of the
 * checkout market's country) with a shipping method offered in the market, and for store pickup
 * a pickup point that is one of `pickupStores` (issue 13 §7: any other text is refused, not
 * stored on the order); identity numbers are checked separately ({@link checkIdentityNumber}).
 * @param methods the methods offered in the checkout market (listShippingMethods)
 * @param countryCode the checkout market's country (ISO alpha-2), default SE
 * @param pickupStores aliases of the stores the market's pickup method serves (pickupStoreAliases)
 * @param collectStore the alias of the store the cart's reserved lines are collected at (click and
 *   collect, issue 40 §6), or null: with one, only store pickup there is accepted (`shippingId`
 *   and `pickupPoint` get the problem `pickupStoreOnly` otherwise)
 */
export function checkoutFieldErrors(
  input: CheckoutInput,
  methods: readonly ShippingMethodRecord[],
  countryCode: string,
  pickupStores: ReadonlySet<string>,
  collectStore: string | null = null,
): FieldErrors {
  const errors: FieldErrors = {};
  const organization = input.customerType === 'ORGANIZATION';
  const billing = toAddress(input.billingAddress);
  if (!input.email) errors.email = MESSAGES.required;
  else if (!EMAIL.test(input.email)) errors.email = MESSAGES.email;
  const required: Array<keyof AddressData> = [
    'firstName',
    'lastName',
    'addressLine1',
    'zip',
    'city',
    ...(organization ? (['company'] as const) : []),
  ];
  for (const field of required) {
    if (!billing[field]) errors[`billingAddress.${field}`] = MESSAGES.required;
  }
  if (!billing.mobile && !billing.phone) errors['billingAddress.mobile'] = MESSAGES.required;
  // Swedish personnummer / organisationsnummer are required in Sweden only (SPEC §5); elsewhere
  // the shopper's national id or VAT number is optional (see checkIdentityNumber).
  if (!input.identityNumber && countryCode === 'SE') errors.identityNumber = MESSAGES.required;
  const zip = input.shippingAddress?.zip || billing.zip;
  if (billing.zip && !normalizeZip(billing.zip, countryCode)) {
    errors['billingAddress.zip'] = MESSAGES.zip;
  }
  const validZip = normalizeZip(zip, countryCode) !== null;
  const available = methodsForZip(methods, zip, countryCode);
  if (validZip && available.length === 0) errors.shippingId = MESSAGES.noShipping;
  const method = available.find((m) => m.id === input.shippingId);
  if (validZip && available.length > 0 && !method) {
    errors.shippingId = MESSAGES.required;
  }
  if (collectStore !== null && input.shippingId != null && method?.kind !== 'pickup') {
    errors.shippingId = MESSAGES.pickupStoreOnly;
  } else if (
    collectStore !== null &&
    method &&
    input.pickupPoint &&
    input.pickupPoint !== collectStore
  ) {
    errors.pickupPoint = MESSAGES.pickupStoreOnly;
  } else if (method?.kind === 'pickup' && !pickupStores.has(input.pickupPoint ?? '')) {
    errors.pickupPoint = MESSAGES.pickupPoint;
  }
  return errors;
}

/** A national id or VAT number of a country other than Sweden: 4-20 letters, digits, + - . space. */
const FOREIGN_ID = /^[0-9A-Za-z][0-9A-Za-z+\-. ]{2,18}[0-9A-Za-z]$/;

/**
 * Checks the identity number of a checkout placed in a market of `countryCode` (ISO alpha-2).
 * In Sweden: a personnummer (PERSON) or organisationsnummer (ORGANIZATION; a sole trader's
 * personnummer also passes), checked with the `personnummer` / `organisationsnummer` rules
 * (SPEC §5). Elsewhere the Swedish rules do not apply: an optional national id or VAT number,
 * only its form is checked.
 * @throws ShopError INVALID_IDENTITY_NUMBER (GEINS-API §1) when the number fails those checks
 */
export function checkIdentityNumber(input: CheckoutInput, countryCode: string = 'SE'): void {
  const value = input.identityNumber ?? '';
  if (!value) return;
  if (countryCode !== 'SE') {
    if (!FOREIGN_ID.test(value)) {
      throw new ShopError('INVALID_IDENTITY_NUMBER', MESSAGES.foreignId, {
        argument: 'checkout',
        field: 'identityNumber',
        reason: 'foreignId',
      });
    }
    return;
  }
  const organization = input.customerType === 'ORGANIZATION';
  const valid = organization
    ? isValidOrganizationId(value) || isValidPersonalId(value)
    : isValidPersonalId(value);
  if (!valid) {
    throw new ShopError(
      'INVALID_IDENTITY_NUMBER',
      organization ? MESSAGES.organizationId : MESSAGES.personalId,
      {
        argument: 'checkout',
        field: 'identityNumber',
        reason: organization ? 'organizationId' : 'personalId',
      },
    );
  }
}
