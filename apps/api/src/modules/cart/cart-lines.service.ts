/**
 * Cart lines (SPEC §3 Cart item; §5 quantity within stock; GEINS-API §3.2 addToCart,
 * updateCartItem, §4.5): adding and changing lines, stock-checked. Lines copy name, article
 * numbers and unit price when added (ARCHITECTURE convention 4); reads re-price them
 * (cart-view.ts). Nothing a client sends is trusted but SKU ids, quantities and a store alias.
 *
 * Click and collect (issue 40 §6): a line added with a pickup store is reserved from that
 * store's shelf, its quantity limited by the store's stock instead of the web stock; a cart's
 * reserved lines all name one store (the order is collected there).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError, badUserInput } from '../../errors.ts';
import { products, skus } from '../catalog/catalog.tables.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import {
  findStoreByAlias,
  sellableUnits,
  stockBySkuIds,
  type StoreRecord,
} from '../inventory/inventory.service.ts';
import { unitsOnShelf } from '../inventory/store-stock.service.ts';
import { listShippingMethods } from '../shipping/shipping.service.ts';
import { pricesByProductIds } from '../pricing/pricing.service.ts';
import { findCart } from './cart.service.ts';
import { stores } from '../inventory/inventory.tables.ts';
import { cartItems, carts } from './cart.tables.ts';
import { loadCartView, type CartRecord, type CartView, type LoadCartOptions } from './cart-view.ts';

/** Most units of one SKU in a cart (the line's CHECK constraint). */
export const MAX_LINE_QUANTITY = 999;
/** The item input of addToCart / updateCartItem (GEINS-API §4.5 CartItemInputType). */
export interface CartItemInput {
  skuId?: number | null;
  /** Existing line id (updateCartItem). */
  id?: string | number | null;
  quantity: number;
  /**
   * Shop extension (issue 40 §6): the alias of the store to reserve the units in and collect
   * them at (e.g. `malmo`); absent or null for the web stock. Only addToCart (and updateCartItem
   * adding a new line) reads it: an existing line keeps its store.
   */
  pickupStore?: string | null;
}

/** BAD_USER_INPUT: a line's quantity outside `min`–{@link MAX_LINE_QUANTITY}. */
function quantityRangeError(min: number): ShopError {
  const range = { argument: 'quantity', min, max: MAX_LINE_QUANTITY };
  return new ShopError(
    'BAD_USER_INPUT',
    `quantity must be an integer from ${min} to ${MAX_LINE_QUANTITY}`,
    range,
  );
}

function checkQuantity(quantity: number, min: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < min || quantity > MAX_LINE_QUANTITY) {
    throw quantityRangeError(min);
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

/**
 * A store's shelf lacks the units asked for (click and collect, issue 40 §6): OUT_OF_STOCK with
 * `extensions.reason` `storeStock`, the store (`storeAlias`, `storeName`), `stock` (units on the
 * shelf) and `quantityInCart`. English message; the storefront writes Swedish from the details.
 */
function outOfStoreStock(
  skuId: number,
  store: StoreRecord,
  onShelf: number,
  inCart: number,
): ShopError {
  const message =
    onShelf <= 0
      ? `${store.name} has none of this item`
      : `Only ${onShelf} left in ${store.name}${inCart > 0 ? `, and the cart already holds ${inCart}` : ''}`;
  return new ShopError('OUT_OF_STOCK', message, {
    reason: 'storeStock',
    skuId,
    storeAlias: store.alias,
    storeName: store.name,
    stock: onShelf,
    quantityInCart: inCart,
  });
}

/**
 * The store a line is to be reserved in (issue 40 §6), checked: it exists and the market offers
 * store pickup; the cart's other reserved lines name the same store.
 * @throws ShopError BAD_USER_INPUT (argument pickupStore: unknown store, or no store pickup in
 *   the market), PICKUP_STORE_CONFLICT (reason otherStore)
 */
async function pickupStoreFor(
  db: Database,
  cartId: string,
  alias: string,
  shop: PricedShopContext,
): Promise<StoreRecord> {
  const store = await findStoreByAlias(db, alias.trim().toLowerCase());
  if (!store) throw badUserInput('No store has that alias', 'pickupStore');
  const methods = await listShippingMethods(db, shop.market.id);
  if (!methods.some((m) => m.kind === 'pickup')) {
    throw badUserInput('Store pickup is not offered in this market', 'pickupStore');
  }
  const [other] = await db
    .select({ storeId: cartItems.pickupStoreId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), isNotNull(cartItems.pickupStoreId)))
    .limit(1);
  if (other && other.storeId !== store.id) {
    const held = (await db.select().from(stores).where(eq(stores.id, other.storeId!)))[0];
    throw new ShopError(
      'PICKUP_STORE_CONFLICT',
      `The cart already holds items reserved in ${held?.name ?? 'another store'}; an order is collected in one store`,
      { reason: 'otherStore', storeAlias: held?.alias ?? null, storeName: held?.name ?? null },
    );
  }
  return store;
}

