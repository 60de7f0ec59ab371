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

/** What a provider's payment is started with. */
interface StartOptions {
  /** The checkout input to store on the session (with `customerId`). */
  checkout: Record<string, unknown>;
  payments: PaymentSettings;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** SHOP_NAME, named in a Stripe payment. */
  shopName: string;
}

/**
 * placeOrder with Kustom Checkout or Stripe (issue 42): the provider's session for the cart as
 * it is now (Kustom's checkout order, Stripe's Payment Intent), returning to the shop's own
 * confirm page; the shopper is sent to our page around the provider's checkout
 * (`/payments/kustom/{session}`, `/payments/stripe/{session}`), and the order is written once
 * the provider has authorised the payment.
 * @returns the absolute URL of that page
 * @throws ShopError PAYMENT_DECLINED (reason `general`) when the provider is off or could not be
 *   reached
 */
export async function startProviderPayment(
  db: Database,
  view: CartView,
  provider: 'kustom' | 'stripe',
  options: StartOptions,
): Promise<string> {
  const { kustom, stripe } = options.payments;
  const returnUrl = `${options.publicUrl}/checkout/confirm?${CONFIRM_QUERY}`;
  const session =
    provider === 'kustom'
      ? kustom &&
        (await openKustomSession(db, view, {
          settings: kustom,
          callbackSecret: options.payments.callbackSecret ?? '',
          publicUrl: options.publicUrl,
          returnUrl,
          checkout: options.checkout,
          locale: view.shop.language.id,
        }))
      : stripe &&
        (await openStripeSession(db, view, {
          settings: stripe,
          returnUrl,
          checkout: options.checkout,
          shopName: options.shopName,
        }));
  if (!session) {
    throw new ShopError('PAYMENT_DECLINED', 'The payment could not be started; try again', {
      reason: 'general',
    });
  }
  return `${options.publicUrl}/payments/${provider}/${session.sessionId}`;
}
