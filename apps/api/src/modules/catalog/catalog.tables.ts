/**
 * Catalogue: categories, brands, products, SKUs, images, parameters and relations
 * (SPEC §3 Product, GEINS-API §4.2). Ids are the Geins integer ids (productId, skuId, ...).
 */
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Category tree (`CategoryType`). `parentId` null means a root category (API: 0). */
export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey(),
    parentId: integer(),
    alias: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    secondaryDescription: text().notNull().default(''),
    sortOrder: integer().notNull().default(0),
    isHidden: boolean().notNull().default(false),
    metaTitle: text(),
    metaDescription: text(),
  },
  (t) => [index().on(t.parentId)],
);

/** Brands (`BrandType`, `BrandListType`). */
export const brands = pgTable('brands', {
  id: integer().primaryKey(),
  alias: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  secondaryDescription: text().notNull().default(''),
});

/**
 * Products (`ProductType`). Texts: text1 main description, text2 short text, text3 extra.
 * `weight` in grams. `salesCount` feeds the MOST_SOLD sort. `variantGroupId`: the
 * {@link variantGroups} row of a product sold in several variants (one model in several
 * colours), null for a product on its own.
 */
export const products = pgTable(
  'products',
  {
    id: integer().primaryKey(),
    articleNumber: text().notNull().unique(),
    alias: text().notNull().unique(),
    name: text().notNull(),
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    primaryCategoryId: integer()
      .notNull()
      .references(() => categories.id),
    text1: text().notNull().default(''),
    text2: text().notNull().default(''),
    text3: text().notNull().default(''),
    metaTitle: text(),
    metaDescription: text(),
    firstAvailableOn: date({ mode: 'string' }),
    weight: integer().notNull().default(0),
    salesCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** Can be leased as a förmånscykel (issue 21; our own flag, not Geins). */
    leasable: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    variantGroupId: integer().references((): AnyPgColumn => variantGroups.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index().on(t.brandId),
    index().on(t.variantGroupId),
    index().on(t.primaryCategoryId),
    // List pages walk these in sort order and stop after a page (LATEST, MOST_SOLD; issue 5).
    index('products_latest_idx').on(
      t.firstAvailableOn.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('products_brand_latest_idx').on(
      t.brandId,
      t.firstAvailableOn.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('products_most_sold_idx').on(t.salesCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Typo-tolerant search on names (pg_trgm, issue 5): `%`, `<%` and ILIKE use it.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Every category a product is in (primary included). */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index().on(t.categoryId)],
);

/** Product images (`ProductImageType`): a bare file name the client turns into a URL. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    sortOrder: integer().notNull().default(0),
    tags: text().array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fileName] })],
);

/** Parameter groups (`ParameterGroupType`). Group 1 holds the colour parameter. */
export const parameterGroups = pgTable('parameter_groups', {
  id: integer().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

/**
 * Parameters (`ParameterType`): `identifier` is stable across languages (e.g. `Color`),
 * `label` the Swedish display name (`Färg`). `show` puts it in the specification table,
 * `showFilter` makes it a list facet.
 */
export const parameters = pgTable('parameters', {
  id: integer().primaryKey(),
  groupId: integer()
    .notNull()
    .references(() => parameterGroups.id),
  identifier: text().notNull().unique(),
  label: text().notNull(),
  type: text().notNull().default('text'),
  sortOrder: integer().notNull().default(0),
  show: boolean().notNull().default(true),
  showFilter: boolean().notNull().default(false),
});

/**
 * Variant groups (`VariantGroupType`, GEINS-API §4.3): the products that are one model in
 * several values of a parameter, e.g. a bike in several colours (parameter `Color`, "Färg"),
 * each its own product with its own alias, images and SKUs (the sizes). A product belongs to a
 * group through `products.variant_group_id`. `parameterId` is the parameter whose value tells
 * the products apart (the product-level dimension, its label the dimension's name);
 * `mainProductId` the product that stands for the group (the one a list shows when
 * `collapseInLists`). No foreign key on `mainProductId` (products reference the group); a
 * main product that is gone or inactive is replaced by the group's first active product.
 */
export const variantGroups = pgTable('variant_groups', {
  id: integer().primaryKey(),
  name: text().notNull(),
  mainProductId: integer().notNull(),
  parameterId: integer()
    .notNull()
    .references(() => parameters.id),
  collapseInLists: boolean().notNull().default(false),
});

/** Distinct values of a parameter that can be filtered on (`parameterValueId`). */
export const parameterValues = pgTable(
  'parameter_values',
  {
    id: integer().primaryKey(),
    parameterId: integer()
      .notNull()
      .references(() => parameters.id),
    value: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.parameterId)],
);

/** A product's value of a parameter; `parameterValueId` is set for filterable values. */
export const productParameters = pgTable(
  'product_parameters',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parameterId: integer()
      .notNull()
      .references(() => parameters.id),
    parameterValueId: integer().references(() => parameterValues.id),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.parameterId] })],
);

/**
 * SKUs (`SkuType`): `name` is the size label shown in the size picker; `weight` in grams;
 * `lengthMm`, `widthMm`, `heightMm` the packed size in whole millimetres (issue 43, for a shipping
 * provider's price: a bike in its box about 1500 × 200 × 800). 0 means unknown, as for `weight`
 * (never null: sums and maximums need no null handling; shipping/parcel.ts skips unknowns).
 */
export const skus = pgTable(
  'skus',
  {
    id: integer().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    articleNumber: text().notNull().unique(),
    name: text().notNull(),
    gtin: text(),
    externalId: text(),
    weight: integer().notNull().default(0),
    lengthMm: integer().notNull().default(0),
    widthMm: integer().notNull().default(0),
    heightMm: integer().notNull().default(0),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId)],
);

