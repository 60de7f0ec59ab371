/**
 * Carts (SPEC §3 Cart, Cart item, Cart summary; §4 cart states; §5 quantity within stock;
 * GEINS-API §3.2 addToCart, updateCartItem, setCartPromoCode, completeCart, clearCart, cloneCart
 * and §4.5 semantics). Lines copy name, article numbers and unit price when added (ARCHITECTURE
 * convention 4); every read re-prices them from the catalogue, and the amounts come from the
 * pure {@link computeCartTotals}. Nothing a client sends is trusted but SKU ids and quantities.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError, badUserInput } from '../../errors.ts';
import { products, skus } from '../catalog/catalog.tables.ts';
import { categoryIdsByProductIds, type ProductRecord } from '../catalog/catalog.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { giftCardBalance } from '../giftcards/giftcards.service.ts';
import { sellableUnits, stockBySkuIds } from '../inventory/inventory.service.ts';
import { minorToDecimal } from '../pricing/money.ts';
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
import { cartItems, carts, type StoredCheckout } from './cart.tables.ts';
import {
  computeCartTotals,
  type CartTotals,
  type LineTotals,
  type TotalsCartCampaign,
} from './totals.ts';

/** A cart row. */
export type CartRecord = typeof carts.$inferSelect;

/** Most units of one SKU in a cart (the line's CHECK constraint). */
export const MAX_LINE_QUANTITY = 999;

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
  /** Units that can be sold now (Infinity for static stock). */
  sellable: number;
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
  /** Every method offered in the market, with its fee there. */
  shippingMethods: ShippingMethodRecord[];
  /** The market's free-shipping threshold (minor units incl. VAT), null when it has none. */
  freeShippingThresholdIncVat: number | null;
  /**
   * True when the shipping fee is the external one set with setCartShippingFee (the cart was
   * read with `allowExternalShippingFee`, in the currency the fee was set in, and the fee is not
   * lower than the method's own).
   */
  externalShippingFee: boolean;
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
}

