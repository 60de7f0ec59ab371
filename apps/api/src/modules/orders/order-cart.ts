/**
 * An order's lines as a cart (GEINS-API §4.6 OrderType.cart: "CartType (the order lines)"):
 * Geins clients read what was bought from `OrderType.cart.items` and the amounts from
 * `cart.summary`. The view is built from the copies the order made at purchase (ARCHITECTURE
 * convention 4), never re-priced: unit prices and line totals are what the customer paid.
 * Amounts are integer minor units of the order's currency.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CartLineView, CartRecord, CartView } from '../cart/cart-view.ts';
import type { CartTotals, LineTotals } from '../cart/totals.ts';
import { products } from '../catalog/catalog.tables.ts';
import type { ProductRecord } from '../catalog/catalog.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { exVatAtRatio, storedPrice } from '../pricing/price.ts';
import { orderTotals } from './order-totals.ts';
import type { OrderLineRecord, OrderView } from './orders.service.ts';

/**
 * Cart line ids of order lines: negative, so they never equal a live cart line's id (positive,
 * from a sequence) and stay unique per order and line (Apollo caches CartItemType by id,
 * GEINS-API §0 item 6).
 */
export function orderCartItemId(orderId: number, lineNo: number): number {
  return -(orderId * 10_000 + lineNo);
}

/**
 * The product of an order line: the catalogue's product when it still has the copied article
 * number (shown with the name it was bought under), else a stand-in made of the copies
 * (inactive, no category or brand), so the line always names what was bought.
 */
export function orderLineProduct(
  line: OrderLineRecord,
  current: ProductRecord | undefined,
  placedAt: Date,
): ProductRecord {
  if (current && current.articleNumber === line.articleNumber) {
    return { ...current, name: line.name };
  }
  return {
    id: line.productId,
    articleNumber: line.articleNumber,
    alias: '',
    name: line.name,
    brandId: 0,
    primaryCategoryId: 0,
    text1: '',
    text2: '',
    text3: '',
    metaTitle: null,
    metaDescription: null,
    firstAvailableOn: null,
    weight: 0,
    salesCount: 0,
    active: false,
    leasable: false,
    createdAt: placedAt,
    variantGroupId: null,
  };
}

/** The catalogue rows of some products by id. One statement (none for no ids). */
export async function productsByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, ProductRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

function lineView(view: OrderView, line: OrderLineRecord, product: ProductRecord): CartLineView {
  const regularLineIncVat = line.regularUnitPriceIncVat * line.quantity;
  const regularLineExVat = exVatAtRatio(regularLineIncVat, line.totalExVat, line.totalIncVat);
  const unitExVat = exVatAtRatio(line.unitPriceIncVat, line.totalExVat, line.totalIncVat);
  const regularUnitExVat = exVatAtRatio(
    line.regularUnitPriceIncVat,
    line.totalExVat,
    line.totalIncVat,
  );
  const totals: LineTotals = {
    key: orderCartItemId(view.order.id, line.lineNo),
    quantity: line.quantity,
    unitPrice: storedPrice(
      line.regularUnitPriceIncVat,
      regularUnitExVat,
      line.unitPriceIncVat,
      unitExVat,
    ),
    // What the line cost after every discount (the order keeps no finer split).
    totalPrice: storedPrice(regularLineIncVat, regularLineExVat, line.totalIncVat, line.totalExVat),
    campaignDiscountIncVat: 0,
    promoDiscountIncVat: 0,
    fixedDiscountIncVat: 0,
    finalIncVat: line.totalIncVat,
    finalExVat: line.totalExVat,
    campaignIds: [],
  };
  return {
    id: orderCartItemId(view.order.id, line.lineNo),
    skuId: line.skuId,
    productId: line.productId,
    quantity: line.quantity,
    product,
    productName: line.name,
    articleNumber: line.articleNumber,
    skuName: line.skuName,
    skuArticleNumber: line.skuArticleNumber,
    regularUnitPriceIncVat: line.regularUnitPriceIncVat,
    unitPriceIncVat: line.unitPriceIncVat,
    vatRateBasisPoints: line.vatRateBasisPoints,
    priceCampaign: null,
    brandId: product.brandId || null,
    categoryIds: [],
    sellable: 0,
    // The order's pickup store is on the order (pickupPoint), not on its cart's lines.
    pickupStore: null,
    available: false,
    totals,
    cartCampaigns: [],
  };
}

