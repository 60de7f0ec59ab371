/**
 * A cart priced from the database (SPEC §3 Cart, Cart item, Cart summary; GEINS-API §4.5): the
 * view every cart and checkout answer is built from. Lines are re-priced from the catalogue on
 * every read and the amounts come from the pure {@link computeCartTotals}.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.tables.ts';
import { categoryIdsByProductIds, type ProductRecord } from '../catalog/catalog.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { giftCardBalance } from '../giftcards/giftcards.service.ts';
import { sellableUnits, stockBySkuIds, type StoreRecord } from '../inventory/inventory.service.ts';
import { pickupStoreStock, storeSkuKey } from '../inventory/store-stock.service.ts';
import { pricesByProductIds, type AppliedCampaign } from '../pricing/pricing.service.ts';
import {
  activeCartCampaigns,
  findPromoCode,
  promoCodeProblem,
  toTotalsPromo,
} from '../promotions/promotions.service.ts';
import {
  freeShippingThreshold,
  listShippingMethods,
  type ShippingMethodRecord,
} from '../shipping/shipping.service.ts';
import type { carts } from './cart.tables.ts';
import { cartItems, type StoredCheckout } from './cart.tables.ts';
import type { StoredShippingChoice } from '../shipping/provider.ts';
import {
  computeCartTotals,
  type CartTotals,
  type LineTotals,
  type TotalsCartCampaign,
} from './totals.ts';

/** A cart row. */
export type CartRecord = typeof carts.$inferSelect;

/** A cart line, re-priced, with the facts the API shows. */
export interface CartLineView {
  /** Line id (`CartItemType.id`). */
  id: number;
  skuId: number;
  productId: number;
  quantity: number;
  /** The product as it is now (null when it was removed from the catalogue). */
  product: ProductRecord | null;
  /** Copies made when added. */
  productName: string;
  articleNumber: string;
  skuName: string;
  skuArticleNumber: string;
  /** Current prices (öre incl. VAT): regular, and selling after price campaigns. */
  regularUnitPriceIncVat: number;
  unitPriceIncVat: number;
  vatRateBasisPoints: number;
  /** The price campaign lowering the unit price, if any. */
  priceCampaign: AppliedCampaign | null;
  brandId: number | null;
  categoryIds: number[];
  /**
   * Units that can be sold now: of the web stock (Infinity for static stock), or for a line
   * reserved in a store the units on that store's shelf (issue 40 §6).
   */
  sellable: number;
  /**
   * The store the line is reserved in and collected at (click and collect, issue 40 §6), or
   * null for a line of the web stock.
   */
  pickupStore: StoreRecord | null;
  /** False when the product is inactive or has no price in the market any more. */
  available: boolean;
  totals: LineTotals;
  /** Cart campaigns that lowered this line. */
  cartCampaigns: TotalsCartCampaign[];
}

/** A cart with every amount computed: what `CartType` shows. */
export interface CartView {
  record: CartRecord;
  lines: CartLineView[];
  totals: CartTotals;
  /** Cart campaigns that gave a discount. */
  appliedCampaigns: TotalsCartCampaign[];
  /**
   * The selected shipping method, else the default one, as offered in the cart's (request's)
   * market; null when the market has none.
   */
  shipping: ShippingMethodRecord | null;
  /**
   * Every method offered in the market, with its fee there; for a cart with lines reserved in a
   * store ({@link CartView.pickupStore}) only store pickup (issue 40 §6).
   */
  shippingMethods: ShippingMethodRecord[];
  /**
   * The store the cart's reserved lines are collected at (click and collect, issue 40 §6): the
   * order can only be picked up there. Null when no line is reserved in a store.
   */
  pickupStore: StoreRecord | null;
  /** The market's free-shipping threshold (minor units incl. VAT), null when it has none. */
  freeShippingThresholdIncVat: number | null;
  /**
   * True when the shipping fee is the external one set with setCartShippingFee (the cart was
   * read with `allowExternalShippingFee`, in the currency the fee was set in, and the fee is not
   * lower than the method's own).
   */
  externalShippingFee: boolean;
  /**
   * The shipping provider's choice the cart is priced with (carts.shipping_choice; nShift, ADR
   * 020 §4): honoured where the cart is read with `allowExternalShippingFee`, in its currency,
   * when the market has a method of its kind (that method is `shipping`); null otherwise.
   */
  shippingChoice: StoredShippingChoice | null;
  /** Gift-card balance available (öre), 0 without a card. */
  giftCardBalance: number;
  shop: PricedShopContext;
}

