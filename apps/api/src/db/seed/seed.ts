/**
 * The deterministic seed catalogue: reference data, the Swedish market, categories, brands,
 * parameters, stores, campaigns and `products` generated products with SKUs, stock, prices,
 * images (drawn here and stored as the products' uploaded image files) and relations. Everything is written in one transaction with multi-row inserts,
 * product rows chunk by chunk (see {@link CatalogueGenerator}).
 */
import { eq, getTableColumns, isNull } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client.ts';
import * as schema from '../schema.ts';
import { BRANDS } from './brands.ts';
import { CATEGORIES } from './categories.ts';
import { PARAMETER_GROUPS, PARAMETERS, parameterValueRows } from './parameters.ts';
import { CAMPAIGNS } from './prices.ts';
import {
  CatalogueGenerator,
  emptyRows,
  FIRST_PRODUCT_ID,
  type ProductRows,
} from './product-generator.ts';
import {
  CHANNEL,
  CHANNEL_LANGUAGES,
  COUNTRIES,
  CURRENCIES,
  LANGUAGES,
  MARKET_LANGUAGES,
  MARKETS,
} from './reference-data.ts';
import { STORES } from './stores.ts';
import { seedMenus } from './menus.ts';
import { seedCheckoutData } from './checkout-data.ts';
import { seedContent } from './content.ts';
import { recordPriceChanges } from '../../modules/pricing/price-log.ts';
import { parseProductImageFileName } from './images/product-kinds.ts';
import { renderSeedImages } from './images/render.ts';
import { storeImages } from '../../modules/media/media.service.ts';

/** Options of {@link seedCatalogue}. */
export interface SeedOptions {
  /** Number of products, a positive integer. Default 640. */
  products?: number;
  /** Seed of the pseudo-random generator. Default 20261121. */
  seed?: number;
  /** The moment dates are relative to (campaign periods, first available, incoming). Default now. */
  now?: Date;
}

/** What {@link seedCatalogue} wrote, in rows. */
export interface SeedSummary {
  products: number;
  skus: number;
  brands: number;
  categories: number;
  campaigns: number;
  stores: number;
}

/** Default number of products. */
export const DEFAULT_PRODUCT_COUNT = 640;
/** Default PRNG seed. */
export const DEFAULT_SEED = 20261121;

/** Products generated and inserted per round. */
const PRODUCTS_PER_CHUNK = 500;
/** Bound parameters per INSERT statement (PostgreSQL allows 65 535). */
const MAX_PARAMETERS = 30_000;
const DAY_MS = 86_400_000;
/** Days before `now` the seed's price history starts (the regular prices were set then). */
export const PRICE_HISTORY_DAYS = 90;

/**
 * The seed's price history (issue 25, 7 a §): the prices recorded as the shop would have, at the
 * start of the history, at every campaign start and end since, and at `now`; so a product on a
 * campaign today has its earlier, higher price in the log. Deterministic for a given `now`.
 */
async function recordPriceHistory(db: Database, now: Date): Promise<void> {
  const start = now.getTime() - PRICE_HISTORY_DAYS * DAY_MS;
  const boundaries = CAMPAIGNS.flatMap((c) => [c.startsInDays, c.endsInDays])
    .map((days) => now.getTime() + days * DAY_MS)
    .filter((at) => at > start && at <= now.getTime());
  const moments = [...new Set([start, ...boundaries, now.getTime()])].sort((a, b) => a - b);
  for (const at of moments) await recordPriceChanges(db, new Date(at));
}

/** Inserts rows in multi-row statements of at most ~1000 rows / {@link MAX_PARAMETERS}. */
async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: Array<PgInsertValue<T>>,
): Promise<void> {
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / columns)));
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size));
  }
}

async function insertProductRows(db: Database, rows: ProductRows): Promise<void> {
  await insertRows(db, schema.variantGroups, rows.variantGroups);
  await insertRows(db, schema.products, rows.products);
  await insertRows(db, schema.productCategories, rows.productCategories);
  await insertRows(db, schema.productImages, rows.productImages);
  await storeImages(db, renderSeedImages(rows.productImages.map((image) => image.fileName)));
  await insertRows(db, schema.productParameters, rows.productParameters);
  await insertRows(db, schema.skus, rows.skus);
  await insertRows(db, schema.stock, rows.stock);
  await insertRows(db, schema.storeStock, rows.storeStock);
  await insertRows(db, schema.productPrices, rows.productPrices);
  await insertRows(db, schema.priceCampaignPrices, rows.campaignPrices);
}

