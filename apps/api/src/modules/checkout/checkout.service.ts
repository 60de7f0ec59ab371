/**
 * Checkout and placing orders (GEINS-API §3.2 createOrUpdateCheckout, setCartShippingFee,
 * placeOrder, §3.1 validateOrderConditions; §4.6 CheckoutType, PlaceOrderResponseType; SPEC §5
 * validation rules; English messages with problem codes, the storefront shows the Swedish texts). The input and its checks are in
 * checkout-input.ts, the order transaction in order-writer.ts, hosted payments in
 * hosted-payment.service.ts.
 *
 * The payment options offered follow `config.payments` (issue 13 §1: the sandbox only when it
 * is on); a hosted payment records the cart's lines and amount when it starts, and the order is
 * written at approval only if the cart still matches them (issue 13 §2).
 */
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import {
  findCart,
  requireOpenCart,
  saveCartCheckout,
  saveCartShippingChoice,
  saveExternalShippingFee,
} from '../cart/cart.service.ts';
import { loadCartView, type CartView } from '../cart/cart-view.ts';
import { acknowledgeGiftCardBalance } from '../cart/cart-giftcard.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { decimalToMinor, minorToDecimal } from '../pricing/money.ts';
import { findOrderByKeyOrCart, type OrderRecord } from '../orders/orders.service.ts';
import { sandboxProvider } from '../payments/payments.service.ts';
import {
  offeredPaymentOption,
  paymentMarketOf,
  type PaymentOption,
  type PaymentSettings,
} from '../payments/payment-options.ts';
import { pickupStoreAliases } from '../shipping/shipping.service.ts';
import type { ShippingProvider } from '../shipping/provider.ts';
import { checkoutView } from './checkout-options.ts';
import { confirmProviderChoice, providerCheckout } from './provider-checkout.service.ts';
import {
  checkIdentityNumber,
  checkoutFieldErrors,
  EMAIL,
  invalidCheckout,
  MESSAGES,
  parseCheckoutInput,
  type CheckoutInput,
} from './checkout-input.ts';
import { startProviderPayment } from './provider-start.service.ts';
import { isUniqueViolation, writeOrderFromCart } from './order-writer.ts';

export { parseCheckoutInput, toAddress } from './checkout-input.ts';

import type { CheckoutView } from './checkout-view.types.ts';

export type { CheckoutView } from './checkout-view.types.ts';

/**
 * `createOrUpdateCheckout`: stores what the shopper entered so far on the cart (validated
 * types, no completeness check) and returns the cart priced with the chosen shipping, with the
 * shipping options (the market's with the default selected before a zip, then those for the
 * zip; issue 25) and the payment options offered.
 * With a shipping provider that has its own choices (nShift, ADR 020 §3) those are offered
 * and the cart is priced with the selected one (provider-checkout.service.ts).
 * @param settings `config.payments` (which payment options are offered)
 * @param provider the shop's shipping provider (shop-provider.ts); absent: the own options
 * @throws ShopError NOT_FOUND, CART_COMPLETED, BAD_USER_INPUT (also SHIPPING_FEE_MISMATCH)
 */
export async function createOrUpdateCheckout(
  db: Database,
  cartId: string,
  rawInput: unknown,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
  provider?: ShippingProvider,
): Promise<CheckoutView> {
  const record = await requireOpenCart(db, cartId);
  const stored = (record.checkout ?? {}) as CheckoutInput;
  const input = rawInput == null ? stored : { ...stored, ...parseCheckoutInput(rawInput) };
  if (provider?.name === 'nshift') {
    return providerCheckout(db, provider, record, input, rawInput != null, shop, now, settings);
  }
  if (record.shippingChoice) await saveCartShippingChoice(db, record.id, null);
  if (rawInput != null) await saveCartCheckout(db, record.id, input);
  const cart = await loadCartView(
    db,
    { ...record, checkout: input, shippingChoice: null },
    shop,
    now,
    {
      allowExternalShippingFee: true,
    },
  );
  return checkoutView(db, cart, input, settings);
}

