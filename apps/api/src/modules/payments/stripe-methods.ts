/**
 * Which payment methods Stripe is offered with in a currency (issue 42; docs/payments.md
 * "Turning Stripe on"): the one rule, used for the intents (stripe-client.ts), the option's name
 * (payment-options.ts) and the storefront's confirmation (`@trampa/api/stripe-methods`). Pure:
 * no SDK, no database.
 */

/** The payment methods the shop offers through Stripe. */
export type StripeMethod = 'card' | 'swish' | 'klarna';

/**
 * The currencies of our Nordic markets in which Stripe takes Klarna (Klarna takes only a
 * country's own currency; Stripe decides Klarna's availability by the payment's currency since
 * API 2025-02-24, docs/payments.md).
 */
const KLARNA_CURRENCIES = new Set(['SEK', 'NOK', 'DKK', 'EUR']);

/**
 * The methods Stripe is offered with in a currency: card everywhere, Swish only in SEK, Klarna
 * in SEK, NOK, DKK and EUR.
 */
export function stripeMethodsFor(currencyCode: string): StripeMethod[] {
  const currency = currencyCode.toUpperCase();
  return [
    'card',
    ...(currency === 'SEK' ? (['swish'] as const) : []),
    ...(KLARNA_CURRENCIES.has(currency) ? (['klarna'] as const) : []),
  ];
}
