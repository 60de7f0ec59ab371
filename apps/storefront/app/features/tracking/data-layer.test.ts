import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  discountBucket,
  flushImpressions,
  ga4Item,
  queueImpression,
  setTrackingCurrency,
  trackCart,
  trackCheckout,
  trackFavorite,
  trackPageImpression,
  trackProductClick,
  trackProductDetail,
} from './data-layer';

let layer: Array<Record<string, unknown>>;

beforeEach(() => {
  layer = [];
  vi.stubGlobal('window', {
    dataLayer: layer,
    location: { href: 'https://shop.test/c/cyklar?page=2' },
  });
  vi.stubGlobal('document', { title: 'Cyklar | Trampa' });
  setTrackingCurrency('SEK');
});

afterEach(() => {
  flushImpressions();
  vi.unstubAllGlobals();
});

/** The pushed events (without the `{ ecommerce: null }` resets). */
const events = () => layer.filter((entry) => 'event' in entry);

describe('discountBucket (SPEC §9)', () => {
  it.each([
    [0, '0-5'],
    [5, '0-5'],
    [5.4, '0-5'],
    [5.5, '6-10'],
    [10, '6-10'],
    [11, '11-15'],
    [16, '16-20'],
    [20, '16-20'],
    [21, '21-30'],
    [30, '21-30'],
    [31, '31-40'],
    [45, '41-50'],
    [51, '51-60'],
    [70, '61-70'],
    [80, '71-80'],
    [81, '81-100'],
    [100, '81-100'],
    [-3, '0-5'],
    [Number.NaN, '0-5'],
  ])('%s %% is %s', (percent, bucket) => {
    expect(discountBucket(percent)).toBe(bucket);
  });
});

describe('ga4Item', () => {
  it('maps a product to GA4 item fields with its discount bucket', () => {
    expect(
      ga4Item({
        productId: 12,
        name: 'Monark Albin',
        variant: 301,
        brand: 'Monark',
        category: 'Hybridcyklar',
        price: 4999,
        quantity: 2,
        discountPercentage: 23,
        index: 3,
        listName: 'Cyklar',
      }),
    ).toEqual({
      item_id: '12',
      item_name: 'Monark Albin',
      item_variant: '301',
      item_brand: 'Monark',
      item_category: 'Hybridcyklar',
      item_list_name: 'Cyklar',
      index: 3,
      price: 4999,
      quantity: 2,
      discount_bucket: '21-30',
    });
  });
});

describe('product impressions (SPEC §4, §9 batch of 4)', () => {
  it('pushes every fourth impression as one view_item_list and flushes the rest on demand', () => {
    for (let i = 0; i < 6; i++)
      queueImpression({ productId: i, name: `P${i}`, price: 100, index: i });
    expect(events()).toHaveLength(1);
    const [first] = events();
    expect(first).toMatchObject({ event: 'product:impression', ga4_event: 'view_item_list' });
    const items = (first!.ecommerce as { items: Array<{ item_id: string }> }).items;
    expect(items.map((item) => item.item_id)).toEqual(['0', '1', '2', '3']);

    flushImpressions();
    expect(events()).toHaveLength(2);
    const rest = (events()[1]!.ecommerce as { items: Array<{ item_id: string }> }).items;
    expect(rest.map((item) => item.item_id)).toEqual(['4', '5']);

    flushImpressions();
    expect(events()).toHaveLength(2);
  });
});

describe('events', () => {
  it('page:impression carries the path, URL and title', () => {
    trackPageImpression({ pathname: '/c/cyklar', search: '?page=2' });
    expect(events()).toEqual([
      {
        event: 'page:impression',
        ga4_event: 'page_view',
        page_path: '/c/cyklar?page=2',
        page_location: 'https://shop.test/c/cyklar?page=2',
        page_title: 'Cyklar | Trampa',
      },
    ]);
  });

  it('resets ecommerce before each ecommerce event and uses the market currency', () => {
    setTrackingCurrency('EUR');
    trackProductClick({ productId: 7, name: 'Hjälm', price: 49.9, listName: 'Hjälmar', index: 2 });
    expect(layer[0]).toEqual({ ecommerce: null });
    expect(layer[1]).toMatchObject({
      event: 'product:click',
      ga4_event: 'select_item',
      ecommerce: {
        currency: 'EUR',
        item_list_name: 'Hjälmar',
        items: [{ item_id: '7', index: 2 }],
      },
    });
  });

  it('product-detail:impression is view_item with the value of one unit', () => {
    trackProductDetail({ productId: 7, name: 'Hjälm', price: 499, discountPercentage: 12 });
    expect(events()[0]).toMatchObject({
      event: 'product-detail:impression',
      ga4_event: 'view_item',
      ecommerce: { currency: 'SEK', value: 499, items: [{ discount_bucket: '11-15' }] },
    });
  });

  it('cart add and remove carry the changed quantity and its value', () => {
    const item = { skuId: 31, productId: 7, name: 'Hjälm', quantity: 3, price: 199.9 };
    trackCart('add', item);
    trackCart('remove', { ...item, quantity: 1 });
    expect(events()).toMatchObject([
      {
        event: 'cart:add',
        ga4_event: 'add_to_cart',
        item,
        ecommerce: { value: 599.7, items: [{ item_id: '7', item_variant: '31', quantity: 3 }] },
      },
      {
        event: 'cart:remove',
        ga4_event: 'remove_from_cart',
        ecommerce: { value: 199.9, items: [{ quantity: 1 }] },
      },
    ]);
  });

  it('checkout:impression is begin_checkout with every line and the cart total', () => {
    trackCheckout(
      [
        { productId: 1, name: 'A', price: 100, quantity: 2 },
        { productId: 2, name: 'B', price: 50, quantity: 1 },
      ],
      250,
    );
    expect(events()[0]).toMatchObject({
      event: 'checkout:impression',
      ga4_event: 'begin_checkout',
      value: 250,
      ecommerce: { value: 250, items: [{ item_id: '1' }, { item_id: '2' }] },
    });
  });

  it('favorite:add is add_to_wishlist; favorite:remove has the product id only', () => {
    trackFavorite('add', 9, 'Cykel');
    trackFavorite('remove', 9, 'Cykel');
    expect(events()).toMatchObject([
      { event: 'favorite:add', ga4_event: 'add_to_wishlist', productId: 9 },
      { event: 'favorite:remove', productId: 9 },
    ]);
    expect(events()[1]).not.toHaveProperty('ecommerce');
  });
});