/** Most an external shipping fee may be, in major units of the market's currency (a sanity bound). */
export const MAX_EXTERNAL_SHIPPING_FEE = 10_000;

/**
 * `setCartShippingFee` (GEINS-API §3.2, §2.2: an external shipping widget such as nShift reports
 * the fee): stores the fee on the open cart in the checkout market's currency and returns the
 * checkout priced with it. The fee is honoured where the cart is read with
 * allowExternalShippingFee (getCart on checkout pages, createOrUpdateCheckout, placeOrder) and
 * only in the currency it was set in; it replaces the fee of the method the cart is priced with
 * only when it is not lower than the shop's own fee for that method (issue 13 §3: any client can
 * call this mutation, so a reported fee may raise the price, never lower it; see loadCartView),
 * and eligible methods still ship free over the market's threshold.
 * @param shippingFee Decimal major units incl. VAT (kronor, euros), 0 to
 *   {@link MAX_EXTERNAL_SHIPPING_FEE}, at most the currency's minor digits (5.9, not 5.999)
 * @param settings `config.payments` (the payment options of the returned checkout)
 * With a provider that prices shipping itself (nShift, ADR 020 §4) nothing is stored: the
 * fee must be the provider's price of the cart's choice.
 * @throws ShopError BAD_USER_INPUT (argument shippingFee: negative, too large, too many
 *   decimals; reason SHIPPING_FEE_MISMATCH with nShift), NOT_FOUND, CART_COMPLETED
 */
export async function setCartShippingFee(
  db: Database,
  cartId: string,
  shippingFee: number,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
  provider?: ShippingProvider,
): Promise<CheckoutView> {
  const currency = shop.currency.code;
  const minor = Number.isFinite(shippingFee) ? decimalToMinor(shippingFee, currency) : NaN;
  if (
    !Number.isSafeInteger(minor) ||
    shippingFee < 0 ||
    shippingFee > MAX_EXTERNAL_SHIPPING_FEE ||
    minorToDecimal(minor, currency) !== shippingFee
  ) {
    throw new ShopError(
      'BAD_USER_INPUT',
      `shippingFee must be an amount between 0 and ${MAX_EXTERNAL_SHIPPING_FEE} ${currency}`,
      { argument: 'shippingFee', min: 0, max: MAX_EXTERNAL_SHIPPING_FEE, currency },
    );
  }
  if (provider?.name === 'nshift') {
    // The provider prices the cart (ADR 020 §4): a widget's fee may only repeat that price.
    const view = await createOrUpdateCheckout(db, cartId, null, shop, now, settings, provider);
    if (view.cart.shippingChoice && minor !== view.cart.totals.shippingFeeIncVat) {
      throw new ShopError('BAD_USER_INPUT', 'Fraktpriset stämmer inte, ladda om kassan', {
        argument: 'shippingFee',
        reason: 'SHIPPING_FEE_MISMATCH',
      });
    }
    return view;
  }
  const record = await requireOpenCart(db, cartId);
  const updated = await saveExternalShippingFee(db, record.id, minor, currency);
  const input = (updated.checkout ?? {}) as CheckoutInput;
  const cart = await loadCartView(db, updated, shop, now, { allowExternalShippingFee: true });
  return checkoutView(db, cart, input, settings);
}

/**
 * The first line of the cart that cannot be sold as it stands (no longer sold, out of stock, or
 * more units than are left), as an English message; null when every line can.
 */
function stockProblem(view: CartView): string | null {
  for (const line of view.lines) {
    if (!line.available) return `${line.productName} is no longer sold`;
    if (line.quantity > line.sellable) {
      return line.sellable <= 0
        ? `${line.productName} (${line.skuName}) is out of stock`
        : `Only ${line.sellable} of ${line.productName} (${line.skuName}) left in stock`;
    }
  }
  return null;
}

