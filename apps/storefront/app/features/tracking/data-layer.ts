/**
 * The shop's tracking events (SPEC §4 "Tracking events", §5 purchase, §9 discount buckets and
 * impression batch size), pushed to `window.dataLayer` for the tag manager. Every event carries
 * the SPEC name in `event` (`cart:add`, `product:impression`, ...) and the GA4 event it maps to
 * in `ga4_event`, with a GA4 `ecommerce` payload (`items[]` with `item_id`, `item_name`, `price`,
 * `quantity`, ...). Before each ecommerce event `{ ecommerce: null }` is pushed, as Google asks,
 * so one event's items do not leak into the next. Nothing is sent anywhere by this module: the
 * tag manager loads only after consent (features/consent).
 */

/** A product or cart line in an event. Amounts are major units (kronor) incl. VAT. */
export interface TrackedProduct {
  productId: number | string;
  name: string;
  /** The SKU (size) id or article number, when one is chosen. */
  variant?: string | number;
  brand?: string;
  category?: string;
  /** Price of one unit incl. VAT, major units. */
  price?: number;
  quantity?: number;
  /** The reduction in whole percent (0 = none), for the SPEC §9 bucket. */
  discountPercentage?: number;
  /** Discount per unit, major units. */
  discount?: number;
  /** Position in its list (0-based). */
  index?: number;
  /** The list the product was shown in (page path or list heading). */
  listName?: string;
}

/** Impressions pushed together (SPEC §9 "Impression batch size 4"). */
export const IMPRESSION_BATCH_SIZE = 4;

/** Upper bounds of the SPEC §9 discount-percentage buckets, with their labels. */
const DISCOUNT_BUCKETS: ReadonlyArray<[number, string]> = [
  [5, '0-5'],
  [10, '6-10'],
  [15, '11-15'],
  [20, '16-20'],
  [30, '21-30'],
  [40, '31-40'],
  [50, '41-50'],
  [60, '51-60'],
  [70, '61-70'],
  [80, '71-80'],
];

/** The SPEC §9 bucket of a discount percentage (rounded; below 0 counts as 0, above 80 '81-100'). */
export function discountBucket(percentage: number): string {
  const rounded = Math.round(Number.isFinite(percentage) ? percentage : 0);
  return DISCOUNT_BUCKETS.find(([max]) => rounded <= max)?.[1] ?? '81-100';
}

let currency = 'SEK';

/** Sets the currency (ISO 4217) of the browsing market for the events that follow. */
export function setTrackingCurrency(code: string): void {
  currency = code;
}

/** A product as a GA4 ecommerce item. */
export function ga4Item(product: TrackedProduct): Record<string, unknown> {
  const item: Record<string, unknown> = {
    item_id: String(product.productId),
    item_name: product.name,
  };
  if (product.variant !== undefined) item.item_variant = String(product.variant);
  if (product.brand) item.item_brand = product.brand;
  if (product.category) item.item_category = product.category;
  if (product.listName) item.item_list_name = product.listName;
  if (product.index !== undefined) item.index = product.index;
  if (product.price !== undefined) item.price = product.price;
  if (product.discount) item.discount = product.discount;
  item.quantity = product.quantity ?? 1;
  item.discount_bucket = discountBucket(product.discountPercentage ?? 0);
  return item;
}

/** Pushes one entry to `window.dataLayer` (created when missing). */
export function pushEvent(event: Record<string, unknown>): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer ??= [];
  w.dataLayer.push(event);
}

/** Pushes `{ ecommerce: null }`, then the event with its GA4 name and ecommerce payload. */
function pushEcommerce(
  event: string,
  ga4Event: string,
  ecommerce: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): void {
  pushEvent({ ecommerce: null });
  pushEvent({ event, ga4_event: ga4Event, ...extra, ecommerce: { currency, ...ecommerce } });
}

/** The value of lines: price × quantity summed, rounded to öre. */
function valueOf(products: readonly TrackedProduct[]): number {
  const sum = products.reduce((total, p) => total + (p.price ?? 0) * (p.quantity ?? 1), 0);
  return Math.round(sum * 100) / 100;
}

/** `page:impression` (GA4 `page_view`): the page's path, full URL and title. */
export function trackPageImpression(location: { pathname: string; search: string }): void {
  pushEvent({
    event: 'page:impression',
    ga4_event: 'page_view',
    page_path: location.pathname + location.search,
    page_location: window.location.href,
    page_title: document.title,
  });
}

let impressions: TrackedProduct[] = [];

/** Pushes `product:impression` (GA4 `view_item_list`) with up to {@link IMPRESSION_BATCH_SIZE} items. */
function pushImpressions(batch: TrackedProduct[]): void {
  pushEcommerce('product:impression', 'view_item_list', { items: batch.map(ga4Item) });
}

/** Queues a product seen in a list; every fourth one pushes the batch (SPEC §4, §9). */
export function queueImpression(product: TrackedProduct): void {
  impressions.push(product);
  if (impressions.length >= IMPRESSION_BATCH_SIZE) {
    pushImpressions(impressions.splice(0, IMPRESSION_BATCH_SIZE));
  }
}

/** Pushes the queued impressions (fewer than a batch), e.g. when the page is hidden or left. */
export function flushImpressions(): void {
  if (impressions.length === 0) return;
  const batch = impressions;
  impressions = [];
  pushImpressions(batch);
}

/** `product:click` (GA4 `select_item`): a product card was followed. */
export function trackProductClick(product: TrackedProduct): void {
  pushEcommerce('product:click', 'select_item', {
    item_list_name: product.listName,
    items: [ga4Item(product)],
  });
}

/** `product-detail:impression` (GA4 `view_item`): a product page was shown. */
export function trackProductDetail(product: TrackedProduct): void {
  pushEcommerce('product-detail:impression', 'view_item', {
    value: valueOf([product]),
    items: [ga4Item(product)],
  });
}

/**
 * `cart:add` / `cart:remove` (GA4 `add_to_cart` / `remove_from_cart`) for the quantity changed;
 * `item` keeps the shop's own fields (sku id, product id, name, quantity, price).
 */
export function trackCart(
  kind: 'add' | 'remove',
  item: { skuId: number; productId: number; name: string; quantity: number; price: number },
): void {
  const product: TrackedProduct = { ...item, variant: item.skuId };
  pushEcommerce(
    `cart:${kind}`,
    kind === 'add' ? 'add_to_cart' : 'remove_from_cart',
    { value: valueOf([product]), items: [ga4Item(product)] },
    { item },
  );
}

/** `checkout:impression` (GA4 `begin_checkout`): the checkout page with the cart's lines. */
export function trackCheckout(lines: readonly TrackedProduct[], value: number): void {
  pushEcommerce(
    'checkout:impression',
    'begin_checkout',
    { value, items: lines.map(ga4Item) },
    { value },
  );
}

/** `favorite:add` (GA4 `add_to_wishlist`) or `favorite:remove` with the product id (SPEC §4). */
export function trackFavorite(intent: 'add' | 'remove', productId: number, name: string): void {
  if (intent === 'remove') {
    pushEvent({ event: 'favorite:remove', productId });
    return;
  }
  pushEcommerce(
    'favorite:add',
    'add_to_wishlist',
    { items: [ga4Item({ productId, name })] },
    { productId },
  );
}
