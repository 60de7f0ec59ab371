/**
 * The order transaction (GEINS-API §3.2 placeOrder; issue 6 "Must hold under load and faults"):
 * lock the cart row, re-read and re-price it, for a hosted payment check that it is still what
 * was paid for (issue 13 §2), lock the stock rows in ascending SKU order and decrement them (then,
 * for lines reserved in a store, that store's shelf rows: click and collect, issue 40 §6),
 * count the promo code, draw the gift card, write order, lines, addresses, payment and shipping
 * (placing it through the order process, orders/order-process.ts, which also enqueues the order
 * e-mail), and mark the cart completed. The unique `cart_id` / `idempotency_key` of orders make a repeated
 * submission return the same order instead of a second one.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { findCart, markCartCompleted } from '../cart/cart.service.ts';
import { loadCartView, type CartView } from '../cart/cart-view.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { drawCartGiftCard } from '../cart/cart-giftcard.service.ts';
import { listStores, takeStock } from '../inventory/inventory.service.ts';
import { takeStoreStock } from '../inventory/store-stock.service.ts';
import { placeOrderRecord } from '../orders/order-process.ts';
import { findOrderByKeyOrCart, type OrderRecord } from '../orders/orders.service.ts';
import { storedOrderAmounts } from '../orders/order-totals.ts';
import { linkSessionToOrder, providerFor, type PaidLine } from '../payments/payments.service.ts';
import { type PaymentOption } from '../payments/payment-options.ts';
import { exVat } from '../pricing/price.ts';
import { consumePromoCode } from '../promotions/promotions.service.ts';
import { invalidCheckout, MESSAGES, toAddress, type CheckoutInput } from './checkout-input.ts';

/** True when the error (or one of its causes) is a unique violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** What a hosted payment paid for (issue 13 §2): the order must be exactly this. */
export interface PaidCart {
  /** The amount the provider authorised: minor units incl. VAT after the gift card. */
  amount: number;
  currencyCode: string;
  /** The cart's lines when the payment started; null for sessions without them (older). */
  lines: readonly PaidLine[] | null;
}

/** What a förmånscykel application adds to the order transaction (issue 21). */
export interface LeasingHooks {
  /** Throws when the re-read cart breaks a leasing rule; nothing is written then. */
  check(view: CartView): void;
  /** Writes the application's row for the placed order. */
  record(tx: Database, order: OrderRecord, view: CartView): Promise<void>;
}

/** Message of the refusal when the cart changed after the payment started (issue 13 §2). */
export const CART_CHANGED_MESSAGE =
  'The cart changed after the payment started; no order was placed. Return to the checkout and pay again.';

function lineKey(lines: readonly PaidLine[]): string {
  return lines
    .map((l) => `${l.skuId}:${l.quantity}`)
    .sort()
    .join(',');
}

/**
 * True when the re-priced cart is what was paid: the same amount to pay in the same currency
 * and, when known, the same SKUs in the same quantities.
 */
export function cartMatchesPayment(view: CartView, paid: PaidCart): boolean {
  if (view.shop.currency.code !== paid.currencyCode) return false;
  if (view.totals.totalExBalanceIncVat !== paid.amount) return false;
  return paid.lines === null || lineKey(view.lines) === lineKey(paid.lines);
}

/**
 * A cart with lines reserved in a store (click and collect, issue 40 §6) is picked up in that
 * store: the order's method must be store pickup and its pickup point that store.
 * @throws ShopError INVALID_CHECKOUT (problem pickupStoreOnly) otherwise
 */
function checkPickupStore(view: CartView, input: CheckoutInput): void {
  if (!view.pickupStore) return;
  if (view.shipping?.kind !== 'pickup' || view.shipping.id !== input.shippingId) {
    throw invalidCheckout({ shippingId: MESSAGES.pickupStoreOnly });
  }
  if (input.pickupPoint !== view.pickupStore.alias) {
    throw invalidCheckout({ pickupPoint: MESSAGES.pickupStoreOnly });
  }
}

/**
 * Takes the units of the cart's lines reserved in a store from that store's shelf, locked
 * ({@link takeStoreStock}; issue 40 §6: never more than the shelf holds under concurrent orders).
 * @throws ShopError OUT_OF_STOCK (reason storeShortage: productName, skuName, storeAlias,
 *   storeName, available, skuIds) when the shelf no longer has them; nothing is taken then
 */
