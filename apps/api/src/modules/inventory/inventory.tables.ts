/**
 * Stock per SKU and stores with stock per SKU (SPEC §3 Stock, §4 stock statuses;
 * GEINS-API §4.2 StockType).
 */
import { date, integer, pgTable, primaryKey, text, check } from 'drizzle-orm/pg-core';
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
