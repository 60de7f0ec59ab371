import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../catalog/catalog.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { orderCartItemId, orderCartView, orderLineProduct } from './order-cart.ts';
import type { OrderLineRecord, OrderRecord } from './orders.service.ts';

const placedAt = new Date('2026-11-20T10:00:00Z');

function line(overrides: Partial<OrderLineRecord> = {}): OrderLineRecord {
  return {
    orderId: 100001,
    lineNo: 1,
    skuId: 11,
    productId: 7,
    articleNumber: 'HJ-7',
    skuArticleNumber: 'HJ-7-M',
    name: 'Hjälm Vind',
    skuName: 'M',
    brandName: 'Abus',
    quantity: 2,
    regularUnitPriceIncVat: 100_000,
    unitPriceIncVat: 80_000,
    vatRateBasisPoints: 2500,
    totalIncVat: 150_000,
    totalExVat: 120_000,
    discountIncVat: 10_000,
    discountExVat: 8_000,
    campaignNames: [],
    pickupStoreId: null,
    ...overrides,
  };
}

const product = (overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id: 7,
  articleNumber: 'HJ-7',
  alias: 'hjalm-vind',
  name: 'Hjälm Vind 2027',
  brandId: 3,
  primaryCategoryId: 5,
  text1: '',
  text2: '',
  text3: '',
  metaTitle: null,
  metaDescription: null,
  firstAvailableOn: null,
  weight: 0,
  salesCount: 0,
  active: true,
  leasable: false,
  createdAt: placedAt,
  variantGroupId: null,
  ...overrides,
});

describe('an order line as a cart item', () => {
  it('shows the catalogue product under the name it was bought with', () => {
    expect(orderLineProduct(line(), product(), placedAt)).toMatchObject({
      id: 7,
      alias: 'hjalm-vind',
      brandId: 3,
      name: 'Hjälm Vind',
    });
  });

  it('uses a stand-in from the copies when the product is gone or the id now means another', () => {
    for (const current of [undefined, product({ articleNumber: 'OTHER-1' })]) {
      expect(orderLineProduct(line(), current, placedAt)).toMatchObject({
        id: 7,
        articleNumber: 'HJ-7',
        name: 'Hjälm Vind',
        alias: '',
        active: false,
      });
    }
  });

  it('has a negative id per order and line, never a live cart line id', () => {
    expect(orderCartItemId(100001, 1)).toBe(-1000010001);
    expect(orderCartItemId(100001, 2)).not.toBe(orderCartItemId(100002, 1));
  });
});

describe('an order as a completed cart', () => {
  const order = {
    id: 100001,
    cartId: 'c0ffee00-0000-4000-8000-000000000001',
    marketId: 'SE|SEK',
    currencyCode: 'SEK',
    promoCode: 'VÅR10',
    customerId: 9,
    createdAt: placedAt,
    updatedAt: placedAt,
    itemValueIncVat: 150_000,
    itemValueExVat: 120_000,
    discountIncVat: 50_000,
    discountExVat: 40_000,
    shippingFeeIncVat: 4_900,
    shippingFeeExVat: 3_920,
    paymentFeeIncVat: 0,
    paymentFeeExVat: 0,
    orderValueIncVat: 154_900,
    orderValueExVat: 123_920,
    fromBalance: 10_000,
    vats: [{ rateBasisPoints: 2500, amount: 30_980 }],
  } as OrderRecord;
  const shop = { currency: { code: 'SEK' } } as PricedShopContext;
  const cart = orderCartView({ order, lines: [line()] }, new Map(), shop);

  it('lists the lines with the prices paid', () => {
    expect(cart.record).toMatchObject({
      id: order.cartId,
      status: 'completed',
      promoCode: 'VÅR10',
    });
    expect(cart.lines).toHaveLength(1);
    const [item] = cart.lines;
    expect(item!.id).toBe(orderCartItemId(100001, 1));
    expect(item!.totals.unitPrice).toMatchObject({
      regularPriceIncVat: 100_000,
      sellingPriceIncVat: 80_000,
      isDiscounted: true,
    });
    expect(item!.totals.totalPrice).toMatchObject({
      regularPriceIncVat: 200_000,
      sellingPriceIncVat: 150_000,
      sellingPriceExVat: 120_000,
      discountIncVat: 50_000,
    });
  });

  it('sums up the order: items before and after discounts, total, VAT, gift card', () => {
    expect(cart.totals.subTotal).toMatchObject({
      regularPriceIncVat: 200_000,
      sellingPriceIncVat: 150_000,
    });
    // Items before discounts - discount + shipping = what was paid.
    expect(
      cart.totals.subTotal.regularPriceIncVat - order.discountIncVat + order.shippingFeeIncVat,
    ).toBe(cart.totals.total.sellingPriceIncVat);
    expect(cart.totals.total).toMatchObject({ sellingPriceIncVat: 154_900, vat: 30_980 });
    expect(cart.totals.vats).toEqual([{ rateBasisPoints: 2500, amount: 30_980 }]);
    expect(cart.totals.balancePending).toBe(10_000);
    expect(cart.totals.totalExBalanceIncVat).toBe(144_900);
    expect(cart.totals.shippingFeeIncVat).toBe(4_900);
  });
});