/** `ValidateOrderConditionsResponseType`: whether an order can be placed, and why not. */
export interface OrderConditions {
  isValid: boolean;
  /** The first problem, in English for API clients; null when valid. */
  message: string | null;
}

/**
 * `validateOrderConditions` (GEINS-API §3.1): can the cart become an order in the checkout market
 * now? Checks, in this order: the cart is open and not empty; customer eligibility (the market
 * can be used in checkout, the e-mail, given or entered before, is valid); stock of every line;
 * the gift-card balance still covers its part; a shipping method offered in the market for the
 * zip (and for pickup one of the shop's stores); a payment option offered (issue 13 §1: not
 * the sandbox while it is off). Changes nothing. The checkout fields themselves are validated
 * by placeOrder.
 * @param email the e-mail to check instead of the one entered in the checkout
 * @param settings `config.payments` (which payment options are offered)
 * @returns isValid false with the first problem's English message
 * @throws ShopError NOT_FOUND for an unknown or malformed cart id
 */
export async function validateOrderConditions(
  db: Database,
  cartId: string,
  email: string | null | undefined,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<OrderConditions> {
  const invalid = (message: string): OrderConditions => ({ isValid: false, message });
  const record = await findCart(db, cartId);
  if (!record) throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'cartId' });
  if (record.status !== 'open') return invalid('The cart is already completed');
  if (shop.market.virtual) return invalid('Orders cannot be placed in this market');
  const input = (record.checkout ?? {}) as CheckoutInput;
  const address = (email ?? input.email ?? '').trim();
  if (address && (address.length > 254 || !EMAIL.test(address))) return invalid(MESSAGES.email);
  const view = await loadCartView(db, record, shop, now, {
    shippingId: input.shippingId ?? null,
    allowExternalShippingFee: true,
  });
  if (view.lines.length === 0) return invalid(MESSAGES.emptyCart);
  const stock = stockProblem(view);
  if (stock) return invalid(stock);
  if (record.giftCardCode && view.giftCardBalance <= 0) {
    return invalid('The gift card has no balance left');
  }
  const fields = checkoutFieldErrors(
    input,
    view.shippingMethods,
    shop.market.country.code,
    await pickupStoresFor(db, view, input),
    view.pickupStore?.alias ?? null,
  );
  if (fields['billingAddress.zip']) return invalid(MESSAGES.zip);
  if (fields.shippingId) {
    return invalid(
      fields.shippingId === MESSAGES.required ? MESSAGES.chooseShipping : fields.shippingId,
    );
  }
  if (fields.pickupPoint) return invalid(fields.pickupPoint);
  if (!offeredPaymentOption(settings, input.paymentId, paymentMarketOf(shop))) {
    return invalid(MESSAGES.choosePayment);
  }
  return { isValid: true, message: null };
}

/**
 * `validateOrderCreation` (GEINS-API §3.1, deprecated in Geins but still called by the SDK's
 * `checkout.validate`): would `placeOrder(cartId, checkout)` place an order now? Runs placeOrder's
 * checks on the given checkout (open, non-empty cart; the fields; a payment option offered; the
 * identity number), then the market and stock checks of {@link validateOrderConditions}.
 * Changes nothing.
 * @returns isValid false with the first problem's English message (the message placeOrder's
 *   error would carry)
 * @throws ShopError NOT_FOUND for an unknown or malformed cart id
 */
export async function validateOrderCreation(
  db: Database,
  cartId: string,
  checkout: unknown,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
): Promise<OrderConditions> {
  const invalid = (message: string): OrderConditions => ({ isValid: false, message });
  if (shop.market.virtual) return invalid('Orders cannot be placed in this market');
  let view: CartView;
  try {
    ({ view } = await validatedCheckout(
      db,
      cartId.trim().toLowerCase(),
      checkout,
      shop,
      now,
      settings,
    ));
  } catch (error) {
    if (error instanceof ShopError && error.code !== 'NOT_FOUND') return invalid(error.message);
    throw error;
  }
  const stock = stockProblem(view);
  return stock ? invalid(stock) : { isValid: true, message: null };
}