/** Stored checkout fields the cart needs for pricing. */
function checkoutNumber(checkout: StoredCheckout | null, key: string): number | null {
  const value = checkout?.[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** Reads a cart row, optionally locking it (FOR UPDATE) inside a transaction. */
export async function findCart(
  db: Database,
  id: string | null | undefined,
  lock = false,
): Promise<CartRecord | null> {
  const cartId = (id ?? '').trim();
  if (!/^[0-9a-f-]{36}$/i.test(cartId)) return null;
  const query = db.select().from(carts).where(eq(carts.id, cartId.toLowerCase())).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Creates an empty cart in the market, owned by `customerId` when a logged-in customer asks
 * (issue 13 §14). One statement.
 */
export async function createCart(
  db: Database,
  marketId: string,
  customerId: number | null = null,
): Promise<CartRecord> {
  const [row] = await db
    .insert(carts)
    .values({ id: randomUUID(), marketId, customerId })
    .returning();
  return row!;
}

/**
 * Cart ownership (issue 13 §14). Cart ids are bearer secrets (the Geins contract: the
 * `ralph-cart` cookie, random UUIDs); an anonymous cart belongs to whoever holds its id. The first
 * request of a logged-in customer that uses an anonymous cart (getCart, addToCart,
 * updateCartItem, createOrUpdateCheckout, setCartShippingFee) makes it theirs: `customer_id` is
 * written, atomically (only while it is still null, so a claimed cart is never taken over). From
 * then on cloneCart and the checkout's personal data need that customer's Bearer token.
 * @returns the cart row after the claim (unchanged when it was owned already), or null for an
 *   unknown id
 */
export async function claimCart(
  db: Database,
  record: CartRecord | null,
  customerId: number | null,
): Promise<CartRecord | null> {
  if (!record || customerId === null || record.customerId !== null) return record;
  const [claimed] = await db
    .update(carts)
    .set({ customerId })
    .where(and(eq(carts.id, record.id), isNull(carts.customerId)))
    .returning();
  return claimed ?? (await findCart(db, record.id));
}

/** {@link claimCart} by id: reads the cart first; nothing happens for guests. */
export async function claimCartById(
  db: Database,
  cartId: string,
  customerId: number | null,
): Promise<void> {
  if (customerId === null) return;
  await claimCart(db, await findCart(db, cartId), customerId);
}

/**
 * `getCart`: the cart with that id, or a new one when the id is empty, unknown or (without
 * `includeCompleted`) completed (GEINS-API §0.5, §3.1). `beforeCreate` runs before a cart is
 * created and may throw to refuse it (the per-request limit, issue 13 §18).
 */
export async function getOrCreateCart(
  db: Database,
  id: string | null | undefined,
  shop: PricedShopContext,
  now: Date,
  options: {
    includeCompleted?: boolean;
    allowExternalShippingFee?: boolean;
    beforeCreate?: () => void;
    /** The logged-in caller: a new cart is theirs, an anonymous one becomes theirs. */
    customerId?: number | null;
  } = {},
): Promise<CartView> {
  const customerId = options.customerId ?? null;
  let record = await claimCart(db, await findCart(db, id), customerId);
  if (!record || (record.status === 'completed' && !options.includeCompleted)) {
    options.beforeCreate?.();
    record = await createCart(db, shop.market.id, customerId);
  }
  return loadCartView(db, record, shop, now, {
    allowExternalShippingFee: options.allowExternalShippingFee ?? false,
  });
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
    campaigns,
    methods,
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
  ];
  const productById = new Map(productRows.map((p) => [p.id, p]));

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
  const shipping =
    methods.find((m) => m.id === selectedShippingId) ??
    methods.find((m) => m.isDefault) ??
    methods[0] ??
    null;
  const promoUsable = promo && promoCodeProblem(promo, now) === null ? promo : null;
  // An external fee (setCartShippingFee) is reported by the client, so it may raise the fee of
  // the method but never lower it below the shop's own (issue 13 §3).
  const external =
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
      feeIncVat: external ? record.externalShippingFeeIncVat! : shipping.feeIncVat,
      vatRateBasisPoints: shipping.vatRateBasisPoints,
      freeShippingEligible: shipping.freeShippingEligible,
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
      sellable: sellableUnits(stockLevels.get(f.row.skuId)),
      available: f.available,
      totals: totals.lines[i]!,
      cartCampaigns: totals.lines[i]!.campaignIds.map((id) => campaignById.get(id)!),
    })),
    totals,
    appliedCampaigns: totals.appliedCampaignIds.map((id) => campaignById.get(id)!),
    shipping,
    shippingMethods: methods,
    freeShippingThresholdIncVat: threshold,
    externalShippingFee: external,
    giftCardBalance: balance,
    shop,
  };
}

/** The item input of addToCart / updateCartItem (GEINS-API §4.5 CartItemInputType). */
export interface CartItemInput {
  skuId?: number | null;
  /** Existing line id (updateCartItem). */
  id?: string | number | null;
  quantity: number;
}

function checkQuantity(quantity: number, min: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < min || quantity > MAX_LINE_QUANTITY) {
    const range = { argument: 'quantity', min, max: MAX_LINE_QUANTITY };
    throw new ShopError(
      'BAD_USER_INPUT',
      `quantity must be an integer from ${min} to ${MAX_LINE_QUANTITY}`,
      range,
    );
  }
}

/**
 * The SKU with its product, current price and stock, for adding it.
 * @throws ShopError NOT_FOUND when the SKU is unknown, its product inactive or without a price
 *   in the market.
 */
async function sellableSku(db: Database, skuId: number, shop: PricedShopContext, now: Date) {
  const [row] = Number.isSafeInteger(skuId)
    ? await db
        .select({ sku: skus, product: products })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(eq(skus.id, skuId))
        .limit(1)
    : [];
  const price =
    row &&
    (await pricesByProductIds(db, shop.market.id, [row.product.id], now)).get(row.product.id);
  if (!row || !row.product.active || !price) {
    throw new ShopError('NOT_FOUND', 'The product is no longer sold', { argument: 'skuId', skuId });
  }
  const levels = (await stockBySkuIds(db, [skuId])).get(skuId);
  return { ...row, price, sellable: sellableUnits(levels) };
}

