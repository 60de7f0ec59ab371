/**
 * "Slutför köp" with Stripe's Payment Element on `/kassan` (issue 42): the Element's fields are
 * checked first (`elements.submit()`), then the order is placed by the checkout's action without
 * a page load (intent `place`, `paymentFlow=element`: placeOrder validates the checkout and sets
 * the final amount on the cart's intent), then the payment is confirmed in the Element. Paid
 * without a redirect, the shopper goes on to the session's return page, which leads to the
 * confirmation; a refused payment shows Stripe's message under the Element and the shopper may
 * try again. When placeOrder opened another session than the one mounted, our hosted Stripe page
 * takes over.
 */
import { useEffect, useRef, useState } from 'react';
import type { FetcherWithComponents } from 'react-router';
import type { CheckoutActionAnswer } from './checkout-view';
import type { StripeHandle } from './stripe-payment-element';

/** What the checkout page uses of the Element's payment. */
export interface StripePayment {
  /** The mounted Element, null while none is (then the form is posted as without it). */
  handle: React.RefObject<StripeHandle | null>;
  /** Places the order and pays in the Element (the form as the shopper submits it). */
  place(data: FormData): void;
  /** The action's answer to the last placing, once it is in (errors to show). */
  answer: CheckoutActionAnswer | undefined;
  /** Stripe's message for the shopper (fields missing, payment refused), else null. */
  message: string | null;
  /** True from "Slutför köp" until the payment is refused or the page moves on. */
  busy: boolean;
}

/** The Element's payment on the checkout page, placing the order through `fetcher`. */
export function useStripePayment(
  fetcher: FetcherWithComponents<CheckoutActionAnswer>,
): StripePayment {
  const handle = useRef<StripeHandle | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const place = (data: FormData) => {
    const element = handle.current;
    if (busy || !element) return;
    setBusy(true);
    setMessage(null);
    void element.check().then((invalid) => {
      if (invalid) {
        setMessage(invalid);
        setBusy(false);
        return;
      }
      data.set('intent', 'place');
      data.set('paymentFlow', 'element');
      void fetcher.submit(data, { method: 'post', preventScrollReset: true });
    });
  };

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    const sessionId = answer.stripeSessionId;
    if (!sessionId) {
      // The checkout was refused (the error summary shows why).
      setBusy(false);
      return;
    }
    const element = handle.current;
    if (!element || element.sessionId !== sessionId) {
      window.location.assign(`/payments/stripe/${encodeURIComponent(sessionId)}`);
      return;
    }
    void element.pay().then((refused) => {
      if (refused) {
        setMessage(refused);
        setBusy(false);
      } else {
        window.location.assign(element.returnUrl);
      }
    });
  }, [answer]);

  return { handle, place, answer, message, busy };
}
