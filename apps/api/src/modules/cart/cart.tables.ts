/**
 * Carts and cart lines (SPEC §3 Cart, Cart item; GEINS-API §4.5). A line copies the product
 * name, article numbers and unit price when it is added (ARCHITECTURE convention 4); the cart is
 * re-priced from the catalogue on every read until an order is placed.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { products, skus } from '../catalog/catalog.tables.ts';
import { markets } from '../channel/channel.tables.ts';
import { stores } from '../inventory/inventory.tables.ts';
import type { StoredShippingChoice } from '../shipping/provider.ts';

/** The checkout details a shopper entered (createOrUpdateCheckout), validated by the checkout module. */
export type StoredCheckout = Record<string, unknown>;

/**
 * A cart. `id` is a random UUID (the `ralph-cart` cookie value); `status` is `open` until an
 * order is placed or `completeCart` is called, then `completed` (read-only).
 */
export const carts = pgTable(
  'carts',
  {
    id: text().primaryKey(),
    marketId: text()
      .notNull()
      .references(() => markets.id),
    status: text().notNull().default('open'),
    /** The promo code in upper case, or null. */
    promoCode: text(),
    /** The gift card code applied to the cart, or null. */
    giftCardCode: text(),
    /**
     * The card's balance (minor units) when the shopper applied it or was last told about a
     * change: what the cart showed. An order draws exactly min(this, total) or is refused
     * (issue 13 §5). Null without a card.
     */
    giftCardBalanceSeen: integer(),
    /** Logged-in customer owning the cart (issue 7), null for guests. */
    customerId: integer(),
    /** What the shopper entered in the checkout (CheckoutInputType, validated). */
    checkout: jsonb().$type<StoredCheckout>(),
    /**
     * Shipping fee reported by an external shipping widget (setCartShippingFee, GEINS-API §3.2),
     * minor units incl. VAT in `externalShippingFeeCurrency`; null when none was set. Used only
     * where the cart is read with allowExternalShippingFee and in the same currency.
     */
    externalShippingFeeIncVat: integer(),
    externalShippingFeeCurrency: text(),
    /**
     * The shipping provider's choice the cart is priced with (nShift's option, carrier, fee and
     * pickup point; ADR 020 §3–§4), written by the checkout from the provider's answer; null
     * with the shop's own options.
     */
    shippingChoice: jsonb().$type<StoredShippingChoice>(),
    /**
     * The merchant's own data on the cart (setCartMerchantData, GEINS-API §3.2): free text, often
     * JSON, at most 10 000 characters; null when none was set.
     */
    merchantData: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('carts_status_known', sql`${t.status} in ('open', 'completed')`),
    check(
      'carts_external_shipping_fee_range',
      sql`${t.externalShippingFeeIncVat} is null or ${t.externalShippingFeeIncVat} >= 0`,
    ),
  ],
);

/**
 * A cart line: one SKU with a quantity and the copies made when it was added. A line with a
 * `pickupStoreId` is reserved from that store's shelf (click and collect, issue 40 §6): its
 * quantity is limited by the store's stock, not the web stock, and the order is collected there.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: text()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    /** Copies made when added. */
    productName: text().notNull(),
    articleNumber: text().notNull(),
    skuName: text().notNull(),
    skuArticleNumber: text().notNull(),
    /** Selling unit price incl. VAT in minor units (öre) when the line was added. */
    unitPriceIncVat: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
    /**
     * The store whose shelf the units are reserved from (click and collect, issue 40 §6), or null
     * for the web shop's stock. All such lines of a cart name the same store.
     */
    pickupStoreId: integer().references(() => stores.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_cart_sku').on(t.cartId, t.skuId),
    index().on(t.cartId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 999`),
  ],
);