/**
 * SPEC §8 "only {stock} left" / "{quantity} already in cart" as a typed error. The message is
 * English (the storefront writes Swedish from `extensions.stock`/`quantityInCart`); its numbers are written in the request's culture (issue 4: "1 200" in sv-SE and
 * fi-FI, "1,200" in en-US).
 * @param inCart units of the SKU already in the cart
 * @param culture the request language, e.g. `fi-FI`
 */
function outOfStock(skuId: number, sellable: number, inCart: number, culture: string): ShopError {
  const count = (n: number) => new Intl.NumberFormat(culture).format(n);
  const message =
    sellable <= 0
      ? 'The item is out of stock'
      : inCart > 0
        ? `Only ${count(sellable)} left in stock, and the cart already holds ${count(inCart)}`
        : `Only ${count(sellable)} left in stock`;
  return new ShopError('OUT_OF_STOCK', message, {
    skuId,
    stock: Number.isFinite(sellable) ? sellable : null,
    quantityInCart: inCart,
  });
}

/** An open cart for a change, or null when it is unknown or completed. */
async function openCart(db: Database, cartId: string): Promise<CartRecord | null> {
  const record = await findCart(db, cartId);
  return record && record.status === 'open' ? record : null;
}

async function touch(db: Database, cartId: string): Promise<void> {
  await db
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * `addToCart`: adds `quantity` units of the SKU to its line (GEINS-API §4.5).
 * @returns the cart, or null when the cart is unknown or completed (the client then starts a
 *   new cart and retries).
 * @throws ShopError BAD_USER_INPUT (quantity not 1–999), NOT_FOUND (SKU), OUT_OF_STOCK.
 */
export async function addToCart(
  db: Database,
  cartId: string,
  item: CartItemInput,
  shop: PricedShopContext,
  now: Date,
  view: Pick<LoadCartOptions, 'allowExternalShippingFee'> = {},
): Promise<CartView | null> {
  checkQuantity(item.quantity, 1);
  if (item.skuId == null) throw badUserInput('skuId is required', 'skuId');
  const record = await openCart(db, cartId);
  if (!record) return null;
  const sku = await sellableSku(db, item.skuId, shop, now);
  const [existing] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, record.id), eq(cartItems.skuId, item.skuId)));
  const inCart = existing?.quantity ?? 0;
  if (inCart + item.quantity > sku.sellable)
    throw outOfStock(item.skuId, sku.sellable, inCart, shop.language.id);
  if (inCart + item.quantity > MAX_LINE_QUANTITY) checkQuantity(inCart + item.quantity, 1);
  await db
    .insert(cartItems)
    .values({
      cartId: record.id,
      skuId: item.skuId,
      productId: sku.product.id,
      quantity: item.quantity,
      productName: sku.product.name,
      articleNumber: sku.product.articleNumber,
      skuName: sku.sku.name,
      skuArticleNumber: sku.sku.articleNumber,
      unitPriceIncVat: sku.price.campaign?.sellingPriceIncVat ?? sku.price.regularPriceIncVat,
      vatRateBasisPoints: sku.price.vatRateBasisPoints,
    })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.skuId],
      set: { quantity: sql`${cartItems.quantity} + ${item.quantity}` },
    });
  await touch(db, record.id);
  return loadCartView(db, record, shop, now, view);
}

/**
 * `updateCartItem`: sets the quantity of the line for the SKU or line id; 0 removes it
 * (GEINS-API §4.5).
 * @returns the cart, or null when the cart is unknown or completed.
 * @throws ShopError BAD_USER_INPUT (quantity not 0–999, no skuId or id), NOT_FOUND, OUT_OF_STOCK.
 */