/** The `PlaceOrderResponseType`. */
export interface PlaceOrderResult {
  orderId: string;
  publicId: string;
  /** "completed" when the order is placed (STANDARD); "pending" while a hosted payment waits. */
  status: 'completed' | 'pending';
  /** Where to send the shopper for a hosted payment; null for invoice. */
  redirectUrl: string | null;
}

/** What {@link placeOrder} needs besides the cart. */
export interface PlaceOrderOptions {
  cartId: string;
  checkout: unknown;
  /** `x-idempotency-key`; the cart id when absent. */
  idempotencyKey?: string | null;
  /** The logged-in customer (issue 7), null for guests. */
  customerId?: number | null;
  /** Public base URL for the sandbox redirect, e.g. `http://localhost:3000`. */
  publicUrl?: string;
  /** SHOP_NAME: named in a provider's payment (Stripe's description, Swish reference). */
  shopName?: string;
  /** `config.payments`: which payment options may be chosen (issue 13 §1). */
  payments: PaymentSettings;
  /** The shop's shipping provider (shop-provider.ts); absent: the own options. */
  shipping?: ShippingProvider;
}

/**
 * The store aliases a pickup order may name, read only when the chosen method is store pickup
 * (else an empty set: the pickup point is not checked, nor stored on the order); for a cart
 * with lines reserved in a store only that store (click and collect, issue 40 §6).
 */
async function pickupStoresFor(
  db: Database,
  view: CartView,
  input: CheckoutInput,
): Promise<Set<string>> {
  const pickup = view.shippingMethods.some((m) => m.kind === 'pickup' && m.id === input.shippingId);
  if (!pickup) return new Set();
  return view.pickupStore ? new Set([view.pickupStore.alias]) : pickupStoreAliases(db);
}

function orderResult(order: OrderRecord): PlaceOrderResult {
  return {
    orderId: String(order.id),
    publicId: order.publicId,
    status: 'completed',
    redirectUrl: null,
  };
}

/**
 * Validates a checkout for an order: the cart is open and not empty, fields complete (a real
 * store for pickup), a payment option offered, identity number valid.
 * @throws ShopError INVALID_CHECKOUT (extensions.fields: path -> English message, fieldCodes:
 *   path -> problem code; `paymentId` `choosePayment` for an option not offered), INVALID_IDENTITY_NUMBER, CART_COMPLETED,
 *   NOT_FOUND
 */
async function validatedCheckout(
  db: Database,
  cartId: string,
  rawInput: unknown,
  shop: PricedShopContext,
  now: Date,
  settings: PaymentSettings,
  provider?: ShippingProvider,
): Promise<{ input: CheckoutInput; view: CartView; payment: PaymentOption }> {
  const opened = await requireOpenCart(db, cartId);
  let input = parseCheckoutInput(rawInput);
  let record = opened;
  if (provider?.name === 'nshift') {
    ({ input, record } = await confirmProviderChoice(db, provider, opened, input, shop, now));
  } else if (opened.shippingChoice) {
    // A choice left from a provider the shop no longer uses: the own options price the order.
    await saveCartShippingChoice(db, opened.id, null);
    record = { ...opened, shippingChoice: null };
  }
  const view = await loadCartView(db, record, shop, now, {
    shippingId: input.shippingId ?? null,
    allowExternalShippingFee: true,
    ignoreShippingChoice: provider?.name !== 'nshift',
  });
  if (view.lines.length === 0) {
    throw invalidCheckout({}, 'emptyCart');
  }
  const fields = checkoutFieldErrors(
    input,
    view.shippingMethods,
    shop.market.country.code,
    await pickupStoresFor(db, view, input),
    view.pickupStore?.alias ?? null,
  );
  const payment = offeredPaymentOption(settings, input.paymentId, paymentMarketOf(shop));
  if (!payment) fields.paymentId = MESSAGES.choosePayment;
  if (Object.keys(fields).length > 0 || !payment) {
    throw invalidCheckout(fields);
  }
  checkIdentityNumber(input, shop.market.country.code);
  return { input, view, payment };
}