/** Options of {@link loadCartView}. */
export interface LoadCartOptions {
  /** Shipping method id to price instead of the stored or default one. */
  shippingId?: number | null;
  /** Run the reads one after the other (inside a transaction). */
  sequential?: boolean;
  /**
   * Use the external shipping fee stored on the cart (setCartShippingFee) instead of the
   * method's fee, when it was set in the market's currency (GEINS-API §3.1 getCart
   * allowExternalShippingFee) and is not lower than the method's own fee (issue 13 §3: a fee
   * any client can set may raise the price, never lower it; a lower one is ignored). Free
   * shipping over the threshold still applies.
   */
  allowExternalShippingFee?: boolean;
  /** Price with the shop's own methods even when the cart holds a provider's choice. */
  ignoreShippingChoice?: boolean;
}

/** Stored checkout fields the cart needs for pricing. */
function checkoutNumber(checkout: StoredCheckout | null, key: string): number | null {
  const value = checkout?.[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/**
 * Prices a cart from the database: current prices and price campaigns of the market, active
 * cart campaigns, the promo code, shipping, gift card. A fixed number of statements.
 */
export async function loadCartView(
  db: Database,
  record: CartRecord,
  shop: PricedShopContext,
  now: Date,
  options: LoadCartOptions = {},
): Promise<CartView> {
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, record.id))
    .orderBy(asc(cartItems.id));
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const sequential = options.sequential ?? false;
  const reads = [
    async () =>
      productIds.length ? db.select().from(products).where(inArray(products.id, productIds)) : [],
    () => pricesByProductIds(db, shop.market.id, productIds, now, sequential),
    () => categoryIdsByProductIds(db, productIds),
    () =>
      stockBySkuIds(
        db,
        rows.map((r) => r.skuId),
      ),
    () =>
      pickupStoreStock(
        db,
        rows.flatMap((r) =>
          r.pickupStoreId === null ? [] : [{ storeId: r.pickupStoreId, skuId: r.skuId }],
        ),
      ),
    () => activeCartCampaigns(db, now),
    () => listShippingMethods(db, shop.market.id),
    () => freeShippingThreshold(db, shop.market.id),
    async () => (record.promoCode ? findPromoCode(db, record.promoCode, shop.currency.code) : null),
    async () =>
      record.giftCardCode ? giftCardBalance(db, record.giftCardCode, shop.currency.code, now) : 0,
  ] as const;
  // Inside a transaction the reads go one after the other on its one connection.
  const results: unknown[] = [];
  if (sequential) for (const read of reads) results.push(await read());
  else results.push(...(await Promise.all(reads.map((read) => read()))));
  const [
    productRows,
    prices,
    categoryIds,
    stockLevels,
    shelves,
    campaigns,
    marketMethods,
    threshold,
    promo,
    balance,
  ] = results as [
    Awaited<ReturnType<(typeof reads)[0]>>,
    Awaited<ReturnType<(typeof reads)[1]>>,
    Awaited<ReturnType<(typeof reads)[2]>>,
    Awaited<ReturnType<(typeof reads)[3]>>,
    Awaited<ReturnType<(typeof reads)[4]>>,
    Awaited<ReturnType<(typeof reads)[5]>>,
    Awaited<ReturnType<(typeof reads)[6]>>,
    Awaited<ReturnType<(typeof reads)[7]>>,
    Awaited<ReturnType<(typeof reads)[8]>>,
    Awaited<ReturnType<(typeof reads)[9]>>,
  ];
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const shelfOf = (row: (typeof rows)[number]) =>
    row.pickupStoreId === null
      ? null
      : (shelves.get(storeSkuKey(row.pickupStoreId, row.skuId)) ?? null);
  const pickupStore = rows.map(shelfOf).find((shelf) => shelf !== null)?.store ?? null;
  // A cart with lines reserved in a store is collected there: only store pickup (issue 40 §6).
  const methods = pickupStore ? marketMethods.filter((m) => m.kind === 'pickup') : marketMethods;

  const facts = rows.map((row) => {
    const product = productById.get(row.productId) ?? null;
    const price = prices.get(row.productId) ?? null;
    const available = Boolean(product?.active && price);
    const regular = price?.regularPriceIncVat ?? row.unitPriceIncVat;
    return {
      row,
      product,
      available,
      regular,
      selling: price ? (price.campaign?.sellingPriceIncVat ?? regular) : row.unitPriceIncVat,
      vat: price?.vatRateBasisPoints ?? row.vatRateBasisPoints,
      priceCampaign: price?.campaign ?? null,
      categoryIds: [
        ...new Set([
          ...(product ? [product.primaryCategoryId] : []),
          ...(categoryIds.get(row.productId) ?? []),
        ]),
      ],
    };
  });

  const selectedShippingId =
    options.shippingId !== undefined
      ? options.shippingId
      : checkoutNumber(record.checkout, 'shippingId');
  // The provider's choice (written by the checkout from the provider's answer, ADR 020 §4).
  const stored = record.shippingChoice;
  const choiceMethod =
    options.allowExternalShippingFee === true &&
    options.ignoreShippingChoice !== true &&
    stored &&
    stored.currency === shop.currency.code
      ? (methods.find((m) => m.kind === stored.kind) ?? null)
      : null;
  const shippingChoice = choiceMethod ? stored : null;
  const shipping =
    choiceMethod ??
    methods.find((m) => m.id === selectedShippingId) ??
    methods.find((m) => m.isDefault) ??
    methods[0] ??
    null;
  const promoUsable = promo && promoCodeProblem(promo, now) === null ? promo : null;
  // An external fee (setCartShippingFee) is reported by the client, so it may raise the fee of
  // the method but never lower it below the shop's own (issue 13 §3).
  const external =
    shippingChoice === null &&
    options.allowExternalShippingFee === true &&
    shipping !== null &&
    record.externalShippingFeeIncVat !== null &&
    record.externalShippingFeeCurrency === shop.currency.code &&
    record.externalShippingFeeIncVat >= shipping.feeIncVat;
  const totals = computeCartTotals({
    lines: facts.map((f) => ({
      key: f.row.id,
      quantity: f.row.quantity,
      regularUnitPriceIncVat: f.regular,
      unitPriceIncVat: f.selling,
      vatRateBasisPoints: f.vat,
      categoryIds: f.categoryIds,
      brandId: f.product?.brandId ?? null,
    })),
    campaigns,
    promo: promoUsable ? toTotalsPromo(promoUsable) : null,
    shipping: shipping && {
      feeIncVat: shippingChoice
        ? shippingChoice.providerFee
        : external
          ? record.externalShippingFeeIncVat!
          : shipping.feeIncVat,
      vatRateBasisPoints: shipping.vatRateBasisPoints,
      freeShippingEligible: shippingChoice
        ? shippingChoice.freeShippingEligible
        : shipping.freeShippingEligible,
    },
    freeShippingThresholdIncVat: threshold,
    giftCardBalance: balance,
  });
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
  return {
    record,
    lines: facts.map((f, i) => ({
      id: f.row.id,
      skuId: f.row.skuId,
      productId: f.row.productId,
      quantity: f.row.quantity,
      product: f.product,
      productName: f.row.productName,
      articleNumber: f.row.articleNumber,
      skuName: f.row.skuName,
      skuArticleNumber: f.row.skuArticleNumber,
      regularUnitPriceIncVat: f.regular,
      unitPriceIncVat: f.selling,
      vatRateBasisPoints: f.vat,
      priceCampaign: f.priceCampaign,
      brandId: f.product?.brandId ?? null,
      categoryIds: f.categoryIds,
      sellable:
        f.row.pickupStoreId === null
          ? sellableUnits(stockLevels.get(f.row.skuId))
          : (shelfOf(f.row)?.quantity ?? 0),
      pickupStore: shelfOf(f.row)?.store ?? null,
      available: f.available,
      totals: totals.lines[i]!,
      cartCampaigns: totals.lines[i]!.campaignIds.map((id) => campaignById.get(id)!),
    })),
    totals,
    appliedCampaigns: totals.appliedCampaignIds.map((id) => campaignById.get(id)!),
    shipping,
    shippingMethods: methods,
    pickupStore,
    freeShippingThresholdIncVat: threshold,
    externalShippingFee: external,
    shippingChoice,
    giftCardBalance: balance,
    shop,
  };
}
