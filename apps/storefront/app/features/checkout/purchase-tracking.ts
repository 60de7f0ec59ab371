/**
 * The `checkout:purchase` event (SPEC §4 tracking, §5): SHA-256 of the lowercased, trimmed
 * e-mail, first name, last name and zip, and fixed-amount discounts spread over the items in
 * proportion to their value (largest remainder, in öre, so the parts add up). Server-side.
 */
import { createHash } from 'node:crypto';

/** SHA-256 hex of a value lowercased and trimmed. */
export function hashForTracking(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase(), 'utf8').digest('hex');
}

/** Splits `amount` öre over weights in proportion; the parts add up exactly. */
export function spread(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / sum));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, r: (amount * w) % sum }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** An order row as the confirm page has it (kronor). */
export interface PurchaseRow {
  sku: string;
  name: string;
  quantity: number;
  /** Line total before the fixed discount is taken off, kronor incl. VAT. */
  priceIncVat: number;
  productId: number;
}

/**
 * The purchase event. `rows` carry line totals after campaigns; `fixedDiscount` (kronor) is
 * spread over them so each item's price is what was really paid.
 */
export function purchaseEvent(order: {
  orderId: string;
  email: string;
  firstName: string;
  lastName: string;
  zip: string;
  currency: string;
  totalIncVat: number;
  shippingIncVat: number;
  fixedDiscount: number;
  promoCode: string | null;
  rows: PurchaseRow[];
}) {
  const weights = order.rows.map((r) => Math.round(r.priceIncVat * 100));
  const shares = spread(Math.round(order.fixedDiscount * 100), weights);
  return {
    event: 'checkout:purchase',
    orderId: order.orderId,
    currency: order.currency,
    value: order.totalIncVat,
    shipping: order.shippingIncVat,
    promoCode: order.promoCode,
    user: {
      email: hashForTracking(order.email),
      firstName: hashForTracking(order.firstName),
      lastName: hashForTracking(order.lastName),
      zip: hashForTracking(order.zip),
    },
    items: order.rows.map((row, i) => ({
      sku: row.sku,
      productId: row.productId,
      name: row.name,
      quantity: row.quantity,
      price: (weights[i]! - shares[i]!) / 100 / row.quantity,
    })),
  };
}
