/**
 * The one definition of what an order's money shows to the customer (issue 14 "Money shown to the
 * customer must add up"): items before discounts, every discount, shipping, payment fee, total,
 * VAT, the gift-card part and what is left to pay, incl. and excl. VAT, made from the amounts the
 * order stored at purchase (orders.tables.ts, written from `computeCartTotals`). The order
 * confirmation page, the order e-mail, the account order pages (OrderType) and the purchase
 * dataLayer event all read these figures, so on every one of them
 * `items − discount + shipping + paymentFee = total` and `total − giftCard = toPay`.
 *
 * Stored `itemValue…` is the items *after* every discount (campaign price, cart campaigns, promo
 * codes) and `discount…` everything taken off the regular prices; the line totals are the paid
 * amounts. Showing the paid items and then subtracting the discount again (the defect of issue
 * 14) counts the discount twice; here items are `itemValue + discount`.
 *
 * Pure and free of database imports: the storefront imports it too (`@trampa/api/order-totals`).
 * Amounts are integer minor units (öre) of the order's currency.
 */

import type { CartTotals } from '../cart/totals.ts';

/** The amounts an order stores (orders.tables.ts), minor units. */
export interface StoredOrderAmounts {
  /** Items after every discount incl. VAT (not read: the items follow from the total). */
  itemValueIncVat?: number;
  itemValueExVat?: number;
  /** Everything taken off the items' regular prices incl. VAT (campaigns, promo codes). */
  discountIncVat: number;
  discountExVat: number;
  shippingFeeIncVat: number;
  shippingFeeExVat: number;
  paymentFeeIncVat: number;
  paymentFeeExVat: number;
  /** The order total incl. VAT (items after discounts + shipping + payment fee). */
  orderValueIncVat: number;
  orderValueExVat: number;
  /** Paid with gift cards incl. VAT. */
  fromBalance: number;
}

/** The rows of an order summary in one VAT mode, minor units. */
export interface OrderTotalsRows {
  /** The items at their regular prices (before any discount). */
  items: number;
  /** Every discount (price campaign, cart campaigns, promo codes); shown as a deduction. */
  discount: number;
  shipping: number;
  paymentFee: number;
  /** items − discount + shipping + paymentFee. */
  total: number;
}

/** An order's figures for the customer (see the module comment), minor units. */
export interface OrderTotals {
  incVat: OrderTotalsRows;
  exVat: OrderTotalsRows;
  /** VAT of the total (incVat.total − exVat.total). */
  vat: number;
  /** Paid with gift cards incl. VAT; shown as a deduction after the total. */
  giftCard: number;
  /** What is charged incl. VAT after the gift card: incVat.total − giftCard. */
  toPay: number;
}

/** Non-negative integer minor units of a stored amount (defensive against nulls). */
function minor(value: number | null | undefined): number {
  return Number.isFinite(value) ? Math.round(value as number) : 0;
}

/**
 * The customer's figures of an order: items before discounts (`itemValue + discount`, i.e.
 * `total − shipping − paymentFee + discount`), the
 * discount, shipping, payment fee and the stored total, in both VAT modes; VAT, gift card and
 * what is left to pay. The total is always the stored order value.
 */
export function orderTotals(order: StoredOrderAmounts): OrderTotals {
  // Items from the stored total (not the stored item value), so the rows always add up to the
  // total the customer is charged, even for an order written with a rounding drift.
  const side = (
    discount: number,
    shipping: number,
    paymentFee: number,
    total: number,
  ): OrderTotalsRows => ({
    items: total - shipping - paymentFee + discount,
    discount,
    shipping,
    paymentFee,
    total,
  });
  const incVat = side(
    minor(order.discountIncVat),
    minor(order.shippingFeeIncVat),
    minor(order.paymentFeeIncVat),
    minor(order.orderValueIncVat),
  );
  const exVat = side(
    minor(order.discountExVat),
    minor(order.shippingFeeExVat),
    minor(order.paymentFeeExVat),
    minor(order.orderValueExVat),
  );
  const giftCard = Math.min(Math.max(0, minor(order.fromBalance)), incVat.total);
  return {
    incVat,
    exVat,
    vat: incVat.total - exVat.total,
    giftCard,
    toPay: incVat.total - giftCard,
  };
}

/** The rows in the VAT mode of the customer: incl. VAT for persons, excl. VAT for companies. */
export function orderRows(totals: OrderTotals, includesVat: boolean): OrderTotalsRows {
  return includesVat ? totals.incVat : totals.exVat;
}

/**
 * `orderTotals` of an order whose amounts arrive as major units (the API's `Decimal` kronor, e.g.
 * `CheckoutOrderType`): converts with `toMinor` first.
 */
export function orderTotalsOfDecimals(
  order: { [K in keyof StoredOrderAmounts]: number | undefined },
  toMinor: (amount: number) => number,
): OrderTotals {
  const converted = Object.fromEntries(
    Object.entries(order).map(([key, value]) => [key, value == null ? 0 : toMinor(value)]),
  ) as unknown as StoredOrderAmounts;
  return orderTotals(converted);
}

/**
 * The amounts an order stores for cart totals (`computeCartTotals`), in minor units: the one
 * mapping the order writer (checkout/order-writer.ts) stores, so the order figures can also be
 * checked against the cart's without a database.
 */
export function storedOrderAmounts(totals: CartTotals): Required<StoredOrderAmounts> {
  return {
    itemValueIncVat: totals.itemsIncVat,
    itemValueExVat: totals.itemsExVat,
    discountIncVat: totals.subTotal.regularPriceIncVat - totals.itemsIncVat,
    discountExVat: totals.subTotal.regularPriceExVat - totals.itemsExVat,
    shippingFeeIncVat: totals.shippingFeeIncVat,
    shippingFeeExVat: totals.shippingFeeExVat,
    paymentFeeIncVat: totals.paymentFeeIncVat,
    paymentFeeExVat: totals.paymentFeeExVat,
    orderValueIncVat: totals.total.sellingPriceIncVat,
    orderValueExVat: totals.total.sellingPriceExVat,
    fromBalance: totals.balancePending,
  };
}
