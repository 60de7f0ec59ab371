/**
 * The `checkout:purchase` event (SPEC §4 tracking, §5): SHA-256 of the lowercased, trimmed
 * e-mail, first name, last name and zip; the order's figures from the one order-totals
 * definition (`@trampa/api/order-totals`, issue 14), so the event adds up like the confirmation
 * page and the e-mail: `itemsValue − discount + shipping + paymentFee = value`, and the items'
 * paid prices times their quantities sum to `itemsValue − discount`. Fixed-amount discounts are
 * already spread over the lines by the API (the order lines store what was paid). Server-side.
 */
import { createHash } from 'node:crypto';
import { minorToDecimal } from '@trampa/api/money';
import type { OrderTotals } from '@trampa/api/order-totals';
import { ga4Item } from '../tracking/data-layer';

/** SHA-256 hex of a value lowercased and trimmed. */
export function hashForTracking(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase(), 'utf8').digest('hex');
}

/** An order row as the confirm page has it. */
export interface PurchaseRow {
  sku: string;
  name: string;
  quantity: number;
  /** What the line cost after every discount incl. VAT, minor units (öre). */
  paidIncVat: number;
  /** The line's cart discounts incl. VAT (campaigns, promo codes), minor units. */
  discountIncVat: number;
  productId: number;
}

/**
 * The purchase event. Amounts are major units (kronor, euros) of the order's currency incl. VAT;
 * an item's `price` is what one unit was paid, its `discount` the cart discount per unit. The
 * same figures go in the GA4 `purchase` payload (`ecommerce`, features/tracking/data-layer.ts).
 */
export function purchaseEvent(order: {
  orderId: string;
  email: string;
  firstName: string;
  lastName: string;
  zip: string;
  currency: string;
  totals: OrderTotals;
  promoCode: string | null;
  rows: PurchaseRow[];
}) {
  const major = (minor: number) => minorToDecimal(minor, order.currency);
  const { incVat } = order.totals;
  const items = order.rows.map((row) => ({
    sku: row.sku,
    productId: row.productId,
    name: row.name,
    quantity: row.quantity,
    price: major(row.paidIncVat) / row.quantity,
    discount: major(row.discountIncVat) / row.quantity,
  }));
  return {
    event: 'checkout:purchase',
    ga4_event: 'purchase',
    orderId: order.orderId,
    currency: order.currency,
    value: major(incVat.total),
    itemsValue: major(incVat.items),
    discount: major(incVat.discount),
    shipping: major(incVat.shipping),
    paymentFee: major(incVat.paymentFee),
    tax: major(order.totals.vat),
    giftCard: major(order.totals.giftCard),
    promoCode: order.promoCode,
    user: {
      email: hashForTracking(order.email),
      firstName: hashForTracking(order.firstName),
      lastName: hashForTracking(order.lastName),
      zip: hashForTracking(order.zip),
    },
    items,
    ecommerce: {
      transaction_id: order.orderId,
      currency: order.currency,
      value: major(incVat.total),
      tax: major(order.totals.vat),
      shipping: major(incVat.shipping),
      ...(order.promoCode ? { coupon: order.promoCode } : {}),
      items: items.map((item) =>
        ga4Item({
          ...item,
          variant: item.sku,
          discountPercentage:
            item.discount > 0 ? (100 * item.discount) / (item.price + item.discount) : 0,
        }),
      ),
    },
  };
}