async function takeReservedStock(tx: Database, view: CartView): Promise<void> {
  const store = view.pickupStore;
  const reserved = view.lines.filter((l) => l.pickupStore !== null);
  if (!store || reserved.length === 0) return;
  const shortages = await takeStoreStock(
    tx,
    store.id,
    reserved.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
  );
  if (shortages.length === 0) return;
  const first = reserved.find((l) => l.skuId === shortages[0]!.skuId)!;
  throw new ShopError(
    'OUT_OF_STOCK',
    `Not enough stock in ${store.name}: only ${shortages[0]!.available} of ${first.productName} (${first.skuName}) left`,
    {
      reason: 'storeShortage',
      productName: first.productName,
      skuName: first.skuName,
      storeAlias: store.alias,
      storeName: store.name,
      available: shortages[0]!.available,
      skuIds: shortages.map((s) => s.skuId),
      shortages,
    },
  );
}

/**
 * The order's delivery columns (ADR 020 §6): with a provider's choice its carrier, service,
 * promise and pickup point (nShift's agent); for store pickup the store as the point; else none.
 */
async function deliveryColumns(tx: Database, view: CartView, input: CheckoutInput) {
  const choice = view.shippingChoice;
  if (choice) {
    return {
      pickupPoint: choice.pickupPoint?.id ?? null,
      pickupPointDetails: choice.pickupPoint,
      shippingProvider: choice.provider,
      shippingChoiceId: choice.choiceId,
      shippingCarrierId: choice.carrierId,
      shippingCarrierName: choice.carrierName,
      shippingName: choice.name,
      deliveryPromise: choice.deliveryPromise,
    };
  }
  if (view.shipping?.kind !== 'pickup' || !input.pickupPoint) return { pickupPoint: null };
  const store = (await listStores(tx)).find((s) => s.alias === input.pickupPoint);
  return {
    pickupPoint: input.pickupPoint,
    pickupPointDetails: store
      ? {
          id: store.alias,
          name: store.name,
          address: store.address,
          zip: store.zip,
          city: store.city,
          country: view.shop.market.country.code,
          distanceMetres: null,
          openingHours: store.openingHours || null,
        }
      : null,
  };
}

/**
 * The order transaction (see the module comment). Re-reads everything inside it.
 * @param options.paid for a hosted payment: what was paid for; the order is refused when the
 *   cart no longer matches it (issue 13 §2)
 * @param options.leasing a förmånscykel application (issue 21): `check` sees the re-read cart
 *   first (its rules may refuse it), the order starts in `awaiting_approval`, and `record`
 *   writes the application's own row, all in this transaction
 * @throws ShopError OUT_OF_STOCK (extensions.skuIds; reason storeShortage for a store's shelf,
 *   issue 40 §6), CART_COMPLETED, INVALID_CHECKOUT (pickupStoreOnly: a cart reserved in a store
 *   not picked up there),
 *   PAYMENT_DECLINED (extensions.reason `cart-changed`: the cart differs from what was paid)
 */
