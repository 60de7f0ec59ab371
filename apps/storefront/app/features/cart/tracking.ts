/**
 * Tracking events of the cart and checkout (SPEC §4 "cart add and remove, checkout:impression,
 * checkout:purchase"; §5 purchase hashes) pushed to `window.dataLayer`.
 */

/** An item in a tracking event. */
export interface TrackedItem {
  skuId: number;
  productId: number;
  name: string;
  quantity: number;
  /** Kronor incl. VAT per unit. */
  price: number;
}

/** Pushes one event to `window.dataLayer` (created when missing). */
export function pushEvent(event: Record<string, unknown>): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer ??= [];
  w.dataLayer.push(event);
}

/** `cart:add` or `cart:remove` with the item and quantity changed. */
export function pushCartEvent(kind: 'add' | 'remove', item: TrackedItem): void {
  pushEvent({ event: `cart:${kind}`, item });
}
