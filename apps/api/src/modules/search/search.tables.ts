/**
 * Search (issue 5, GEINS-API §5.2 searchText): the full-text document of each product and the
 * search terms shoppers used (popular searches).
 *
 * `product_search.document` is kept up to date by triggers of the migration
 * `0003_search` (on products, product_categories, brands and categories): name with weight A,
 * brand name B, the names of the product's categories and their ancestors C, the short and main
 * texts D, all with the `swedish` text-search configuration, every lexeme then folded with
 * `unaccent` (`search_fold`, migration 0017: 'hjälm' is stored 'hjalm'). The trigram indexes (pg_trgm) on
 * product and brand names give typo tolerance.
 */
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from '../catalog/catalog.tables.ts';

/** PostgreSQL `tsvector` (read as its text form; never selected by the shop). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** The weighted full-text document of a product (maintained by triggers, see above). */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    document: tsvector().notNull(),
  },
  (t) => [index('product_search_document_idx').using('gin', t.document)],
);

/**
 * Search terms with how often they were searched (popular searches, issue 5). `term` is the
 * normalised text (trimmed, single spaces, lower case, at most 100 characters).
 */
export const searchQueries = pgTable(
  'search_queries',
  {
    term: text().primaryKey(),
    count: integer().notNull().default(0),
    /** Hits of the last search of the term (0: not shown as popular). */
    hits: integer().notNull().default(0),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_queries_count_idx').on(t.count)],
);