export async function updateCartItem(
  db: Database,
  cartId: string,
  item: CartItemInput,
  shop: PricedShopContext,
  now: Date,
  view: Pick<LoadCartOptions, 'allowExternalShippingFee'> = {},
): Promise<CartView | null> {
  checkQuantity(item.quantity, 0);
  const record = await openCart(db, cartId);
  if (!record) return null;
  const lineId = item.id != null && /^\d+$/.test(String(item.id)) ? Number(item.id) : null;
  const [existing] =
    lineId !== null
      ? await db
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.cartId, record.id), eq(cartItems.id, lineId)))
      : item.skuId != null
        ? await db
            .select()
            .from(cartItems)
            .where(and(eq(cartItems.cartId, record.id), eq(cartItems.skuId, item.skuId)))
        : [];
  if (!existing && item.skuId == null) throw badUserInput('The cart has no such line', 'id');
  if (item.quantity === 0) {
    if (existing) await db.delete(cartItems).where(eq(cartItems.id, existing.id));
  } else if (existing) {
    const levels = (await stockBySkuIds(db, [existing.skuId])).get(existing.skuId);
    const sellable = sellableUnits(levels);
    if (item.quantity > existing.quantity && item.quantity > sellable) {
      throw outOfStock(existing.skuId, sellable, existing.quantity, shop.language.id);
    }
    await db
      .update(cartItems)
      .set({ quantity: item.quantity })
      .where(eq(cartItems.id, existing.id));
  } else {
    return addToCart(db, cartId, { skuId: item.skuId, quantity: item.quantity }, shop, now, view);
  }
  await touch(db, record.id);
  return loadCartView(db, record, shop, now, view);
}

/**
 * An open cart for a change that must not silently do nothing.
 * @throws ShopError NOT_FOUND (unknown cart), CART_COMPLETED.
 */
export async function requireOpenCart(db: Database, cartId: string): Promise<CartRecord> {
  const record = await findCart(db, cartId);
  if (!record) throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'id' });
  if (record.status !== 'open') {
    throw new ShopError('CART_COMPLETED', 'The cart is already completed', { argument: 'id' });
  }
  return record;
}

/**
 * `setCartPromoCode`: "" clears the code; otherwise the code must exist and be valid now, and
 * the cart must meet its requirements (GEINS-API §4.5).
 * @throws ShopError INVALID_PROMO_CODE "Koden är ej giltig" (SPEC §8), RequirementsNotMet,
 *   NOT_FOUND, CART_COMPLETED.
 */
export async function setCartPromoCode(
  db: Database,
  cartId: string,
  promoCode: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await requireOpenCart(db, cartId);
  if (promoCode.trim() === '') {
    await db
      .update(carts)
      .set({ promoCode: null, updatedAt: sql`now()` })
      .where(eq(carts.id, record.id));
    return loadCartView(db, { ...record, promoCode: null }, shop, now);
  }
  const code = await findPromoCode(db, promoCode, shop.currency.code);
  if (!code || promoCodeProblem(code, now) !== null) {
    throw new ShopError('INVALID_PROMO_CODE', 'The promo code is not valid', {
      argument: 'promoCode',
    });
  }
  const withCode = { ...record, promoCode: code.code };
  const view = await loadCartView(db, withCode, shop, now);
  if (!view.totals.promoRequirementsMet || view.lines.length === 0) {
    throw new ShopError(
      'RequirementsNotMet',
      `The cart does not meet the requirements of the code ${code.code}`,
      {
        argument: 'promoCode',
        minOrderIncVat: minorToDecimal(code.amounts?.minOrderIncVat ?? 0, shop.currency.code),
      },
    );
  }
  await db
    .update(carts)
    .set({ promoCode: code.code, updatedAt: sql`now()` })
    .where(eq(carts.id, record.id));
  return view;
}

/**
 * `clearCart`: removes every line and the promo code.
 * @throws ShopError NOT_FOUND, CART_COMPLETED.
 */
export async function clearCart(
  db: Database,
  cartId: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await requireOpenCart(db, cartId);
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, record.id));
    await tx
      .update(carts)
      .set({
        promoCode: null,
        giftCardCode: null,
        giftCardBalanceSeen: null,
        updatedAt: sql`now()`,
      })
      .where(eq(carts.id, record.id));
  });
  return loadCartView(
    db,
    { ...record, promoCode: null, giftCardCode: null, giftCardBalanceSeen: null },
    shop,
    now,
  );
}