/** Related products (`RelatedProductType`); relationType is ACCESSORIES, RELATED or SIMILAR. */
export const productRelations = pgTable(
  'product_relations',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relationType: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedProductId, t.relationType] })],
);

/**
 * One row (`id` 1) whose `version` goes up with every statement that writes the catalogue, its
 * prices or its campaigns (statement triggers of migration `0007_catalogue_version` on products,
 * product_categories, skus, product_parameters, parameters, parameter_values, brands,
 * categories, product_search, product_prices, price_campaigns, price_campaign_prices). Stock is
 * not counted. The product-list cache (list-cache.ts) drops what it computed for an older version.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
  /**
   * Goes up (with `version`) only with writes to what the facet postings are built from:
   * products, product_categories, skus, product_parameters, categories and product_search
   * (migration `0014`); price and campaign writes leave it, so they do not rebuild the postings.
   */
  structureVersion: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Precomputed facet rows of the unfiltered category pages (`/c/…` without facets, price range or
 * search), per catalogue version: the parts that depend on the catalogue only (Category, Brand,
 * Sku and Parameter counts and the number of products, type 'Count'), which are the same for
 * every market, campaign and day. Written by product-list.service.ts the first time a category
 * page is listed at a `catalogue_state.version` (rows of older versions are deleted then); read
 * instead of counting the category's products again. Not part of the catalogue version itself
 * (no trigger), and no foreign keys: rows of another version are never read.
 * Columns as the facet rows: `t` type, `k` key (brand id, category id, size name,
 * "parameterId_valueId", '' for Count), `n` products, `label`, `grp`, `o1`, `o2` ordering.
 */
export const categoryFacetCounts = pgTable(
  'category_facet_counts',
  {
    catalogueVersion: bigint({ mode: 'number' }).notNull(),
    categoryId: integer().notNull(),
    t: text().notNull(),
    k: text().notNull(),
    n: integer().notNull(),
    label: text(),
    grp: text(),
    o1: integer(),
    o2: integer(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.catalogueVersion, t.t, t.k] })],
);

