/**
 * What the back office's catalogue keeps beside the shop's catalogue tables (issue 26
 * "Catalogue and stock"): product texts in the shop's other languages, and the aliases a
 * product, category or brand had before, so that an old URL answers 301 to the new one.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { languages } from '../channel/channel.tables.ts';
import { products } from './catalog.tables.ts';

/**
 * A product's name and texts in one language other than the channel's default (the default
 * language's texts are `products.name`, `text1`–`text3`). Columns as on `products`: text1 the
 * main description, text2 the short text, text3 the extra text.
 */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    name: text().notNull(),
    text1: text().notNull().default(''),
    text2: text().notNull().default(''),
    text3: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.productId, t.languageId] })],
);

/**
 * An alias an entity had before (issue 26: "an alias change keeps the old URL as a 301"):
 * `kind` is `product`, `category` or `brand`, `alias` the old alias (lower case), `entityId` the
 * entity that had it. Look-ups by alias fall back to this table, and the storefront redirects
 * to the entity's canonical URL. A row is dropped when an entity of the same kind takes the
 * alias again.
 */
export const aliasHistory = pgTable(
  'alias_history',
  {
    kind: text().notNull(),
    alias: text().notNull(),
    entityId: integer().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.alias] }), index().on(t.kind, t.entityId)],
);
