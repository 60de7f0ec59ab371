/**
 * Stripe's Payment Element on `/kassan` (issue 42): mounted with Stripe.js on the cart's Payment
 * Intent (`stripeElement` of the selected "Kort, Swish eller Klarna" option) right under the option, so
 * the shopper pays without leaving the checkout. Stripe.js is loaded from js.stripe.com by
 * `@stripe/stripe-js/pure` only here (no other page loads it), and only in the browser; without
 * JavaScript, or when Stripe.js cannot be loaded, nothing is mounted and "Slutför köp" goes to
 * our hosted Stripe page as before. The page reaches the mounted Element through
 * {@link StripeHandle}: `check` before the order is placed, `pay` after.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { t } from '../../i18n/i18n';
import type { StripeElementView } from './checkout-view';

/** The mounted Payment Element as the checkout page uses it. */
export interface StripeHandle {
  /** The payment session the Element pays (the confirm page's `kid`). */
  sessionId: string;
  /** Absolute URL of the session's return page, where a paid shopper goes on. */
  returnUrl: string;
  /**
   * Checks what the shopper entered in the Element (Stripe's `elements.submit()`).
   * @returns Stripe's message (localised) when something is missing or wrong, else null
   */
  check(): Promise<string | null>;
  /**
   * Confirms the payment (`stripe.confirmPayment`), after placeOrder has set the final amount on
   * the intent. A method that needs a redirect (3-D Secure, Swish, Klarna) leaves the page;
   * otherwise the caller goes on to the return page.
   * @returns Stripe's message when the payment was refused, else null
   */
  pay(): Promise<string | null>;
}

/** The Payment Element's state, as the page shows it ('server': rendered, not yet hydrated). */
type ElementState = 'server' | 'loading' | 'ready' | 'failed';

/**
 * The Payment Element of the selected Stripe option, with the message of a refused payment.
 * @param total the amount charged, formatted: when it changes (another delivery, a promo code),
 *   the Element reads the intent's new amount (`elements.fetchUpdates()`)
 * @param message Stripe's message for the shopper (a refused card), shown and focused
 */
export function StripePaymentElement({
  element,
  handle,
  total,
  message,
}: {
  element: StripeElementView;
  handle: RefObject<StripeHandle | null>;
  total: string;
  message: string | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const [state, setState] = useState<ElementState>('server');

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    let mounted: { destroy(): void } | null = null;
    loadStripe(element.publishableKey, { locale: 'sv' })
      .then((stripe: Stripe | null) => {
        if (cancelled || !container.current) return;
        if (!stripe) return setState('failed');
        const elements = stripe.elements({ clientSecret: element.clientSecret, locale: 'sv' });
        const payment = elements.create('payment', { layout: 'tabs' });
        payment.on('ready', () => {
          if (!cancelled) setState('ready');
        });
        payment.mount(container.current);
        mounted = payment;
        elementsRef.current = elements;
        handle.current = {
          sessionId: element.sessionId,
          returnUrl: element.returnUrl,
          async check() {
            const result = await elements.submit();
            return result.error ? (result.error.message ?? t('checkout.stripe.invalid')) : null;
          },
          async pay() {
            const result = await stripe.confirmPayment({
              elements,
              confirmParams: { return_url: element.returnUrl },
              redirect: 'if_required',
            });
            return result.error ? (result.error.message ?? t('checkout.stripe.declined')) : null;
          },
        };
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      handle.current = null;
      elementsRef.current = null;
      mounted?.destroy();
    };
  }, [element.publishableKey, element.clientSecret, element.sessionId, element.returnUrl, handle]);

  // The intent's amount follows the cart (the API updates it): the Element reads it again.
  useEffect(() => {
    const elements = elementsRef.current;
    // typeof: a stand-in's Stripe.js (the journeys') may not have it.
    if (state === 'ready' && typeof elements?.fetchUpdates === 'function') {
      void elements.fetchUpdates();
    }
  }, [total, state]);

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  return (
    <div className="stripe-element" aria-busy={state === 'loading' || undefined}>
      {/* Without JavaScript the order is paid on our hosted Stripe page. */}
      <noscript>
        <p className="field__hint">{t('checkout.payment.externalHint')}</p>
      </noscript>
      {state === 'loading' ? <p className="field__hint">{t('checkout.stripe.loading')}</p> : null}
      {state === 'failed' ? (
        <p className="field__hint">{t('checkout.stripe.unavailable')}</p>
      ) : null}
      <div ref={container} />
      {message ? (
        <p ref={messageRef} className="form-error" role="alert" tabIndex={-1}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
