/**
 * Checkout of the storefront (GEINS-API §2.2 createOrUpdateCheckout, placeOrder; SPEC §5
 * validation with the exact Swedish messages, §8): reads the checkout form into a
 * CheckoutInputType, sends it to the API and maps the API's typed errors to form fields.
 */
import type { AppLoadContext } from 'react-router';
import {
  CreateOrUpdateCheckoutDocument,
  PlaceOrderDocument,
  type CheckoutFieldsFragment,
  type CheckoutInputType,
  type CustomerType,
} from '../../graphql/generated';
import type { ApiGraphQLError } from '../../graphql/client.server';
import { t } from '../../i18n/i18n';
import { findMarket } from '../../market/markets';
import { cartMarketAlias } from '../../market/request-market';
import { cartIdOf } from '../cart/cart.server';
import { apiErrorText, checkoutProblemText } from '../errors/api-error-text';

/**
 * The request context of a checkout route (id containing "checkout", e.g. `checkout`,
 * `checkout-confirm`) whose API client sends the checkout market as `marketId` (SPEC §2,
 * GEINS-API §6): getCart, createOrUpdateCheckout, setCartPromoCode, placeOrder and completeCart
 * then price the cart in that market's currency.
 */
export function checkoutContext(context: AppLoadContext, routeId: string): AppLoadContext {
  return { ...context, api: context.api.forMarket(cartMarketAlias(context.market, routeId)) };
}

/**
 * The checkout market's country (ISO alpha-2; SE when the markets are not known): the country of
 * its postcodes and identity numbers (the checkout, the confirmation's printed postcodes).
 * @param routeId the route's id (routes.ts), containing "checkout"
 */
export function checkoutCountry(context: AppLoadContext, routeId: string): string {
  const market = context.markets
    ? findMarket(context.markets, cartMarketAlias(context.market, routeId))
    : null;
  return market?.countryCode ?? 'SE';
}

/** The address fields of the form, in order. */
export const BILLING_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'careOf',
  'addressLine1',
  'zip',
  'city',
  'mobile',
] as const;

/** Field name -> Swedish message. */
export type FieldErrors = Record<string, string>;

const text = (form: FormData, name: string, max = 200): string =>
  String(form.get(name) ?? '')
    .trim()
    .slice(0, max);

/**
 * The delivery radio's value: the shop's own options post their method id (`3`); a shipping
 * provider's choice (nShift, issue 43) posts `${methodId}|${providerOptionId}`, because its
 * choices share method ids. Null parts when the value is not one of these.
 */
export function parseShippingValue(value: unknown): {
  shippingId: number | null;
  externalShippingId: string | null;
} {
  const raw = typeof value === 'string' ? value.trim() : '';
  const bar = raw.indexOf('|');
  const idText = bar === -1 ? raw : raw.slice(0, bar);
  const external = bar === -1 ? '' : raw.slice(bar + 1).trim();
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : NaN;
  const shippingId = Number.isSafeInteger(id) && id > 0 ? id : null;
  return {
    shippingId,
    externalShippingId: shippingId !== null && external ? external.slice(0, 200) : null,
  };
}

/** The CheckoutInputType of a submitted checkout form. */
export function checkoutInputFromForm(form: FormData): CheckoutInputType {
  const customerType: CustomerType =
    form.get('customerType') === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON';
  const billing: Record<string, string> = {};
  for (const field of BILLING_FIELDS) billing[field] = text(form, `billingAddress.${field}`);
  if (customerType === 'PERSON') billing.company = '';
  billing.country = 'SE';
  const { shippingId, externalShippingId } = parseShippingValue(form.get('shippingId'));
  const paymentId = Number(form.get('paymentId'));
  return {
    customerType,
    email: text(form, 'email', 254),
    identityNumber: text(form, 'identityNumber', 20),
    billingAddress: billing,
    shippingId,
    // Only for a provider's choice: the shop's own options never send one.
    ...(externalShippingId ? { externalShippingId } : {}),
    paymentId: Number.isSafeInteger(paymentId) && paymentId > 0 ? paymentId : null,
    pickupPoint: text(form, 'pickupPoint', 100) || null,
    message: text(form, 'message', 1000) || null,
    acceptedConsents: form.get('terms') === '1' ? ['terms'] : [],
  };
}

/** Field errors of an API error (INVALID_CHECKOUT fields, INVALID_IDENTITY_NUMBER). */
export function fieldErrorsOf(error: ApiGraphQLError | undefined): FieldErrors {
  if (!error) return {};
  if (error.code === 'INVALID_CHECKOUT') {
    const codes = (error.extensions.fieldCodes ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(
      Object.entries(codes).map(([field, code]) => [field, checkoutProblemText(code)]),
    );
    return Object.keys(fields).length > 0 ? fields : { form: apiErrorText(error) };
  }
  if (error.code === 'INVALID_IDENTITY_NUMBER') return { identityNumber: apiErrorText(error) };
  // GIFT_CARD_BALANCE_CHANGED (issue 13 §5): the reloaded page shows the new gift-card part.
  if (
    error.code === 'OUT_OF_STOCK' ||
    error.code === 'CART_COMPLETED' ||
    error.code === 'GIFT_CARD_BALANCE_CHANGED'
  ) {
    return { form: apiErrorText(error) };
  }
  return { form: t('error.generic.text') };
}

/** The checkout of the request's cart, optionally saving new input first. */
export async function loadCheckout(
  request: Request,
  context: AppLoadContext,
  input: CheckoutInputType | null,
): Promise<{ checkout: CheckoutFieldsFragment | null; errors: FieldErrors }> {
  const cartId = await cartIdOf(request, context);
  if (!cartId) return { checkout: null, errors: {} };
  const result = await context.api.attempt(CreateOrUpdateCheckoutDocument, {
    cartId,
    checkout: input,
  });
  return {
    checkout: result.data?.createOrUpdateCheckout ?? null,
    errors: fieldErrorsOf(result.errors[0]),
  };
}

/** The outcome of placing an order. */
export type PlaceOutcome =
  | { kind: 'placed'; orderId: string; cartId: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'invalid'; errors: FieldErrors };

/**
 * placeOrder with the form's idempotency key (`attempt`, a UUID rendered into the form), so a
 * double click or a resubmitted form gives the same order.
 */
export async function placeOrder(
  request: Request,
  context: AppLoadContext,
  input: CheckoutInputType,
  attempt: string,
): Promise<PlaceOutcome> {
  const cartId = await cartIdOf(request, context);
  if (!cartId) return { kind: 'invalid', errors: { form: t('cart.empty') } };
  const key = /^[0-9a-f-]{36}$/.test(attempt) ? attempt : cartId;
  const result = await context.api.attempt(
    PlaceOrderDocument,
    { cartId, checkout: input },
    { 'x-idempotency-key': key },
  );
  const placed = result.data?.placeOrder;
  if (result.errors.length > 0 || !placed) {
    return { kind: 'invalid', errors: fieldErrorsOf(result.errors[0]) };
  }
  if (placed.status === 'completed' && placed.orderId) {
    return { kind: 'placed', orderId: placed.orderId, cartId };
  }
  if (placed.redirectUrl) {
    const url = new URL(placed.redirectUrl, 'http://local');
    return { kind: 'redirect', url: url.pathname + url.search };
  }
  return { kind: 'invalid', errors: { form: t('error.generic.text') } };
}