/** True when the database has no channel yet, i.e. nothing has been seeded. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.channels.id }).from(schema.channels).limit(1);
  return rows.length === 0;
}

/**
 * Fills an empty, migrated database with the seed catalogue in one transaction.
 * @throws RangeError for a product count that is not a positive integer; Error when the
 *   catalogue is not empty (nothing is written then).
 */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const productCount = options.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isSafeInteger(productCount) || productCount < 1) {
    throw new RangeError(`products must be a positive integer, got ${productCount}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const now = options.now ?? new Date();

  return db.transaction(async (tx) => {
    if (!(await isCatalogueEmpty(tx))) {
      throw new Error('The catalogue is not empty: seedCatalogue() fills an empty database only');
    }
    await insertRows(tx, schema.languages, LANGUAGES);
    await insertRows(tx, schema.currencies, CURRENCIES);
    await insertRows(tx, schema.countries, COUNTRIES);
    await insertRows(tx, schema.channels, [CHANNEL]);
    await insertRows(tx, schema.channelLanguages, CHANNEL_LANGUAGES);
    await insertRows(tx, schema.markets, MARKETS);
    await insertRows(tx, schema.marketLanguages, MARKET_LANGUAGES);

    await insertRows(
      tx,
      schema.categories,
      CATEGORIES.map((c, index) => ({
        id: c.id,
        parentId: c.parentId,
        alias: c.alias,
        name: c.name,
        description: c.description,
        secondaryDescription: c.secondaryDescription,
        sortOrder: c.parentId === null ? c.id : index,
        isHidden: false,
        metaTitle: c.metaTitle,
        metaDescription: c.metaDescription,
      })),
    );
    await insertRows(
      tx,
      schema.brands,
      BRANDS.map(({ id, alias, name, description }) => ({ id, alias, name, description })),
    );
    await insertRows(tx, schema.parameterGroups, [...PARAMETER_GROUPS]);
    await insertRows(
      tx,
      schema.parameters,
      PARAMETERS.map((p) => ({
        id: p.id,
        groupId: p.groupId,
        identifier: p.identifier,
        label: p.label,
        type: 'text',
        sortOrder: p.id,
        show: true,
        showFilter: p.showFilter,
      })),
    );
    await insertRows(tx, schema.parameterValues, parameterValueRows());
    await insertRows(tx, schema.stores, STORES);
    await seedMenus(tx);
    await seedCheckoutData(tx, now);
    await insertRows(
      tx,
      schema.priceCampaigns,
      CAMPAIGNS.map((c) => ({
        id: c.id,
        alias: c.alias,
        name: c.name,
        startsAt: new Date(now.getTime() + c.startsInDays * DAY_MS),
        endsAt: new Date(now.getTime() + c.endsInDays * DAY_MS),
      })),
    );

    const generator = new CatalogueGenerator({ productCount, seed, now });
    const last = generator.lastProductId;
    for (let from = FIRST_PRODUCT_ID; from <= last; from += PRODUCTS_PER_CHUNK) {
      const to = Math.min(last, from + PRODUCTS_PER_CHUNK - 1);
      await insertProductRows(tx, generator.generate(from, to, emptyRows()));
    }
    for (let from = FIRST_PRODUCT_ID; from <= last; from += PRODUCTS_PER_CHUNK) {
      const to = Math.min(last, from + PRODUCTS_PER_CHUNK - 1);
      await insertRows(tx, schema.productRelations, generator.relations(from, to));
    }
    await recordPriceHistory(tx, now);
    await seedContent(tx);

    return {
      products: productCount,
      skus: generator.skuCount,
      brands: BRANDS.length,
      categories: CATEGORIES.length,
      campaigns: CAMPAIGNS.length,
      stores: STORES.length,
    };
  });
}

/** Images drawn and stored per round by {@link storeMissingSeedImages}. */
const IMAGES_PER_ROUND = 1000;

/**
 * Draws and stores the seed's image of every product image whose file is not stored, e.g. in a
 * catalogue seeded before image files were stored (migration 0023); names the seed does not
 * draw (a shop's own uploads) are left alone. `npm run db:seed -- --images`.
 * @returns how many image files were stored
 */
export async function storeMissingSeedImages(db: Database): Promise<number> {
  const rows = await db
    .selectDistinct({ fileName: schema.productImages.fileName })
    .from(schema.productImages)
    .leftJoin(schema.imageFiles, eq(schema.imageFiles.fileName, schema.productImages.fileName))
    .where(isNull(schema.imageFiles.fileName));
  const names = rows
    .map((row) => row.fileName)
    .filter((name) => parseProductImageFileName(name) !== null);
  for (let start = 0; start < names.length; start += IMAGES_PER_ROUND) {
    await storeImages(db, renderSeedImages(names.slice(start, start + IMAGES_PER_ROUND)));
  }
  return names.length;
}