/**
 * `cloneCart` (GEINS-API §3.2; used by @geins/oms `cart.copy`): a new open cart in the shop's
 * market with the items of the cart `cartId` (open or completed), re-priced at today's prices.
 * Each line is stock-checked: its quantity is capped at the units that can be sold now, and a
 * line whose product left the catalogue, has no price in the market or is sold out is left out.
 * The promo code is copied unless `resetPromotions` (and only while it is still valid); the
 * gift card and the checkout details are never copied. Written in one transaction.
 * @param viewerCustomerId the logged-in caller, or null for a guest: a cart owned by a customer
 *   can only be cloned by that customer.
 * @returns the new cart
 * @throws ShopError NOT_FOUND (unknown or malformed id, or another customer's cart; the same
 *   answer for both, so cart ids cannot be probed)
 */
export async function cloneCart(
  db: Database,
  cartId: string,
  resetPromotions: boolean,
  viewerCustomerId: number | null,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const source = await findCart(db, cartId);
  if (!source || (source.customerId !== null && source.customerId !== viewerCustomerId)) {
    throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'id' });
  }
  const priced = await loadCartView(db, source, shop, now);
  const lines = priced.lines.flatMap((line) => {
    const quantity = Math.min(line.quantity, line.sellable);
    return line.available && quantity > 0 ? [{ line, quantity }] : [];
  });
  const promo =
    !resetPromotions && source.promoCode
      ? await findPromoCode(db, source.promoCode, shop.currency.code)
      : null;
  const promoCode = promo && promoCodeProblem(promo, now) === null ? promo.code : null;
  const record = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(carts)
      .values({
        id: randomUUID(),
        marketId: shop.market.id,
        promoCode,
        customerId: source.customerId,
      })
      .returning();
    if (lines.length > 0) {
      await tx.insert(cartItems).values(
        lines.map(({ line, quantity }) => ({
          cartId: row!.id,
          skuId: line.skuId,
          productId: line.productId,
          quantity,
          productName: line.product?.name ?? line.productName,
          articleNumber: line.product?.articleNumber ?? line.articleNumber,
          skuName: line.skuName,
          skuArticleNumber: line.skuArticleNumber,
          unitPriceIncVat: line.unitPriceIncVat,
          vatRateBasisPoints: line.vatRateBasisPoints,
        })),
      );
    }
    return row!;
  });
  return loadCartView(db, record, shop, now);
}

/**
 * `completeCart`: makes the cart read-only (idempotent).
 * @throws ShopError NOT_FOUND for an unknown cart.
 */
export async function completeCart(
  db: Database,
  cartId: string,
  shop: PricedShopContext,
  now: Date,
): Promise<CartView> {
  const record = await findCart(db, cartId);
  if (!record) throw new ShopError('NOT_FOUND', 'Cart not found', { argument: 'id' });
  if (record.status === 'completed') return loadCartView(db, record, shop, now);
  const [updated] = await db
    .update(carts)
    .set({ status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(carts.id, record.id))
    .returning();
  return loadCartView(db, updated!, shop, now);
}

/** Stores the checkout input on an open cart (the checkout module validates it first). */
export async function saveCartCheckout(
  db: Database,
  cartId: string,
  checkout: StoredCheckout,
): Promise<void> {
  await db
    .update(carts)
    .set({ checkout, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Stores an external shipping fee on an open cart (setCartShippingFee; the checkout module
 * validates it first).
 * @param feeIncVat minor units incl. VAT of `currencyCode`
 */
export async function saveExternalShippingFee(
  db: Database,
  cartId: string,
  feeIncVat: number,
  currencyCode: string,
): Promise<CartRecord> {
  const [row] = await db
    .update(carts)
    .set({
      externalShippingFeeIncVat: feeIncVat,
      externalShippingFeeCurrency: currencyCode,
      updatedAt: sql`now()`,
    })
    .where(eq(carts.id, cartId))
    .returning();
  return row!;
}

/** Marks a cart completed inside the order transaction. */
export async function markCartCompleted(tx: Database, cartId: string): Promise<void> {
  await tx
    .update(carts)
    .set({ status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}
