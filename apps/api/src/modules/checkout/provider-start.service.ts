/**
 * Starting a Kustom Checkout or Stripe payment from placeOrder (issue 42; docs/payments.md): kept
 * apart from kustom-payment.service.ts and stripe-payment.service.ts (which complete purchases)
 * so that checkout.service.ts can call them without an import cycle.
 */
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import type { CartView } from '../cart/cart-view.ts';
import { openKustomSession } from '../payments/kustom-session.service.ts';
import type { PaymentSettings } from '../payments/payment-options.ts';
import { openStripeSession } from '../payments/stripe-session.service.ts';
import { CONFIRM_QUERY } from './return-url.ts';

/**
 * placeOrder with Kustom Checkout (issue 42): the Kustom checkout order for the cart as it is
 * now, returning to the shop's own confirm page; our page at `/payments/kustom/{session}` shows
 * its snippet, and the order is written once Kustom has authorised the purchase.
 * @param options.checkout the checkout input to store on the session (with `customerId`)
 * @param options.publicUrl PUBLIC_URL without a trailing slash
 * @returns the session id
 * @throws ShopError PAYMENT_DECLINED (reason `general`) when Kustom is off or could not be reached
 */
export async function startKustomPayment(
  db: Database,
  view: CartView,
  options: { checkout: Record<string, unknown>; payments: PaymentSettings; publicUrl: string },
): Promise<string> {
  const { kustom } = options.payments;
  const session = kustom
    ? await openKustomSession(db, view, {
        settings: kustom,
        callbackSecret: options.payments.callbackSecret ?? '',
        publicUrl: options.publicUrl,
        returnUrl: `${options.publicUrl}/checkout/confirm?${CONFIRM_QUERY}`,
        checkout: options.checkout,
        locale: view.shop.language.id,
      })
    : null;
  if (!session) {
    throw new ShopError('PAYMENT_DECLINED', 'The payment could not be started; try again', {
      reason: 'general',
    });
  }
  return session.sessionId;
}

/**
 * placeOrder with Stripe (issue 42): the cart's Payment Intent, returning to the shop's own
 * confirm page; our page at `/payments/stripe/{session}` shows the Payment Element, and the order
 * is written once Stripe has authorised (card) or taken (Swish) the payment.
 * @param options.publicUrl PUBLIC_URL without a trailing slash
 * @returns the session id
 * @throws ShopError PAYMENT_DECLINED (reason `general`) when Stripe is off or could not be reached
 */
export async function startStripePayment(
  db: Database,
  view: CartView,
  options: {
    checkout: Record<string, unknown>;
    payments: PaymentSettings;
    publicUrl: string;
    shopName: string;
  },
): Promise<string> {
  const { stripe } = options.payments;
  const session = stripe
    ? await openStripeSession(db, view, {
        settings: stripe,
        returnUrl: `${options.publicUrl}/checkout/confirm?${CONFIRM_QUERY}`,
        checkout: options.checkout,
        shopName: options.shopName,
      })
    : null;
  if (!session) {
    throw new ShopError('PAYMENT_DECLINED', 'The payment could not be started; try again', {
      reason: 'general',
    });
  }
  return session.sessionId;
}