/**
 * `placeOrder` (GEINS-API §3.2): validates the checkout, then for invoice ("Faktura", STANDARD)
 * places the order in one transaction and answers status "completed"; for the hosted sandbox
 * (only while it is on, issue 13 §1) it creates a payment session with the cart's lines and the
 * amount to pay, and answers status "pending" with the sandbox page as `redirectUrl`: the order
 * is placed when the payment is approved, if the cart is still what was paid for (issue 13 §2;
 * the cart stays open meanwhile, so the shopper can come back, change it and pay again). A
 * repeated submission with the same idempotency key (or for the same cart) returns the same
 * order.
 * @throws ShopError INVALID_CHECKOUT, INVALID_IDENTITY_NUMBER, OUT_OF_STOCK, CART_COMPLETED,
 *   NOT_FOUND, BAD_USER_INPUT, GIFT_CARD_BALANCE_CHANGED (the gift card would pay another amount
 *   than the cart showed; issue 13 §5)
 */
export async function placeOrder(
  db: Database,
  options: PlaceOrderOptions,
  shop: PricedShopContext,
  now: Date,
): Promise<PlaceOrderResult> {
  const cartId = options.cartId.trim().toLowerCase();
  const idempotencyKey = (options.idempotencyKey ?? '').trim().slice(0, 200) || cartId;
  const earlier = await findOrderByKeyOrCart(db, idempotencyKey, cartId);
  if (earlier) return orderResult(earlier);
  let validated;
  try {
    validated = await validatedCheckout(
      db,
      cartId,
      options.checkout,
      shop,
      now,
      options.payments,
      options.shipping,
    );
  } catch (error) {
    // A concurrent submission may have completed the cart in the meantime.
    const done = await findOrderByKeyOrCart(db, idempotencyKey, cartId);
    if (done) return orderResult(done);
    throw error;
  }
  const { input, view, payment } = validated;
  if (payment.provider === 'kustom' || payment.provider === 'stripe') {
    const redirectUrl = await startProviderPayment(db, view, payment.provider, {
      checkout: { ...input, customerId: options.customerId ?? null },
      payments: options.payments,
      publicUrl: (options.publicUrl ?? '').replace(/\/$/, ''),
      shopName: options.shopName ?? '',
    });
    return { orderId: '', publicId: '', status: 'pending', redirectUrl };
  }
  if (payment.checkoutType === 'EXTERNAL') {
    const sessionId = await sandboxProvider.createSession(db, {
      cartId,
      amount: view.totals.totalExBalanceIncVat,
      currencyCode: shop.currency.code,
      marketId: shop.market.id,
      checkout: { ...input, customerId: options.customerId ?? null },
      lines: view.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
    });
    return {
      orderId: '',
      publicId: '',
      status: 'pending',
      redirectUrl: `${options.publicUrl ?? ''}/payments/sandbox/${sessionId}`,
    };
  }
  try {
    const order = await writeOrderFromCart(
      db,
      {
        cartId,
        input,
        idempotencyKey,
        customerId: options.customerId ?? null,
        payment,
        paymentReference: null,
        sessionId: null,
        paid: null,
      },
      shop,
      now,
    );
    return orderResult(order);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKeyOrCart(db, idempotencyKey, cartId);
      if (existing) return orderResult(existing);
    }
    // The shopper is told the card's balance changed: the cart now shows the new amount.
    if (error instanceof ShopError && error.code === 'GIFT_CARD_BALANCE_CHANGED') {
      await acknowledgeGiftCardBalance(db, cartId, shop, now);
    }
    throw error;
  }
}