export async function writeOrderFromCart(
  db: Database,
  options: {
    cartId: string;
    input: CheckoutInput;
    idempotencyKey: string;
    customerId: number | null;
    payment: PaymentOption;
    paymentReference: string | null;
    sessionId: string | null;
    paid: PaidCart | null;
    leasing?: LeasingHooks;
  },
  shop: PricedShopContext,
  now: Date,
): Promise<OrderRecord> {
  const { input, payment } = options;
  return db.transaction(async (tx) => {
    const record = await findCart(tx, options.cartId, true);
    if (!record) throw new ShopError('NOT_FOUND', 'Cart not found');
    if (record.status !== 'open') {
      const existing = await findOrderByKeyOrCart(tx, options.idempotencyKey, record.id);
      if (existing) return existing;
      throw new ShopError('CART_COMPLETED', 'The cart is already completed');
    }
    const view = await loadCartView(tx, record, shop, now, {
      shippingId: input.shippingId ?? null,
      sequential: true,
      allowExternalShippingFee: true,
    });
    if (options.paid && !cartMatchesPayment(view, options.paid)) {
      throw new ShopError('PAYMENT_DECLINED', CART_CHANGED_MESSAGE, { reason: 'cart-changed' });
    }
    if (view.lines.length === 0) {
      throw invalidCheckout({}, 'emptyCart');
    }
    options.leasing?.check(view);
    const unavailable = view.lines.filter((l) => !l.available);
    if (unavailable.length > 0) {
      throw new ShopError('OUT_OF_STOCK', `${unavailable[0]!.productName} is no longer sold`, {
        reason: 'unavailable',
        productName: unavailable[0]!.productName,
        skuIds: unavailable.map((l) => l.skuId),
      });
    }
    checkPickupStore(view, input);
    const webLines = view.lines.filter((l) => l.pickupStore === null);
    const shortages = await takeStock(
      tx,
      webLines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
    );
    if (shortages.length > 0) {
      const first = view.lines.find((l) => l.skuId === shortages[0]!.skuId)!;
      throw new ShopError(
        'OUT_OF_STOCK',
        `Not enough stock: only ${shortages[0]!.available} of ${first.productName} (${first.skuName}) left`,
        {
          reason: 'shortage',
          productName: first.productName,
          skuName: first.skuName,
          available: shortages[0]!.available,
          skuIds: shortages.map((s) => s.skuId),
          shortages,
        },
      );
    }
    // Then the store's shelf (always after the web stock: one lock order for every order).
    await takeReservedStock(tx, view);
    const totals = view.totals;
    if (totals.promoCode && !(await consumePromoCode(tx, totals.promoCode))) {
      throw new ShopError('INVALID_PROMO_CODE', 'The promo code is not valid', {
        argument: 'promoCode',
      });
    }
    const billing = toAddress(input.billingAddress);
    const shippingAddress = input.shippingAddress?.addressLine1
      ? toAddress(input.shippingAddress)
      : billing;
    const method = view.shipping;
    if (!method) {
      throw invalidCheckout({ shippingId: MESSAGES.noShipping });
    }
    const campaignNames = view.appliedCampaigns.map((c) => c.name);
    const order = await placeOrderRecord(
      tx,
      {
        publicId: randomUUID(),
        cartId: record.id,
        idempotencyKey: options.idempotencyKey,
        customerId: options.customerId,
        marketId: shop.market.id,
        currencyCode: shop.currency.code,
        languageId: shop.language.id,
        customerType: input.customerType ?? 'PERSON',
        email: input.email ?? '',
        phone: billing.mobile || billing.phone,
        identityNumber: input.identityNumber ?? '',
        billingAddress: { ...billing },
        shippingAddress: { ...shippingAddress },
        message: input.message ?? '',
        desiredDeliveryDate: input.desiredDeliveryDate ? new Date(input.desiredDeliveryDate) : null,
        customerOrderNumber: input.customerOrderNumber || null,
        goodsLabel: input.goodsLabel || null,
        promoCode: totals.promoCode,
        campaignNames,
        shippingId: method.id,
        shippingName: method.name,
        ...(await deliveryColumns(tx, view, input)),
        paymentId: payment.id,
        paymentName: payment.displayName,
        paymentType: payment.paymentType,
        // The order's money: one mapping from the cart totals (orders/order-totals.ts).
        ...storedOrderAmounts(totals),
        vats: totals.vats,
      },
      view.lines.map((line) => ({
        skuId: line.skuId,
        productId: line.productId,
        articleNumber: line.articleNumber,
        skuArticleNumber: line.skuArticleNumber,
        name: line.product?.name ?? line.productName,
        skuName: line.skuName,
        quantity: line.quantity,
        regularUnitPriceIncVat: line.regularUnitPriceIncVat,
        unitPriceIncVat: line.unitPriceIncVat,
        vatRateBasisPoints: line.vatRateBasisPoints,
        totalIncVat: line.totals.finalIncVat,
        totalExVat: line.totals.finalExVat,
        discountIncVat: line.unitPriceIncVat * line.quantity - line.totals.finalIncVat,
        discountExVat:
          exVat(line.unitPriceIncVat * line.quantity, line.vatRateBasisPoints) -
          line.totals.finalExVat,
        campaignNames: line.cartCampaigns.map((c) => c.name),
        pickupStoreId: line.pickupStore?.id ?? null,
      })),
      options.leasing ? 'awaiting_approval' : 'received',
    );
    await options.leasing?.record(tx, order, view);
    // Exactly the gift-card part the cart showed, or GIFT_CARD_BALANCE_CHANGED (issue 13 §5).
    await drawCartGiftCard(tx, record, totals, order.id);
    const toPay = totals.totalExBalanceIncVat;
    await providerFor(payment).recordPayment(
      tx,
      order.id,
      toPay,
      options.paymentReference ?? `FAKTURA-${order.id}`,
    );
    if (options.sessionId) await linkSessionToOrder(tx, options.sessionId, order.id);
    await markCartCompleted(tx, record.id, options.customerId);
    return order;
  });
}
