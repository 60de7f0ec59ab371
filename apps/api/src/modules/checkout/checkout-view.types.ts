/** What a checkout is made of (`CheckoutType`, GEINS-API §4.6), built by checkout.service.ts. */
import type { CartView } from '../cart/cart-view.ts';
import type { PaymentOption } from '../payments/payment-options.ts';
import type { StripeElement } from '../payments/stripe-session.service.ts';
import type { ShippingChoice } from '../shipping/provider.ts';
import type { ShippingMethodRecord, StoreStockView } from '../shipping/shipping.service.ts';
import type { CheckoutInput } from './checkout-input.ts';

/** A shipping option for a checkout: the method, its fee for the cart, and pickup stores. */
export interface CheckoutShippingOption {
  method: ShippingMethodRecord;
  feeIncVat: number;
  isSelected: boolean;
  /** For pickup: the stores with stock per size of the cart's SKUs. */
  stores: StoreStockView[];
  /**
   * The shipping provider's choice this option is (nShift: carrier, service, delivery promise,
   * pickup points nearest first; ADR 020 §3); absent for the shop's own options.
   */
  choice?: ShippingChoice;
  /** The chosen pickup point of `choice` (its id), null when none is chosen. */
  pickupPointId?: string | null;
}

/** What `CheckoutType` shows. */
export interface CheckoutView {
  cart: CartView;
  input: CheckoutInput;
  /**
   * The market's options before a zip is entered (the default selected), then the options for
   * the zip; empty when none serves it (or the zip is not a postcode of the market's country).
   */
  shippingOptions: CheckoutShippingOption[];
  paymentOptions: Array<
    PaymentOption & {
      isSelected: boolean;
      /** Embed snippet of the selected hosted option (hosted-payment.service.ts), else absent. */
      paymentData?: string | null;
      /** True when the snippet belongs to a session started by this request. */
      newCheckoutSession?: boolean;
      /** Stripe's Payment Element for our checkout page (stripe-element.service.ts), else absent. */
      stripeElement?: StripeElement | null;
    }
  >;
  /** True when a zip was entered but no method serves it ("no shipping options"). */
  noShippingForZip: boolean;
  /**
   * The shipping provider's own `shippingData` (nShift's Delivery Checkout answer verbatim, for
   * ralph's widget; ADR 020 §3); absent with the shop's own options (CheckoutType builds it).
   */
  providerShippingData?: string;
}