/** PostgreSQL `bit varying`, read and written as its text form ('0101…'). */
const bitVarying = customType<{ data: string; driverData: string }>({
  dataType: () => 'bit varying',
});

/**
 * Facet postings (issue 5, "Speed"): per catalogue structure version
 * (`catalogue_state.structure_version`, stored in `catalogue_version`), one bitmap per facet key of the
 * active products, bit `product id` set when the product has the key. Keys: `all` (every active
 * product), `c<categoryId>` (in the category or one of its subcategories), `b<brandId>`,
 * `s<sku name>`, `p<parameterId>_<parameterValueId>`, and `w<field><lexeme>` (a lexeme of the
 * search document in field A name, B brand, C categories or D texts; inactive products too, as
 * the row search reads every document); `#` is the version's marker, an all-zero bitmap. Every
 * bitmap of a version has the same length (room for the highest product id, rounded up to whole
 * KiB; price postings too), so lists count facets with `bit_count(a & b)` instead of reading
 * product rows (facet-postings.ts). Built by facet-postings.ts after a catalogue write, from
 * every product or from the last built version and `facet_changes` (rows of older versions are
 * deleted then); no trigger and no foreign keys: rows of another version are never read.
 */
export const facetPostings = pgTable(
  'facet_postings',
  {
    catalogueVersion: bigint({ mode: 'number' }).notNull(),
    key: text().notNull(),
    bits: bitVarying().notNull(),
  },
  (t) => [primaryKey({ columns: [t.catalogueVersion, t.key] })],
);

/**
 * The products whose facet postings a structure version changed (issue 5, "Speed"): written by
 * the statement triggers of migration `0016` in the same statement that raises
 * `catalogue_state.structure_version` (writes to products, product_categories, skus,
 * product_parameters and product_search record the products of their rows, old and new;
 * categories and TRUNCATE record `-1`: everything). facet-postings.ts updates the postings of
 * the last built version with these products' keys instead of building all of them, and deletes
 * the rows up to the version it built.
 */
export const facetChanges = pgTable(
  'facet_changes',
  {
    structureVersion: bigint({ mode: 'number' }).notNull(),
    /** A product id, or -1: every product (a full build). */
    productId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.structureVersion, t.productId] })],
);

/**
 * Selling prices of a market's products at a price stamp (issue 5, "Speed"): the catalogue
 * version and `since`, the latest campaign start or end at or before the time they were computed
 * (selling prices only change with a catalogue write or at a campaign boundary; '-infinity'
 * before any). `selling` incl. VAT in minor units, as `sellingPriceSql`. Built with
 * {@link pricePostings} by facet-postings.ts; the index in price order gives a list's lowest and
 * highest price by walking it until a product of the list.
 */
export const sellingPrices = pgTable(
  'selling_prices',
  {
    marketId: text().notNull(),
    catalogueVersion: bigint({ mode: 'number' }).notNull(),
    since: timestamp({ withTimezone: true }).notNull(),
    productId: integer().notNull(),
    selling: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.marketId, t.catalogueVersion, t.since, t.productId] }),
    index('selling_prices_order_idx').on(
      t.marketId,
      t.catalogueVersion,
      t.since,
      t.selling,
      t.productId,
    ),
  ],
);

/**
 * Price facet postings of a market at a price stamp (see {@link sellingPrices}): bitmaps as
 * {@link facetPostings} (same length) for the Price buckets (`pr<i>`, PRICE_BUCKETS) and the
 * Discount buckets (`d<i>`, DISCOUNT_BUCKETS) of the products' selling prices, and the marker `#`.
 */
export const pricePostings = pgTable(
  'price_postings',
  {
    marketId: text().notNull(),
    catalogueVersion: bigint({ mode: 'number' }).notNull(),
    since: timestamp({ withTimezone: true }).notNull(),
    key: text().notNull(),
    bits: bitVarying().notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.catalogueVersion, t.since, t.key] })],
);
