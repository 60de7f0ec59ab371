/**
 * The shop's payment options (GEINS-API §4.6 PaymentOptionType) and which of them a checkout
 * offers under the configured providers in a market (ADR 019 §6). Fees in öre.
 */
import type { KustomSettings, StripeSettings } from '../../config-payments.ts';
import { stripeMethodsFor, type StripeMethod } from './stripe-methods.ts';

/** `PaymentType` values (GEINS-API §2.4: kid KLARNA, sid SVEA, wid WALLEY, aid AVARDA, oid STANDARD). */
export type PaymentTypeValue = 'STANDARD' | 'KLARNA' | 'SVEA' | 'WALLEY' | 'AVARDA' | 'GEINS_PAY';

/**
 * Why a hosted payment was declined (SPEC §8 "Payment-provider order failures"): by the provider
 * (general, out-of-stock, blocked), or by the shop after the approval because the cart no longer
 * matched what was paid (cart-changed; issue 13 §2).
 */
export type DeclineReason = 'general' | 'out-of-stock' | 'blocked' | 'cart-changed';

/** A payment option of the shop (`PaymentOptionType`). */
export interface PaymentOption {
  id: number;
  /** Internal name. */
  name: string;
  displayName: string;
  paymentType: PaymentTypeValue;
  /** STANDARD: placeOrder completes the purchase; EXTERNAL: a hosted page takes the payment. */
  checkoutType: 'STANDARD' | 'EXTERNAL';
  provider: 'invoice' | 'sandbox' | 'leasing' | 'kustom' | 'stripe';
  /** Fee incl. VAT, öre. */
  feeIncVat: number;
  isDefault: boolean;
}

/** The payment options: invoice (default) and the hosted sandbox. */
export const PAYMENT_OPTIONS: readonly PaymentOption[] = [
  {
    id: 1,
    name: 'invoice',
    displayName: 'Faktura',
    paymentType: 'STANDARD',
    checkoutType: 'STANDARD',
    provider: 'invoice',
    feeIncVat: 0,
    isDefault: true,
  },
  {
    id: 2,
    name: 'sandbox',
    displayName: 'Kort eller delbetalning (testbetalning)',
    paymentType: 'KLARNA',
    checkoutType: 'EXTERNAL',
    provider: 'sandbox',
    feeIncVat: 0,
    isDefault: false,
  },
  {
    // Förmånscykel (issue 21): never offered at the checkout; only a leasing application
    // (modules/leasing) places orders with it. No card: the employer's lease pays.
    id: 3,
    name: 'leasing',
    displayName: 'Förmånscykel via arbetsgivaren',
    paymentType: 'STANDARD',
    checkoutType: 'STANDARD',
    provider: 'leasing',
    feeIncVat: 0,
    isDefault: false,
  },
  {
    // Kustom Checkout (the former Klarna Checkout, issue 42): its own iframe takes card, invoice
    // and part payment; GEINS-API §4.6 keeps it PaymentType KLARNA (`kid` on the confirm page).
    id: 4,
    name: 'kustom',
    displayName: 'Kort, faktura eller delbetalning (Kustom)',
    paymentType: 'KLARNA',
    checkoutType: 'EXTERNAL',
    provider: 'kustom',
    feeIncVat: 0,
    isDefault: false,
  },
  {
    // Stripe (issue 42): card, Klarna (SEK, NOK, DKK, EUR) and, in SEK, Swish in Stripe's
    // Payment Element on our page /payments/stripe/{session}. PaymentType KLARNA like the sandbox, so that a headless Geins
    // client (ralph) embeds `paymentData` and its confirm page reads `kid` (ADR 019 deviation).
    id: 5,
    name: 'stripe',
    // The name in SEK; every market names its own methods (stripeOptionName).
    displayName: 'Kort, Swish eller Klarna',
    paymentType: 'KLARNA',
    checkoutType: 'EXTERNAL',
    provider: 'stripe',
    feeIncVat: 0,
    isDefault: false,
  },
];

/** The förmånscykel option (issue 21): the payment of every leasing application order. */
export const LEASING_PAYMENT_OPTION: PaymentOption = PAYMENT_OPTIONS.find(
  (o) => o.provider === 'leasing',
)!;

/**
 * Which payment options the shop offers (issue 13 §1): from `config.payments`. The sandbox is a
 * test payment that takes no money, so it is offered only when PAYMENT_SANDBOX is on (off by
 * default in production).
 */