/** PICKUP_STORE_CONFLICT `sameSku`: the SKU's line is of the other stock (store vs web). */
function sameSkuConflict(skuId: number, reserved: boolean): ShopError {
  return new ShopError(
    'PICKUP_STORE_CONFLICT',
    reserved
      ? 'The item is already in the cart, reserved in a store'
      : 'The item is already in the cart for delivery',
    { reason: 'sameSku', skuId },
  );
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
 * `addToCart`: adds `quantity` units of the SKU to its line (GEINS-API §4.5); with
 * `item.pickupStore` to a line reserved in that store, limited by the store's shelf (issue 40
 * §6).
 * @returns the cart, or null when the cart is unknown or completed (the client then starts a
 *   new cart and retries).
 * @throws ShopError BAD_USER_INPUT (quantity not 1–999; pickupStore unknown or no pickup in the
 *   market), NOT_FOUND (SKU), OUT_OF_STOCK (reason storeStock for a store's shelf),
 *   PICKUP_STORE_CONFLICT.
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
  const store = item.pickupStore
    ? await pickupStoreFor(db, record.id, item.pickupStore, shop)
    : null;
  const sku = await sellableSku(db, item.skuId, shop, now);
  const [existing] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, record.id), eq(cartItems.skuId, item.skuId)));
  const inCart = existing?.quantity ?? 0;
  if (existing && (existing.pickupStoreId ?? null) !== (store?.id ?? null)) {
    throw sameSkuConflict(item.skuId, existing.pickupStoreId !== null);
  }
  if (store) {
    const onShelf = await unitsOnShelf(db, store.id, item.skuId);
    if (inCart + item.quantity > onShelf) throw outOfStoreStock(item.skuId, store, onShelf, inCart);
  } else if (inCart + item.quantity > sku.sellable) {
    throw outOfStock(item.skuId, sku.sellable, inCart, shop.language.id);
  }
  if (inCart + item.quantity > MAX_LINE_QUANTITY) checkQuantity(inCart + item.quantity, 1);
  const written = await db
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
      pickupStoreId: store?.id ?? null,
    })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.skuId],
      set: { quantity: sql`${cartItems.quantity} + ${item.quantity}` },
      // A concurrent add may have grown the line since it was read (issue 41 §7): the sum is
      // checked in the statement, so the line never passes MAX_LINE_QUANTITY.
      setWhere: sql`${cartItems.quantity} + ${item.quantity} <= ${MAX_LINE_QUANTITY}`,
    })
    .returning({ id: cartItems.id });
  if (written.length === 0) throw quantityRangeError(1);
  await touch(db, record.id);
  return loadCartView(db, record, shop, now, view);
}

/**
 * `updateCartItem`: sets the quantity of the line for the SKU or line id; 0 removes it
 * (GEINS-API §4.5). A line reserved in a store keeps its store and is limited by its shelf
 * (issue 40 §6); a SKU not in the cart is added as by {@link addToCart} (with its pickupStore).
 * @returns the cart, or null when the cart is unknown or completed.
 * @throws ShopError BAD_USER_INPUT (quantity not 0–999, no skuId or id), NOT_FOUND, OUT_OF_STOCK,
 *   PICKUP_STORE_CONFLICT.
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
  } else if (existing && existing.pickupStoreId !== null) {
    const onShelf = await unitsOnShelf(db, existing.pickupStoreId, existing.skuId);
    if (item.quantity > existing.quantity && item.quantity > onShelf) {
      const [store] = await db.select().from(stores).where(eq(stores.id, existing.pickupStoreId));
      throw outOfStoreStock(existing.skuId, store!, onShelf, existing.quantity);
    }
    await db
      .update(cartItems)
      .set({ quantity: item.quantity })
      .where(eq(cartItems.id, existing.id));
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
    const { skuId, quantity, pickupStore } = item;
    return addToCart(db, cartId, { skuId, quantity, pickupStore }, shop, now, view);
  }
  await touch(db, record.id);
  return loadCartView(db, record, shop, now, view);
}
