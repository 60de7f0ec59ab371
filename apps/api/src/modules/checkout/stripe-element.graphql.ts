/**
 * `StripeElementType` (issue 42; not in the Geins contract, an addition only our storefront
 * asks for): what Stripe.js needs to mount the Payment Element on the shop's own checkout page
 * (stripe-element.service.ts). Headless clients such as ralph use `paymentData` instead.
 */
import { builder } from '../../graphql/builder.ts';
import type { StripeElement } from '../payments/stripe-session.service.ts';

/** `StripeElementType`. */
export const StripeElementRef = builder.objectRef<StripeElement>('StripeElementType').implement({
  description:
    "Stripe's Payment Element for the cart's Payment Intent (issue 42; a Trampa addition to GEINS-API §4.6): mount it with Stripe.js (`elements({ clientSecret })`), place the order with placeOrder (which sets the final amount on this intent), then `confirmPayment` with `returnUrl`.",
  fields: (t) => ({
    publishableKey: t.exposeString('publishableKey', {
      nullable: false,
      description: 'The publishable key (`pk_…`) for `Stripe(key)`.',
    }),
    clientSecret: t.exposeString('clientSecret', {
      nullable: false,
      description: "The intent's client secret (`pi_…_secret_…`) for `elements({ clientSecret })`.",
    }),
    sessionId: t.exposeString('sessionId', {
      nullable: false,
      description: "The payment session's id: the confirm page's `kid`.",
    }),
    returnUrl: t.exposeString('returnUrl', {
      nullable: false,
      description:
        "Absolute URL of the session's return page, `confirmPayment`'s `return_url`: it sends the shopper on to the confirm page.",
    }),
  }),
});