export interface PaymentSettings {
  /** PAYMENT_SANDBOX: the local sandbox is offered and its sessions honoured. */
  sandbox: boolean;
  /** Kustom Checkout (KUSTOM_*), null or absent when not configured (issue 42). */
  kustom?: KustomSettings | null;
  /** Stripe (STRIPE_*), null or absent when not configured (issue 42). */
  stripe?: StripeSettings | null;
  /** PAYMENT_CALLBACK_SECRET: signs the push and validation URLs given to Kustom. */
  callbackSecret?: string;
}

/** The market a checkout is in, as the payment options depend on it. */
export interface PaymentMarket {
  /** ISO 3166-1 alpha-2, e.g. `SE`. */
  countryCode: string;
  /** ISO 4217, e.g. `SEK`. */
  currencyCode: string;
}

/** The payment market of a shop context: its market's country and currency. */
export function paymentMarketOf(shop: {
  market: { country: { code: string } };
  currency: { code: string };
}): PaymentMarket {
  return { countryCode: shop.market.country.code, currencyCode: shop.currency.code };
}

/** True when Kustom is configured for the market's country and currency (ADR 019 §6). */
export function kustomServes(settings: PaymentSettings, market: PaymentMarket | null): boolean {
  const kustom = settings.kustom;
  if (!kustom) return false;
  if (!market) return true;
  return kustom.markets.some(
    (m) => m.country === market.countryCode && m.currency === market.currencyCode,
  );
}

/** Stripe's methods as the shopper reads them. */
const STRIPE_METHOD_NAMES: Record<StripeMethod, string> = {
  card: 'Kort',
  swish: 'Swish',
  klarna: 'Klarna',
};

/**
 * The Stripe option's name in a market: the methods its currency is offered with
 * (stripeMethodsFor), so that no market names a method it does not have: "Kort, Swish eller
 * Klarna" in SEK, "Kort eller Klarna" in NOK, DKK and EUR, "Kort" in any other currency.
 */
export function stripeOptionName(currencyCode: string): string {
  const names = stripeMethodsFor(currencyCode).map((m) => STRIPE_METHOD_NAMES[m]);
  return names.length === 1
    ? names[0]!
    : `${names.slice(0, -1).join(', ')} eller ${names[names.length - 1]!}`;
}

/** The option as a market shows it (the Stripe option named by the market's methods). */
function inMarket(option: PaymentOption, market: PaymentMarket | null): PaymentOption {
  return option.provider === 'stripe' && market
    ? { ...option, displayName: stripeOptionName(market.currencyCode) }
    : option;
}

/**
 * The options offered at the checkout under these settings in a market, in display order
 * (invoice first, the default). Never the förmånscykel option: only a leasing application uses
 * it. Without a market (null) every configured provider counts.
 */
export function offeredPaymentOptions(
  settings: PaymentSettings,
  market: PaymentMarket | null = null,
): PaymentOption[] {
  return PAYMENT_OPTIONS.filter(
    (o) =>
      o.provider === 'invoice' ||
      (o.provider === 'sandbox' && settings.sandbox) ||
      (o.provider === 'kustom' && kustomServes(settings, market)) ||
      (o.provider === 'stripe' && Boolean(settings.stripe)),
  ).map((o) => inMarket(o, market));
}

/**
 * The offered option with that id; the default (invoice) when no id is given.
 * @returns null for an id that is not offered (unknown, or the sandbox while it is off)
 */
export function offeredPaymentOption(
  settings: PaymentSettings,
  id: number | null | undefined,
  market: PaymentMarket | null = null,
): PaymentOption | null {
  const offered = offeredPaymentOptions(settings, market);
  if (id == null) return offered.find((o) => o.isDefault) ?? null;
  return offered.find((o) => o.id === id) ?? null;
}

/**
 * The option with that id, else the default (display of stored orders and sessions), named as
 * `market` shows it when one is given (the order written from a hosted payment).
 */
export function paymentOptionById(
  id: number | null | undefined,
  market: PaymentMarket | null = null,
): PaymentOption {
  const option =
    PAYMENT_OPTIONS.find((o) => o.id === id) ?? PAYMENT_OPTIONS.find((o) => o.isDefault)!;
  return inMarket(option, market);
}
