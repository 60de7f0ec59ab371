/**
 * Stock per SKU and stores with stock per SKU (SPEC §3 Stock, §4 stock statuses;
 * GEINS-API §4.2 StockType).
 */
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { skus } from '../catalog/catalog.tables.ts';

/**
 * Web-shop stock of one SKU, in units. `inStock` physically in the warehouse, `oversellable`
 * sellable from a supplier's stock, `static` always sellable, `incoming` the restock date.
 */
export const stock = pgTable(
  'stock',
  {
    skuId: integer()
      .primaryKey()
      .references(() => skus.id, { onDelete: 'cascade' }),
    inStock: integer().notNull().default(0),
    oversellable: integer().notNull().default(0),
    static: integer().notNull().default(0),
    incoming: date({ mode: 'string' }),
  },
  (t) => [
    check('stock_in_stock_non_negative', sql`${t.inStock} >= 0`),
    check('stock_oversellable_non_negative', sql`${t.oversellable} >= 0`),
    check('stock_static_non_negative', sql`${t.static} >= 0`),
  ],
);

/** Physical stores (for store stock and pickup). */
export const stores = pgTable('stores', {
  id: integer().primaryKey(),
  alias: text().notNull().unique(),
  name: text().notNull(),
  city: text().notNull(),
  address: text().notNull(),
  zip: text().notNull(),
  openingHours: text().notNull().default(''),
});

/** Units of a SKU on a store's shelves. */
export const storeStock = pgTable(
  'store_stock',
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.skuId] }),
    check('store_stock_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Why stock was adjusted in the back office (issue 26 "Stock per SKU and store"): a delivery
 * received, a stock count, shrinkage (lost, broken, stolen), a customer return, a correction.
 */
export const STOCK_REASONS = [
  'inleverans',
  'inventering',
  'svinn',
  'retur',
  'korrigering',
] as const;

/**
 * The history of stock adjustments (issue 26): one row per change of the web stock
 * (`store_id` null: `stock.in_stock`) or of a store's shelf (`store_stock.quantity`), written in
 * the transaction of the change. `quantity_before`/`quantity_after` in units; `change` is their
 * difference. The staff user is copied (id and e-mail as they were), as in the audit log.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    /** The store whose shelf changed, or null for the web shop's stock. */
    storeId: integer().references(() => stores.id),
    /** One of {@link STOCK_REASONS}. */
    reason: text().notNull(),
    quantityBefore: integer().notNull(),
    quantityAfter: integer().notNull(),
    change: integer().notNull(),
    note: text().notNull().default(''),
    staffUserId: integer(),
    staffEmail: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_adjustments_sku_at').on(t.skuId, t.at),
    check(
      'stock_adjustments_reason',
      sql`${t.reason} in ('inleverans', 'inventering', 'svinn', 'retur', 'korrigering')`,
    ),
    check('stock_adjustments_after_non_negative', sql`${t.quantityAfter} >= 0`),
  ],
);