/**
 * The order as a completed cart (`CartType`): one item per order line with the prices paid, and
 * a summary of the order's amounts: subTotal = the items (regular vs. paid), total = the order
 * value with shipping and fees, VAT per rate, gift-card part as the balance. No shipping option
 * (the order's shipping is in `OrderType.shippingFee` and `shippingDetails`).
 * @param catalogue current catalogue rows of the order's products ({@link productsByIds})
 * @param shop the order's market with the order's currency
 */
export function orderCartView(
  view: OrderView,
  catalogue: ReadonlyMap<number, ProductRecord>,
  shop: PricedShopContext,
): CartView {
  const { order } = view;
  const lines = view.lines.map((line) =>
    lineView(view, line, orderLineProduct(line, catalogue.get(line.productId), order.createdAt)),
  );
  // The summary's figures are the order's customer figures (issue 14, order-totals.ts): the
  // items at regular prices, the discount, shipping and total add up on the account pages too.
  const figures = orderTotals(order);
  const fromBalanceExVat = exVatAtRatio(
    order.fromBalance,
    order.orderValueExVat,
    order.orderValueIncVat,
  );
  const totals: CartTotals = {
    lines: lines.map((l) => l.totals),
    subTotal: storedPrice(
      figures.incVat.items,
      figures.exVat.items,
      order.itemValueIncVat,
      order.itemValueExVat,
    ),
    fixedAmountDiscountIncVat: 0,
    fixedAmountDiscountExVat: 0,
    itemsIncVat: order.itemValueIncVat,
    itemsExVat: order.itemValueExVat,
    shippingFeeIncVat: order.shippingFeeIncVat,
    shippingFeeExVat: order.shippingFeeExVat,
    freeShipping: order.shippingFeeIncVat === 0,
    amountLeftToFreeShipping: 0,
    amountLeftToFreeShippingExVat: 0,
    paymentFeeIncVat: order.paymentFeeIncVat,
    paymentFeeExVat: order.paymentFeeExVat,
    total: storedPrice(
      figures.incVat.total + figures.incVat.discount,
      figures.exVat.total + figures.exVat.discount,
      figures.incVat.total,
      figures.exVat.total,
    ),
    vats: order.vats.map((v) => ({ rateBasisPoints: v.rateBasisPoints, amount: v.amount })),
    appliedCampaignIds: [],
    promoCode: order.promoCode,
    promoRequirementsMet: true,
    // A placed order keeps its amounts, not why the code left lines out.
    promoExcludedLineKeys: [],
    balancePending: figures.giftCard,
    totalExBalanceIncVat: figures.toPay,
    totalExBalanceExVat: order.orderValueExVat - fromBalanceExVat,
  };
  const record: CartRecord = {
    id: order.cartId,
    marketId: order.marketId,
    status: 'completed',
    promoCode: order.promoCode,
    giftCardCode: null,
    giftCardBalanceSeen: null,
    customerId: order.customerId,
    checkout: null,
    externalShippingFeeIncVat: null,
    externalShippingFeeCurrency: null,
    shippingChoice: null,
    merchantData: null,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    completedAt: order.createdAt,
  };
  // A variable, not a literal: fields the cart module adds later default to "none" here.
  const cart = {
    record,
    lines,
    totals,
    appliedCampaigns: [],
    shipping: null,
    shippingMethods: [],
    pickupStore: null,
    freeShippingThresholdIncVat: null,
    externalShippingFee: false,
    shippingChoice: null,
    giftCardBalance: order.fromBalance,
    shop,
  };
  return cart;
}
