/**
 * Stripe's Payment Element on the shop's own checkout page (issue 42: "The Payment Element is
 * mounted on our checkout page"; ADR 019 §7). When the shopper chooses "Kort, Swish eller Klarna" on
 * `/kassan`, the storefront asks createOrUpdateCheckout for `paymentOptions.stripeElement`: the
 * cart's Payment Intent (opened or brought up to date exactly as placeOrder does, same session,
 * same return URL) and what Stripe.js needs to mount the Element on it. The storefront then
 * places the order (placeOrder validates the checkout and sets the final amount on the same
 * intent) and confirms the payment in the page; Stripe sends the shopper to the session's
 * return page, as from our hosted page. A headless client keeps `paymentData` (our framed page).
 */
import type { Database } from '../../db/client.ts';
import type { PaymentSettings } from '../payments/payment-options.ts';
import { stripeClient } from '../payments/stripe-client.ts';
import { openStripeSession, type StripeElement } from '../payments/stripe-session.service.ts';
import type { CheckoutView } from './checkout.service.ts';
import { CONFIRM_QUERY } from './return-url.ts';

/** Intent states in which the shopper can still pay (Stripe's PaymentIntent lifecycle). */
const PAYABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** What {@link withStripeElement} needs besides the checkout. */
export interface StripeElementOptions {
  /** `config.payments`; without Stripe the checkout is returned unchanged. */
  payments: PaymentSettings;
  /** PUBLIC_URL. */
  publicUrl: string;
  /** SHOP_NAME, in the intent's description. */
  shopName: string;
  /** The logged-in customer the order will belong to, null for a guest. */
  customerId: number | null;
}

/**
 * The checkout with `stripeElement` on its selected option when that is Stripe: the cart's
 * session as placeOrder would open it (returning to the shop's confirm page), and the intent's
 * client secret read back from Stripe. Unchanged (no element) for another choice, an empty cart,
 * or when Stripe refused or could not be reached (the storefront then falls back to our hosted
 * page at placeOrder).
 */
export async function withStripeElement(
  db: Database,
  view: CheckoutView,
  options: StripeElementOptions,
): Promise<CheckoutView> {
  const selected = view.paymentOptions.find((o) => o.isSelected);
  const settings = options.payments.stripe;
  if (!settings || selected?.provider !== 'stripe' || view.cart.lines.length === 0) return view;
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  const session = await openStripeSession(db, view.cart, {
    settings,
    returnUrl: `${publicUrl}/checkout/confirm?${CONFIRM_QUERY}`,
    checkout: { ...view.input, paymentId: selected.id, customerId: options.customerId },
    shopName: options.shopName,
  });
  if (!session) return view;
  const intent = await stripeClient(settings).readIntent(session.providerRef);
  if (!intent.ok || !intent.body.client_secret || !PAYABLE.has(intent.body.status)) return view;
  const element: StripeElement = {
    publishableKey: settings.publishableKey,
    clientSecret: intent.body.client_secret,
    sessionId: session.sessionId,
    returnUrl: `${publicUrl}/payments/stripe/${session.sessionId}/return`,
  };
  return {
    ...view,
    paymentOptions: view.paymentOptions.map((o) =>
      o === selected ? { ...o, stripeElement: element } : o,
    ),
  };
}
